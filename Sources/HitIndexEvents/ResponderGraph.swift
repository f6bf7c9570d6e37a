import HitIndex

/// The responders of one scene: its views and windows, the view controllers that own root views,
/// the window scenes, the application and its delegate, with the first-responder state.
///
/// Build one from a scene file's event-layer keys with ``init(reading:file:)``, or from explicit
/// descriptions with ``init(scene:application:controllers:windowScenes:)``. Either way every
/// inconsistency is refused with a `SceneError` naming the view (or JSON path) and the field.
///
/// `next` and the chain follow semantics §6 (`ResponderGraph+Chain.swift`); first responder and
/// actions are in `ResponderGraph+FirstResponder.swift` and `ResponderGraph+Actions.swift`.
///
/// A graph holds the scene's views by reference: do not change the view tree while using it.
/// It is a plain mutable object (the first responder and the traits change): use it from one
/// thread at a time.
public final class ResponderGraph {
    /// The scene the views and windows belong to.
    public let scene: Scene
    /// The application and its delegate.
    public let application: Application
    /// The view controllers, in the order given (for scene files: preorder of their root views).
    public let controllers: [ViewController]
    /// The window scenes' ids, in order of first mention.
    public let windowScenes: [String]

    /// Every view by id: the scene's, and those under detached controller root views.
    var viewsByID: [String: View]
    /// Controller index by id.
    let controllerIndexByID: [String: Int]
    /// Controller index by its root view's identity.
    let controllerIndexByRootView: [ObjectIdentifier: Int]
    /// The window scene of each window that has one, by the window's identity.
    let windowSceneByWindow: [ObjectIdentifier: String]
    /// The scene's windows, by identity.
    var windowIDs: Set<ObjectIdentifier>
    /// Traits set through ``setTraits(_:for:)``; absent means the defaults.
    var traitsByResponder: [Responder: ResponderTraits] = [:]
    /// The current first responder (`UIWindow.firstResponder` / `isFirstResponder`), if any.
    public internal(set) var firstResponder: Responder?

    /// Builds a graph from explicit descriptions.
    ///
    /// - Parameters:
    ///   - scene: the views and windows. It should be valid (`Scene.validate()`).
    ///   - application: the application and its delegate.
    ///   - controllers: each controller's root view is a view of `scene` or a detached view
    ///     (its subtree then joins the graph's views).
    ///   - windowScenes: window id → window scene id, for the windows that belong to one.
    /// - Throws: a `SceneError` for a clash of ids, an unknown presenter or window, a
    ///   presentation cycle, two controllers on one root view, or a window as a root view.
    /// - Complexity: O(n + c) for n views and c controllers.
    public init(
        scene: Scene, application: Application = Application(), controllers: [ViewController] = [],
        windowScenes: [String: String] = [:]
    ) throws(SceneError) {
        self.scene = scene
        self.application = application
        self.controllers = controllers

        var views: [String: View] = [:]
        var windowIDs: Set<ObjectIdentifier> = []
        for w in scene.windows { windowIDs.insert(ObjectIdentifier(w)) }
        func collect(_ root: View) throws(SceneError) {
            var stack = [root]
            while let v = stack.popLast() {
                if let other = views[v.id] {
                    if other === v { continue }
                    throw SceneError(location: .view(v.id), field: "id", message: "duplicate id")
                }
                views[v.id] = v
                stack.append(contentsOf: v.subviews)
            }
        }
        for w in scene.windows { try collect(w) }

        // Controllers: unique ids, not a view's id, one per root view, never a window.
        var byID: [String: Int] = [:]
        var byRoot: [ObjectIdentifier: Int] = [:]
        for (i, c) in controllers.enumerated() {
            let root = c.rootView
            if windowIDs.contains(ObjectIdentifier(root)) {
                throw SceneError(
                    location: .view(root.id), field: "viewController",
                    message: "a window cannot be a view controller's root view")
            }
            if views[root.id] !== root {
                // Not among the graph's views: a detached root view, whose subtree joins the graph.
                var top = root
                while let s = top.superview { top = s }
                if views[root.id] != nil {
                    throw SceneError(
                        location: .view(root.id), field: "viewController",
                        message: "another view of the scene already has this id")
                }
                if top is Window {
                    throw SceneError(
                        location: .view(root.id), field: "viewController",
                        message: "the root view is in a window that is not in this scene")
                }
                try collect(top)
            }
            if byID[c.id] != nil {
                throw SceneError(
                    location: .view(root.id), field: "viewController",
                    message:
                        "\"\(c.id)\" is already the view controller of view \"\(controllers[byID[c.id]!].rootView.id)\""
                )
            }
            if byRoot[ObjectIdentifier(root)] != nil {
                throw SceneError(
                    location: .view(root.id), field: "viewController", message: "the view already has a view controller"
                )
            }
            byID[c.id] = i
            byRoot[ObjectIdentifier(root)] = i
        }
        for c in controllers where views[c.id] != nil {
            throw SceneError(
                location: .view(c.rootView.id), field: "viewController",
                message: "\"\(c.id)\" is already the id of a view")
        }
        for c in controllers {
            guard let p = c.presentedBy else { continue }
            guard byID[p] != nil else {
                throw SceneError(
                    location: .view(c.rootView.id), field: "presentedBy",
                    message: "\"\(p)\" is not a view controller of this scene")
            }
            // Presentation cycles would make `next` loop: walk up the presenters.
            var seen: Set<String> = [c.id]
            var current: String? = p
            while let id = current {
                guard seen.insert(id).inserted else {
                    throw SceneError(
                        location: .view(c.rootView.id), field: "presentedBy",
                        message: "presentation cycle through \"\(id)\"")
                }
                current = controllers[byID[id]!].presentedBy
            }
        }

        // Window scenes: on known windows, ids distinct from views and controllers.
        var sceneByWindow: [ObjectIdentifier: String] = [:]
        var sceneOrder: [String] = []
        for w in scene.windows {
            guard let sceneID = windowScenes[w.id] else { continue }
            if views[sceneID] != nil || byID[sceneID] != nil {
                throw SceneError(
                    location: .view(w.id), field: "windowScene",
                    message: "\"\(sceneID)\" is already the id of a view or view controller")
            }
            sceneByWindow[ObjectIdentifier(w)] = sceneID
            if !sceneOrder.contains(sceneID) { sceneOrder.append(sceneID) }
        }
        for windowID in windowScenes.keys.sorted() where !scene.windows.contains(where: { $0.id == windowID }) {
            throw SceneError(
                location: .view(windowID), field: "windowScene", message: "not a window of this scene")
        }

        // The application: an id of its own. The delegate may name a view, a window, a controller
        // or the application (then it is not in the chain), but not a window scene.
        let appLocation = SceneError.Location.path("$.application")
        if views[application.id] != nil || byID[application.id] != nil || sceneOrder.contains(application.id) {
            throw SceneError(
                location: appLocation, field: "id",
                message: "\"\(application.id)\" is already the id of another responder")
        }
        if let d = application.delegate, application.delegateIsResponder {
            // A view (windows included) or a controller is simply left out of the chain (§6);
            // a window scene would make the chain loop through the application.
            if sceneOrder.contains(d) {
                throw SceneError(
                    location: appLocation, field: "delegate",
                    message: "\"\(d)\" is a window scene, which cannot be the delegate")
            }
        }

        self.viewsByID = views
        self.controllerIndexByID = byID
        self.controllerIndexByRootView = byRoot
        self.windowSceneByWindow = sceneByWindow
        self.windowScenes = sceneOrder
        self.windowIDs = windowIDs
    }
}
