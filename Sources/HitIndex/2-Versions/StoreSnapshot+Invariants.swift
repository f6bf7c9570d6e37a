extension StoreSnapshot {
    /// Checks what readers rely on, recomputing it from scratch: the links (an indexed view's
    /// lanes, by label) form one tree under the screen holding every live view once; each view's
    /// reach (its hierarchy's box when indexed, else the union of its subviews') and
    /// `unreachable` flag are what its subviews and attributes give; a view with 8 or more
    /// subviews is indexed and one with fewer than 4 is not; every hierarchy holds each subview in one lane, with labels increasing back
    /// to front, each lane's interval what the subview gives (exact intervals re-derived from the
    /// conversion), each inner lane's box and key covering what is below, used lanes first; and a
    /// compacted column's pages are where its arithmetic finds them.
    /// - Returns: every violation found (empty when sound).
    /// - Complexity: O(n).
    func invariantViolations() -> [InvariantViolation] {
        var problems: [InvariantViolation] = []
        func fail(_ s: String) { problems.append(InvariantViolation(s)) }
        // 0. The columns' layout.
        for problem in records.layoutViolations("records") + extras.layoutViolations("extras")
            + wideGeometries.layoutViolations("wideGeometries") + leaves.layoutViolations("leaves")
            + blocks.layoutViolations("blocks")
            + idBytes.layoutViolations("idBytes")
        {
            fail(problem)
        }
        // 1. The tree, in preorder from the screen, with cycle detection.
        var seen = [Bool](repeating: false, count: slotCount)
        var order: [Slot] = []
        var stack: [Slot] = [Slot.screen]
        seen[0] = true
        while let v = stack.popLast() {
            order.append(v)
            for c in checkedChildren(of: v, fail).reversed() {
                guard !seen[c.index] else {
                    fail("view \(v): slot \(c) is reached twice")
                    break
                }
                seen[c.index] = true
                if !records[c.index].flags.contains(.live) { fail("view \(v): subview \(c) is not live") }
                stack.append(c)
            }
        }
        if order.count - 1 != viewCount {
            fail("\(order.count - 1) views reached from the screen, \(viewCount) counted")
        }
        for slot in 1..<slotCount where records[slot].flags.contains(.live) && !seen[slot] {
            fail("view \(slot) is live but not reached from the screen")
        }
        // 1b. Compact geometry: a record's scale is one the decoder knows; a wide record names a
        // wide entry, and only geometry that no scale gives back through Floats is kept wide.
        for v in order {
            let r = records[v.index]
            if Int(r.scale.rawValue) >= GeometryScale.count {
                fail("view \(v): geometry scale \(r.scale.rawValue) unknown")
            }
            guard r.flags.contains(.wideGeometry) else {
                // The writer's encoding is canonical: the first scale that gives the values back.
                if Int(r.scale.rawValue) < GeometryScale.count,
                    let (again, scale) = CompactGeometry.encode(r.geometry.decoded(r.scale)),
                    scale != r.scale || !bitwiseEqual(again, r.geometry)
                {
                    let (kept, chosen) = (r.scale.rawValue, scale.rawValue)
                    fail("view \(v): geometry not in the encoder's form (scale \(kept), not \(chosen))")
                }
                continue
            }
            let i = r.geometry.wideIndex
            guard i >= 1 && i < wideGeometryCount else {
                fail("view \(v): wide geometry entry \(i) out of range")
                continue
            }
            if r.scale != .plain { fail("view \(v): wide, with a geometry scale") }
            if CompactGeometry.encode(wideGeometries[i]) != nil {
                fail("view \(v): kept wide, but its geometry round-trips through Floats")
            }
        }
        guard problems.isEmpty else { return problems }
        // 2. Reach, bottom-up: the build's formulas, recomputed from the records.
        let expected = expectedReach(order)
        for v in order {
            let r = records[v.index]
            let e = expected[v.index]
            if !(r.reach == e.union) { fail("view \(v): reach \(r.reach), its subviews give \(e.union)") }
            if !r.flags.contains(.eligible) && !r.flags.contains(.unreachable) {
                fail("view \(v): ineligible but not marked unreachable")
            }
            if r.flags.contains(.unreachable) != e.unreachable {
                fail("view \(v): unreachable is \(r.flags.contains(.unreachable)), recomputed \(e.unreachable)")
            }
        }
        // 3. Hierarchies.
        for v in order {
            let r = records[v.index]
            let kids = children(of: v)
            let indexed = r.flags.contains(.indexed)
            if kids.count >= LiveStore.indexedChildThreshold && !indexed {
                fail("view \(v): \(kids.count) subviews but not indexed")
            }
            if kids.count < LiveStore.unindexedChildThreshold && indexed {
                fail("view \(v): \(kids.count) subviews but indexed")
            }
            guard indexed else { continue }
            let root = extras[Int(r.extra)].bvh
            switch hierarchyItems(root: root) {
            case .failure(let violation):
                fail("view \(v): \(violation)")
            case .success(let items):
                // Section 1 read the subviews from these lanes: one slot and one label each.
                for item in items {
                    if let problem = laneViolation(item.slot, item, reachInParent: expected[item.slot.index].inParent) {
                        fail("view \(v): subview \(item.slot): \(problem)")
                    }
                }
            }
        }
        return problems
    }

    /// A view's subviews, back to front, as ``children(of:)`` reads them, checking on the way:
    /// links in range and acyclic; an indexed view's lanes by a sound hierarchy, with distinct
    /// labels, its subviews' links either all none (the writer orders them in an order tree) or
    /// the label order; `lastChild` the front-most subview either way. Empty after a failure.
    /// - Complexity: O(k log k) for k subviews.
    private func checkedChildren(of v: Slot, _ fail: (String) -> Void) -> [Slot] {
        let r = records[v.index]
        guard r.flags.contains(.indexed) else {
            var kids: [Slot] = []
            var c = r.lastChild
            while c != Slot.none {
                guard c.index < slotCount, c != Slot.screen else {
                    fail("view \(v): link to slot \(c) out of range")
                    return []
                }
                guard kids.count < slotCount else {
                    fail("view \(v): a cycle of links: slot \(c) is reached twice")
                    return []
                }
                kids.append(c)
                c = records[c.index].previousSibling
            }
            return kids.reversed()
        }
        let items: [Item]
        switch hierarchyItems(root: extras[Int(r.extra)].bvh) {
        case .success(let read): items = read
        case .failure(let violation):
            fail("view \(v): \(violation)")
            return []
        }
        let sorted = items.sorted { $0.label < $1.label }
        let kids = sorted.map(\.slot)
        for (a, b) in zip(sorted, sorted.dropFirst()) where a.label == b.label {
            fail("view \(v): subviews \(a.slot) and \(b.slot) share label \(a.label)")
        }
        for c in kids where c.index >= slotCount || c == Slot.screen {
            fail("view \(v): a lane names slot \(c), out of range")
            return []
        }
        if r.lastChild != (kids.last ?? Slot.none) {
            fail("view \(v): lastChild \(r.lastChild), but its front-most lane holds \(kids.last ?? Slot.none)")
        }
        let links = kids.map { records[$0.index].previousSibling }
        let unlinked = links.allSatisfy { $0 == Slot.none }
        let inLabelOrder = links.elementsEqual([Slot.none] + kids.dropLast())
        if !unlinked && !inLabelOrder {
            fail("view \(v): its subviews' links are neither none nor their labels' order")
        }
        return kids
    }

    /// One subview as a hierarchy holds it.
    struct Item {
        var slot: Slot
        var label: UInt32
        var exact: Bool
        var interval: DBox
    }

    /// The lanes under `root`, checking the nodes on the way: every node reached once, used lanes
    /// first, unused lanes empty, every inner lane's box enclosing its child and its key the
    /// largest label below.
    func hierarchyItems(root: ChildBVH.Node) -> Result<[Item], InvariantViolation> {
        var items: [Item] = []
        var seenBlocks = Set<Int>()
        var seenLeaves = Set<Int>()
        var pending = [root]
        while let node = pending.popLast() {
            guard node != .none else { return .failure(.init("a hierarchy names no node")) }
            let i = node.index
            if node.isLeaf {
                guard seenLeaves.insert(i).inserted else { return .failure(.init("leaf \(i) reached twice")) }
                let leaf = leaves[i]
                var used = 0
                for lane in 0..<ChildBVH.branching {
                    if leaf.key[lane] == 0 {
                        let empty = !(leaf.minX[lane] <= leaf.maxX[lane] && leaf.minY[lane] <= leaf.maxY[lane])
                        guard empty else { return .failure(.init("leaf \(i) lane \(lane): unused, with an interval")) }
                        continue
                    }
                    guard used == lane else {
                        return .failure(.init("leaf \(i): lane \(lane) used after an unused one"))
                    }
                    used += 1
                    items.append(
                        Item(
                            slot: leaf.slot(at: lane), label: leaf.label(lane), exact: leaf.isExact(lane),
                            interval: leaf.interval(lane)))
                }
                guard used >= 1 else { return .failure(.init("leaf \(i) is empty")) }
                continue
            }
            guard seenBlocks.insert(i).inserted else { return .failure(.init("block \(i) reached twice")) }
            let block = blocks[i]
            var used = 0
            for lane in 0..<ChildBVH.branching {
                if block.key[lane] == 0 {
                    guard block.box(lane).isEmpty else {
                        return .failure(.init("block \(i) lane \(lane): unused, with a box"))
                    }
                    continue
                }
                guard used == lane else { return .failure(.init("block \(i): lane \(lane) used after an unused one")) }
                used += 1
                let child = block.node(lane)
                let bounds: FBox
                let key: UInt32
                if child.isLeaf {
                    let leaf = leaves[child.index]
                    bounds = leaf.bounds
                    key = (leaf.key & SIMD8(repeating: ~ChildBVH.LeafBlock.exactBit)).max()
                } else {
                    bounds = blocks[child.index].bounds
                    key = blocks[child.index].key.max()
                }
                guard block.box(lane).encloses(bounds) || bounds.isEmpty else {
                    return .failure(.init("block \(i) lane \(lane): its box does not enclose its child"))
                }
                guard block.key[lane] == key else {
                    return .failure(
                        .init("block \(i) lane \(lane): key \(block.key[lane]), largest label below \(key)"))
                }
                pending.append(child)
            }
            guard used >= 1 else { return .failure(.init("block \(i) is empty")) }
        }
        return .success(items)
    }

    /// Why a subview's lane is wrong, or nil. An exact lane must belong to a subview that can be
    /// decided from its interval, each bound the least coordinate where the reference's
    /// conversion reaches the hit rect's edge; any other lane holds the subview's reach (nothing
    /// for an unreachable subview).
    private func laneViolation(_ c: Slot, _ item: Item, reachInParent: FBox) -> String? {
        let r = records[c.index]
        let disqualifying: ViewFlags = [
            .unreachable, .transformed, .ellipse, .roundedRect, .predicate, .passThrough, .redirect,
        ]
        let qualifies =
            r.flags.contains(.eligible) && r.flags.isDisjoint(with: disqualifying)
            && (r.lastChild == Slot.none || r.reach.isEmpty)
        if item.exact {
            guard qualifies else { return "marked exact but cannot be decided by its interval" }
            let g = geometry(of: r)
            let axes = [
                ("x", item.interval.minX, item.interval.maxX, g.centerX, g.anchorOffsetX, g.minX, g.maxX),
                ("y", item.interval.minY, item.interval.maxY, g.centerY, g.anchorOffsetY, g.minY, g.maxY),
            ]
            for (axis, lo, hi, center, anchor, minEdge, maxEdge) in axes {
                for (name, q, edge) in [("low", lo, minEdge), ("high", hi, maxEdge)] {
                    let at = ExactInterval.convert(q, center: center, anchorOffset: anchor)
                    let below = ExactInterval.convert(
                        ExactInterval.predecessor(q), center: center, anchorOffset: anchor)
                    if !(at >= edge) || below >= edge {
                        return "\(axis) \(name) bound \(q) is not where the conversion reaches \(edge)"
                    }
                }
            }
            return nil
        }
        if qualifies, case let g = geometry(of: r),
            let x = ExactInterval.interval(center: g.centerX, anchorOffset: g.anchorOffsetX, min: g.minX, max: g.maxX),
            let y = ExactInterval.interval(center: g.centerY, anchorOffset: g.anchorOffsetY, min: g.minY, max: g.maxY),
            [x.lo, x.hi, y.lo, y.hi].allSatisfy({ Double(Float($0)) == $0 })
        {
            return "could be decided by its interval but is not marked exact"
        }
        // The reach, closed, as a half-open interval in `Float`s: each maximum one `Float` up.
        let f = reachInParent
        let expected =
            f.isEmpty
            ? DBox(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
            : DBox(minX: Double(f.minX), minY: Double(f.minY), maxX: Double(f.maxX.nextUp), maxY: Double(f.maxY.nextUp))
        let i = item.interval
        if !(i.minX == expected.minX && i.minY == expected.minY && i.maxX == expected.maxX && i.maxY == expected.maxY) {
            return "lane \(i) differs from its reach \(expected)"
        }
        return nil
    }
}
