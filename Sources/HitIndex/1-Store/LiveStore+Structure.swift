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
            union = union.union(state.slots[c.index].reachInParent)
            c = state.records[c.index].previousSibling
        }
        return union
    }

    /// Recomputes a view's own reach from its subviews' and its attributes: its record's `reach`
    /// and `unreachable` flag, and its `reachInParent` (as ``FlatScene`` computes them at build).
    /// Returns whether `reachInParent` changed.
    @discardableResult
    func refreshReach(_ slot: Slot) -> Bool {
        let r = state.records[slot.index]
        let children = childReach(slot)
        let reach = DBox.reach(own: DBox(r.extents), subviews: DBox(children), flags: r.flags)
        let lifted =
            reach.isEmpty
            ? DBox.empty : reach.lifted(by: placement(of: slot), transformed: r.flags.contains(.transformed))
        let inParent = lifted.isEmpty ? FBox.empty : FBox(outward: lifted)
        let unreachable = reach.isEmpty
        if !(r.reach == children) || r.flags.contains(.unreachable) != unreachable {
            state.records.update(slot.index) { r in
                r.reach = children
                if unreachable { r.flags.insert(.unreachable) } else { r.flags.remove(.unreachable) }
            }
        }
        guard !(state.slots[slot.index].reachInParent == inParent) else { return false }
        state.slots.update(slot.index) { $0.reachInParent = inParent }
        return true
    }

    /// Brings reach and lanes up to date from `slot` upwards: each view's reach, then its lane in
    /// its superview's hierarchy, stopping at the first superview whose subviews' union did not
    /// change.
    /// - Complexity: O(levels changed × log k).
    func propagate(from slot: Slot) {
        var v = slot
        while true {
            let reachChanged = refreshReach(v)
            let parent = state.slots[v.index].parent
            guard parent != Slot.none else { return }
            let parentSeesChange: Bool
            if state.slots[v.index].lane != .none {
                // An indexed superview's union is its hierarchy's box; the lane may change (the
                // exact interval, the exact bit) even when the reach does not.
                parentSeesChange = updateLane(v)
            } else {
                parentSeesChange = reachChanged
            }
            guard parentSeesChange else { return }
            v = parent
        }
    }

    // MARK: - Structure

    /// Puts `child` — a subtree whose own state is complete — under `parent` at `position`, and
    /// brings everything above up to date.
    /// - Complexity: O(log k) expected plus reach upkeep; O(k) when `parent` becomes indexed.
    func attach(_ child: Slot, to parent: Slot, at position: Int) {
        linkChild(child, to: parent, at: position)
        if state.records[parent.index].flags.contains(.indexed) {
            assignLabel(child, in: parent)
            insertLane(child, in: parent)
            noteChurn(parent)
        } else if childCount(parent) >= Self.indexedChildThreshold {
            buildHierarchy(parent)
        }
        propagate(from: parent)
    }

    /// Takes `child` and its subtree out from under its superview, and brings everything above
    /// up to date; the subtree itself is untouched.
    /// - Complexity: O(log k) expected plus reach upkeep.
    func detach(_ child: Slot) {
        let parent = state.slots[child.index].parent
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
        propagate(from: parent)
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
            var c = state.records[v.index].lastChild
            while c != Slot.none {
                pending.append(c)
                c = state.records[c.index].previousSibling
            }
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
        let rareIndex = state.slots[v.index].rare
        if rareIndex != 0 { freeRare(rareIndex) }
        removeID(of: v)
    }

    /// Moves `child` (with its subtree) under `parent` at `position`, counted after taking it
    /// out of its current place.
    /// - Complexity: O(log k) expected plus reach upkeep, for each of the two places.
    func move(_ child: Slot, to parent: Slot, at position: Int) {
        detach(child)
        attach(child, to: parent, at: position)
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
            v = state.slots[v.index].parent
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
