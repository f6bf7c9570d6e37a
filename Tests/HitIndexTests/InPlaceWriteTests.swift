import HitIndexFixtures
import HitIndexReference
import Testing

@testable import HitIndex

/// The writer-only columns are written in place, their earlier bytes kept in the pager's
/// before-image log: a rolled-back transaction must leave every one of their bytes as the last
/// commit left it, and the checker must refuse a log entry that points anywhere else.
@Suite struct InPlaceWriteTests {
    /// Every byte of every page of every writer-only column, by column (free and unwritten
    /// records included: a fresh slot relies on reading zero bytes past the pool's count).
    static func writerBytes(_ store: LiveStore) -> [String: [UInt8]] {
        func bytes(_ forEachPage: ((UnsafeMutableRawPointer) -> Void) -> Void) -> [UInt8] {
            var out: [UInt8] = []
            forEachPage { page in
                // Safe: a page's body is byteCount bytes, all of them initialized.
                out += UnsafeRawBufferPointer(start: page, count: PageBlock.byteCount(page))
            }
            return out
        }
        let s = store.state
        return [
            "slots": bytes(s.slots.forEachPage), "orderNodes": bytes(s.orderNodes.forEachPage),
            "rares": bytes(s.rares.forEachPage), "boundsEntries": bytes(s.boundsEntries.forEachPage),
            "insetsEntries": bytes(s.insetsEntries.forEachPage), "alphaEntries": bytes(s.alphaEntries.forEachPage),
            "leafMeta": bytes(s.leafMeta.forEachPage),
            "blockMeta": bytes(s.blockMeta.forEachPage), "idTable": bytes(s.idTable.forEachPage),
        ]
    }

    /// Expects every writer-only byte of `store` to be what `before` holds.
    static func expectSame(_ before: [String: [UInt8]], _ store: LiveStore, _ label: String) {
        let after = writerBytes(store)
        for (name, bytes) in before {
            let now = after[name] ?? []
            let first = now.indices.first { $0 >= bytes.count || now[$0] != bytes[$0] }
            #expect(
                now.count == bytes.count && first == nil,
                "\(label): \(name) differs after the rollback (from byte \(first ?? now.count))")
        }
    }

    /// `edits` random edits of every kind (ids, hidden, frames, scrolls, inserts with ids,
    /// removals and moves in wide and small containers), none of them invalid.
    static func randomEdits(_ live: LiveIndex, _ edits: Int, _ rng: inout SeededGenerator, tag: String) {
        var views = live.windows
        var k = 0
        while k < views.count {
            views += live.subviews(of: views[k])
            k += 1
        }
        let containers = views.filter { live.subviews(of: $0).count > 1 }
        var inserted: [ViewHandle] = []
        for e in 0..<edits {
            let v = views[rng.int(below: views.count)]
            switch rng.int(below: 7) {
            case 0:
                live.set(v, \.isHidden, rng.chance(0.5))
            case 1:
                let c = live.attributes(of: v)!.center
                live.set(v, \.center, Point(x: c.x + rng.double(-3, 3), y: c.y + rng.double(-3, 3)))
            case 2:
                let c = containers[rng.int(below: containers.count)]
                let o = live.attributes(of: c)!.bounds.origin
                live.scroll(c, to: Point(x: o.x, y: o.y + rng.double(-9, 9)))
            case 3, 4:
                let parent = containers[rng.int(below: containers.count)]
                let count = live.subviews(of: parent).count
                if let h = live.createView(
                    ViewAttributes(
                        bounds: Rect(x: 0, y: 0, width: 10, height: 10),
                        center: Point(x: rng.double(0, 300), y: rng.double(0, 300))),
                    id: "\(tag).\(e)", in: parent, at: .index(rng.int(in: 0...count)))
                {
                    inserted.append(h)
                }
            case 5:
                guard !inserted.isEmpty else { continue }
                live.remove(inserted.swapRemove(at: rng.int(below: inserted.count)))
            default:
                guard !inserted.isEmpty else { continue }
                let parent = containers[rng.int(below: containers.count)]
                let moved = inserted[rng.int(below: inserted.count)]
                // A position counts the siblings without the moved view.
                let count = live.subviews(of: parent).count - (live.superview(of: moved) == parent ? 1 : 0)
                live.move(moved, into: parent, at: .index(rng.int(in: 0...count)))
            }
        }
    }

    @Test(arguments: [SceneShape.grid, .ui, .overlap])
    func aRollbackRestoresEveryWriterOnlyByte(shape: SceneShape) throws {
        for seed: UInt64 in 1...4 {
            let live = try LiveIndex(shape.generate(count: 3_000, seed: seed))
            var rng = SeededGenerator(seed: seed)
            // Committed edits first, so the transaction below writes into pages of older versions.
            Self.randomEdits(live, 300, &rng, tag: "committed")
            try live.commit()
            let before = Self.writerBytes(live.store)
            let answers = (0..<200).map { _ in Point(x: rng.double(-10, 400), y: rng.double(-10, 700)) }

            Self.randomEdits(live, 400, &rng, tag: "rolled-back")
            #expect(live.store.pager.beforeImageCount > 0, "seed \(seed): the transaction wrote nothing in place")
            live.discard()

            #expect(live.store.pager.beforeImageCount == 0, "seed \(seed)")
            Self.expectSame(before, live.store, "\(shape), seed \(seed)")
            #expect(live.invariantViolations().isEmpty, "\(shape), seed \(seed)")
            // The store goes on from the restored state: an edit after the rollback commits and
            // answers as the committed scene with that edit does.
            Self.randomEdits(live, 50, &rng, tag: "after")
            let snapshot = try live.commit()
            #expect(live.invariantViolations().isEmpty, "\(shape), seed \(seed)")
            let scene = live.makeScene()
            for p in answers {
                let got = snapshot.hitTest(p).flatMap { snapshot.id(of: $0.handle) }
                let want = ReferenceHitTester().hitTest(scene, at: p).map(\.id).flatMap { $0.isEmpty ? nil : $0 }
                #expect(got == want, "\(shape), seed \(seed), point \(p)")
            }
        }
    }

    /// Every byte of every page of every column snapshots read, by column (unwritten records
    /// included).
    static func sharedBytes(_ store: LiveStore) -> [String: [UInt8]] {
        func bytes(_ forEachPage: ((UnsafeMutableRawPointer) -> Void) -> Void) -> [UInt8] {
            var out: [UInt8] = []
            forEachPage { page in
                // Safe: a page's body is byteCount bytes, all of them initialized.
                out += UnsafeRawBufferPointer(start: page, count: PageBlock.byteCount(page))
            }
            return out
        }
        let s = store.state
        return [
            "records": bytes(s.records.forEachPage), "extras": bytes(s.extras.column.forEachPage),
            "wideGeometries": bytes(s.wideGeometries.column.forEachPage), "leaves": bytes(s.leaves.forEachPage),
            "blocks": bytes(s.blocks.forEachPage), "idBytes": bytes(s.idBytes.forEachPage),
        ]
    }

    /// Shared columns are written in place past their fresh mark (a new view's record and id
    /// bytes, new side entries and hierarchy nodes): a rolled-back transaction must leave every
    /// byte of their pages as the last commit left it, unwritten records included.
    @Test(arguments: [SceneShape.grid, .ui, .overlap])
    func aRollbackRestoresEverySharedByte(shape: SceneShape) throws {
        for seed: UInt64 in 1...3 {
            let live = try LiveIndex(shape.generate(count: 3_000, seed: seed))
            var rng = SeededGenerator(seed: seed)
            Self.randomEdits(live, 300, &rng, tag: "committed")
            try live.commit()
            let before = Self.sharedBytes(live.store)
            let marks = live.store.state.records.highWater
            Self.randomEdits(live, 400, &rng, tag: "rolled-back")
            #expect(live.store.state.records.highWater > marks, "seed \(seed): no new record was written")
            live.discard()
            let after = Self.sharedBytes(live.store)
            for (name, bytes) in before {
                let now = after[name] ?? []
                let first = now.indices.first { $0 >= bytes.count || now[$0] != bytes[$0] }
                #expect(
                    now.count == bytes.count && first == nil,
                    "\(shape), seed \(seed): \(name) differs after the rollback (from byte \(first ?? now.count))")
            }
            #expect(live.invariantViolations().isEmpty, "\(shape), seed \(seed)")
        }
    }

    /// A new view's record and id bytes go into the pages that already hold their neighbours,
    /// unchanged in place (no snapshot reads past what its version wrote): the column keeps its
    /// compacted layout, and a snapshot held from before answers as before.
    @Test func aNewViewIsWrittenInPlacePastTheFreshMark() throws {
        let live = try LiveIndex(SceneShape.grid.generate(count: 2_000, seed: 8))
        let store = live.store
        try #require(store.state.records.flat != nil && store.state.idBytes.flat != nil, "a fresh build is compacted")
        let slot = store.state.slots.count
        let idOffset = store.state.counts.idBytesUsed
        try #require(slot % (1 << PagedColumn<ViewRecord>.pageShift) != 0, "the last record page has room")
        try #require(idOffset % (1 << PagedColumn<UInt8>.pageShift) != 0, "the last id page has room")
        let recordAddress = store.state.records.reader.flatPointer(slot)
        let idAddress = store.state.idBytes.reader.flatPointer(idOffset)
        let held = live.snapshot
        let points = (0..<300).map { k in Point(x: Double(k % 20) * 17.5 + 0.25, y: Double(k / 20) * 41.5 + 0.25) }
        let answers = points.map { held.hitTest($0)?.handle }
        let window = try #require(live.windows.first)
        let made = try #require(
            live.createView(
                ViewAttributes(bounds: Rect(x: 0, y: 0, width: 500, height: 900), center: Point(x: 250, y: 450)),
                id: "fresh.view", in: window, at: .front))
        try live.commit()
        #expect(Int(made.slot) == slot)
        #expect(store.state.records.reader.pointer(slot) == recordAddress, "the record was not written in place")
        #expect(store.state.idBytes.reader.pointer(idOffset) == idAddress, "the id was not written in place")
        #expect(store.state.idBytes.flat != nil, "the id bytes lost their compacted layout")
        #expect(live.snapshot.hitTest(Point(x: 250, y: 450))?.handle == made, "the new view covers the window")
        #expect(!held.contains(made))
        #expect(points.map { held.hitTest($0)?.handle } == answers, "the held snapshot changed")
    }

    /// A commit forgets the log; a rejected transaction (an invalid edit among valid ones) rolls
    /// back through it like a discard.
    @Test func aRejectedTransactionRestoresTheWriterOnlyBytes() throws {
        let live = try LiveIndex(SceneShape.grid.generate(count: 2_000, seed: 9))
        var rng = SeededGenerator(seed: 9)
        Self.randomEdits(live, 100, &rng, tag: "a")
        try live.commit()
        #expect(live.store.pager.beforeImageCount == 0)
        let before = Self.writerBytes(live.store)
        Self.randomEdits(live, 200, &rng, tag: "b")
        live.remove(ViewHandle(slot: 999_999, generation: 1))
        #expect(throws: EditError.self) { try live.commit() }
        Self.expectSame(before, live.store, "seed 9, rejected")
        #expect(live.invariantViolations().isEmpty)
    }

    /// A compaction after in-place writes replaces the written pages in the same transaction:
    /// the checker still finds the kept bytes in them, a rollback still restores them, and a
    /// commit (which runs the checker in debug builds) goes through.
    @Test func aCompactionAfterInPlaceWrites() throws {
        for ending in ["discard", "commit"] {
            let live = try LiveIndex(SceneShape.grid.generate(count: 2_000, seed: 5))
            var rng = SeededGenerator(seed: 5)
            Self.randomEdits(live, 100, &rng, tag: "a")
            try live.commit()
            let before = Self.writerBytes(live.store)
            // Enough inserts to add pages to the slot pool, so that its column is not compact.
            Self.randomEdits(live, 600, &rng, tag: "b")
            #expect(live.store.pager.beforeImageCount > 0)
            live.compact()
            #expect(live.invariantViolations().isEmpty, "\(ending): after the compaction")
            if ending == "discard" {
                live.discard()
                Self.expectSame(before, live.store, "compaction, then discard")
            } else {
                try live.commit()
            }
            #expect(live.invariantViolations().isEmpty, "\(ending)")
        }
    }

    /// A rehash of the id table inside a transaction writes new pages instead of keeping a
    /// before-image of every entry, and a rollback still gives the old table back.
    @Test func aRehashInsideATransaction() throws {
        let live = try LiveIndex(SceneShape.grid.generate(count: 2_000, seed: 6))
        var rng = SeededGenerator(seed: 6)
        Self.randomEdits(live, 50, &rng, tag: "a")
        try live.commit()
        let before = Self.writerBytes(live.store)
        let capacity = live.store.state.counts.idTableCapacity
        let parent = try #require(live.windows.first)
        for k in 0..<1_000 {
            live.createView(
                ViewAttributes(bounds: Rect(x: 0, y: 0, width: 4, height: 4), center: Point(x: Double(k), y: 7)),
                id: "rehash.\(k)", in: parent, at: .front)
        }
        #expect(live.store.state.counts.idTableCapacity > capacity, "the inserts did not rehash the table")
        // A before-image a write at most (about two a view: its slot and its parent's order),
        // not one for each of the table's thousands of entries.
        #expect(live.store.pager.beforeImageCount < 2 * capacity, "\(live.store.pager.beforeImageCount) kept")
        #expect(live.invariantViolations().isEmpty)
        live.discard()
        Self.expectSame(before, live.store, "rehash, then discard")
        #expect(live.handle(forID: "rehash.0") == nil)
        #expect(live.invariantViolations().isEmpty)
    }

    /// The checker refuses a before-image outside the writer-only columns' older pages: one in a
    /// page snapshots read, one in a page this version created, and one below the fresh mark of
    /// a shared page this version copied (the old page stays allocated until the commit, but only
    /// its records past the fresh mark could have been written in place).
    @Test func theCheckerCatchesAMisplacedBeforeImage() throws {
        let places = ["a record of a shared page", "a page this version created", "an old record of a copied page"]
        for place in places {
            let live = try LiveIndex(SceneShape.grid.generate(count: 2_000, seed: 3))
            let v = try #require(live.windows.first)
            live.set(v, \.alpha, 0.5)  // opens a transaction
            #expect(live.invariantViolations().isEmpty, "the control")
            let store = live.store
            let address: UnsafeRawPointer
            if place == "a record of a shared page" {
                address = UnsafeRawPointer(store.state.records.reader.pointer(1))
            } else if place == "an old record of a copied page" {
                // Record 1 is below the fresh mark: a write to it copies its page.
                address = UnsafeRawPointer(store.state.records.reader.pointer(1))
                let generation = store.state.records[1].generation
                store.state.records.update(1) { $0.generation = generation }
                #expect(
                    UnsafeRawPointer(store.state.records.reader.pointer(1)) != address,
                    "the write did not copy the page")
                #expect(live.invariantViolations().isEmpty, "the control, after the copy")
            } else {
                let fresh = store.pager.allocate(bodyBytes: 64)
                address = UnsafeRawPointer(fresh)
            }
            store.pager.keepBeforeImage(UnsafeMutableRawPointer(mutating: address), byteCount: 8)
            let problems = live.invariantViolations().map(\.description)
            #expect(problems.contains { $0.contains("before-images") }, "\(place): \(problems)")
            // Not written back into a shared page by the discard.
            store.pager.forgetBeforeImages()
            live.discard()
        }
    }
}

extension Array {
    fileprivate mutating func swapRemove(at i: Int) -> Element {
        swapAt(i, count - 1)
        return removeLast()
    }
}
