/// A view's position in paint order (preorder over windows back to front): the index of the
/// view in every column of a ``FlatScene``.
///
/// Typed so that view positions cannot be confused with BVH node positions or counts.
public struct ViewIndex: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32

    /// Wraps a raw position.
    /// - Complexity: O(1).
    @inlinable
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Wraps a position given as `Int`.
    /// - Complexity: O(1).
    @inlinable
    public init(_ position: Int) { self.rawValue = UInt32(truncatingIfNeeded: position) }

    /// The position as `Int`, for subscripting.
    /// - Complexity: O(1).
    @inlinable
    public var position: Int { Int(rawValue) }

    /// The marker for "no view" in link columns.
    public static let none = ViewIndex(rawValue: .max)

    @inlinable
    public static func < (a: ViewIndex, b: ViewIndex) -> Bool { a.rawValue < b.rawValue }

    public var description: String { "#\(rawValue)" }
}

/// A node of a ``ChildBVH``: an inner block's position in ``ChildBVH/blocks``, or, with
/// ``ChildBVH/leafTag`` set, a leaf block's position in ``ChildBVH/leaves``.
public struct NodeIndex: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt32

    /// Wraps a raw position.
    /// - Complexity: O(1).
    @inlinable
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Whether the node is a leaf block.
    /// - Complexity: O(1).
    @inlinable
    public var isLeaf: Bool { rawValue & ChildBVH.leafTag != 0 }

    /// The position as `Int`, in ``ChildBVH/leaves`` for a leaf, else in ``ChildBVH/blocks``.
    /// - Complexity: O(1).
    @inlinable
    public var position: Int { Int(rawValue & ~ChildBVH.leafTag) }
}
