/// The shape of a view's hit area, laid over its hit rect.
public enum HitShape: Hashable, Sendable {
    /// The hit rect itself, half-open.
    case rect
    /// The ellipse inscribed in the hit rect, strictly inside (`<`).
    case ellipse
    /// The hit rect with corners rounded to `radius`, clamped to half the shorter side.
    case roundedRect(radius: Double)
}

/// A view's complete hit area: standardized hit-rect extents and the shape laid over them.
///
/// Both engines build one of these per view and call ``contains(_:)``; it is the only place the
/// shape formulas live.
public struct HitRegion: Hashable, Sendable {
    /// The standardized hit rect.
    public var extents: Extents
    /// The shape inside ``extents``.
    public var shape: HitShape

    /// Creates a region from already computed extents.
    /// - Complexity: O(1).
    @inlinable
    public init(extents: Extents, shape: HitShape) {
        self.extents = extents
        self.shape = shape
    }

    /// The hit region of a view with these bounds and declared hit behaviour.
    ///
    /// Hit rect: `bounds` inset like `UIEdgeInsetsInsetRect` (``EdgeInsets/inset(_:)``); a
    /// negative width or height is then flipped (`x += w; w = -w`), which changes no point it
    /// contains; then, as seed 004's `HitTestingBounds`, each dimension smaller than
    /// `minimumHitSize` grows to it symmetrically (`x -= (minW - w) / 2; w = minW`); then
    /// standardized into extents. Flipping first keeps the default minimum `(0, 0)` from
    /// collapsing a negative-size rect to nothing.
    /// - Complexity: O(1).
    @inlinable
    public init(bounds: Rect, insets: EdgeInsets, minimumHitSize: Size, shape: HitShape) {
        var r = insets.inset(bounds)
        if r.size.width < 0 {
            r.origin.x += r.size.width
            r.size.width = -r.size.width
        }
        if r.size.height < 0 {
            r.origin.y += r.size.height
            r.size.height = -r.size.height
        }
        if minimumHitSize.width > r.size.width {
            r.origin.x -= (minimumHitSize.width - r.size.width) / 2
            r.size.width = minimumHitSize.width
        }
        if minimumHitSize.height > r.size.height {
            r.origin.y -= (minimumHitSize.height - r.size.height) / 2
            r.size.height = minimumHitSize.height
        }
        self.init(extents: Extents(r), shape: shape)
    }

    /// Whether `p` (in the view's bounds space) lies in the hit area.
    ///
    /// - `rect`: ``Extents/contains(_:)``.
    /// - `ellipse`: inside the rect and `((x - cx) / rx)² + ((y - cy) / ry)² < 1`, with
    ///   `cx = minX/2 + maxX/2`, `rx = (maxX - minX) / 2`.
    /// - `roundedRect(r)`: inside the rect, and in a corner square (`ex > 0 && ey > 0`) also
    ///   `ex² + ey² <= rr²`, with `rr = min(r, w/2, h/2)` and `ex` the distance of `x` beyond
    ///   `[minX + rr, maxX - rr]` (0 inside it), likewise `ey`. Outside the corner squares the
    ///   rect test alone decides, so the straight edges behave exactly like the rect's even when
    ///   `(minX + rr) - minX` rounds above `rr`.
    /// - Complexity: O(1).
    @inlinable
    public func contains(_ p: Point) -> Bool {
        guard extents.contains(p) else { return false }
        switch shape {
        case .rect:
            return true
        case .ellipse:
            let e = extents
            let rx = (e.maxX - e.minX) * 0.5
            let ry = (e.maxY - e.minY) * 0.5
            let nx = (p.x - (e.minX * 0.5 + e.maxX * 0.5)) / rx
            let ny = (p.y - (e.minY * 0.5 + e.maxY * 0.5)) / ry
            return nx * nx + ny * ny < 1
        case .roundedRect(let radius):
            let e = extents
            let halfW = (e.maxX - e.minX) * 0.5
            let halfH = (e.maxY - e.minY) * 0.5
            var rr = radius < halfW ? radius : halfW
            rr = rr < halfH ? rr : halfH
            let left = e.minX + rr
            let right = e.maxX - rr
            let top = e.minY + rr
            let bottom = e.maxY - rr
            let ex = p.x < left ? left - p.x : (p.x > right ? p.x - right : 0)
            let ey = p.y < top ? top - p.y : (p.y > bottom ? p.y - bottom : 0)
            guard ex > 0 && ey > 0 else { return true }
            return ex * ex + ey * ey <= rr * rr
        }
    }
}
