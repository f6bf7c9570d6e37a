/// Reach upkeep and the structural edits: what a view's subtree can be hit at, kept current from
/// the edited view up to the first ancestor that sees no difference; and inserting, removing and
/// moving subtrees with their order, labels, lanes and reach.
extension LiveStore {
    // MARK: - Reach

    /// The union of a view's subviews' reach, in its bounds space.
    /// - Complexity: O(1) for an indexed view; O(k) for the k (< 8) subviews of another.
    func childReach(_ slot: UInt32) -> FBox {
        let r = state.records[Int(slot)]
        if r.flags.contains(.indexed) { return hierarchyBounds(slot) }
        var union = FBox.empty
        var c = r.lastChild
        while c != LiveSlot.none {
            union = union.union(state.slots[Int(c)].reachInParent)
            c = state.records[Int(c)].previousSibling
        }
        return union
    }

    /// Recomputes a view's own reach from its subviews' and its attributes: its record's `reach`
    /// and `unreachable` flag, and its `reachInParent` (as ``FlatScene`` computes them at build).
    /// Returns whether `reachInParent` changed.
    @discardableResult
    func refreshReach(_ slot: UInt32) -> Bool {
        let r = state.records[Int(slot)]
        let children = childReach(slot)
        let reach = DBox.reach(own: DBox(r.extents), subviews: DBox(children), flags: r.flags)
        let lifted =
            reach.isEmpty
            ? DBox.empty : reach.lifted(by: placement(of: slot), transformed: r.flags.contains(.transformed))
        let inParent = lifted.isEmpty ? FBox.empty : FBox(outward: lifted)
        let unreachable = reach.isEmpty
        if !(r.reach == children) || r.flags.contains(.unreachable) != unreachable {
            state.records.update(Int(slot)) { r in
                r.reach = children
                if unreachable { r.flags.insert(.unreachable) } else { r.flags.remove(.unreachable) }
            }
        }
        guard !(state.slots[Int(slot)].reachInParent == inParent) else { return false }
        state.slots.update(Int(slot)) { $0.reachInParent = inParent }
        return true
    }

    /// Brings reach and lanes up to date from `slot` upwards: each view's reach, then its lane in
    /// its superview's hierarchy, stopping at the first superview whose subviews' union did not
    /// change.
    /// - Complexity: O(levels changed × log k).
    func propagate(from slot: UInt32) {
        var v = slot
        while true {
            let reachChanged = refreshReach(v)
            let parent = state.slots[Int(v)].parent
            guard parent != LiveSlot.none else { return }
            let parentSeesChange: Bool
            if state.slots[Int(v)].lane != .none {
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
    func attach(_ child: UInt32, to parent: UInt32, at position: Int) {
        linkChild(child, to: parent, at: position)
        if state.records[Int(parent)].flags.contains(.indexed) {
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
    func detach(_ child: UInt32) {
        let parent = state.slots[Int(child)].parent
        let indexed = state.records[Int(parent)].flags.contains(.indexed)
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
    func removeSubtree(_ root: UInt32, removed: (_ slot: UInt32, _ generation: UInt32) -> Void = { _, _ in }) {
        detach(root)
        var pending = [root]
        while let v = pending.popLast() {
            var c = state.records[Int(v)].lastChild
            while c != LiveSlot.none {
                pending.append(c)
                c = state.records[Int(c)].previousSibling
            }
            removed(v, state.records[Int(v)].generation)
            releaseSlotContents(v)
            freeSlot(v)
        }
    }

    /// Frees what a view holds besides its slot: hierarchy, predicate, extra, rare, id.
    private func releaseSlotContents(_ v: UInt32) {
        // Its subviews die too: their lanes and labels need no reset.
        freeHierarchy(v)
        let e = extra(of: v)
        if e.predicate >= 0 { removePredicate(e.predicate) }
        let extraIndex = state.records[Int(v)].extra
        if extraIndex != 0 { freeExtra(extraIndex) }
        let rareIndex = state.slots[Int(v)].rare
        if rareIndex != 0 { freeRare(rareIndex) }
        removeID(of: v)
    }

    /// Moves `child` (with its subtree) under `parent` at `position`, counted after taking it
    /// out of its current place.
    /// - Complexity: O(log k) expected plus reach upkeep, for each of the two places.
    func move(_ child: UInt32, to parent: UInt32, at position: Int) {
        detach(child)
        attach(child, to: parent, at: position)
    }

    /// Sets a view's attributes and brings its reach, its lane and everything above up to date.
    /// - Complexity: O(1) plus reach upkeep.
    func setAttributes(_ a: ViewAttributes, of slot: UInt32) {
        writeAttributes(a, to: slot)
        propagate(from: slot)
    }

    /// Whether `ancestor` is `slot` or above it.
    /// - Complexity: O(depth).
    func isAncestor(_ ancestor: UInt32, of slot: UInt32) -> Bool {
        var v = slot
        while v != LiveSlot.none {
            if v == ancestor { return true }
            v = state.slots[Int(v)].parent
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
