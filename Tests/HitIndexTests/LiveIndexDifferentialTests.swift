import HitIndexFixtures
import HitIndexFuzz
import HitIndexReference
import Testing

@testable import HitIndex

/// The live index against the reference on the object model with the same edits applied: random
/// edit sequences of every kind (the fuzzer's, with fixed seeds), wide containers pushed through
/// their rarer paths (splits, relabelling, rebuilds, dropping a hierarchy), and the edit fuzzer's
/// own self-test. Every edit is followed by the invariant checker, every commit by a comparison
/// at boundary-seeking points, and the snapshot held from before the edits must still answer as
/// the scene did then (``EditFuzzer/check(_:seed:point:mutant:)``).
@Suite struct LiveIndexDifferentialTests {
    /// Sixty sequences per seed: scenes of the fuzzer's generator, 5 to 60 edits each.
    @Test(arguments: [UInt64](1...8))
    func randomEditSequencesAgree(seed: UInt64) throws {
        var generator = FuzzGenerator(seed: seed)
        var edits = 0
        for k in 0..<60 {
            let scene = generator.scene()
            guard scene.viewCount <= 700 else { continue }
            let sequence = EditSequence(
                scene: scene, edits: generator.edits(for: scene, count: [5, 20, 60][k % 3]))
            edits += sequence.edits.count
            if let failure = EditFuzzer.check(sequence, seed: seed &* 1000 &+ UInt64(k)) {
                let (small, _) = EditFuzzer.shrink(failure, seed: seed &* 1000 &+ UInt64(k))
                Issue.record(
                    """
                    seed \(seed) sequence \(k): \(failure)
                    shrunk: \(small) (expected \(small.expected ?? "nil"), got \(small.got ?? "nil"))
                    edits: \(small.sequence.edits.map(\.description).joined(separator: "; "))
                    scene: \(IndexAgreement.json(small.sequence.scene.makeScene()))
                    """)
                return
            }
        }
        #expect(edits > 1_000, "seed \(seed): the sequences exercised \(edits) edits")
    }

    /// A window with one 1000-point "sheet" of 2,000 cells "c0"… in rows of 50, 19 points wide
    /// at a 20-point pitch.
    static func sheetOfCells() -> Scene {
        let window = Window(id: "W", frame: Rect(x: 0, y: 0, width: 1000, height: 1000))
        let sheet = View(id: "sheet", frame: Rect(x: 0, y: 0, width: 1000, height: 1000))
        window.addSubview(sheet)
        for k in 0..<2_000 {
            sheet.addSubview(
                View(id: "c\(k)", frame: Rect(x: Double(k % 50) * 20, y: Double(k / 50) * 20, width: 19, height: 19)))
        }
        return Scene(windows: [window])
    }

    /// A container of 2,000 cells driven through its hierarchy's rarer paths, checked against the
    /// reference after each commit: 600 inserts at one place (no gap left: relabelling), enough
    /// inserts, removals, moves and frame changes to rebuild it, then removals down to two cells
    /// (the hierarchy is dropped) and inserts back up (it is built again).
    @Test func wideContainerThroughEveryPath() throws {
        var rng = SeededGenerator(seed: 4242)
        let mirror = ModelMirror(Self.sheetOfCells())
        let live = try LiveIndex(mirror.scene)
        let before = live.store.statistics
        var next = 2_000
        func newCell() -> FuzzScene.Node {
            next += 1
            var n = FuzzScene.Node(id: "c\(next)", bounds: Rect(x: 0, y: 0, width: 7, height: 7), center: .zero)
            n.attributes.center = Point(x: rng.double(0, 1000), y: rng.double(0, 1000))
            return n
        }
        var commits = 0
        func run(_ edit: FuzzEdit, label: String) {
            guard let made = mirror.apply(edit) else { return }
            #expect(
                live.apply(edit, made: made ?? nil),
                "\(label): \(edit) refused: \(String(describing: live.pendingError))")
        }
        func commitAndCompare(_ label: String) {
            run(.commit, label: label)
            commits += 1
            #expect(live.invariantViolations().isEmpty, "\(label): \(live.invariantViolations().prefix(3))")
            var probe = SeededGenerator(seed: UInt64(commits))
            let points = IndexDifferentialTests.probePoints(mirror.scene, rng: &probe, uniform: 60, edgeViews: 40)
            let expected = ReferenceHitTester().hitTest(mirror.scene, at: points).map { $0?.id }
            let snapshot = live.snapshot
            var wrong = 0
            for (p, want) in zip(points, expected) {
                let got = snapshot.hitTest(p).flatMap { snapshot.id(of: $0.handle) }
                if got != want {
                    wrong += 1
                    if wrong <= 3 {
                        Issue.record("\(label) at \(p): index \(got ?? "nil"), reference \(want ?? "nil")")
                    }
                }
            }
        }
        // One place, over and over: the labels between two neighbours run out.
        for k in 0..<600 {
            run(.insert(newCell(), into: "sheet", at: 1_000), label: "same place")
            if k % 100 == 99 { commitAndCompare("same place \(k)") }
        }
        #expect(live.store.statistics.relabels > before.relabels, "inserting at one place relabelled")
        #expect(live.store.statistics.splits > before.splits, "full leaves split")
        // Churn: inserts, removals, moves and frames everywhere.
        for k in 0..<3_000 {
            let count = mirror.byID["sheet"]!.subviews.count
            let someCell = mirror.byID["sheet"]!.subviews[rng.int(below: count)].id
            switch rng.int(below: 4) {
            case 0: run(.insert(newCell(), into: "sheet", at: rng.int(in: 0...count)), label: "churn")
            case 1: run(.remove(someCell), label: "churn")
            case 2: run(.move(someCell, into: "sheet", at: rng.int(in: 0...(count - 1))), label: "churn")
            default:
                var a = mirror.byID[someCell]!.attributes
                a.center = Point(x: rng.double(0, 1000), y: rng.double(0, 1000))
                run(.attributes(someCell, a), label: "churn")
            }
            if k % 500 == 499 { commitAndCompare("churn \(k)") }
        }
        #expect(live.store.statistics.hierarchyBuilds > before.hierarchyBuilds, "churn rebuilt the hierarchy")
        // Down to two cells: the hierarchy goes; back up: it returns.
        while mirror.byID["sheet"]!.subviews.count > 2 {
            run(.remove(mirror.byID["sheet"]!.subviews.last!.id), label: "shrink")
            if mirror.byID["sheet"]!.subviews.count % 400 == 0 { commitAndCompare("shrink") }
        }
        commitAndCompare("two cells")
        let sheetHandle = try #require(live.handle(forID: "sheet"))
        #expect(!live.snapshot.store.records[Int(sheetHandle.slot)].flags.contains(.indexed))
        for _ in 0..<20 { run(.insert(newCell(), into: "sheet", at: 0), label: "grow") }
        commitAndCompare("grown back")
        #expect(live.snapshot.store.records[Int(sheetHandle.slot)].flags.contains(.indexed))
        #expect(commits >= 15)
    }

    /// A freshly built hierarchy leaves a free lane in each block just above its leaves (where
    /// that adds no level), so the first insert into a full leaf splits that leaf alone; with full
    /// blocks it split the leaf's parent and grandparent too (250 leaves, 32 parents, 4 above).
    @Test(arguments: [UInt64](1...6))
    func firstInsertSplitsOnlyItsLeaf(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let mirror = ModelMirror(Self.sheetOfCells())
        let live = try LiveIndex(mirror.scene)
        let before = live.store.statistics.splits
        try Self.insertCell("new", into: mirror, live, rng: &rng, seed: seed)
        #expect(
            live.store.statistics.splits - before == 1, "seed \(seed): splits \(live.store.statistics.splits - before)")
        #expect(live.invariantViolations().isEmpty, "seed \(seed): \(live.invariantViolations().prefix(3))")
        var probe = SeededGenerator(seed: seed)
        let points = IndexDifferentialTests.probePoints(mirror.scene, rng: &probe, uniform: 60, edgeViews: 40)
        LiveIndexEditTests.expectAgreement(live.snapshot, mirror.scene, points, "seed \(seed)")
    }

    /// A leaf split rewrites the lane locations of the subviews it moves and of no other: each
    /// subview that stays in the split leaf and already sat in one of the lanes it keeps (the
    /// first four) keeps its lane. Every subview's location is compared before and after one
    /// insert into a full leaf; the answers are checked against the reference.
    @Test(arguments: [UInt64](1...6))
    func aLeafSplitLeavesStayingLanesAlone(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let mirror = ModelMirror(Self.sheetOfCells())
        let live = try LiveIndex(mirror.scene)
        let store = live.store
        let sheet = try #require(store.slot(withID: "sheet"))
        let before = Dictionary(
            uniqueKeysWithValues: store.children(of: sheet).map { ($0, store.state.slots[$0.index].lane) })
        let (splits, moves) = (store.statistics.splits, store.statistics.laneMoves)
        try Self.insertCell("new", into: mirror, live, rng: &rng, seed: seed)
        try #require(store.statistics.splits - splits == 1, "seed \(seed): splits \(store.statistics.splits - splits)")
        let moved = before.filter { store.state.slots[$0.key.index].lane != $0.value }
        // Only the split leaf's subviews move: at least the four of its eight that go to the new
        // leaf (the new subview may be the fifth).
        let split = Set(moved.values.map(\.block))
        #expect(split.count == 1 && moved.count >= 4, "seed \(seed): moved \(moved)")
        for (child, old) in before where split.contains(old.block) && old.lane < 4 {
            let now = store.state.slots[child.index].lane
            #expect(now.block != old.block || now == old, "seed \(seed): subview \(child) moved from \(old) to \(now)")
        }
        // The new subview is one of the moves the store counts; the others are exactly the
        // locations that changed.
        #expect(store.statistics.laneMoves - moves == moved.count + 1, "seed \(seed): \(moved.count) moved")
        #expect(live.invariantViolations().isEmpty, "seed \(seed): \(live.invariantViolations().prefix(3))")
        var probe = SeededGenerator(seed: seed)
        let points = IndexDifferentialTests.probePoints(mirror.scene, rng: &probe, uniform: 60, edgeViews: 40)
        LiveIndexEditTests.expectAgreement(live.snapshot, mirror.scene, points, "seed \(seed)")
    }

    /// Inserts a 7 × 7 cell with id `id` at a random point and sibling position of the sheet of
    /// ``sheetOfCells()``, into the model and the index, and commits.
    static func insertCell(
        _ id: String, into mirror: ModelMirror, _ live: LiveIndex, rng: inout SeededGenerator, seed: UInt64
    ) throws {
        var cell = FuzzScene.Node(id: id, bounds: Rect(x: 0, y: 0, width: 7, height: 7), center: .zero)
        cell.attributes.center = Point(x: rng.double(0, 1000), y: rng.double(0, 1000))
        let edit = FuzzEdit.insert(cell, into: "sheet", at: rng.int(in: 0...2_000))
        let made = try #require(mirror.apply(edit))
        #expect(live.apply(edit, made: made ?? nil), "seed \(seed): \(edit) refused")
        #expect(live.apply(.commit, made: nil), "seed \(seed): commit refused")
    }

    /// Which hierarchies take the slack: worked out by hand from the heights with seven and with
    /// eight in each block above the leaves.
    @Test func slackOnlyWhereTheHeightStays() {
        // 64 leaves or fewer: none (splits cannot climb far).
        #expect(!LiveStore.slackFits(leaves: 8))
        #expect(!LiveStore.slackFits(leaves: 64))
        // 65: 10 blocks or 9, two levels either way.
        #expect(LiveStore.slackFits(leaves: 65))
        // 512: 74 blocks (three levels) against 64 (two).
        #expect(!LiveStore.slackFits(leaves: 512))
        // 513: 74 against 65, three levels each.
        #expect(LiveStore.slackFits(leaves: 513))
        // 4,096: 586 blocks (four levels) against 512 (three); 125,000: 17,858 against 15,625 (five).
        #expect(!LiveStore.slackFits(leaves: 4_096))
        #expect(LiveStore.slackFits(leaves: 125_000))
    }

    /// Hiding and showing subviews of an indexed container leaves every box above their lanes as
    /// the build made it (a hidden view keeps its place), so no number of them rebuilds the
    /// hierarchy; moving subviews does, once enough of them moved. Both checked against the
    /// reference after each commit.
    @Test func showsRebuildNothingAndMovesDo() throws {
        let seed: UInt64 = 5150
        var rng = SeededGenerator(seed: seed)
        let mirror = ModelMirror(Self.sheetOfCells())
        let live = try LiveIndex(mirror.scene)
        var commits = 0
        func run(_ edit: FuzzEdit) {
            guard let made = mirror.apply(edit) else { return }
            #expect(
                live.apply(edit, made: made ?? nil),
                "seed \(seed): \(edit) refused: \(String(describing: live.pendingError))")
        }
        func commitAndCompare(_ label: String) {
            run(.commit)
            commits += 1
            let problems = live.invariantViolations()
            #expect(problems.isEmpty, "seed \(seed) \(label): \(problems.prefix(3))")
            var probe = SeededGenerator(seed: seed &+ UInt64(commits))
            let points = IndexDifferentialTests.probePoints(mirror.scene, rng: &probe, uniform: 60, edgeViews: 40)
            LiveIndexEditTests.expectAgreement(live.snapshot, mirror.scene, points, "seed \(seed) \(label)")
        }
        let before = live.store.statistics
        // 4,000 toggles: about 2,000 shows, four times the 500 edits that rebuild 2,000 subviews.
        for k in 0..<4_000 {
            let id = "c\(rng.int(below: 2_000))"
            var a = mirror.byID[id]!.attributes
            a.isHidden.toggle()
            run(.attributes(id, a))
            if k % 1_000 == 999 { commitAndCompare("toggles \(k)") }
        }
        #expect(
            live.store.statistics.hierarchyBuilds == before.hierarchyBuilds, "seed \(seed): hides and shows rebuilt")
        // 2,000 moves anywhere, each showing the view: most grow a box (a hidden view's move
        // would leave its lane empty).
        for k in 0..<2_000 {
            let id = "c\(rng.int(below: 2_000))"
            var a = mirror.byID[id]!.attributes
            a.center = Point(x: rng.double(0, 1000), y: rng.double(0, 1000))
            a.isHidden = false
            run(.attributes(id, a))
            if k % 500 == 499 { commitAndCompare("moves \(k)") }
        }
        #expect(commits == 8)
        #expect(
            live.store.statistics.hierarchyBuilds > before.hierarchyBuilds,
            "seed \(seed): moves did not rebuild")
    }

    /// Reordering the subviews of an indexed container, where they overlap so that order decides
    /// most answers: moves to random places, to the front and to the back, relabelling runs where
    /// one place is used over and over, checked against the reference after each commit. A
    /// reorder changes only order and labels, so every lane stays where it was and the hierarchy
    /// is never rebuilt.
    @Test func reordersInAWideContainerKeepEveryLane() throws {
        let seed: UInt64 = 9090
        var rng = SeededGenerator(seed: seed)
        let window = Window(id: "W", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let sheet = View(id: "sheet", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        window.addSubview(sheet)
        for k in 0..<600 {
            let (w, h) = (rng.double(20, 90), rng.double(20, 90))
            sheet.addSubview(
                View(
                    id: "c\(k)", frame: Rect(x: rng.double(0, 400 - w), y: rng.double(0, 400 - h), width: w, height: h))
            )
        }
        let mirror = ModelMirror(Scene(windows: [window]))
        let live = try LiveIndex(mirror.scene)
        let sheetHandle = try #require(live.handle(forID: "sheet"))
        #expect(live.snapshot.store.records[Int(sheetHandle.slot)].flags.contains(.indexed), "seed \(seed)")
        func lanes() -> [String: ChildBVH.Lane] {
            var result: [String: ChildBVH.Lane] = [:]
            for v in mirror.byID["sheet"]!.subviews {
                result[v.id] = live.store.state.slots[Int(live.handle(forID: v.id)!.slot)].lane
            }
            return result
        }
        let lanesBefore = lanes()
        let before = live.store.statistics
        var commits = 0
        func commitAndCompare(_ label: String) {
            _ = mirror.apply(.commit)
            #expect(live.apply(.commit, made: nil), "seed \(seed) \(label): \(String(describing: live.pendingError))")
            commits += 1
            #expect(
                live.invariantViolations().isEmpty, "seed \(seed) \(label): \(live.invariantViolations().prefix(3))")
            var probe = SeededGenerator(seed: seed &+ UInt64(commits))
            let points = IndexDifferentialTests.probePoints(mirror.scene, rng: &probe, uniform: 150, edgeViews: 50)
            let expected = ReferenceHitTester().hitTest(mirror.scene, at: points).map { $0?.id }
            let snapshot = live.snapshot
            var wrong = 0
            for (p, want) in zip(points, expected) {
                let got = snapshot.hitTest(p).flatMap { snapshot.id(of: $0.handle) }
                if got != want {
                    wrong += 1
                    if wrong <= 3 {
                        Issue.record("seed \(seed) \(label) at \(p): index \(got ?? "nil"), reference \(want ?? "nil")")
                    }
                }
            }
        }
        for k in 0..<3_000 {
            let subviews = mirror.byID["sheet"]!.subviews
            let id = subviews[rng.int(below: subviews.count)].id
            let edit: FuzzEdit
            switch rng.int(below: 4) {
            case 0: edit = .reorder(id, front: true)
            case 1: edit = .reorder(id, front: false)
            // One place over and over: the labels there run out and a run is relabelled.
            case 2: edit = .move(id, into: "sheet", at: 300)
            default: edit = .move(id, into: "sheet", at: rng.int(in: 0...(subviews.count - 1)))
            }
            guard let made = mirror.apply(edit) else { continue }
            #expect(live.apply(edit, made: made ?? nil), "seed \(seed): \(edit) refused")
            if k % 250 == 249 { commitAndCompare("reorder \(k)") }
        }
        #expect(commits == 12)
        #expect(lanes() == lanesBefore, "seed \(seed): a reorder moved a lane")
        #expect(live.store.statistics.hierarchyBuilds == before.hierarchyBuilds, "seed \(seed): a reorder rebuilt")
        #expect(
            live.store.statistics.relabels > before.relabels, "seed \(seed): one place used over and over relabelled")
    }

    /// The edit fuzzer catches deliberately broken edit handling and shrinks each counterexample
    /// to at most three views, so it can fail and its reports stay readable.
    @Test(arguments: EditMutant.allCases)
    func theEditFuzzerCatchesAndShrinksMutants(mutant: EditMutant) {
        let report = EditFuzzer.run(seed: 1, seconds: 60, maxSequences: 400, mutant: mutant)
        guard let shrunk = report.shrunk else {
            Issue.record("\(mutant.rawValue): not caught in \(report.sequences) sequences")
            return
        }
        #expect(shrunk.sequence.scene.viewCount <= 3, "\(mutant.rawValue): \(shrunk.sequence.scene.viewCount) views")
        #expect(shrunk.sequence.edits.count <= 6, "\(mutant.rawValue): \(shrunk.sequence.edits.map(\.description))")
    }
}
