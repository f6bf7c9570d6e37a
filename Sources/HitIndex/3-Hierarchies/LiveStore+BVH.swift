import Dispatch

/// The hierarchies over wide containers' subviews (``ChildBVH`` layouts in paged columns), edited
/// in place: a subview's lane is refitted up to the first ancestor whose box and key do not change,
/// inserted into the leaf that grows least (splitting full nodes, R-tree style), removed by
/// moving the node's last lane into its place. A hierarchy is rebuilt (packed again along a
/// Hilbert curve, labels spaced evenly) once its container has seen more subview edits than a
/// quarter of its subviews (and than 64), so its quality never drifts far from a fresh build and
/// the rebuild costs O(1) per edit, amortized.
///
/// Labels order a container's subviews back to front; they are only compared between siblings
/// (the search's keys), so inserting a subview takes a label between its neighbours', and
/// relabels a few neighbours evenly when there is no room.
extension LiveStore {
    /// A view becomes indexed when it has this many subviews...
    static let indexedChildThreshold = 8
    /// ...and stops being indexed below this many (so a container at the edge does not flip).
    static let unindexedChildThreshold = 4
    /// Labels are below this (the leaf keys' top bit is the exact bit).
    static let labelLimit = ChildBVH.Label.limit
    /// The gap a relabelled run of siblings must get, at least.
    static let relabelGap = 32

    private static let emptyInterval = DBox(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)

    // MARK: - Nodes

    /// A new empty leaf block.
    private func allocateLeaf() -> ChildBVH.Node {
        let leaf = ChildBVH.Node.leaf(state.leafMeta.allocate(.unused))
        state.leaves.set(leaf.index, .empty)
        return leaf
    }

    /// A new empty inner block.
    private func allocateBlock() -> ChildBVH.Node {
        let block = ChildBVH.Node.inner(state.blockMeta.allocate(.unused))
        state.blocks.set(block.index, .empty)
        return block
    }

    /// Gives a node back to its pool.
    private func freeNode(_ node: ChildBVH.Node) {
        if node.isLeaf {
            state.leafMeta.free(node.index, leaving: .unused)
        } else {
            state.blockMeta.free(node.index, leaving: .unused)
        }
    }

    /// A node's writer-side place, from the pool of its kind.
    func meta(_ node: ChildBVH.Node) -> NodeMeta {
        node.isLeaf ? state.leafMeta[node.index] : state.blockMeta[node.index]
    }

    /// Changes a node's writer-side place in the pool of its kind.
    private func updateMeta(_ node: ChildBVH.Node, _ body: (inout NodeMeta) -> Void) {
        if node.isLeaf {
            state.leafMeta.update(node.index, body)
        } else {
            state.blockMeta.update(node.index, body)
        }
    }

    private func setParent(_ node: ChildBVH.Node, _ parent: ChildBVH.Lane) { updateMeta(node) { $0.parent = parent } }

    /// Sets the edits a root counts (``noteChurn(_:)``).
    private func setChurn(_ node: ChildBVH.Node, _ churn: UInt32) { updateMeta(node) { $0.churn = churn } }

    /// The closed `Float` box around everything under a node.
    func nodeBounds(_ node: ChildBVH.Node) -> FBox {
        node.isLeaf ? state.leaves[node.index].bounds : state.blocks[node.index].bounds
    }

    /// The largest label under a node.
    func nodeKey(_ node: ChildBVH.Node) -> UInt32 {
        if node.isLeaf {
            return (state.leaves[node.index].key & SIMD8(repeating: ~ChildBVH.LeafBlock.exactBit)).max()
        }
        return state.blocks[node.index].key.max()
    }

    /// The root of a view's hierarchy, or ``ChildBVH/Node/none`` when it is not indexed.
    func hierarchyRoot(_ container: Slot) -> ChildBVH.Node {
        state.records[container.index].flags.contains(.indexed) ? extra(of: container).bvh : .none
    }

    /// The box around a view's subviews' lanes, when it is indexed.
    func hierarchyBounds(_ container: Slot) -> FBox {
        let root = hierarchyRoot(container)
        return root == .none ? .empty : nodeBounds(root)
    }

    // MARK: - Lanes

    /// What a subview's lane holds: the exact interval where a touch lands on it, when the
    /// subview can be decided from it (eligible, untransformed, rectangular, no predicate,
    /// pass-through or redirect, no subview that could answer instead) and its bounds are
    /// `Float`s; otherwise its reach as a half-open interval (`x ≤ max` ⟹ `x < max.nextUp`, a
    /// filter); nothing for an unreachable subview. Every bound is a `Float`, as the lane stores it.
    func laneContent(_ child: Slot) -> (interval: DBox, exact: Bool) {
        let r = state.records[child.index]
        if r.flags.contains(.unreachable) { return (Self.emptyInterval, false) }
        let disqualifying: ViewFlags = [.transformed, .ellipse, .roundedRect, .predicate, .passThrough, .redirect]
        if r.flags.contains(.eligible) && r.flags.isDisjoint(with: disqualifying)
            && (r.lastChild == Slot.none || r.reach.isEmpty),
            case let g = geometry(of: r),
            let x = ExactInterval.interval(center: g.centerX, anchorOffset: g.anchorOffsetX, min: g.minX, max: g.maxX),
            let y = ExactInterval.interval(center: g.centerY, anchorOffset: g.anchorOffsetY, min: g.minY, max: g.maxY),
            case let exact = DBox(minX: x.lo, minY: y.lo, maxX: x.hi, maxY: y.hi),
            ChildBVH.LeafBlock.holdsExactly(exact)
        {
            return (exact, true)
        }
        return (Self.laneInterval(reach: reachInParent(of: r)), false)
    }

    /// The half-open lane interval that holds the closed `reach`: `max.nextUp` in `Float`, so that
    /// every bound stays a `Float`; nothing for an empty reach.
    static func laneInterval(reach f: FBox) -> DBox {
        if f.isEmpty { return emptyInterval }
        return DBox(
            minX: Double(f.minX), minY: Double(f.minY), maxX: Double(f.maxX.nextUp), maxY: Double(f.maxY.nextUp))
    }

    /// A subview's label among its siblings: the key of its lane, without the exact bit, or
    /// ``ChildBVH/Label/none`` when its superview is not indexed. The lane is the only copy (the
    /// writer's slot state kept a second one, 4 bytes a view).
    /// - Complexity: O(1).
    func label(of child: Slot) -> ChildBVH.Label {
        let location = state.slots[child.index].lane
        guard location != .none else { return .none }
        return ChildBVH.Label(key: state.leaves[location.block].key[location.lane])
    }

    private func writeLane(_ leaf: Int, _ lane: Int, interval: DBox, key: UInt32, slot: Slot) {
        state.leaves.update(leaf) { $0.setLane(lane, interval: interval, key: key, slot: slot) }
    }

    /// Rewrites a subview's lane from its current state, keeping its label, and refits above it.
    /// Returns whether the box around the whole hierarchy changed (what the container's reach
    /// depends on). A reorder, which changes the label alone, is ``relabelLane(_:_:)``.
    /// - Complexity: O(log k) for k subviews.
    @discardableResult
    func updateLane(_ child: Slot) -> Bool {
        let location = state.slots[child.index].lane
        let leaf = location.block
        let lane = location.lane
        let (interval, exact) = laneContent(child)
        let l = state.leaves[leaf]
        let key = ChildBVH.Label(key: l.key[lane]).key(exact: exact)
        let stored = l.interval(lane)
        let moved =
            !(stored.minX == interval.minX && stored.minY == interval.minY && stored.maxX == interval.maxX
            && stored.maxY == interval.maxY)
        if !moved && l.key[lane] == key { return false }
        let container = parent(of: child)
        let before = hierarchyBounds(container)
        writeLane(leaf, lane, interval: interval, key: key, slot: child)
        // A hidden (or unreachable) subview keeps its place in the boxes above its leaf: they
        // still enclose what is below, nothing above is read or copied, and showing it again
        // fills the same place (a refit that only grows what does not fit). What the boxes
        // keep is bounded by where hidden views are.
        let grew = interval.isEmpty ? false : refit(.leaf(leaf), tighten: moved && !stored.isEmpty)
        // A lane that moved counts toward a rebuild; one emptied (its view hidden or made
        // unreachable) keeps its place in the boxes above and counts only if it takes a place
        // they had to grow for: showing a view where it was leaves every box as it was. (Counting
        // every show made the rebuilds about a sixth of an attribute edit on a grid of 1,000 rows
        // of 1,000 cells, and both halves of a hide and show a tenth in a million-child
        // container. Counting only the moves that grow a box let query time after 10^6 random
        // edits drift from 1.38-1.41 to 1.49-1.51 times a fresh build's in one alternated pair of
        // benchmark runs: a box that grows counts once where a nudge out and back counted twice.)
        if moved && !interval.isEmpty && (grew || !stored.isEmpty) { noteChurn(container) }
        return !(hierarchyBounds(container) == before)
    }

    /// Brings each inner lane above `node` up to date with what is below it, stopping at the
    /// first that already is.
    ///
    /// Boxes are filters, so the invariant is enclosure, not equality. A refit that `tighten`s
    /// (a box below moved, grew or shrank) gives each lane the box below until one already has
    /// it. One that does not (labels moved, or a hidden view's lane filled again) grows only the
    /// lanes that no longer enclose what is below and otherwise writes keys: a reorder leaves
    /// every box, and the container's reach, as it was. Keys stay exact: the search orders and
    /// prunes by them.
    ///
    /// Returns whether a box had to grow past what it enclosed (what a rebuild would undo).
    /// - Complexity: O(log k).
    @discardableResult
    private func refit(_ start: ChildBVH.Node, tighten: Bool = true) -> Bool {
        var node = start
        var grew = false
        while true {
            let parent = meta(node).parent
            if parent == .none { return grew }
            let p = parent.block
            let lane = parent.lane
            let box = nodeBounds(node)
            let key = nodeKey(node)
            let b = state.blocks[p]
            let stored = b.box(lane)
            let encloses = stored.encloses(box)
            if tighten ? stored == box : encloses {
                if b.key[lane] == key { return grew }
                state.blocks.update(p) { $0.key[lane] = key }
            } else {
                grew = grew || !encloses
                state.blocks.update(p) { $0.setBox(lane, box, key: key) }
            }
            node = .inner(p)
        }
    }

    // MARK: - Build and drop

    /// Builds the hierarchy over `container`'s subviews, replacing any: labels spaced evenly,
    /// lanes packed eight to a leaf along a Hilbert curve of their centres, eight to a block above
    /// (seven in the blocks just above the leaves where ``slackFits(leaves:)``).
    /// A bulk load passes its `threads`: a container of 32,768 subviews or more then has their
    /// lanes worked out on two threads. Edits rebuild on the writer's thread alone.
    /// - Complexity: O(k) for k subviews (a comparison sort below 4,096).
    func buildHierarchy(_ container: Slot, threads: Int = 1) {
        freeHierarchy(container)
        let kids = children(of: container)
        let n = kids.count
        guard n > 0 else { return }
        statistics.hierarchyBuilds += 1
        let step = (Self.labelLimit - 1) / (n + 1)
        let (intervals, keys) = laneContents(kids, step: step, threads: n >= 1 << 15 ? threads : 1)
        let order = Self.hilbertOrder(intervals)
        var level: [ChildBVH.Node] = []
        // Each subview's lane, by sibling position: written back in sibling order, not in the
        // curve's (measured: a random pass over a million slot states cost a tenth of a load).
        var lanes = [ChildBVH.Lane](repeating: .none, count: n)
        var g = 0
        while g < n {
            let leaf = allocateLeaf()
            let used = Swift.min(ChildBVH.branching, n - g)
            // Filled here and written whole: one column write a leaf, not one a lane.
            var block = ChildBVH.LeafBlock.empty
            for lane in 0..<used {
                let i = Int(order[g + lane])
                block.setLane(lane, interval: intervals[i], key: keys[i], slot: kids[i])
                lanes[i] = ChildBVH.Lane(block: leaf.index, lane: lane)
            }
            state.leaves.set(leaf.index, block)
            state.leafMeta.update(leaf.index) { $0.count = UInt32(used) }
            level.append(leaf)
            g += ChildBVH.branching
        }
        for i in 0..<n {
            state.slots.update(kids[i].index) { $0.lane = lanes[i] }
        }
        // The blocks just above the leaves take seven, not eight, where that adds no level (a
        // level more is a block more for every search to read): a leaf that an insert splits
        // then finds a free lane for its new sibling, where a full parent would split too, and
        // its parent, up to the root (the first inserts into a freshly built million-child
        // container split about six blocks each). Leaves stay full, the search's work.
        var fill = Self.slackFits(leaves: level.count) ? ChildBVH.branching - 1 : ChildBVH.branching
        while level.count > 1 {
            var above: [ChildBVH.Node] = []
            var g = 0
            while g < level.count {
                let block = allocateBlock()
                let used = Swift.min(fill, level.count - g)
                for lane in 0..<used {
                    let child = level[g + lane]
                    writeInnerLane(block.index, lane, child: child)
                    setParent(child, ChildBVH.Lane(block: block.index, lane: lane))
                }
                state.blockMeta.update(block.index) { $0.count = UInt32(used) }
                above.append(block)
                g += used
            }
            level = above
            fill = ChildBVH.branching
        }
        // A fresh root counts no edits (its meta is `unused`).
        updateExtra(container) { $0.bvh = level[0] }
        state.records.update(container.index) { $0.flags.insert(.indexed) }
    }

    /// Whether `leaves` leaves fit under as many levels of blocks with seven, not eight, in each
    /// block just above them (and there are enough of them for splits to climb far).
    /// - Complexity: O(log leaves).
    static func slackFits(leaves: Int) -> Bool {
        func levels(_ nodes: Int) -> Int {
            var (n, h) = (nodes, 0)
            while n > 1 {
                n = (n + ChildBVH.branching - 1) / ChildBVH.branching
                h += 1
            }
            return h
        }
        let fan = ChildBVH.branching
        return leaves > fan * fan && levels((leaves + fan - 2) / (fan - 1)) == levels((leaves + fan - 1) / fan)
    }

    /// The lane content and key of each of `kids`, subview `i` labelled `(i + 1) · step`. It
    /// only reads the store, so with `threads` > 1 each of two threads works out half of them
    /// (a million-child container's were a tenth of its load).
    /// - Complexity: O(k) for k subviews.
    private func laneContents(_ kids: [Slot], step: Int, threads: Int) -> (intervals: [DBox], keys: [UInt32]) {
        let n = kids.count
        var intervals = [DBox](repeating: Self.emptyInterval, count: n)
        var keys = [UInt32](repeating: 0, count: n)
        intervals.withUnsafeMutableBufferPointer { intervalsOut in
            keys.withUnsafeMutableBufferPointer { keysOut in
                let parts = Swift.min(Swift.max(threads, 1), 2)
                // Safe: each part writes only its own range of the two buffers, which outlive the
                // parts (concurrentPerform returns when both are done), and reads only the store,
                // which nobody writes meanwhile (the writer is this thread, waiting here).
                let shared = UncheckedSendable((store: self, out: (intervalsOut, keysOut)))
                let work = { @Sendable (part: Int) in
                    let (store, (intervalsOut, keysOut)) = shared.value
                    for i in (n * part / parts)..<(n * (part + 1) / parts) {
                        let (interval, exact) = store.laneContent(kids[i])
                        intervalsOut[i] = interval
                        keysOut[i] = ChildBVH.Label((i + 1) * step).key(exact: exact)
                    }
                }
                if parts == 1 {
                    work(0)
                } else {
                    DispatchQueue.concurrentPerform(iterations: parts, execute: work)
                }
            }
        }
        return (intervals, keys)
    }

    /// Removes `container`'s hierarchy, if any: its subviews go back to being tried one by one.
    /// - Complexity: O(k).
    func dropHierarchy(_ container: Slot) {
        freeHierarchy(container)
        updateExtra(container) { $0.bvh = .none }
        state.records.update(container.index) { $0.flags.remove(.indexed) }
        for c in children(of: container) {
            state.slots.update(c.index) { $0.lane = .none }
        }
    }

    /// Frees every node of `container`'s hierarchy, if any (its extra still names the root; its
    /// subviews keep lane locations that name freed leaves, so their labels are unreadable until
    /// the caller rebuilds the hierarchy or resets the lanes).
    /// - Complexity: O(k).
    func freeHierarchy(_ container: Slot) {
        let root = hierarchyRoot(container)
        guard root != .none else { return }
        var pending = [root]
        while let node = pending.popLast() {
            if !node.isLeaf {
                let count = Int(state.blockMeta[node.index].count)
                let b = state.blocks[node.index]
                for lane in 0..<count { pending.append(b.node(lane)) }
            }
            freeNode(node)
        }
    }

    private func writeInnerLane(_ block: Int, _ lane: Int, child: ChildBVH.Node) {
        writeInnerLane(block, lane, child: child, box: nodeBounds(child), key: nodeKey(child))
    }

    /// Makes `child` lane `lane` of `block` with a box that encloses it and its largest label.
    private func writeInnerLane(_ block: Int, _ lane: Int, child: ChildBVH.Node, box: FBox, key: UInt32) {
        state.blocks.update(block) { b in
            b.setBox(lane, box, key: key)
            b.setNode(lane, child)
        }
    }

    /// Positions `0..<n` in Hilbert order of the intervals' centres (unbounded and empty ones at
    /// the grid's edge).
    static func hilbertOrder(_ intervals: [DBox]) -> [UInt32] {
        let n = intervals.count
        var lo = (x: Double.infinity, y: Double.infinity)
        var hi = (x: -Double.infinity, y: -Double.infinity)
        var centres = [(x: Double, y: Double)](repeating: (0, 0), count: n)
        for i in 0..<n {
            let b = intervals[i]
            let c = (x: b.minX * 0.5 + b.maxX * 0.5, y: b.minY * 0.5 + b.maxY * 0.5)
            centres[i] = c
            if c.x.isFinite && c.y.isFinite {
                lo = (Swift.min(lo.x, c.x), Swift.min(lo.y, c.y))
                hi = (Swift.max(hi.x, c.x), Swift.max(hi.y, c.y))
            }
        }
        // One scale for both axes, so that the curve follows the real layout: a column of cells
        // whose centres differ in x only by rounding stays one column, not a scatter.
        let largest = Swift.max(hi.x - lo.x, hi.y - lo.y)
        let span = largest > 0 ? largest : 1
        var hilbert = [UInt32](repeating: 0, count: n)
        for i in 0..<n {
            func cell(_ v: Double, _ low: Double) -> UInt32 {
                let t = ((v - low) / span * 65535).rounded(.down)
                return t.isNaN ? 0 : UInt32(Swift.max(0, Swift.min(65535, t)))
            }
            hilbert[i] = ChildBVH.hilbertIndex(cell(centres[i].x, lo.x), cell(centres[i].y, lo.y))
        }
        return ChildBVH.radixSortedPositions(hilbert)
    }

    // MARK: - Insert and remove

    /// Puts `child` (already linked under `container`) into the hierarchy with `label` as its
    /// key: in the leaf whose box grows least, splitting full nodes on the way back up.
    /// - Complexity: O(log k).
    func insertLane(_ child: Slot, in container: Slot, label: ChildBVH.Label) {
        let (interval, exact) = laneContent(child)
        let key = label.key(exact: exact)
        let item = FBox(outward: interval)
        var node = extra(of: container).bvh
        while !node.isLeaf {
            let b = state.blocks[node.index]
            let count = Int(state.blockMeta[node.index].count)
            var best = 0
            var bestCost = (Double.infinity, Double.infinity)
            for lane in 0..<count {
                let box = b.box(lane)
                let area = Self.area(box)
                let grown = Self.area(box.union(item))
                let enlargement = grown == area ? 0 : grown - area
                let cost = (enlargement.isNaN ? 0 : enlargement, area)
                if cost < bestCost {
                    bestCost = cost
                    best = lane
                }
            }
            node = b.node(best)
        }
        let leaf = node.index
        let count = Int(state.leafMeta[leaf].count)
        if count < ChildBVH.branching {
            writeLane(leaf, count, interval: interval, key: key, slot: child)
            state.leafMeta.update(leaf) { $0.count += 1 }
            state.slots.update(child.index) { $0.lane = ChildBVH.Lane(block: leaf, lane: count) }
            refit(node)
            return
        }
        splitLeaf(leaf, adding: (interval, key, child), in: container)
    }

    /// A box's area, 0 when empty (infinite when unbounded).
    private static func area(_ b: FBox) -> Double {
        b.isEmpty ? 0 : (Double(b.maxX) - Double(b.minX)) * (Double(b.maxY) - Double(b.minY))
    }

    /// The order that splits nine entries into two nodes: by centre along the wider axis, ties
    /// by position. Written into `order`, as many as `boxes`; no allocation (a leaf split is a
    /// third of an insert into a full hierarchy).
    private static func splitOrder(_ boxes: UnsafeBufferPointer<FBox>, into order: UnsafeMutableBufferPointer<Int>) {
        func centre(_ b: FBox, _ x: Bool) -> Double {
            let c = x ? (Double(b.minX) + Double(b.maxX)) / 2 : (Double(b.minY) + Double(b.maxY)) / 2
            return c.isNaN ? 0 : c
        }
        var lo = (x: Double.infinity, y: Double.infinity)
        var hi = (x: -Double.infinity, y: -Double.infinity)
        for b in boxes {
            let (cx, cy) = (centre(b, true), centre(b, false))
            if cx.isFinite { (lo.x, hi.x) = (lo.x < cx ? lo.x : cx, hi.x > cx ? hi.x : cx) }
            if cy.isFinite { (lo.y, hi.y) = (lo.y < cy ? lo.y : cy, hi.y > cy ? hi.y : cy) }
        }
        let alongX = !(hi.y - lo.y > hi.x - lo.x)
        // Nine entries: an insertion sort, ties by position.
        for i in boxes.indices {
            let key = centre(boxes[i], alongX)
            var j = i
            while j > 0 && (centre(boxes[order[j - 1]], alongX), order[j - 1]) > (key, i) {
                order[j] = order[j - 1]
                j -= 1
            }
            order[j] = i
        }
    }

    /// ``splitOrder(_:into:)`` of an array.
    private static func splitOrder(_ boxes: [FBox]) -> [Int] {
        var order = [Int](repeating: 0, count: boxes.count)
        boxes.withUnsafeBufferPointer { b in order.withUnsafeMutableBufferPointer { splitOrder(b, into: $0) } }
        return order
    }

    /// Splits a full leaf that must also take `extra`: the nine entries are divided by centre,
    /// four stay, five go to a new leaf next to it.
    ///
    /// An entry that stays and already sits in one of the first four lanes keeps its lane, so
    /// that its writer state (the lane location, in the slot's entry) is not written again:
    /// renumbering all nine wrote every one. The lanes' order within a leaf means nothing (the
    /// search tests them all), only that the used ones come first.
    private func splitLeaf(_ leaf: Int, adding extra: (DBox, UInt32, Slot), in container: Slot) {
        statistics.splits += 1
        let old = state.leaves[leaf]
        let count = ChildBVH.branching + 1
        let keep = count / 2
        // Entry i is lane i of the old leaf, the new one is entry `branching`.
        func entry(_ i: Int) -> (interval: DBox, key: UInt32, slot: Slot) {
            i < ChildBVH.branching ? (old.interval(i), old.key[i], old.slot(at: i)) : extra
        }
        let fresh = allocateLeaf().index
        var stays = ChildBVH.LeafBlock.empty
        var goes = ChildBVH.LeafBlock.empty
        var moves = 0
        withUnsafeTemporaryAllocation(of: FBox.self, capacity: count) { boxes in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { order in
                for i in 0..<count { boxes.initializeElement(at: i, to: FBox(outward: entry(i).interval)) }
                order.initialize(repeating: 0)
                Self.splitOrder(UnsafeBufferPointer(boxes), into: order)
                // The lanes below `keep` that an entry staying in place holds.
                var held: UInt32 = 0
                for k in 0..<keep where order[k] < keep { held |= 1 << order[k] }
                var free = 0
                for k in 0..<count {
                    let i = order[k]
                    let e = entry(i)
                    if k < keep && i < keep {
                        stays.setLane(i, interval: e.interval, key: e.key, slot: e.slot)
                        continue
                    }
                    let target: Int
                    let lane: Int
                    if k < keep {
                        while held & 1 << free != 0 { free += 1 }
                        held |= 1 << free
                        (target, lane) = (leaf, free)
                        stays.setLane(lane, interval: e.interval, key: e.key, slot: e.slot)
                    } else {
                        (target, lane) = (fresh, k - keep)
                        goes.setLane(lane, interval: e.interval, key: e.key, slot: e.slot)
                    }
                    state.slots.update(e.slot.index) { $0.lane = ChildBVH.Lane(block: target, lane: lane) }
                    moves += 1
                }
                boxes.deinitialize()
            }
        }
        state.leaves.set(leaf, stays)
        state.leaves.set(fresh, goes)
        statistics.laneMoves += moves
        state.leafMeta.update(leaf) { $0.count = UInt32(keep) }
        state.leafMeta.update(fresh) { $0.count = UInt32(count - keep) }
        insertSibling(.leaf(fresh), nextTo: .leaf(leaf), in: container)
    }

    /// Gives `fresh` a lane in `old`'s parent (a new root above both when `old` is the root),
    /// splitting full blocks upwards, then refits both.
    private func insertSibling(_ fresh: ChildBVH.Node, nextTo old: ChildBVH.Node, in container: Slot) {
        var fresh = fresh
        var old = old
        var pendingRefits: [ChildBVH.Node] = [old, fresh]
        while true {
            let parent = meta(old).parent
            if parent == .none {
                let root = allocateBlock()
                writeInnerLane(root.index, 0, child: old)
                writeInnerLane(root.index, 1, child: fresh)
                setParent(old, ChildBVH.Lane(block: root.index, lane: 0))
                setParent(fresh, ChildBVH.Lane(block: root.index, lane: 1))
                // The new root takes over the edits the old one counted.
                let churn = meta(old).churn
                setChurn(old, 0)
                state.blockMeta.update(root.index) {
                    $0.count = 2
                    $0.churn = churn
                }
                updateExtra(container) { $0.bvh = root }
                break
            }
            let p = parent.block
            let count = Int(state.blockMeta[p].count)
            if count < ChildBVH.branching {
                writeInnerLane(p, count, child: fresh)
                setParent(fresh, ChildBVH.Lane(block: p, lane: count))
                state.blockMeta.update(p) { $0.count += 1 }
                pendingRefits.append(.inner(p))
                break
            }
            // Split the full parent: nine children divided by centre, four stay. The lanes of
            // the children the split below left alone move with their boxes and keys as stored
            // (each still encloses its child, the invariant): reading those seven children again
            // was a cache miss each, at every level a split climbs (a third of an insert into
            // a freshly built, full hierarchy).
            statistics.splits += 1
            let b = state.blocks[p]
            var children: [(node: ChildBVH.Node, box: FBox, key: UInt32)] = (0..<ChildBVH.branching).map { lane in
                let node = b.node(lane)
                return node == old ? (node, nodeBounds(node), nodeKey(node)) : (node, b.box(lane), b.key[lane])
            }
            children.append((fresh, nodeBounds(fresh), nodeKey(fresh)))
            let order = Self.splitOrder(children.map(\.box))
            let sibling = allocateBlock().index
            state.blocks.set(p, .empty)
            let keep = children.count / 2
            for (k, i) in order.enumerated() {
                let target = k < keep ? p : sibling
                let lane = k < keep ? k : k - keep
                writeInnerLane(target, lane, child: children[i].node, box: children[i].box, key: children[i].key)
                setParent(children[i].node, ChildBVH.Lane(block: target, lane: lane))
            }
            state.blockMeta.update(p) { $0.count = UInt32(keep) }
            state.blockMeta.update(sibling) { $0.count = UInt32(children.count - keep) }
            pendingRefits.append(.inner(p))
            pendingRefits.append(.inner(sibling))
            old = .inner(p)
            fresh = .inner(sibling)
        }
        for node in pendingRefits { refit(node) }
    }

    /// Takes `child`'s lane out of its container's hierarchy: the leaf's last lane moves into its
    /// place; an emptied node leaves its parent the same way; a root block left with one lane
    /// gives way to its child.
    /// - Complexity: O(log k).
    func removeLane(_ child: Slot, in container: Slot) {
        let location = state.slots[child.index].lane
        let leaf = location.block
        let lane = location.lane
        let last = Int(state.leafMeta[leaf].count) - 1
        var l = state.leaves[leaf]
        if lane != last {
            let moved = l.slot(at: last)
            l.minX[lane] = l.minX[last]
            l.minY[lane] = l.minY[last]
            l.maxX[lane] = l.maxX[last]
            l.maxY[lane] = l.maxY[last]
            l.key[lane] = l.key[last]
            l.slot[lane] = moved.rawValue
            state.slots.update(moved.index) { $0.lane = ChildBVH.Lane(block: leaf, lane: lane) }
        }
        let empty = ChildBVH.LeafBlock.empty
        l.minX[last] = empty.minX[last]
        l.minY[last] = empty.minY[last]
        l.maxX[last] = empty.maxX[last]
        l.maxY[last] = empty.maxY[last]
        l.key[last] = 0
        l.slot[last] = empty.slot[last]
        state.leaves.set(leaf, l)
        state.leafMeta.update(leaf) { $0.count -= 1 }
        state.slots.update(child.index) { $0.lane = .none }
        if last > 0 {
            refit(.leaf(leaf))
        } else {
            removeEmptyNode(.leaf(leaf), in: container)
        }
    }

    /// Frees an emptied node and takes it out of its parent, upwards while parents empty too.
    private func removeEmptyNode(_ start: ChildBVH.Node, in container: Slot) {
        var node = start
        while true {
            let parent = meta(node).parent
            freeNode(node)
            if parent == .none {
                updateExtra(container) { $0.bvh = .none }
                return
            }
            let p = parent.block
            let lane = parent.lane
            let last = Int(state.blockMeta[p].count) - 1
            var b = state.blocks[p]
            if lane != last {
                b.minX[lane] = b.minX[last]
                b.minY[lane] = b.minY[last]
                b.maxX[lane] = b.maxX[last]
                b.maxY[lane] = b.maxY[last]
                b.key[lane] = b.key[last]
                b.child[lane] = b.child[last]
                setParent(b.node(lane), ChildBVH.Lane(block: p, lane: lane))
            }
            let empty = ChildBVH.Block.empty
            b.minX[last] = empty.minX[last]
            b.minY[last] = empty.minY[last]
            b.maxX[last] = empty.maxX[last]
            b.maxY[last] = empty.maxY[last]
            b.key[last] = 0
            b.child[last] = 0
            state.blocks.set(p, b)
            state.blockMeta.update(p) { $0.count -= 1 }
            if last == 0 {
                node = .inner(p)
                continue
            }
            if last == 1 && state.blockMeta[p].parent == .none {
                // A root with one lane: its child becomes the root.
                let only = b.node(0)
                setParent(only, .none)
                setChurn(only, state.blockMeta[p].churn)
                freeNode(.inner(p))
                updateExtra(container) { $0.bvh = only }
            } else {
                refit(.inner(p))
            }
            return
        }
    }

    /// Counts an edit to `container`'s subviews; rebuilds its hierarchy once the edits exceed a
    /// quarter of its subviews and 64. (A full count let query time after many random edits drift
    /// to 2.2× a fresh build on grid, 100k views; a quarter keeps it near 1.3×.)
    func noteChurn(_ container: Slot) {
        let root = hierarchyRoot(container)
        assert(root != .none, "an indexed container has a hierarchy root")
        let churn = meta(root).churn + 1
        setChurn(root, churn)
        if Int(churn) > Swift.max(64, childCount(container) / 4) { buildHierarchy(container) }
    }

    // MARK: - Labels

    /// The label `child`, just placed among the subviews of the indexed `container`, takes: one
    /// between its neighbours' (relabelling a run of neighbours evenly, in their lanes, when they
    /// leave no room). The caller gives it to the child's lane (``insertLane(_:in:label:)``,
    /// ``relabelLane(_:_:)``).
    /// - Complexity: O(1) usually; O(w log k) when w neighbours are relabelled.
    func freshLabel(for child: Slot, in container: Slot) -> ChildBVH.Label {
        let previous = previousSiblingInOrder(of: child)
        let next = nextSibling(of: child)
        // Every sibling but `child` has its lane, and so its label (the checker's invariant).
        assert(previous == Slot.none || label(of: previous) != .none, "a sibling in an indexed container has a label")
        assert(next == Slot.none || label(of: next) != .none, "a sibling in an indexed container has a label")
        let a = previous == Slot.none ? 0 : label(of: previous).value
        let b = next == Slot.none ? Self.labelLimit : label(of: next).value
        if b - a >= 2 { return ChildBVH.Label(a + (b - a) / 2) }
        var width = 4
        while true {
            var before: [Slot] = []
            var x = previous
            while before.count < width && x != Slot.none {
                before.append(x)
                x = previousSiblingInOrder(of: x)
            }
            var after: [Slot] = []
            var y = next
            while after.count < width && y != Slot.none {
                after.append(y)
                y = nextSibling(of: y)
            }
            let lo = x == Slot.none ? 0 : label(of: x).value
            let hi = y == Slot.none ? Self.labelLimit : label(of: y).value
            let run = before.reversed() + [child] + after
            let gap = (hi - lo) / (run.count + 1)
            let whole = x == Slot.none && y == Slot.none
            if gap >= Self.relabelGap || whole {
                precondition(gap >= 1, "labels cover fewer siblings than 2^31")
                statistics.relabels += 1
                var fresh = ChildBVH.Label.none
                for (j, c) in run.enumerated() {
                    let label = ChildBVH.Label(lo + (j + 1) * gap)
                    if c == child { fresh = label } else { relabelLane(c, label) }
                }
                return fresh
            }
            width *= 2
        }
    }

    /// Gives a subview's lane a new label, its interval and exact bit unchanged, and brings the
    /// keys above it up to date (no box moves).
    /// - Complexity: O(log k).
    func relabelLane(_ child: Slot, _ label: ChildBVH.Label) {
        let location = state.slots[child.index].lane
        precondition(location != .none, "a sibling under an indexed container has a lane")
        state.leaves.update(location.block) { l in
            l.key[location.lane] = label.key(exact: l.isExact(location.lane))
        }
        refit(.leaf(location.block), tighten: false)
    }
}

extension FBox: Equatable {
    public static func == (a: FBox, b: FBox) -> Bool {
        a.minX == b.minX && a.minY == b.minY && a.maxX == b.maxX && a.maxY == b.maxY
    }
}
