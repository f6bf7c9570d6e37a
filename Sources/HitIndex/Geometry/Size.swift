/// A width and a height, in points. Either may be negative or zero; rects standardize before use.
public struct Size: Hashable, Sendable, BitwiseCopyable, CustomStringConvertible {
    /// The horizontal extent; negative extends to the left of the origin.
    public var width: Double
    /// The vertical extent; negative extends above the origin.
    public var height: Double

    /// Creates a size.
    /// - Complexity: O(1).
    @inlinable
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// `(0, 0)`.
    public static let zero = Size(width: 0, height: 0)

    /// Whether both dimensions are finite.
    /// - Complexity: O(1).
    @inlinable
    public var isFinite: Bool { width.isFinite && height.isFinite }

    /// `(width, height)` printed with Swift's shortest round-trip `Double` description.
    /// - Complexity: O(1).
    public var description: String { "(\(width), \(height))" }
}
