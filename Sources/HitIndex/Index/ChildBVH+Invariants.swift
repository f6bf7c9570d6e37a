extension ChildBVH {
    /// Checks the hierarchy under `root`: every item under exactly one leaf-level node, every
    /// node's box enclosing its children's boxes, every node's key the largest below it, fan-out
    /// within ``branching``, children stored before their parent. Returns the keys of the items
    /// reached (for the caller to compare with the container's subviews), or the first violation.
    /// - Complexity: O(size of the hierarchy).
    public func check(root: NodeIndex) -> Result<[ViewIndex], InvariantViolation> {
        var keys: [ViewIndex] = []
        var seenItems = Set<Int>()
        var seenNodes = Set<Int>()
        var pending = [root.position]
        while let i = pending.popLast() {
            guard i >= 0 && i < nodes.count else { return .failure(.init("node \(i) out of range")) }
            guard seenNodes.insert(i).inserted else { return .failure(.init("node \(i) reached twice")) }
            let node = nodes[i]
            guard node.count >= 1 && Int(node.count) <= ChildBVH.branching else {
                return .failure(.init("node \(i): \(node.count) children"))
            }
            var maxKey = ViewIndex(rawValue: 0)
            for k in Int(node.first)..<(Int(node.first) + Int(node.count)) {
                if node.childrenAreItems {
                    guard k < itemKeys.count else { return .failure(.init("node \(i): item \(k) out of range")) }
                    guard seenItems.insert(k).inserted else { return .failure(.init("item \(k) under two nodes")) }
                    guard node.box.encloses(itemBoxes[k]) else {
                        return .failure(.init("node \(i) does not enclose item \(k)"))
                    }
                    maxKey = Swift.max(maxKey, itemKeys[k])
                    keys.append(itemKeys[k])
                } else {
                    guard k < i else { return .failure(.init("node \(i): child node \(k) is not stored before it")) }
                    guard node.box.encloses(nodes[k].box) else {
                        return .failure(.init("node \(i) does not enclose node \(k)"))
                    }
                    maxKey = Swift.max(maxKey, nodes[k].maxKey)
                    pending.append(k)
                }
            }
            guard maxKey == node.maxKey else {
                return .failure(.init("node \(i): maxKey \(node.maxKey), largest below it \(maxKey)"))
            }
        }
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
