import HitIndex

/// The keys of one view object, collected in any order, before the view can be built (its id may
/// come last). The first problem found is kept and reported once the id is known.
struct ViewRecord {
    var id: String?
    var className: String?
    var frame: Rect?
    var boundsOrigin: Point?
    var bounds: Rect?
    var center: Point?
    var anchorPoint: Point?
    var transform: AffineTransform?
    var hidden: Bool?
    var alpha: Double?
    var userInteractionEnabled: Bool?
    var hitTestInsets: EdgeInsets?
    var minimumHitSize: Size?
    var hitShape: HitShape?
    var hitTestsSubviewsOutsideBounds: Bool?
    var passThrough: Bool?
    var redirectTarget: String?
    var parent: String?
    var level: Double?
    var label: String?
    var accessibilityIdentifier: String?
    var tag: Int?
    var preserved: [String: String] = [:]
    /// One bit per known key already seen; other keys are errors or preserved in a dictionary.
    var seenKeys: UInt32 = 0
    /// The first problem: the field and the message.
    var problem: (field: String, message: String)?

    /// Keys of the event layer (scene-format.md) that this version keeps verbatim.
    static let preservedKeys: Set<String> = [
        "viewController", "presentedBy", "windowScene", "handlesTouches", "multipleTouchEnabled",
        "exclusiveTouch", "gestureRecognizers", "control", "scrollView", "responder",
    ]

    /// The known keys, by bit position in ``seenKeys``.
    static let knownKeys = [
        "id", "class", "frame", "boundsOrigin", "bounds", "center", "anchorPoint", "transform", "hidden", "alpha",
        "userInteractionEnabled", "hitTestInsets", "minimumHitSize", "hitShape", "hitTestsSubviewsOutsideBounds",
        "passThrough", "redirectTarget", "parent", "level", "subviews", "label", "accessibilityIdentifier", "tag",
    ]

    private static let bitForKey: [String: UInt32] = Dictionary(
        uniqueKeysWithValues: knownKeys.enumerated().map { ($0.element, UInt32(1) << UInt32($0.offset)) })

    /// Records that `key` was seen; false if it was seen before in this object.
    mutating func markSeen(_ key: String) -> Bool {
        if let bit = ViewRecord.bitForKey[key] {
            defer { seenKeys |= bit }
            return seenKeys & bit == 0
        }
        return preserved[key] == nil
    }

    mutating func note(_ field: String, _ message: String) {
        if problem == nil { problem = (field, message) }
    }

    /// What the record describes once checked: the attributes, the class name, the id and, for a
    /// window, its level.
    struct Checked {
        var id: String
        var className: String
        var attributes: ViewAttributes
        var level: Double?
    }

    /// Checks the record as a view (a window when `isWindow`) and derives its attributes as the
    /// model's initializers and setters would; returns the first problem otherwise.
    func checked(isWindow: Bool) -> Result<Checked, SceneErrorParts> {
        guard let id else {
            if let problem { return .failure(SceneErrorParts(field: problem.field, message: problem.message)) }
            return .failure(SceneErrorParts(field: "id", message: "required (a string)"))
        }
        if let problem { return .failure(SceneErrorParts(id: id, field: problem.field, message: problem.message)) }
        func fail(_ field: String, _ message: String) -> Result<Checked, SceneErrorParts> {
            .failure(SceneErrorParts(id: id, field: field, message: message))
        }
        // An empty id names nothing: report the JSON path instead.
        if id.isEmpty { return .failure(SceneErrorParts(field: "id", message: "expected a non-empty string")) }
        if !isWindow && level != nil { return fail("level", "only a window has a level") }
        let transform = self.transform ?? .identity
        let anchor = anchorPoint ?? Point(x: 0.5, y: 0.5)
        let className = self.className ?? "UIView"
        var a: ViewAttributes
        if let frame {
            if bounds != nil { return fail("bounds", "not allowed together with frame") }
            if center != nil { return fail("center", "not allowed together with frame") }
            if !transform.isIdentity {
                // UIKit leaves `frame` undefined under a transform; say what this frame means
                // before the transform, the common "set transform, then frame" intent.
                let o = boundsOrigin ?? .zero
                let cx = frame.origin.x + anchor.x * frame.size.width
                let cy = frame.origin.y + anchor.y * frame.size.height
                let w = frame.size.width
                let h = frame.size.height
                return fail(
                    "frame",
                    "not allowed together with a non-identity transform (give bounds and center: for this frame "
                        + "before the transform, \"bounds\": [\(o.x), \(o.y), \(w), \(h)], \"center\": [\(cx), \(cy)])")
            }
            a = ViewAttributes(
                bounds: Rect(origin: boundsOrigin ?? .zero, size: frame.size), center: .zero,
                isUserInteractionEnabled: View.defaultUserInteractionEnabled(forClass: className))
            // `View.frame`'s setter, operation for operation (semantics §4).
            a.center = Point(
                x: frame.origin.x + anchor.x * frame.size.width, y: frame.origin.y + anchor.y * frame.size.height)
        } else {
            if boundsOrigin != nil { return fail("boundsOrigin", "only allowed together with frame") }
            guard let bounds else {
                return center == nil
                    ? fail("frame", "required (or bounds and center)") : fail("bounds", "required together with center")
            }
            guard let center else { return fail("center", "required together with bounds") }
            a = ViewAttributes(
                bounds: bounds, center: center,
                isUserInteractionEnabled: View.defaultUserInteractionEnabled(forClass: className))
        }
        a.anchorPoint = anchor
        a.transform = transform
        if let hidden { a.isHidden = hidden }
        if let alpha {
            guard alpha >= 0, Float(alpha).isFinite else {
                return fail("alpha", "expected a finite number >= 0, got \(alpha)")
            }
            a.alpha = Float(alpha)
        }
        if let userInteractionEnabled { a.isUserInteractionEnabled = userInteractionEnabled }
        if let hitTestInsets { a.hitTestInsets = hitTestInsets }
        if let minimumHitSize { a.minimumHitSize = minimumHitSize }
        if let hitShape { a.hitShape = hitShape }
        if let hitTestsSubviewsOutsideBounds { a.hitTestsSubviewsOutsideBounds = hitTestsSubviewsOutsideBounds }
        if let passThrough { a.isPassThrough = passThrough }
        let windowLevel = isWindow ? level ?? 0 : nil
        if let problem = a.problem(level: windowLevel) {
            return .failure(SceneErrorParts(id: id, field: problem.field, message: problem.message))
        }
        return .success(Checked(id: id, className: className, attributes: a, level: windowLevel))
    }

    /// Builds the view (a window when `isWindow`), or returns the first problem.
    func makeView(isWindow: Bool) -> Result<View, SceneErrorParts> {
        checked(isWindow: isWindow).map { c in
            let view =
                isWindow
                ? Window(id: c.id, className: c.className, bounds: c.attributes.bounds, center: .zero, level: c.level!)
                : View(id: c.id, className: c.className, bounds: c.attributes.bounds, center: .zero)
            view.attributes = c.attributes
            view.label = label
            view.accessibilityIdentifier = accessibilityIdentifier
            view.tag = tag ?? 0
            view.preservedJSON = preserved
            return view
        }
    }
}

/// A scene error before the file and path are attached.
struct SceneErrorParts: Error {
    var id: String?
    var field: String
    var message: String
}
