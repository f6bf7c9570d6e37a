import HitIndex

/// One step of a reference hit-test, reported in call order.
public enum HitTestStep {
    /// `hitTest` was called on a view with a point in its bounds space.
    case hitTest(View, Point)
    /// `pointInside` was called on a view and answered `result`.
    case pointInside(View, Point, result: Bool)
    /// `hitTest` on a view returned `result`.
    case returned(View, result: View?)
}

/// The recursive reference: UIKit's `hitTest(_:with:)` and `point(inside:with:)`, written to be
/// read next to semantics §3, and the oracle every other engine is checked against.
///
/// It is recursive on purpose and sees only the public model. Recursion depth equals view depth:
/// run deep scenes through ``runOnLargeStack(depth:_:)`` (the batch entry points do).
public struct ReferenceHitTester {
    /// Called for every `hitTest`, `pointInside` and return, in call order; `nil` for none.
    public var observer: ((HitTestStep) -> Void)?

    /// Creates a hit tester, optionally with an observer.
    /// - Complexity: O(1).
    public init(observer: ((HitTestStep) -> Void)? = nil) {
        self.observer = observer
    }

    /// The view a touch at `screenPoint` lands on: windows are tried front to back (higher level
    /// first; within a level, the later-listed window first), each with the point converted into
    /// it, and the first non-nil answer wins.
    /// - Complexity: O(n) for n views in the worst case; recursion depth = view depth.
    public func hitTest(_ scene: Scene, at screenPoint: Point) -> View? {
        for window in scene.windowsFrontToBack {
            if let hit = hitTest(window, window.placement.toLocal(screenPoint)) {
                return hit
            }
        }
        return nil
    }

    /// UIKit's `hitTest`: `point` is in `view`'s bounds space.
    /// - Complexity: O(size of the subtree) in the worst case.
    public func hitTest(_ view: View, _ point: Point) -> View? {
        observer?(.hitTest(view, point))
        let result = defaultHitTest(view, point)
        observer?(.returned(view, result: result))
        return result
    }

    /// UIKit's `pointInside`: whether `point` (in `view`'s bounds space) lies in the view's hit
    /// shape over its hit rect, narrowed by its custom predicate if it has one.
    /// - Complexity: O(1) plus the custom predicate.
    public func pointInside(_ view: View, _ point: Point) -> Bool {
        var inside = view.hitRegion.contains(point)
        if inside, let predicate = view.hitPredicate { inside = predicate(point) }
        observer?(.pointInside(view, point, result: inside))
        return inside
    }

    private func defaultHitTest(_ view: View, _ point: Point) -> View? {
        // Eligibility comes before pointInside: an ineligible view is never asked.
        guard view.isHitTestable else { return nil }
        let inside = pointInside(view, point)
        if !inside && !view.hitTestsSubviewsOutsideBounds { return nil }
        // The last subview is the front-most.
        for subview in view.subviews.reversed() {
            if let hit = hitTest(subview, subview.placement.toLocal(point)) {
                return view.redirectTarget ?? hit
            }
        }
        if inside && !view.isPassThrough { return view.redirectTarget ?? view }
        return nil
    }
}
