import HitIndex

/// The touch keys of a view (scene-format.md, "The event layer's additions"), read from the
/// raw JSON the scene reader preserved: `handlesTouches`, `multipleTouchEnabled`,
/// `exclusiveTouch` and `gestureRecognizers` (parameters in docs/scene-format.md).
extension TouchDispatcher {
    static func parseTraits(_ view: View) throws(SceneError) -> ViewTouchTraits {
        var traits = ViewTouchTraits()
        let keys = ViewKeys(view: view)
        if let v = try keys.value("handlesTouches") {
            switch v {
            case .string(let s):
                guard let h = TouchHandling(rawValue: s) else {
                    throw keys.error("handlesTouches", "expected \"consume\" or \"forward\", got \(describe(v))")
                }
                traits.handlesTouches = h
            case .object(let methods):
                // Only the methods the view overrides: the others keep UIKit's default.
                for key in methods.keys.sorted() {
                    guard let phase = TouchPhase(rawValue: key), phase != .stationary else {
                        throw keys.error("handlesTouches.\(key)", "expected a phase: began, moved, ended or cancelled")
                    }
                    guard case .string(let s) = methods[key]!, let h = TouchHandling(rawValue: s) else {
                        throw keys.error(
                            "handlesTouches.\(key)",
                            "expected \"consume\" or \"forward\", got \(describe(methods[key]!))")
                    }
                    traits.handlesTouchesByPhase[phase] = h
                }
            default:
                throw keys.error(
                    "handlesTouches",
                    "expected \"consume\", \"forward\" or an object by phase ({\"began\": \"consume\"}), got \(describe(v))"
                )
            }
        }
        if let b = try keys.bool("multipleTouchEnabled") { traits.isMultipleTouchEnabled = b }
        if let b = try keys.bool("exclusiveTouch") { traits.isExclusiveTouch = b }
        if let v = try keys.value("control") { traits.control = try parseControl(v, keys: keys) }
        if let v = try keys.value("scrollView") { traits.scrollView = try parseScrollView(v, keys: keys) }
        return traits
    }

    /// `scrollView`: `true`, or an object of the ``ScrollViewTraits`` flags.
    private static func parseScrollView(_ v: EventJSONValue, keys: ViewKeys) throws(SceneError) -> ScrollViewTraits? {
        switch v {
        case .bool(let b): return b ? ScrollViewTraits() : nil
        case .object(let fields):
            var traits = ScrollViewTraits()
            for key in fields.keys.sorted() {
                guard case .bool(let b) = fields[key]! else {
                    throw keys.error("scrollView.\(key)", "expected a bool, got \(fields[key]!.typeName)")
                }
                switch key {
                case "delaysContentTouches": traits.delaysContentTouches = b
                case "canCancelContentTouches": traits.canCancelContentTouches = b
                case "touchesShouldCancelInControls": traits.touchesShouldCancelInControls = b
                case "scrollEnabled": traits.isScrollEnabled = b
                default:
                    throw keys.error(
                        "scrollView.\(key)",
                        "unknown key (expected delaysContentTouches, canCancelContentTouches, "
                            + "touchesShouldCancelInControls or scrollEnabled)")
                }
            }
            return traits
        default:
            throw keys.error("scrollView", "expected true or an object of flags, got \(v.typeName)")
        }
    }

    /// `control`: a kind (`"button"`) or `{"kind": …, "enabled": …, "actions": [{"event", "action",
    /// "target"}]}`.
    private static func parseControl(_ v: EventJSONValue, keys: ViewKeys) throws(SceneError) -> ControlTraits {
        let kinds = ControlTraits.Kind.allCases.map(\.rawValue).joined(separator: ", ")
        func kind(_ v: EventJSONValue, _ field: String) throws(SceneError) -> ControlTraits.Kind {
            guard case .string(let s) = v, let k = ControlTraits.Kind(rawValue: s) else {
                throw keys.error(field, "expected one of \(kinds), got \(describe(v))")
            }
            return k
        }
        switch v {
        case .string: return ControlTraits(kind: try kind(v, "control"))
        case .object(let fields):
            var control = ControlTraits()
            for key in fields.keys.sorted() {
                let value = fields[key]!
                switch key {
                case "kind": control.kind = try kind(value, "control.kind")
                case "enabled":
                    guard case .bool(let b) = value else {
                        throw keys.error("control.enabled", "expected a bool, got \(value.typeName)")
                    }
                    control.isEnabled = b
                case "actions":
                    guard case .array(let items) = value else {
                        throw keys.error(
                            "control.actions", "expected an array of {\"event\", \"action\"}, got \(value.typeName)")
                    }
                    for (i, item) in items.enumerated() {
                        control.actions.append(try parseControlAction(item, field: "control.actions[\(i)]", keys: keys))
                    }
                default:
                    throw keys.error("control.\(key)", "unknown key (expected kind, enabled or actions)")
                }
            }
            return control
        default:
            throw keys.error(
                "control", "expected a control kind or an object {\"kind\", \"actions\"}, got \(v.typeName)")
        }
    }

    private static func parseControlAction(_ item: EventJSONValue, field: String, keys: ViewKeys) throws(SceneError)
        -> ControlTraits.Action
    {
        guard case .object(let f) = item else {
            throw keys.error(field, "expected an object {\"event\", \"action\", \"target\"}, got \(item.typeName)")
        }
        for key in f.keys.sorted() where !["event", "action", "target"].contains(key) {
            throw keys.error("\(field).\(key)", "unknown key (expected event, action or target)")
        }
        guard let e = f["event"] else { throw keys.error("\(field).event", "required") }
        guard case .string(let name) = e, let event = ControlEvent(rawValue: name) else {
            let events = ControlEvent.allCases.map(\.rawValue).joined(separator: ", ")
            throw keys.error("\(field).event", "expected one of \(events), got \(describe(e))")
        }
        guard let a = f["action"] else { throw keys.error("\(field).action", "required") }
        guard case .string(let action) = a, !action.isEmpty else {
            throw keys.error("\(field).action", "expected an action name such as \"buy:\", got \(describe(a))")
        }
        var target: String?
        if let t = f["target"] {
            guard case .string(let id) = t, !id.isEmpty else {
                throw keys.error("\(field).target", "expected a responder id, got \(describe(t))")
            }
            target = id
        }
        return ControlTraits.Action(event: event, action: action, target: target)
    }

    /// A view's `gestureRecognizers`: an array of objects, each with an `id`, a `kind` (`tap`,
    /// `longPress`, `pan`, `screenEdgePan`, `swipe`, `pinch`, `rotation` or `custom`), the kind's
    /// parameters and the common flags.
    static func parseRecognizers(_ view: View) throws(SceneError) -> [GestureRecognizer] {
        let keys = ViewKeys(view: view)
        guard let value = try keys.value("gestureRecognizers") else { return [] }
        guard case .array(let items) = value else {
            throw keys.error("gestureRecognizers", "expected an array of recognizers, got \(value.typeName)")
        }
        var result: [GestureRecognizer] = []
        for (i, item) in items.enumerated() {
            let at = "gestureRecognizers[\(i)]"
            guard case .object(let fields) = item else {
                throw keys.error(at, "expected an object {\"id\", \"kind\", …}, got \(item.typeName)")
            }
            let r = RecognizerKeys(keys: keys, at: at, fields: fields)
            guard let id = try r.string("id") else { throw keys.error("\(at).id", "required") }
            guard !id.isEmpty else { throw keys.error("\(at).id", "expected a non-empty string") }
            guard let kind = try r.string("kind") else { throw keys.error("\(at).kind", "required") }
            let gesture: any GestureLogic
            var allowed = [
                "id", "kind", "cancelsTouchesInView", "delaysTouchesBegan", "delaysTouchesEnded", "enabled",
                "requiresFailureOf", "simultaneousWith", "requiredToFailBy", "cannotPrevent", "cannotBePreventedBy",
                "shouldBegin", "shouldReceiveTouch",
            ]
            switch kind {
            case "tap":
                allowed += ["taps", "touches", "tolerance", "tapDistance", "maximumDuration", "maximumInterval"]
                var g = TapGesture()
                g.taps = try r.count("taps") ?? g.taps
                g.touches = try r.count("touches") ?? g.touches
                g.tolerance = try r.distance("tolerance") ?? g.tolerance
                g.maximumTapDistance = try r.distance("tapDistance")
                g.maximumDuration = try r.duration("maximumDuration", positive: true) ?? g.maximumDuration
                g.maximumInterval = try r.duration("maximumInterval", positive: true) ?? g.maximumInterval
                gesture = g
            case "longPress":
                allowed += ["minimumDuration", "tolerance", "touches", "taps", "maximumTapDuration", "maximumInterval"]
                var g = LongPressGesture()
                g.minimumDuration = try r.duration("minimumDuration", positive: false) ?? g.minimumDuration
                g.tolerance = try r.distance("tolerance") ?? g.tolerance
                g.touches = try r.count("touches") ?? g.touches
                g.taps = try r.count("taps", allowingZero: true) ?? g.taps
                g.maximumTapDuration = try r.duration("maximumTapDuration", positive: true) ?? g.maximumTapDuration
                g.maximumInterval = try r.duration("maximumInterval", positive: true) ?? g.maximumInterval
                gesture = g
            case "pan":
                allowed += ["minimumDistance", "minimumTouches", "maximumTouches"]
                var g = PanGesture()
                g.minimumDistance = try r.distance("minimumDistance") ?? g.minimumDistance
                g.minimumTouches = try r.count("minimumTouches") ?? g.minimumTouches
                g.maximumTouches = try r.count("maximumTouches") ?? g.maximumTouches
                if g.maximumTouches < g.minimumTouches {
                    throw keys.error("\(at).maximumTouches", "less than minimumTouches (\(g.minimumTouches))")
                }
                gesture = g
            case "screenEdgePan":
                allowed += ["edges", "edgeDistance", "minimumDistance"]
                guard let edges = fields["edges"] else {
                    throw keys.error("\(at).edges", "required (left, right, top or bottom, or an array of them)")
                }
                var g = ScreenEdgePanGesture(edges: try r.names(edges, key: "edges", noun: "edge"))
                g.edgeDistance = try r.distance("edgeDistance") ?? g.edgeDistance
                g.pan.minimumDistance = try r.distance("minimumDistance") ?? g.pan.minimumDistance
                gesture = g
            case "pinch":
                allowed += ["minimumDistance"]
                var g = PinchGesture()
                g.minimumDistance = try r.distance("minimumDistance") ?? g.minimumDistance
                gesture = g
            case "rotation":
                allowed += ["minimumRotation"]
                var g = RotationGesture()
                g.minimumRotation = try r.angle("minimumRotation") ?? g.minimumRotation
                gesture = g
            case "swipe":
                allowed += ["direction", "touches", "minimumDistance", "maximumDuration", "tolerance"]
                var g = SwipeGesture()
                if let d = fields["direction"] { g.directions = try r.names(d, key: "direction", noun: "direction") }
                g.touches = try r.count("touches") ?? g.touches
                g.minimumDistance = try r.distance("minimumDistance") ?? g.minimumDistance
                g.maximumDuration = try r.duration("maximumDuration", positive: true) ?? g.maximumDuration
                g.tolerance = try r.distance("tolerance") ?? g.tolerance
                gesture = g
            case "custom":
                allowed += ["continuous", "on"]
                gesture = try r.scripted()
            default:
                throw keys.error(
                    "\(at).kind",
                    "expected tap, longPress, pan, screenEdgePan, swipe, pinch, rotation or custom, got \"\(kind)\"")
            }
            for key in fields.keys.sorted() where !allowed.contains(key) {
                throw keys.error("\(at).\(key)", "unknown key for a \(kind) recognizer")
            }
            result.append(
                GestureRecognizer(
                    id: id, viewID: view.id, gesture: gesture,
                    cancelsTouchesInView: try r.bool("cancelsTouchesInView") ?? true,
                    delaysTouchesBegan: try r.bool("delaysTouchesBegan") ?? false,
                    delaysTouchesEnded: try r.bool("delaysTouchesEnded") ?? true,
                    isEnabled: try r.bool("enabled") ?? true,
                    requiresFailureOf: try r.ids("requiresFailureOf"),
                    recognizesSimultaneouslyWith: try r.ids("simultaneousWith"),
                    requiredToFailBy: try r.ids("requiredToFailBy"), cannotPrevent: try r.ids("cannotPrevent"),
                    cannotBePreventedBy: try r.ids("cannotBePreventedBy"), shouldBegin: try r.beginDecision(),
                    receives: try r.touchFilter()))
        }
        return result
    }

    static func describe(_ v: EventJSONValue) -> String {
        if case .string(let s) = v { return "\"\(s)\"" }
        return v.typeName
    }
}

/// Reads one view's preserved keys, with errors naming the view and the field.
struct ViewKeys {
    let view: View

    func error(_ field: String, _ message: String) -> SceneError {
        SceneError(location: .view(view.id), field: field, message: message)
    }

    func value(_ field: String) throws(SceneError) -> EventJSONValue? {
        guard let raw = view.preservedJSON[field] else { return nil }
        switch EventJSONValue.parseExplained(raw) {
        case .success(let v): return v
        case .failure(let e): throw error(field, e.message)
        }
    }

    func bool(_ field: String) throws(SceneError) -> Bool? {
        guard let v = try value(field) else { return nil }
        guard case .bool(let b) = v else { throw error(field, "expected a bool, got \(v.typeName)") }
        return b
    }
}

/// Reads one recognizer object's fields.
private struct RecognizerKeys {
    let keys: ViewKeys
    let at: String
    let fields: [String: EventJSONValue]

    private func error(_ key: String, _ message: String) -> SceneError { keys.error("\(at).\(key)", message) }

    func string(_ key: String) throws(SceneError) -> String? {
        guard let v = fields[key] else { return nil }
        guard case .string(let s) = v else { throw error(key, "expected a string, got \(v.typeName)") }
        return s
    }

    func bool(_ key: String) throws(SceneError) -> Bool? {
        guard let v = fields[key] else { return nil }
        guard case .bool(let b) = v else { throw error(key, "expected a bool, got \(v.typeName)") }
        return b
    }

    private func number(_ key: String) throws(SceneError) -> Double? {
        guard let v = fields[key] else { return nil }
        guard case .number(let n) = v else { throw error(key, "expected a number, got \(v.typeName)") }
        guard n.isFinite else { throw error(key, "expected a finite number, got \(n)") }
        return n
    }

    /// A whole number of taps or fingers, at least 1.
    /// A number as a person writes it: `0`, `1.5`, `2000000`.
    static func format(_ n: Double) -> String {
        n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
    }

    func count(_ key: String, allowingZero: Bool = false) throws(SceneError) -> Int? {
        guard let n = try number(key) else { return nil }
        let least = allowingZero ? 0.0 : 1
        guard n >= least, n == n.rounded(), n <= 1_000_000 else {
            throw error(key, "expected a whole number from \(Int(least)) to 1000000, got \(Self.format(n))")
        }
        return Int(n)
    }

    /// A distance in points, not negative.
    func distance(_ key: String) throws(SceneError) -> Double? {
        guard let n = try number(key) else { return nil }
        guard n >= 0 else { throw error(key, "expected a distance of 0 or more, got \(Self.format(n))") }
        return n
    }

    /// An angle in radians, not negative.
    func angle(_ key: String) throws(SceneError) -> Double? {
        guard let n = try number(key) else { return nil }
        guard n >= 0 else { throw error(key, "expected an angle of 0 or more in radians, got \(Self.format(n))") }
        return n
    }

    /// A duration in seconds: more than 0 when `positive`, else 0 or more.
    func duration(_ key: String, positive: Bool) throws(SceneError) -> Double? {
        guard let n = try number(key) else { return nil }
        guard positive ? n > 0 : n >= 0 else {
            throw error(
                key, "expected a duration \(positive ? "above 0" : "of 0 or more") in seconds, got \(Self.format(n))")
        }
        return n
    }

    /// Recognizer ids: one string or an array of strings.
    func ids(_ key: String) throws(SceneError) -> [String] {
        guard let v = fields[key] else { return [] }
        switch v {
        case .string(let s) where !s.isEmpty: return [s]
        case .array(let items):
            var out: [String] = []
            for item in items {
                guard case .string(let s) = item, !s.isEmpty else {
                    throw error(
                        key, "expected recognizer ids (non-empty strings), got \(TouchDispatcher.describe(item))")
                }
                out.append(s)
            }
            return out
        default:
            throw error(key, "expected a recognizer id or an array of ids, got \(TouchDispatcher.describe(v))")
        }
    }

    /// `shouldBegin`: `true` (the default), `false`, `"horizontal"` or `"vertical"`.
    func beginDecision() throws(SceneError) -> GestureRecognizer.BeginDecision {
        guard let v = fields["shouldBegin"] else { return .always }
        switch v {
        case .bool(let b): return b ? .always : .never
        case .string("horizontal"): return .horizontal
        case .string("vertical"): return .vertical
        default:
            throw error(
                "shouldBegin",
                "expected true, false, \"horizontal\" or \"vertical\", got \(TouchDispatcher.describe(v))")
        }
    }

    /// `shouldReceiveTouch`: `true` (the default), `false`, or `{"notIn": [view ids]}`.
    func touchFilter() throws(SceneError) -> GestureRecognizer.TouchFilter {
        guard let v = fields["shouldReceiveTouch"] else { return .all }
        switch v {
        case .bool(let b): return b ? .all : .none
        case .object(let map):
            for key in map.keys.sorted() where key != "notIn" {
                throw error("shouldReceiveTouch.\(key)", "unknown key (expected notIn)")
            }
            guard let list = map["notIn"] else { throw error("shouldReceiveTouch.notIn", "required (view ids)") }
            let items: [EventJSONValue]
            if case .array(let a) = list { items = a } else { items = [list] }
            var ids: [String] = []
            for item in items {
                guard case .string(let id) = item, !id.isEmpty else {
                    throw error(
                        "shouldReceiveTouch.notIn",
                        "expected view ids (non-empty strings), got \(TouchDispatcher.describe(item))")
                }
                ids.append(id)
            }
            return .notIn(ids)
        default:
            throw error(
                "shouldReceiveTouch",
                "expected true, false or {\"notIn\": [view ids]}, got \(TouchDispatcher.describe(v))")
        }
    }

    /// One name of `E` or an array of them, at least one: a swipe's `direction`, a screen-edge
    /// pan's `edges`.
    func names<E: RawRepresentable & CaseIterable & Hashable>(_ v: EventJSONValue, key: String, noun: String)
        throws(SceneError) -> Set<E> where E.RawValue == String
    {
        let all = E.allCases.map(\.rawValue)
        let listed = all.dropLast().joined(separator: ", ") + " or " + (all.last ?? "")
        let items: [EventJSONValue]
        if case .array(let a) = v { items = a } else { items = [v] }
        var out: Set<E> = []
        for item in items {
            guard case .string(let s) = item, let name = E(rawValue: s) else {
                throw error(key, "expected \(listed) (or an array of them), got \(TouchDispatcher.describe(item))")
            }
            out.insert(name)
        }
        guard !out.isEmpty else { throw error(key, "expected at least one \(noun)") }
        return out
    }

    /// A custom recognizer's `continuous` and `on` (phase → state).
    func scripted() throws(SceneError) -> ScriptedGesture {
        let continuous = try bool("continuous") ?? false
        guard let on = fields["on"] else { throw error("on", "required (touch phase → state)") }
        guard case .object(let map) = on else { throw error("on", "expected an object, got \(on.typeName)") }
        var rules: [TouchPhase: GestureState] = [:]
        let allowedStates: [GestureState] =
            continuous ? [.began, .changed, .ended, .cancelled, .failed] : [.recognized, .failed]
        for key in map.keys.sorted() {
            guard let phase = TouchPhase(rawValue: key), phase != .stationary else {
                throw error("on.\(key)", "expected a phase: began, moved, ended or cancelled")
            }
            guard case .string(let name) = map[key]!, let state = GestureState(rawValue: name),
                allowedStates.contains(state)
            else {
                throw error(
                    "on.\(key)",
                    "expected one of \(allowedStates.map(\.rawValue).joined(separator: ", ")) for a "
                        + "\(continuous ? "continuous" : "discrete") recognizer, got \(TouchDispatcher.describe(map[key]!))"
                )
            }
            rules[phase] = state
        }
        return ScriptedGesture(continuous: continuous, rules: rules)
    }
}
