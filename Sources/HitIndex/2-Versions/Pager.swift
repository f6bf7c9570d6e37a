/// The writer's side of a store's memory: the version being written, the blocks it created, and
/// the older blocks it replaced.
///
/// Versions make copy-on-write cheap to decide: a block created by the version being written is
/// reachable from no published snapshot and is written in place; any older block is copied
/// first, and the copy replaces it — except in writer-only columns, whose older pages are written
/// in place with their records' earlier bytes kept in a ``BeforeImageLog``. At ``commit()`` the
/// replaced blocks that snapshots may read go to the ``PageArena``; the others are freed, and the
/// log is emptied. ``rollback()`` puts the logged bytes back and frees everything the version
/// created, so that restoring the columns' top blocks restores the last committed state exactly.
final class Pager {
    /// The memory shared with snapshots.
    let arena = PageArena()
    /// The version being written; every published snapshot has a smaller one.
    var version: UInt64 { books.version }

    /// The pager's lists, in one stored property.
    private struct Books: ~Copyable {
        var version: UInt64 = 1
        /// Blocks this version created (freed by a rollback).
        var created = BlockList()
        /// Older blocks this version replaced, each with its ``ReplacedBlock`` facts in its
        /// header.
        var replaced = BlockList()
        /// Blocks this version both created and replaced (freed by a commit; a rollback frees
        /// them as part of ``created``).
        var discarded = BlockList()
        /// Freed blocks kept for reuse, by body size: an edit copies a few pages per commit, and
        /// taking them from here instead of the allocator halves a small edit's cost.
        var pool = BlockPool()
        var trimsPoolAtCommit = false
    }
    /// What the pager keeps, in its header, of an older block the version being written
    /// replaced: whether snapshots can read it, and the byte offset from which the version may
    /// have written it in place before replacing it (where its before-images may lie): 0 for a
    /// writer-only page, a shared page's fresh mark, ``ReplacedBlock/never`` for directories and
    /// top blocks, which are always copied.
    enum ReplacedBlock {
        /// No byte of the block was written in place.
        static let never = Int(UInt32.max)

        @inline(__always)
        static func note(_ body: UnsafeMutableRawPointer, shared: Bool, inPlaceFrom: UInt32) {
            body.storeBytes(of: inPlaceFrom, toByteOffset: PageBlock.inPlaceFromOffset, as: UInt32.self)
            body.storeBytes(of: shared, toByteOffset: PageBlock.sharedOffset, as: Bool.self)
        }

        @inline(__always)
        static func isShared(_ body: UnsafeRawPointer) -> Bool {
            body.load(fromByteOffset: PageBlock.sharedOffset, as: Bool.self)
        }

        @inline(__always)
        static func inPlaceFrom(_ body: UnsafeRawPointer) -> Int {
            Int(body.load(fromByteOffset: PageBlock.inPlaceFromOffset, as: UInt32.self))
        }
    }

    /// Release builds skip the run-time exclusivity check on the lists, as on the store's state:
    /// only the writer's thread touches them, in short methods that call nothing holding an
    /// access (the checks were a sixth of a scroll's edit and commit at 1M views).
    #if DEBUG
        private var books = Books()
    #else
        @exclusivity(unchecked) private var books = Books()
    #endif
    /// The most bytes kept in ``pool``; past it, freed blocks go back to the allocator.
    static let poolLimit = 32 << 20
    /// What this version overwrote in place in older writer-only pages (for a rollback).
    ///
    /// Release builds skip the run-time exclusivity check on it, as on the store's state: it is
    /// touched on every in-place write, only by the writer's thread.
    #if DEBUG
        private var beforeImages = BeforeImageLog()
    #else
        @exclusivity(unchecked) private var beforeImages = BeforeImageLog()
    #endif

    deinit {
        books.pool.removeAll(PageBlock.free)
    }

    /// Frees a block into the pool (or to the allocator when the pool is full).
    /// - Complexity: O(1).
    func recycle(_ body: UnsafeMutableRawPointer) {
        if !books.pool.keep(body, limit: Self.poolLimit) { PageBlock.free(body) }
    }

    /// Whether the next ``commit()`` empties the pool once it has recycled what the version freed
    /// (set by a compaction, whose freed pages no edit is waiting for).
    var trimsPoolAtCommit: Bool {
        get { books.trimsPoolAtCommit }
        set { books.trimsPoolAtCommit = newValue }
    }

    /// Gives every pooled block back to the allocator.
    /// - Complexity: O(pooled blocks).
    func trimPool() {
        books.pool.removeAll(PageBlock.free)
    }

    @inline(__always)
    private func takeFromPool(_ bytes: Int) -> UnsafeMutableRawPointer? { books.pool.take(bodyBytes: bytes) }

    /// A zero-filled block, writable until the next commit.
    /// - Complexity: O(bodyBytes).
    func allocate(bodyBytes: Int) -> UnsafeMutableRawPointer {
        let body =
            takeFromPool(bodyBytes).map { PageBlock.reuse($0, version: version) }
            ?? PageBlock.allocate(bodyBytes: bodyBytes, version: version)
        books.created.push(body)
        return body
    }

    /// `pages` zero-filled blocks of `bodyBytes` bytes in one ``PageSlab``, in order, writable
    /// until the next commit.
    /// - Complexity: O(pages · bodyBytes).
    func allocateSlab(pages: Int, bodyBytes: Int) -> [UnsafeMutableRawPointer] {
        let bodies = PageSlab.allocate(pages: pages, bodyBytes: bodyBytes, version: version)
        for body in bodies { books.created.push(body) }
        return bodies
    }

    /// A writable copy of an older block, which it replaces (`inPlaceFrom` as in
    /// ``replace(_:shared:inPlaceFrom:)``).
    /// - Complexity: O(size of the block).
    func copy(
        replacing body: UnsafeMutableRawPointer, shared: Bool, inPlaceFrom: Int = ReplacedBlock.never
    ) -> UnsafeMutableRawPointer {
        let copy: UnsafeMutableRawPointer
        if let reused = takeFromPool(PageBlock.byteCount(body)) {
            (reused - PageBlock.headerSize).storeBytes(of: version, toByteOffset: 0, as: UInt64.self)
            // Safe: both bodies have the same size and are different blocks.
            reused.copyMemory(from: body, byteCount: PageBlock.byteCount(body))
            copy = reused
        } else {
            copy = PageBlock.copy(body, version: version)
        }
        books.created.push(copy)
        replace(body, shared: shared, inPlaceFrom: inPlaceFrom)
        return copy
    }

    /// Records that `body` is no longer current. `inPlaceFrom` is the byte offset in it from
    /// which this version may have written it in place (``ReplacedBlock``): the invariant
    /// checker accepts before-images there and nowhere else in it.
    /// - Complexity: O(1) amortized.
    func replace(_ body: UnsafeMutableRawPointer, shared: Bool, inPlaceFrom: Int = ReplacedBlock.never) {
        if isWritable(body) {
            books.discarded.push(body)
        } else {
            ReplacedBlock.note(body, shared: shared, inPlaceFrom: UInt32(Swift.min(inPlaceFrom, ReplacedBlock.never)))
            books.replaced.push(body)
        }
    }

    /// Keeps the `byteCount` bytes at `address`, in an older block of a writer-only column, so
    /// that a rollback can put them back before the version writes them in place.
    /// - Complexity: O(byteCount) amortized.
    @inline(__always)
    func keepBeforeImage(_ address: UnsafeMutableRawPointer, byteCount: Int) {
        beforeImages.keep(address, byteCount: byteCount)
    }

    /// Entries kept by ``keepBeforeImage(_:byteCount:)`` in this version (0 outside a
    /// transaction; for the invariant checker and tests).
    var beforeImageCount: Int { beforeImages.count }

    /// Calls `body` with every older block this version replaced and the byte offset in it from
    /// which the version may have written it in place (``ReplacedBlock/never`` for none). They
    /// stay allocated until the commit or rollback, so kept before-images may lie in them: a
    /// compaction or a copy after an in-place write replaces the page written.
    /// - Complexity: O(blocks replaced).
    func forEachReplacedBlock(_ body: (UnsafeMutableRawPointer, Int) -> Void) {
        books.replaced.forEachBlock { body($0, ReplacedBlock.inPlaceFrom($0)) }
    }

    /// Forgets the kept before-images without writing them back (for tests that inject one).
    /// - Complexity: O(1).
    func forgetBeforeImages() { beforeImages.forget() }

    /// Calls `body` with each kept entry's address and byte count, newest first.
    /// - Complexity: O(entries).
    func forEachBeforeImage(_ body: (UnsafeRawPointer, Int) -> Void) { beforeImages.forEachEntry(body) }

    /// Whether the version being written created `body` (and so may write it in place).
    /// - Complexity: O(1).
    @inline(__always)
    func isWritable(_ body: UnsafeRawPointer) -> Bool { PageBlock.version(body) == version }

    /// Ends the version: replaced blocks go to the arena (shared) or are freed (private), and
    /// the next version begins. Returns the version committed.
    /// - Complexity: O(blocks created or replaced by the version).
    func commit() -> UInt64 {
        // By position, each access to the lists apart from the pool's (recycling changes it).
        var k = 0
        while k < books.replaced.count {
            let body = books.replaced[k]
            if ReplacedBlock.isShared(body) { arena.retire(body, replacedBy: version) } else { recycle(body) }
            k += 1
        }
        k = 0
        while k < books.discarded.count {
            recycle(books.discarded[k])
            k += 1
        }
        books.replaced.removeAll()
        books.discarded.removeAll()
        // The blocks the version created are current now: the list is forgotten, not walked.
        books.created.removeAll()
        beforeImages.forget()
        if books.trimsPoolAtCommit {
            trimPool()
            books.trimsPoolAtCommit = false
        }
        books.version += 1
        return books.version - 1
    }

    /// Frees, into the pool, every block the arena holds that no live snapshot can read any more
    /// (``PageArena/reclaim(recycle:)``).
    /// - Complexity: as ``PageArena/reclaim(recycle:)``.
    func reclaim() {
        arena.reclaim { recycle($0) }
    }

    /// Forgets the version: puts back what it wrote in place, and frees every block it created.
    /// The caller restores the top blocks it had at the last commit.
    /// - Complexity: O(blocks created by the version + bytes written in place).
    func rollback() {
        beforeImages.restore()
        // Discarded blocks are among the created ones; the replaced ones stay current.
        var k = 0
        while k < books.created.count {
            recycle(books.created[k])
            k += 1
        }
        books.created.removeAll()
        books.replaced.removeAll()
        books.discarded.removeAll()
    }

    /// Ends the writer's life: what the version being written created is freed (no snapshot can
    /// see it); the older blocks it replaced go to the arena when snapshots may read them, else
    /// are freed. The caller hands the current blocks older than the version to the arena.
    /// - Complexity: O(blocks created or replaced by the version).
    func abandon() {
        // The store has freed its writer-only blocks already, and what shared columns wrote in
        // place lies past their fresh marks, where no snapshot reads: nothing is put back.
        beforeImages.forget()
        books.replaced.forEachBlock { ReplacedBlock.isShared($0) ? arena.adopt($0) : PageBlock.free($0) }
        books.replaced.removeAll()
        rollback()
    }

    /// Calls `body` with every block kept for reuse (for the memory account).
    /// - Complexity: O(pooled blocks).
    func forEachPooledBlock(_ body: (UnsafeMutableRawPointer) -> Void) {
        books.pool.forEachBlock(body)
    }

    /// The bytes of the writer's own bookkeeping (the before-image log, the pool's table and
    /// stacks, the lists of blocks), for the memory account.
    /// - Complexity: O(1).
    var bookkeepingBytes: Int {
        beforeImages.residentBytes + books.pool.residentBytes + books.created.residentBytes
            + books.replaced.residentBytes + books.discarded.residentBytes
    }

    /// What is wrong with the pool of kept blocks (``BlockPool/violations()``), and a kept block
    /// that the version being written also lists as created (it would be handed out twice).
    /// - Complexity: O(blocks kept + blocks created).
    func poolViolations() -> [String] {
        var problems = books.pool.violations()
        var kept = Set<UnsafeMutableRawPointer>()
        books.pool.forEachBlock { kept.insert($0) }
        var createdAndKept = false
        books.created.forEachBlock { if kept.contains($0) { createdAndKept = true } }
        if createdAndKept {
            problems.append("pager pool: a block the version created is also kept for reuse")
        }
        return problems
    }

    /// Blocks created by the version being written (for tests).
    /// - Complexity: O(1).
    var createdCount: Int { books.created.count }
}
