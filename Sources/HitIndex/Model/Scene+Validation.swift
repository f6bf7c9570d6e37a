extension Scene {
    /// Checks every rule of semantics §5 and the scene format, and throws the first violation in
    /// preorder, naming the view and the field.
    ///
    /// Refused: an empty id, duplicate ids, NaN or infinite geometry, transform, insets, minimum
    /// hit size or window level, alpha that is negative or not finite as a `Float`, a negative or
    /// non-finite rounded-rect radius, and a `redirectTarget` that is not a view of this scene.
    /// - Complexity: O(n) time and memory for n views.
    public func validate() throws(SceneError) {
        var seen: [String: ObjectIdentifier] = [:]
        // Sized up front: growing a million-entry table rehashes every id several times.
        seen.reserveCapacity(viewCount)
        var redirecting: [View] = []
        var stack: [View] = windows.reversed()
        while let v = stack.popLast() {
            guard !v.id.isEmpty else {
                throw SceneError(
                    location: .path(pathDescription(of: v)), field: "id", message: "expected a non-empty string")
            }
            if let other = seen.updateValue(ObjectIdentifier(v), forKey: v.id) {
                let message = other == ObjectIdentifier(v) ? "this view appears twice in the scene" : "duplicate id"
                throw SceneError(location: .view(v.id), field: "id", message: message)
            }
            try v.validateAttributes()
            if v.redirectTarget != nil { redirecting.append(v) }
            stack.append(contentsOf: v.subviews.reversed())
        }
        // Ids are unique now, so a target is in the scene exactly when its id maps to it.
        for v in redirecting {
            let target = v.redirectTarget!
            if seen[target.id] != ObjectIdentifier(target) {
                throw SceneError(
                    location: .view(v.id), field: "redirectTarget",
                    message: "\"\(target.id)\" is not a view of this scene")
            }
        }
    }

    private func pathDescription(of view: View) -> String {
        var indices: [Int] = []
        var v = view
        while let s = v.superview {
            indices.append(s.subviews.firstIndex { $0 === v } ?? 0)
            v = s
        }
        var path = "$.windows[\(windows.firstIndex { $0 === v } ?? 0)]"
        for i in indices.reversed() { path += ".subviews[\(i)]" }
        return path
    }
}

extension View {
    /// Checks this view's own attributes (not its relations to other views), throwing the first
    /// violation with this view's id and the field.
    /// - Complexity: O(1).
    public func validateAttributes() throws(SceneError) {
        // One read of the attributes, not one (with its exclusivity check) per field.
        try validate(attributes)
    }

    /// ``validateAttributes()`` on attributes already read from this view.
    func validate(_ v: ViewAttributes) throws(SceneError) {
        try v.validate(id: id, level: (self as? Window)?.windowLevel)
    }
}

extension ViewAttributes {
    /// Checks the attributes of the view `id` (a window's `level` too), throwing the first
    /// violation with the id and the field, as a scene file's reader reports it.
    /// - Complexity: O(1).
    public func validate(id: String, level: Double? = nil) throws(SceneError) {
        if let p = problem(level: level) { throw SceneError(location: .view(id), field: p.field, message: p.message) }
    }

    /// The first attribute a scene file would refuse (a window's `level` too), or nil.
    /// - Complexity: O(1).
    public func problem(level: Double? = nil) -> (field: String, message: String)? {
        let v = self
        if !v.bounds.isFinite { return ("bounds", "expected 4 finite numbers, got \(v.bounds)") }
        if !v.center.isFinite { return ("center", "expected 2 finite numbers, got \(v.center)") }
        if !v.anchorPoint.isFinite { return ("anchorPoint", "expected 2 finite numbers, got \(v.anchorPoint)") }
        if !v.transform.isFinite { return ("transform", "expected 6 finite numbers, got \(v.transform)") }
        if !v.alpha.isFinite || v.alpha < 0 { return ("alpha", "expected a finite number >= 0, got \(v.alpha)") }
        if !v.hitTestInsets.isFinite {
            let i = v.hitTestInsets
            return ("hitTestInsets", "expected 4 finite numbers, got [\(i.top), \(i.left), \(i.bottom), \(i.right)]")
        }
        if !v.minimumHitSize.isFinite {
            return ("minimumHitSize", "expected 2 finite numbers, got \(v.minimumHitSize)")
        }
        if case .roundedRect(let r) = v.hitShape, !(r.isFinite && r >= 0) {
            return ("hitShape", "expected a finite roundedRect radius >= 0, got \(r)")
        }
        if let level, !level.isFinite { return ("level", "expected a finite number, got \(level)") }
        return nil
    }
}
