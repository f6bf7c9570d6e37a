/// Loading model views into the store: a whole scene (a bulk load into an empty store, slots in
/// paint order), or one subtree for an insert edit. Both write each view once, link each
/// container's subviews in one pass, and compute reach and hierarchies bottom-up.
extension LiveStore {
    /// A window's level and insertion order, for ``materialize(_:windows:)``.
    struct WindowPlacement {
        var level: Double
        var order: UInt64
    }

    /// Creates slots for `roots` and their subtrees, in preorder, with every derived field; the
    /// roots are not linked to a parent. `windows`, when given, makes each root a window with that
    /// level and order.
    ///
    /// Checks what a scene file's reader checks — attributes, ids (non-empty, unique among the
    /// store's views and the new ones), redirect targets (one of the new views or, when
    /// `redirectsByID`, a live view of the store with the target's id) — and throws the first
    /// violation found. The store is then left
    /// half-written: the caller rolls back or discards it.
    /// - Returns: the slots, in preorder (each root followed by its subtree).
    /// - Complexity: O(n) for n views.
    func materialize(
        _ roots: [View], windows: [WindowPlacement]? = nil, redirectsByID: Bool = true
    ) throws(SceneError) -> [UInt32] {
        var views: [View] = []
        var parents: [Int32] = []
        var stack: [(View, Int32)] = []
        for root in roots.reversed() { stack.append((root, -1)) }
        while let (v, parent) = stack.popLast() {
            let me = Int32(views.count)
            views.append(v)
            parents.append(parent)
            for s in v.subviews.reversed() { stack.append((s, me)) }
        }
        var slots: [UInt32] = []
        slots.reserveCapacity(views.count)
        var ids: [(slot: UInt32, id: String)] = []
        ids.reserveCapacity(views.count)
        var redirecting: [(slot: UInt32, source: View, target: View)] = []
        var rootIndex = 0
        for (i, v) in views.enumerated() {
            let slot = allocateSlot()
            slots.append(slot)
            let a = v.attributes
            var window: WindowPlacement?
            if parents[i] < 0 {
                window = windows?[rootIndex]
                rootIndex += 1
            }
            try a.validate(id: v.id, level: window?.level)
            writeAttributes(a, to: slot)
            if let window {
                updateRare(slot) { rare in
                    rare.isWindow = true
                    rare.level = window.level
                    rare.order = window.order
                }
                state.records.update(Int(slot)) { $0.flags.insert(.window) }
            }
            if let predicate = v.hitPredicate { setPredicate(slot, predicate) }
            if let target = v.redirectTarget { redirecting.append((slot, v, target)) }
            ids.append((slot, v.id))
        }
        if let taken = addIDs(ids) {
            let v = views[slots.firstIndex(of: taken)!]
            throw SceneError(
                location: v.id.isEmpty ? .path("\(v)") : .view(v.id), field: "id",
                message: v.id.isEmpty ? "expected a non-empty string" : "duplicate id")
        }
        if !redirecting.isEmpty {
            var slotOf: [ObjectIdentifier: UInt32] = [:]
            let targets = Set(redirecting.map { ObjectIdentifier($0.target) })
            for (i, v) in views.enumerated() where targets.contains(ObjectIdentifier(v)) {
                slotOf[ObjectIdentifier(v)] = slots[i]
            }
            for (slot, source, target) in redirecting {
                guard let t = slotOf[ObjectIdentifier(target)] ?? (redirectsByID ? self.slot(withID: target.id) : nil)
                else {
                    throw SceneError(
                        location: .view(source.id), field: "redirectTarget",
                        message: "\"\(target.id)\" is not a view of this scene")
                }
                setRedirect(slot, to: t)
            }
        }
        // Each container's subviews, back to front: preorder lists siblings in order.
        var firstChild = [Int32](repeating: 0, count: views.count + 1)
        for p in parents where p >= 0 { firstChild[Int(p) + 1] += 1 }
        for i in 0..<views.count { firstChild[i + 1] += firstChild[i] }
        var fill = firstChild
        var childSlots = [UInt32](repeating: 0, count: views.count)
        for (i, p) in parents.enumerated() where p >= 0 {
            childSlots[Int(fill[Int(p)])] = slots[i]
            fill[Int(p)] += 1
        }
        for i in 0..<views.count where firstChild[i + 1] > firstChild[i] {
            linkChildren(Array(childSlots[Int(firstChild[i])..<Int(firstChild[i + 1])]), to: slots[i])
        }
        // Reach and hierarchies, subviews before their container.
        for i in stride(from: views.count - 1, through: 0, by: -1) {
            let slot = slots[i]
            if childCount(slot) >= Self.indexedChildThreshold { buildHierarchy(slot) }
            refreshReach(slot)
        }
        return slots
    }

    /// Checks `roots` and their subtrees as ``materialize(_:windows:redirectsByID:)`` does
    /// (attributes, `levels` for the roots when given, ids non-empty and unique among the store's
    /// and the new views, redirect targets a new view or a live view with the target's id),
    /// writing nothing; throws the first violation in preorder.
    /// - Complexity: O(n) for n views.
    func validate(_ roots: [View], levels: [Double]? = nil) throws(SceneError) {
        var ids = Set<String>()
        var members = Set<ObjectIdentifier>()
        var redirecting: [View] = []
        var stack: [(View, Double?)] = []
        for (k, root) in roots.enumerated().reversed() { stack.append((root, levels?[k])) }
        while let (v, level) = stack.popLast() {
            guard !v.id.isEmpty else {
                throw SceneError(location: .path("\(v)"), field: "id", message: "expected a non-empty string")
            }
            guard ids.insert(v.id).inserted, slot(withID: v.id) == nil else {
                throw SceneError(location: .view(v.id), field: "id", message: "duplicate id")
            }
            try v.attributes.validate(id: v.id, level: level)
            members.insert(ObjectIdentifier(v))
            if v.redirectTarget != nil { redirecting.append(v) }
            for s in v.subviews.reversed() { stack.append((s, nil)) }
        }
        for v in redirecting {
            let target = v.redirectTarget!
            guard members.contains(ObjectIdentifier(target)) || slot(withID: target.id) != nil else {
                throw SceneError(
                    location: .view(v.id), field: "redirectTarget",
                    message: "\"\(target.id)\" is not a view of this scene")
            }
        }
    }

    /// Loads `scene` into this empty store: windows in paint order, each with its views in
    /// preorder, so slot − 1 is a view's paint-order position.
    /// - Throws: the scene's first violation, as ``Scene/validate()`` names it.
    /// - Complexity: O(n) for n views.
    func load(_ scene: Scene) throws(SceneError) {
        precondition(state.counts.viewCount == 0, "load fills an empty store")
        let listIndex = Dictionary(
            uniqueKeysWithValues: scene.windows.enumerated().map { (ObjectIdentifier($0.element), $0.offset) })
        let windows = scene.windowsFrontToBack.reversed() as [Window]
        let placements = windows.map {
            WindowPlacement(level: $0.windowLevel, order: UInt64(listIndex[ObjectIdentifier($0)]!))
        }
        let slots: [UInt32]
        do {
            slots = try materialize(windows, windows: placements, redirectsByID: false)
        } catch {
            // The same error a scene file's reader and `validate()` give, in their order.
            try scene.validate()
            throw error
        }
        state.counts.windowOrder = UInt64(scene.windows.count)
        // The windows are the roots, in paint order.
        var roots: [UInt32] = []
        for s in slots where state.slots[Int(s)].parent == LiveSlot.none { roots.append(s) }
        linkChildren(roots, to: LiveSlot.screen)
        if roots.count >= Self.indexedChildThreshold { buildHierarchy(LiveSlot.screen) }
        refreshReach(LiveSlot.screen)
        // A fresh build reads without page addresses (measured at 1M views: see PagedColumn).
        compact()
    }
}
