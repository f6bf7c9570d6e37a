/// Why a touch lands where it does: the accepted path from the window down to the view hit,
/// and why the views in front of it whose own hit area holds the touch did not win.
public struct HitExplanation: Sendable {
    /// One view on the accepted path, with the touch in its bounds space.
    public struct Step: Sendable {
        public var view: ViewIndex
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
        case ineligibleAncestor(ViewIndex)
        /// The touch is outside the hit area of this ancestor, which clips its subtree.
        case outsideAncestor(ViewIndex)
        case passThrough
    }

    /// The screen point explained.
    public var point: Point
    /// The answer, as ``HitTestIndex/hitTest(_:)`` gives it.
    public var result: ViewIndex?
    /// The view the search accepted, before any redirect.
    public var winner: ViewIndex?
    /// The redirecting view that replaced the winner with ``result``, if any.
    public var redirectedBy: ViewIndex?
    /// From the winner's window down to the winner.
    public var path: [Step]
    /// Views in front of the winner (later in paint order) whose own hit area holds the touch,
    /// front-most first, with the reason each lost; at most the limit asked for.
    public var rejected: [(view: ViewIndex, reason: Rejection)]
}

extension HitTestIndex {
    /// Explains the answer at `screenPoint`; lists at most `limit` rejected views.
    /// - Complexity: O(n · depth) in the worst case; for debugging.
    public func explain(_ screenPoint: Point, limit: Int = 10) -> HitExplanation {
        let result = hitTest(screenPoint)
        var explanation = HitExplanation(
            point: screenPoint, result: result, winner: nil, redirectedBy: nil, path: [], rejected: [])
        guard screenPoint.isFinite else { return explanation }
        // The winner is the front-most candidate; hitTestAll's order gives it, but unmapped
        // positions are needed here, so walk paths directly.
        let links = scene.links
        let n = scene.count
        let parents = scene.parentColumn()
        var winnerPath: [HitExplanation.Step]?
        var i = n - 1
        while i >= 0 {
            let v = ViewIndex(i)
            let (path, verdict) = walk(to: v, screenPoint, parents: parents)
            switch verdict {
            case .accepted:
                winnerPath = path
            case .rejected(let reason):
                if explanation.rejected.count < limit { explanation.rejected.append((v, reason)) }
            case .notUnderTouch:
                break
            }
            if winnerPath != nil { break }
            i -= 1
        }
        if let path = winnerPath, let winner = path.last?.view {
            explanation.winner = winner
            explanation.path = path
            explanation.redirectedBy = path.first { links[$0.view.position].flags.contains(.redirect) }?.view
        }
        return explanation
    }

    private enum Verdict {
        case accepted
        case rejected(HitExplanation.Rejection)
        /// The view's own hit area does not hold the touch: not worth listing.
        case notUnderTouch
    }

    /// Walks from `v`'s window down to `v` with the canonical conversion and classifies `v`.
    private func walk(to v: ViewIndex, _ screenPoint: Point, parents: [ViewIndex]) -> ([HitExplanation.Step], Verdict) {
        var chain: [ViewIndex] = [v]
        var c = v
        while parents[c.position] != .none {
            c = parents[c.position]
            chain.append(c)
        }
        chain.reverse()
        var steps: [HitExplanation.Step] = []
        var q = screenPoint
        var firstFailure: HitExplanation.Rejection?
        for (k, u) in chain.enumerated() {
            let link = scene.links[u.position]
            let p = scene.toLocal(u, q)
            let inside = scene.pointInside(u, p)
            steps.append(.init(view: u, point: p, inside: inside))
            let isTarget = k == chain.count - 1
            if firstFailure == nil {
                if !link.flags.contains(.eligible) {
                    if isTarget {
                        firstFailure =
                            link.flags.contains(.hidden)
                            ? .hidden : link.flags.contains(.interactionDisabled) ? .interactionDisabled : .transparent
                    } else {
                        firstFailure = .ineligibleAncestor(u)
                    }
                } else if !isTarget && !inside && !link.flags.contains(.outside) {
                    firstFailure = .outsideAncestor(u)
                }
            }
            if isTarget {
                guard inside else { return (steps, .notUnderTouch) }
                if let firstFailure { return (steps, .rejected(firstFailure)) }
                if link.flags.contains(.passThrough) { return (steps, .rejected(.passThrough)) }
                return (steps, .accepted)
            }
            q = p
        }
        return (steps, .notUnderTouch)
    }
}
