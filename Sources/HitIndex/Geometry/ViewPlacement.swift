/// Where a view's bounds space sits in its superview's bounds space: the data of the ONE
/// canonical conversion (semantics §2), with the inverse transform computed once.
///
/// Every engine converts a point from a superview into a view with ``toLocal(_:)``, so every
/// engine rounds identically; an index stores exactly these fields.
public struct ViewPlacement: Hashable, Sendable {
    /// The layer position, in the superview's bounds space.
    public var center: Point
    /// The view's transform.
    public var transform: AffineTransform
    /// `transform.inverted()`, with `CGAffineTransformInvert`'s singular-returns-self contract.
    public var inverse: AffineTransform
    /// `bounds.origin + anchorPoint * bounds.size`: the bounds-space point that sits at `center`.
    public var anchorOffset: Point

    /// Computes the placement of a view from its geometry.
    /// - Complexity: O(1).
    @inlinable
    public init(bounds: Rect, center: Point, anchorPoint: Point, transform: AffineTransform) {
        self.center = center
        self.transform = transform
        self.inverse = transform.inverted()
        self.anchorOffset = Point(
            x: bounds.origin.x + anchorPoint.x * bounds.size.width,
            y: bounds.origin.y + anchorPoint.y * bounds.size.height)
    }

    /// Creates a placement from precomputed parts; `inverse` must be `transform.inverted()`.
    /// - Complexity: O(1).
    @inlinable
    public init(center: Point, transform: AffineTransform, inverse: AffineTransform, anchorOffset: Point) {
        self.center = center
        self.transform = transform
        self.inverse = inverse
        self.anchorOffset = anchorOffset
    }

    /// Converts `q` from the superview's bounds space into this view's bounds space, in exactly
    /// the operation order of semantics §2:
    ///
    /// ```
    /// dx = q.x - center.x;  dy = q.y - center.y
    /// lx = ia*dx + ic*dy + itx;  ly = ib*dx + id*dy + ity
    /// p  = (lx + anchorOffset.x, ly + anchorOffset.y)
    /// ```
    /// - Complexity: O(1).
    @inlinable
    public func toLocal(_ q: Point) -> Point {
        ViewPlacement.toLocal(q, center: center, inverse: inverse, anchorOffset: anchorOffset)
    }

    /// The canonical conversion on its raw inputs, for engines that store the fields themselves.
    /// This is the only implementation of the arithmetic: ``toLocal(_:)`` calls it.
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    public static func toLocal(_ q: Point, center: Point, inverse: AffineTransform, anchorOffset: Point) -> Point {
        let dx = q.x - center.x
        let dy = q.y - center.y
        let lx = inverse.a * dx + inverse.c * dy + inverse.tx
        let ly = inverse.b * dx + inverse.d * dy + inverse.ty
        return Point(x: lx + anchorOffset.x, y: ly + anchorOffset.y)
    }

    /// The canonical conversion for a view whose transform is the identity, with the arithmetic
    /// that cannot change the result skipped.
    ///
    /// The identity's inverse is `(1, -0, -0, 1, +0, +0)`, so the full form computes
    /// `lx = ((1*dx) + (-0*dy)) + 0`. For finite `dx` and `dy` that is `dx + 0.0` bit for bit:
    /// `1*dx == dx`; adding a signed zero to a non-zero `dx` leaves it unchanged; and when `dx` is
    /// a zero of either sign the final `+ 0` makes it `+0`, which is exactly what `dx + 0.0` does.
    /// When `dy` is not finite (a non-finite point, or `q.y - center.y` overflowing) the full form
    /// gives `lx = NaN` where this keeps `dx`; `ly` is then non-finite in both, so every
    /// containment test fails in both, in this view and every descendant (a non-finite
    /// coordinate never becomes finite again through the conversion), and the hit-test answer is
    /// the same.
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    public static func toLocalTranslated(_ q: Point, center: Point, anchorOffset: Point) -> Point {
        Point(x: ((q.x - center.x) + 0.0) + anchorOffset.x, y: ((q.y - center.y) + 0.0) + anchorOffset.y)
    }

    /// Lifts `p` from this view's bounds space into the superview's:
    /// `center + T·(p - anchorOffset)`.
    /// - Complexity: O(1).
    @inlinable
    public func toParent(_ p: Point) -> Point {
        let dx = p.x - anchorOffset.x
        let dy = p.y - anchorOffset.y
        let t = transform
        return Point(x: center.x + (t.a * dx + t.c * dy + t.tx), y: center.y + (t.b * dx + t.d * dy + t.ty))
    }
}
