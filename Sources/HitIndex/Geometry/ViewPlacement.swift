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
        let dx = q.x - center.x
        let dy = q.y - center.y
        let lx = inverse.a * dx + inverse.c * dy + inverse.tx
        let ly = inverse.b * dx + inverse.d * dy + inverse.ty
        return Point(x: lx + anchorOffset.x, y: ly + anchorOffset.y)
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
