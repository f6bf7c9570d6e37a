import HitIndex
import HitIndexReference

/// What `hitindex explain --svg` draws: each view in screen space with what the search did with
/// it, worked out from the reference's own call log for the touch (the same decisions `trace`
/// prints) and the index's explanation (pass-through and redirects).
///
/// The model is here; where things go on the page is `ExplainPicture+Layout.swift`, and the two
/// renderings are `ExplainPicture+SVG.swift` and `ExplainPicture+HTML.swift`.
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

    /// What the picture shows of the scene.
    enum Canvas: String, CaseIterable {
        /// The screen: the smallest rectangle holding every window (on a device, every window
        /// covers the screen), and the touch when it lies outside them. Views beyond it are drawn
        /// clipped at its edge, and marked there.
        case screen
        /// Every drawn view whole, however far beyond the screen it reaches.
        case all
    }

    /// What a "why not this view?" question adds to the picture: the path from the window down
    /// to the view asked about, outlined in its own colour, and the views that keep the touch
    /// from it, each tagged with the reason.
    struct WhyNot {
        /// From the window down to the view asked about (the last).
        var path: [View]
        /// The views that keep the touch from it, each with a short reason ("interaction off",
        /// "in front: takes the touch"), in the order the search meets them.
        var blocking: [(view: View, reason: String)]

        init(path: [View], blocking: [(view: View, reason: String)] = []) {
            self.path = path
            self.blocking = blocking
        }
    }

    /// One view as drawn.
    struct Item {
        var view: View
        /// Local (bounds space) to screen: `(a, b, c, d, tx, ty)` as `CGAffineTransform`.
        var toScreen: AffineTransform
        var outcome: Outcome
        /// Why an ineligible view was refused, why a view holding the touch never got it, or the
        /// redirect that replaced a winner.
        var note: String?
        /// The touch in the view's bounds space, for the views the search entered.
        var localTouch: Point?
        /// On the path of a ``WhyNot`` question (the view asked about included).
        var onWhyNotPath = false
        /// The reason a ``WhyNot`` question gives for this view keeping the touch from the view
        /// asked about.
        var blockingReason: String?
    }

    var touch: Point
    /// The drawn views in paint order: windows back to front (by level, then as listed), each in
    /// preorder, so a view is drawn after its superview and after the views behind it.
    var items: [Item]
    /// Every view's bounds-to-screen map (all views, not only the drawn ones), by identity.
    var screenTransforms: [ObjectIdentifier: AffineTransform]
    /// Views left out to keep a large scene readable.
    var omitted: Int
    var result: String?
    /// The answer's class and label, for the legend.
    var resultDescription: String?
    var redirect: String?
    /// What the picture shows: the screen (default) or every view.
    var canvas: Canvas
    /// The screen: the smallest rectangle holding every window's quadrilateral on screen; `nil`
    /// when the scene has no window with an area.
    var screen: Extents?
    /// The view a ``WhyNot`` question asks about.
    var whyNotTarget: String?

    /// Works out the picture of the touch at `touch` in `scene`; beyond `maximumViews` views,
    /// keeps only the accepted path, the views holding the touch in their own hit area, the
    /// path's siblings where their container has at most 64 subviews, and any `whyNot` views.
    /// - Complexity: O(n) for n views: every per-view conversion is one step from its superview's.
    init(scene: Scene, touch: Point, maximumViews: Int, canvas: Canvas = .screen, whyNot: WhyNot? = nil) {
        self.touch = touch
        self.canvas = canvas
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
        resultDescription = answer.map { Self.describe($0) }
        var all: [Item] = []
        // Preorder in paint order visits a superview before its subviews, so each view's screen
        // map and its touch in bounds space are one step from its superview's (the touch with the
        // same per-level conversion the search makes, so the same Double).
        var transforms: [ObjectIdentifier: AffineTransform] = [:]
        var localTouches: [ObjectIdentifier: Point] = [:]
        var stack: [View] = scene.windowsFrontToBack
        while let v = stack.popLast() {
            for s in v.subviews.reversed() { stack.append(s) }
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
        // A why-not question's path and blocking views.
        var asked = Set<Int>()
        if let whyNot {
            for v in whyNot.path {
                if let k = position[ObjectIdentifier(v)] {
                    all[k].onWhyNotPath = true
                    asked.insert(k)
                }
            }
            for (v, reason) in whyNot.blocking {
                if let k = position[ObjectIdentifier(v)] {
                    all[k].blockingReason = all[k].blockingReason.map { $0 + "; " + reason } ?? reason
                    asked.insert(k)
                }
            }
            whyNotTarget = whyNot.path.last?.id
        }
        if all.count > maximumViews {
            // The accepted path, the views under the touch, and the path's siblings where the
            // container is small enough to show them all.
            var pathParents = Set<ObjectIdentifier>()
            for item in all where item.outcome == .path || item.outcome == .hit {
                if let p = item.view.superview, p.subviews.count <= 64 { pathParents.insert(ObjectIdentifier(p)) }
            }
            let keep = all.indices.filter { k in
                let item = all[k]
                return item.outcome == .hit || item.outcome == .path || item.outcome == .passThrough
                    || item.view.superview.map { pathParents.contains(ObjectIdentifier($0)) } == true
                    || holdsTouch(item.view) || asked.contains(k)
            }.map { all[$0] }
            omitted = all.count - keep.count
            items = keep
        } else {
            omitted = 0
            items = all
        }
        // The screen: every window's quadrilateral.
        var screen: Extents?
        for w in scene.windows {
            guard let e = Self.screenExtents(w, transforms[ObjectIdentifier(w)]!), !e.isEmpty else { continue }
            screen = screen.map { Self.union($0, e) } ?? e
        }
        self.screen = screen
    }

    /// "id (Class) "label"" as hover text and legends give a view: the class when it is not
    /// already the id's start, the label when the view has one.
    static func describe(_ v: View, alwaysClass: Bool = false) -> String {
        var text = v.id
        if alwaysClass || (v.className != "UIView" && !v.id.hasPrefix(v.className)) { text += " (\(v.className))" }
        if let label = v.label, !label.isEmpty { text += " \"\(shorten(label, to: 32))\"" }
        return text
    }

    /// `text` cut to at most `count` characters, with an ellipsis when cut.
    static func shorten(_ text: String, to count: Int) -> String {
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return flat.count <= count ? flat : String(flat.prefix(count - 1)) + "…"
    }

    /// The axis-aligned box of a view's bounds on screen, or `nil` when not finite.
    /// - Complexity: O(1).
    static func screenExtents(_ v: View, _ toScreen: AffineTransform) -> Extents? {
        let b = v.bounds
        var e = Extents(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
        for (x, y) in [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)] {
            let p = toScreen.apply(to: Point(x: b.origin.x + x * b.size.width, y: b.origin.y + y * b.size.height))
            guard p.x.isFinite && p.y.isFinite else { return nil }
            e = Extents(minX: min(e.minX, p.x), minY: min(e.minY, p.y), maxX: max(e.maxX, p.x), maxY: max(e.maxY, p.y))
        }
        return e
    }

    static func union(_ a: Extents, _ b: Extents) -> Extents {
        Extents(
            minX: min(a.minX, b.minX), minY: min(a.minY, b.minY), maxX: max(a.maxX, b.maxX), maxY: max(a.maxY, b.maxY))
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
