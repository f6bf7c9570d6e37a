/// A scene: one or more windows, each the root of a view tree, placed in screen space.
public final class Scene {
    /// The windows in the order they were listed; within a level, a later window is in front.
    public private(set) var windows: [Window]
    /// The windows' identities, so adding one checks for a duplicate in O(1).
    private var windowIdentities: Set<ObjectIdentifier> = []
    /// Document-level keys this version does not interpret (the event layer's `application`),
    /// kept as raw JSON text so a read→write round trip loses nothing.
    public var preservedJSON: [String: String] = [:]

    /// Creates a scene from windows, back to front within each level.
    /// - Complexity: O(w) expected for w windows.
    public init(windows: [Window] = []) {
        self.windows = []
        for w in windows { addWindow(w) }
    }

    /// Appends a window (in front of the windows of its level listed so far).
    ///
    /// Traps if the window is already in this scene: a programmer error.
    /// - Complexity: O(1) amortized expected.
    public func addWindow(_ window: Window) {
        precondition(windowIdentities.insert(ObjectIdentifier(window)).inserted, "\(window) is already in the scene")
        windows.append(window)
    }

    /// Removes a window from the scene, if present.
    /// - Complexity: O(w) for w windows.
    public func removeWindow(_ window: Window) {
        guard windowIdentities.remove(ObjectIdentifier(window)) != nil else { return }
        windows.removeAll { $0 === window }
    }

    /// Takes `view` (a window, or a view under one of this scene's windows) and its subtree out of
    /// the scene, as a live index's remove edit does (semantics §11): every view left whose
    /// `redirectTarget` was in the subtree loses it, as a weak reference would.
    /// - Returns: the views removed, `view` first.
    /// - Complexity: O(n) for n views in the scene (the redirect sweep).
    @discardableResult
    public func remove(_ view: View) -> [View] {
        if let w = view as? Window { removeWindow(w) } else { view.removeFromSuperview() }
        var removed: [View] = []
        var gone = Set<ObjectIdentifier>()
        var stack = [view]
        while let u = stack.popLast() {
            removed.append(u)
            gone.insert(ObjectIdentifier(u))
            stack += u.subviews
        }
        forEachView { u, _ in
            if let t = u.redirectTarget, gone.contains(ObjectIdentifier(t)) { u.redirectTarget = nil }
        }
        return removed
    }

    /// The windows in the order touches try them: higher level first; within a level, the window
    /// listed later first.
    /// - Complexity: O(w log w) for w windows.
    public var windowsFrontToBack: [Window] {
        windows.indices.sorted { i, j in
            let li = windows[i].windowLevel
            let lj = windows[j].windowLevel
            return li != lj ? li > lj : i > j
        }.map { windows[$0] }
    }

    /// Visits every view in preorder: windows in listed order, each parent before its subviews,
    /// subviews back to front. `depth` is 0 for a window. Iterative: any depth is fine.
    /// - Complexity: O(n) for n views.
    public func forEachView(_ body: (_ view: View, _ depth: Int) throws -> Void) rethrows {
        var stack: [(View, Int)] = []
        for w in windows.reversed() { stack.append((w, 0)) }
        while let (v, depth) = stack.popLast() {
            try body(v, depth)
            for s in v.subviews.reversed() { stack.append((s, depth + 1)) }
        }
    }

    /// The number of views, windows included.
    /// - Complexity: O(n).
    public var viewCount: Int {
        var n = 0
        forEachView { _, _ in n += 1 }
        return n
    }

    /// The greatest depth of any view (a window alone has depth 1).
    /// - Complexity: O(n).
    public var depth: Int {
        var d = 0
        forEachView { _, depth in d = Swift.max(d, depth + 1) }
        return d
    }

    /// The view with this id, or `nil`.
    /// - Complexity: O(n).
    public func view(withID id: String) -> View? {
        var stack: [View] = windows.reversed()
        while let v = stack.popLast() {
            if v.id == id { return v }
            stack.append(contentsOf: v.subviews.reversed())
        }
        return nil
    }
}
