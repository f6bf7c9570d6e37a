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

    /// A known key, by its position in ``knownKeys``: told from the key's length and first bytes,
    /// then confirmed with one comparison, instead of hashing every key of a file with the
    /// standard library's seeded hasher (measured: with the id map, a tenth of a million-view
    /// file's load).
    enum KnownKey: UInt8, CaseIterable {
        case id, className, frame, boundsOrigin, bounds, center, anchorPoint, transform, hidden, alpha
        case userInteractionEnabled, hitTestInsets, minimumHitSize, hitShape, hitTestsSubviewsOutsideBounds
        case passThrough, redirectTarget, parent, level, subviews, label, accessibilityIdentifier, tag

        /// The key as the file spells it.
        var name: String { ViewRecord.knownKeys[Int(rawValue)] }

        /// The known key `key` is, or nil.
        /// - Complexity: O(length): one comparison.
        init?(_ key: String) {
            var key = key
            guard let known = key.withUTF8({ KnownKey(utf8: $0) }) else { return nil }
            self = known
        }

        /// The known key whose name is the UTF-8 bytes `utf8`, or nil: the scene reader matches
        /// keys in the file's bytes, without making a `String` of each.
        /// - Complexity: O(length): one comparison.
        init?(utf8: UnsafeBufferPointer<UInt8>) {
            let first = utf8.first ?? 0
            let second = utf8.count > 1 ? utf8[1] : 0
            let candidate: KnownKey
            switch (utf8.count, first) {
            case (2, UInt8(ascii: "i")): candidate = .id
            case (3, UInt8(ascii: "t")): candidate = .tag
            case (5, UInt8(ascii: "c")): candidate = .className
            case (5, UInt8(ascii: "f")): candidate = .frame
            case (5, UInt8(ascii: "a")): candidate = .alpha
            case (5, UInt8(ascii: "l")): candidate = second == UInt8(ascii: "a") ? .label : .level
            case (6, UInt8(ascii: "b")): candidate = .bounds
            case (6, UInt8(ascii: "c")): candidate = .center
            case (6, UInt8(ascii: "h")): candidate = .hidden
            case (6, UInt8(ascii: "p")): candidate = .parent
            case (8, UInt8(ascii: "h")): candidate = .hitShape
            case (8, UInt8(ascii: "s")): candidate = .subviews
            case (9, UInt8(ascii: "t")): candidate = .transform
            case (11, UInt8(ascii: "a")): candidate = .anchorPoint
            case (11, UInt8(ascii: "p")): candidate = .passThrough
            case (12, UInt8(ascii: "b")): candidate = .boundsOrigin
            case (13, UInt8(ascii: "h")): candidate = .hitTestInsets
            case (14, UInt8(ascii: "m")): candidate = .minimumHitSize
            case (14, UInt8(ascii: "r")): candidate = .redirectTarget
            case (22, UInt8(ascii: "u")): candidate = .userInteractionEnabled
            case (23, UInt8(ascii: "a")): candidate = .accessibilityIdentifier
            case (29, UInt8(ascii: "h")): candidate = .hitTestsSubviewsOutsideBounds
            default: return nil
            }
            let matches = KnownKey.names[Int(candidate.rawValue)].withUnsafeBufferPointer { name in
                var i = 2  // the count and the first byte matched, and `second` is only a hint
                while i < name.count && name[i] == utf8[i] { i += 1 }
                return i == name.count && name[1] == second
            }
            guard matches else { return nil }
            self = candidate
        }

        /// Each known key's name as UTF-8 bytes, by raw value.
        private static let names: [[UInt8]] = ViewRecord.knownKeys.map { Array($0.utf8) }
    }

    /// Records that `key` (`known`, when it is a known key) was seen; false if it was seen
    /// before in this object.
    mutating func markSeen(_ key: String, known: KnownKey?) -> Bool {
        if let known {
            let bit = UInt32(1) << UInt32(known.rawValue)
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
    /// model's initializers and setters would; throws the first problem otherwise.
    /// - Complexity: O(1).
    func checked(isWindow: Bool) throws(SceneErrorParts) -> Checked {
        guard let id else {
            if let problem { throw SceneErrorParts(field: problem.field, message: problem.message) }
            throw SceneErrorParts(field: "id", message: "required (a string)")
        }
        if let problem { throw SceneErrorParts(id: id, field: problem.field, message: problem.message) }
        func fail(_ field: String, _ message: String) -> SceneErrorParts {
            SceneErrorParts(id: id, field: field, message: message)
        }
        // An empty id names nothing: report the JSON path instead.
        if id.isEmpty { throw SceneErrorParts(field: "id", message: "expected a non-empty string") }
        if !isWindow && level != nil { throw fail("level", "only a window has a level") }
        let transform = self.transform ?? .identity
        let anchor = anchorPoint ?? Point(x: 0.5, y: 0.5)
        let className = self.className ?? "UIView"
        var a: ViewAttributes
        if let frame {
            if bounds != nil { throw fail("bounds", "not allowed together with frame") }
            if center != nil { throw fail("center", "not allowed together with frame") }
            if !transform.isIdentity {
                // UIKit leaves `frame` undefined under a transform; say what this frame means
                // before the transform, the common "set transform, then frame" intent.
                let o = boundsOrigin ?? .zero
                let cx = frame.origin.x + anchor.x * frame.size.width
                let cy = frame.origin.y + anchor.y * frame.size.height
                let w = frame.size.width
                let h = frame.size.height
                throw fail(
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
            if boundsOrigin != nil { throw fail("boundsOrigin", "only allowed together with frame") }
            guard let bounds else {
                throw center == nil
                    ? fail("frame", "required (or bounds and center)") : fail("bounds", "required together with center")
            }
            guard let center else { throw fail("center", "required together with bounds") }
            a = ViewAttributes(
                bounds: bounds, center: center,
                isUserInteractionEnabled: View.defaultUserInteractionEnabled(forClass: className))
        }
        a.anchorPoint = anchor
        a.transform = transform
        if let hidden { a.isHidden = hidden }
        if let alpha {
            guard alpha >= 0, Float(alpha).isFinite else {
                throw fail("alpha", "expected a finite number >= 0, got \(alpha)")
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
            throw SceneErrorParts(id: id, field: problem.field, message: problem.message)
        }
        return Checked(id: id, className: className, attributes: a, level: windowLevel)
    }

    /// ``checked(isWindow:)`` on a record held in place (an array's element is otherwise
    /// copied for the call).
    /// - Complexity: O(1).
    static func check(_ record: inout ViewRecord, isWindow: Bool) throws(SceneErrorParts) -> Checked {
        try record.checked(isWindow: isWindow)
    }

    /// Builds the view (a window when `isWindow`), or returns the first problem.
    func makeView(isWindow: Bool) -> Result<View, SceneErrorParts> {
        let c: Checked
        do { c = try checked(isWindow: isWindow) } catch { return .failure(error) }
        let view =
            isWindow
            ? Window(id: c.id, className: c.className, bounds: c.attributes.bounds, center: .zero, level: c.level!)
            : View(id: c.id, className: c.className, bounds: c.attributes.bounds, center: .zero)
        view.attributes = c.attributes
        view.label = label
        view.accessibilityIdentifier = accessibilityIdentifier
        view.tag = tag ?? 0
        view.preservedJSON = preserved
        return .success(view)
    }
}

/// A scene error before the file and path are attached.
struct SceneErrorParts: Error {
    var id: String?
    var field: String
    var message: String
}
