/// A stack of block addresses in a buffer of its own: a push is a store and an increment, and
/// walking it loads the blocks' addresses side by side.
///
/// The writer keeps many lists of blocks (those a version created, replaced or discarded, those
/// waiting for snapshots, those kept for reuse), each pushed and emptied at every commit. As
/// standard-library arrays they paid a uniqueness check on every append and a generic range
/// removal on every emptying, about a tenth of a small edit and its commit (callgrind, 100k
/// views). Linked through the blocks' own headers instead, they cost nothing to push but turn
/// every walk into a chain of dependent loads through cold headers, and a commit of a thousand
/// edits walks thousands of blocks (two timed pairs at 1M views read 4.6–4.8 ms against
/// 3.6–3.9 for such a commit, within this machine's spread but the wrong way). Here the
/// addresses are contiguous, so the headers a walk reads can miss in parallel.
///
/// What a list needs to know of each block (a replaced block's in-place offset, a retired
/// block's last visible version) stays in the block's header (``PageBlock``), on the line the
/// walk reads for the block's version anyway.
///
/// Invariant: the first ``count`` entries of the buffer are the blocks, oldest first.
struct BlockList: ~Copyable {
    private var buffer: UnsafeMutablePointer<UnsafeMutableRawPointer>
    private(set) var count = 0
    private(set) var capacity: Int

    /// An empty list.
    /// - Complexity: O(1).
    init() {
        capacity = 16
        buffer = UnsafeMutablePointer.allocate(capacity: capacity)
    }

    deinit { buffer.deallocate() }

    /// The bytes of its buffer (for the memory account).
    var residentBytes: Int { capacity * MemoryLayout<UnsafeMutableRawPointer>.stride }

    /// Adds `body` on top.
    /// - Complexity: O(1) amortized.
    @inline(__always)
    mutating func push(_ body: UnsafeMutableRawPointer) {
        if count == capacity { grow() }
        // Safe: count < capacity after growing.
        (buffer + count).initialize(to: body)
        count &+= 1
    }

    /// Block `i`, 0 the oldest.
    /// - Complexity: O(1).
    @inline(__always)
    subscript(i: Int) -> UnsafeMutableRawPointer {
        precondition(i >= 0 && i < count, "a block of the list")
        return buffer[i]
    }

    /// Forgets every block, keeping the buffer.
    /// - Complexity: O(1).
    @inline(__always)
    mutating func removeAll() { count = 0 }

    /// Keeps only the blocks for which `keep` is true, in order; `keep` may free the blocks it
    /// drops.
    /// - Complexity: O(blocks).
    @inline(__always)
    mutating func filter(_ keep: (UnsafeMutableRawPointer) -> Bool) {
        var kept = 0
        for i in 0..<count where keep(buffer[i]) {
            buffer[kept] = buffer[i]
            kept &+= 1
        }
        count = kept
    }

    /// Calls `body` with every block, oldest first; `body` may free the block it is given.
    /// - Complexity: O(blocks).
    @inline(__always)
    func forEachBlock(_ body: (UnsafeMutableRawPointer) -> Void) {
        for i in 0..<count { body(buffer[i]) }
    }

    private mutating func grow() {
        let bigger = UnsafeMutablePointer<UnsafeMutableRawPointer>.allocate(capacity: capacity * 2)
        // Safe: the first count entries are initialized; the new buffer has room for twice as many.
        bigger.moveInitialize(from: buffer, count: count)
        buffer.deallocate()
        buffer = bigger
        capacity *= 2
    }
}
