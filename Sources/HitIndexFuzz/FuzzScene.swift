import HitIndex

/// A scene as a value: what the fuzzer generates and the shrinker edits, turned into a fresh
/// ``Scene`` for each check (the model is a graph of classes, awkward to copy and to edit
/// without aliasing).
public struct FuzzScene: Sendable {
    /// One view and its subtree.
    public struct Node: Sendable {
        public var id: String
        public var className = "UIView"
        public var attributes: ViewAttributes
        /// The id of the view a hit on this one is redirected to, if any.
        public var redirectTarget: String?
        /// Back to front.
        public var subviews: [Node] = []

        /// A view with the given geometry and every other attribute at its default.
        /// - Complexity: O(1).
        public init(id: String, bounds: Rect, center: Point) {
            self.id = id
            self.attributes = ViewAttributes(bounds: bounds, center: center)
        }

        /// The views of this subtree.
        /// - Complexity: O(size of the subtree).
        public var count: Int { 1 + subviews.reduce(0) { $0 + $1.count } }
    }

    /// One window: a root node and its level.
    public struct WindowNode: Sendable {
        public var root: Node
        public var level: Double
    }

    /// In listed order (the order of ``Scene/windows``).
    public var windows: [WindowNode]

    /// Creates a scene from windows.
    /// - Complexity: O(1).
    public init(windows: [WindowNode]) { self.windows = windows }

    /// The number of views, windows included.
    /// - Complexity: O(n).
    public var viewCount: Int { windows.reduce(0) { $0 + $1.root.count } }

    /// A fresh model scene with these views; redirect targets are resolved by id (a dangling one
    /// is dropped: the shrinker may remove a target's subtree).
    /// - Complexity: O(n).
    public func makeScene() -> Scene {
        var byID: [String: View] = [:]
        var redirects: [(View, String)] = []
        let scene = Scene()
        for w in windows {
            // Safe: `makeView` builds a Window when given a level.
            scene.addWindow(w.root.makeView(window: w.level, byID: &byID, redirects: &redirects) as! Window)
        }
        for (view, target) in redirects { view.redirectTarget = byID[target] }
        return scene
    }
}

extension FuzzScene.Node {
    /// The model views of this subtree (a `Window` when `level` is given), registered in `byID`;
    /// redirects are returned by target id for the caller to resolve.
    /// - Complexity: O(size of the subtree).
    public func makeView(window level: Double?, byID: inout [String: View], redirects: inout [(View, String)]) -> View {
        let view: View
        if let level {
            view = Window(
                id: id, className: className, bounds: attributes.bounds, center: attributes.center, level: level)
        } else {
            view = View(id: id, className: className, bounds: attributes.bounds, center: attributes.center)
        }
        view.attributes = attributes
        byID[id] = view
        if let target = redirectTarget { redirects.append((view, target)) }
        for child in subviews { view.addSubview(child.makeView(window: nil, byID: &byID, redirects: &redirects)) }
        return view
    }
}
