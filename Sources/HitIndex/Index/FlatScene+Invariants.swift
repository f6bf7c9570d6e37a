extension FlatScene {
    /// Checks the flattened scene's structure and returns every violation found (empty when
    /// sound): links point forward within each window's range and form each container's
    /// subviews in order; a reachable view is eligible; every indexed container's hierarchy
    /// passes ``ChildBVH/check(root:)`` and holds exactly its reachable subviews.
    /// - Complexity: O(n).
    public func invariantViolations() -> [InvariantViolation] {
        var problems: [InvariantViolation] = []
        let n = count
        for i in 0..<n {
            let link = links[i]
            if link.lastChild != .none && link.lastChild.position <= i {
                problems.append(.init("view \(i): last child \(link.lastChild) is not after it"))
            }
            if link.previousSibling != .none && link.previousSibling.position >= i {
                problems.append(.init("view \(i): previous sibling \(link.previousSibling) is not before it"))
            }
            if !link.flags.contains(.eligible) && !link.flags.contains(.unreachable) {
                problems.append(.init("view \(i): ineligible but not marked unreachable"))
            }
            if link.flags.contains(.indexed) {
                let root = extras[Int(link.extra)].bvh
                guard root >= 0 else {
                    problems.append(.init("view \(i): indexed without a hierarchy"))
                    continue
                }
                switch childIndexes.check(root: NodeIndex(rawValue: UInt32(root))) {
                case .failure(let v): problems.append(.init("view \(i): \(v)"))
                case .success(let keys):
                    let expected = Set(
                        children(of: ViewIndex(i)).filter { !links[$0.position].flags.contains(.unreachable) })
                    if Set(keys) != expected || keys.count != expected.count {
                        problems.append(
                            .init(
                                "view \(i): hierarchy holds \(keys.count) items, \(expected.count) reachable subviews"))
                    }
                }
            }
        }
        return problems
    }
}
