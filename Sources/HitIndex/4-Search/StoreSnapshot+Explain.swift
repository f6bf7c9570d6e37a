/// Why a touch lands where it does: the accepted path from the window down to the view hit,
/// and why the views in front of it whose own hit area holds the touch did not win.
///
/// `ID` names views: ``ViewIndex`` for a ``HitTestIndex`` (``HitExplanation``), ``ViewHandle``
/// for an ``IndexSnapshot``.
public struct Explanation<ID: Hashable & Sendable>: Sendable {
    /// One view on the accepted path, with the touch in its bounds space.
    public struct Step: Sendable {
        /// The view of this step.
        public var view: ID
        /// The touch, converted into this view's bounds space.
        public var point: Point
        /// True when the touch is inside the view's hit area; false when the view was searched
        /// only because it hit-tests its subviews outside its bounds.
        public var inside: Bool
    }

    /// Why a view in front of the winner was not the answer.
    public enum Rejection: Sendable, Equatable {
        /// The view itself is hidden.
        case hidden
        /// The view's own alpha is below 0.01.
        case transparent
        /// The view itself has user interaction disabled.
        case interactionDisabled
        /// An ancestor is hidden, transparent or has interaction disabled.
        case ineligibleAncestor(ID)
        /// The touch is outside the hit area of this ancestor, which clips its subtree.
        case outsideAncestor(ID)
        /// The view is pass-through: never the answer itself, and no subview of it took the touch.
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
    func toLocal(_ slot: Slot, _ q: Point) -> Point {
        let r = records[slot.index]
        let g = geometry(of: r)
        if r.flags.contains(.transformed) {
            return ViewPlacement.toLocal(
                q, center: g.center, inverse: extras[Int(r.extra)].inverse, anchorOffset: g.anchorOffset)
        }
        return ViewPlacement.toLocalTranslated(q, center: g.center, anchorOffset: g.anchorOffset)
    }

    /// `pointInside`: whether `p`, in the view's bounds space, lies in its hit region and passes
    /// its predicate.
    func pointInside(_ slot: Slot, _ p: Point) -> Bool {
        let r = records[slot.index]
        let shape: HitShape =
            r.flags.contains(.ellipse)
            ? .ellipse : r.flags.contains(.roundedRect) ? .roundedRect(radius: extras[Int(r.extra)].radius) : .rect
        guard HitRegion(extents: geometry(of: r).extents, shape: shape).contains(p) else { return false }
        if r.flags.contains(.predicate) { return predicates[Int(extras[Int(r.extra)].predicate)]!(p) }
        return true
    }

    /// A view's redirect target while that target lives (the search's rule: a redirect to a
    /// removed view redirects nothing), else nil.
    /// - Complexity: O(1).
    func redirectTarget(of slot: Slot) -> Slot? {
        let r = records[slot.index]
        guard r.flags.contains(.redirect) else { return nil }
        let e = extras[Int(r.extra)]
        guard e.redirect != Slot.none && records[e.redirect.index].generation == e.redirectGeneration else {
            return nil
        }
        return e.redirect
    }

    /// The subviews of a view, back to front: an indexed view's from its hierarchy's lanes, by
    /// label (the writer keeps no links under a container it orders with an order tree), any
    /// other's from the links.
    /// - Complexity: O(k) for k subviews.
    func children(of slot: Slot) -> [Slot] {
        let r = records[slot.index]
        if r.flags.contains(.indexed) { return laneChildren(root: extras[Int(r.extra)].bvh) }
        var result: [Slot] = []
        var c = r.lastChild
        while c != Slot.none {
            result.append(c)
            c = records[c.index].previousSibling
        }
        return result.reversed()
    }

    /// The slots in the lanes of the hierarchy under `root`, by label: each packed with its
    /// label above it, then sorted (a radix sort past 1,024 lanes: labels are below 2^31, three
    /// passes; its 2,048 counters a pass would cost a few lanes more than a comparison sort).
    /// - Complexity: O(k) for k lanes.
    private func laneChildren(root: ChildBVH.Node) -> [Slot] {
        var packed: [UInt64] = []
        var pending = [root]
        while let node = pending.popLast() {
            if node.isLeaf {
                let leaf = leaves[node.index]
                // Used lanes come first; an unused lane's key is 0.
                for lane in 0..<ChildBVH.branching where leaf.key[lane] != 0 {
                    packed.append(UInt64(leaf.label(lane)) << 32 | UInt64(leaf.slot(at: lane).rawValue))
                }
            } else {
                let block = blocks[node.index]
                for lane in 0..<ChildBVH.branching where block.key[lane] != 0 { pending.append(block.node(lane)) }
            }
        }
        if packed.count > 1_024 {
            radixSort(&packed, keysBelow: LiveStore.labelLimit) { Int($0 >> 32) }
        } else {
            packed.sort()
        }
        return packed.map { Slot(rawValue: UInt32(truncatingIfNeeded: $0)) }
    }

    /// Every view in paint order (windows back to front, each in preorder), and each view's
    /// superview by slot (``Slot/screen`` for a window).
    func paintOrder() -> (order: [Slot], parents: [Slot]) {
        var order: [Slot] = []
        order.reserveCapacity(viewCount)
        var parents = [Slot](repeating: .none, count: slotCount)
        var stack = children(of: Slot.screen).reversed().map { ($0, Slot.screen) }
        while let (v, p) = stack.popLast() {
            order.append(v)
            parents[v.index] = p
            for c in children(of: v).reversed() { stack.append((c, v)) }
        }
        return (order, parents)
    }

    /// Every slot a touch at `screenPoint` could land on, front to back, each mapped through its
    /// outermost redirecting ancestor (see ``HitTestIndex/hitTestAll(_:)``).
    /// - Complexity: O(n).
    func hitTestAllSlots(_ screenPoint: Point) -> [Slot] {
        guard screenPoint.isFinite else { return [] }
        var candidates: [Slot] = []
        // Entries: view, point in its superview's space, outermost redirect above it. Subviews
        // are pushed front first, so views are visited in paint order.
        var stack = children(of: Slot.screen).reversed().map { ($0, screenPoint, Slot.none) }
        while let (v, q, redirectAbove) = stack.popLast() {
            let r = records.pointer(v.index)
            guard r.pointee.flags.contains(.eligible) else { continue }
            let p = toLocal(v, q)
            let inside = pointInside(v, p)
            guard inside || r.pointee.flags.contains(.outside) else { continue }
            var redirect = redirectAbove
            if redirect == Slot.none, let target = redirectTarget(of: v) { redirect = target }
            if inside && !r.pointee.flags.contains(.passThrough) {
                candidates.append(redirect == Slot.none ? v : redirect)
            }
            for c in children(of: v).reversed() { stack.append((c, p, redirect)) }
        }
        return candidates.reversed()
    }

    /// Explains the answer at `screenPoint`; lists at most `limit` rejected views.
    ///
    /// Views are judged front to back until the winner. Each view's touch in bounds space (the
    /// same per-level conversion as the search, so the same `Double`s), whether its hit area
    /// holds the touch, and the first reason on its ancestor chain that keeps the touch from it
    /// (the outermost ineligible ancestor, or one whose hit area excludes the touch and clips)
    /// are worked out once, from its superview's, the first time a view or a descendant is
    /// judged: `pointInside` (and a predicate) runs only for the views in front of the winner
    /// and their ancestors, as the search's own walks would.
    /// - Complexity: O(n) time and memory for n views; for debugging.
    func explain(_ screenPoint: Point, limit: Int) -> Explanation<Slot> {
        var counters = VisitCounters()
        let result = hitTestSlot(screenPoint, counting: &counters)
        var explanation = Explanation<Slot>(
            point: screenPoint, result: result == Slot.none ? nil : result, winner: nil, redirectedBy: nil,
            path: [], rejected: [])
        guard screenPoint.isFinite else { return explanation }
        let (order, parents) = paintOrder()
        var known = [Bool](repeating: false, count: slotCount)
        var points = [Point](repeating: Point(x: 0, y: 0), count: slotCount)
        var inside = [Bool](repeating: false, count: slotCount)
        // The first failure on the chain from the window down to each view's superview.
        var inherited = [Explanation<Slot>.Rejection?](repeating: nil, count: slotCount)
        var pending: [Slot] = []
        func work(_ v: Slot) {
            // The view and its ancestors not yet worked out, then each from its superview down.
            var c = v
            while c != Slot.screen && !known[c.index] {
                pending.append(c)
                c = parents[c.index]
            }
            while let u = pending.popLast() {
                let parent = parents[u.index]
                let q = parent == Slot.screen ? screenPoint : points[parent.index]
                points[u.index] = toLocal(u, q)
                inside[u.index] = pointInside(u, points[u.index])
                known[u.index] = true
                guard parent != Slot.screen else { continue }
                if let failure = inherited[parent.index] {
                    inherited[u.index] = failure
                } else {
                    let flags = records[parent.index].flags
                    if !flags.contains(.eligible) {
                        inherited[u.index] = .ineligibleAncestor(parent)
                    } else if !inside[parent.index] && !flags.contains(.outside) {
                        inherited[u.index] = .outsideAncestor(parent)
                    }
                }
            }
        }
        // The winner is the front-most view that the search accepts before redirects.
        for v in order.reversed() {
            work(v)
            guard inside[v.index] else { continue }
            let flags = records[v.index].flags
            let own: Explanation<Slot>.Rejection? =
                flags.contains(.eligible)
                ? nil
                : flags.contains(.hidden)
                    ? .hidden : flags.contains(.interactionDisabled) ? .interactionDisabled : .transparent
            // The search meets an ancestor's failure before the view's own state.
            if let reason = inherited[v.index] ?? own ?? (flags.contains(.passThrough) ? .passThrough : nil) {
                if explanation.rejected.count < limit { explanation.rejected.append((v, reason)) }
                continue
            }
            var chain: [Slot] = [v]
            var c = v
            while parents[c.index] != Slot.screen {
                c = parents[c.index]
                chain.append(c)
            }
            explanation.winner = v
            explanation.path = chain.reversed().map {
                .init(view: $0, point: points[$0.index], inside: inside[$0.index])
            }
            // The outermost view on the path whose redirect is in force: one whose target was
            // removed redirects nothing (the search's own rule, `redirect(of:)`).
            explanation.redirectedBy = explanation.path.first { redirectTarget(of: $0.view) != nil }?.view
            return explanation
        }
        return explanation
    }
}
