import HitIndex

extension ResponderGraph {
    /// The responder with this id (view, window, view controller, window scene, application or
    /// the delegate when it is a responder of its own), or `nil`.
    /// - Complexity: O(1) expected.
    public func responder(withID id: String) -> Responder? {
        if let v = viewsByID[id] {
            return Responder(kind: windowIDs.contains(ObjectIdentifier(v)) ? .window : .view, id: id)
        }
        if controllerIndexByID[id] != nil { return Responder(kind: .viewController, id: id) }
        if windowScenes.contains(id) { return Responder(kind: .windowScene, id: id) }
        if id == application.id { return Responder(kind: .application, id: id) }
        if let d = delegateResponder, d.id == id { return d }
        return nil
    }

    /// The application's responder.
    /// - Complexity: O(1).
    public var applicationResponder: Responder { Responder(kind: .application, id: application.id) }

    /// The delegate as a responder, or `nil` when there is no delegate, it is not a responder, or
    /// it is a view, a view controller or the application itself (semantics §6).
    /// - Complexity: O(length of the delegate's id) expected.
    public var delegateResponder: Responder? {
        guard let d = application.delegate, application.delegateIsResponder else { return nil }
        if viewsByID[d] != nil || controllerIndexByID[d] != nil || d == application.id { return nil }
        return Responder(kind: .applicationDelegate, id: d)
    }

    /// The view controller with this id, or `nil`.
    /// - Complexity: O(1) expected.
    public func viewController(withID id: String) -> ViewController? {
        controllerIndexByID[id].map { controllers[$0] }
    }

    /// The view (or window) with this id, or `nil`.
    /// - Complexity: O(1) expected.
    public func view(withID id: String) -> View? { viewsByID[id] }

    /// `nextResponder`, exactly as semantics §6 says:
    ///
    /// - a view: its view controller if it is that controller's root view, else its superview;
    /// - a view controller: the window if its root view is the window's root view (a direct
    ///   subview of the window); the presenting controller if it was presented and its root view
    ///   has no superview; else its root view's superview;
    /// - a window: its window scene if it has one, else the application;
    /// - a window scene: the application;
    /// - the application: the delegate, only if that is a responder that is not a view, a view
    ///   controller or the application itself;
    /// - the delegate: `nil`.
    ///
    /// `nil` also for a responder that is not in this graph.
    /// - Complexity: O(1) expected.
    public func next(of responder: Responder) -> Responder? {
        switch responder.kind {
        case .view, .window:
            guard let v = viewsByID[responder.id] else { return nil }
            if let i = controllerIndexByRootView[ObjectIdentifier(v)] {
                return Responder(kind: .viewController, id: controllers[i].id)
            }
            if windowIDs.contains(ObjectIdentifier(v)) {
                if let s = windowSceneByWindow[ObjectIdentifier(v)] { return Responder(kind: .windowScene, id: s) }
                return applicationResponder
            }
            return v.superview.map(viewResponder)
        case .viewController:
            guard let c = viewController(withID: responder.id) else { return nil }
            if let s = c.rootView.superview {
                // The window's root view, or any other superview: either way the superview is next.
                return viewResponder(s)
            }
            return c.presentedBy.map { Responder(kind: .viewController, id: $0) }
        case .windowScene:
            return windowScenes.contains(responder.id) ? applicationResponder : nil
        case .application:
            return responder.id == application.id ? delegateResponder : nil
        case .applicationDelegate:
            return nil
        }
    }

    /// The chain from `responder` (first) to its end, following ``next(of:)``.
    /// - Complexity: O(length of the chain).
    public func chain(from responder: Responder) -> [Responder] {
        var result = [responder]
        var seen: Set<Responder> = [responder]
        var current = responder
        // The graph's rules cannot loop (trees, acyclic presentation); the set is a guard only.
        while let n = next(of: current), seen.insert(n).inserted {
            result.append(n)
            current = n
        }
        return result
    }

    /// A view as a responder: `.window` for the scene's windows, `.view` otherwise.
    func viewResponder(_ v: View) -> Responder {
        Responder(kind: windowIDs.contains(ObjectIdentifier(v)) ? .window : .view, id: v.id)
    }
}
