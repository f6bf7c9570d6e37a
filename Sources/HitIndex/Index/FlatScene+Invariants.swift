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
                case .success(let items):
                    let expected = Set(
                        children(of: ViewIndex(i)).filter { !links[$0.position].flags.contains(.unreachable) })
                    if Set(items.map(\.view)) != expected || items.count != expected.count {
                        problems.append(
                            .init(
                                "view \(i): hierarchy holds \(items.count) items, \(expected.count) reachable subviews")
                        )
                    }
                    for item in items where item.exact {
                        if let problem = exactItemViolation(item) { problems.append(.init("view \(i): \(problem)")) }
                    }
                }
            }
        }
        return problems
    }

    /// Why an exact lane is wrong, or nil: the view must qualify for an exact decision, and each
    /// bound must be the least coordinate where the reference's conversion crosses the hit
    /// rect's edge (the conversion passes at the bound and fails just below it).
    private func exactItemViolation(_ item: ChildBVH.Item) -> String? {
        let v = item.view
        guard
            FlatScene.exactInterval(v, links: links, geometry: geometry, subviewReach: subviewReach) != nil
        else { return "subview \(v) is marked exact but cannot be decided by its interval" }
        let g = geometry[v.position]
        let axes = [
            ("x", item.minX, item.maxX, g.centerX, g.anchorOffsetX, g.minX, g.maxX),
            ("y", item.minY, item.maxY, g.centerY, g.anchorOffsetY, g.minY, g.maxY),
        ]
        for (axis, lo, hi, c, a, minEdge, maxEdge) in axes {
            for (name, q, edge) in [("low", lo, minEdge), ("high", hi, maxEdge)] {
                let at = ExactInterval.convert(q, center: c, anchorOffset: a)
                let below = ExactInterval.convert(ExactInterval.predecessor(q), center: c, anchorOffset: a)
                if !(at >= edge) || below >= edge {
                    return "subview \(v): \(axis) \(name) bound \(q) is not where the conversion reaches \(edge)"
                }
            }
        }
        return nil
    }
}
