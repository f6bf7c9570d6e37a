import HitIndex

extension WhyNot {
    /// How the text names a view: its id, and its label in quotes when it has one
    /// (`UIButton@0x7f893fe31170 "Message"`).
    /// - Complexity: O(length of the id and label).
    public static func name(_ view: View) -> String {
        guard let label = view.label, !label.isEmpty else { return view.id }
        return "\(view.id) \"\(label)\""
    }

    /// A number for reading: whole numbers without a fraction, others to two decimals.
    /// - Complexity: O(1).
    public static func short(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        let rounded = (value * 100).rounded() / 100
        return rounded == value ? "\(value)" : "≈\(rounded)"
    }

    static func short(_ p: Point) -> String { "(\(short(p.x)), \(short(p.y)))" }

    static func short(_ r: Rect) -> String {
        "(\(short(r.origin.x)), \(short(r.origin.y)), \(short(r.size.width)), \(short(r.size.height)))"
    }

    /// One line: whether the view gets the touch and, if not, how many reasons and where the
    /// touch goes instead.
    /// - Complexity: O(1).
    public var verdict: String {
        let at = "at \(Self.short(screenPoint)) on the screen"
        if getsTheTouch { return "\(Self.name(view)) gets the touch \(at)" }
        let count = reasons.count == 1 ? "1 reason" : "\(reasons.count) reasons"
        let instead = result.map { "the touch goes to \(Self.name($0))" } ?? "no view gets the touch"
        return "\(Self.name(view)) does not get the touch \(at): \(count); \(instead)"
    }

    /// The property and its value, as a developer sets it: `isHidden = YES`, `alpha 0.005,
    /// below 0.01`, `userInteractionEnabled = NO`.
    /// - Complexity: O(1).
    public static func property(_ ineligibility: Ineligibility) -> String {
        switch ineligibility {
        case .hidden: return "isHidden = YES"
        case .transparent(let alpha): return "alpha \(alpha), below 0.01"
        case .interactionDisabled: return "userInteractionEnabled = NO"
        }
    }

    /// The reason in words, naming the property to look at.
    /// - Complexity: O(length of the names).
    public func sentence(_ reason: Reason) -> String {
        let name = Self.name
        switch reason {
        case .outsideEveryWindow:
            return "the touch is outside every window"
        case .windowInFront(let w, let c):
            return "window \(name(w)) is in front and takes the touch: \(Self.describe(c, from: w))"
        case .viewInFront(let v, let c, let container):
            return "\(name(v)), in front of the path in \(name(container)), takes the touch first: "
                + Self.describe(c, from: v)
        case .ineligible(let v, let why):
            let whose = v === view ? "it" : v is Window ? "its window \(name(v))" : "its ancestor \(name(v))"
            let so = v === view ? "so it is never hit" : "so nothing inside it is hit"
            if case .hidden = why { return "\(whose) is hidden (isHidden = YES), \(so)" }
            return "\(whose) has \(Self.property(why)), \(so)"
        case .outsideHitArea(let v, let p, let rect):
            let at = "the touch is \(Self.short(p)) in its space, its hit rect \(Self.short(rect))"
            if v === view { return "the touch is outside its own hit area: \(at) (bounds, hitTestInsets)" }
            let what = v is Window ? "its window \(name(v))" : "its ancestor \(name(v))"
            return "the touch is outside the hit area of \(what), whose subviews are searched only inside it: "
                + "\(at) (bounds, hitTestInsets, or hitTestsSubviewsOutsideBounds)"
        case .predicateRefuses(let v, let p):
            let whose = v === view ? "its" : "\(name(v))'s"
            return "\(whose) custom point(inside:) refuses the touch at \(Self.short(p)) in its space"
        case .subviewTakesIt(let sub, let c):
            return "its subview \(name(sub)) takes the touch first: \(Self.describe(c, from: sub))"
        case .passThrough:
            return "it is pass-through: its hitTest never returns itself, only its subviews"
        case .redirected(let by, let target):
            let whose = by === view ? "it" : by is Window ? "its window \(name(by))" : "its ancestor \(name(by))"
            return "\(whose) redirects every hit in its subtree to \(name(target))"
        case .nothingHitUnder(let v):
            let whose = v === view ? "it" : v is Window ? "its window \(name(v))" : "its ancestor \(name(v))"
            return "\(whose) redirects every hit in its subtree to it, but nothing there takes this touch"
        }
    }

    /// How a capture reads: whose hit area holds the touch, through which redirect.
    static func describe(_ c: Capture, from root: View) -> String {
        var text =
            c.deepest === root
            ? "its own hit area holds the touch"
            : c.deepest.superview === root
                ? "the hit area of its subview \(name(c.deepest)) holds the touch"
                : "the hit area of \(name(c.deepest)), inside it, holds the touch"
        if let by = c.redirectedBy {
            text += ", and \(by === root ? "it" : name(by)) redirects the hit to \(name(c.result))"
        }
        if !c.outsideBounds.isEmpty {
            text += " (reached outside the hit area of \(c.outsideBounds.map(name).joined(separator: ", ")), "
            text += "which hit-tests subviews outside its bounds)"
        }
        return text
    }

    /// The change in words, as a developer would make it.
    /// - Complexity: O(length of the ids).
    public static func sentence(_ change: Change) -> String {
        switch change {
        case .show(let id): return "set \(id) isHidden = NO"
        case .makeOpaque(let id): return "set \(id) alpha = 1"
        case .enableInteraction(let id): return "set \(id) userInteractionEnabled = YES"
        case .disableInteraction(let id): return "set \(id) userInteractionEnabled = NO"
        case .makePassThrough(let id):
            return "make \(id) pass touches through (its hitTest returns nil for itself)"
        case .clearPassThrough(let id): return "let \(id) be hit itself (its hitTest returns itself)"
        case .clearRedirect(let id): return "stop \(id) redirecting hits"
        case .searchSubviewsOutsideBounds(let id):
            return "let \(id) hit-test its subviews outside its bounds (hitTestsSubviewsOutsideBounds)"
        case .growHitArea(let id, let by):
            let edges = [("top", by.top), ("left", by.left), ("bottom", by.bottom), ("right", by.right)]
                .filter { $0.1 > 0 }.map { "\(short($0.1)) pt at the \($0.0)" }
            return "grow \(id)'s hit area by \(edges.joined(separator: " and ")) (hitTestInsets)"
        case .raise(let id, let sibling): return "raise \(id) above \(sibling)"
        }
    }

    /// The whole explanation as lines of text: the verdict, the path, the reasons and the
    /// suggestions.
    /// - Complexity: O(path length + reasons + suggestions).
    public var lines: [String] {
        var out = [verdict]
        out.append("path, window first (the touch in each view's bounds space):")
        for step in path {
            let inside = step.isInside ? "inside its hit area" : "outside its hit area"
            out.append("  \(Self.name(step.view)) \(Self.short(step.point)): \(inside)")
        }
        if !reasons.isEmpty {
            out.append("why not, in the order the search meets it:")
            for (k, r) in reasons.enumerated() { out.append("  \(k + 1). \(sentence(r))") }
        }
        if getsTheTouch { return out }
        if suggestions.isEmpty {
            out.append("no single change found (each is checked by hit-testing the changed scene)")
        } else if suggestions.count == 1 && suggestions[0].count > 1 {
            out.append("these changes together give it the touch (checked by hit-testing the changed scene):")
            for c in suggestions[0] { out.append("  - \(Self.sentence(c))") }
        } else {
            out.append("each of these gives it the touch (checked by hit-testing the changed scene):")
            for s in suggestions { out.append("  - \(Self.sentence(s[0]))") }
        }
        return out
    }
}
