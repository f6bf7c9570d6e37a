/// Freed blocks kept for reuse by the pager, one stack of addresses per body size.
///
/// An edit copies a few pages, directories and top blocks and its commit frees as many: taking
/// a block from here instead of the allocator halves a small edit's cost. The stacks used to be
/// arrays of arrays searched by size, and each push and pop paid the standard library's
/// uniqueness checks on both levels and an occasional growth (about 350 instructions of an
/// attribute edit and its commit, callgrind at 100k views); here each size's stack is a buffer
/// of addresses in a small open-addressed table keyed by size, so a lookup is usually one
/// comparison and a push or pop a store or a load. (Linked through the free blocks' headers
/// instead, a pop had to load the cold header of the block it took to find the next one, and a
/// large commit's takes became a chain of misses.)
///
/// A block whose size finds no place in the table (more than ``maxSizes`` sizes) is not kept.
///
/// Invariants: each stack holds blocks of its size only, every block once; ``bytes`` is the sum
/// of their body sizes.
struct BlockPool: ~Copyable {
    /// A stack: the body size its blocks have (0: an unused entry of the table), and its blocks.
    private struct Stack {
        var bodyBytes = 0
        var blocks: UnsafeMutablePointer<UnsafeMutableRawPointer>?
        var count = 0
        var capacity = 0
    }
    /// The table of stacks, ``capacity`` entries, at most ``maxSizes`` in use.
    private let stacks: UnsafeMutablePointer<Stack>
    private var sizes = 0
    static let capacity = 64
    static let maxSizes = 48
    /// The body bytes of every block kept.
    private(set) var bytes = 0

    init() {
        stacks = UnsafeMutablePointer.allocate(capacity: Self.capacity)
        stacks.initialize(repeating: Stack(), count: Self.capacity)
    }

    deinit {
        precondition(bytes == 0, "a pool is emptied (removeAll) before it goes")
        for i in 0..<Self.capacity { stacks[i].blocks?.deallocate() }
        stacks.deallocate()
    }

    /// The bytes of the table and the stacks' buffers (for the memory account).
    var residentBytes: Int {
        var total = Self.capacity * MemoryLayout<Stack>.stride
        for i in 0..<Self.capacity { total += stacks[i].capacity * MemoryLayout<UnsafeMutableRawPointer>.stride }
        return total
    }

    /// The entry of the stack of blocks of `bodyBytes`, or the unused entry where it would go.
    @inline(__always)
    private func entry(_ bodyBytes: Int) -> Int {
        // Sizes are multiples of 8 and few: their low bits above the 8 spread them well enough.
        var i = (bodyBytes &>> 3 ^ bodyBytes &>> 9) & (Self.capacity - 1)
        // Safe: the table always has unused entries (at most maxSizes < capacity in use), so the
        // probe ends.
        while stacks[i].bodyBytes != bodyBytes && stacks[i].bodyBytes != 0 { i = (i &+ 1) & (Self.capacity - 1) }
        return i
    }

    /// Keeps `body`, unless that would hold more than `limit` bytes or its size finds no stack;
    /// returns whether it was kept.
    /// - Complexity: O(1) amortized.
    @inline(__always)
    mutating func keep(_ body: UnsafeMutableRawPointer, limit: Int) -> Bool {
        let size = PageBlock.byteCount(body)
        guard bytes + size <= limit else { return false }
        let i = entry(size)
        if stacks[i].bodyBytes == 0 {
            guard sizes < Self.maxSizes else { return false }
            stacks[i].bodyBytes = size
            sizes += 1
        }
        if stacks[i].count == stacks[i].capacity { grow(i) }
        // Safe: count < capacity after growing.
        stacks[i].blocks.unsafelyUnwrapped[stacks[i].count] = body
        stacks[i].count &+= 1
        bytes += size
        return true
    }

    /// A kept block of `bodyBytes`, taken out of the pool (the one kept last), or nil when none
    /// is kept.
    /// - Complexity: O(1).
    @inline(__always)
    mutating func take(bodyBytes: Int) -> UnsafeMutableRawPointer? {
        let i = entry(bodyBytes)
        guard stacks[i].count > 0 else { return nil }
        stacks[i].count &-= 1
        bytes -= bodyBytes
        // Safe: entries below the count were stored by keep.
        return stacks[i].blocks.unsafelyUnwrapped[stacks[i].count]
    }

    private mutating func grow(_ i: Int) {
        let capacity = Swift.max(16, stacks[i].capacity * 2)
        let bigger = UnsafeMutablePointer<UnsafeMutableRawPointer>.allocate(capacity: capacity)
        if let old = stacks[i].blocks {
            // Safe: the old buffer holds count addresses; the new one room for twice as many.
            bigger.moveInitialize(from: old, count: stacks[i].count)
            old.deallocate()
        }
        stacks[i].blocks = bigger
        stacks[i].capacity = capacity
    }

    /// Calls `body` with every kept block.
    /// - Complexity: O(blocks kept).
    func forEachBlock(_ body: (UnsafeMutableRawPointer) -> Void) {
        for i in 0..<Self.capacity {
            for k in 0..<stacks[i].count { body(stacks[i].blocks.unsafelyUnwrapped[k]) }
        }
    }

    /// Hands every kept block to `free` and empties the pool (the stacks keep their buffers).
    /// - Complexity: O(blocks kept).
    mutating func removeAll(_ free: (UnsafeMutableRawPointer) -> Void) {
        forEachBlock(free)
        for i in 0..<Self.capacity { stacks[i].count = 0 }
        bytes = 0
    }

    /// What is wrong with the stacks: a block of another size, or one kept twice.
    /// - Complexity: O(blocks kept); the checker's.
    func violations() -> [String] {
        var problems: [String] = []
        var seen = Set<UnsafeMutableRawPointer>()
        var total = 0
        for i in 0..<Self.capacity {
            if stacks[i].bodyBytes != 0 && entry(stacks[i].bodyBytes) != i {
                problems.append(
                    "pager pool: the stack of \(stacks[i].bodyBytes)-byte blocks is not where a lookup finds it")
            }
            for k in 0..<stacks[i].count {
                let block = stacks[i].blocks.unsafelyUnwrapped[k]
                if !seen.insert(block).inserted { problems.append("pager pool: a block is kept twice") }
                if PageBlock.byteCount(block) != stacks[i].bodyBytes {
                    problems.append(
                        "pager pool: a block of \(PageBlock.byteCount(block)) bytes in the stack of \(stacks[i].bodyBytes)"
                    )
                }
                total += PageBlock.byteCount(block)
            }
        }
        if total != bytes { problems.append("pager pool: holds \(total) bytes, counts \(bytes)") }
        return problems
    }
}
