/// Model views as plain records: how a `Scene` or an inserted subtree reaches the bulk load.
extension ViewDefinition {
    /// `roots` and their subtrees as definitions, in preorder (each root followed by its
    /// subtree, siblings back to front), with parents and redirect targets by position. Each
    /// root is a window definition with its model level (0 for a plain view), ranked by
    /// `windowOrders` (default: its position in `roots`).
    ///
    /// Every view needs a non-empty id. A redirect to a view outside the subtrees goes to
    /// `external`, which returns the slot of a view already in a store (the redirect is then
    /// listed in `external`'s result) or nil to refuse it.
    /// - Complexity: O(n) for n views.
    static func definitions(
        of roots: [View], windowOrders: [Int]? = nil, expectedCount: Int = 0, external: (View) -> Slot?
    ) throws(SceneError) -> (definitions: [ViewDefinition], external: [(input: Int, slot: Slot)]) {
        var views: [View] = []
        var definitions: [ViewDefinition] = []
        // Sized up front: at a million views, growing the arrays copied them several times.
        views.reserveCapacity(expectedCount)
        definitions.reserveCapacity(expectedCount)
        var stack: [(View, Int?)] = []
        for root in roots.reversed() { stack.append((root, nil)) }
        var rootNumber = 0
        while let (v, parent) = stack.popLast() {
            // Model views must have ids (definitions need not).
            guard !v.id.isEmpty else {
                throw SceneError(location: .path("\(v)"), field: "id", message: "expected a non-empty string")
            }
            let me = views.count
            views.append(v)
            var d = ViewDefinition(v.attributes, parent: parent, id: v.id)
            if parent == nil {
                d.order = windowOrders?[rootNumber] ?? rootNumber
                d.windowLevel = (v as? Window)?.windowLevel ?? 0
                rootNumber += 1
            }
            d.hitPredicate = v.hitPredicate
            definitions.append(d)
            for s in v.subviews.reversed() { stack.append((s, me)) }
        }
        var outside: [(input: Int, slot: Slot)] = []
        let sources = views.indices.filter { views[$0].redirectTarget != nil }
        if !sources.isEmpty {
            let targets = Set(sources.map { ObjectIdentifier(views[$0].redirectTarget!) })
            var inputOf: [ObjectIdentifier: Int] = [:]
            for (i, v) in views.enumerated() where targets.contains(ObjectIdentifier(v)) {
                inputOf[ObjectIdentifier(v)] = i
            }
            for i in sources {
                let target = views[i].redirectTarget!
                if let t = inputOf[ObjectIdentifier(target)] {
                    definitions[i].redirectTarget = t
                } else if let slot = external(target) {
                    outside.append((i, slot))
                } else {
                    throw SceneError(
                        location: .view(views[i].id), field: "redirectTarget",
                        message: "\"\(target.id)\" is not a view of this scene")
                }
            }
        }
        return (definitions, outside)
    }
}

extension Scene {
    /// The scene as bulk-load records, in paint order: windows back to front (by level, then
    /// list order), each followed by its views in preorder, so definition `i` is the view at
    /// paint-order position `i` and `LiveIndex(views:)` builds the same index as
    /// `LiveIndex(scene)`. Each window's ``ViewDefinition/order`` is its position in ``windows``.
    /// - Throws: an empty id, or a redirect to a view that is not in the scene (the records
    ///   cannot name it); other violations are found by the load, as for the scene itself.
    /// - Complexity: O(n) for n views.
    public func viewDefinitions() throws(SceneError) -> [ViewDefinition] {
        let listIndex = Dictionary(
            uniqueKeysWithValues: windows.enumerated().map { (ObjectIdentifier($0.element), $0.offset) })
        let paintOrder = windowsFrontToBack.reversed() as [Window]
        return try ViewDefinition.definitions(
            of: paintOrder, windowOrders: paintOrder.map { listIndex[ObjectIdentifier($0)]! }, expectedCount: viewCount
        ) { _ in nil }.definitions
    }
}
