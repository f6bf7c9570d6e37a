import HitIndex

/// The `responder` keys (scene-format.md, "The event layer's additions"): what a responder
/// answers to the first-responder and action questions, as ``ResponderTraits``.
///
/// - on a view or window: `"responder": {…}`;
/// - in a `viewController` object: `"responder": {…}` for the controller;
/// - in the `application` object: `"responder"` for the application and `"delegateResponder"`
///   for its delegate when that is a responder of its own.
///
/// The object's keys are `canBecomeFirstResponder` and `canResignFirstResponder` (bools),
/// `actions` and `vetoedActions` (arrays of action names such as `"copy:"`), each optional with
/// `UIResponder`'s default.
extension ResponderGraph {
    /// Reads every `responder` key of the graph's scene and sets the traits.
    /// - Complexity: O(n) for n views.
    func readTraitKeys() throws(SceneError) {
        var failure: SceneError?
        // The scene's views, then the subtrees of controller root views outside every window
        // (a detached root view's traits matter to its controller's chain).
        let views = TouchDispatcher.viewsInKeyOrder(of: self)
        for view in views {
            guard failure == nil, !view.preservedJSON.isEmpty else { continue }
            do throws(SceneError) {
                if let raw = view.preservedJSON["responder"] {
                    let traits = try Self.parseTraits(
                        Self.value(raw, location: .view(view.id), field: "responder"), location: .view(view.id),
                        field: "responder")
                    setTraits(traits, for: viewResponder(view))
                }
                if let raw = view.preservedJSON["viewController"],
                    case .object(let fields) = try Self.value(raw, location: .view(view.id), field: "viewController"),
                    let value = fields["responder"], case .string(let id) = fields["id"] ?? .null,
                    let controller = responder(withID: id)
                {
                    setTraits(
                        try Self.parseTraits(value, location: .view(view.id), field: "viewController.responder"),
                        for: controller)
                }
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        guard let raw = scene.preservedJSON["application"],
            case .object(let fields) = try Self.value(raw, location: .path("$"), field: "application")
        else { return }
        let location = SceneError.Location.path("$.application")
        if let value = fields["responder"], let app = responder(withID: application.id) {
            setTraits(try Self.parseTraits(value, location: location, field: "responder"), for: app)
        }
        if let value = fields["delegateResponder"] {
            guard let delegate = application.delegate, let r = responder(withID: delegate),
                r.kind == .applicationDelegate
            else {
                throw SceneError(
                    location: location, field: "delegateResponder",
                    message: "the delegate is not a responder of its own (no delegate, delegateIsResponder false, "
                        + "or it names another object: give that object its own responder key)")
            }
            setTraits(try Self.parseTraits(value, location: location, field: "delegateResponder"), for: r)
        }
    }

    /// One `responder` object.
    static func parseTraits(_ value: EventJSONValue, location: SceneError.Location, field: String) throws(SceneError)
        -> ResponderTraits
    {
        guard case .object(let fields) = value else {
            throw SceneError(
                location: location, field: field,
                message: "expected an object {\"canBecomeFirstResponder\", \"actions\", …}, got \(value.typeName)")
        }
        var traits = ResponderTraits()
        for key in fields.keys.sorted() {
            let v = fields[key]!
            switch key {
            case "canBecomeFirstResponder", "canResignFirstResponder":
                guard case .bool(let b) = v else {
                    throw SceneError(
                        location: location, field: "\(field).\(key)", message: "expected a bool, got \(v.typeName)")
                }
                if key == "canBecomeFirstResponder" {
                    traits.canBecomeFirstResponder = b
                } else {
                    traits.canResignFirstResponder = b
                }
            case "actions", "vetoedActions":
                guard case .array(let items) = v else {
                    throw SceneError(
                        location: location, field: "\(field).\(key)",
                        message: "expected an array of action names, got \(v.typeName)")
                }
                var names: Set<String> = []
                for item in items {
                    guard case .string(let name) = item, !name.isEmpty else {
                        throw SceneError(
                            location: location, field: "\(field).\(key)",
                            message: "expected action names (non-empty strings such as \"copy:\"), got \(item.typeName)"
                        )
                    }
                    names.insert(name)
                }
                if key == "actions" { traits.actions = names } else { traits.vetoedActions = names }
            default:
                throw SceneError(
                    location: location, field: "\(field).\(key)",
                    message: "unknown key (expected canBecomeFirstResponder, canResignFirstResponder, actions or "
                        + "vetoedActions)")
            }
        }
        return traits
    }

    /// A preserved key's raw JSON, parsed strictly; a parse error names the location and field.
    static func value(_ raw: String, location: SceneError.Location, field: String) throws(SceneError)
        -> EventJSONValue
    {
        switch EventJSONValue.parseExplained(raw) {
        case .success(let v): return v
        case .failure(let e): throw SceneError(location: location, field: field, message: e.message)
        }
    }
}
