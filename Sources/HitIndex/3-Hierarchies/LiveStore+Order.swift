/// The order of each view's subviews. A container of at most ``orderTreeLimit`` subviews (most
/// of them: cells, stacks, bars) keeps it in the search's links (`previousSibling`, from
/// `lastChild` back) and only their count here (``ChildOrder``): positions are found by walking
/// at most that many links, where an order tree would cost it a 144-byte node. A wider container
/// has a counted B+-tree instead (leaves hold the subviews' slots back to front, inner nodes their
/// children's item counts), so that finding, inserting or removing the subview at a position
/// touches O(log k) nodes (leaves of 32 entries, inner nodes of 16) — five or six at a million
/// subviews — instead of walking links. The tree is built when the count passes the limit and
/// dropped when it falls below ``orderTreeDropLimit``, so that a container edited around one size
/// does not build and drop it on every edit.
///
/// A container with an order tree is always indexed (it has more subviews than
/// ``indexedChildThreshold`` needs, and fewer than ``unindexedChildThreshold`` drop its tree
/// first), and its subviews keep no links: their `previousSibling` is none. The search tries an
/// indexed container's subviews through its hierarchy, never its links, and snapshots read them
/// from its lanes in label order (``StoreSnapshot/children(of:)``), so the links would be copies
/// of the tree that every insert, remove and move in a wide container had to write into a
/// neighbour's record (a copied record page, its directory and top block, in a version a
/// snapshot holds). Every container's `lastChild` stays its front-most subview: the search reads
/// it as "has subviews".
///
/// In a tree, each subview knows its leaf (`SlotState.orderLeaf`); its place in the leaf is
/// found by a scan of at most 32 entries. Nodes below half full are allowed; an empty one leaves
/// its parent, and a root with one child gives way to it. Everything here is iterative.
extension LiveStore {
    /// The most subviews a container orders by its links alone.
    static let orderTreeLimit = 32
    /// Below this many subviews a container's order tree is dropped.
    static let orderTreeDropLimit = 16

    // MARK: - Nodes

    private func allocateOrderNode(leaf: Bool) -> OrderNode {
        OrderNode(state.orderNodes.allocate(OrderBlock(leaf: leaf)))
    }

    private func freeOrderNode(_ i: OrderNode) {
        state.orderNodes.free(i.index, leaving: OrderBlock(leaf: true))
    }

    /// The number of subviews of a view.
    /// - Complexity: O(1).
    func childCount(_ parent: Slot) -> Int {
        let order = state.slots[parent.index].childOrder
        return order.isTree ? Int(state.orderNodes[order.root.index].total) : order.smallCount
    }

    /// Adds `delta` to the totals from `node`'s parent up, and to the lane naming each node on
    /// the way.
    private func addToTotals(above node: OrderNode, _ delta: Int32) {
        var child = node
        var p = state.orderNodes[node.index].parent
        while p != .none {
            let lane = state.orderNodes[p.index].index(of: child)
            state.orderNodes.update(p.index) { b in
                b.setSize(lane, UInt32(Int32(b.size(lane)) + delta))
                b.total = UInt32(Int32(b.total) + delta)
            }
            child = p
            p = state.orderNodes[p.index].parent
        }
    }

    // MARK: - Queries

    /// The position of `child` among its siblings (0 = back-most).
    /// - Complexity: O(log k); O(k) for k ≤ ``orderTreeLimit``.
    func position(of child: Slot) -> Int {
        var node = state.slots[child.index].orderLeaf
        if node == .none {
            // No order tree: count the siblings behind.
            var rank = 0
            var c = state.records[child.index].previousSibling
            while c != .none {
                rank += 1
                c = state.records[c.index].previousSibling
            }
            return rank
        }
        var rank = state.orderNodes[node.index].index(of: child)
        while true {
            let p = state.orderNodes[node.index].parent
            if p == .none { return rank }
            let b = state.orderNodes[p.index]
            let lane = b.index(of: node)
            for j in 0..<lane { rank += Int(b.size(j)) }
            node = p
        }
    }

    /// The leaf holding position `position` of `parent`'s subviews (which may equal the count,
    /// for the end), and the index within it.
    private func leaf(of parent: Slot, at position: Int) -> (node: OrderNode, index: Int) {
        var node = state.slots[parent.index].childOrder.root
        var k = position
        while true {
            let b = state.orderNodes[node.index]
            if b.isLeaf { return (node, k) }
            var lane = 0
            while lane < Int(b.count) - 1 && k >= Int(b.size(lane)) {
                k -= Int(b.size(lane))
                lane += 1
            }
            node = b.node(lane)
        }
    }

    /// The subview of `parent` at `position`, which must be in range.
    /// - Complexity: O(log k); O(k) for k ≤ ``orderTreeLimit``.
    func child(of parent: Slot, at position: Int) -> Slot {
        let order = state.slots[parent.index].childOrder
        if !order.isTree {
            // From the front, as many links back as there are subviews in front of it.
            var c = state.records[parent.index].lastChild
            for _ in 0..<(order.smallCount - 1 - position) { c = state.records[c.index].previousSibling }
            return c
        }
        let (node, index) = leaf(of: parent, at: position)
        return state.orderNodes[node.index].slot(index)
    }

    /// The subview directly in front of `child`, or ``Slot/none``.
    /// - Complexity: O(log k); O(1) usually.
    func nextSibling(of child: Slot) -> Slot {
        var node = state.slots[child.index].orderLeaf
        if node == .none {
            // No order tree: from the front, back along the links to the view in front of it.
            var c = state.records[parent(of: child).index].lastChild
            if c == child { return .none }
            while state.records[c.index].previousSibling != child { c = state.records[c.index].previousSibling }
            return c
        }
        var b = state.orderNodes[node.index]
        let i = b.index(of: child)
        if i + 1 < Int(b.count) { return b.slot(i + 1) }
        // Up to the first ancestor with a node after ours, then down its leftmost path.
        while true {
            let p = b.parent
            if p == .none { return .none }
            let pb = state.orderNodes[p.index]
            let lane = pb.index(of: node)
            if lane + 1 < Int(pb.count) {
                var down = pb.node(lane + 1)
                while true {
                    let db = state.orderNodes[down.index]
                    if db.isLeaf { return db.slot(0) }
                    down = db.node(0)
                }
            }
            node = p
            b = pb
        }
    }

    /// The subview directly behind `child`, or ``Slot/none``.
    /// - Complexity: O(log k); O(1) usually.
    func previousSiblingInOrder(of child: Slot) -> Slot {
        var node = state.slots[child.index].orderLeaf
        if node == .none { return state.records[child.index].previousSibling }
        var b = state.orderNodes[node.index]
        let i = b.index(of: child)
        if i > 0 { return b.slot(i - 1) }
        while true {
            let p = b.parent
            if p == .none { return .none }
            let pb = state.orderNodes[p.index]
            let lane = pb.index(of: node)
            if lane > 0 {
                var down = pb.node(lane - 1)
                while true {
                    let db = state.orderNodes[down.index]
                    if db.isLeaf { return db.slot(Int(db.count) - 1) }
                    down = db.node(Int(db.count) - 1)
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
        var hi = childCount(Slot.screen)
        while lo < hi {
            let mid = (lo + hi) / 2
            let r = rare(of: child(of: Slot.screen, at: mid))
            if (r.level, r.order) < (level, order) { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    // MARK: - Insert and remove

    /// Inserts `child` into `parent`'s order tree at `position` (0 = back-most).
    /// - Complexity: O(log k), plus O(32) for a split.
    private func orderInsert(_ child: Slot, into parent: Slot, at position: Int) {
        let (node, index) = leaf(of: parent, at: position)
        state.orderNodes.update(node.index) { b in b.insert(child, at: index) }
        state.slots.update(child.index) { $0.orderLeaf = node }
        addToTotals(above: node, 1)
        let full = state.orderNodes[node.index]
        if Int(full.count) == full.capacity { split(node, owner: parent) }
    }

    /// Splits a full node in two halves side by side, and its parent in turn when that fills.
    private func split(_ start: OrderNode, owner: Slot) {
        var node = start
        while Int(state.orderNodes[node.index].count) == state.orderNodes[node.index].capacity {
            let b = state.orderNodes[node.index]
            let half = b.capacity / 2
            let sibling = allocateOrderNode(leaf: b.isLeaf)
            var right = OrderBlock(leaf: b.isLeaf)
            var left = b
            left.truncate(to: half)
            for k in half..<b.capacity { right.insert(entry: k, of: b, at: k - half) }
            // Where the moved entries are now.
            for k in 0..<Int(right.count) {
                if b.isLeaf {
                    state.slots.update(right.slot(k).index) { $0.orderLeaf = sibling }
                } else {
                    state.orderNodes.update(right.node(k).index) { $0.parent = sibling }
                }
            }
            var p = b.parent
            if p == .none {
                p = allocateOrderNode(leaf: false)
                state.orderNodes.update(p.index) { r in r.insert(node, size: b.total, at: 0) }
                state.slots.update(owner.index) { $0.childOrder = .tree(p) }
            }
            left.parent = p
            right.parent = p
            state.orderNodes.set(node.index, left)
            state.orderNodes.set(sibling.index, right)
            let lane = state.orderNodes[p.index].index(of: node)
            state.orderNodes.update(p.index) { r in
                r.setSize(lane, left.total)
                r.insert(sibling, size: right.total, at: lane + 1)
                r.total -= right.total  // `insert` added it; the parent's total is unchanged
            }
            node = p
        }
    }

    /// Removes `child` from its parent's order tree.
    /// - Complexity: O(log k).
    private func orderRemove(_ child: Slot, from parent: Slot) {
        var node = state.slots[child.index].orderLeaf
        let index = state.orderNodes[node.index].index(of: child)
        state.orderNodes.update(node.index) { b in b.remove(at: index) }
        state.slots.update(child.index) { $0.orderLeaf = .none }
        addToTotals(above: node, -1)
        // An emptied node leaves its parent; a root with one child gives way to it.
        while state.orderNodes[node.index].count == 0 {
            let p = state.orderNodes[node.index].parent
            freeOrderNode(node)
            if p == .none {
                state.slots.update(parent.index) { $0.childOrder = .small(count: 0) }
                return
            }
            let lane = state.orderNodes[p.index].index(of: node)
            state.orderNodes.update(p.index) { b in b.remove(at: lane) }
            node = p
        }
        var root = state.slots[parent.index].childOrder.root
        while !state.orderNodes[root.index].isLeaf && state.orderNodes[root.index].count == 1 {
            let only = state.orderNodes[root.index].node(0)
            freeOrderNode(root)
            state.orderNodes.update(only.index) { $0.parent = .none }
            state.slots.update(parent.index) { $0.childOrder = .tree(only) }
            root = only
        }
    }

    // MARK: - Links

    /// Puts `child` under `parent` at `position`: in the order tree, or in the search's links.
    /// - Complexity: O(log k); O(k) when the container passes ``orderTreeLimit``.
    func linkChild(_ child: Slot, to parent: Slot, at position: Int) {
        let order = state.slots[parent.index].childOrder
        if order.isTree {
            // No neighbour's record changes: only the front-most subview is linked, from its
            // superview.
            orderInsert(child, into: parent, at: position)
            state.records.update(child.index) { $0.previousSibling = Slot.none }
            if position == childCount(parent) - 1 { state.records.update(parent.index) { $0.lastChild = child } }
            publishParent(child, parent)
            return
        }
        // The neighbours from the links, before the new view joins them.
        let next = position < order.smallCount ? self.child(of: parent, at: position) : Slot.none
        let previous =
            next != Slot.none ? state.records[next.index].previousSibling : state.records[parent.index].lastChild
        state.slots.update(parent.index) { $0.childOrder = .small(count: order.smallCount + 1) }
        state.records.update(child.index) { $0.previousSibling = previous }
        if next != Slot.none {
            state.records.update(next.index) { $0.previousSibling = child }
        } else {
            state.records.update(parent.index) { $0.lastChild = child }
        }
        publishParent(child, parent)
        if order.smallCount + 1 > Self.orderTreeLimit {
            let children = self.children(of: parent)
            buildOrderTree(parent, children)
            for c in children { state.records.update(c.index) { $0.previousSibling = Slot.none } }
        }
    }

    /// A view's superview: ``Slot/screen`` for a window, ``Slot/none`` for a view not in the
    /// tree or a free slot.
    /// - Complexity: O(1).
    @inline(__always)
    func parent(of child: Slot) -> Slot { state.records[child.index].parent }

    /// Sets a view's superview in its record, the one place it is kept (the writer reads it
    /// there, as snapshots do), and a window's level in its extra.
    /// - Complexity: O(1).
    private func publishParent(_ child: Slot, _ parent: Slot) {
        state.records.update(child.index) { $0.parent = parent }
        let level = parent == Slot.screen ? rare(of: child).level : 0
        if extra(of: child).windowLevel.bitPattern != level.bitPattern {
            updateExtra(child) { $0.windowLevel = level }
        }
    }

    /// Takes `child` out of its parent's order tree or the search's links.
    /// - Complexity: O(log k); O(k) when the container's order tree is dropped.
    func unlinkChild(_ child: Slot) {
        let parent = self.parent(of: child)
        let order = state.slots[parent.index].childOrder
        if order.isTree {
            if state.records[parent.index].lastChild == child {
                let front = previousSiblingInOrder(of: child)
                state.records.update(parent.index) { $0.lastChild = front }
            }
            orderRemove(child, from: parent)
            if childCount(parent) < Self.orderTreeDropLimit { dropOrderTree(parent) }
        } else {
            let previous = state.records[child.index].previousSibling
            let next = nextSibling(of: child)
            state.slots.update(parent.index) { $0.childOrder = .small(count: order.smallCount - 1) }
            if next != Slot.none {
                state.records.update(next.index) { $0.previousSibling = previous }
            } else {
                state.records.update(parent.index) { $0.lastChild = previous }
            }
            state.records.update(child.index) { $0.previousSibling = Slot.none }
        }
        publishParent(child, Slot.none)
    }

    /// Moves `child` to `position` among the subviews of its superview, which has an order tree:
    /// the tree, and the superview's `lastChild` when the front-most subview changes; the child's
    /// record is not written.
    /// - Complexity: O(log k).
    func moveInOrderTree(_ child: Slot, to position: Int) {
        let parent = self.parent(of: child)
        let count = childCount(parent)
        let front = state.records[parent.index].lastChild
        orderRemove(child, from: parent)
        orderInsert(child, into: parent, at: position)
        if front == child || position == count - 1 {
            let newFront = self.child(of: parent, at: count - 1)
            if newFront != front { state.records.update(parent.index) { $0.lastChild = newFront } }
        }
    }

    /// Gives `parent` the subviews `children` (back to front), all new to it: the links, or the
    /// order tree when there are more than ``orderTreeLimit``.
    /// - Complexity: O(k).
    func linkChildren(_ children: some Collection<Slot>, to parent: Slot) {
        precondition(
            state.slots[parent.index].childOrder == .small(count: 0), "linkChildren starts from no subviews")
        guard !children.isEmpty else { return }
        let linked = children.count <= Self.orderTreeLimit
        var previous = Slot.none
        for c in children {
            state.records.update(c.index) { $0.previousSibling = linked ? previous : Slot.none }
            publishParent(c, parent)
            previous = c
        }
        state.records.update(parent.index) { $0.lastChild = previous }
        if children.count > Self.orderTreeLimit {
            buildOrderTree(parent, Array(children))
        } else {
            state.slots.update(parent.index) { $0.childOrder = .small(count: children.count) }
        }
    }

    /// Gives `parent` the order of its subviews `children` (back to front), whose links a bulk
    /// load wrote with their records (``FreshLinks``: none past ``orderTreeLimit``): the count,
    /// or the order tree when there are more than ``orderTreeLimit``.
    /// - Complexity: O(k).
    func orderWrittenChildren(_ children: some Collection<Slot>, of parent: Slot) {
        precondition(
            state.slots[parent.index].childOrder == .small(count: 0), "orderWrittenChildren starts from no order")
        if children.count > Self.orderTreeLimit {
            buildOrderTree(parent, Array(children))
        } else {
            state.slots.update(parent.index) { $0.childOrder = .small(count: children.count) }
        }
    }

    /// Builds the order tree of `parent`'s subviews `children` (back to front) in one pass,
    /// leaves three-quarters full so that inserts find room.
    /// - Complexity: O(k).
    private func buildOrderTree(_ parent: Slot, _ children: [Slot]) {
        let (leafFill, innerFill) = (OrderBlock.leafCapacity * 3 / 4, OrderBlock.innerCapacity * 3 / 4)
        var level: [(node: OrderNode, total: UInt32)] = []
        var i = 0
        while i < children.count {
            let leaf = allocateOrderNode(leaf: true)
            var b = OrderBlock(leaf: true)
            for c in children[i..<Swift.min(i + leafFill, children.count)] {
                b.insert(c, at: Int(b.count))
                state.slots.update(c.index) { $0.orderLeaf = leaf }
            }
            state.orderNodes.set(leaf.index, b)
            level.append((leaf, b.total))
            i += leafFill
        }
        while level.count > 1 {
            var above: [(node: OrderNode, total: UInt32)] = []
            var g = 0
            while g < level.count {
                let node = allocateOrderNode(leaf: false)
                var b = OrderBlock(leaf: false)
                for (child, total) in level[g..<Swift.min(g + innerFill, level.count)] {
                    b.insert(child, size: total, at: Int(b.count))
                    state.orderNodes.update(child.index) { $0.parent = node }
                }
                state.orderNodes.set(node.index, b)
                above.append((node, b.total))
                g += innerFill
            }
            level = above
        }
        state.slots.update(parent.index) { $0.childOrder = .tree(level[0].node) }
    }

    /// Frees `parent`'s order tree: its subviews are ordered by the links alone from now on,
    /// written here.
    /// - Complexity: O(k).
    private func dropOrderTree(_ parent: Slot) {
        let count = childCount(parent)
        var previous = Slot.none
        for c in children(of: parent) {
            state.records.update(c.index) { $0.previousSibling = previous }
            previous = c
        }
        var pending = [state.slots[parent.index].childOrder.root]
        while let node = pending.popLast() {
            let b = state.orderNodes[node.index]
            for k in 0..<Int(b.count) {
                if b.isLeaf {
                    state.slots.update(b.slot(k).index) { $0.orderLeaf = .none }
                } else {
                    pending.append(b.node(k))
                }
            }
            freeOrderNode(node)
        }
        state.slots.update(parent.index) { $0.childOrder = .small(count: count) }
    }

    /// The subviews of `parent`, back to front, from its order tree or the search's links.
    /// - Complexity: O(k).
    func children(of parent: Slot) -> [Slot] {
        let order = state.slots[parent.index].childOrder
        if order.isTree { return orderTreeChildren(order.root) }
        var result: [Slot] = []
        var c = state.records[parent.index].lastChild
        while c != Slot.none {
            result.append(c)
            c = state.records[c.index].previousSibling
        }
        return result.reversed()
    }
}

extension LiveStore {
    /// The slots in the leaves under `root`, in order.
    /// - Complexity: O(k).
    private func orderTreeChildren(_ root: OrderNode) -> [Slot] {
        var result: [Slot] = []
        result.reserveCapacity(Int(state.orderNodes[root.index].total))
        var pending = [root]
        while let node = pending.popLast() {
            let b = state.orderNodes[node.index]
            if b.isLeaf {
                for k in 0..<Int(b.count) { result.append(b.slot(k)) }
            } else {
                for k in (0..<Int(b.count)).reversed() { pending.append(b.node(k)) }
            }
        }
        return result
    }
}

/// A node of a container's order tree: up to ``capacity`` entries, used ones first — subviews'
/// slots in a leaf (32), child nodes with their item counts in an inner node (16).
///
/// Both kinds are one 144-byte record, so that one pool holds them: a leaf's 32 words are its
/// entries; an inner node's first 16 words are its children and the next 16 the items under
/// each. (One layout of 32 entries and 32 counts for both cost a leaf 272 bytes, 128 of them
/// counts a leaf never uses, and leaves are nearly all of a tree: 11 bytes a subview at a
/// bulk load's fill, now 6.)
struct OrderBlock: PoolEntry {
    /// The entries a leaf holds.
    static let leafCapacity = 32
    /// The entries an inner node holds.
    static let innerCapacity = 16
    /// A leaf's entries; an inner node's entries, then their item counts (see the type). Read
    /// and written through the methods below (the checker's tests corrupt it directly).
    var words: SIMD32<UInt32>
    var count: UInt32
    /// Items under the node.
    var total: UInt32
    /// The parent node, or ``OrderNode/none`` (a root; a free node links the free list here).
    var parent: OrderNode
    var leafFlag: UInt32

    init(leaf: Bool) {
        // Unused entries are all ones; an inner node's counts (the high half: 16 of them) start at 0.
        words = SIMD32(lowHalf: SIMD16(repeating: UInt32.max), highHalf: SIMD16(repeating: leaf ? UInt32.max : 0))
        count = 0
        total = 0
        parent = .none
        leafFlag = leaf ? 1 : 0
    }

    var isLeaf: Bool { leafFlag != 0 }

    /// The entries this node can hold.
    var capacity: Int { isLeaf ? Self.leafCapacity : Self.innerCapacity }

    /// A free node links the free list through its parent word.
    var freeLink: UInt32 {
        get { parent.rawValue }
        set { parent = OrderNode(rawValue: newValue) }
    }

    /// A leaf's entry `k`: a subview.
    func slot(_ k: Int) -> Slot { Slot(rawValue: words[k]) }

    /// An inner node's entry `k`: a child node.
    func node(_ k: Int) -> OrderNode { OrderNode(rawValue: words[k]) }

    /// The items under entry `k`: 1 in a leaf, the child's total in an inner node.
    func size(_ k: Int) -> UInt32 { isLeaf ? 1 : words[Self.innerCapacity + k] }

    /// Sets the items under an inner node's entry `k`.
    mutating func setSize(_ k: Int, _ size: UInt32) {
        precondition(!isLeaf && k < Self.innerCapacity, "an inner node's entry")
        words[Self.innerCapacity + k] = size
    }

    /// The index of the leaf entry `slot` (which the leaf must hold).
    func index(of slot: Slot) -> Int { index(ofWord: slot.rawValue) }

    /// The index of the inner entry `node` (which the node must hold).
    func index(of node: OrderNode) -> Int { index(ofWord: node.rawValue) }

    private func index(ofWord word: UInt32) -> Int {
        // Only the used entries: an inner node's counts follow its entries in the same words.
        var i = 0
        while i < Int(count) && words[i] != word { i += 1 }
        precondition(i < Int(count), "the node holds the entry")
        return i
    }

    /// Inserts a subview at `index` of a leaf, shifting the later ones.
    mutating func insert(_ slot: Slot, at index: Int) { insert(word: slot.rawValue, size: 1, at: index) }

    /// Inserts a child node with `size` items at `index` of an inner node.
    mutating func insert(_ node: OrderNode, size: UInt32, at index: Int) {
        insert(word: node.rawValue, size: size, at: index)
    }

    /// Moves entry `k` of `other` (of the same kind) to `index`.
    mutating func insert(entry k: Int, of other: OrderBlock, at index: Int) {
        insert(word: other.words[k], size: other.size(k), at: index)
    }

    /// Inserts an entry at `index`, shifting the later ones; a leaf entry counts 1.
    private mutating func insert(word: UInt32, size: UInt32, at index: Int) {
        precondition(Int(count) < capacity, "room for an entry")
        var k = Int(count)
        while k > index {
            words[k] = words[k - 1]
            if !isLeaf { setSize(k, self.size(k - 1)) }
            k -= 1
        }
        words[index] = word
        if !isLeaf { setSize(index, size) }
        count += 1
        total += isLeaf ? 1 : size
    }

    /// Keeps the first `n` entries only (the rest cleared), recounting the total.
    mutating func truncate(to n: Int) {
        total = 0
        for k in 0..<Int(count) {
            if k < n {
                total += size(k)
            } else {
                words[k] = UInt32.max
                if !isLeaf { setSize(k, 0) }
            }
        }
        count = UInt32(n)
    }

    /// Removes the entry at `index`, shifting the later ones.
    mutating func remove(at index: Int) {
        total -= size(index)
        for k in index..<(Int(count) - 1) {
            words[k] = words[k + 1]
            if !isLeaf { setSize(k, size(k + 1)) }
        }
        count -= 1
        words[Int(count)] = UInt32.max
        if !isLeaf { setSize(Int(count), 0) }
    }
}

/// A node of an order tree, by its position in the store's order-node pool: its own index
/// space, apart from the slots its leaves hold.
struct OrderNode: Hashable, BitwiseCopyable, CustomStringConvertible {
    /// The stored word.
    let rawValue: UInt32

    /// No node: a root's parent; the leaf of a view whose superview keeps no order tree.
    static let none = OrderNode(rawValue: UInt32.max)

    init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The node at `index` of the pool.
    init(_ index: Int) {
        precondition(index >= 0 && index < Int(UInt32.max) >> 1, "fewer than 2^31 order nodes")
        rawValue = UInt32(index)
    }

    /// The position in the pool.
    var index: Int { Int(rawValue) }

    var description: String { self == .none ? "none" : "order node \(rawValue)" }
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
    static func tree(_ root: OrderNode) -> ChildOrder {
        precondition(root.rawValue & smallTag == 0, "an order node index")
        return ChildOrder(rawValue: root.rawValue)
    }

    /// Whether the subviews have an order tree.
    var isTree: Bool { rawValue & Self.smallTag == 0 }
    /// The tree's root node (with ``isTree``).
    var root: OrderNode { OrderNode(rawValue: rawValue) }
    /// The subview count (without ``isTree``).
    var smallCount: Int { Int(rawValue & ~Self.smallTag) }
}
