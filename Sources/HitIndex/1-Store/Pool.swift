/// An entry of a ``Pool``: while the entry is free, one of its fields links the pool's free list.
protocol PoolEntry: BitwiseCopyable {
    /// The next free position (``Pool/end`` for the last), meaningful only while the entry is
    /// free; an entry in use may use the same bits for anything else.
    var freeLink: UInt32 { get set }
}

/// A paged column whose positions are handed out and given back: the most recently freed
/// position is reused first, through a list linked inside the free entries themselves, and
/// past the last, the column grows. Slots, side entries, order-tree nodes and hierarchy nodes are
/// each one pool.
///
/// A value type, kept in the store's state: a rollback restores its free list and count with
/// its column.
///
/// Invariants (``freeListViolations(_:)``): the list visits positions below ``count`` once
/// each, and ends.
struct Pool<Entry: PoolEntry>: BitwiseCopyable {
    /// The entries, free ones included.
    private(set) var column: PagedColumn<Entry>
    /// Positions handed out at some time: every position below it was written.
    private(set) var count = 0
    /// The most recently freed position, or ``end``.
    private(set) var firstFree = Pool.end

    /// The end of the free list.
    static var end: UInt32 { UInt32.max }

    /// An empty pool; its first `reserved` entries are written and never handed out (position 0
    /// of a side table means "none").
    /// - Complexity: O(reserved).
    init(pager: Pager, shared: Bool, reserved: [Entry] = []) {
        column = PagedColumn(pager: pager, shared: shared)
        for (i, entry) in reserved.enumerated() { column.set(i, entry) }
        count = reserved.count
    }

    /// Whether a freed position is waiting to be reused.
    var hasFree: Bool { firstFree != Pool.end }

    /// A position now holding `value`: the last one freed, else one past the end.
    /// - Complexity: O(1).
    @inline(__always)
    mutating func allocate(_ value: Entry) -> Int {
        let i: Int
        if firstFree != Pool.end {
            i = Int(firstFree)
            firstFree = column[i].freeLink
        } else {
            precondition(count < Int(Pool.end), "a pool holds fewer than 2^32 entries")
            i = count
            count += 1
        }
        column.set(i, value)
        return i
    }

    /// `n` positions past the end, left for the caller to write (they read as zero bytes until
    /// then); only while nothing is free, so the positions are the next ones in order.
    /// - Complexity: O(1).
    mutating func allocateFresh(_ n: Int) -> Range<Int> {
        precondition(!hasFree, "fresh positions only while nothing is free")
        precondition(count + n < Int(Pool.end), "a pool holds fewer than 2^32 entries")
        defer { count += n }
        return count..<(count + n)
    }

    /// Gives position `i` back, leaving `value` in it (with its link set).
    /// - Complexity: O(1).
    @inline(__always)
    mutating func free(_ i: Int, leaving value: Entry) {
        var entry = value
        entry.freeLink = firstFree
        column.set(i, entry)
        firstFree = UInt32(i)
    }

    /// The free positions, most recently freed first; nil when the list is not a list of distinct
    /// positions below ``count`` (a cycle, an entry past the end, a position twice).
    /// - Complexity: O(free positions); the checker's, not the writer's.
    func freePositions() -> [Int]? {
        var seen = Set<Int>()
        var result: [Int] = []
        var f = firstFree
        while f != Pool.end {
            let i = Int(f)
            guard i < count, seen.insert(i).inserted else { return nil }
            result.append(i)
            f = column[i].freeLink
        }
        return result
    }

    /// What is wrong with the free list, named `name` in each message.
    /// - Complexity: O(free positions).
    func freeListViolations(_ name: String) -> [String] {
        freePositions() == nil ? ["\(name): the free list revisits a position or leaves the pool"] : []
    }

    // MARK: - The column, as entries are read and written in place

    /// Entry `i`, which must have been written.
    /// - Complexity: O(1).
    @inline(__always)
    subscript(i: Int) -> Entry { column[i] }

    /// Writes entry `i` (see ``PagedColumn/set(_:_:)``).
    /// - Complexity: O(1); a page copy for a first write to a page in a version.
    @inline(__always)
    mutating func set(_ i: Int, _ value: Entry) { column.set(i, value) }

    /// Changes entry `i` in place (see ``PagedColumn/update(_:_:)``).
    /// - Complexity: as ``set(_:_:)``.
    @inline(__always) @discardableResult
    mutating func update<R>(_ i: Int, _ body: (inout Entry) -> R) -> R { column.update(i, body) }

    /// The column as a snapshot reads it now.
    /// - Complexity: O(1).
    var reader: ColumnReader<Entry> { column.reader }

    /// Lays the column out in one slab (``PagedColumn/compact(reserving:)``).
    /// - Complexity: O(bytes of the column).
    mutating func compact(reserving: Int = 0) { column.compact(reserving: reserving) }

    /// Every block of the column (``PagedColumn/forEachBlock(_:)``).
    /// - Complexity: O(blocks).
    func forEachBlock(_ body: (UnsafeMutableRawPointer) -> Void) { column.forEachBlock(body) }

    /// Every page of the column (``PagedColumn/forEachPage(_:)``).
    /// - Complexity: O(blocks).
    func forEachPage(_ body: (UnsafeMutableRawPointer) -> Void) { column.forEachPage(body) }
}
