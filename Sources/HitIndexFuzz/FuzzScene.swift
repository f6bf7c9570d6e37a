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
        func make(_ node: Node, window level: Double?) -> View {
            let view: View
            if let level {
                view = Window(
                    id: node.id, className: node.className, bounds: node.attributes.bounds,
                    center: node.attributes.center, level: level)
            } else {
                view = View(
                    id: node.id, className: node.className, bounds: node.attributes.bounds,
                    center: node.attributes.center)
            }
            view.attributes = node.attributes
            byID[node.id] = view
            if let target = node.redirectTarget { redirects.append((view, target)) }
            for child in node.subviews { view.addSubview(make(child, window: nil)) }
            return view
        }
        let scene = Scene()
        for w in windows {
            // Safe: `make` builds a Window when given a level.
            scene.addWindow(make(w.root, window: w.level) as! Window)
        }
        for (view, target) in redirects { view.redirectTarget = byID[target] }
        return scene
    }
}
