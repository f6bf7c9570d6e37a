extension FlatScene {
    /// Flattens a scene: validates it, lays its views out in paint order, and precomputes every
    /// conversion's inverse and every view's reach.
    /// - Complexity: O(n) for n views.
    package init(_ scene: Scene) throws(SceneError) {
        // Validation is folded into the flattening passes (ids checked from the flat id table,
        // attributes from the one read of each view); any violation found hands over to
        // `validate()`, which names the first one in its own order, so errors are the same
        // either way.
        // 1. Paint order: windows back to front (the reverse of the order touches try them),
        //    each in preorder. Ids are checked here, before a view's subviews are pushed, so a
        //    view reachable twice is refused before it could be walked twice.
        var views: [View] = []
        var parents: [Int32] = []
        var depths: [UInt16] = []
        var roots: [ViewIndex] = []
        var idOffsets: [UInt32] = [0]
        var idBytes = [UInt8]()
        var ids = IDSet(expected: 1024)
        var stack: [(View, Int32, UInt16)] = []
        for window in scene.windowsFrontToBack.reversed() {
            roots.append(ViewIndex(views.count))
            stack.append((window, -1, 0))
            while let (v, parent, depth) = stack.popLast() {
                let me = views.count
                views.append(v)
                parents.append(parent)
                depths.append(depth)
                idBytes.append(contentsOf: v.id.utf8)
                idOffsets.append(UInt32(idBytes.count))
                guard idOffsets[me + 1] > idOffsets[me], ids.insert(me, offsets: idOffsets, bytes: idBytes) else {
                    try Self.refuse(scene)
                }
                let childDepth = depth == .max ? depth : depth + 1
                for s in v.subviews.reversed() { stack.append((s, Int32(me), childDepth)) }
            }
        }
        let n = views.count
        // Positions need 31 bits: the search tags item entries with the top bit.
        precondition(n < 1 << 31, "a scene holds fewer than 2^31 views")

        // 2. Columns.
        var geometry = [NodeGeometry]()
        geometry.reserveCapacity(n)
        var links = [NodeLinks]()
        links.reserveCapacity(n)
        var extras = [NodeExtra.empty]
        var predicates: [@Sendable (Point) -> Bool] = []
        var redirectSources: [(slot: Int, target: ObjectIdentifier)] = []
        for (i, v) in views.enumerated() {
            // One read of the view's attributes (each class-property access is checked).
            let a = v.attributes
            do throws(SceneError) { try v.validate(a) } catch { try Self.refuse(scene) }
            let placement = a.placement
            let region = a.hitRegion
            geometry.append(
                NodeGeometry(
                    centerX: placement.center.x, centerY: placement.center.y,
                    anchorOffsetX: placement.anchorOffset.x, anchorOffsetY: placement.anchorOffset.y,
                    minX: region.extents.minX, minY: region.extents.minY,
                    maxX: region.extents.maxX, maxY: region.extents.maxY))
            var (flags, radius) = a.indexFlags
            var extra = NodeExtra.empty
            var needsExtra = false
            if flags.contains(.roundedRect) {
                extra.radius = radius
                needsExtra = true
            }
            if flags.contains(.transformed) {
                extra.transform = a.transform
                extra.inverse = placement.inverse
                needsExtra = true
            }
            if let predicate = v.hitPredicate {
                flags.insert(.predicate)
                extra.predicate = Int32(predicates.count)
                predicates.append(predicate)
                needsExtra = true
            }
            if let target = v.redirectTarget {
                flags.insert(.redirect)
                needsExtra = true
                redirectSources.append((extras.count, ObjectIdentifier(target)))
            }
            var slot: UInt32 = 0
            if needsExtra {
                slot = UInt32(extras.count)
                extras.append(extra)
            }
            links.append(
                NodeLinks(lastChild: .none, previousSibling: .none, extra: slot, flags: flags, depth: depths[i]))
        }
        for r in roots { links[r.position].flags.insert(.window) }
        // Preorder numbers each parent's subviews in order, so the last one seen is the front-most.
        for i in 0..<n where parents[i] >= 0 {
            let p = Int(parents[i])
            links[i].previousSibling = links[p].lastChild
            links[p].lastChild = ViewIndex(i)
        }
        if !redirectSources.isEmpty {
            let targets = Set(redirectSources.map(\.target))
            var indexOf: [ObjectIdentifier: ViewIndex] = [:]
            for (i, v) in views.enumerated() where targets.contains(ObjectIdentifier(v)) {
                indexOf[ObjectIdentifier(v)] = ViewIndex(i)
            }
            for (slot, target) in redirectSources {
                guard let t = indexOf[target] else { try Self.refuse(scene) }
                extras[slot].redirect = t
            }
        }

        // 3. Reach: where in its superview's space a hit from a view's subtree is possible,
        //    children before parents (reverse paint order).
        var childReach = [DBox](repeating: .empty, count: n)
        for i in stride(from: n - 1, through: 0, by: -1) {
            let flags = links[i].flags
            let g = geometry[i]
            let own = DBox(Extents(minX: g.minX, minY: g.minY, maxX: g.maxX, maxY: g.maxY))
            let reach = DBox.reach(own: own, subviews: childReach[i], flags: flags)
            if reach.isEmpty {
                links[i].flags.insert(.unreachable)
                continue
            }
            let transformed = flags.contains(.transformed)
            let placement = ViewPlacement(
                center: Point(x: g.centerX, y: g.centerY),
                transform: transformed ? extras[Int(links[i].extra)].transform : .identity,
                inverse: transformed ? extras[Int(links[i].extra)].inverse : .identity,
                anchorOffset: Point(x: g.anchorOffsetX, y: g.anchorOffsetY))
            let lifted = reach.lifted(by: placement, transformed: transformed)
            if parents[i] >= 0 {
                let p = Int(parents[i])
                childReach[p] = childReach[p].union(lifted)
            }
        }

        let subviewReach = childReach.map { $0.isEmpty ? FBox.empty : FBox(outward: $0) }

        var maxDepth = 0
        for d in depths where Int(d) > maxDepth { maxDepth = Int(d) }
        // Depths saturate at UInt16.max in the links; the true depth bounds the frame stack.
        if maxDepth == Int(UInt16.max) { maxDepth = n }
        self.maxDepth = maxDepth
        self.subviewReach = subviewReach
        self.geometry = geometry
        self.links = links
        self.extras = extras
        self.predicates = predicates
        self.roots = roots
        self.idOffsets = idOffsets
        self.idBytes = idBytes
    }

    /// A flattening check failed: `validate()` throws the first violation in its order.
    private static func refuse(_ scene: Scene) throws(SceneError) -> Never {
        try scene.validate()
        preconditionFailure("validate() accepted a scene that flattening refused")
    }
}
