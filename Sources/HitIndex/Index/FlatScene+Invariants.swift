extension FlatScene {
    /// Checks the flattened scene's structure and returns every violation found (empty when
    /// sound): links point forward within each window's range and form each container's
    /// subviews in order, and a reachable view is eligible.
    /// - Complexity: O(n).
    package func invariantViolations() -> [InvariantViolation] {
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
        }
        return problems
    }
}

/// A broken structural invariant, described.
public struct InvariantViolation: Error, CustomStringConvertible, Sendable {
    /// What is wrong and where: the view, block or lane, and the value found.
    public var description: String

    /// Creates a violation.
    /// - Complexity: O(1).
    public init(_ description: String) { self.description = description }
}
