import HitIndexFixtures
import Testing

@testable import HitIndex

/// The live index's memory account (what the benchmark reports as `bytesPerView`): every
/// structure is there, the records column holds at least one 96-byte record per slot, blocks kept
/// for a held snapshot appear while it is held and go once it is released, and a slab whose pages
/// edits copied away still counts whole (the allocator frees it only with its last page).
@Suite struct MemoryAccountTests {
    /// One window holding `count` 10×10 cells in a column.
    static func list(_ count: Int) throws -> LiveIndex {
        let window = Window(id: "W", frame: Rect(x: 0, y: 0, width: 100, height: Double(count) * 10))
        for i in 0..<count {
            window.addSubview(View(id: "c\(i)", frame: Rect(x: 0, y: Double(i) * 10, width: 10, height: 10)))
        }
        return try LiveIndex(Scene(windows: [window]))
    }

    /// Changes every `step`-th cell of ``list(_:)``'s 20,000 (each in another records page for a
    /// step of 32 or more), then commits.
    static func edit(_ live: LiveIndex, every step: Int, _ change: (inout ViewAttributes) -> Void) throws {
        for i in stride(from: 0, to: 20_000, by: step) {
            let v = try #require(live.handle(forID: "c\(i)"))
            var a = try #require(live.attributes(of: v))
            change(&a)
            #expect(live.setAttributes(v, a))
        }
        try live.commit()
    }

    static func bytes(_ live: LiveIndex, _ structure: String) -> Int {
        live.memoryAccount.filter { $0.structure == structure }.reduce(0) { $0 + $1.bytes }
    }

    static func total(_ live: LiveIndex, _ part: MemoryPart? = nil) -> Int {
        live.memoryAccount.filter { part == nil || $0.part == part }.reduce(0) { $0 + $1.bytes }
    }

    @Test func everyStructureIsCountedAndTheRecordsHoldEverySlot() throws {
        let count = 20_000
        let live = try Self.list(count)
        let account = live.memoryAccount
        let names = Set(account.map(\.structure))
        for name in [
            "records", "extras", "wide geometries", "hierarchy leaves", "hierarchy blocks", "id bytes", "slot states",
            "order trees",
            "rare attributes", "id table", "blocks kept for reuse", "blocks kept for held snapshots", "bookkeeping",
        ] {
            #expect(names.contains(name), "the account lists \(name)")
        }
        #expect(account.allSatisfy { $0.bytes >= 0 })
        // Slots: the screen, the window and the cells, each an 88-byte record; a page's header
        // and the directories add a few percent, not more.
        let records = Self.bytes(live, "records")
        let slots = count + 2
        #expect(records >= slots * 88, "records \(records) B for \(slots) slots")
        #expect(records <= slots * 88 * 11 / 10 + 65_536, "records \(records) B for \(slots) slots")
        // The ids ("c0" … "c19999", "W"): their UTF-8 bytes at least.
        let idBytes = (0..<count).reduce(1) { $0 + "c\($1)".utf8.count }
        #expect(Self.bytes(live, "id bytes") >= idBytes)
        // The writer keeps something of its own for every view (its slot state, its id's entry).
        #expect(Self.total(live, .writer) >= count * 8)
    }

    @Test func theIDTableHoldsAtMostTwoEightByteEntriesAnID() throws {
        // 20,001 ids loaded (the cells and the window): 1.5 entries an id. Then ids renamed,
        // removed and added one by one, through rehashes: never more than 2 entries an id it
        // held at its last rehash, and never over three quarters full (the checker's bound).
        let count = 20_000
        let live = try Self.list(count)
        let ids = count + 1
        // A page's header and the directories add a few percent.
        func tableBytes() -> Int { Self.bytes(live, "id table") }
        #expect(tableBytes() >= ids * 12 && tableBytes() <= ids * 12 * 11 / 10 + 8_192, "loaded: \(tableBytes()) B")
        var idCount = ids
        for i in stride(from: 0, to: count, by: 2) {
            let v = try #require(live.handle(forID: "c\(i)"))
            #expect(live.setID(v, i % 4 == 0 ? nil : "renamed\(i)"))
            if i % 4 == 0 { idCount -= 1 }
        }
        try live.commit()
        #expect(live.invariantViolations().isEmpty)
        for i in stride(from: 0, to: count, by: 4) {
            let v = try #require(live.handle(forID: "c\(i + 1)"))
            #expect(live.setID(v, "again\(i)"))
            #expect(live.handle(forID: "c\(i + 1)") == nil && live.handle(forID: "again\(i)") == v)
        }
        try live.commit()
        #expect(live.invariantViolations().isEmpty)
        // At most 1.75 entries an id at a rehash, with the ids of now or of before the removes.
        #expect(tableBytes() <= ids * 14 * 11 / 10 + 8_192, "\(idCount) ids: \(tableBytes()) B")
    }

    @Test func aLoadAndACompactionKeepNoFreedBlocks() throws {
        // A load writes pages, then lays the columns out again in slabs; the pages it leaves are
        // given back, not pooled. The same for a compaction after edits.
        let live = try Self.list(20_000)
        #expect(Self.bytes(live, "blocks kept for reuse") == 0)
        try Self.edit(live, every: 300) { $0.alpha = 0.5 }
        live.compact()
        try live.commit()
        #expect(Self.bytes(live, "blocks kept for reuse") == 0)
        #expect(live.invariantViolations().isEmpty)
    }

    @Test func aHeldSnapshotsBlocksAreCountedUntilItIsReleased() throws {
        let live = try Self.list(20_000)
        #expect(Self.bytes(live, "blocks kept for held snapshots") == 0)
        // One cell in every 500th slot, each in a different records page: a first edit copies
        // those pages out of the load's slab into blocks of their own (a page left in a slab
        // costs nothing more while the slab lives).
        try Self.edit(live, every: 500) { $0.isUserInteractionEnabled = false }
        var held: IndexSnapshot? = live.snapshot
        try Self.edit(live, every: 500) { $0.isHidden = true }
        let kept = Self.bytes(live, "blocks kept for held snapshots")
        // At least the 40 record pages the held snapshot still reads.
        #expect(kept >= 40 * 1024, "kept \(kept) B for the held snapshot")
        #expect(held?.version == 2)
        held = nil
        // The writer looks at the leases when it commits.
        let v = try #require(live.handle(forID: "c1"))
        var a = try #require(live.attributes(of: v))
        a.alpha = 0.5
        #expect(live.setAttributes(v, a))
        try live.commit()
        #expect(Self.bytes(live, "blocks kept for held snapshots") == 0)
    }

    @Test func leaseWordsComeBackOnceTheirSnapshotsGo() throws {
        // Each commit leases a word of the arena's table to its snapshot, and the word is free
        // again once the snapshot is gone: 2,000 commits whose snapshots are dropped use one
        // chunk of 64 words, 300 snapshots held at once take at least 300 words, and the commits
        // after they go reuse those (a table that never reused a word would hold one a commit).
        let live = try Self.list(100)
        let arena = live.store.pager.arena
        let cell = try #require(live.handle(forID: "c0"))
        var hidden = false
        func editAndCommit() throws -> IndexSnapshot {
            hidden.toggle()
            #expect(live.set(cell, \.isHidden, hidden))
            return try live.commit()
        }
        for _ in 0..<2_000 { _ = try editAndCommit() }
        #expect(arena.leaseWordCount == 64, "\(arena.leaseWordCount) words after 2,000 dropped snapshots")
        // Only the current snapshot (the index's own reference) is alive.
        #expect(arena.liveVersions == [live.snapshot.version])

        var held: [IndexSnapshot] = []
        for _ in 0..<300 { held.append(try editAndCommit()) }
        let holding = arena.leaseWordCount
        #expect(holding >= 300 && holding <= 384, "\(holding) words for 300 held snapshots")
        #expect(arena.liveVersions == held.map(\.version), "the held snapshots' versions, in order")
        held.removeAll()
        for _ in 0..<2_000 { _ = try editAndCommit() }
        #expect(arena.leaseWordCount == holding, "\(arena.leaseWordCount) words 2,000 commits after")
        #expect(arena.liveVersions == [live.snapshot.version])
    }

    @Test func hidingAndShowingCellsWritesNoInnerBlock() throws {
        // A hidden cell's lane empties and its leaf's box may shrink; the blocks above keep
        // enclosing it as they were (a box is a filter), so none of their pages is copied out
        // of the load's slab. Showing the cells again grows each leaf back inside those boxes.
        let live = try Self.list(20_000)
        let blocks = Self.bytes(live, "hierarchy blocks")
        let leaves = Self.bytes(live, "hierarchy leaves")
        let cells = try (0..<800).map { i in try #require(live.handle(forID: "c\(i)")) }
        let point = { (i: Int) in Point(x: 5, y: Double(i) * 10 + 5) }
        let window = try #require(live.windows.first)
        for hidden in [true, false] {
            for cell in cells { #expect(live.set(cell, \.isHidden, hidden)) }
            try live.commit()
            #expect(live.invariantViolations().isEmpty)
            #expect(Self.bytes(live, "hierarchy blocks") == blocks, "an inner block was copied (hidden: \(hidden))")
            if hidden { #expect(Self.bytes(live, "hierarchy leaves") > leaves, "the hides wrote no leaf") }
            for i in [0, 1, 399, 799] {
                let want: ViewHandle = hidden ? window : cells[i]
                #expect(live.snapshot.hitTest(point(i))?.handle == want, "cell \(i), hidden: \(hidden)")
            }
            #expect(live.snapshot.hitTest(point(800))?.handle == live.handle(forID: "c800"))
        }
    }

    @Test func movesAndInsertsInAWideContainerWriteNoNeighboursRecord() throws {
        // Under a container with an order tree, subviews keep no sibling links: a move among them
        // writes no record at all (not the moved view's, not a neighbour's), and an insert writes
        // only its own fresh record, so no record page is copied out of the load's slab.
        let live = try Self.list(20_000)
        let window = try #require(live.windows.first)
        var order = try (0..<20_000).map { i in try #require(live.handle(forID: "c\(i)")) }
        let records = Self.bytes(live, "records")
        var rng = SeededGenerator(seed: 26)
        for step in 0..<300 {
            // Away from the front, whose change writes the window's record (in the slab too).
            let from = rng.int(below: order.count - 1)
            let to = rng.int(below: order.count - 2)
            let v = order.remove(at: from)
            order.insert(v, at: to)
            #expect(live.move(v, into: window, at: .index(to)), "seed 26, step \(step)")
        }
        try live.commit()
        #expect(Self.bytes(live, "records") == records, "a move copied a record page (seed 26)")
        #expect(live.subviews(of: window) == order, "seed 26")
        #expect(live.snapshot.subviews(of: window) == order, "seed 26")
        #expect(live.invariantViolations().isEmpty)
        // Moving the front-most cell back and forth keeps the window's front-most link current.
        let front = order.removeLast()
        order.insert(front, at: 5)
        #expect(live.move(front, into: window, at: .index(5)))
        try live.commit()
        #expect(live.snapshot.subviews(of: window) == order)
        #expect(live.snapshot.hitTest(Point(x: 5, y: 199_995))?.handle == live.handle(forID: "c19999"))
        #expect(live.invariantViolations().isEmpty)
    }

    @Test func copyingPagesOutOfASlabAddsMemoryUntilCompacted() throws {
        let live = try Self.list(20_000)
        let before = Self.total(live)
        try Self.edit(live, every: 500) { $0.isUserInteractionEnabled = false }
        // The copies are new blocks; the slab they were copied from is still allocated whole.
        let afterEdits = Self.total(live)
        #expect(afterEdits > before + 40 * 1024, "before \(before) B, after the edits \(afterEdits) B")
        #expect(live.invariantViolations().isEmpty)
    }
}
