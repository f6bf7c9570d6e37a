extension ChildBVH {
    /// One subview as a hierarchy holds it: its lane's interval and whether it is exact.
    public struct Item: Sendable {
        public var view: ViewIndex
        public var minX: Double
        public var minY: Double
        public var maxX: Double
        public var maxY: Double
        public var exact: Bool
    }

    /// Checks the hierarchy under `root`: every node reached once, lanes filled from the first
    /// with empty lanes empty, every inner lane's box enclosing its child node and its key the
    /// largest below it, inner children stored before their parent, no subview twice. Returns the
    /// subviews reached (for the caller to compare with the container's, and to check the exact
    /// intervals against the views), or the first violation.
    /// - Complexity: O(size of the hierarchy).
    public func check(root: NodeIndex) -> Result<[Item], InvariantViolation> {
        var items: [Item] = []
        var seenBlocks = Set<Int>()
        var seenLeaves = Set<Int>()
        var pending = [root.rawValue]
        while let node = pending.popLast() {
            let i = Int(node & ~ChildBVH.leafTag)
            if node & ChildBVH.leafTag != 0 {
                guard i < leaves.count else { return .failure(.init("leaf \(i) out of range")) }
                guard seenLeaves.insert(i).inserted else { return .failure(.init("leaf \(i) reached twice")) }
                let leaf = leaves[i]
                var used = 0
                for lane in 0..<ChildBVH.branching {
                    let empty = !(leaf.minX[lane] < leaf.maxX[lane] && leaf.minY[lane] < leaf.maxY[lane])
                    if leaf.key[lane] == 0 {
                        guard empty else { return .failure(.init("leaf \(i) lane \(lane): key 0 with an interval")) }
                        continue
                    }
                    guard used == lane else {
                        return .failure(.init("leaf \(i): lane \(lane) used after an empty one"))
                    }
                    used += 1
                    items.append(
                        Item(
                            view: leaf.view(lane), minX: leaf.minX[lane], minY: leaf.minY[lane],
                            maxX: leaf.maxX[lane], maxY: leaf.maxY[lane], exact: leaf.isExact(lane)))
                }
                guard used >= 1 else { return .failure(.init("leaf \(i) is empty")) }
                continue
            }
            guard i < blocks.count else { return .failure(.init("block \(i) out of range")) }
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
                let child = block.child[lane]
                let c = Int(child & ~ChildBVH.leafTag)
                let childBounds: FBox
                let childKey: UInt32
                if child & ChildBVH.leafTag != 0 {
                    guard c < leaves.count else {
                        return .failure(.init("block \(i) lane \(lane): leaf \(c) out of range"))
                    }
                    childBounds = leaves[c].bounds
                    childKey = (leaves[c].key & SIMD8(repeating: ~LeafBlock.exactBit)).max()
                } else {
                    guard c < i else {
                        return .failure(.init("block \(i) lane \(lane): child \(c) not stored before it"))
                    }
                    childBounds = blocks[c].bounds
                    childKey = blocks[c].key.max()
                }
                guard box.encloses(childBounds) else {
                    return .failure(.init("block \(i) lane \(lane): box does not enclose its child"))
                }
                guard block.key[lane] == childKey else {
                    return .failure(.init("block \(i) lane \(lane): key \(block.key[lane]), largest below \(childKey)"))
                }
                pending.append(child)
            }
            guard used >= 1 else { return .failure(.init("block \(i) is empty")) }
        }
        if Set(items.map(\.view)).count != items.count { return .failure(.init("a subview appears twice")) }
        return .success(items)
    }
}

/// A broken structural invariant, described.
public struct InvariantViolation: Error, CustomStringConvertible, Sendable {
    public var description: String

    /// Creates a violation.
    /// - Complexity: O(1).
    public init(_ description: String) { self.description = description }
}
