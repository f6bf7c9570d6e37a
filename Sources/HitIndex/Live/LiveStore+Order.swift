/// The order of each view's subviews: a counted B+-tree per container (leaves hold the subviews'
/// slots back to front, inner nodes their children's item counts), so that finding, inserting or
/// removing the subview at a position touches O(log k) nodes of up to 32 entries — three or four
/// pages at a million subviews — and the `previousSibling` / `lastChild` links the search follows,
/// kept in step with it.
///
/// Each subview knows its leaf (`SlotState.orderLeaf`); its place in the leaf is found
/// by a scan of at most 32 entries. Nodes below half full are allowed; an empty one leaves its
/// parent, and a root with one child gives way to it. Everything here is iterative.
extension LiveStore {
    static let orderCapacity = OrderBlock.capacity

    // MARK: - Nodes

    private func allocateOrderNode(leaf: Bool) -> UInt32 {
        let i: UInt32
        if state.counts.freeOrder != LiveSlot.none {
            i = state.counts.freeOrder
            state.counts.freeOrder = state.orderNodes[Int(i)].parent
        } else {
            i = UInt32(state.counts.orderCount)
            state.counts.orderCount += 1
        }
        state.orderNodes.set(Int(i), OrderBlock(leaf: leaf))
        return i
    }

    private func freeOrderNode(_ i: UInt32) {
        var b = OrderBlock(leaf: true)
        b.parent = state.counts.freeOrder
        state.orderNodes.set(Int(i), b)
        state.counts.freeOrder = i
    }

    /// The number of subviews of a view.
    /// - Complexity: O(1).
    func childCount(_ parent: UInt32) -> Int {
        let root = state.slots[Int(parent)].childRoot
        return root == LiveSlot.none ? 0 : Int(state.orderNodes[Int(root)].total)
    }

    /// Adds `delta` to the totals from `node`'s parent up, and to the lane naming each node on
    /// the way.
    private func addToTotals(above node: UInt32, _ delta: Int32) {
        var child = node
        var p = state.orderNodes[Int(node)].parent
        while p != LiveSlot.none {
            let lane = state.orderNodes[Int(p)].index(of: child)
            state.orderNodes.update(Int(p)) { b in
                b.sizes[lane] = UInt32(Int32(b.sizes[lane]) + delta)
                b.total = UInt32(Int32(b.total) + delta)
            }
            child = p
            p = state.orderNodes[Int(p)].parent
        }
    }

    // MARK: - Queries

    /// The position of `child` among its siblings (0 = back-most).
    /// - Complexity: O(log k).
    func position(of child: UInt32) -> Int {
        var node = state.slots[Int(child)].orderLeaf
        var rank = state.orderNodes[Int(node)].index(of: child)
        while true {
            let p = state.orderNodes[Int(node)].parent
            if p == LiveSlot.none { return rank }
            let b = state.orderNodes[Int(p)]
            let lane = b.index(of: node)
            for j in 0..<lane { rank += Int(b.sizes[j]) }
            node = p
        }
    }

    /// The leaf holding position `position` of `parent`'s subviews (which may equal the count,
    /// for the end), and the index within it.
    private func leaf(of parent: UInt32, at position: Int) -> (node: UInt32, index: Int) {
        var node = state.slots[Int(parent)].childRoot
        var k = position
        while true {
            let b = state.orderNodes[Int(node)]
            if b.isLeaf { return (node, k) }
            var lane = 0
            while lane < Int(b.count) - 1 && k >= Int(b.sizes[lane]) {
                k -= Int(b.sizes[lane])
                lane += 1
            }
            node = b.entries[lane]
        }
    }

    /// The subview of `parent` at `position`, which must be in range.
    /// - Complexity: O(log k).
    func child(of parent: UInt32, at position: Int) -> UInt32 {
        let (node, index) = leaf(of: parent, at: position)
        return state.orderNodes[Int(node)].entries[index]
    }

    /// The subview directly in front of `child`, or ``LiveSlot/none``.
    /// - Complexity: O(log k); O(1) usually.
    func nextSibling(of child: UInt32) -> UInt32 {
        var node = state.slots[Int(child)].orderLeaf
        var b = state.orderNodes[Int(node)]
        let i = b.index(of: child)
        if i + 1 < Int(b.count) { return b.entries[i + 1] }
        // Up to the first ancestor with a node after ours, then down its leftmost path.
        while true {
            let p = b.parent
            if p == LiveSlot.none { return LiveSlot.none }
            let pb = state.orderNodes[Int(p)]
            let lane = pb.index(of: node)
            if lane + 1 < Int(pb.count) {
                var down = pb.entries[lane + 1]
                while true {
                    let db = state.orderNodes[Int(down)]
                    if db.isLeaf { return db.entries[0] }
                    down = db.entries[0]
                }
            }
            node = p
            b = pb
        }
    }

    /// The subview directly behind `child`, or ``LiveSlot/none``.
    /// - Complexity: O(log k); O(1) usually.
    func previousSiblingInOrder(of child: UInt32) -> UInt32 {
        var node = state.slots[Int(child)].orderLeaf
        var b = state.orderNodes[Int(node)]
        let i = b.index(of: child)
        if i > 0 { return b.entries[i - 1] }
        while true {
            let p = b.parent
            if p == LiveSlot.none { return LiveSlot.none }
            let pb = state.orderNodes[Int(p)]
            let lane = pb.index(of: node)
            if lane > 0 {
                var down = pb.entries[lane - 1]
                while true {
                    let db = state.orderNodes[Int(down)]
                    if db.isLeaf { return db.entries[Int(db.count) - 1] }
                    down = db.entries[Int(db.count) - 1]
                }
            }
            node = p
            b = pb
        }
    }

    /// The position at which a window of `level` and insertion `order` belongs among the
    /// windows: after every window of a lower level, and of the same level inserted earlier.
    /// - Complexity: O(log² w) for w windows (a binary search by position).
    func windowPosition(level: Double, order: UInt64) -> Int {
        var lo = 0
        var hi = childCount(LiveSlot.screen)
        while lo < hi {
            let mid = (lo + hi) / 2
            let r = rare(of: child(of: LiveSlot.screen, at: mid))
            if (r.level, r.order) < (level, order) { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    // MARK: - Insert and remove

    /// Inserts `child` into `parent`'s order tree at `position` (0 = back-most).
    /// - Complexity: O(log k), plus O(32) for a split.
    private func orderInsert(_ child: UInt32, into parent: UInt32, at position: Int) {
        if state.slots[Int(parent)].childRoot == LiveSlot.none {
            let root = allocateOrderNode(leaf: true)
            state.slots.update(Int(parent)) { $0.childRoot = root }
        }
        let (node, index) = leaf(of: parent, at: position)
        state.orderNodes.update(Int(node)) { b in b.insert(child, size: 0, at: index) }
        state.slots.update(Int(child)) { $0.orderLeaf = node }
        addToTotals(above: node, 1)
        if Int(state.orderNodes[Int(node)].count) == Self.orderCapacity { split(node, owner: parent) }
    }

    /// Splits a full node in two halves side by side, and its parent in turn when that fills.
    private func split(_ start: UInt32, owner: UInt32) {
        var node = start
        while Int(state.orderNodes[Int(node)].count) == Self.orderCapacity {
            let b = state.orderNodes[Int(node)]
            let half = Self.orderCapacity / 2
            let sibling = allocateOrderNode(leaf: b.isLeaf)
            var right = OrderBlock(leaf: b.isLeaf)
            var left = b
            left.count = UInt32(half)
            left.total = 0
            for k in 0..<Self.orderCapacity {
                if k < half {
                    left.total += b.isLeaf ? 1 : b.sizes[k]
                } else {
                    right.insert(b.entries[k], size: b.sizes[k], at: k - half)
                    left.entries[k] = LiveSlot.none
                    left.sizes[k] = 0
                }
            }
            // Where the moved entries are now.
            for k in 0..<Int(right.count) {
                let e = right.entries[k]
                if b.isLeaf {
                    state.slots.update(Int(e)) { $0.orderLeaf = sibling }
                } else {
                    state.orderNodes.update(Int(e)) { $0.parent = sibling }
                }
            }
            var p = b.parent
            if p == LiveSlot.none {
                p = allocateOrderNode(leaf: false)
                state.orderNodes.update(Int(p)) { r in
                    r.insert(node, size: 0, at: 0)
                    r.sizes[0] = b.total
                    r.total = b.total
                }
                state.slots.update(Int(owner)) { $0.childRoot = p }
            }
            left.parent = p
            right.parent = p
            state.orderNodes.set(Int(node), left)
            state.orderNodes.set(Int(sibling), right)
            let lane = state.orderNodes[Int(p)].index(of: node)
            state.orderNodes.update(Int(p)) { r in
                r.sizes[lane] = left.total
                r.insert(sibling, size: right.total, at: lane + 1)
                r.total -= right.total  // `insert` added it; the parent's total is unchanged
            }
            node = p
        }
    }

    /// Removes `child` from its parent's order tree.
    /// - Complexity: O(log k).
    private func orderRemove(_ child: UInt32, from parent: UInt32) {
        var node = state.slots[Int(child)].orderLeaf
        let index = state.orderNodes[Int(node)].index(of: child)
        state.orderNodes.update(Int(node)) { b in b.remove(at: index) }
        state.slots.update(Int(child)) { $0.orderLeaf = LiveSlot.none }
        addToTotals(above: node, -1)
        // An emptied node leaves its parent; a root with one child gives way to it.
        while state.orderNodes[Int(node)].count == 0 {
            let p = state.orderNodes[Int(node)].parent
            freeOrderNode(node)
            if p == LiveSlot.none {
                state.slots.update(Int(parent)) { $0.childRoot = LiveSlot.none }
                return
            }
            let lane = state.orderNodes[Int(p)].index(of: node)
            state.orderNodes.update(Int(p)) { b in b.remove(at: lane) }
            node = p
        }
        var root = state.slots[Int(parent)].childRoot
        while !state.orderNodes[Int(root)].isLeaf && state.orderNodes[Int(root)].count == 1 {
            let only = state.orderNodes[Int(root)].entries[0]
            freeOrderNode(root)
            state.orderNodes.update(Int(only)) { $0.parent = LiveSlot.none }
            state.slots.update(Int(parent)) { $0.childRoot = only }
            root = only
        }
    }

    // MARK: - Links

    /// Puts `child` under `parent` at `position` in the order tree and the search's links.
    /// - Complexity: O(log k).
    func linkChild(_ child: UInt32, to parent: UInt32, at position: Int) {
        orderInsert(child, into: parent, at: position)
        let next = nextSibling(of: child)
        let previous = previousSiblingInOrder(of: child)
        state.records.update(Int(child)) { $0.previousSibling = previous }
        if next != LiveSlot.none {
            state.records.update(Int(next)) { $0.previousSibling = child }
        } else {
            state.records.update(Int(parent)) { $0.lastChild = child }
        }
        state.slots.update(Int(child)) { $0.parent = parent }
        publishParent(child, parent)
    }

    /// Copies a view's superview (and a window's level) into its record, where snapshots read
    /// them.
    /// - Complexity: O(1).
    private func publishParent(_ child: UInt32, _ parent: UInt32) {
        let level = parent == LiveSlot.screen ? rare(of: child).level : 0
        state.records.update(Int(child)) { r in
            r.parent = parent
            r.windowLevel = level
        }
    }

    /// Takes `child` out of its parent's order tree and the search's links.
    /// - Complexity: O(log k).
    func unlinkChild(_ child: UInt32) {
        let parent = state.slots[Int(child)].parent
        let previous = state.records[Int(child)].previousSibling
        let next = nextSibling(of: child)
        orderRemove(child, from: parent)
        if next != LiveSlot.none {
            state.records.update(Int(next)) { $0.previousSibling = previous }
        } else {
            state.records.update(Int(parent)) { $0.lastChild = previous }
        }
        state.records.update(Int(child)) { $0.previousSibling = LiveSlot.none }
        state.slots.update(Int(child)) { $0.parent = LiveSlot.none }
        publishParent(child, LiveSlot.none)
    }

    /// Gives `parent` the subviews `children` (back to front), all new to it: the order tree
    /// built in one pass (leaves three-quarters full, so that inserts find room) and the links.
    /// - Complexity: O(k).
    func linkChildren(_ children: [UInt32], to parent: UInt32) {
        precondition(state.slots[Int(parent)].childRoot == LiveSlot.none, "linkChildren starts from no subviews")
        guard !children.isEmpty else { return }
        let fill = Self.orderCapacity * 3 / 4
        var previous = LiveSlot.none
        var level: [(node: UInt32, total: UInt32)] = []
        var i = 0
        while i < children.count {
            let leaf = allocateOrderNode(leaf: true)
            var b = OrderBlock(leaf: true)
            for c in children[i..<Swift.min(i + fill, children.count)] {
                b.insert(c, size: 0, at: Int(b.count))
                state.slots.update(Int(c)) { s in
                    s.parent = parent
                    s.orderLeaf = leaf
                }
                state.records.update(Int(c)) { $0.previousSibling = previous }
                publishParent(c, parent)
                previous = c
            }
            state.orderNodes.set(Int(leaf), b)
            level.append((leaf, b.total))
            i += fill
        }
        state.records.update(Int(parent)) { $0.lastChild = previous }
        while level.count > 1 {
            var above: [(node: UInt32, total: UInt32)] = []
            var g = 0
            while g < level.count {
                let node = allocateOrderNode(leaf: false)
                var b = OrderBlock(leaf: false)
                for (child, total) in level[g..<Swift.min(g + fill, level.count)] {
                    b.insert(child, size: total, at: Int(b.count))
                    state.orderNodes.update(Int(child)) { $0.parent = node }
                }
                state.orderNodes.set(Int(node), b)
                above.append((node, b.total))
                g += fill
            }
            level = above
        }
        state.slots.update(Int(parent)) { $0.childRoot = level[0].node }
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

/// A node of a container's order tree: up to ``capacity`` entries, used ones first — subviews'
/// slots in a leaf, child nodes with their item counts in an inner node.
struct OrderBlock: BitwiseCopyable {
    static let capacity = 32
    var entries: SIMD32<UInt32>
    /// Inner nodes: the items under each entry.
    var sizes: SIMD32<UInt32>
    var count: UInt32
    /// Items under the node.
    var total: UInt32
    /// The parent node (or, for a free node, the next free one), or ``LiveSlot/none``.
    var parent: UInt32
    var leafFlag: UInt32

    init(leaf: Bool) {
        entries = SIMD32(repeating: LiveSlot.none)
        sizes = SIMD32(repeating: 0)
        count = 0
        total = 0
        parent = LiveSlot.none
        leafFlag = leaf ? 1 : 0
    }

    var isLeaf: Bool { leafFlag != 0 }

    /// The index of `entry` among the used entries (which must hold it).
    func index(of entry: UInt32) -> Int {
        var i = 0
        while entries[i] != entry { i += 1 }
        return i
    }

    /// Inserts an entry at `index`, shifting the later ones; a leaf entry counts 1.
    mutating func insert(_ entry: UInt32, size: UInt32, at index: Int) {
        var k = Int(count)
        while k > index {
            entries[k] = entries[k - 1]
            sizes[k] = sizes[k - 1]
            k -= 1
        }
        entries[index] = entry
        sizes[index] = size
        count += 1
        total += isLeaf ? 1 : size
    }

    /// Removes the entry at `index`, shifting the later ones.
    mutating func remove(at index: Int) {
        total -= isLeaf ? 1 : sizes[index]
        for k in index..<(Int(count) - 1) {
            entries[k] = entries[k + 1]
            sizes[k] = sizes[k + 1]
        }
        count -= 1
        entries[Int(count)] = LiveSlot.none
        sizes[Int(count)] = 0
    }
}
