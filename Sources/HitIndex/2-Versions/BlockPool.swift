/// Freed blocks kept for reuse by the pager, one list per body size, each list linked through
/// the free blocks' own headers.
///
/// An edit copies a few pages, directories and top blocks and its commit frees as many: taking
/// a block from here instead of the allocator halves a small edit's cost. The lists used to be
/// arrays of arrays, and each push and pop paid the standard library's uniqueness checks on both
/// levels and an occasional growth (about 350 instructions of an attribute edit and its commit,
/// callgrind at 100k views); a list linked through the blocks costs a load and a store.
///
/// A store's blocks come in a handful of sizes (a page size per record size, directories, top
/// blocks that double as a column grows), so the lists sit in a small open-addressed table keyed
/// by size: a lookup is usually one comparison. A block whose size finds no place in it is not
/// kept.
///
/// Invariants: each list holds blocks of its size only, every block once; ``bytes`` is the sum
/// of their body sizes.
struct BlockPool: ~Copyable {
    /// A list: the body size its blocks have (0: an unused entry of the table), and its first
    /// block (nil when empty).
    private struct List {
        var bodyBytes: Int
        var first: UnsafeMutableRawPointer?
    }
    /// The table of lists, ``capacity`` entries, at most ``maxSizes`` in use.
    private let lists: UnsafeMutablePointer<List>
    private var sizes = 0
    static let capacity = 64
    static let maxSizes = 48
    /// The table's bytes (for the memory account).
    static var tableBytes: Int { capacity * MemoryLayout<List>.stride }
    /// The body bytes of every block kept.
    private(set) var bytes = 0

    /// Where a kept block's header holds the next block of its list.
    private static let linkOffset = PageBlock.Link.owner.rawValue

    init() {
        lists = UnsafeMutablePointer.allocate(capacity: Self.capacity)
        lists.initialize(repeating: List(bodyBytes: 0, first: nil), count: Self.capacity)
    }

    deinit {
        precondition(bytes == 0, "a pool is emptied (removeAll) before it goes")
        lists.deallocate()
    }

    /// The entry of the list of blocks of `bodyBytes`, or the unused entry where it would go.
    @inline(__always)
    private func entry(_ bodyBytes: Int) -> Int {
        // Sizes are multiples of 8 and few: their low bits above the 8 spread them well enough.
        var i = (bodyBytes &>> 3 ^ bodyBytes &>> 9) & (Self.capacity - 1)
        // Safe: the table always has unused entries (at most maxSizes < capacity in use), so the
        // probe ends.
        while lists[i].bodyBytes != bodyBytes && lists[i].bodyBytes != 0 { i = (i &+ 1) & (Self.capacity - 1) }
        return i
    }

    /// Keeps `body`, unless that would hold more than `limit` bytes or its size finds no list;
    /// returns whether it was kept.
    /// - Complexity: O(1).
    @inline(__always)
    mutating func keep(_ body: UnsafeMutableRawPointer, limit: Int) -> Bool {
        let size = PageBlock.byteCount(body)
        guard bytes + size <= limit else { return false }
        let i = entry(size)
        if lists[i].bodyBytes == 0 {
            guard sizes < Self.maxSizes else { return false }
            lists[i].bodyBytes = size
            sizes += 1
        }
        // Safe: a freed block's header is the pool's until the block is taken again.
        body.storeBytes(of: lists[i].first, toByteOffset: Self.linkOffset, as: UnsafeMutableRawPointer?.self)
        lists[i].first = body
        bytes += size
        return true
    }

    /// A kept block of `bodyBytes`, taken out of the pool, or nil when none is kept.
    /// - Complexity: O(1).
    @inline(__always)
    mutating func take(bodyBytes: Int) -> UnsafeMutableRawPointer? {
        let i = entry(bodyBytes)
        guard let body = lists[i].first else { return nil }
        lists[i].first = body.load(fromByteOffset: Self.linkOffset, as: UnsafeMutableRawPointer?.self)
        bytes -= bodyBytes
        return body
    }

    /// Calls `body` with every kept block.
    /// - Complexity: O(blocks kept).
    func forEachBlock(_ body: (UnsafeMutableRawPointer) -> Void) {
        for i in 0..<Self.capacity {
            var next = lists[i].first
            while let block = next {
                next = block.load(fromByteOffset: Self.linkOffset, as: UnsafeMutableRawPointer?.self)
                body(block)
            }
        }
    }

    /// Hands every kept block to `free` and empties the pool.
    /// - Complexity: O(blocks kept).
    mutating func removeAll(_ free: (UnsafeMutableRawPointer) -> Void) {
        forEachBlock(free)
        lists.update(repeating: List(bodyBytes: 0, first: nil), count: Self.capacity)
        sizes = 0
        bytes = 0
    }

    /// What is wrong with the lists: a block of another size, or one listed twice.
    /// - Complexity: O(blocks kept); the checker's.
    func violations() -> [String] {
        var problems: [String] = []
        var seen = Set<UnsafeMutableRawPointer>()
        var total = 0
        for i in 0..<Self.capacity {
            var next = lists[i].first
            if lists[i].bodyBytes != 0 && entry(lists[i].bodyBytes) != i {
                problems.append(
                    "pager pool: the list of \(lists[i].bodyBytes)-byte blocks is not where a lookup finds it")
            }
            while let block = next {
                guard seen.insert(block).inserted else {
                    problems.append("pager pool: a block is listed twice")
                    break
                }
                if PageBlock.byteCount(block) != lists[i].bodyBytes {
                    problems.append(
                        "pager pool: a block of \(PageBlock.byteCount(block)) bytes in the list of \(lists[i].bodyBytes)"
                    )
                }
                total += PageBlock.byteCount(block)
                next = block.load(fromByteOffset: Self.linkOffset, as: UnsafeMutableRawPointer?.self)
            }
        }
        if total != bytes { problems.append("pager pool: holds \(total) bytes, counts \(bytes)") }
        return problems
    }
}
