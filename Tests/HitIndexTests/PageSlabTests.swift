import HitIndexFixtures
import HitIndexReference
import Testing

@testable import HitIndex

/// Compaction: columns moved into one slab each read by arithmetic, the first copied page ends
/// that for its column, snapshots keep what they read, and a slab's memory goes back once its
/// last page is freed.
@Suite struct PageSlabTests {
    /// The slab a page belongs to, from its header (nil for a block of its own).
    static func slab(of body: UnsafeRawPointer) -> PageSlab? {
        (body - PageBlock.headerSize).load(fromByteOffset: PageBlock.slabOffset, as: UnsafeMutableRawPointer?.self)
            .map { Unmanaged<PageSlab>.fromOpaque($0).takeUnretainedValue() }
    }

    @Test func aCompactedColumnReadsTheSameRecordsByArithmetic() {
        let pager = Pager()
        var column = PagedColumn<UInt64>(pager: pager, shared: true)
        let count = 5_000  // 10 pages of 512 records; directory 0 only
        for i in 0..<count { column.set(i, UInt64(i) &* 0x9E37_79B9) }
        #expect(column.flat == nil)
        let paged = column.reader
        column.compact()
        let flat = column.reader
        #expect(flat.flat != nil)
        #expect(paged.flat == nil)
        // The directories lead to the same addresses as the arithmetic.
        let throughDirectories = ColumnReader<UInt64>(top: flat.top, flat: nil)
        for i in 0..<count {
            #expect(flat[i] == UInt64(i) &* 0x9E37_79B9, "record \(i)")
            #expect(flat.pointer(i) == throughDirectories.pointer(i), "record \(i)")
        }
        // Every page now sits in one slab, in order.
        let first = Self.slab(of: flat.pointer(0))
        #expect(first != nil)
        for i in stride(from: 0, to: count, by: 512) {
            #expect(Self.slab(of: flat.pointer(i)) === first, "page \(i / 512)")
        }
        _ = pager.commit()
    }

    @Test func theFirstCopiedPageEndsArithmeticReadsAndOldReadersKeepTheirRecords() {
        let pager = Pager()
        var column = PagedColumn<UInt64>(pager: pager, shared: true)
        for i in 0..<2_000 { column.set(i, UInt64(i)) }
        column.compact()
        _ = pager.commit()
        let before = column.reader
        // A write in the next version copies its page out of the slab.
        column.set(700, 7)
        let after = column.reader
        #expect(before.flat != nil && after.flat == nil)
        #expect(before[700] == 700 && after[700] == 7)
        #expect(before[1_999] == 1_999 && after[1_999] == 1_999)
        _ = pager.commit()
        // Writes in the version that compacted keep the slab layout.
        column.compact()
        column.set(5, 55)
        #expect(column.flat != nil && column.reader[5] == 55)
        _ = pager.commit()
    }

    @Test func theLayoutCheckerCatchesAPageOutOfPlace() {
        let pager = Pager()
        var column = PagedColumn<UInt64>(pager: pager, shared: true)
        for i in 0..<3_000 { column.set(i, UInt64(i)) }
        column.compact()
        #expect(column.reader.layoutViolations("c").isEmpty)
        // Swap the addresses of pages 1 and 2 in the directory (the version still writes it).
        let dir = column.top.load(as: UnsafeMutableRawPointer.self)
        let one = dir.load(fromByteOffset: 8, as: UnsafeMutableRawPointer.self)
        let two = dir.load(fromByteOffset: 16, as: UnsafeMutableRawPointer.self)
        dir.storeBytes(of: two, toByteOffset: 8, as: UnsafeMutableRawPointer.self)
        dir.storeBytes(of: one, toByteOffset: 16, as: UnsafeMutableRawPointer.self)
        let problems = column.reader.layoutViolations("c")
        #expect(problems.count == 2 && problems.allSatisfy { $0.contains("arithmetic") }, "\(problems)")
        // A page missing before the last.
        dir.storeBytes(of: nil, toByteOffset: 8, as: UnsafeMutableRawPointer?.self)
        #expect(column.reader.layoutViolations("c").contains { $0.contains("page 1 is missing") })
        dir.storeBytes(of: one, toByteOffset: 8, as: UnsafeMutableRawPointer.self)
        dir.storeBytes(of: two, toByteOffset: 16, as: UnsafeMutableRawPointer.self)
        #expect(column.reader.layoutViolations("c").isEmpty)
        _ = pager.commit()
    }

    @Test func blocksAreVisitedAfterTheBlocksTheyPointToSoTheVisitorMayFreeThem() {
        let pager = Pager()
        var column = PagedColumn<UInt64>(pager: pager, shared: false)
        // 140 pages of 512 records: two directories under the top block.
        for i in stride(from: 0, to: 140 * 512, by: 97) { column.set(i, UInt64(i)) }
        var visited: [UnsafeMutableRawPointer] = []
        column.forEachBlock { visited.append($0) }
        #expect(visited.last == column.top, "the top block comes last")
        let position = Dictionary(uniqueKeysWithValues: visited.enumerated().map { ($0.element, $0.offset) })
        #expect(position.count == visited.count, "each block once")
        for d in 0..<2 {
            let dir = column.top.load(fromByteOffset: d * 8, as: UnsafeMutableRawPointer.self)
            let dirPosition = try! #require(position[dir], "directory \(d) is visited")
            for p in 0..<128 {
                guard let page = dir.load(fromByteOffset: p * 8, as: UnsafeMutableRawPointer?.self) else { continue }
                #expect((position[page] ?? .max) < dirPosition, "page \(p) of directory \(d) before its directory")
            }
        }
        #expect(visited.count == 1 + 2 + 140)
        _ = pager.commit()
    }

    @Test func aSlabIsFreedWithItsLastPage() {
        weak var slab: PageSlab?
        do {
            let pager = Pager()
            var column = PagedColumn<UInt64>(pager: pager, shared: false)
            for i in 0..<3_000 { column.set(i, UInt64(i)) }
            column.compact()
            _ = pager.commit()
            slab = Self.slab(of: column.reader.pointer(0))
            #expect(slab != nil)
            // Copy every page out of the slab, one version at a time; replaced pages are pooled.
            for page in 0..<6 {
                column.set(page * 512, 1)
                _ = pager.commit()
            }
            #expect(slab != nil, "pooled or reused pages still belong to it")
            // What a store does when it goes: its current blocks are freed, then its pool.
            column.forEachBlock { PageBlock.free($0) }
        }
        #expect(slab == nil, "freed with its last page")
    }

    @Test func aFreshIndexIsCompactedAndCompactRestoresItAfterEdits() throws {
        let scene = SceneShape.grid.generate(count: 3_000, seed: 4)
        let live = try LiveIndex(scene)
        let fresh = live.snapshot
        #expect(fresh.store.records.flat != nil && fresh.store.leaves.flat != nil && fresh.store.blocks.flat != nil)

        let handle = live.handle(forID: scene.windows[0].subviews[0].subviews[7].id)!
        live.set(handle, \.isHidden, true)
        let edited = try live.commit()
        #expect(edited.store.records.flat == nil, "the edit copied a page of records")

        live.compact()
        let compacted = try live.commit()
        #expect(compacted.store.records.flat != nil && compacted.store.leaves.flat != nil)
        #expect(live.invariantViolations().isEmpty)

        scene.windows[0].subviews[0].subviews[7].isHidden = true
        var rng = SeededGenerator(seed: 11)
        let points = (0..<2_000).map { _ in Point(x: rng.double(-5, 200), y: rng.double(-5, 200)) }
        let want = ReferenceHitTester().hitTest(scene, at: points).map { $0?.id }
        for snapshot in [edited, compacted] {
            #expect(points.map { p in snapshot.hitTest(p).flatMap { snapshot.id(of: $0.handle) } } == want)
        }
        // The snapshot from before the edit still answers for the scene as it was loaded.
        scene.windows[0].subviews[0].subviews[7].isHidden = false
        let original = ReferenceHitTester().hitTest(scene, at: points).map { $0?.id }
        #expect(points.map { p in fresh.hitTest(p).flatMap { fresh.id(of: $0.handle) } } == original)
    }

    @Test func aRejectedTransactionUndoesItsCompaction() throws {
        let live = try LiveIndex(SceneShape.ui.generate(count: 500, seed: 2))
        let h = live.windows[0]
        live.set(h, \.isHidden, true)
        _ = try live.commit()
        #expect(live.snapshot.store.records.flat == nil)
        live.compact()
        live.set(h, \.alpha, -1)  // invalid
        #expect(throws: EditError.self) { try live.commit() }
        #expect(live.store.state.records.flat == nil, "the writer's state is back to the last commit")
        #expect(live.invariantViolations().isEmpty)
        live.compact()
        _ = try live.commit()
        #expect(live.snapshot.store.records.flat != nil)
    }

    /// A slab large enough to come fresh from the kernel (past the C allocator's largest
    /// threshold for mapping its own, 32 MiB) is zero and headed in every page, as a small one is.
    @Test func aLargeSlabIsZeroAndHeadedEverywhere() {
        let bodyBytes = 4096
        let pages = (40 << 20) / bodyBytes
        let bodies = PageSlab.allocate(pages: pages, bodyBytes: bodyBytes, version: 7)
        #expect(bodies.count == pages)
        let slab = Self.slab(of: bodies[0])
        var wrong = 0
        for body in bodies {
            let header = body - PageBlock.headerSize
            if header.load(as: UInt64.self) != 7 || header.load(fromByteOffset: 8, as: Int.self) != bodyBytes {
                wrong += 1
            }
            if Self.slab(of: body) !== slab { wrong += 1 }
            for offset in stride(from: 0, to: bodyBytes, by: 8)
            where body.load(fromByteOffset: offset, as: UInt64.self) != 0 {
                wrong += 1
            }
        }
        #expect(wrong == 0)
        for body in bodies { Self.slab(of: body)?.releasePage() }
    }
}
