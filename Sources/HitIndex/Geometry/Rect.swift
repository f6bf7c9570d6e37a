/// An origin and a size, like `CGRect`; the size may be negative.
///
/// Every geometric question standardizes first (`minX = x + min(w, 0)`, `maxX = x + max(w, 0)`),
/// through ``Extents``, so a rect and its mirror image `(x + w, y + h, -w, -h)` contain the same
/// points.
public struct Rect: Hashable, Sendable, BitwiseCopyable, CustomStringConvertible {
    /// The corner the size is measured from (the minimum corner only when the size is not
    /// negative).
    public var origin: Point
    /// The width and height, either of which may be negative or zero.
    public var size: Size

    /// Creates a rect from an origin and a size.
    /// - Complexity: O(1).
    @inlinable
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rect from its four components, as `[x, y, w, h]` in scene files.
    /// - Complexity: O(1).
    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x: x, y: y)
        self.size = Size(width: width, height: height)
    }

    /// The empty rect at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The standardized extents of this rect.
    /// - Complexity: O(1).
    @inlinable
    public var extents: Extents { Extents(self) }

    /// Whether `point` lies in this rect, half-open: `minX <= x < maxX && minY <= y < maxY`.
    ///
    /// A rect with zero width or height contains nothing; a NaN or infinite point is contained by
    /// nothing. Never traps (unlike swift-corelibs-foundation's `CGRect.contains` on NaN).
    /// - Complexity: O(1).
    @inlinable
    public func contains(_ point: Point) -> Bool { Extents(self).contains(point) }

    /// Whether every component is finite.
    /// - Complexity: O(1).
    @inlinable
    public var isFinite: Bool { origin.isFinite && size.isFinite }

    /// `(x, y, width, height)` printed with Swift's shortest round-trip `Double` description.
    /// - Complexity: O(1).
    public var description: String { "(\(origin.x), \(origin.y), \(size.width), \(size.height))" }
}

/// The standardized corners of a rect: `minX <= maxX` and `minY <= maxY` for every finite rect.
///
/// This is the form both engines store and test against, so that the containment arithmetic is
/// done once, identically, for every engine.
public struct Extents: Hashable, Sendable, BitwiseCopyable {
    /// The smallest x inside: ``contains(_:)`` holds from `minX` inclusive.
    public var minX: Double
    /// The smallest y inside: ``contains(_:)`` holds from `minY` inclusive.
    public var minY: Double
    /// The x bound, exclusive: ``contains(_:)`` holds below `maxX` only.
    public var maxX: Double
    /// The y bound, exclusive: ``contains(_:)`` holds below `maxY` only.
    public var maxY: Double

    /// Creates extents from corners that are already standardized.
    /// - Complexity: O(1).
    @inlinable
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// Standardizes `rect`: `minX = x + min(w, 0)`, `maxX = x + max(w, 0)`, the same for y.
    /// - Complexity: O(1).
    @inlinable
    public init(_ rect: Rect) {
        let w = rect.size.width
        let h = rect.size.height
        // `a < b ? a : b` rather than `min`: the same value for every non-NaN input, and NaN sizes
        // never reach here from a validated scene.
        minX = rect.origin.x + (w < 0 ? w : 0)
        maxX = rect.origin.x + (w > 0 ? w : 0)
        minY = rect.origin.y + (h < 0 ? h : 0)
        maxY = rect.origin.y + (h > 0 ? h : 0)
    }

    /// The half-open containment test every engine uses.
    ///
    /// `p.isFinite && minX <= p.x && p.x < maxX && minY <= p.y && p.y < maxY`. The finiteness
    /// check matters only when an extent overflowed to infinity; NaN fails every comparison anyway.
    /// - Complexity: O(1).
    @inlinable
    public func contains(_ p: Point) -> Bool {
        minX <= p.x && p.x < maxX && minY <= p.y && p.y < maxY && p.x.isFinite && p.y.isFinite
    }

    /// Whether the extents enclose no point (zero or negative width or height, or NaN).
    /// - Complexity: O(1).
    @inlinable
    public var isEmpty: Bool { !(minX < maxX && minY < maxY) }
}
