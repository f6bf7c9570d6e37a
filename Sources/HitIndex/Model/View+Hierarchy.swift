extension View {
    /// Adds `view` as the front-most subview, removing it from its current superview first
    /// (re-adding a subview moves it to the front, as in UIKit).
    ///
    /// Traps if `view` is this view, a window, or an ancestor of this view: those are programmer
    /// errors, as in UIKit.
    /// - Complexity: O(1) amortized, plus O(k) to leave a superview with k subviews and O(depth)
    ///   when `view` itself has subviews (the cycle check).
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count + (view.superview === self ? -1 : 0))
    }

    /// Inserts `view` at `index` of the subviews (0 is the back), removing it from its current
    /// superview first; `index` is clamped to the valid range.
    /// - Complexity: O(k) for k subviews, plus O(depth) when `view` has subviews.
    public func insertSubview(_ view: View, at index: Int) {
        precondition(view !== self, "\(self) cannot be its own subview")
        precondition(!(view is Window), "\(view) is a window and cannot be a subview")
        // Only a view with subviews can be an ancestor of `self`; leaf views skip the walk, which
        // keeps building a deep chain top-down linear.
        if !view.subviews.isEmpty {
            var ancestor = superview
            while let a = ancestor {
                precondition(a !== view, "adding \(view) under \(self) would create a cycle")
                ancestor = a.superview
            }
        }
        view.removeFromSuperview()
        let clamped = Swift.max(0, Swift.min(index, subviews.count))
        subviews.insert(view, at: clamped)
        view.superview = self
    }

    /// Inserts `view` directly in front of `sibling`, which must be a subview of this view.
    /// - Complexity: O(k) for k subviews.
    public func insertSubview(_ view: View, aboveSubview sibling: View) {
        precondition(sibling.superview === self, "\(sibling) is not a subview of \(self)")
        precondition(view !== sibling, "\(view) cannot be placed relative to itself")
        view.removeFromSuperview()
        insertSubview(view, at: subviews.firstIndex { $0 === sibling }! + 1)
    }

    /// Inserts `view` directly behind `sibling`, which must be a subview of this view.
    /// - Complexity: O(k) for k subviews.
    public func insertSubview(_ view: View, belowSubview sibling: View) {
        precondition(sibling.superview === self, "\(sibling) is not a subview of \(self)")
        precondition(view !== sibling, "\(view) cannot be placed relative to itself")
        view.removeFromSuperview()
        insertSubview(view, at: subviews.firstIndex { $0 === sibling }!)
    }

    /// Moves `view`, a subview of this view, to the front.
    /// - Complexity: O(k) for k subviews.
    public func bringSubviewToFront(_ view: View) {
        precondition(view.superview === self, "\(view) is not a subview of \(self)")
        addSubview(view)
    }

    /// Moves `view`, a subview of this view, to the back.
    /// - Complexity: O(k) for k subviews.
    public func sendSubviewToBack(_ view: View) {
        precondition(view.superview === self, "\(view) is not a subview of \(self)")
        insertSubview(view, at: 0)
    }

    /// Removes this view from its superview, if it has one.
    /// - Complexity: O(k) for the k subviews of the superview.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        // Search from the front: removals in UI code are mostly of recently added views.
        if let i = parent.subviews.lastIndex(where: { $0 === self }) {
            parent.subviews.remove(at: i)
        }
        superview = nil
    }

    /// The window this view is in, or `nil` when its root is not a window.
    /// - Complexity: O(depth).
    public var window: Window? { root as? Window }

    /// The top of this view's superview chain (itself when it has no superview).
    /// - Complexity: O(depth).
    public var root: View {
        var v = self
        while let s = v.superview { v = s }
        return v
    }

    /// Whether `self` is `view` or one of its descendants.
    /// - Complexity: O(depth).
    public func isDescendant(of view: View) -> Bool {
        var v: View? = self
        while let current = v {
            if current === view { return true }
            v = current.superview
        }
        return false
    }
}
