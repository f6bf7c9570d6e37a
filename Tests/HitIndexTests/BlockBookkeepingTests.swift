import HitIndexFixtures
import Testing

@testable import HitIndex

/// The writer's lists of blocks: the arena frees exactly the retired blocks no live snapshot can
/// see, the pool hands back blocks of the size asked for, and the checker names a pool whose
/// stacks were corrupted.
@Suite struct BlockBookkeepingTests {
    /// A block of `bodyBytes` made by `version` (freed by the caller or the code under test).
    static func block(_ bodyBytes: Int, version: UInt64) -> UnsafeMutableRawPointer {
        PageBlock.allocate(bodyBytes: bodyBytes, version: version)
    }

    /// Random leases and retired blocks: after each reclaim, the blocks freed are exactly those
    /// whose versions `first ... last` hold no live snapshot's version — the rule written out
    /// here as a scan of every live version, not the arena's search or its shortcuts.
    @Test(arguments: 1...6) func reclaimFreesExactlyTheBlocksNoLiveSnapshotSees(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let arena = PageArena()
        var leases: [(version: UInt64, lease: SnapshotLease, released: Bool)] = []
        var waiting: [UnsafeMutableRawPointer: (first: UInt64, last: UInt64)] = [:]
        var version: UInt64 = 1
        for round in 0..<60 {
            // Retire a few blocks made by earlier versions, replaced by the one being written.
            for _ in 0..<rng.int(in: 0...6) where version > 1 {
                let first = UInt64(rng.int(in: 1...Int(version - 1)))
                let body = Self.block(64, version: first)
                arena.retire(body, replacedBy: version)
                waiting[body] = (first, version - 1)
            }
            // Publish this version's snapshot, and let some earlier snapshots go.
            leases.append((version, arena.lease(version: version), false))
            for k in leases.indices where !leases[k].released && rng.int(below: 3) == 0 {
                leases[k].lease.release()
                leases[k].released = true
            }
            let live = leases.filter { !$0.released }.map(\.version)
            var freed: [UnsafeMutableRawPointer] = []
            arena.reclaim { freed.append($0) }
            let expected = Set(
                waiting.filter { _, range in !live.contains { range.first <= $0 && $0 <= range.last } }.keys)
            #expect(Set(freed) == expected, "seed \(seed), round \(round): live \(live)")
            for body in freed {
                waiting[body] = nil
                PageBlock.free(body)
            }
            #expect(arena.retiredCount == waiting.count, "seed \(seed), round \(round)")
            version += 1
        }
        for k in leases.indices where !leases[k].released { leases[k].lease.release() }
        // The arena frees what it still holds when it goes.
    }

    @Test func thePoolHandsBackBlocksOfTheSizeAskedForNewestFirst() {
        var pool = BlockPool()
        defer { pool.removeAll(PageBlock.free) }
        let small = (0..<3).map { _ in Self.block(256, version: 1) }
        let large = (0..<2).map { _ in Self.block(4096, version: 1) }
        var keptAll = true
        for b in small + large { keptAll = pool.keep(b, limit: 1 << 20) && keptAll }
        #expect(keptAll)
        var bytes = pool.bytes
        #expect(bytes == 3 * 256 + 2 * 4096)
        var problems = pool.violations()
        #expect(problems.isEmpty)
        let taken = [
            pool.take(bodyBytes: 1024), pool.take(bodyBytes: 4096), pool.take(bodyBytes: 256),
            pool.take(bodyBytes: 256),
        ]
        #expect(taken == [nil, large[1], small[2], small[1]])
        bytes = pool.bytes
        #expect(bytes == 256 + 4096)
        // Past the limit, a block is not kept.
        let extra = Self.block(4096, version: 1)
        let keptPastLimit = pool.keep(extra, limit: 4096)
        #expect(!keptPastLimit)
        PageBlock.free(extra)
        for b in [small[2], small[1], large[1]] { PageBlock.free(b) }
        problems = pool.violations()
        #expect(problems.isEmpty)
    }

    @Test func thePoolKeepsManySizesAndRefusesPastItsTable() {
        var pool = BlockPool()
        defer { pool.removeAll(PageBlock.free) }
        var refused = 0
        for k in 1...(BlockPool.maxSizes + 5) {
            let b = Self.block(8 * k, version: 1)
            if !pool.keep(b, limit: .max) {
                refused += 1
                PageBlock.free(b)
            }
        }
        #expect(refused == 5)
        for k in 1...BlockPool.maxSizes {
            let b = pool.take(bodyBytes: 8 * k)
            #expect(b != nil && PageBlock.byteCount(b!) == 8 * k, "size \(8 * k)")
            if let b { PageBlock.free(b) }
        }
        let (bytes, problems) = (pool.bytes, pool.violations())
        #expect(bytes == 0 && problems.isEmpty)
    }

    /// Each corruption of a pool's stacks is named: a block whose size changed under it, and a
    /// block kept twice (it would be handed out twice).
    @Test func theCheckerNamesACorruptedPool() {
        var pool = BlockPool()
        defer { pool.removeAll(PageBlock.free) }
        let blocks = (0..<3).map { _ in Self.block(512, version: 1) }
        var keptAll = true
        for b in blocks { keptAll = pool.keep(b, limit: .max) && keptAll }
        #expect(keptAll)
        // A size rewritten: the block sits in the stack of another size.
        (blocks[1] - PageBlock.headerSize).storeBytes(of: 1024, toByteOffset: 8, as: Int.self)
        var problems = pool.violations()
        #expect(problems.contains { $0.contains("1024 bytes in the stack of 512") })
        (blocks[1] - PageBlock.headerSize).storeBytes(of: 512, toByteOffset: 8, as: Int.self)
        problems = pool.violations()
        #expect(problems.isEmpty)
        // A block freed twice.
        let again = pool.keep(blocks[0], limit: .max)
        #expect(again)
        problems = pool.violations()
        #expect(problems.contains { $0.contains("kept twice") })
        _ = pool.take(bodyBytes: 512)
        problems = pool.violations()
        #expect(problems.isEmpty)
    }

    /// Through a live index: the blocks commits free are kept for reuse, and the store's
    /// checker runs the pool's check (a pooled block whose size was rewritten is named).
    @Test func aLiveIndexPoolsFreedBlocksAndItsCheckerSeesThePool() throws {
        let index = try LiveIndex(SceneShape.grid.generate(count: 2_000, seed: 3))
        let cells = index.subviews(of: index.subviews(of: index.windows[0])[0])
        for (k, cell) in cells.prefix(50).enumerated() {
            #expect(index.set(cell, \.isHidden, k % 2 == 0))
            _ = try index.commit()
        }
        #expect(index.invariantViolations().isEmpty)
        var kept: [UnsafeMutableRawPointer] = []
        index.store.pager.forEachPooledBlock { kept.append($0) }
        #expect(!kept.isEmpty, "commits free the pages they replaced into the pool")
        let header = kept[0] - PageBlock.headerSize
        let size = PageBlock.byteCount(kept[0])
        header.storeBytes(of: size + 8, toByteOffset: 8, as: Int.self)
        #expect(index.invariantViolations().contains { $0.description.contains("in the stack of \(size)") })
        header.storeBytes(of: size, toByteOffset: 8, as: Int.self)
        #expect(index.invariantViolations().isEmpty)
    }
}
