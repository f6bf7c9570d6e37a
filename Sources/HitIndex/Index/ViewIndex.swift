/// A view's position in paint order (preorder over windows back to front): the index of the
/// view in every column of a `FlatScene`, and a ``HitTestIndex``'s answer.
///
/// Typed so that view positions cannot be confused with live slots, labels or counts.
public struct ViewIndex: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The paint-order position, 0 for the back-most view of the back-most window.
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

    /// Whether `a` is painted before `b`, that is, behind it.
    /// - Complexity: O(1).
    @inlinable
    public static func < (a: ViewIndex, b: ViewIndex) -> Bool { a.rawValue < b.rawValue }

    /// The position as `#N`.
    /// - Complexity: O(1).
    public var description: String { "#\(rawValue)" }
}
