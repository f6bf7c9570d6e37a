/// Insets in `UIEdgeInsets` order (top, left, bottom, right); negative values enlarge.
public struct EdgeInsets: Hashable, Sendable, BitwiseCopyable {
    /// The inset from the top edge (the minimum y); negative moves the edge outwards.
    public var top: Double
    /// The inset from the left edge (the minimum x); negative moves the edge outwards.
    public var left: Double
    /// The inset from the bottom edge (the maximum y); negative moves the edge outwards.
    public var bottom: Double
    /// The inset from the right edge (the maximum x); negative moves the edge outwards.
    public var right: Double

    /// Creates insets.
    /// - Complexity: O(1).
    @inlinable
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No insets.
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)

    /// Whether every inset is finite.
    /// - Complexity: O(1).
    @inlinable
    public var isFinite: Bool { top.isFinite && left.isFinite && bottom.isFinite && right.isFinite }

    /// Applies the insets exactly as `UIEdgeInsetsInsetRect` does, without standardizing:
    /// `x += left`, `y += top`, `w -= (left + right)`, `h -= (top + bottom)`.
    /// - Complexity: O(1).
    @inlinable
    public func inset(_ rect: Rect) -> Rect {
        Rect(
            x: rect.origin.x + left, y: rect.origin.y + top,
            width: rect.size.width - (left + right), height: rect.size.height - (top + bottom))
    }
}
