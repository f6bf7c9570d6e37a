import HitIndexFixtures
import HitIndexReference
import HitIndexSceneFormat
import Testing

@testable import HitIndex

/// The flattened scene's structure (what the `tree` and `linear` baselines search): the invariant
/// checker passes on every generated scene and fails on broken ones; paint order; the unreachable
/// flag. The live index's structures are `LiveIndexStructureTests`'.
@Suite struct IndexStructureTests {
    static func positions(_ flat: FlatScene) -> [String: ViewIndex] {
        var out: [String: ViewIndex] = [:]
        for i in 0..<flat.count { out[flat.id(of: ViewIndex(i))] = ViewIndex(i) }
        return out
    }

    /// A copy of `flat` with some columns replaced (through the memberwise initializer, which
    /// `@testable import` exposes): the way to build a broken structure.
    static func rebuilt(_ flat: FlatScene, links: [NodeLinks]? = nil) -> FlatScene {
        FlatScene(
            geometry: flat.geometry, links: links ?? flat.links, extras: flat.extras, predicates: flat.predicates,
            subviewReach: flat.subviewReach, roots: flat.roots, maxDepth: flat.maxDepth, idOffsets: flat.idOffsets,
            idBytes: flat.idBytes)
    }

    static let counts: [SceneShape: [Int]] = [
        .ui: [50, 400, 3_000], .grid: [1, 7, 9, 65, 513, 4_100], .deep: [2, 300, 5_000],
        .overlap: [3, 10, 70, 2_000], .random: [2, 9, 40, 150, 600],
    ]

    // MARK: - The checker passes on sound structures

    @Test(arguments: SceneShape.allCases)
    func noViolationsOnGeneratedShapes(shape: SceneShape) throws {
        for count in Self.counts[shape]! {
            for seed: UInt64 in 1...5 {
                let flat = try FlatScene(shape.generate(count: count, seed: seed))
                let problems = flat.invariantViolations()
                #expect(problems.isEmpty, "\(shape) \(count) seed \(seed): \(problems.prefix(5))")
            }
        }
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
    }

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
                let flat = try FlatScene(scene)
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
}
