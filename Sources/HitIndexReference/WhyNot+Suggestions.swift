import HitIndex

extension WhyNot {
    /// At most this many single changes are tried, each on its own copy of the scene, and at
    /// most this many steps of the search for a set of changes.
    public static let maximumChangesTried = 48
    /// At most this many single changes are listed.
    public static let maximumSuggestions = 4

    /// The changes worth trying for one reason, most direct first.
    /// - Complexity: O(depth of the reason's views).
    public static func candidates(for reason: Reason, path: [Step], offScreen: Bool = false) -> [Change] {
        switch reason {
        case .outsideEveryWindow, .predicateRefuses, .nothingHitUnder:
            // Nothing to change in the scene: the touch misses the screen, or custom code decides.
            return []
        case .windowInFront(let w, let c):
            return [.makePassThrough(c.deepest.id), .disableInteraction(w.id)]
        case .viewInFront(let front, let c, let container):
            // The view on the path that the front view is in front of, in the same container (a
            // path from another analysis may not hold it: then raising is not offered).
            let behind = path.first { $0.view.superview === container }?.view
            var changes: [Change] = behind.map { [.raise($0.id, above: front.id)] } ?? []
            changes.append(.makePassThrough(c.deepest.id))
            if c.deepest !== front { changes.append(.makePassThrough(front.id)) }
            changes.append(.disableInteraction(front.id))
            return changes
        case .ineligible(let v, .hidden): return [.show(v.id)]
        case .ineligible(let v, .transparent): return [.makeOpaque(v.id)]
        case .ineligible(let v, .interactionDisabled): return [.enableInteraction(v.id)]
        case .outsideHitArea(let v, _, _) where v is Window && offScreen:
            // A touch outside every window is off the screen: no window should reach it.
            return []
        case .outsideHitArea(let v, let p, _):
            let grow = Change.growHitArea(v.id, by: Self.growth(of: v, toReach: p))
            let isView = path.last?.view === v
            return isView ? [grow] : [grow, .searchSubviewsOutsideBounds(v.id)]
        case .subviewTakesIt(let sub, let c):
            return [.makePassThrough(c.deepest.id), .disableInteraction(sub.id)]
        case .passThrough(let v): return [.clearPassThrough(v.id)]
        case .redirected(let v, _): return [.clearRedirect(v.id)]
        }
    }

    /// Whole points to add on each edge of `view`'s hit area, through its hit-test insets, so
    /// that it holds `p` (in the view's space): the gap on each side, grown again while a
    /// minimum size's re-centring (which moves an edge half as far) leaves the point out.
    /// - Complexity: O(1).
    static func growth(of view: View, toReach p: Point) -> EdgeInsets {
        func below(_ value: Double, _ min: Double) -> Double { value < min ? (min - value).rounded(.up) : 0 }
        func above(_ value: Double, _ max: Double) -> Double { value >= max ? (value - max).rounded(.down) + 1 : 0 }
        var by = EdgeInsets.zero
        for _ in 0..<16 {
            let e = HitRegion(
                bounds: view.bounds, insets: view.hitTestInsets.growing(by: by), minimumHitSize: view.minimumHitSize,
                shape: view.hitShape
            ).extents
            let more = EdgeInsets(
                top: below(p.y, e.minY), left: below(p.x, e.minX), bottom: above(p.y, e.maxY),
                right: above(p.x, e.maxX))
            if more == .zero { break }
            by = EdgeInsets(
                top: by.top + more.top, left: by.left + more.left, bottom: by.bottom + more.bottom,
                right: by.right + more.right)
        }
        return by
    }

    /// Applies `change` to the view of `scene` it names; false if no view of `scene` has that id.
    /// - Complexity: O(n) for n views (finding the views by id).
    @discardableResult
    public static func apply(_ change: Change, to scene: Scene) -> Bool {
        apply(change, in: views(of: scene))
    }

    /// Every view of `scene` by id.
    static func views(of scene: Scene) -> [String: View] {
        var byID: [String: View] = [:]
        scene.forEachView { v, _ in byID[v.id] = v }
        return byID
    }

    /// Applies `change` to the views of `byID`; false if one it names is missing.
    static func apply(_ change: Change, in byID: [String: View]) -> Bool {
        let named = change.viewIDs.map { byID[$0] }
        guard let v = named[0], named.allSatisfy({ $0 != nil }) else { return false }
        switch change {
        case .show: v.isHidden = false
        case .makeOpaque: v.alpha = 1
        case .enableInteraction: v.isUserInteractionEnabled = true
        case .disableInteraction: v.isUserInteractionEnabled = false
        case .makePassThrough: v.isPassThrough = true
        case .clearPassThrough: v.isPassThrough = false
        case .clearRedirect: v.redirectTarget = nil
        case .searchSubviewsOutsideBounds: v.hitTestsSubviewsOutsideBounds = true
        case .growHitArea(_, let by): v.hitTestInsets = v.hitTestInsets.growing(by: by)
        case .raise:
            let sibling = named[1]!
            guard let parent = v.superview, sibling.superview === parent, sibling !== v else { return false }
            parent.insertSubview(v, aboveSubview: sibling)
        }
        return true
    }

    /// Single changes that each give the view the touch; if there are none, one set of changes
    /// found greedily (the first working change for the first reason, then again on the changed
    /// scene) that together do. Each is checked with the reference on a fresh copy.
    static func suggestions(_ view: View, _ scene: Scene, _ point: Point, _ found: Analysis) -> [[Change]] {
        let (path, reasons) = (found.path, found.reasons)
        let offScreen = reasons.contains { if case .outsideEveryWindow = $0 { true } else { false } }
        var tried = 0
        var seen = Set<Change>()
        var singles: [[Change]] = []
        search: for reason in reasons {
            for change in candidates(for: reason, path: path, offScreen: offScreen) where seen.insert(change).inserted {
                guard tried < maximumChangesTried, singles.count < maximumSuggestions else { break search }
                tried += 1
                if works([change], view.id, scene, point) { singles.append([change]) }
            }
        }
        if !singles.isEmpty { return singles }

        // Several reasons each block the view: fix them one at a time, re-reading the reasons on
        // the changed copy, until the view gets the touch or no change helps.
        var applied: [Change] = []
        var steps = 0
        while steps < maximumChangesTried {
            guard let now = analysis(after: applied, view.id, scene, point) else { return [] }
            if now.reasons.isEmpty {
                return !applied.isEmpty && works(applied, view.id, scene, point) ? [applied] : []
            }
            var progressed = false
            search: for reason in now.reasons {
                for change in candidates(for: reason, path: now.path, offScreen: offScreen)
                where !applied.contains(change) {
                    steps += 1
                    if let after = analysis(after: applied + [change], view.id, scene, point),
                        after.reasons.count < now.reasons.count
                    {
                        applied.append(change)
                        progressed = true
                        break search
                    }
                    if steps >= maximumChangesTried { break search }
                }
            }
            if !progressed { return [] }
        }
        return []
    }

    /// The analysis of the view on a copy of `scene` with `changes` made; `nil` if a change names
    /// a view the copy does not have.
    static func analysis(after changes: [Change], _ id: String, _ scene: Scene, _ point: Point) -> Analysis? {
        let trial = scene.copy()
        let byID = views(of: trial)
        for c in changes where !apply(c, in: byID) { return nil }
        guard let v = byID[id] else { return nil }
        return Analysis(view: v, scene: trial, point: point)
    }

    /// Whether the view gets the touch once `changes` are made on a copy of `scene`, by the
    /// reference.
    static func works(_ changes: [Change], _ id: String, _ scene: Scene, _ point: Point) -> Bool {
        let trial = scene.copy()
        let byID = views(of: trial)
        for c in changes where !apply(c, in: byID) { return false }
        guard let v = byID[id] else { return false }
        return ReferenceHitTester().hitTest(trial, at: point) === v
    }
}

extension WhyNot.Change {
    /// The ids of the views the change names.
    /// - Complexity: O(1).
    public var viewIDs: [String] {
        switch self {
        case .show(let id), .makeOpaque(let id), .enableInteraction(let id), .disableInteraction(let id),
            .makePassThrough(let id), .clearPassThrough(let id), .clearRedirect(let id),
            .searchSubviewsOutsideBounds(let id), .growHitArea(let id, _):
            return [id]
        case .raise(let id, let sibling): return [id, sibling]
        }
    }
}

extension EdgeInsets {
    /// These insets with the hit area grown by `amounts` on each edge (insets shrink the area, so
    /// each is lowered by that amount).
    func growing(by amounts: EdgeInsets) -> EdgeInsets {
        EdgeInsets(
            top: top - amounts.top, left: left - amounts.left, bottom: bottom - amounts.bottom,
            right: right - amounts.right)
    }
}
