/// Reach upkeep and the structural edits: what a view's subtree can be hit at, kept current from
/// the edited view up to the first ancestor that sees no difference; and inserting, removing and
/// moving subtrees with their order, labels, lanes and reach.
extension LiveStore {
    // MARK: - Reach

    /// The union of a view's subviews' reach, in its bounds space.
    /// - Complexity: O(1) for an indexed view; O(k) for the k (< 8) subviews of another.
    func childReach(_ slot: Slot) -> FBox {
        let r = state.records[slot.index]
        if r.flags.contains(.indexed) { return hierarchyBounds(slot) }
        var union = FBox.empty
        var c = r.lastChild
        while c != Slot.none {
            let child = state.records[c.index]
            union = union.union(reachInParent(of: child))
            c = child.previousSibling
        }
        return union
    }

    /// Where a hit from the view whose record is `r`, or from its subtree, is possible, in
    /// its superview's space, rounded outward; empty when none is. Worked out from the record
    /// (and the transform, for a transformed view) each time rather than kept: every input is in
    /// the record, current once ``refreshReach(_:)`` has run for the view, and a union of fewer
    /// than eight of these, or one lane, is all a writer step needs.
    /// - Complexity: O(1).
    func reachInParent(of r: ViewRecord) -> FBox {
        let reach = DBox.reach(own: DBox(geometry(of: r).extents), subviews: DBox(r.reach), flags: r.flags)
        guard !reach.isEmpty else { return .empty }
        let lifted = reach.lifted(by: placement(r), transformed: r.flags.contains(.transformed))
        return lifted.isEmpty ? .empty : FBox(outward: lifted)
    }

    /// Recomputes a view's record `reach` (its subviews' union) and `unreachable` flag from its
    /// subviews and attributes, as ``FlatScene`` computes them at build. Returns whether either
    /// changed: apart from the view's own attributes, they are all its reach in its superview
    /// depends on.
    @discardableResult
    func refreshReach(_ slot: Slot) -> Bool {
        let r = state.records[slot.index]
        let children = childReach(slot)
        let unreachable = DBox.reach(own: DBox(geometry(of: r).extents), subviews: DBox(children), flags: r.flags)
            .isEmpty
        guard !(r.reach == children) || r.flags.contains(.unreachable) != unreachable else { return false }
        state.records.update(slot.index) { r in
            r.reach = children
            if unreachable { r.flags.insert(.unreachable) } else { r.flags.remove(.unreachable) }
        }
        return true
    }

    /// Brings reach and lanes up to date from `slot` upwards: each view's reach, then its lane in
    /// its superview's hierarchy, stopping at the first superview that sees no change.
    /// `ownChanged` says whether `slot`'s own attributes changed (so its reach in its superview
    /// may have, whatever its subviews did); above it, only a changed union of subviews moves a
    /// view's reach.
    /// - Complexity: O(levels changed × log k).
    func propagate(from slot: Slot, ownChanged: Bool = true) {
        var v = slot
        var changed = ownChanged
        while true {
            changed = refreshReach(v) || changed
            let parent = self.parent(of: v)
            guard parent != Slot.none else { return }
            let parentSeesChange: Bool
            if state.slots[v.index].lane != .none {
                // An indexed superview's union is its hierarchy's box; the lane may change (the
                // exact interval, the exact bit) even when the reach does not.
                parentSeesChange = updateLane(v)
            } else {
                parentSeesChange = changed
            }
            guard parentSeesChange else { return }
            v = parent
            changed = false
        }
    }

    // MARK: - Structure

    /// Puts `child` — a subtree whose own state is complete — under `parent` at `position`, and
    /// brings everything above up to date.
    /// - Complexity: O(log k) expected plus reach upkeep; O(k) when `parent` becomes indexed.
    func attach(_ child: Slot, to parent: Slot, at position: Int) {
        linkChild(child, to: parent, at: position)
        if state.records[parent.index].flags.contains(.indexed) {
            insertLane(child, in: parent, label: freshLabel(for: child, in: parent))
            noteChurn(parent)
        } else if childCount(parent) >= Self.indexedChildThreshold {
            buildHierarchy(parent)
        }
        propagate(from: parent, ownChanged: false)
    }

    /// Takes `child` and its subtree out from under its superview, and brings everything above
    /// up to date; the subtree itself is untouched.
    /// - Complexity: O(log k) expected plus reach upkeep.
    func detach(_ child: Slot) {
        let parent = self.parent(of: child)
        let indexed = state.records[parent.index].flags.contains(.indexed)
        if indexed { removeLane(child, in: parent) }
        unlinkChild(child)
        if indexed {
            if childCount(parent) < Self.unindexedChildThreshold {
                dropHierarchy(parent)
            } else {
                noteChurn(parent)
            }
        }
        propagate(from: parent, ownChanged: false)
    }

    /// Removes `root` and its subtree: detaches it, then frees every slot in it (ids, side
    /// tables, hierarchies). Handles to those views stop being valid; `removed` hears each one,
    /// with the generation it had, before its slot is freed: `root` first, every view before its
    /// subviews.
    /// - Complexity: O(size of the subtree) plus the detach.
    func removeSubtree(_ root: Slot, removed: (_ slot: Slot, _ generation: UInt32) -> Void = { _, _ in }) {
        detach(root)
        var pending = [root]
        while let v = pending.popLast() {
            if state.records[v.index].lastChild != Slot.none { pending.append(contentsOf: children(of: v)) }
            removed(v, state.records[v.index].generation)
            releaseSlotContents(v)
            freeSlot(v)
        }
    }

    /// Frees what a view holds besides its slot: hierarchy, predicate, extra, rare, id.
    private func releaseSlotContents(_ v: Slot) {
        // Its subviews die too: their lanes and labels need no reset.
        freeHierarchy(v)
        let e = extra(of: v)
        if e.predicate >= 0 { removePredicate(e.predicate) }
        let extraIndex = state.records[v.index].extra
        if extraIndex != 0 { freeExtra(extraIndex) }
        freeRare(state.slots[v.index].rare)
        removeID(of: v)
    }

    /// Moves `child` (with its subtree) under `parent` at `position`, counted after taking it
    /// out of its current place.
    /// - Complexity: O(log k) expected plus reach upkeep, for each of the two places; a move
    ///   among the siblings of an indexed container, O(log k) expected with no reach upkeep.
    func move(_ child: Slot, to parent: Slot, at position: Int) {
        if self.parent(of: child) == parent && state.records[parent.index].flags.contains(.indexed) {
            return reorder(child, at: position)
        }
        detach(child)
        attach(child, to: parent, at: position)
    }

    /// Gives `child` a new place among the subviews of its indexed superview. Only its order and
    /// label change: its lane keeps its place in the hierarchy with a new key, and the keys above
    /// it follow; no box changes (the same subviews, the same geometry), so the container's reach
    /// and everything above it stay as they are, and the hierarchy's quality with them (a move
    /// counts no churn). As a removal and an insert, it cost the lane's removal, a descent to the
    /// leaf whose box grows least (a different leaf, mostly, than the Hilbert packing's), reach
    /// upkeep twice, and two churns toward a rebuild.
    /// A container with an order tree keeps no links (``linkChild(_:to:at:)``): there a move
    /// writes no record but the container's, and that only when its front-most subview changes.
    /// - Complexity: O(log k) expected for k subviews; O(w log k) when w neighbours are relabelled.
    private func reorder(_ child: Slot, at position: Int) {
        let parent = self.parent(of: child)
        if state.slots[parent.index].childOrder.isTree {
            moveInOrderTree(child, to: position)
        } else {
            unlinkChild(child)
            linkChild(child, to: parent, at: position)
        }
        // Labels move, intervals do not (a lane holds what `laneContent` gives, the checker's
        // invariant, and a reorder changes nothing it reads): the key alone is rewritten and the
        // keys above follow, no box changes, so the container's reach stays. Working the lane out
        // again was a tenth of a move in a million-child container (its exact bounds, the
        // hierarchy's box before and after).
        relabelLane(child, freshLabel(for: child, in: parent))
    }

    /// Sets a view's attributes and brings its reach, its lane and everything above up to date.
    /// - Complexity: O(1) plus reach upkeep.
    func setAttributes(_ a: ViewAttributes, of slot: Slot) {
        writeAttributes(a, to: slot)
        propagate(from: slot)
    }

    /// Whether `ancestor` is `slot` or above it.
    /// - Complexity: O(depth).
    func isAncestor(_ ancestor: Slot, of slot: Slot) -> Bool {
        var v = slot
        while v != Slot.none {
            if v == ancestor { return true }
            v = parent(of: v)
        }
        return false
    }
}

extension DBox {
    /// The box a `Float` box encloses, exactly.
    init(_ f: FBox) {
        if f.isEmpty {
            self = .empty
        } else {
            self.init(minX: Double(f.minX), minY: Double(f.minY), maxX: Double(f.maxX), maxY: Double(f.maxY))
        }
    }
}
