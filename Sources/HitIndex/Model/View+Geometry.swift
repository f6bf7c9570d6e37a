extension View {
    /// The frame in the superview's bounds space: `origin = center - anchorPoint * bounds.size`,
    /// `size = bounds.size`.
    ///
    /// Like UIKit's, the frame is only meaningful with an identity transform: with another
    /// transform the getter returns the bounding box of the transformed bounds, and the setter
    /// applies the identity-transform rule regardless.
    ///
    /// Setting it sets `center = origin + anchorPoint * size` and `bounds.size = size`, keeping
    /// `bounds.origin` (the scroll offset).
    /// - Complexity: O(1).
    public var frame: Rect {
        get {
            let size = bounds.size
            if transform.isIdentity {
                return Rect(
                    x: center.x - anchorPoint.x * size.width, y: center.y - anchorPoint.y * size.height,
                    width: size.width, height: size.height)
            }
            let p = placement
            let e = Extents(bounds)
            let corners = [
                p.toParent(Point(x: e.minX, y: e.minY)), p.toParent(Point(x: e.maxX, y: e.minY)),
                p.toParent(Point(x: e.minX, y: e.maxY)), p.toParent(Point(x: e.maxX, y: e.maxY)),
            ]
            let xs = corners.map(\.x)
            let ys = corners.map(\.y)
            let minX = xs.min()!
            let minY = ys.min()!
            return Rect(x: minX, y: minY, width: xs.max()! - minX, height: ys.max()! - minY)
        }
        set {
            bounds.size = newValue.size
            center = Point(
                x: newValue.origin.x + anchorPoint.x * newValue.size.width,
                y: newValue.origin.y + anchorPoint.y * newValue.size.height)
        }
    }

    /// The data of the canonical superview→view conversion for this view's current geometry.
    /// - Complexity: O(1).
    public var placement: ViewPlacement { attributes.placement }

    /// This view's hit area (hit rect and shape), in its bounds space; ``hitPredicate`` may narrow
    /// it further.
    /// - Complexity: O(1).
    public var hitRegion: HitRegion { attributes.hitRegion }

    /// Whether the eligibility rules let this view be hit-tested at all: not hidden, interaction
    /// enabled and `Double(alpha) >= 0.01` (see ``View/isHitTestable(hidden:userInteractionEnabled:alpha:)``).
    /// - Complexity: O(1).
    public var isHitTestable: Bool { attributes.isHitTestable }

    /// The eligibility rule of semantics §3, checked before `pointInside`:
    /// `!hidden && userInteractionEnabled && Double(alpha) >= 0.01`.
    ///
    /// Only the view's own alpha counts. `Float(0.01)` is `0.0099999998`, so alpha 0.01 is not
    /// hittable, as on iOS.
    /// - Complexity: O(1).
    @inlinable
    public static func isHitTestable(hidden: Bool, userInteractionEnabled: Bool, alpha: Float) -> Bool {
        !hidden && userInteractionEnabled && !(Double(alpha) < 0.01)
    }

    /// Converts `point` from `view`'s bounds space into this view's; `nil` means this view's
    /// root (its window), as in UIKit.
    ///
    /// Between views of one tree the point is lifted to the nearest common ancestor and lowered
    /// with the canonical conversion; between trees it goes through the roots' shared superspace
    /// (screen space for windows).
    /// - Complexity: O(depth of both views).
    public func convert(_ point: Point, from view: View?) -> Point {
        (view ?? root).convert(point, to: self)
    }

    /// Converts `point` from this view's bounds space into `view`'s; `nil` means this view's root
    /// (its window), as in UIKit.
    /// - Complexity: O(depth of both views).
    public func convert(_ point: Point, to view: View?) -> Point {
        let target = view ?? root
        // Ancestors of the target, nearest first, to find the common ancestor.
        var targetPath: [View] = []
        var t: View? = target
        while let v = t {
            targetPath.append(v)
            t = v.superview
        }
        let targetSet = Set(targetPath.map(ObjectIdentifier.init))
        var p = point
        var source: View? = self
        while let s = source, !targetSet.contains(ObjectIdentifier(s)) {
            p = s.placement.toParent(p)
            source = s.superview
        }
        // `source` is the common ancestor, or nil (then `p` is in the roots' superspace).
        let stop = source.map(ObjectIdentifier.init)
        var descent: [View] = []
        for v in targetPath {
            if ObjectIdentifier(v) == stop { break }
            descent.append(v)
        }
        for v in descent.reversed() { p = v.placement.toLocal(p) }
        return p
    }

    /// Converts a screen point (the space windows are placed in) into this view's bounds space.
    /// - Complexity: O(depth).
    public func convert(fromScreen point: Point) -> Point {
        var path: [View] = []
        var v: View? = self
        while let current = v {
            path.append(current)
            v = current.superview
        }
        var p = point
        for view in path.reversed() { p = view.placement.toLocal(p) }
        return p
    }

    /// Converts a point in this view's bounds space into screen space.
    /// - Complexity: O(depth).
    public func convertToScreen(_ point: Point) -> Point {
        var p = point
        var v: View? = self
        while let current = v {
            p = current.placement.toParent(p)
            v = current.superview
        }
        return p
    }
}
