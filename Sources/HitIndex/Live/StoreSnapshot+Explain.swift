/// Why a touch lands where it does: the accepted path from the window down to the view hit,
/// and why the views in front of it whose own hit area holds the touch did not win.
///
/// `ID` names views: ``ViewIndex`` for a ``HitTestIndex`` (``HitExplanation``), ``ViewHandle``
/// for an ``IndexSnapshot``.
public struct Explanation<ID: Hashable & Sendable>: Sendable {
    /// One view on the accepted path, with the touch in its bounds space.
    public struct Step: Sendable {
        public var view: ID
        public var point: Point
        /// True when the touch is inside the view's hit area; false when the view was searched
        /// only because it hit-tests its subviews outside its bounds.
        public var inside: Bool
    }

    /// Why a view in front of the winner was not the answer.
    public enum Rejection: Sendable, Equatable {
        case hidden
        case transparent
        case interactionDisabled
        /// An ancestor is hidden, transparent or has interaction disabled.
        case ineligibleAncestor(ID)
        /// The touch is outside the hit area of this ancestor, which clips its subtree.
        case outsideAncestor(ID)
        case passThrough
    }

    /// The screen point explained.
    public var point: Point
    /// The answer, as a hit test gives it.
    public var result: ID?
    /// The view the search accepted, before any redirect.
    public var winner: ID?
    /// The redirecting view that replaced the winner with ``result``, if any.
    public var redirectedBy: ID?
    /// From the winner's window down to the winner.
    public var path: [Step]
    /// Views in front of the winner (later in paint order) whose own hit area holds the touch,
    /// front-most first, with the reason each lost; at most the limit asked for.
    public var rejected: [(view: ID, reason: Rejection)]

    /// The same explanation with every view renamed by `name`.
    /// - Complexity: O(path + rejected).
    public func mapViews<Other>(_ name: (ID) -> Other) -> Explanation<Other> {
        func reason(_ r: Rejection) -> Explanation<Other>.Rejection {
            switch r {
            case .hidden: .hidden
            case .transparent: .transparent
            case .interactionDisabled: .interactionDisabled
            case .ineligibleAncestor(let v): .ineligibleAncestor(name(v))
            case .outsideAncestor(let v): .outsideAncestor(name(v))
            case .passThrough: .passThrough
            }
        }
        return Explanation<Other>(
            point: point, result: result.map(name), winner: winner.map(name), redirectedBy: redirectedBy.map(name),
            path: path.map { .init(view: name($0.view), point: $0.point, inside: $0.inside) },
            rejected: rejected.map { (name($0.view), reason($0.reason)) })
    }
}

/// An explanation whose views are paint-order positions (``HitTestIndex``).
public typealias HitExplanation = Explanation<ViewIndex>

extension StoreSnapshot {
    /// The canonical conversion from a view's superview into the view.
    func toLocal(_ slot: UInt32, _ q: Point) -> Point {
        let r = records[Int(slot)]
        if r.flags.contains(.transformed) {
            return ViewPlacement.toLocal(
                q, center: r.center, inverse: extras[Int(r.extra)].inverse, anchorOffset: r.anchorOffset)
        }
        return ViewPlacement.toLocalTranslated(q, center: r.center, anchorOffset: r.anchorOffset)
    }

    /// `pointInside`: whether `p`, in the view's bounds space, lies in its hit region and passes
    /// its predicate.
    func pointInside(_ slot: UInt32, _ p: Point) -> Bool {
        let r = records[Int(slot)]
        let shape: HitShape =
            r.flags.contains(.ellipse)
            ? .ellipse : r.flags.contains(.roundedRect) ? .roundedRect(radius: extras[Int(r.extra)].radius) : .rect
        guard HitRegion(extents: r.extents, shape: shape).contains(p) else { return false }
        if r.flags.contains(.predicate) { return predicates[Int(extras[Int(r.extra)].predicate)]!(p) }
        return true
    }

    /// The subviews of a view, back to front.
    func children(of slot: UInt32) -> [UInt32] {
        var result: [UInt32] = []
        var c = records[Int(slot)].lastChild
        while c != LiveSlot.none {
            result.append(c)
            c = records[Int(c)].previousSibling
        }
        return result.reversed()
    }

    /// Every view in paint order (windows back to front, each in preorder), and each view's
    /// superview by slot (``LiveSlot/screen`` for a window).
    func paintOrder() -> (order: [UInt32], parents: [UInt32]) {
        var order: [UInt32] = []
        order.reserveCapacity(viewCount)
        var parents = [UInt32](repeating: LiveSlot.none, count: slotCount)
        var stack = children(of: LiveSlot.screen).reversed().map { ($0, LiveSlot.screen) }
        while let (v, p) = stack.popLast() {
            order.append(v)
            parents[Int(v)] = p
            for c in children(of: v).reversed() { stack.append((c, v)) }
        }
        return (order, parents)
    }

    /// Every slot a touch at `screenPoint` could land on, front to back, each mapped through its
    /// outermost redirecting ancestor (see ``HitTestIndex/hitTestAll(_:)``).
    /// - Complexity: O(n).
    func hitTestAllSlots(_ screenPoint: Point) -> [UInt32] {
        guard screenPoint.isFinite else { return [] }
        var candidates: [UInt32] = []
        // Entries: view, point in its superview's space, outermost redirect above it. Subviews
        // are pushed front first, so views are visited in paint order.
        var stack = children(of: LiveSlot.screen).reversed().map { ($0, screenPoint, LiveSlot.none) }
        while let (v, q, redirectAbove) = stack.popLast() {
            let r = records.pointer(Int(v))
            guard r.pointee.flags.contains(.eligible) else { continue }
            let p = toLocal(v, q)
            let inside = pointInside(v, p)
            guard inside || r.pointee.flags.contains(.outside) else { continue }
            var redirect = redirectAbove
            if redirect == LiveSlot.none && r.pointee.flags.contains(.redirect) {
                let e = extras[Int(r.pointee.extra)]
                if e.redirect != LiveSlot.none && records[Int(e.redirect)].generation == e.redirectGeneration {
                    redirect = e.redirect
                }
            }
            if inside && !r.pointee.flags.contains(.passThrough) {
                candidates.append(redirect == LiveSlot.none ? v : redirect)
            }
            for c in children(of: v).reversed() { stack.append((c, p, redirect)) }
        }
        return candidates.reversed()
    }

    /// Explains the answer at `screenPoint`; lists at most `limit` rejected views.
    /// - Complexity: O(n · depth) in the worst case; for debugging.
    func explain(_ screenPoint: Point, limit: Int) -> Explanation<UInt32> {
        var counters = VisitCounters()
        let result = hitTestSlot(screenPoint, counting: &counters)
        var explanation = Explanation<UInt32>(
            point: screenPoint, result: result == LiveSlot.none ? nil : result, winner: nil, redirectedBy: nil,
            path: [], rejected: [])
        guard screenPoint.isFinite else { return explanation }
        // The winner is the front-most candidate before redirects: walk paths from the front.
        let (order, parents) = paintOrder()
        for v in order.reversed() {
            let (path, verdict) = walk(to: v, screenPoint, parents: parents)
            switch verdict {
            case .accepted:
                explanation.winner = v
                explanation.path = path
                explanation.redirectedBy = path.first { records[Int($0.view)].flags.contains(.redirect) }?.view
                return explanation
            case .rejected(let reason):
                if explanation.rejected.count < limit { explanation.rejected.append((v, reason)) }
            case .notUnderTouch:
                break
            }
        }
        return explanation
    }

    private enum Verdict {
        case accepted
        case rejected(Explanation<UInt32>.Rejection)
        /// The view's own hit area does not hold the touch: not worth listing.
        case notUnderTouch
    }

    /// Walks from `v`'s window down to `v` with the canonical conversion and classifies `v`.
    private func walk(to v: UInt32, _ screenPoint: Point, parents: [UInt32]) -> ([Explanation<UInt32>.Step], Verdict) {
        var chain: [UInt32] = [v]
        var c = v
        while parents[Int(c)] != LiveSlot.screen {
            c = parents[Int(c)]
            chain.append(c)
        }
        chain.reverse()
        var steps: [Explanation<UInt32>.Step] = []
        var q = screenPoint
        var firstFailure: Explanation<UInt32>.Rejection?
        for (k, u) in chain.enumerated() {
            let flags = records[Int(u)].flags
            let p = toLocal(u, q)
            let inside = pointInside(u, p)
            steps.append(.init(view: u, point: p, inside: inside))
            let isTarget = k == chain.count - 1
            if firstFailure == nil {
                if !flags.contains(.eligible) {
                    if isTarget {
                        firstFailure =
                            flags.contains(.hidden)
                            ? .hidden : flags.contains(.interactionDisabled) ? .interactionDisabled : .transparent
                    } else {
                        firstFailure = .ineligibleAncestor(u)
                    }
                } else if !isTarget && !inside && !flags.contains(.outside) {
                    firstFailure = .outsideAncestor(u)
                }
            }
            if isTarget {
                guard inside else { return (steps, .notUnderTouch) }
                if let firstFailure { return (steps, .rejected(firstFailure)) }
                if flags.contains(.passThrough) { return (steps, .rejected(.passThrough)) }
                return (steps, .accepted)
            }
            q = p
        }
        return (steps, .notUnderTouch)
    }
}
