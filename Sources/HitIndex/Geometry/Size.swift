/// A width and a height, in points. Either may be negative or zero; rects standardize before use.
public struct Size: Hashable, Sendable, BitwiseCopyable, CustomStringConvertible {
    public var width: Double
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

    public var description: String { "(\(width), \(height))" }
}
