import HitIndexFixtures
import HitIndexReference
import HitIndexSceneFormat
import Testing

@testable import HitIndex

/// The flattened scene's structure: the invariant checker passes on every generated scene and
/// fails on broken ones; paint order; the unreachable and indexed flags.
@Suite struct IndexStructureTests {
    static func positions(_ flat: FlatScene) -> [String: ViewIndex] {
        var out: [String: ViewIndex] = [:]
        for i in 0..<flat.count { out[flat.id(of: ViewIndex(i))] = ViewIndex(i) }
        return out
    }

    /// A copy of `flat` with some columns replaced (through the memberwise initializer, which
    /// `@testable import` exposes): the way to build a broken structure.
    static func rebuilt(
        _ flat: FlatScene, links: [NodeLinks]? = nil, extras: [NodeExtra]? = nil, childIndexes: ChildBVH? = nil
    ) -> FlatScene {
        FlatScene(
            geometry: flat.geometry, links: links ?? flat.links, extras: extras ?? flat.extras,
            predicates: flat.predicates, subviewReach: flat.subviewReach,
            childIndexes: childIndexes ?? flat.childIndexes, roots: flat.roots,
            maxDepth: flat.maxDepth, indexedDepth: flat.indexedDepth, idOffsets: flat.idOffsets, idBytes: flat.idBytes)
    }

    static let counts: [SceneShape: [Int]] = [
        .ui: [50, 400, 3_000], .grid: [1, 7, 9, 65, 513, 4_100], .deep: [2, 300, 5_000],
        .overlap: [3, 10, 70, 2_000], .random: [2, 9, 40, 150, 600],
    ]

    // MARK: - The checker passes on sound structures

    @Test(arguments: SceneShape.allCases)
    func noViolationsOnGeneratedShapes(shape: SceneShape) throws {
        var indexedContainers = 0
        for count in Self.counts[shape]! {
            for seed: UInt64 in 1...5 {
                let flat = try FlatScene(shape.generate(count: count, seed: seed))
                let problems = flat.invariantViolations()
                #expect(problems.isEmpty, "\(shape) \(count) seed \(seed): \(problems.prefix(5))")
                indexedContainers += flat.links.filter { $0.flags.contains(.indexed) }.count
            }
        }
        // The hierarchy checks ran: every shape but the chain has wide containers.
        if shape != .deep { #expect(indexedContainers > 0) }
    }

    @Test func noViolationsOnManySmallRandomScenes() throws {
        for seed: UInt64 in 1_000..<1_300 {
            var rng = SeededGenerator(seed: seed)
            let flat = try FlatScene(SceneShape.random.generate(count: rng.int(in: 1...60), seed: seed))
            let problems = flat.invariantViolations()
            #expect(problems.isEmpty, "random seed \(seed): \(problems.prefix(5))")
        }
    }

    @Test func noViolationsOnTheExamples() throws {
        for name in ["seed000.json", "seed000-widened.json", "seed003.json"] {
            let scene = try SceneReader.read(contentsOfFile: TestSupport.example(name))
            #expect(try FlatScene(scene).invariantViolations().isEmpty, "\(name)")
        }
    }

    // MARK: - The checker fails on broken structures

    /// A scene with one indexed container (`wide`, 12 subviews), a small container and leaves.
    static func sample() throws -> FlatScene {
        let w = Window(id: "W", frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let wide = View(id: "wide", frame: Rect(x: 0, y: 0, width: 200, height: 100))
        for k in 0..<12 {
            wide.addSubview(
                View(id: "c\(k)", frame: Rect(x: Double(k) * 15, y: Double(k % 3) * 20, width: 14, height: 30)))
        }
        let small = View(id: "small", frame: Rect(x: 0, y: 100, width: 200, height: 100))
        small.addSubview(View(id: "s0", frame: Rect(x: 0, y: 0, width: 10, height: 10)))
        small.addSubview(View(id: "s1", frame: Rect(x: 20, y: 0, width: 10, height: 10)))
        w.addSubview(wide)
        w.addSubview(small)
        return try FlatScene(Scene(windows: [w]))
    }

    @Test func checkerDetectsBrokenLinksAndFlags() throws {
        let flat = try Self.sample()
        #expect(flat.invariantViolations().isEmpty)  // the control
        let at = Self.positions(flat)
        let small = at["small"]!.position
        let s0 = at["s0"]!.position
        let s1 = at["s1"]!.position

        // A last child that is not after its parent.
        var links = flat.links
        links[small].lastChild = ViewIndex(small)
        var problems = Self.rebuilt(flat, links: links).invariantViolations()
        #expect(problems.contains { $0.description.contains("view \(small): last child") }, "\(problems)")

        // A previous sibling that is not before the view.
        links = flat.links
        links[s0].previousSibling = ViewIndex(s1)
        problems = Self.rebuilt(flat, links: links).invariantViolations()
        #expect(problems.contains { $0.description.contains("view \(s0): previous sibling") }, "\(problems)")

        // An ineligible view the search would still enter.
        links = flat.links
        links[s1].flags.remove(.eligible)
        problems = Self.rebuilt(flat, links: links).invariantViolations()
        #expect(problems.map(\.description) == ["view \(s1): ineligible but not marked unreachable"])

        // Indexed, but with no hierarchy (its side-table slot is the empty one).
        links = flat.links
        links[small].flags.insert(.indexed)
        #expect(links[small].extra == 0)
        problems = Self.rebuilt(flat, links: links).invariantViolations()
        #expect(problems.map(\.description) == ["view \(small): indexed without a hierarchy"])
    }

    @Test func checkerDetectsBrokenHierarchies() throws {
        let flat = try Self.sample()
        let at = Self.positions(flat)
        let wide = at["wide"]!.position
        #expect(flat.links[wide].flags.contains(.indexed))
        let root = UInt32(flat.extras[Int(flat.links[wide].extra)].bvh)
        let bvh = flat.childIndexes
        // 12 items in branching 8: two leaf blocks (8 and 4 lanes) under one root block, whose
        // lanes name them.
        let leaf = ChildBVH.leafTag
        #expect(bvh.blocks.count == 1 && bvh.leaves.count == 2 && root == 0)
        #expect(bvh.blocks[0].child[0] == leaf | 0 && bvh.blocks[0].child[1] == leaf | 1)
        #expect(try bvh.check(root: NodeIndex(rawValue: root)).get().count == 12)
        // Every subview of `wide` is a plain rectangle without subviews: all lanes are exact.
        #expect(try bvh.check(root: NodeIndex(rawValue: root)).get().allSatisfy(\.exact))

        /// Makes the root's lanes huge and recomputes their keys from the leaves they name, so
        /// that only the violation a mutation targets remains.
        func relax(_ b: inout ChildBVH) {
            for lane in 0..<2 {
                b.blocks[0].minX[lane] = -1e9
                b.blocks[0].minY[lane] = -1e9
                b.blocks[0].maxX[lane] = 1e9
                b.blocks[0].maxY[lane] = 1e9
                let keys = b.leaves[Int(b.blocks[0].child[lane] & ~leaf)].key
                b.blocks[0].key[lane] = (keys & SIMD8(repeating: ~ChildBVH.LeafBlock.exactBit)).max()
            }
        }
        func emptyLane(_ b: inout ChildBVH, _ block: Int, _ lane: Int) {
            b.leaves[block].key[lane] = 0
            b.leaves[block].minX[lane] = .infinity
            b.leaves[block].minY[lane] = .infinity
            b.leaves[block].maxX[lane] = -.infinity
            b.leaves[block].maxY[lane] = -.infinity
        }
        func violations(links: [NodeLinks]? = nil, _ mutate: (inout ChildBVH) -> Void) -> [String] {
            var broken = bvh
            mutate(&broken)
            return Self.rebuilt(flat, links: links, childIndexes: broken).invariantViolations().map(\.description)
        }
        func expectOne(_ problems: [String], _ fragment: String, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(
                problems.count == 1 && problems[0].hasPrefix("view \(wide): ") && problems[0].contains(fragment),
                "\(problems)", sourceLocation: sourceLocation)
        }

        // A root lane whose box no longer encloses its leaf.
        expectOne(violations { $0.blocks[0].maxX[0] = $0.blocks[0].minX[0] }, "box does not enclose its child")
        // A wrong key at a node lane.
        expectOne(violations { $0.blocks[0].key[1] += 1 }, "lane 1: key")
        // A key of 0 (the empty-lane marker) on a lane that still has an interval.
        expectOne(
            violations {
                $0.leaves[1].key[3] = 0
                relax(&$0)
            }, "key 0 with an interval")
        // A used lane after an empty one.
        expectOne(
            violations {
                emptyLane(&$0, 1, 0)
                relax(&$0)
            }, "lane 1 used after an empty one")
        // A leaf dropping an item: the hierarchy no longer holds every reachable subview.
        expectOne(
            violations {
                emptyLane(&$0, 1, 3)
                relax(&$0)
            }, "hierarchy holds 11 items, 12 reachable subviews")
        // The same subview twice.
        expectOne(
            violations {
                $0.leaves[1].key[0] = $0.leaves[0].key[0]
                relax(&$0)
            }, "a subview appears twice")
        // An item that names another view (not among the container's subviews), as an inexact lane.
        expectOne(
            violations {
                $0.leaves[0].key[0] = UInt32(wide)
                relax(&$0)
            }, "hierarchy holds 12 items, 12 reachable subviews")
        // An inner child that is not stored before its parent (here: the root is its own child).
        expectOne(violations { $0.blocks[0].child[0] = 0 }, "child 0 not stored before it")
        // A leaf reached twice: both root lanes name leaf 0.
        expectOne(
            violations {
                $0.blocks[0].child[1] = leaf | 0
                relax(&$0)
            }, "leaf 0 reached twice")
        // A leaf that does not exist.
        expectOne(violations { $0.blocks[0].child[1] = leaf | 7 }, "leaf 7 out of range")
        // Exact intervals: one ulp off at either bound, on either axis, is caught.
        let first = bvh.leaves[0].view(0)
        func nudged(_ field: WritableKeyPath<ChildBVH.LeafBlock, SIMD8<Double>>, up: Bool) -> [String] {
            violations {
                let v = $0.leaves[0][keyPath: field][0]
                $0.leaves[0][keyPath: field][0] = up ? v.nextUp : v.nextDown
                relax(&$0)
            }
        }
        expectOne(nudged(\.minX, up: true), "subview \(first): x low bound")
        expectOne(nudged(\.minX, up: false), "subview \(first): x low bound")
        expectOne(nudged(\.maxY, up: false), "subview \(first): y high bound")
        expectOne(nudged(\.maxY, up: true), "subview \(first): y high bound")
        expectOne(nudged(\.minY, up: true), "subview \(first): y low bound")
        expectOne(nudged(\.maxX, up: false), "subview \(first): x high bound")
        // An exact lane for a view that the interval cannot decide (a pass-through view).
        var links = flat.links
        links[first.position].flags.insert(.passThrough)
        expectOne(violations(links: links) { _ in }, "subview \(first) is marked exact but cannot be decided")
        // The control: relaxing alone breaks nothing.
        #expect(violations { relax(&$0) }.isEmpty)
    }

    /// `check(root:)` on hierarchies built by hand.
    @Test func checkOnHandBuiltHierarchies() throws {
        let leaf = ChildBVH.leafTag
        func leafBlock(_ boxes: [DBox], keys: [UInt32]) -> ChildBVH.LeafBlock {
            var b = ChildBVH.LeafBlock.empty
            for (i, box) in boxes.enumerated() {
                b.minX[i] = box.minX
                b.minY[i] = box.minY
                b.maxX[i] = box.maxX
                b.maxY[i] = box.maxY
                b.key[i] = keys[i]
            }
            return b
        }
        func block(_ boxes: [FBox], keys: [UInt32], children: [UInt32]) -> ChildBVH.Block {
            var b = ChildBVH.Block.empty
            for (i, box) in boxes.enumerated() {
                b.minX[i] = box.minX
                b.minY[i] = box.minY
                b.maxX[i] = box.maxX
                b.maxY[i] = box.maxY
                b.key[i] = keys[i]
                b.child[i] = children[i]
            }
            return b
        }
        var bvh = ChildBVH()
        bvh.leaves = [
            leafBlock(
                [DBox(minX: 0, minY: 0, maxX: 1, maxY: 1), DBox(minX: 2, minY: 0, maxX: 3, maxY: 1)], keys: [5, 9]),
            leafBlock([DBox(minX: 0, minY: 2, maxX: 1, maxY: 3)], keys: [7]),
        ]
        bvh.blocks = [
            block(
                [FBox(minX: 0, minY: 0, maxX: 3, maxY: 1), FBox(minX: 0, minY: 2, maxX: 1, maxY: 3)], keys: [9, 7],
                children: [leaf | 0, leaf | 1]),
            block([FBox(minX: 0, minY: 0, maxX: 3, maxY: 3)], keys: [9], children: [0]),
        ]
        let good = bvh.check(root: NodeIndex(rawValue: 1))
        #expect(Set(try good.get().map(\.view)) == [ViewIndex(5), ViewIndex(9), ViewIndex(7)])

        func failure(_ mutate: (inout ChildBVH) -> Void, root: UInt32 = 1) -> String? {
            var b = bvh
            mutate(&b)
            if case .failure(let v) = b.check(root: NodeIndex(rawValue: root)) { return v.description }
            return nil
        }
        #expect(failure({ _ in }) == nil)
        #expect(failure({ _ in }, root: 3) == "block 3 out of range")
        #expect(failure({ _ in }, root: leaf | 2) == "leaf 2 out of range")
        // A leaf alone is a valid root.
        #expect(failure({ _ in }, root: leaf | 1) == nil)
        #expect(failure { $0.blocks[0].key[1] = 6 } == "block 0 lane 1: key 6, largest below 7")
        #expect(failure { $0.blocks[0].maxX[0] = 2.5 } == "block 0 lane 0: box does not enclose its child")
        #expect(
            failure {
                $0.blocks[0].child[1] = leaf | 0
                $0.blocks[0].key[1] = 9
                $0.blocks[0].maxX[1] = 3
                $0.blocks[0].maxY[1] = 3
                $0.blocks[0].minY[1] = 0
            }
                == "leaf 0 reached twice")
        #expect(
            failure {
                $0.leaves[1].key[0] = 5
                $0.blocks[0].key[1] = 5
            } == "a subview appears twice")
        #expect(failure { $0.blocks[1].child[0] = 1 } == "block 1 lane 0: child 1 not stored before it")
        #expect(failure { $0.leaves[0].key[0] = 0 } == "leaf 0 lane 0: key 0 with an interval")
        #expect(
            failure {
                $0.blocks[0].key[0] = 0
                $0.blocks[1].key[0] = 7
            } == "block 0 lane 0: key 0 with a box")
        // The exact bit is not part of the key: a parent's key is the largest position below.
        #expect(failure { $0.leaves[0].key[1] |= ChildBVH.LeafBlock.exactBit } == nil)
        // The hierarchy `add` builds passes, for every size around the branching factor.
        for n in [1, 2, 7, 8, 9, 63, 64, 65, 520] {
            var built = ChildBVH()
            let keys = (0..<n).map { ViewIndex($0 * 3 + 1) }
            var boxes: [DBox] = []
            for i in 0..<n {
                let x = Double(i % 13)
                let y = Double(i / 13)
                boxes.append(DBox(minX: x, minY: y, maxX: x + 0.5, maxY: y + 2))
            }
            let root = built.add(keys: keys, intervals: boxes, exact: (0..<n).map { $0 % 2 == 0 })
            let reached = try built.check(root: root).get()
            #expect(reached.count == n && Set(reached.map(\.view)) == Set(keys), "n = \(n)")
            #expect(reached.allSatisfy { $0.exact == ($0.view.position % 2 == 1) }, "n = \(n)")
            let top: UInt32
            if root.rawValue & leaf != 0 {
                #expect(n <= ChildBVH.branching)
                top = (built.leaves[Int(root.rawValue & ~leaf)].key & SIMD8(repeating: ~ChildBVH.LeafBlock.exactBit))
                    .max()
            } else {
                top = built.blocks[root.position].key.max()
            }
            #expect(top == keys.last!.rawValue, "n = \(n)")
        }
    }

    // MARK: - Paint order

    /// Windows back to front (lower level first; within a level, the listed order), each in
    /// preorder. Listed: A (1000), B (0), C (0), D (-5). Paint order: D, B, C, A.
    @Test func paintOrderOnAHandBuiltScene() throws {
        func window(_ id: String, _ level: Double) -> Window {
            Window(id: id, frame: Rect(x: 0, y: 0, width: 10, height: 10), level: level)
        }
        let a = window("A", 1000)
        let b = window("B", 0)
        let c = window("C", 0)
        let d = window("D", -5)
        let b1 = View(id: "b1", frame: Rect(x: 0, y: 0, width: 5, height: 5))
        let b11 = View(id: "b11", frame: Rect(x: 0, y: 0, width: 2, height: 2))
        let b2 = View(id: "b2", frame: Rect(x: 5, y: 5, width: 5, height: 5))
        b1.addSubview(b11)
        b.addSubview(b1)
        b.addSubview(b2)
        a.addSubview(View(id: "a1", frame: Rect(x: 0, y: 0, width: 1, height: 1)))
        d.addSubview(View(id: "d1", frame: Rect(x: 0, y: 0, width: 1, height: 1)))
        let flat = try FlatScene(Scene(windows: [a, b, c, d]))
        let order = (0..<flat.count).map { flat.id(of: ViewIndex($0)) }
        #expect(order == ["D", "d1", "B", "b1", "b11", "b2", "C", "A", "a1"])
        #expect(flat.roots == [ViewIndex(0), ViewIndex(2), ViewIndex(6), ViewIndex(7)])
        #expect(flat.links.map(\.depth) == [0, 1, 0, 1, 2, 1, 0, 0, 1])
        #expect(
            flat.links.map { $0.flags.contains(.window) } == [
                true, false, true, false, false, false, true, true, false,
            ])
        #expect(flat.children(of: ViewIndex(2)) == [ViewIndex(3), ViewIndex(5)])
        #expect(
            flat.parentColumn() == [
                .none, ViewIndex(0), .none, ViewIndex(2), ViewIndex(3), ViewIndex(2), .none, .none, ViewIndex(7),
            ])
    }

    /// On generated scenes: the same order computed independently from the model.
    @Test func paintOrderMatchesTheModelOnGeneratedScenes() throws {
        for shape in SceneShape.allCases {
            for seed: UInt64 in 1...3 {
                let scene = shape.generate(count: shape == .random ? 200 : 600, seed: seed)
                let flat = try FlatScene(scene)
                // Back to front: ascending level, then listed order (a stable sort).
                let windows = scene.windows.enumerated().sorted {
                    $0.element.windowLevel != $1.element.windowLevel
                        ? $0.element.windowLevel < $1.element.windowLevel : $0.offset < $1.offset
                }.map { $0.element }
                var expected: [String] = []
                var parents: [String?] = []
                var depths: [Int] = []
                for w in windows {
                    var stack: [(View, Int)] = [(w, 0)]
                    while let (v, depth) = stack.popLast() {
                        expected.append(v.id)
                        parents.append(v.superview?.id)
                        depths.append(depth)
                        for s in v.subviews.reversed() { stack.append((s, depth + 1)) }
                    }
                }
                let order = (0..<flat.count).map { flat.id(of: ViewIndex($0)) }
                #expect(order == expected, "\(shape) seed \(seed)")
                let parentColumn = flat.parentColumn()
                #expect(parentColumn.map { $0 == .none ? nil : flat.id(of: $0) } == parents, "\(shape) seed \(seed)")
                #expect(flat.links.map { Int($0.depth) } == depths, "\(shape) seed \(seed)")
                #expect(flat.roots.map { flat.id(of: $0) } == windows.map(\.id), "\(shape) seed \(seed)")
            }
        }
    }

    // MARK: - Unreachable

    @Test func unreachableFlagsOnHandBuiltViews() throws {
        let w = Window(id: "W", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        func add(_ id: String, _ r: Rect, to parent: View, _ configure: (View) -> Void = { _ in }) -> View {
            let v = View(id: id, frame: r)
            configure(v)
            parent.addSubview(v)
            return v
        }
        let hidden = add("hidden", Rect(x: 0, y: 0, width: 50, height: 50), to: w) { $0.isHidden = true }
        _ = add("hiddenChild", Rect(x: 0, y: 0, width: 10, height: 10), to: hidden)
        _ = add("faint", Rect(x: 0, y: 0, width: 50, height: 50), to: w) { $0.alpha = 0.01 }
        _ = add("visible", Rect(x: 0, y: 0, width: 50, height: 50), to: w) { $0.alpha = 0.011 }
        _ = add("inert", Rect(x: 0, y: 0, width: 50, height: 50), to: w) { $0.isUserInteractionEnabled = false }
        _ = add("label", Rect(x: 0, y: 0, width: 50, height: 50), to: w)  // a UIView: enabled
        w.addSubview(View(id: "uilabel", className: "UILabel", frame: Rect(x: 0, y: 0, width: 5, height: 5)))
        _ = add("zeroWidth", Rect(x: 10, y: 10, width: 0, height: 20), to: w)
        _ = add("negative", Rect(x: 10, y: 10, width: -5, height: -5), to: w)  // standardized: reachable
        _ = add("passLeaf", Rect(x: 0, y: 0, width: 50, height: 50), to: w) { $0.isPassThrough = true }
        let passDisjoint = add("passDisjoint", Rect(x: 0, y: 0, width: 10, height: 10), to: w) {
            $0.isPassThrough = true
        }
        _ = add("farChild", Rect(x: 50, y: 50, width: 10, height: 10), to: passDisjoint)
        let passOverlap = add("passOverlap", Rect(x: 0, y: 0, width: 10, height: 10), to: w) { $0.isPassThrough = true }
        _ = add("nearChild", Rect(x: 5, y: 5, width: 10, height: 10), to: passOverlap)
        let passOutside = add("passOutside", Rect(x: 0, y: 0, width: 10, height: 10), to: w) {
            $0.isPassThrough = true
            $0.hitTestsSubviewsOutsideBounds = true
        }
        _ = add("outsideChild", Rect(x: 50, y: 50, width: 10, height: 10), to: passOutside)
        let zeroOutside = add("zeroOutside", Rect(x: 0, y: 0, width: 0, height: 0), to: w) {
            $0.hitTestsSubviewsOutsideBounds = true
        }
        _ = add("zeroOutsideChild", Rect(x: 0, y: 0, width: 3, height: 3), to: zeroOutside)
        _ = add("collapsed", Rect(x: 20, y: 20, width: 0, height: 0), to: w) { $0.transform = .scale(0, 0) }
        _ = add("minSize", Rect(x: 20, y: 20, width: 0, height: 0), to: w) {
            $0.minimumHitSize = Size(width: 44, height: 44)
        }
        let flat = try FlatScene(Scene(windows: [w]))
        let at = Self.positions(flat)
        func flags(_ id: String) -> ViewFlags { flat.links[at[id]!.position].flags }
        func unreachable(_ id: String) -> Bool { flags(id).contains(.unreachable) }

        #expect(flags("hidden").isSuperset(of: [.unreachable, .hidden]) && !flags("hidden").contains(.eligible))
        #expect(flags("faint").isSuperset(of: [.unreachable, .transparent]) && !flags("faint").contains(.eligible))
        #expect(
            flags("inert").isSuperset(of: [.unreachable, .interactionDisabled]) && !flags("inert").contains(.eligible))
        #expect(flags("uilabel").isSuperset(of: [.unreachable, .interactionDisabled]))
        for id in [
            "visible", "label", "negative", "passOverlap", "nearChild", "passOutside", "outsideChild",
            "zeroOutside", "zeroOutsideChild", "minSize", "W",
        ] {
            #expect(!unreachable(id), "\(id) can be hit")
            #expect(flags(id).contains(.eligible), "\(id)")
        }
        // Zero-size hit rect, no subviews: nothing can be inside it.
        #expect(unreachable("zeroWidth"))
        // Pass-through leaf: never the result, nothing below it.
        #expect(unreachable("passLeaf"))
        // Pass-through and clipping, with its only subview entirely outside it.
        #expect(unreachable("passDisjoint"))
        // A scale(0, 0) view with a zero-size rect: no point is inside a zero-size rect.
        #expect(unreachable("collapsed"))
        // Exactly what the flag promises: no hit from these views or their subtrees.
        let tester = ReferenceHitTester()
        let scene = Scene(windows: [w])
        var rng = SeededGenerator(seed: 5)
        let never = Set([
            "hidden", "hiddenChild", "faint", "inert", "uilabel", "zeroWidth", "passLeaf", "passDisjoint", "farChild",
            "collapsed",
        ])
        for p in IndexDifferentialTests.probePoints(scene, rng: &rng, uniform: 400) {
            if let hit = tester.hitTest(scene, at: p)?.id { #expect(!never.contains(hit), "\(hit) at \(p)") }
        }
    }

    /// Soundness of the flag on generated scenes: whatever `hitTestAll` lists (every view a touch
    /// could land on) has no unreachable view on its path from the window.
    @Test func nothingHitIsUnderAnUnreachableView() throws {
        var listed = 0
        for shape in SceneShape.allCases where shape != .deep {
            for seed: UInt64 in 1...2 {
                let scene = shape.generate(count: shape == .random ? 150 : 400, seed: seed)
                scene.forEachView { v, _ in v.redirectTarget = nil }  // hitTestAll then lists the candidates themselves
                let index = try HitTestIndex(scene)
                let flat = index.scene
                let parents = flat.parentColumn()
                var rng = SeededGenerator(seed: seed &+ 31)
                for p in IndexDifferentialTests.probePoints(scene, rng: &rng, uniform: 200, edgeViews: 50) {
                    for v in index.hitTestAll(p) {
                        listed += 1
                        var u = v
                        while u != .none {
                            if flat.links[u.position].flags.contains(.unreachable) {
                                Issue.record(
                                    "\(shape) seed \(seed) at \(p): \(flat.id(of: v)) is listed but \(flat.id(of: u)) is unreachable"
                                )
                                break
                            }
                            u = parents[u.position]
                        }
                    }
                }
            }
        }
        #expect(listed > 10_000)
    }

    /// Ineligible views are always flagged unreachable, on generated scenes.
    @Test func ineligibleViewsAreUnreachableOnGeneratedScenes() throws {
        var ineligible = 0
        for shape in SceneShape.allCases {
            for seed: UInt64 in 1...3 {
                let scene = shape.generate(count: 500, seed: seed)
                let flat = try FlatScene(scene)
                let at = Self.positions(flat)
                scene.forEachView { v, _ in
                    let f = flat.links[at[v.id]!.position].flags
                    #expect(f.contains(.eligible) == v.isHitTestable, "\(v.id)")
                    #expect(f.contains(.hidden) == v.isHidden, "\(v.id)")
                    #expect(f.contains(.interactionDisabled) == !v.isUserInteractionEnabled, "\(v.id)")
                    #expect(f.contains(.transparent) == (Double(v.alpha) < 0.01), "\(v.id)")
                    if !v.isHitTestable {
                        ineligible += 1
                        #expect(f.contains(.unreachable), "\(shape) seed \(seed): \(v.id)")
                    }
                }
            }
        }
        #expect(ineligible > 100)
    }

    // MARK: - Indexed

    /// A container is indexed exactly when it is reachable and has at least
    /// `indexedChildThreshold` reachable subviews.
    @Test func indexedFlagFollowsTheThreshold() throws {
        let t = FlatScene.indexedChildThreshold
        #expect(t >= 2)
        let w = Window(id: "W", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        func container(_ id: String, reachable: Int, hidden: Int, zeroSize: Int = 0) -> View {
            let c = View(id: id, frame: Rect(x: 0, y: 0, width: 400, height: 400))
            for k in 0..<reachable {
                c.addSubview(View(id: "\(id).r\(k)", frame: Rect(x: Double(k), y: 0, width: 5, height: 5)))
            }
            for k in 0..<hidden {
                let v = View(id: "\(id).h\(k)", frame: Rect(x: Double(k), y: 10, width: 5, height: 5))
                v.isHidden = true
                c.addSubview(v)
            }
            for k in 0..<zeroSize {
                c.addSubview(View(id: "\(id).z\(k)", frame: Rect(x: Double(k), y: 20, width: 0, height: 5)))
            }
            w.addSubview(c)
            return c
        }
        _ = container("below", reachable: t - 1, hidden: 5)
        _ = container("belowZero", reachable: t - 1, hidden: 0, zeroSize: 3)
        _ = container("exactly", reachable: t, hidden: 0)
        _ = container("above", reachable: t + 1, hidden: 2)
        container("hiddenWide", reachable: 3 * t, hidden: 0).isHidden = true
        container("passWide", reachable: 3 * t, hidden: 0).isPassThrough = true
        let flat = try FlatScene(Scene(windows: [w]))
        let at = Self.positions(flat)
        func indexed(_ id: String) -> Bool { flat.links[at[id]!.position].flags.contains(.indexed) }
        #expect(!indexed("below"))
        #expect(!indexed("belowZero"))
        #expect(indexed("exactly"))
        #expect(indexed("above"))
        #expect(!indexed("hiddenWide"))
        #expect(indexed("passWide"))
        // W has six containers, one of them hidden (unreachable): five reachable subviews.
        #expect(flat.children(of: at["W"]!).count == 6)
        #expect(indexed("W") == (5 >= t))
        #expect(flat.invariantViolations().isEmpty)
    }

    @Test func indexedFlagOnGeneratedScenes() throws {
        var indexedCount = 0
        for shape in SceneShape.allCases {
            for seed: UInt64 in 1...3 {
                let flat = try FlatScene(shape.generate(count: shape == .random ? 300 : 1_000, seed: seed))
                for i in 0..<flat.count {
                    let f = flat.links[i].flags
                    let children = flat.children(of: ViewIndex(i))
                    let reachable = children.filter { !flat.links[$0.position].flags.contains(.unreachable) }.count
                    let want = !f.contains(.unreachable) && reachable >= FlatScene.indexedChildThreshold
                    #expect(
                        f.contains(.indexed) == want,
                        "\(shape) seed \(seed): view \(flat.id(of: ViewIndex(i))) with \(reachable) reachable subviews")
                    if want { indexedCount += 1 }
                }
            }
        }
        #expect(indexedCount > 20)
    }
}
