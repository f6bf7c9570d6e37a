extension ChildBVH {
    /// Checks the hierarchy under `root`: every block reached once, lanes filled from the first
    /// with empty lanes empty, every node lane's box enclosing its child block and its key the
    /// largest below it, children stored before their parent, no key twice. Returns the keys of the items
    /// reached (for the caller to compare with the container's subviews), or the first violation.
    /// - Complexity: O(size of the hierarchy).
    public func check(root: NodeIndex) -> Result<[ViewIndex], InvariantViolation> {
        var keys: [ViewIndex] = []
        var seenBlocks = Set<Int>()
        var pending = [root.position]
        while let i = pending.popLast() {
            guard i >= 0 && i < blocks.count else { return .failure(.init("block \(i) out of range")) }
            guard seenBlocks.insert(i).inserted else { return .failure(.init("block \(i) reached twice")) }
            let block = blocks[i]
            var used = 0
            for lane in 0..<ChildBVH.branching {
                let box = block.box(lane)
                let empty = !(box.minX <= box.maxX && box.minY <= box.maxY)
                if block.key[lane] == 0 {
                    guard empty else { return .failure(.init("block \(i) lane \(lane): key 0 with a box")) }
                    continue
                }
                guard used == lane else { return .failure(.init("block \(i): lane \(lane) used after an empty one")) }
                used += 1
                if block.holdsItems {
                    keys.append(ViewIndex(rawValue: block.key[lane]))
                } else {
                    let c = Int(block.child[lane])
                    guard c < i else {
                        return .failure(.init("block \(i) lane \(lane): child \(c) not stored before it"))
                    }
                    guard box.encloses(blocks[c].bounds) else {
                        return .failure(.init("block \(i) lane \(lane): box does not enclose block \(c)"))
                    }
                    guard block.key[lane] == blocks[c].key.max() else {
                        return .failure(
                            .init(
                                "block \(i) lane \(lane): key \(block.key[lane]), largest below \(blocks[c].key.max())")
                        )
                    }
                    pending.append(c)
                }
            }
            guard used >= 1 else { return .failure(.init("block \(i) is empty")) }
        }
        if Set(keys).count != keys.count { return .failure(.init("a key appears twice")) }
        return .success(keys)
    }
}

/// A broken structural invariant, described.
public struct InvariantViolation: Error, CustomStringConvertible, Sendable {
    public var description: String

    /// Creates a violation.
    /// - Complexity: O(1).
    public init(_ description: String) { self.description = description }
}
