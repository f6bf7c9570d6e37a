import HitIndex

extension ResponderGraph {
    /// Builds the graph from a scene's event-layer keys (scene-format.md, "The event layer's
    /// additions"), which the scene reader keeps as raw JSON text:
    ///
    /// - `viewController` on a view: `"VC"` or `{"id": "VC", "handlesTouches": "consume"}`; the
    ///   view is that controller's root view;
    /// - `presentedBy` on a view with `viewController`: the presenting controller's id;
    /// - `windowScene` on a window: the window scene's id;
    /// - `application` on the document: `{"id": …, "delegate": …, "delegateIsResponder": …}`,
    ///   each optional (`id` defaults to `UIApplication`);
    /// - `responder` on a view, in a `viewController` object and in the `application` object
    ///   (with `delegateResponder`): the responder's traits (``ResponderTraits``).
    ///
    /// The touch keys (`handlesTouches` on a view, `multipleTouchEnabled`, `exclusiveTouch`,
    /// `gestureRecognizers`) are read by ``TouchDispatcher/init(graph:recognizers:traits:)``, not
    /// here.
    ///
    /// - Parameters:
    ///   - scene: the scene as the scene reader read it, its event-layer keys kept as raw JSON
    /// text.
    ///   - file: named in errors, as the scene reader does.
    /// - Throws: a `SceneError` naming the view (or `$.application`) and the field.
    /// - Complexity: O(n) for n views.
    public convenience init(reading scene: Scene, file: String? = nil) throws(SceneError) {
        do throws(SceneError) {
            var application = Application()
            if let raw = scene.preservedJSON["application"] {
                application = try Self.parseApplication(raw)
            }
            var controllers: [ViewController] = []
            var windowScenes: [String: String] = [:]
            var failure: SceneError?
            scene.forEachView { view, depth in
                guard failure == nil, !view.preservedJSON.isEmpty else { return }  // most views: no key
                do {
                    if let c = try Self.parseController(view) { controllers.append(c) }
                    if let raw = view.preservedJSON["windowScene"] {
                        guard depth == 0 else {
                            throw SceneError(
                                location: .view(view.id), field: "windowScene", message: "only on a window")
                        }
                        windowScenes[view.id] = try Self.parseID(raw, view: view.id, field: "windowScene")
                    }
                } catch let error as SceneError {
                    failure = error
                } catch {
                    failure = SceneError(location: .view(view.id), field: "", message: "\(error)")
                }
            }
            if let failure { throw failure }
            try self.init(
                scene: scene, application: application, controllers: controllers, windowScenes: windowScenes)
            try readTraitKeys()
        } catch {
            throw file.map { error.inFile($0) } ?? error
        }
    }

    /// A view's `viewController` and `presentedBy` keys, or `nil` when it names no controller.
    private static func parseController(_ view: View) throws(SceneError) -> ViewController? {
        let presentedBy = try view.preservedJSON["presentedBy"].map { raw throws(SceneError) in
            try parseID(raw, view: view.id, field: "presentedBy")
        }
        guard let raw = view.preservedJSON["viewController"] else {
            if presentedBy != nil {
                throw SceneError(
                    location: .view(view.id), field: "presentedBy", message: "only on a view with viewController")
            }
            return nil
        }
        let value = try parse(raw, view: view.id, field: "viewController")
        switch value {
        case .string:
            let id = try parseID(raw, view: view.id, field: "viewController")
            return ViewController(id: id, rootView: view, presentedBy: presentedBy)
        case .object(let fields):
            var id: String?
            var handling: TouchHandling?
            for key in fields.keys.sorted() {
                let field = "viewController.\(key)"
                switch (key, fields[key]!) {
                case ("id", .string(let s)) where !s.isEmpty: id = s
                case ("handlesTouches", .string(let s)):
                    guard let h = TouchHandling(rawValue: s) else {
                        throw SceneError(
                            location: .view(view.id), field: field,
                            message: "expected \"consume\" or \"forward\", got \"\(s)\"")
                    }
                    handling = h
                case ("id", let v), ("handlesTouches", let v):
                    throw SceneError(
                        location: .view(view.id), field: field,
                        message: "expected a non-empty string, got \(v.typeName)")
                case ("responder", _):
                    break  // the controller's traits: readTraitKeys()
                default:
                    throw SceneError(
                        location: .view(view.id), field: field,
                        message: "unknown key (expected id, handlesTouches or responder)")
                }
            }
            guard let id else {
                throw SceneError(location: .view(view.id), field: "viewController.id", message: "required")
            }
            return ViewController(id: id, rootView: view, presentedBy: presentedBy, handlesTouches: handling)
        default:
            throw SceneError(
                location: .view(view.id), field: "viewController",
                message: "expected a view controller id or an object {\"id\": …}, got \(value.typeName)")
        }
    }

    /// The document's `application` object.
    private static func parseApplication(_ raw: String) throws(SceneError) -> Application {
        let location = SceneError.Location.path("$.application")
        let value: EventJSONValue
        switch EventJSONValue.parseExplained(raw) {
        case .success(let v): value = v
        case .failure(let e): throw SceneError(location: .path("$"), field: "application", message: e.message)
        }
        guard case .object(let fields) = value else {
            throw SceneError(
                location: .path("$"), field: "application", message: "expected an object, got \(value.typeName)")
        }
        var app = Application()
        for key in fields.keys.sorted() {
            switch (key, fields[key]!) {
            case ("id", .string(let s)) where !s.isEmpty: app.id = s
            case ("delegate", .string(let s)) where !s.isEmpty: app.delegate = s
            case ("delegateIsResponder", .bool(let b)): app.delegateIsResponder = b
            case ("id", let v), ("delegate", let v):
                throw SceneError(
                    location: location, field: key, message: "expected a non-empty string, got \(v.typeName)")
            case ("delegateIsResponder", let v):
                throw SceneError(location: location, field: key, message: "expected a bool, got \(v.typeName)")
            case ("responder", _), ("delegateResponder", _):
                break  // traits: readTraitKeys()
            default:
                throw SceneError(
                    location: location, field: key,
                    message: "unknown key (expected id, delegate, delegateIsResponder, responder or delegateResponder)")
            }
        }
        return app
    }

    /// A key whose value must be a non-empty string id.
    private static func parseID(_ raw: String, view: String, field: String) throws(SceneError) -> String {
        let value = try parse(raw, view: view, field: field)
        guard case .string(let s) = value, !s.isEmpty else {
            throw SceneError(
                location: .view(view), field: field, message: "expected a non-empty string id, got \(value.typeName)")
        }
        return s
    }

    private static func parse(_ raw: String, view: String, field: String) throws(SceneError) -> EventJSONValue {
        switch EventJSONValue.parseExplained(raw) {
        case .success(let value): return value
        case .failure(let e): throw SceneError(location: .view(view), field: field, message: e.message)
        }
    }
}
