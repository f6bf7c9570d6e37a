/// A location in some view's bounds space (or in screen space for windows), in points.
///
/// Coordinates are `Double`, as `CGFloat` is on 64-bit Apple platforms.
public struct Point: Hashable, Sendable, BitwiseCopyable, CustomStringConvertible {
    /// The horizontal coordinate, growing to the right.
    public var x: Double
    /// The vertical coordinate, growing downwards as in UIKit.
    public var y: Double

    /// Creates a point.
    /// - Complexity: O(1).
    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, `(0, 0)`.
    public static let zero = Point(x: 0, y: 0)

    /// Whether both coordinates are finite (neither NaN nor infinite).
    /// - Complexity: O(1).
    @inlinable
    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// `(x, y)` printed with Swift's shortest round-trip `Double` description.
    /// - Complexity: O(1).
    public var description: String { "(\(x), \(y))" }
}
