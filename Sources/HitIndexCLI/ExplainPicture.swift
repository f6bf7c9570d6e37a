import HitIndex
import HitIndexReference

/// What `hitindex explain --svg` draws: each view in screen space with what the search did with
/// it, worked out from the reference's own call log for the touch (the same decisions `trace`
/// prints) and the index's explanation (pass-through and redirects).
struct ExplainPicture {
    /// What the search did with a view.
    enum Outcome: String, CaseIterable {
        /// The answer.
        case hit
        /// Accepted on the way down to the answer (or redirected away from it).
        case path
        /// Entered, but the touch is outside its hit area.
        case outside
        /// Entered, but hidden, transparent or with interaction off: refused before pointInside.
        case ineligible
        /// Inside its hit area, but never the result itself.
        case passThrough
        /// Not entered: a sibling in front of it (or of an ancestor) took the touch first.
        case skipped
        /// Not entered: an ancestor refused the touch, so the search never came down here.
        case notSearched

        var label: String {
            switch self {
            case .hit: "hit"
            case .path: "on the accepted path"
            case .outside: "searched: touch outside its hit area"
            case .ineligible: "searched: hidden, alpha below 0.01 or interaction off"
            case .passThrough: "pass-through: never the result itself"
            case .skipped: "not searched: a view in front took the touch"
            case .notSearched: "not searched: an ancestor refused the touch"
            }
        }
    }

    /// One view as drawn.
    struct Item {
        var view: View
        /// Local (bounds space) to screen: `(a, b, c, d, tx, ty)` as `CGAffineTransform`.
        var toScreen: AffineTransform
        var outcome: Outcome
        /// Why an ineligible view was refused, or the redirect that replaced a winner.
        var note: String?
        /// The touch in the view's bounds space, for the views the search entered.
        var localTouch: Point?
    }

    var touch: Point
    var items: [Item]
    /// Every view's bounds-to-screen map (all views, not only the drawn ones), by identity.
    var screenTransforms: [ObjectIdentifier: AffineTransform]
    /// Views left out to keep a large scene readable.
    var omitted: Int
    var result: String?
    var redirect: String?

    /// Works out the picture of the touch at `touch` in `scene`; beyond `maximumViews` views,
    /// keeps only the accepted path, the views holding the touch in their own hit area, and the
    /// path's siblings where their container has at most 64 subviews.
    /// - Complexity: O(n) for n views: every per-view conversion is one step from its superview's.
    init(scene: Scene, touch: Point, maximumViews: Int) {
        self.touch = touch
        // The reference's decisions, as trace prints them.
        var entered: [ObjectIdentifier: Point] = [:]
        var inside: [ObjectIdentifier: Bool] = [:]
        var returned: [ObjectIdentifier: View] = [:]
        let tester = ReferenceHitTester { step in
            switch step {
            case .hitTest(let v, let p): entered[ObjectIdentifier(v)] = p
            case .pointInside(let v, _, let r): inside[ObjectIdentifier(v)] = r
            case .returned(let v, let r?): returned[ObjectIdentifier(v)] = r
            case .returned: break
            }
        }
        let answer = ReferenceHitTester.runOnLargeStack(depth: scene.depth) { tester.hitTest(scene, at: touch) }
        result = answer?.id
        var all: [Item] = []
        // Preorder visits a superview before its subviews, so each view's screen map and its
        // touch in bounds space are one step from its superview's (the touch with the same
        // per-level conversion the search makes, so the same Double).
        var transforms: [ObjectIdentifier: AffineTransform] = [:]
        var localTouches: [ObjectIdentifier: Point] = [:]
        scene.forEachView { v, _ in
            let id = ObjectIdentifier(v)
            let parent = v.superview.map(ObjectIdentifier.init)
            let parentTransform = parent.flatMap { transforms[$0] } ?? .identity
            transforms[id] = Self.toScreen(v, after: parentTransform)
            localTouches[id] = v.placement.toLocal(parent.flatMap { localTouches[$0] } ?? touch)
            var outcome: Outcome
            var note: String?
            if let isInside = inside[id] {
                // pointInside ran: the view took the touch (or a subview did), or it was outside,
                // or pass-through with no subview taking it. (The answer is marked below: with a
                // redirect it need not have been entered.)
                if returned[id] != nil {
                    outcome = .path
                } else {
                    outcome = isInside && v.isPassThrough ? .passThrough : .outside
                }
            } else if entered[id] != nil {
                outcome = .ineligible
                let a = v.attributes
                note = a.isHidden ? "hidden" : !a.isUserInteractionEnabled ? "interaction off" : "alpha below 0.01"
            } else {
                outcome = .notSearched
            }
            if v === answer { outcome = .hit }
            all.append(
                Item(
                    view: v, toScreen: transforms[id]!, outcome: outcome, note: note,
                    localTouch: entered[id]))
        }
        screenTransforms = transforms
        let holdsTouch = { (v: View) in v.hitRegion.contains(localTouches[ObjectIdentifier(v)]!) }
        // Views never entered: behind a view that took the touch (or under such a view), or under
        // an ancestor that refused it. Preorder: a superview's outcome is final before its
        // subviews'.
        var position: [ObjectIdentifier: Int] = [:]
        for (k, item) in all.enumerated() { position[ObjectIdentifier(item.view)] = k }
        for k in all.indices where all[k].outcome == .notSearched {
            guard let parent = all[k].view.superview, let p = position[ObjectIdentifier(parent)] else {
                // A window no touch reached: a window in front took it.
                if answer != nil { all[k].outcome = .skipped }
                continue
            }
            let parentTookIt = returned[ObjectIdentifier(parent)] != nil
            if all[p].outcome == .skipped || (parentTookIt && all[p].outcome != .notSearched) {
                all[k].outcome = .skipped
            }
        }
        // The views the search never reached although their own hit area holds the touch: the
        // usual "my button does not get the tap" (an ancestor clips it, or is ineligible).
        for k in all.indices where all[k].outcome == .notSearched || all[k].outcome == .skipped {
            if holdsTouch(all[k].view) {
                all[k].note =
                    all[k].outcome == .notSearched
                    ? "its own hit area holds the touch, but an ancestor refused it"
                    : "its own hit area holds the touch, but a view in front took it"
            }
        }
        // A redirect: the view the search accepted stands on the path, the answer elsewhere. The
        // path runs from a window down, so the outermost path view that redirects to the answer
        // is the first in preorder.
        if let answer, let winner = all.first(where: { $0.outcome == .path && $0.view.redirectTarget === answer }) {
            redirect = "\(winner.view.id) redirects every hit in its subtree to \(answer.id)"
        }
        if all.count > maximumViews {
            // The accepted path, the views under the touch, and the path's siblings where the
            // container is small enough to show them all.
            var pathParents = Set<ObjectIdentifier>()
            for item in all where item.outcome == .path || item.outcome == .hit {
                if let p = item.view.superview, p.subviews.count <= 64 { pathParents.insert(ObjectIdentifier(p)) }
            }
            let keep = all.filter { item in
                item.outcome == .hit || item.outcome == .path || item.outcome == .passThrough
                    || item.view.superview.map { pathParents.contains(ObjectIdentifier($0)) } == true
                    || holdsTouch(item.view)
            }
            omitted = all.count - keep.count
            items = keep
        } else {
            omitted = 0
            items = all
        }
    }

    /// The affine map from `view`'s bounds space to the screen, given its superview's
    /// (`.identity` for a window): every placement is affine, so three points fix it.
    /// - Complexity: O(1).
    static func toScreen(_ view: View, after superviewToScreen: AffineTransform) -> AffineTransform {
        let placement = view.placement
        let o = superviewToScreen.apply(to: placement.toParent(Point(x: 0, y: 0)))
        let x = superviewToScreen.apply(to: placement.toParent(Point(x: 1, y: 0)))
        let y = superviewToScreen.apply(to: placement.toParent(Point(x: 0, y: 1)))
        return AffineTransform(a: x.x - o.x, b: x.y - o.y, c: y.x - o.x, d: y.y - o.y, tx: o.x, ty: o.y)
    }
}
