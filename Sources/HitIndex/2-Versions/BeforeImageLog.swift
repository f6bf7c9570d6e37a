/// The bytes a transaction overwrote in place, kept so that a rollback can put them back.
///
/// Writer-only columns are written in place (no snapshot reads them), and so are a shared
/// column's records past its fresh mark (no published version wrote them, so no snapshot reads
/// them): before the first write of a transaction to such a record of an older page, the
/// record's bytes are appended here. A rollback writes them back newest first, so each byte
/// ends as the oldest entry covering it holds it: as it was when the transaction began. A
/// commit forgets them.
///
/// Each entry is the bytes, padded to 8, then a 16-byte footer (the address, the byte count),
/// so the log reads backwards without an index. A small direct-mapped table of the entries
/// logged in this transaction keeps a record written again and again (a container's counters,
/// its order tree's root) from being logged each time; a collision only logs it again.
///
/// Invariant: every byte of an older page that the transaction changed in place (a writer-only
/// page, or a shared page past its column's fresh mark) is covered by an entry made before the
/// change; outside a transaction the log is empty.
struct BeforeImageLog: ~Copyable {
    /// The entries, `used` bytes of `capacity`.
    private var buffer: UnsafeMutableRawPointer
    private var capacity: Int
    private(set) var used = 0
    /// Entries in the log.
    private(set) var count = 0
    /// `(address, stamp)` pairs, where `stamp` is the transaction's number shifted left 16 bits
    /// with the entry's byte count below: a match means this record, these bytes, already
    /// logged in this transaction.
    private let recent: UnsafeMutablePointer<(UInt, UInt64)>
    /// The transaction being logged; starts at 1 so that the zeroed table matches nothing.
    private var transaction: UInt64 = 1

    /// Entries of the recent table: 2^9, indexed by a hash's top 9 bits.
    static let recentCount = 1 << 9
    /// The capacity a commit or rollback leaves, so that one huge transaction does not hold
    /// its log's memory for the life of the store.
    static let keptCapacity = 64 << 10

    init() {
        capacity = 4096
        buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        recent = UnsafeMutablePointer.allocate(capacity: Self.recentCount)
        recent.initialize(repeating: (0, 0), count: Self.recentCount)
    }

    deinit {
        buffer.deallocate()
        recent.deallocate()
    }

    /// Keeps `byteCount` bytes at `address` (at most a page, 4 KiB) before the transaction
    /// changes them, unless this transaction already kept exactly these.
    /// - Complexity: O(byteCount) amortized.
    @inline(__always)
    mutating func keep(_ address: UnsafeMutableRawPointer, byteCount: Int) {
        let key = UInt(bitPattern: address)
        let stamp = transaction << 16 | UInt64(byteCount)
        let h = Int(truncatingIfNeeded: (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> 55)
        // Safe: h is below recentCount, the table's size.
        if recent[h] == (key, stamp) { return }
        recent[h] = (key, stamp)
        append(address, byteCount: byteCount)
    }

    private mutating func append(_ address: UnsafeMutableRawPointer, byteCount: Int) {
        let padded = (byteCount + 7) & ~7
        if used + padded + 16 > capacity { grow(to: used + padded + 16) }
        // Safe: the buffer has room for the padded bytes and the footer (grown above); the
        // source is a record of a live page, `byteCount` bytes long.
        (buffer + used).copyMemory(from: address, byteCount: byteCount)
        (buffer + used + padded).storeBytes(of: UInt(bitPattern: address), as: UInt.self)
        (buffer + used + padded + 8).storeBytes(of: byteCount, as: Int.self)
        used += padded + 16
        count += 1
    }

    private mutating func grow(to needed: Int) {
        var bigger = capacity * 2
        while bigger < needed { bigger *= 2 }
        let grown = UnsafeMutableRawPointer.allocate(byteCount: bigger, alignment: 16)
        // Safe: the new buffer is larger than the `used` bytes copied, and a new allocation.
        grown.copyMemory(from: buffer, byteCount: used)
        buffer.deallocate()
        buffer = grown
        capacity = bigger
    }

    /// Writes every kept record back, newest first, and empties the log (a rollback).
    /// - Complexity: O(bytes kept).
    mutating func restore() {
        walkBackwards { address, kept, byteCount in
            // Safe: the address is a record of a page that stays allocated until the commit or
            // rollback that empties this log (older pages are only freed then), and `kept`
            // holds the bytes taken from it.
            UnsafeMutableRawPointer(mutating: address).copyMemory(from: kept, byteCount: byteCount)
        }
        forget()
    }

    /// Empties the log, keeping the bytes as they are now (a commit).
    /// - Complexity: O(1), or O(kept capacity) when a large log's memory is given back.
    mutating func forget() {
        used = 0
        count = 0
        transaction += 1
        if capacity > Self.keptCapacity {
            buffer.deallocate()
            capacity = Self.keptCapacity
            buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        }
    }

    /// Calls `body` with each entry's address and byte count, newest first.
    /// - Complexity: O(entries).
    func forEachEntry(_ body: (UnsafeRawPointer, Int) -> Void) {
        walkBackwards { address, _, byteCount in body(address, byteCount) }
    }

    /// Calls `body` with each entry's address, its kept bytes and their count, newest first:
    /// the footer after each entry's padded bytes says where the entry before it ends.
    private func walkBackwards(
        _ body: (UnsafeRawPointer, UnsafeRawPointer, Int) -> Void
    ) {
        var end = used
        while end > 0 {
            let address = buffer.load(fromByteOffset: end - 16, as: UInt.self)
            let byteCount = buffer.load(fromByteOffset: end - 8, as: Int.self)
            let start = end - 16 - ((byteCount + 7) & ~7)
            body(
                UnsafeRawPointer(bitPattern: address).unsafelyUnwrapped, buffer + start, byteCount)
            end = start
        }
    }

    /// The log's own memory, for the memory account.
    var residentBytes: Int { capacity + Self.recentCount * MemoryLayout<(UInt, UInt64)>.stride }
}
