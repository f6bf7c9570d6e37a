/// The order of each view's subviews. The search's `previousSibling` / `lastChild` links always
/// hold it; a container with more than ``orderTreeLimit`` subviews also has a counted B+-tree
/// (leaves hold the subviews' slots back to front, inner nodes their children's item counts), so
/// that finding, inserting or removing the subview at a position touches O(log k) nodes of up to
/// 32 entries — three or four pages at a million subviews — instead of walking the links.
///
/// A container of at most ``orderTreeLimit`` subviews (most of them: cells, stacks, bars) keeps
/// only their count (``ChildOrder``), and positions are found by walking at most that many links;
/// an order tree would cost it a 272-byte node. The tree is built when the count passes the limit
/// and dropped when it falls below ``orderTreeDropLimit``, so that a container edited around one
/// size does not build and drop it on every edit.
///
/// In a tree, each subview knows its leaf (`SlotState.orderLeaf`); its place in the leaf is
/// found by a scan of at most 32 entries. Nodes below half full are allowed; an empty one leaves
/// its parent, and a root with one child gives way to it. Everything here is iterative.
extension LiveStore {
    static let orderCapacity = OrderBlock.capacity
    /// The most subviews a container orders by its links alone.
    static let orderTreeLimit = 32
    /// Below this many subviews a container's order tree is dropped.
    static let orderTreeDropLimit = 16

    // MARK: - Nodes

    private func allocateOrderNode(leaf: Bool) -> UInt32 {
        UInt32(state.orderNodes.allocate(OrderBlock(leaf: leaf)))
    }

    private func freeOrderNode(_ i: UInt32) {
        state.orderNodes.free(Int(i), leaving: OrderBlock(leaf: true))
    }

    /// The number of subviews of a view.
    /// - Complexity: O(1).
    func childCount(_ parent: UInt32) -> Int {
        let order = state.slots[Int(parent)].childOrder
        return order.isTree ? Int(state.orderNodes[Int(order.root)].total) : order.smallCount
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
    /// - Complexity: O(log k); O(k) for k ≤ ``orderTreeLimit``.
    func position(of child: UInt32) -> Int {
        var node = state.slots[Int(child)].orderLeaf
        if node == LiveSlot.none {
            // No order tree: count the siblings behind.
            var rank = 0
            var c = state.records[Int(child)].previousSibling
            while c != LiveSlot.none {
                rank += 1
                c = state.records[Int(c)].previousSibling
            }
            return rank
        }
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
        var node = state.slots[Int(parent)].childOrder.root
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
    /// - Complexity: O(log k); O(k) for k ≤ ``orderTreeLimit``.
    func child(of parent: UInt32, at position: Int) -> UInt32 {
        let order = state.slots[Int(parent)].childOrder
        if !order.isTree {
            // From the front, as many links back as there are subviews in front of it.
            var c = state.records[Int(parent)].lastChild
            for _ in 0..<(order.smallCount - 1 - position) { c = state.records[Int(c)].previousSibling }
            return c
        }
        let (node, index) = leaf(of: parent, at: position)
        return state.orderNodes[Int(node)].entries[index]
    }

    /// The subview directly in front of `child`, or ``LiveSlot/none``.
    /// - Complexity: O(log k); O(1) usually.
    func nextSibling(of child: UInt32) -> UInt32 {
        var node = state.slots[Int(child)].orderLeaf
        if node == LiveSlot.none {
            // No order tree: from the front, back along the links to the view in front of it.
            var c = state.records[Int(state.slots[Int(child)].parent)].lastChild
            if c == child { return LiveSlot.none }
            while state.records[Int(c)].previousSibling != child { c = state.records[Int(c)].previousSibling }
            return c
        }
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
        if node == LiveSlot.none { return state.records[Int(child)].previousSibling }
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
                state.slots.update(Int(owner)) { $0.childOrder = .tree(p) }
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
                state.slots.update(Int(parent)) { $0.childOrder = .small(count: 0) }
                return
            }
            let lane = state.orderNodes[Int(p)].index(of: node)
            state.orderNodes.update(Int(p)) { b in b.remove(at: lane) }
            node = p
        }
        var root = state.slots[Int(parent)].childOrder.root
        while !state.orderNodes[Int(root)].isLeaf && state.orderNodes[Int(root)].count == 1 {
            let only = state.orderNodes[Int(root)].entries[0]
            freeOrderNode(root)
            state.orderNodes.update(Int(only)) { $0.parent = LiveSlot.none }
            state.slots.update(Int(parent)) { $0.childOrder = .tree(only) }
            root = only
        }
    }

    // MARK: - Links

    /// Puts `child` under `parent` at `position` in the order tree and the search's links.
    /// - Complexity: O(log k).
    func linkChild(_ child: UInt32, to parent: UInt32, at position: Int) {
        let order = state.slots[Int(parent)].childOrder
        let next: UInt32
        let previous: UInt32
        if order.isTree {
            orderInsert(child, into: parent, at: position)
            next = nextSibling(of: child)
            previous = previousSiblingInOrder(of: child)
        } else {
            // The neighbours from the links, before the new view joins them.
            next = position < order.smallCount ? self.child(of: parent, at: position) : LiveSlot.none
            previous =
                next != LiveSlot.none ? state.records[Int(next)].previousSibling : state.records[Int(parent)].lastChild
            state.slots.update(Int(parent)) { $0.childOrder = .small(count: order.smallCount + 1) }
        }
        state.records.update(Int(child)) { $0.previousSibling = previous }
        if next != LiveSlot.none {
            state.records.update(Int(next)) { $0.previousSibling = child }
        } else {
            state.records.update(Int(parent)) { $0.lastChild = child }
        }
        state.slots.update(Int(child)) { $0.parent = parent }
        publishParent(child, parent)
        if !order.isTree && order.smallCount + 1 > Self.orderTreeLimit { buildOrderTree(parent) }
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
        let order = state.slots[Int(parent)].childOrder
        if order.isTree {
            orderRemove(child, from: parent)
        } else {
            state.slots.update(Int(parent)) { $0.childOrder = .small(count: order.smallCount - 1) }
        }
        if next != LiveSlot.none {
            state.records.update(Int(next)) { $0.previousSibling = previous }
        } else {
            state.records.update(Int(parent)) { $0.lastChild = previous }
        }
        state.records.update(Int(child)) { $0.previousSibling = LiveSlot.none }
        state.slots.update(Int(child)) { $0.parent = LiveSlot.none }
        publishParent(child, LiveSlot.none)
        if state.slots[Int(parent)].childOrder.isTree && childCount(parent) < Self.orderTreeDropLimit {
            dropOrderTree(parent)
        }
    }

    /// Gives `parent` the subviews `children` (back to front), all new to it: the links, and the
    /// order tree when there are more than ``orderTreeLimit``.
    /// - Complexity: O(k).
    func linkChildren(_ children: [UInt32], to parent: UInt32) {
        precondition(
            state.slots[Int(parent)].childOrder == .small(count: 0), "linkChildren starts from no subviews")
        guard !children.isEmpty else { return }
        var previous = LiveSlot.none
        for c in children {
            state.slots.update(Int(c)) { $0.parent = parent }
            state.records.update(Int(c)) { $0.previousSibling = previous }
            publishParent(c, parent)
            previous = c
        }
        state.records.update(Int(parent)) { $0.lastChild = previous }
        if children.count > Self.orderTreeLimit {
            buildOrderTree(parent, children)
        } else {
            state.slots.update(Int(parent)) { $0.childOrder = .small(count: children.count) }
        }
    }

    /// Builds the order tree of `parent`'s subviews `children` (its links, back to front; read
    /// from them when not given) in one pass, leaves three-quarters full so that inserts find
    /// room.
    /// - Complexity: O(k).
    private func buildOrderTree(_ parent: UInt32, _ given: [UInt32]? = nil) {
        let children = given ?? self.children(of: parent)
        let fill = Self.orderCapacity * 3 / 4
        var level: [(node: UInt32, total: UInt32)] = []
        var i = 0
        while i < children.count {
            let leaf = allocateOrderNode(leaf: true)
            var b = OrderBlock(leaf: true)
            for c in children[i..<Swift.min(i + fill, children.count)] {
                b.insert(c, size: 0, at: Int(b.count))
                state.slots.update(Int(c)) { $0.orderLeaf = leaf }
            }
            state.orderNodes.set(Int(leaf), b)
            level.append((leaf, b.total))
            i += fill
        }
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
        state.slots.update(Int(parent)) { $0.childOrder = .tree(level[0].node) }
    }

    /// Frees `parent`'s order tree: its subviews are ordered by the links alone from now on.
    /// - Complexity: O(k).
    private func dropOrderTree(_ parent: UInt32) {
        let count = childCount(parent)
        var pending = [state.slots[Int(parent)].childOrder.root]
        while let node = pending.popLast() {
            let b = state.orderNodes[Int(node)]
            for k in 0..<Int(b.count) {
                if b.isLeaf {
                    state.slots.update(Int(b.entries[k])) { $0.orderLeaf = LiveSlot.none }
                } else {
                    pending.append(b.entries[k])
                }
            }
            freeOrderNode(node)
        }
        state.slots.update(Int(parent)) { $0.childOrder = .small(count: count) }
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
struct OrderBlock: PoolEntry {
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

    /// A free node links the free list through its parent word.
    var freeLink: UInt32 {
        get { parent }
        set { parent = newValue }
    }

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

/// A container's subview order as the writer keeps it: the root of its order tree, or, for a
/// container of few subviews, only their count — the search's links then are the order.
struct ChildOrder: RawRepresentable, BitwiseCopyable, Equatable {
    /// A tree's root node, or ``smallTag`` with the count.
    var rawValue: UInt32

    private static let smallTag: UInt32 = 1 << 31

    init(rawValue: UInt32) { self.rawValue = rawValue }

    /// `count` subviews, ordered by the links alone.
    static func small(count: Int) -> ChildOrder {
        precondition(count >= 0 && count <= LiveStore.orderTreeLimit + 1, "a small container's count")
        return ChildOrder(rawValue: smallTag | UInt32(count))
    }

    /// Subviews ordered by the tree whose root is `root`.
    static func tree(_ root: UInt32) -> ChildOrder {
        precondition(root & smallTag == 0, "an order node index")
        return ChildOrder(rawValue: root)
    }

    /// Whether the subviews have an order tree.
    var isTree: Bool { rawValue & Self.smallTag == 0 }
    /// The tree's root node (with ``isTree``).
    var root: UInt32 { rawValue }
    /// The subview count (without ``isTree``).
    var smallCount: Int { Int(rawValue & ~Self.smallTag) }
}
