import HitIndex

/// Deliberately broken engines for `hitindex fuzz --self-test`: each differs from the reference
/// in one way that real hit-testers get wrong, and the fuzzer must find and shrink every one.
///
/// Each is a recursive hit-tester over the model, written out here (not a switch inside the
/// product), so that the index stays free of test hooks.
public enum Mutant: String, CaseIterable, Sendable {
    /// The hit rect's max edges are inclusive: `x <= maxX` instead of `x < maxX`.
    case inclusiveMaxEdge = "inclusive-max-edge"
    /// The alpha threshold compared in `Float`, `alpha >= Float(0.01)`, instead of
    /// `Double(alpha) >= 0.01`: `Float(0.01)` itself (0.0099999998) then counts as visible.
    case alphaInFloat = "alpha-in-float"
    /// The conversion drops `bounds.origin`: scroll offsets are ignored.
    case ignoresBoundsOrigin = "ignores-bounds-origin"
    /// Each view's screen→local map composed once (the parent's composed map, then this view's
    /// step as an affine map) and applied in one go, without the stepwise canonical conversion:
    /// different rounding, and singular transforms inverted differently, with no exact fallback.
    case composedTransform = "composed-transform"

    /// The engine that answers as this mutant.
    public var engine: FuzzEngine {
        let mutant = self
        return FuzzEngine(name: rawValue) { scene, points in
            points.map { p in MutantHitTester(mutant: mutant).hitTest(scene, at: p)?.id }
        }
    }
}

/// A hit-tester with one injected bug (see ``Mutant``); otherwise semantics §3 as the reference.
struct MutantHitTester {
    let mutant: Mutant

    func hitTest(_ scene: Scene, at q: Point) -> View? {
        for window in scene.windowsFrontToBack {
            let local = step(window, q, composed: .identity)
            if let hit = hitTest(window, local.point, composed: local.map, screen: q) { return hit }
        }
        return nil
    }

    /// The point in `view`'s space (and, for the composed mutant, the screen→view map).
    private func step(_ view: View, _ q: Point, composed: AffineTransform) -> (point: Point, map: AffineTransform) {
        var placement = view.placement
        if mutant == .ignoresBoundsOrigin {
            let a = view.attributes
            placement.anchorOffset = Point(
                x: a.anchorPoint.x * a.bounds.size.width, y: a.anchorPoint.y * a.bounds.size.height)
        }
        guard mutant == .composedTransform else { return (placement.toLocal(q), .identity) }
        // local = inverse · (q − center) + anchorOffset, as one affine map of the superview's
        // point, composed after the superview's own screen→local map.
        let i = placement.inverse
        let c = placement.center
        let o = placement.anchorOffset
        let stepMap = AffineTransform(
            a: i.a, b: i.b, c: i.c, d: i.d,
            tx: o.x - (i.a * c.x + i.c * c.y), ty: o.y - (i.b * c.x + i.d * c.y))
        return (placement.toLocal(q), composed.concatenating(stepMap))
    }

    private func hitTest(_ view: View, _ p: Point, composed: AffineTransform, screen: Point) -> View? {
        guard eligible(view) else { return nil }
        // The composed mutant decides with the one-step map from the screen point.
        let point = mutant == .composedTransform ? composed.apply(to: screen) : p
        let inside = pointInside(view, point)
        if !inside && !view.hitTestsSubviewsOutsideBounds { return nil }
        for subview in view.subviews.reversed() {
            let next = step(subview, point, composed: composed)
            if let hit = hitTest(subview, next.point, composed: next.map, screen: screen) {
                return view.redirectTarget ?? hit
            }
        }
        if inside && !view.isPassThrough { return view.redirectTarget ?? view }
        return nil
    }

    private func eligible(_ view: View) -> Bool {
        guard mutant == .alphaInFloat else { return view.isHitTestable }
        return !view.isHidden && view.isUserInteractionEnabled && view.alpha >= Float(0.01)
    }

    private func pointInside(_ view: View, _ p: Point) -> Bool {
        let region = view.hitRegion
        var inside = region.contains(p)
        if mutant == .inclusiveMaxEdge {
            let e = region.extents
            var closed = region
            // Grow the max edges by one ulp: `x < maxX.nextUp` is `x <= maxX`.
            closed.extents = Extents(minX: e.minX, minY: e.minY, maxX: e.maxX.nextUp, maxY: e.maxY.nextUp)
            inside = closed.contains(p)
        }
        if inside, let predicate = view.hitPredicate { inside = predicate(p) }
        return inside
    }
}
