import HitIndex

/// Reduces a mismatch to a scene small enough to read: greedy passes that each try one
/// simplification and keep it when the engine still disagrees with the reference at the point,
/// until a whole round changes nothing.
///
/// Simplifications, biggest first: drop a window; drop a subtree; hoist a view's subviews into
/// its place; reset one attribute to its default; round one number (to an integer, then to one
/// decimal); round the point. Every candidate is a valid scene, and the mismatch is re-checked
/// from scratch for each, so the result reproduces by construction.
public struct Shrinker {
    /// Whether the mismatch persists on a candidate.
    let stillFails: (FuzzScene, Point) -> Bool
    /// Checks spent so far (each builds the scene and runs both engines once).
    public private(set) var checks = 0
    /// The most checks one shrink may spend.
    let maximumChecks: Int

    /// A shrinker for the disagreement that `stillFails` detects.
    /// - Complexity: O(1).
    public init(maximumChecks: Int = 20_000, stillFails: @escaping (FuzzScene, Point) -> Bool) {
        self.maximumChecks = maximumChecks
        self.stillFails = stillFails
    }

    /// The smallest scene and point this search finds that still fail.
    /// - Complexity: O(rounds × candidates × cost of a check).
    public mutating func shrink(_ scene: FuzzScene, _ point: Point) -> (FuzzScene, Point) {
        var scene = scene
        var point = point
        var changed = true
        while changed && checks < maximumChecks {
            changed = false
            for candidate in structuralCandidates(scene) where attempt(candidate, point) {
                scene = candidate
                changed = true
                break
            }
            if changed { continue }
            for candidate in attributeCandidates(scene) where attempt(candidate, point) {
                scene = candidate
                changed = true
                break
            }
            if changed { continue }
            for p in pointCandidates(point) where attempt(scene, p) {
                point = p
                changed = true
                break
            }
        }
        return (scene, point)
    }

    private mutating func attempt(_ scene: FuzzScene, _ point: Point) -> Bool {
        guard checks < maximumChecks else { return false }
        checks += 1
        return stillFails(scene, point)
    }

    // MARK: - Candidates

    /// Paths to every node: a window index, then subview indices.
    private func paths(_ scene: FuzzScene) -> [[Int]] {
        var out: [[Int]] = []
        func walk(_ node: FuzzScene.Node, _ path: [Int]) {
            out.append(path)
            for (i, c) in node.subviews.enumerated() { walk(c, path + [i]) }
        }
        for (w, window) in scene.windows.enumerated() { walk(window.root, [w]) }
        return out
    }

    /// Drops a window, drops a subtree, or hoists a view's subviews into its place.
    private func structuralCandidates(_ scene: FuzzScene) -> [FuzzScene] {
        var out: [FuzzScene] = []
        if scene.windows.count > 1 {
            for w in scene.windows.indices {
                var s = scene
                s.windows.remove(at: w)
                out.append(s)
            }
        }
        let all = paths(scene).filter { $0.count > 1 }
        // Bigger subtrees first: dropping them shrinks fastest.
        for path in all.sorted(by: { $0.count < $1.count }) {
            var s = scene
            Self.edit(&s, parentOf: path) { parent, i in parent.subviews.remove(at: i) }
            out.append(s)
        }
        for path in all.sorted(by: { $0.count < $1.count }) {
            var s = scene
            var hoisted = false
            Self.edit(&s, parentOf: path) { parent, i in
                let children = parent.subviews[i].subviews
                guard !children.isEmpty else { return }
                parent.subviews.replaceSubrange(i...i, with: children)
                hoisted = true
            }
            if hoisted { out.append(s) }
        }
        // A window whose subviews can all go at once.
        for w in scene.windows.indices where !scene.windows[w].root.subviews.isEmpty {
            var s = scene
            s.windows[w].root.subviews = []
            out.append(s)
        }
        return out
    }

    /// Applies `body` to the parent of the node at `path` and the node's index in it.
    static func edit(_ scene: inout FuzzScene, parentOf path: [Int], _ body: (inout FuzzScene.Node, Int) -> Void) {
        func go(_ node: inout FuzzScene.Node, _ rest: ArraySlice<Int>) {
            if rest.count == 1 {
                body(&node, rest.first!)
            } else {
                go(&node.subviews[rest.first!], rest.dropFirst())
            }
        }
        go(&scene.windows[path[0]].root, path.dropFirst())
    }

    /// Applies `body` to the node at `path`.
    static func edit(_ scene: inout FuzzScene, at path: [Int], _ body: (inout FuzzScene.Node) -> Void) {
        func go(_ node: inout FuzzScene.Node, _ rest: ArraySlice<Int>) {
            if rest.isEmpty {
                body(&node)
            } else {
                go(&node.subviews[rest.first!], rest.dropFirst())
            }
        }
        go(&scene.windows[path[0]].root, path.dropFirst())
    }

    /// One attribute reset to its default, or one number rounded, per candidate.
    private func attributeCandidates(_ scene: FuzzScene) -> [FuzzScene] {
        var out: [FuzzScene] = []
        for path in paths(scene) {
            let node = Self.node(scene, at: path)
            for variant in Self.simpler(node) {
                var s = scene
                Self.edit(&s, at: path) { $0 = variant }
                out.append(s)
            }
        }
        for w in scene.windows.indices where scene.windows[w].level != 0 {
            var s = scene
            s.windows[w].level = 0
            out.append(s)
        }
        return out
    }

    /// The node at `path`.
    static func node(_ scene: FuzzScene, at path: [Int]) -> FuzzScene.Node {
        var node = scene.windows[path[0]].root
        for i in path.dropFirst() { node = node.subviews[i] }
        return node
    }

    /// Variants of a node, each one step simpler (its subviews untouched).
    static func simpler(_ node: FuzzScene.Node) -> [FuzzScene.Node] {
        var out: [FuzzScene.Node] = []
        let a = node.attributes
        let defaults = ViewAttributes(bounds: a.bounds, center: a.center)
        func with(_ change: (inout FuzzScene.Node) -> Void) {
            var n = node
            change(&n)
            if n.attributes != node.attributes || n.redirectTarget != node.redirectTarget
                || n.className != node.className
            {
                out.append(n)
            }
        }
        with { $0.redirectTarget = nil }
        with { $0.attributes.transform = defaults.transform }
        with { $0.attributes.isHidden = false }
        with { $0.attributes.alpha = 1 }
        with { $0.attributes.isUserInteractionEnabled = true }
        with { $0.attributes.hitTestInsets = defaults.hitTestInsets }
        with { $0.attributes.minimumHitSize = defaults.minimumHitSize }
        with { $0.attributes.hitShape = defaults.hitShape }
        with { $0.attributes.hitTestsSubviewsOutsideBounds = false }
        with { $0.attributes.isPassThrough = false }
        with { $0.attributes.anchorPoint = defaults.anchorPoint }
        with { $0.attributes.bounds.origin = .zero }
        with { $0.className = $0.className == "UIWindow" ? "UIWindow" : "UIView" }
        // Numbers: every Double of the geometry, rounded to an integer, then to one decimal.
        let fields: [WritableKeyPath<ViewAttributes, Double>] = [
            \.bounds.origin.x, \.bounds.origin.y, \.bounds.size.width, \.bounds.size.height, \.center.x, \.center.y,
            \.anchorPoint.x, \.anchorPoint.y, \.transform.a, \.transform.b, \.transform.c, \.transform.d,
            \.transform.tx, \.transform.ty, \.hitTestInsets.top, \.hitTestInsets.left, \.hitTestInsets.bottom,
            \.hitTestInsets.right, \.minimumHitSize.width, \.minimumHitSize.height,
        ]
        // A field at its default is left alone: rounding the default anchor 0.5 to 1 and
        // resetting it again would never end.
        for field in fields where a[keyPath: field] != defaults[keyPath: field] {
            for r in Self.roundings(a[keyPath: field]) { with { $0.attributes[keyPath: field] = r } }
        }
        return out
    }

    /// The point with a coordinate rounded.
    private func pointCandidates(_ p: Point) -> [Point] {
        Self.roundings(p.x).map { Point(x: $0, y: p.y) } + Self.roundings(p.y).map { Point(x: p.x, y: $0) }
    }

    /// Rounder versions of `v`: the nearest integer, then one decimal. Only below 1e15, where
    /// both are exact fixpoints (rounding a rounded value gives it back), so the shrinker
    /// cannot cycle between two roundings of a huge number.
    static func roundings(_ v: Double) -> [Double] {
        guard v.isFinite && abs(v) < 1e15 && v != v.rounded() else { return [] }
        let decimal = (v * 10).rounded() / 10
        return decimal != v && decimal != v.rounded() ? [v.rounded(), decimal] : [v.rounded()]
    }
}
