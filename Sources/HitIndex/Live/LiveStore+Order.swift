/// The order of each view's subviews: a treap by position (a binary tree whose in-order sequence
/// is the subviews back to front, heap-ordered by a hash of the slot, with subtree sizes), so that
/// finding, inserting or removing the subview at a position costs O(log k) for k subviews; and
/// the `previousSibling` / `lastChild` links the search follows, kept in step with it.
///
/// Everything here is iterative: rotations with parent links, never recursion.
extension LiveStore {
    /// A slot's treap priority: a fixed hash, so a tree's shape depends only on its contents.
    @inline(__always)
    static func priority(_ slot: UInt32) -> UInt64 {
        var z = UInt64(slot) &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        // Ties are impossible: the low bits carry the slot.
        return (z ^ (z >> 31)) & ~0xFFFF_FFFF | UInt64(slot)
    }

    @inline(__always) func size(_ slot: UInt32) -> Int {
        slot == LiveSlot.none ? 0 : Int(state.order[Int(slot)].size)
    }

    /// The number of subviews of a view.
    /// - Complexity: O(1).
    func childCount(_ parent: UInt32) -> Int { size(state.slots[Int(parent)].childRoot) }

    /// Recomputes a tree node's size from its children.
    private func resize(_ x: UInt32) {
        let s = state.order[Int(x)]
        let total = 1 + size(s.left) + size(s.right)
        state.order.update(Int(x)) { $0.size = UInt32(total) }
    }

    /// Points `parent`'s link that held `old` (or the tree's root, for `owner`) at `new`.
    private func relink(_ parentNode: UInt32, from old: UInt32, to new: UInt32, owner: UInt32) {
        if parentNode == LiveSlot.none {
            state.slots.update(Int(owner)) { $0.childRoot = new }
        } else if state.order[Int(parentNode)].left == old {
            state.order.update(Int(parentNode)) { $0.left = new }
        } else {
            state.order.update(Int(parentNode)) { $0.right = new }
        }
        if new != LiveSlot.none { state.order.update(Int(new)) { $0.up = parentNode } }
    }

    /// Rotates `x` above its tree parent, keeping the in-order sequence.
    private func rotateUp(_ x: UInt32, owner: UInt32) {
        let p = state.order[Int(x)].up
        let g = state.order[Int(p)].up
        if state.order[Int(p)].left == x {
            let b = state.order[Int(x)].right
            state.order.update(Int(p)) { $0.left = b }
            if b != LiveSlot.none { state.order.update(Int(b)) { $0.up = p } }
            state.order.update(Int(x)) { $0.right = p }
        } else {
            let b = state.order[Int(x)].left
            state.order.update(Int(p)) { $0.right = b }
            if b != LiveSlot.none { state.order.update(Int(b)) { $0.up = p } }
            state.order.update(Int(x)) { $0.left = p }
        }
        state.order.update(Int(p)) { $0.up = x }
        relink(g, from: p, to: x, owner: owner)
        resize(p)
        resize(x)
    }

    /// Inserts `child` into `parent`'s order tree at `position` (0 = back-most).
    /// - Complexity: O(log k) expected.
    private func treapInsert(_ child: UInt32, into parent: UInt32, at position: Int) {
        state.order.update(Int(child)) { s in
            s.left = LiveSlot.none
            s.right = LiveSlot.none
            s.up = LiveSlot.none
            s.size = 1
        }
        var node = state.slots[Int(parent)].childRoot
        if node == LiveSlot.none {
            state.slots.update(Int(parent)) { $0.childRoot = child }
            return
        }
        var pos = position
        while true {
            state.order.update(Int(node)) { $0.size += 1 }
            let s = state.order[Int(node)]
            let leftSize = size(s.left)
            if pos <= leftSize {
                if s.left == LiveSlot.none {
                    state.order.update(Int(node)) { $0.left = child }
                    break
                }
                node = s.left
            } else {
                pos -= leftSize + 1
                if s.right == LiveSlot.none {
                    state.order.update(Int(node)) { $0.right = child }
                    break
                }
                node = s.right
            }
        }
        state.order.update(Int(child)) { $0.up = node }
        let mine = Self.priority(child)
        while true {
            let up = state.order[Int(child)].up
            guard up != LiveSlot.none, Self.priority(up) < mine else { break }
            rotateUp(child, owner: parent)
        }
    }

    /// Removes `child` from its parent's order tree.
    /// - Complexity: O(log k) expected.
    private func treapRemove(_ child: UInt32, from parent: UInt32) {
        while true {
            let s = state.order[Int(child)]
            guard s.left != LiveSlot.none && s.right != LiveSlot.none else { break }
            rotateUp(Self.priority(s.left) > Self.priority(s.right) ? s.left : s.right, owner: parent)
        }
        let s = state.order[Int(child)]
        let only = s.left != LiveSlot.none ? s.left : s.right
        relink(s.up, from: child, to: only, owner: parent)
        var a = s.up
        while a != LiveSlot.none {
            state.order.update(Int(a)) { $0.size -= 1 }
            a = state.order[Int(a)].up
        }
        state.order.update(Int(child)) { s in
            s.left = LiveSlot.none
            s.right = LiveSlot.none
            s.up = LiveSlot.none
            s.size = 0
        }
    }

    /// The position of `child` among its siblings (0 = back-most).
    /// - Complexity: O(log k) expected.
    func position(of child: UInt32) -> Int {
        var r = size(state.order[Int(child)].left)
        var x = child
        while true {
            let up = state.order[Int(x)].up
            if up == LiveSlot.none { return r }
            let u = state.order[Int(up)]
            if u.right == x { r += size(u.left) + 1 }
            x = up
        }
    }

    /// The subview of `parent` at `position`, which must be in range.
    /// - Complexity: O(log k) expected.
    func child(of parent: UInt32, at position: Int) -> UInt32 {
        var node = state.slots[Int(parent)].childRoot
        var k = position
        while true {
            let s = state.order[Int(node)]
            let leftSize = size(s.left)
            if k < leftSize {
                node = s.left
            } else if k == leftSize {
                return node
            } else {
                k -= leftSize + 1
                node = s.right
            }
        }
    }

    /// The subview directly in front of `child`, or ``LiveSlot/none``.
    /// - Complexity: O(log k) expected, O(1) amortized over a walk.
    func nextSibling(of child: UInt32) -> UInt32 {
        var s = state.order[Int(child)]
        if s.right != LiveSlot.none {
            var x = s.right
            while true {
                let l = state.order[Int(x)].left
                if l == LiveSlot.none { return x }
                x = l
            }
        }
        var x = child
        while s.up != LiveSlot.none {
            let up = s.up
            if state.order[Int(up)].left == x { return up }
            x = up
            s = state.order[Int(up)]
        }
        return LiveSlot.none
    }

    /// The position at which a window of `level` and insertion `order` belongs among the
    /// windows: after every window of a lower level, and of the same level inserted earlier.
    /// - Complexity: O(log w) expected for w windows.
    func windowPosition(level: Double, order: UInt64) -> Int {
        var node = state.slots[Int(LiveSlot.screen)].childRoot
        var position = 0
        while node != LiveSlot.none {
            let r = rare(of: node)
            let s = state.order[Int(node)]
            if (level, order) < (r.level, r.order) {
                node = s.left
            } else {
                position += size(s.left) + 1
                node = s.right
            }
        }
        return position
    }

    /// Puts `child` under `parent` at `position` in the order tree and the search's links.
    /// - Complexity: O(log k) expected.
    func linkChild(_ child: UInt32, to parent: UInt32, at position: Int) {
        treapInsert(child, into: parent, at: position)
        let next = nextSibling(of: child)
        let previous = position == 0 ? LiveSlot.none : self.child(of: parent, at: position - 1)
        state.records.update(Int(child)) { $0.previousSibling = previous }
        if next != LiveSlot.none {
            state.records.update(Int(next)) { $0.previousSibling = child }
        } else {
            state.records.update(Int(parent)) { $0.lastChild = child }
        }
        state.slots.update(Int(child)) { $0.parent = parent }
    }

    /// Takes `child` out of its parent's order tree and the search's links.
    /// - Complexity: O(log k) expected.
    func unlinkChild(_ child: UInt32) {
        let parent = state.slots[Int(child)].parent
        let previous = state.records[Int(child)].previousSibling
        let next = nextSibling(of: child)
        treapRemove(child, from: parent)
        if next != LiveSlot.none {
            state.records.update(Int(next)) { $0.previousSibling = previous }
        } else {
            state.records.update(Int(parent)) { $0.lastChild = previous }
        }
        state.records.update(Int(child)) { $0.previousSibling = LiveSlot.none }
        state.slots.update(Int(child)) { $0.parent = LiveSlot.none }
    }

    /// Gives `parent` the subviews `children` (back to front), all new to it: the order tree
    /// built in one pass (a Cartesian tree by priority) and the links.
    /// - Complexity: O(k).
    func linkChildren(_ children: [UInt32], to parent: UInt32) {
        precondition(state.slots[Int(parent)].childRoot == LiveSlot.none, "linkChildren starts from no subviews")
        var spine: [UInt32] = []
        var previous = LiveSlot.none
        for c in children {
            var last = LiveSlot.none
            let mine = Self.priority(c)
            while let top = spine.last, Self.priority(top) < mine { last = spine.removeLast() }
            state.slots.update(Int(c)) { $0.parent = parent }
            state.order.update(Int(c)) { s in
                s.left = last
                s.right = LiveSlot.none
                s.up = spine.last ?? LiveSlot.none
            }
            if last != LiveSlot.none { state.order.update(Int(last)) { $0.up = c } }
            if let top = spine.last { state.order.update(Int(top)) { $0.right = c } }
            spine.append(c)
            state.records.update(Int(c)) { $0.previousSibling = previous }
            previous = c
        }
        state.records.update(Int(parent)) { $0.lastChild = previous }
        guard let root = spine.first else { return }
        state.slots.update(Int(parent)) { $0.childRoot = root }
        // Sizes, children before parents: a post-order walk.
        var stack: [(UInt32, Bool)] = [(root, false)]
        while let (x, expanded) = stack.popLast() {
            if expanded {
                resize(x)
                continue
            }
            stack.append((x, true))
            let s = state.order[Int(x)]
            if s.left != LiveSlot.none { stack.append((s.left, false)) }
            if s.right != LiveSlot.none { stack.append((s.right, false)) }
        }
    }

    /// The subviews of `parent`, back to front, from the search's links.
    /// - Complexity: O(k).
    func children(of parent: UInt32) -> [UInt32] {
        var result: [UInt32] = []
        var c = state.records[Int(parent)].lastChild
        while c != LiveSlot.none {
            result.append(c)
            c = state.records[Int(c)].previousSibling
        }
        return result.reversed()
    }
}
