/// The memory a store shares with its snapshots: the blocks the writer replaced while some
/// snapshot may still read them, freed once no live snapshot can.
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
    /// A replaced block and the versions that can see it.
    private struct Retired {
        var body: UnsafeMutableRawPointer
        var first: UInt64
        var last: UInt64
    }

    // @unchecked Sendable: the stored state below is touched only by the writer (and by deinit,
    // when nobody else holds the arena); leases are shared, but their flag is atomic.
    private struct Lists {
        /// Retired blocks that a live snapshot could see at the last full scan.
        var pinned: [Retired] = []
        /// Retired blocks not looked at yet.
        var fresh: [Retired] = []
        var adopted: [UnsafeMutableRawPointer] = []
        /// The leases of published snapshots not known to be released, in increasing version
        /// order.
        var leases: [SnapshotLease] = []
    }
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
        let lease = SnapshotLease(version: version)
        lists.leases.append(lease)
        return lease
    }

    /// Hands over a block replaced while `replacedBy` was being written.
    /// - Complexity: O(1) amortized.
    func retire(_ body: UnsafeMutableRawPointer, replacedBy version: UInt64) {
        let first = PageBlock.version(body)
        precondition(first < version, "a block is replaced by a later version than made it")
        lists.fresh.append(Retired(body: body, first: first, last: version - 1))
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
        // Each list is swapped out of the object while it changes (and swapped back): one
        // exclusivity check each instead of one per element, and no retain, release or copy.
        var leases: [SnapshotLease] = []
        var held: [Retired] = []
        var fresh: [Retired] = []
        swap(&leases, &lists.leases)
        swap(&held, &lists.pinned)
        swap(&fresh, &lists.fresh)
        defer {
            fresh.removeAll(keepingCapacity: true)
            swap(&leases, &lists.leases)
            swap(&held, &lists.pinned)
            swap(&fresh, &lists.fresh)
        }
        let before = leases.count
        var alive = 0
        for k in leases.indices where !leases[k].released {
            if alive != k { leases.swapAt(alive, k) }
            alive += 1
        }
        if alive < before { leases.removeLast(before - alive) }
        // Leases are in increasing version order, so the live versions are sorted. (No array is
        // made here: a commit's reclaim allocating two was a tenth of a scroll's commit.)
        func visible(_ block: Retired) -> Bool {
            // The first live version at or after `first`, if any, must be past `last`.
            var lo = 0
            var hi = leases.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if leases[mid].version < block.first { lo = mid + 1 } else { hi = mid }
            }
            return lo < leases.count && leases[lo].version <= block.last
        }
        if leases.count < before {
            var kept = 0
            for k in held.indices {
                if visible(held[k]) {
                    held[kept] = held[k]
                    kept += 1
                } else {
                    recycle(held[k].body)
                }
            }
            held.removeLast(held.count - kept)
        }
        for block in fresh {
            if visible(block) { held.append(block) } else { recycle(block.body) }
        }
    }

    /// Calls `body` with every block the arena holds for snapshots (for the memory account).
    /// - Complexity: O(blocks held).
    func forEachHeldBlock(_ body: (UnsafeMutableRawPointer) -> Void) {
        for block in lists.pinned { body(block.body) }
        for block in lists.fresh { body(block.body) }
        lists.adopted.forEach(body)
    }

    /// The bytes of the arena's own lists (their capacity), for the memory account.
    /// - Complexity: O(1).
    var bookkeepingBytes: Int {
        (lists.pinned.capacity + lists.fresh.capacity) * MemoryLayout<Retired>.stride
            + lists.adopted.capacity * MemoryLayout<UnsafeMutableRawPointer>.stride
            + lists.leases.capacity * MemoryLayout<SnapshotLease>.stride
    }

    /// The versions of the published snapshots still alive, oldest first.
    /// - Complexity: O(s) for s leases.
    var liveVersions: [UInt64] {
        lists.leases.filter { !$0.released }.map(\.version)
    }

    deinit {
        for block in lists.pinned + lists.fresh { PageBlock.free(block.body) }
        for body in lists.adopted { PageBlock.free(body) }
    }
}

/// A published snapshot's claim on the blocks of its version: released when the snapshot goes.
final class SnapshotLease: Sendable {
    /// The snapshot's version.
    let version: UInt64
    /// 1 once the snapshot is deinitialized (set once, never cleared).
    private let releasedWord = AtomicWord(0)

    init(version: UInt64) { self.version = version }

    /// Marks the snapshot gone: its blocks may be freed at the writer's next commit.
    /// - Complexity: O(1).
    func release() { releasedWord.storeReleasing(1) }

    /// Whether the snapshot is gone; the acquire pairs with ``release()``'s store, so whatever the
    /// snapshot's thread did before releasing happened before the writer frees the blocks.
    /// - Complexity: O(1).
    var released: Bool { releasedWord.loadAcquiring() != 0 }
}
