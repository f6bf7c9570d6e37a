import HitIndex

extension WhyNot {
    /// At most this many changes are tried, each on its own copy of the scene.
    public static let maximumChangesTried = 48
    /// At most this many single changes are listed.
    public static let maximumSuggestions = 4

    /// The changes worth trying for one reason, most direct first.
    /// - Complexity: O(depth of the reason's views).
    public static func candidates(for reason: Reason, path: [Step]) -> [Change] {
        switch reason {
        case .outsideEveryWindow, .predicateRefuses, .nothingHitUnder:
            // Nothing to change in the scene: the touch misses the screen, or custom code decides.
            return []
        case .windowInFront(let w, let c):
            return [.makePassThrough(c.deepest.id), .disableInteraction(w.id)]
        case .viewInFront(let front, let c, let container):
            // The view on the path that the front view is in front of, in the same container.
            let behind = path.first { $0.view.superview === container }!.view
            var changes: [Change] = [.raise(behind.id, above: front.id), .makePassThrough(c.deepest.id)]
            if c.deepest !== front { changes.append(.makePassThrough(front.id)) }
            changes.append(.disableInteraction(front.id))
            return changes
        case .ineligible(let v, .hidden): return [.show(v.id)]
        case .ineligible(let v, .transparent): return [.makeOpaque(v.id)]
        case .ineligible(let v, .interactionDisabled): return [.enableInteraction(v.id)]
        case .outsideHitArea(let v, _, _) where v is Window:
            // A window is the screen's area: a touch outside it is off the screen.
            return []
        case .outsideHitArea(let v, let p, let rect):
            let grow = Change.growHitArea(v.id, by: Self.growth(toReach: p, from: rect))
            let isView = path.last?.view === v
            return isView ? [grow] : [grow, .searchSubviewsOutsideBounds(v.id)]
        case .subviewTakesIt(let sub, let c):
            return [.makePassThrough(c.deepest.id), .disableInteraction(sub.id)]
        case .passThrough(let v): return [.clearPassThrough(v.id)]
        case .redirected(let v, _): return [.clearRedirect(v.id)]
        }
    }

    /// Whole points to add on each edge of `rect` so that its half-open extent holds `p`.
    /// - Complexity: O(1).
    static func growth(toReach p: Point, from rect: Rect) -> EdgeInsets {
        func below(_ value: Double, _ min: Double) -> Double { value < min ? (min - value).rounded(.up) : 0 }
        func above(_ value: Double, _ max: Double) -> Double { value >= max ? (value - max).rounded(.down) + 1 : 0 }
        let maxX = rect.origin.x + rect.size.width
        let maxY = rect.origin.y + rect.size.height
        return EdgeInsets(
            top: below(p.y, rect.origin.y), left: below(p.x, rect.origin.x), bottom: above(p.y, maxY),
            right: above(p.x, maxX))
    }

    /// Applies `change` to the view of `scene` it names; false if no view of `scene` has that id.
    /// - Complexity: O(n) for n views (finding the view by id).
    @discardableResult
    public static func apply(_ change: Change, to scene: Scene) -> Bool {
        func view(_ id: String) -> View? { scene.view(withID: id) }
        switch change {
        case .show(let id): view(id)?.isHidden = false
        case .makeOpaque(let id): view(id)?.alpha = 1
        case .enableInteraction(let id): view(id)?.isUserInteractionEnabled = true
        case .disableInteraction(let id): view(id)?.isUserInteractionEnabled = false
        case .makePassThrough(let id): view(id)?.isPassThrough = true
        case .clearPassThrough(let id): view(id)?.isPassThrough = false
        case .clearRedirect(let id): view(id)?.redirectTarget = nil
        case .searchSubviewsOutsideBounds(let id): view(id)?.hitTestsSubviewsOutsideBounds = true
        case .growHitArea(let id, let by):
            guard let v = view(id) else { return false }
            let i = v.hitTestInsets
            v.hitTestInsets = EdgeInsets(
                top: i.top - by.top, left: i.left - by.left, bottom: i.bottom - by.bottom, right: i.right - by.right)
        case .raise(let id, let siblingID):
            guard let v = view(id), let sibling = view(siblingID), let parent = v.superview,
                sibling.superview === parent
            else { return false }
            parent.insertSubview(v, aboveSubview: sibling)
            return true
        }
        return change.viewIDs.allSatisfy { view($0) != nil }
    }

    /// Single changes that each give the view the touch; if there are none, one set of changes
    /// found greedily (the first working change for the first reason, then again on the changed
    /// scene) that together do. Each is checked with the reference on a fresh copy.
    static func suggestions(_ view: View, _ scene: Scene, _ point: Point, _ reasons: [Reason]) -> [[Change]] {
        let path = Analysis(view: view, scene: scene, point: point).path
        var tried = 0
        var seen = Set<Change>()
        var singles: [[Change]] = []
        for reason in reasons {
            for change in candidates(for: reason, path: path) where seen.insert(change).inserted {
                guard tried < maximumChangesTried, singles.count < maximumSuggestions else { break }
                tried += 1
                if works([change], view.id, scene, point) { singles.append([change]) }
            }
        }
        if !singles.isEmpty { return singles }

        // Several reasons each block the view: fix them one at a time, re-reading the reasons on
        // the changed copy, until the view gets the touch or no change helps.
        var applied: [Change] = []
        while tried < maximumChangesTried {
            let trial = scene.copy()
            for c in applied { apply(c, to: trial) }
            guard let v = trial.view(withID: view.id) else { return [] }
            let now = Analysis(view: v, scene: trial, point: point)
            if now.reasons.isEmpty {
                return !applied.isEmpty && works(applied, view.id, scene, point) ? [applied] : []
            }
            var progressed = false
            search: for reason in now.reasons {
                for change in candidates(for: reason, path: now.path) where !applied.contains(change) {
                    tried += 1
                    if fewerReasons(applied + [change], than: now.reasons.count, view.id, scene, point) {
                        applied.append(change)
                        progressed = true
                        break search
                    }
                    if tried >= maximumChangesTried { break search }
                }
            }
            if !progressed { return [] }
        }
        return []
    }

    /// Whether the view gets the touch once `changes` are applied to a copy of `scene`.
    static func works(_ changes: [Change], _ id: String, _ scene: Scene, _ point: Point) -> Bool {
        let trial = scene.copy()
        for c in changes where !apply(c, to: trial) { return false }
        guard let v = trial.view(withID: id) else { return false }
        return ReferenceHitTester().hitTest(trial, at: point) === v
    }

    static func fewerReasons(_ changes: [Change], than count: Int, _ id: String, _ scene: Scene, _ point: Point)
        -> Bool
    {
        let trial = scene.copy()
        for c in changes where !apply(c, to: trial) { return false }
        guard let v = trial.view(withID: id) else { return false }
        return Analysis(view: v, scene: trial, point: point).reasons.count < count
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
