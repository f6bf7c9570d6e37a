/// Blocks linked through their own headers: a list that costs no memory of its own and a load
/// and a store to push or pop.
///
/// The writer keeps many short lists of blocks (those a version created, replaced or discarded,
/// those waiting for snapshots, those kept for reuse), each pushed and emptied at every commit.
/// As arrays they paid a uniqueness check on every append and a generic range removal on every
/// emptying, about a tenth of a small edit and its commit (callgrind, 100k views). Snapshots read
/// only a block's body, and its header only up to the slab: the link words are the writer's.
///
/// A block is in at most one list per link word at a time (``PageBlock/Link``); iterating reads a
/// block's link before handing the block out, as ``pop()`` does, so the loop may free it.
struct BlockList {
    /// Which header word links the list.
    let link: PageBlock.Link
    private(set) var first: UnsafeMutableRawPointer?
    private(set) var count = 0

    /// An empty list linked through `link`.
    /// - Complexity: O(1).
    init(_ link: PageBlock.Link) { self.link = link }

    var isEmpty: Bool { first == nil }

    /// Adds `body` in front.
    /// - Complexity: O(1).
    @inline(__always)
    mutating func push(_ body: UnsafeMutableRawPointer) {
        body.storeBytes(of: first, toByteOffset: link.rawValue, as: UnsafeMutableRawPointer?.self)
        first = body
        count &+= 1
    }

    /// Takes the first block out, or nil when empty.
    /// - Complexity: O(1).
    @inline(__always)
    mutating func pop() -> UnsafeMutableRawPointer? {
        guard let body = first else { return nil }
        first = body.load(fromByteOffset: link.rawValue, as: UnsafeMutableRawPointer?.self)
        count &-= 1
        return body
    }

    /// The whole list, leaving this one empty.
    /// - Complexity: O(1).
    @inline(__always)
    mutating func takeAll() -> BlockList {
        defer { self = BlockList(link) }
        return self
    }

}

extension BlockList: Sequence {
    /// Walks the list front first, reading each block's link before handing the block out, so
    /// the loop's body may free or re-list the block it is given.
    struct Iterator: IteratorProtocol {
        fileprivate var upcoming: UnsafeMutableRawPointer?
        fileprivate let link: PageBlock.Link

        @inline(__always)
        mutating func next() -> UnsafeMutableRawPointer? {
            guard let block = upcoming else { return nil }
            upcoming = block.load(fromByteOffset: link.rawValue, as: UnsafeMutableRawPointer?.self)
            return block
        }
    }

    /// - Complexity: O(1).
    func makeIterator() -> Iterator { Iterator(upcoming: first, link: link) }

    var underestimatedCount: Int { count }
}
