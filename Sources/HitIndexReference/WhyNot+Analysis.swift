import HitIndex

extension WhyNot {
    /// Explains why `view` does or does not get a touch at `screenPoint` (default:
    /// ``defaultPoint(of:)``), and, with `suggest`, finds the changes that would give it the
    /// touch.
    ///
    /// `view` must be a view of `scene` (under one of its windows). Every conclusion comes from
    /// the reference: the reasons are the tests its search makes, and each suggestion is applied
    /// to a copy of the scene and hit-tested again. Recursion depth is the scene's depth: run deep
    /// scenes through ``ReferenceHitTester/runOnLargeStack(depth:_:)``.
    /// - Complexity: O(n) for n views without suggestions; with them, O(n) more for each change
    ///   tried: at most ``maximumChangesTried`` single changes and as many steps of the search
    ///   for a set, each a copy of the scene and an analysis or a hit test.
    public init(_ view: View, in scene: Scene, at screenPoint: Point? = nil, suggest: Bool = true) {
        let point = screenPoint ?? Self.defaultPoint(of: view)
        let found = Analysis(view: view, scene: scene, point: point)
        self.view = view
        self.screenPoint = point
        self.result = found.result
        self.path = found.path
        self.reasons = found.reasons
        self.suggestions = suggest && !found.reasons.isEmpty ? Self.suggestions(view, scene, point, found) : []
    }

    /// The point asked about when none is given: the centre of the view's hit rect, converted to
    /// the screen.
    /// - Complexity: O(depth).
    public static func defaultPoint(of view: View) -> Point {
        let e = view.hitRegion.extents
        return view.convertToScreen(Point(x: e.minX * 0.5 + e.maxX * 0.5, y: e.minY * 0.5 + e.maxY * 0.5))
    }

    /// How a view that the search tries returns a view, from the steps the reference reports;
    /// `nil` when it returns none. `point` is in `view`'s bounds space.
    /// - Complexity: O(size of the subtree).
    public static func capture(_ view: View, at point: Point) -> Capture? {
        // Every non-nil return is on one chain, the deepest first: a subview's non-nil answer
        // makes its superview return at once.
        var returned: [View] = []
        var outside = Set<ObjectIdentifier>()
        let tester = ReferenceHitTester { step in
            switch step {
            case .returned(let v, let result): if result != nil { returned.append(v) }
            case .pointInside(let v, _, let inside): if !inside { outside.insert(ObjectIdentifier(v)) }
            case .hitTest: break
            }
        }
        guard let result = tester.hitTest(view, point) else { return nil }
        let chain = returned.reversed()
        return Capture(
            result: result, deepest: returned[0], redirectedBy: chain.first { $0.redirectTarget != nil },
            outsideBounds: chain.filter { outside.contains(ObjectIdentifier($0)) })
    }

    /// What makes a view ineligible, in the order the properties are listed in UIKit.
    /// - Complexity: O(1).
    public static func ineligibilities(of view: View) -> [Ineligibility] {
        var found: [Ineligibility] = []
        if view.isHidden { found.append(.hidden) }
        if Double(view.alpha) < 0.01 { found.append(.transparent(alpha: view.alpha)) }
        if !view.isUserInteractionEnabled { found.append(.interactionDisabled) }
        return found
    }
}

/// The reasons for one view and point, found in search order.
struct Analysis {
    var result: View?
    var path: [WhyNot.Step] = []
    var reasons: [WhyNot.Reason] = []

    init(view: View, scene: Scene, point: Point) {
        guard let window = view.window, scene.windows.contains(where: { $0 === window }) else {
            preconditionFailure("\(view) is not a view of this scene")
        }
        result = ReferenceHitTester().hitTest(scene, at: point)
        let windows = scene.windowsFrontToBack
        // Off the screen: no window's hit area holds the touch, and none searches outside it.
        let reachable = windows.contains {
            $0.hitRegion.contains($0.placement.toLocal(point)) || $0.hitTestsSubviewsOutsideBounds
        }
        if !reachable { reasons.append(.outsideEveryWindow) }
        for w in windows {
            if w === window { break }
            guard let c = WhyNot.capture(w, at: w.placement.toLocal(point)) else { continue }
            // A window in front that redirects to the view delivers it: nothing after matters.
            if c.result === view { return }
            reasons.append(.windowInFront(w, c))
        }
        var chain: [View] = []
        var next: View? = view
        while let v = next {
            chain.append(v)
            next = v.superview
        }
        chain.reverse()
        // A view on the path that redirects to the view: any hit below it gives the view the
        // touch, so the path below it does not matter, only whether something under it is hit.
        let redirectsToView = chain.firstIndex { $0.redirectTarget === view }
        let last = redirectsToView ?? chain.count - 1
        // The level whose search delivers the view, through a capture that redirects to it.
        var delivered: Int?

        var p = window.placement.toLocal(point)
        levels: for i in 0...last {
            let v = chain[i]
            if i > 0 { p = v.placement.toLocal(p) }
            let inRegion = v.hitRegion.contains(p)
            let inside = inRegion && (v.hitPredicate?(p) ?? true)
            path.append(WhyNot.Step(view: v, point: p, isInside: inside))
            let found = reasons.count
            reasons += WhyNot.ineligibilities(of: v).map { .ineligible(v, $0) }
            let isView = i == chain.count - 1
            let anyHitWillDo = i == redirectsToView
            if !inside && ((isView && !anyHitWillDo) || !v.hitTestsSubviewsOutsideBounds) {
                if inRegion {
                    reasons.append(.predicateRefuses(v, point: p))
                } else {
                    let e = v.hitRegion.extents
                    let rect = Rect(x: e.minX, y: e.minY, width: e.maxX - e.minX, height: e.maxY - e.minY)
                    reasons.append(.outsideHitArea(v, point: p, hitRect: rect))
                }
            }
            if anyHitWillDo {
                if reasons.count == found && ReferenceHitTester().hitTest(v, p) == nil {
                    reasons.append(.nothingHitUnder(v))
                }
            } else {
                // In front of the path (or, at the view, its own subviews): the first capture is
                // what the search returns here; one that redirects to the view delivers it.
                for sub in v.subviews.reversed() {
                    if !isView && sub === chain[i + 1] { break }
                    guard let c = WhyNot.capture(sub, at: sub.placement.toLocal(p)) else { continue }
                    if c.result === view {
                        delivered = i
                        break levels
                    }
                    reasons.append(isView ? .subviewTakesIt(sub, c) : .viewInFront(sub, c, container: v))
                    if isView { break }
                }
                if isView && v.isPassThrough { reasons.append(.passThrough(v)) }
            }
        }
        // On the way back up from where the view is returned, the outermost redirect wins; one
        // that names the view hides those below it.
        for v in chain[0...(delivered ?? last)] {
            guard let target = v.redirectTarget else { continue }
            if target === view { break }
            reasons.append(.redirected(by: v, to: target))
        }
    }
}
