import HitIndexFixtures
import HitIndexSceneFormat
import Testing

@testable import HitIndex

/// The live store's invariant checker: silent on sound stores (generated shapes, the examples,
/// after edits), and each check shown to catch the corruption it exists for, injected into one
/// column of an otherwise sound store.
@Suite struct LiveIndexStructureTests {
    static let counts: [SceneShape: [Int]] = [
        .ui: [50, 3_000], .grid: [1, 9, 65, 4_100], .deep: [2, 5_000], .overlap: [10, 2_000], .random: [9, 150, 600],
    ]

    @Test(arguments: SceneShape.allCases)
    func noViolationsOnGeneratedShapes(shape: SceneShape) throws {
        for count in Self.counts[shape]! {
            for seed: UInt64 in 1...3 {
                let live = try LiveIndex(shape.generate(count: count, seed: seed))
                let problems = live.invariantViolations()
                #expect(problems.isEmpty, "\(shape) \(count) seed \(seed): \(problems.prefix(5))")
            }
        }
    }

    @Test func noViolationsOnTheExamples() throws {
        for name in ["seed000.json", "seed000-widened.json", "seed003.json"] {
            let scene = try SceneReader.read(contentsOfFile: TestSupport.example(name))
            #expect(try LiveIndex(scene).invariantViolations().isEmpty, "\(name)")
        }
    }

    /// A window with a container of 100 cells behind (`big`), a wide container (`wide`, 20
    /// cells, the last with a subview), a small container and a hidden view; a second window in
    /// front.
    static func sample() throws -> LiveIndex {
        let w = Window(id: "W", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let wide = View(id: "wide", frame: Rect(x: 0, y: 0, width: 400, height: 200))
        for k in 0..<20 {
            wide.addSubview(
                View(id: "c\(k)", frame: Rect(x: Double(k) * 20, y: Double(k % 3) * 20, width: 19, height: 30)))
        }
        wide.subviews[19].addSubview(View(id: "c19.inner", frame: Rect(x: 2, y: 2, width: 5, height: 5)))
        let small = View(id: "small", frame: Rect(x: 0, y: 200, width: 400, height: 200))
        small.addSubview(View(id: "s0", frame: Rect(x: 0, y: 0, width: 10, height: 10)))
        let hidden = View(id: "s1", frame: Rect(x: 20, y: 0, width: 10, height: 10))
        hidden.isHidden = true
        small.addSubview(hidden)
        let big = View(id: "big", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        for k in 0..<100 {
            big.addSubview(
                View(id: "b\(k)", frame: Rect(x: Double(k % 10) * 40, y: Double(k / 10) * 40, width: 39, height: 39)))
        }
        w.addSubview(big)
        w.addSubview(wide)
        w.addSubview(small)
        let front = Window(id: "Front", frame: Rect(x: 300, y: 300, width: 50, height: 50), level: 10)
        return try LiveIndex(Scene(windows: [w, front]))
    }

    /// Applies `corrupt` to the store of a fresh sample and returns the checker's findings.
    static func violations(_ corrupt: (LiveStore, (String) -> Slot) -> Void) throws -> [String] {
        let live = try sample()
        #expect(live.invariantViolations().isEmpty)  // the control
        corrupt(live.store) { live.handle(forID: $0)!.storeSlot }
        return live.invariantViolations().map(\.description)
    }

    static func expectCaught(
        _ fragment: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ corrupt: (LiveStore, (String) -> Slot) -> Void
    ) throws {
        let problems = try violations(corrupt)
        #expect(
            problems.contains { $0.contains(fragment) }, "expected a violation containing \"\(fragment)\": \(problems)",
            sourceLocation: sourceLocation)
    }

    @Test func linksAndFlags() throws {
        // A subview link that loops back.
        try Self.expectCaught("reached twice") { store, slot in
            let s1 = slot("s1")
            store.state.records.update(slot("s0").index) { $0.previousSibling = s1 }
        }
        // An ineligible view the search would enter.
        try Self.expectCaught("ineligible but not marked unreachable") { store, slot in
            store.state.records.update(slot("s1").index) { _ = $0.flags.remove(.unreachable) }
        }
        // A stale union of the subviews' reach.
        try Self.expectCaught("its subviews give") { store, slot in
            store.state.records.update(slot("small").index) { $0.reach = FBox(minX: 0, minY: 0, maxX: 1, maxY: 1) }
        }
        // A record whose geometry no longer matches its attributes (on a hidden view, whose
        // reach stays empty, so that only this check sees it).
        try Self.expectCaught("differs from its attributes") { store, slot in
            store.state.records.update(slot("s1").index) { $0.geometry.maxX += 1 }
        }
        // A parent field that disagrees with the links.
        try Self.expectCaught("but it is a subview of") { store, slot in
            let wide = slot("wide")
            store.state.records.update(slot("s0").index) { $0.parent = wide }
        }
        // A window whose order among the windows is wrong.
        try Self.expectCaught("windows out of") { store, slot in
            store.updateRare(slot("Front")) { $0.level = -5 }
        }
        // An id the table does not find.
        try Self.expectCaught("does not find it") { store, slot in
            let ref = store.state.records[slot("s0").index].id
            store.state.records.update(slot("s1").index) { $0.id = ref }
            store.state.records.update(slot("s0").index) { $0.id = IDRef(rawValue: 0) }
        }
    }

    @Test func pools() throws {
        // A side entry given back while a view still holds it.
        try Self.expectCaught("both free and in use") { store, slot in
            store.freeRare(store.state.slots[slot("Front").index].rare)
        }
        // A side entry nobody holds and nobody freed (a leak).
        try Self.expectCaught("rares: 2 in use and 0 free, of 4") { store, _ in
            _ = store.allocateRare(.defaults)
        }
        // A hierarchy node nobody holds.
        try Self.expectCaught("hierarchy leaves:") { store, _ in
            _ = store.state.leafMeta.allocate(.unused)
        }
        // A position freed twice: the free list loops.
        try Self.expectCaught("extras: the free list revisits") { store, _ in
            let k = store.allocateExtra()
            store.freeExtra(k)
            store.freeExtra(k)
        }
        // A free slot whose record is still live.
        try Self.expectCaught("is free but live") { store, slot in
            let s1 = slot("s1")
            store.state.slots.free(s1.index, leaving: .free)
        }
    }

    @Test func orderTrees() throws {
        // "big" has 100 subviews: leaves under an inner root.
        try Self.expectCaught("totals") { store, slot in
            let root = store.state.slots[slot("big").index].childOrder.root
            #expect(!store.state.orderNodes[root.index].isLeaf)
            store.state.orderNodes.update(root.index) { $0.total += 1 }
        }
        try Self.expectCaught("counts") { store, slot in
            let root = store.state.slots[slot("big").index].childOrder.root
            store.state.orderNodes.update(root.index) { $0.setSize(0, $0.size(0) + 1) }
        }
        try Self.expectCaught("parent link is wrong") { store, slot in
            let root = store.state.slots[slot("big").index].childOrder.root
            let first = store.state.orderNodes[root.index].node(0)
            store.state.orderNodes.update(first.index) { $0.parent = first }
        }
        try Self.expectCaught("order leaf is not the one holding it") { store, slot in
            let root = store.state.slots[slot("big").index].childOrder.root
            let other = store.state.orderNodes[root.index].node(1)
            store.state.slots.update(slot("b0").index) { $0.orderLeaf = other }
        }
        try Self.expectCaught("sequence differs") { store, slot in
            // Two entries of a leaf trade places: counts and links stay valid, the order does not.
            let leaf = store.state.slots[slot("b0").index].orderLeaf
            store.state.orderNodes.update(leaf.index) { b in (b.words[0], b.words[1]) = (b.words[1], b.words[0])
            }
        }
    }

    @Test func smallContainersKeepACountAndNoTree() throws {
        // "small" orders its few subviews by the links alone: no tree, a count, no order leaves.
        let live = try Self.sample()
        let small = try #require(live.handle(forID: "small"))
        #expect(!live.store.state.slots[small.storeSlot.index].childOrder.isTree)
        try Self.expectCaught("its links hold") { store, slot in
            let count = store.childCount(slot("small"))
            store.state.slots.update(slot("small").index) { $0.childOrder = .small(count: count + 1) }
        }
        try Self.expectCaught("though its superview keeps no order tree") { store, slot in
            store.state.slots.update(slot("s0").index) { $0.orderLeaf = OrderNode(0) }
        }
    }

    @Test func siblingLinksUnderIndexedViews() throws {
        // Under an order tree (big, 100 subviews) there are no links: one link alone is neither
        // none nor the labels' order...
        try Self.expectCaught("nor their labels' order") { store, slot in
            let b4 = slot("b4")
            store.state.records.update(slot("b5").index) { $0.previousSibling = b4 }
        }
        // ...and every link in the labels' order, which snapshots would accept, is still a link
        // the writer does not keep there.
        try Self.expectCaught("a previousSibling link under an order tree") { store, slot in
            for k in 1..<100 {
                let behind = slot("b\(k - 1)")
                store.state.records.update(slot("b\(k)").index) { $0.previousSibling = behind }
            }
        }
        // A front-most link that names another subview.
        try Self.expectCaught("its front-most lane holds") { store, slot in
            let b50 = slot("b50")
            store.state.records.update(slot("big").index) { $0.lastChild = b50 }
        }
        // An indexed view without an order tree (wide, 20 subviews) orders by its links: with
        // none, the writer has lost its order, though snapshots read the lanes.
        try Self.expectCaught("its links order its subviews otherwise") { store, slot in
            for k in 0..<20 { store.state.records.update(slot("c\(k)").index) { $0.previousSibling = Slot.none } }
        }
    }

    @Test func hierarchies() throws {
        // Labels out of order: two neighbours swap theirs (in their lanes, the only copy), so
        // the lanes' order, which snapshots read, is not the links'.
        try Self.expectCaught("nor their labels' order") { store, slot in
            let (a, b) = (slot("c3"), slot("c4"))
            let (la, lb) = (store.label(of: a), store.label(of: b))
            store.relabelLane(a, lb)
            store.relabelLane(b, la)
        }
        // A lane that has lost its label (key 0, as an unused lane's).
        try Self.expectCaught("unused, with an interval") { store, slot in
            let location = store.state.slots[slot("c4").index].lane
            store.state.leaves.update(location.block) { $0.key[location.lane] = 0 }
        }
        // A lane location that names another lane.
        try Self.expectCaught("lane location") { store, slot in
            let other = store.state.slots[slot("c5").index].lane
            store.state.slots.update(slot("c4").index) { $0.lane = other }
        }
        // A leaf's lane count that is off.
        try Self.expectCaught("lanes used") { store, slot in
            let leaf = store.state.slots[slot("c4").index].lane.block
            store.state.leafMeta.update(leaf) { $0.count -= 1 }
        }
        // An exact lane whose bound is one ulp off.
        try Self.expectCaught("is not where the conversion reaches") { store, slot in
            let location = store.state.slots[slot("c4").index].lane
            store.state.leaves.update(location.block) { l in l.maxX[location.lane] = l.maxX[location.lane].nextUp }
        }
        // A lane marked exact for a subview with a reachable subview of its own.
        try Self.expectCaught("marked exact but cannot be decided") { store, slot in
            let location = store.state.slots[slot("c19").index].lane
            store.state.leaves.update(location.block) { l in l.key[location.lane] |= ChildBVH.LeafBlock.exactBit }
        }
        // An inner lane whose key is not the largest label below it.
        try Self.expectCaught("largest label below") { store, slot in
            let root = store.extra(of: slot("wide")).bvh
            #expect(!root.isLeaf, "20 subviews need a block above the leaves")
            store.state.blocks.update(root.index) { $0.key[0] += 1 }
        }
        // An inner lane whose box no longer encloses its child.
        try Self.expectCaught("does not enclose") { store, slot in
            let root = store.extra(of: slot("wide")).bvh
            store.state.blocks.update(root.index) { $0.maxX[0] = $0.minX[0] }
        }
        // A child node whose parent link names the wrong lane.
        try Self.expectCaught("parent link is wrong") { store, slot in
            let root = store.extra(of: slot("wide")).bvh
            let child = store.state.blocks[root.index].node(0)
            store.state.leafMeta.update(child.index) { $0.parent = ChildBVH.Lane(block: root.index, lane: 1) }
        }
        // A node below the root that counts edits (only a root does: a root that gives way to
        // a new one above it hands its count over).
        try Self.expectCaught("is not a root but counts 3 edits") { store, slot in
            let root = store.extra(of: slot("wide")).bvh
            let child = store.state.blocks[root.index].node(0)
            store.state.leafMeta.update(child.index) { $0.churn = 3 }
        }
        // A container with 20 subviews that is not indexed.
        try Self.expectCaught("subviews but not indexed") { store, slot in
            store.state.records.update(slot("wide").index) { _ = $0.flags.remove(.indexed) }
        }
    }

    /// After edits and after a rejected transaction the checker stays silent; after a rollback the
    /// store is exactly the committed one (same answers, same structure).
    @Test func editsAndRollbacksKeepTheInvariants() throws {
        let live = try Self.sample()
        let wide = try #require(live.handle(forID: "wide"))
        for k in 0..<40 {
            live.createView(
                ViewAttributes(bounds: Rect(x: 0, y: 0, width: 5, height: 5), center: Point(x: Double(k) * 9, y: 150)),
                id: "n\(k)", in: wide, at: .index(k % 7))
            #expect(live.invariantViolations().isEmpty, "after insert \(k)")
        }
        try live.commit()
        let answer = live.snapshot.hitTest(Point(x: 9, y: 150))
        live.remove(try #require(live.handle(forID: "n1")))
        live.setFrame(wide, Rect(x: 5, y: 5, width: 100, height: 100))
        live.remove(ViewHandle(slot: 9_999, generation: 1))
        #expect(throws: EditError.self) { try live.commit() }
        #expect(live.invariantViolations().isEmpty)
        #expect(live.handle(forID: "n1") != nil)
        #expect(try live.commit().hitTest(Point(x: 9, y: 150)) == answer)
    }
}
