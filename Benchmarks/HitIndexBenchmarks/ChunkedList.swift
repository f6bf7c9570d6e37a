/// A sequence kept in chunks of at most ``chunkLimit`` elements, for the benchmark's model of
/// the widest container's subviews: inserting, removing or reading at a position moves at most
/// one chunk's elements.
///
/// Why: a plain array moves half of its k references on each insertion or removal at a random
/// position. At a million subviews that is 4 MB per edit, moved by the model between the edits
/// the benchmark times, which evicted the index's blocks from the caches: grid's move + commit
/// read 27–41 µs with it, 17–19 µs without (perf/README.md, 2026-11-28).
struct ChunkedList<Element> {
    /// A chunk is split in two when it would grow past this.
    static var chunkLimit: Int { 2_048 }

    private var chunks: [[Element]]
    /// `chunks[c].count`, kept apart so that finding a position reads one small array (each
    /// chunk's own count is in its buffer's header, a cache line per chunk).
    private var counts: [Int]
    /// The number of elements.
    private(set) var count = 0

    /// A list of `elements`, in order.
    /// - Complexity: O(n).
    init(_ elements: [Element]) {
        let half = Self.chunkLimit / 2
        chunks = stride(from: 0, to: elements.count, by: half).map {
            Array(elements[$0..<min($0 + half, elements.count)])
        }
        if chunks.isEmpty { chunks = [[]] }
        counts = chunks.map(\.count)
        count = elements.count
    }

    /// The chunk holding position `i` (or, for `i == count`, the last chunk) and the position in it.
    /// - Complexity: O(count / chunkLimit), over a small array of counts.
    private func locate(_ i: Int) -> (chunk: Int, offset: Int) {
        precondition(i >= 0 && i <= count, "position \(i) outside 0...\(count)")
        var rest = i
        for c in counts.indices {
            if rest < counts[c] { return (c, rest) }
            rest -= counts[c]
        }
        return (counts.count - 1, counts[counts.count - 1])
    }

    /// The element at position `i` (0 is the first).
    /// - Complexity: O(count / chunkLimit).
    subscript(i: Int) -> Element {
        precondition(i < count, "position \(i) outside 0..<\(count)")
        let (c, o) = locate(i)
        return chunks[c][o]
    }

    /// The last element, or nil when empty.
    /// - Complexity: O(count / chunkLimit).
    var last: Element? { count == 0 ? nil : self[count - 1] }

    /// Inserts `element` at position `i` (0...count).
    /// - Complexity: O(count / chunkLimit + chunkLimit).
    mutating func insert(_ element: Element, at i: Int) {
        let (c, o) = locate(i)
        chunks[c].insert(element, at: o)
        counts[c] += 1
        count += 1
        if counts[c] > Self.chunkLimit {
            let tail = Array(chunks[c][(counts[c] / 2)...])
            chunks[c].removeLast(tail.count)
            chunks.insert(tail, at: c + 1)
            counts[c] -= tail.count
            counts.insert(tail.count, at: c + 1)
        }
    }

    /// Removes and returns the element at position `i`.
    /// - Complexity: O(count / chunkLimit + chunkLimit).
    @discardableResult
    mutating func remove(at i: Int) -> Element {
        precondition(i < count, "position \(i) outside 0..<\(count)")
        let (c, o) = locate(i)
        let element = chunks[c].remove(at: o)
        counts[c] -= 1
        count -= 1
        if counts[c] == 0 && chunks.count > 1 {
            chunks.remove(at: c)
            counts.remove(at: c)
        }
        return element
    }

    /// Every element, in order.
    /// - Complexity: O(count).
    var elements: [Element] { Array(chunks.joined()) }
}
