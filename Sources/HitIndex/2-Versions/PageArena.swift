internal import CHitIndexAtomics

/// The memory a store shares with its snapshots: the blocks the writer replaced while some
/// snapshot may still read them, freed once no live snapshot can.
///
/// The retired blocks wait in lists of addresses (``BlockList``), each block with the last
/// version that can see it in its header: a commit retires and frees about ten blocks.
///
/// A block created by version `c` and replaced while version `w` was being written is visible to
/// the snapshots of versions `c ..< w` and to no other. The arena frees it when no snapshot of
/// such a version is alive. Snapshots announce that they are gone through their
/// ``SnapshotLease`` (one atomic store, from whatever thread drops the last reference); the writer
/// looks at the leases when it commits. Every other method is the writer's.
///
/// The arena outlives the writer while snapshots hold it: when the writer goes, it hands over the
/// blocks that were still current (``adopt(_:)``), and the last snapshot to go frees them.
final class PageArena: @unchecked Sendable {
    // @unchecked Sendable: the stored state below is touched only by the writer (and by deinit,
    // when nobody else holds the arena); a lease is shared only through its word, which both
    // sides touch atomically.
    private struct Lists: ~Copyable {
        /// Retired blocks that a live snapshot could see at the last full scan.
        var pinned = BlockList()
        /// Retired blocks not looked at yet.
        var fresh = BlockList()
        var adopted: [UnsafeMutableRawPointer] = []
        /// The leases of published snapshots not known to be released, in increasing version
        /// order.
        var leases: [Lease] = []
        /// Lease words no snapshot holds, reused before a new chunk is allocated.
        var freeWords: [UnsafeMutablePointer<UInt>] = []
        /// The chunks of lease words, each ``leaseChunk`` words, freed with the arena.
        var chunks: [UnsafeMutablePointer<UInt>] = []
    }
    /// A published snapshot's entry: its version and its word (0 while it is alive, 1 once gone).
    private struct Lease {
        var version: UInt64
        var word: UnsafeMutablePointer<UInt>
    }
    /// Lease words per chunk: a chunk never moves, so a snapshot may store to its word while the
    /// writer adds chunks.
    private static let leaseChunk = 64
    /// Release builds skip the run-time exclusivity check on the lists, as on the pager's: only
    /// the writer touches them, in short methods that call nothing holding an access (the
    /// checks were about a twentieth of a scroll's edit and commit at 1M views).
    #if DEBUG
        private var lists = Lists()
    #else
        @exclusivity(unchecked) private var lists = Lists()
    #endif

    /// How many blocks wait for snapshots to go (for tests and the benchmark).
    /// - Complexity: O(1).
    var retiredCount: Int { lists.pinned.count + lists.fresh.count }

    /// A lease for the snapshot of `version`, which must be greater than every earlier one.
    /// - Complexity: O(1) amortized.
    func lease(version: UInt64) -> SnapshotLease {
        precondition(lists.leases.last.map { $0.version < version } ?? true, "snapshot versions increase")
        if lists.freeWords.isEmpty {
            let chunk = UnsafeMutablePointer<UInt>.allocate(capacity: Self.leaseChunk)
            chunk.initialize(repeating: 0, count: Self.leaseChunk)
            lists.chunks.append(chunk)
            lists.freeWords.reserveCapacity(lists.chunks.count * Self.leaseChunk)
            for k in (0..<Self.leaseChunk).reversed() { lists.freeWords.append(chunk + k) }
        }
        let word = lists.freeWords.removeLast()
        // The word's last snapshot stored 1 with release order and the writer loaded it with
        // acquire order before freeing it (``reclaim(recycle:)``): that snapshot is done with it.
        hix_atomic_store_release(word, 0)
        lists.leases.append(Lease(version: version, word: word))
        return SnapshotLease(word: word)
    }

    /// Hands over a block replaced while `replacedBy` was being written.
    /// - Complexity: O(1).
    func retire(_ body: UnsafeMutableRawPointer, replacedBy version: UInt64) {
        precondition(PageBlock.version(body) < version, "a block is replaced by a later version than made it")
        body.storeBytes(of: version - 1, toByteOffset: PageBlock.lastVisibleOffset, as: UInt64.self)
        lists.fresh.push(body)
    }

    /// Takes ownership of a block that was current when the writer went away.
    /// - Complexity: O(1) amortized.
    func adopt(_ body: UnsafeMutableRawPointer) {
        lists.adopted.append(body)
    }

    /// Frees every retired block that no live snapshot can see.
    ///
    /// Blocks found visible stay pinned and are looked at again only after some snapshot has
    /// gone, so holding an old snapshot across many commits does not make each commit slower.
    /// - Complexity: O(f log s) for f blocks retired since the last call and s live snapshots;
    ///   plus O(p log s) for the p pinned blocks when a snapshot went.
    func reclaim(recycle: (UnsafeMutableRawPointer) -> Void = PageBlock.free) {
        // The lease list is swapped out of the object while it changes (and swapped back): one
        // exclusivity check instead of one per element, and no retain, release or copy.
        var leases: [Lease] = []
        swap(&leases, &lists.leases)
        defer { swap(&leases, &lists.leases) }
        let before = leases.count
        var alive = 0
        for k in leases.indices {
            // Acquire: pairs with the snapshot's release store, so what its thread did before it
            // went happened before the blocks it could see are freed.
            if hix_atomic_load_acquire(leases[k].word) != 0 {
                lists.freeWords.append(leases[k].word)
                continue
            }
            leases[alive] = leases[k]
            alive += 1
        }
        if alive < before { leases.removeLast(before - alive) }
        // Leases are in increasing version order, so the live versions are sorted. (No array is
        // made here: a commit's reclaim allocating two was a tenth of a scroll's commit.)
        let oldest = leases.first?.version ?? .max
        let newest = leases.last?.version ?? 0
        func visible(_ body: UnsafeMutableRawPointer) -> Bool {
            let first = PageBlock.version(body)
            let last = body.load(fromByteOffset: PageBlock.lastVisibleOffset, as: UInt64.self)
            // The usual cases need no search: a commit's blocks are seen by the snapshot it
            // replaces (the newest), and at the next commit by none (that snapshot has gone).
            if oldest > last || newest < first { return false }
            if newest <= last || oldest >= first { return true }
            // The first live version at or after `first`, if any, must be past `last`.
            var lo = 0
            var hi = leases.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if leases[mid].version < first { lo = mid + 1 } else { hi = mid }
            }
            return lo < leases.count && leases[lo].version <= last
        }
        if leases.count < before {
            lists.pinned.filter { body in
                if visible(body) { return true }
                recycle(body)
                return false
            }
        }
        // By position, each access to a list on its own.
        var k = 0
        while k < lists.fresh.count {
            let body = lists.fresh[k]
            if visible(body) { lists.pinned.push(body) } else { recycle(body) }
            k += 1
        }
        lists.fresh.removeAll()
    }

    /// Calls `body` with every block the arena holds for snapshots (for the memory account).
    /// - Complexity: O(blocks held).
    func forEachHeldBlock(_ body: (UnsafeMutableRawPointer) -> Void) {
        lists.pinned.forEachBlock(body)
        lists.fresh.forEachBlock(body)
        lists.adopted.forEach(body)
    }

    /// The bytes of the arena's own lists (their capacity), for the memory account.
    /// - Complexity: O(1).
    var bookkeepingBytes: Int {
        lists.pinned.residentBytes + lists.fresh.residentBytes
            + lists.adopted.capacity * MemoryLayout<UnsafeMutableRawPointer>.stride
            + lists.leases.capacity * MemoryLayout<Lease>.stride
            + lists.freeWords.capacity * MemoryLayout<UnsafeMutablePointer<UInt>>.stride
            + lists.chunks.capacity * MemoryLayout<UnsafeMutablePointer<UInt>>.stride
            + lists.chunks.count * Self.leaseChunk * MemoryLayout<UInt>.stride
    }

    /// The lease words the table holds, free or leased (for tests).
    /// - Complexity: O(1).
    var leaseWordCount: Int { lists.chunks.count * Self.leaseChunk }

    /// The versions of the published snapshots still alive, oldest first.
    /// - Complexity: O(s) for s leases.
    var liveVersions: [UInt64] {
        lists.leases.filter { hix_atomic_load_acquire($0.word) == 0 }.map(\.version)
    }

    deinit {
        lists.pinned.forEachBlock(PageBlock.free)
        lists.fresh.forEachBlock(PageBlock.free)
        for body in lists.adopted { PageBlock.free(body) }
        // Every snapshot holds the arena, so none is left to store to a word.
        for chunk in lists.chunks { chunk.deallocate() }
    }
}

/// A published snapshot's claim on the blocks of its version: a word in its arena's lease table,
/// stored once, when the snapshot goes. A value, not an object: a commit allocated a lease and its
/// word, and the writer's look at the leases retained and released each (together about a tenth
/// of a scroll's edit and commit).
struct SnapshotLease: @unchecked Sendable {
    // @unchecked Sendable: the word is touched only atomically; its chunk lives as long as the
    // arena, which the snapshot holding this lease keeps.
    private let word: UnsafeMutablePointer<UInt>

    init(word: UnsafeMutablePointer<UInt>) { self.word = word }

    /// Marks the snapshot gone: its blocks may be freed at the writer's next commit. Called
    /// once, by the snapshot's deinit; the word is not touched after.
    /// - Complexity: O(1).
    func release() { hix_atomic_store_release(word, 1) }
}
