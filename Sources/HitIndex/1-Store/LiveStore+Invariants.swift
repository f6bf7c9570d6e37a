extension LiveStore {
    /// The current (uncommitted) columns as a snapshot would read them.
    var currentView: StoreSnapshot { columns(as: pager.version) }

    /// Checks everything: what readers rely on (``StoreSnapshot/invariantViolations()``), then the
    /// writer's own structures — each view's parent, the order trees (leaf sequence equal to what
    /// snapshots read, counts, parent and leaf links, no sibling links under them), the links of
    /// other indexed views (their labels' order), labels and lane locations, node metadata,
    /// `reachInParent`, records agreeing with the attributes they were derived from, the windows'
    /// order, ids, side-table slots, free lists and counts.
    /// - Returns: every violation found (empty when sound).
    /// - Complexity: O(n).
    func invariantViolations() -> [InvariantViolation] {
        let view = currentView
        var problems = view.invariantViolations()
        guard problems.isEmpty else { return problems }
        func fail(_ s: String) { problems.append(InvariantViolation(s)) }
        for problem in state.slots.reader.layoutViolations("slots")
            + state.orderNodes.reader.layoutViolations("orderNodes") + state.rares.reader.layoutViolations("rares")
            + state.boundsEntries.reader.layoutViolations("boundsEntries")
            + state.insetsEntries.reader.layoutViolations("insetsEntries")
            + state.alphaEntries.reader.layoutViolations("alphaEntries")
            + state.leafMeta.reader.layoutViolations("leafMeta") + state.blockMeta.reader.layoutViolations("blockMeta")
            + state.idTable.reader.layoutViolations("idTable")
        {
            fail(problem)
        }
        beforeImageViolations(fail)
        pager.poolViolations().forEach(fail)
        let (order, _) = view.paintOrder()
        let reach = view.expectedReach(order)
        var extrasSeen = Set<UInt32>()
        var widesSeen = Set<Int>()
        var raresSeen = Set<RareRef>()
        var nodesSeen = (leaves: Set<Int>(), blocks: Set<Int>())
        var withIDs = 0
        for v in [Slot.screen] + order {
            let r = state.records[v.index]
            let s = state.slots[v.index]
            // What snapshots read: an indexed view's lanes by label, another's links.
            let kids = view.children(of: v)
            for c in kids where parent(of: c) != v {
                fail("view \(c): parent \(parent(of: c)), but it is a subview of \(v)")
            }
            orderViolations(v, kids, fail)
            // The writer's own order is the same: its order tree (checked against `kids` above),
            // or its links; under an order tree there are none.
            if s.childOrder.isTree {
                for c in kids where state.records[c.index].previousSibling != Slot.none {
                    fail("view \(c): a previousSibling link under an order tree")
                }
            } else if children(of: v) != kids {
                fail("view \(v): its links order its subviews otherwise than its lanes' labels")
            }
            let indexed = r.flags.contains(.indexed)
            for c in kids {
                let cs = state.slots[c.index]
                if !indexed {
                    if cs.lane != .none {
                        fail("view \(c): a lane under an unindexed view")
                    }
                    continue
                }
                guard cs.lane != .none && cs.lane.block < state.leafMeta.count else {
                    fail("view \(c): no lane (\(cs.lane)) under an indexed view")
                    continue
                }
                let leaf = state.leaves[cs.lane.block]
                let lane = cs.lane.lane
                // Its label is the lane's key: the snapshot's checker has found it nonzero and
                // in its siblings' order.
                if leaf.slot(at: lane) != c {
                    fail("view \(c): its lane location does not hold it")
                } else if lane >= Int(state.leafMeta[cs.lane.block].count) {
                    fail("view \(c): its lane is past its leaf's count")
                }
            }
            if indexed { nodeMetaViolations(extra(of: v).bvh, &nodesSeen, fail) }
            // The screen too: it holds an extra while its windows are indexed.
            if r.extra != 0 && !extrasSeen.insert(r.extra).inserted {
                fail("view \(v): extra slot \(r.extra) shared")
            }
            if r.flags.contains(.wideGeometry) && !widesSeen.insert(r.geometry.wideIndex).inserted {
                fail("view \(v): wide geometry entry \(r.geometry.wideIndex) shared")
            }
            if v != Slot.screen {
                let inParent = reachInParent(of: r)
                if !(inParent == reach[v.index].inParent) {
                    fail("view \(v): reach in its superview \(inParent), recomputed \(reach[v.index].inParent)")
                }
                let a = attributes(of: v)
                if geometry(of: r) != RecordGeometry(a.placement, a.hitRegion) {
                    fail("view \(v): its record's geometry differs from its attributes'")
                }
                if s.rare != .none && !raresSeen.insert(s.rare).inserted { fail("view \(v): \(s.rare) shared") }
                // The smallest place that holds the values: none for the defaults, a bounds entry
                // for bounds alone, an insets entry for insets alone, an alpha entry for alpha.
                if s.rare.isRare {
                    let values = state.rares[s.rare.index]
                    let smaller =
                        values.isDefault
                        ? "none"
                        : values.keepsOnlyBounds
                            ? "a bounds entry"
                            : values.keepsOnlyInsets
                                ? "an insets entry" : values.keepsOnlyAlpha ? "an alpha entry" : nil
                    if let smaller { fail("view \(v): a rare entry for values that need \(smaller)") }
                }
                if s.rare.isAlpha && bitwiseEqual(state.alphaEntries[s.rare.index].alpha, RareAttributes.defaults.alpha)
                {
                    fail("view \(v): an alpha entry that holds the default alpha, 1")
                }
                // Bounds kept in the rare entry only where the hit rect cannot give them back.
                let rareValues = rare(of: v)
                if rareValues.storesBounds
                    && LiveStore.boundsDecode(rareValues.bounds, geometry(of: r).extents, insets: rareValues.insets)
                {
                    fail("view \(v): its rare entry keeps bounds \(rareValues.bounds) that its hit rect decodes to")
                }
                if !rareValues.storesBounds && !bitwiseEqual(rareValues.bounds, Rect.zero) {
                    fail("view \(v): its rare entry holds bounds \(rareValues.bounds) it does not keep")
                }
                if let id = id(of: v) {
                    withIDs += 1
                    if slot(withID: id) != v { fail("view \(v): its id \"\(id)\" does not find it") }
                }
                if r.flags.contains(.window) != (r.parent == Slot.screen)
                    || rare(of: v).isWindow != r.flags.contains(.window)
                {
                    fail("view \(v): window flags disagree with its place")
                }
                let level = r.parent == Slot.screen ? rare(of: v).level : 0
                if extra(of: v).windowLevel.bitPattern != level.bitPattern {
                    fail("view \(v): the published level \(extra(of: v).windowLevel), expected \(level)")
                }
            }
        }
        let windows = children(of: Slot.screen).map { rare(of: $0) }
        for (a, b) in zip(windows, windows.dropFirst()) where !((a.level, a.order) < (b.level, b.order)) {
            fail("windows out of (level, order): (\(a.level), \(a.order)) before (\(b.level), \(b.order))")
        }
        if withIDs != state.counts.idTableUsed {
            fail("\(withIDs) views have ids, the id table holds \(state.counts.idTableUsed)")
        }
        let tableEntries = state.counts.idTableUsed + state.counts.idTableTombstones
        if !Self.tableHasRoom(for: tableEntries, capacity: state.counts.idTableCapacity) {
            fail("the id table holds \(tableEntries) entries in \(state.counts.idTableCapacity), over three quarters")
        }
        poolViolations(
            liveViews: order.count, extrasSeen: extrasSeen, widesSeen: widesSeen, raresSeen: raresSeen,
            nodesSeen: nodesSeen, fail)
        return problems
    }

    /// Every pool's free list is a list, and with the entries in use it accounts for every
    /// position: free slots are dead; side entries and hierarchy nodes are each either free or
    /// held by exactly one live view's structures (none leaks, none is both).
    private func poolViolations(
        liveViews: Int, extrasSeen: Set<UInt32>, widesSeen: Set<Int>, raresSeen: Set<RareRef>,
        nodesSeen: (leaves: Set<Int>, blocks: Set<Int>),
        _ fail: (String) -> Void
    ) {
        func account<Entry>(_ name: String, _ pool: Pool<Entry>, used: Set<Int>, reserved: Int) {
            guard let free = pool.freePositions() else { return pool.freeListViolations(name).forEach(fail) }
            let freed = Set(free)
            if !freed.isDisjoint(with: used) { fail("\(name): a position is both free and in use") }
            if freed.count + used.count + reserved != pool.count {
                fail("\(name): \(used.count) in use and \(freed.count) free, of \(pool.count) (\(reserved) reserved)")
            }
        }
        if let free = state.slots.freePositions() {
            for f in free where state.records[f].flags.contains(.live) { fail("slot \(f) is free but live") }
            if liveViews + 1 + free.count != state.slots.count {
                fail("\(liveViews) live views and \(free.count) free slots, of \(state.slots.count) slots")
            }
        } else {
            state.slots.freeListViolations("slots").forEach(fail)
        }
        account("extras", state.extras, used: Set(extrasSeen.map { Int($0) }), reserved: 1)
        account("wide geometries", state.wideGeometries, used: widesSeen, reserved: 1)
        account("rares", state.rares, used: Set(raresSeen.filter(\.isRare).map(\.index)), reserved: 1)
        account(
            "bounds entries", state.boundsEntries, used: Set(raresSeen.filter(\.isBounds).map(\.index)), reserved: 1)
        account(
            "insets entries", state.insetsEntries, used: Set(raresSeen.filter(\.isInsets).map(\.index)), reserved: 1)
        account(
            "alpha entries", state.alphaEntries, used: Set(raresSeen.filter(\.isAlpha).map(\.index)), reserved: 1)
        account("hierarchy leaves", state.leafMeta, used: nodesSeen.leaves, reserved: 0)
        account("hierarchy blocks", state.blockMeta, used: nodesSeen.blocks, reserved: 0)
        for problem in state.orderNodes.freeListViolations("order nodes") { fail(problem) }
    }

    /// Every before-image the pager keeps must lie within a page made by an older version — a
    /// page of a writer-only column, or the part of a shared column's page past the column's
    /// fresh mark, which no snapshot reads; one the column holds, or one this version replaced (a
    /// copy or a compaction after the write), past the offset the pager kept for it: only those
    /// are written in place, and a rollback writes the bytes back there (an entry anywhere else
    /// would write over memory a snapshot reads, or a freed block).
    private func beforeImageViolations(_ fail: (String) -> Void) {
        var pages: [(start: UInt, end: UInt)] = []
        func add(_ body: UnsafeMutableRawPointer) {
            let start = UInt(bitPattern: body)
            pages.append((start, start + UInt(PageBlock.byteCount(body))))
        }
        let own = [
            state.slots.forEachPage, state.orderNodes.forEachPage, state.rares.forEachPage,
            state.boundsEntries.forEachPage, state.insetsEntries.forEachPage, state.alphaEntries.forEachPage,
            state.leafMeta.forEachPage, state.blockMeta.forEachPage, state.idTable.forEachPage,
        ]
        for forEach in own {
            forEach { if !pager.isWritable($0) { add($0) } }
        }
        // Replaced blocks: a writer-only page whole, a shared page past the fresh mark its
        // column had, a directory or top block not at all (the pager keeps each one's offset).
        pager.forEachReplacedBlock { body, from in
            let start = UInt(bitPattern: body)
            let byteCount = PageBlock.byteCount(body)
            if from < byteCount { pages.append((start + UInt(from), start + UInt(byteCount))) }
        }
        // Shared columns write in place only past their fresh mark, where no snapshot reads.
        let sharedTails = [
            state.records.forEachFreshTailOfOlderPages, state.extras.column.forEachFreshTailOfOlderPages,
            state.wideGeometries.column.forEachFreshTailOfOlderPages, state.leaves.forEachFreshTailOfOlderPages,
            state.blocks.forEachFreshTailOfOlderPages, state.idBytes.forEachFreshTailOfOlderPages,
        ]
        for forEach in sharedTails {
            forEach { start, byteCount in
                let a = UInt(bitPattern: start)
                pages.append((a, a + UInt(byteCount)))
            }
        }
        pages.sort { $0.start < $1.start }
        pager.forEachBeforeImage { address, byteCount in
            let a = UInt(bitPattern: address)
            // The last page starting at or before the entry.
            var (lo, hi) = (0, pages.count)
            while lo < hi {
                let mid = (lo + hi) / 2
                if pages[mid].start <= a { lo = mid + 1 } else { hi = mid }
            }
            guard lo > 0, a + UInt(byteCount) <= pages[lo - 1].end, byteCount > 0 else {
                fail(
                    "before-images: \(byteCount) bytes at \(address) are not within an older writer-only page or "
                        + "past a shared column's fresh mark")
                return
            }
        }
    }

    /// The order of `parent`'s subviews `kids`: without a tree, the count and no order leaves,
    /// at most ``orderTreeLimit`` of them; with one, more than ``orderTreeDropLimit`` of them, and
    /// its leaves in order hold `kids`; every node is reached once, is not empty, and names its
    /// parent; inner entries count the items below them; every subview's `orderLeaf` is its leaf;
    /// a root inner node has two children or more.
    private func orderViolations(_ parent: Slot, _ kids: [Slot], _ fail: (String) -> Void) {
        let order = state.slots[parent.index].childOrder
        guard order.isTree else {
            if order.smallCount != kids.count {
                fail("view \(parent): counts \(order.smallCount) subviews, its links hold \(kids.count)")
            }
            if kids.count > LiveStore.orderTreeLimit {
                fail("view \(parent): \(kids.count) subviews without an order tree")
            }
            for k in kids where state.slots[k.index].orderLeaf != .none {
                fail("view \(k): an order leaf, though its superview keeps no order tree")
            }
            return
        }
        let root = order.root
        if kids.count < LiveStore.orderTreeDropLimit {
            fail("view \(parent): an order tree for \(kids.count) subviews")
        }
        guard !kids.isEmpty, state.orderNodes[root.index].parent == .none else {
            fail("view \(parent): its order tree's root is missing or has a parent")
            return
        }
        if !state.orderNodes[root.index].isLeaf && state.orderNodes[root.index].count < 2 {
            fail("view \(parent): its order tree's root has one child")
        }
        var sequence: [Slot] = []
        var seen = Set<OrderNode>()
        // Depth first, entries in order; each entry's expected total checked on the way back.
        var stack: [(node: OrderNode, expanded: Bool)] = [(root, false)]
        var totals: [OrderNode: UInt32] = [:]
        while let (node, expanded) = stack.popLast() {
            let b = state.orderNodes[node.index]
            if expanded {
                var total: UInt32 = 0
                for k in 0..<Int(b.count) {
                    let size = b.isLeaf ? 1 : totals[b.node(k)] ?? 0
                    if !b.isLeaf && b.size(k) != size {
                        fail("view \(parent): order node \(node) counts \(b.size(k)) under entry \(k), \(size) found")
                    }
                    total += size
                }
                if b.total != total { fail("view \(parent): order node \(node) totals \(b.total), \(total) found") }
                totals[node] = total
                continue
            }
            guard seen.insert(node).inserted, seen.count <= kids.count + 1 else {
                fail("view \(parent): its order tree reaches node \(node) twice")
                return
            }
            if b.count == 0 { fail("view \(parent): order node \(node) is empty") }
            stack.append((node, true))
            if b.isLeaf {
                for k in 0..<Int(b.count) {
                    sequence.append(b.slot(k))
                    if state.slots[b.slot(k).index].orderLeaf != node {
                        fail("view \(b.slot(k)): its order leaf is not the one holding it")
                    }
                }
            } else {
                for k in (0..<Int(b.count)).reversed() {
                    let c = b.node(k)
                    if state.orderNodes[c.index].parent != node { fail("order node \(c): its parent link is wrong") }
                    stack.append((c, false))
                }
            }
        }
        if sequence != kids { fail("view \(parent): its order tree's sequence differs from its subviews") }
    }

    /// Each node under `root`: the lane count matches the used lanes, and each child's metadata
    /// names the lane that holds it. Adds the nodes to `seen`; a node already there belongs to
    /// two hierarchies.
    private func nodeMetaViolations(
        _ root: ChildBVH.Node, _ seen: inout (leaves: Set<Int>, blocks: Set<Int>), _ fail: (String) -> Void
    ) {
        guard root != .none else { return fail("an indexed view has no hierarchy root") }
        if meta(root).parent != .none { fail("hierarchy root \(root) has a parent") }
        var pending = [root]
        while let node = pending.popLast() {
            let i = node.index
            guard i < (node.isLeaf ? state.leafMeta.count : state.blockMeta.count) else {
                fail("\(node) is past its pool's end")
                continue
            }
            let fresh = node.isLeaf ? seen.leaves.insert(i).inserted : seen.blocks.insert(i).inserted
            if !fresh { fail("\(node) is in two hierarchies") }
            if node != root && meta(node).churn != 0 {
                fail("\(node) is not a root but counts \(meta(node).churn) edits")
            }
            if node.isLeaf {
                let used = (0..<ChildBVH.branching).filter { state.leaves[i].key[$0] != 0 }.count
                if used != Int(state.leafMeta[i].count) {
                    fail("leaf \(i): count \(state.leafMeta[i].count), \(used) lanes used")
                }
                continue
            }
            let b = state.blocks[i]
            let used = (0..<ChildBVH.branching).filter { b.key[$0] != 0 }.count
            if used != Int(state.blockMeta[i].count) {
                fail("block \(i): count \(state.blockMeta[i].count), \(used) lanes used")
            }
            for lane in 0..<used {
                let child = b.node(lane)
                if meta(child).parent != ChildBVH.Lane(block: i, lane: lane) {
                    fail("block \(i) lane \(lane): its child's parent link is wrong")
                }
                pending.append(child)
            }
        }
    }
}

extension StoreSnapshot {
    /// What the build's formulas give for each view, recomputed bottom-up from the records.
    struct ExpectedReach {
        /// The subviews' union: the hierarchy's box when indexed, else the union of their reach.
        var union = FBox.empty
        /// Whether no hit can come from the view or its subtree.
        var unreachable = true
        /// Where one can, in the superview's space.
        var inParent = FBox.empty
    }

    /// ``ExpectedReach`` by slot, for the views of `order` (paint order).
    func expectedReach(_ order: [Slot]) -> [ExpectedReach] {
        var result = [ExpectedReach](repeating: ExpectedReach(), count: slotCount)
        for v in order.reversed() {
            let r = records[v.index]
            var union = FBox.empty
            if r.flags.contains(.indexed) {
                let root = extras[Int(r.extra)].bvh
                union = root.isLeaf ? leaves[root.index].bounds : blocks[root.index].bounds
            } else {
                for c in children(of: v) { union = union.union(result[c.index].inParent) }
            }
            result[v.index].union = union
            let g = geometry(of: r)
            let reach = DBox.reach(own: DBox(g.extents), subviews: DBox(union), flags: r.flags)
            guard !reach.isEmpty else { continue }
            result[v.index].unreachable = false
            let transformed = r.flags.contains(.transformed)
            let e = transformed ? extras[Int(r.extra)] : .empty
            let placement = ViewPlacement(
                center: g.center, transform: e.transform, inverse: e.inverse, anchorOffset: g.anchorOffset)
            let lifted = reach.lifted(by: placement, transformed: transformed)
            result[v.index].inParent = lifted.isEmpty ? .empty : FBox(outward: lifted)
        }
        return result
    }
}

extension LiveStore {
    /// The most views for which debug builds check every structure after every commit: the
    /// check is O(n), and the tests' million-view stores commit too.
    static let debugCheckLimit = 50_000

    /// Debug builds (and so every test) run the invariant checker on each commit of a store of at
    /// most ``debugCheckLimit`` views, and stop at the first violation: a broken structure is
    /// found at the commit that broke it, not at the query that trips over it later.
    /// - Complexity: O(n) for n views; nothing above the limit.
    func checkInvariantsAfterCommit() {
        guard state.counts.viewCount <= Self.debugCheckLimit else { return }
        let violations = invariantViolations()
        precondition(
            violations.isEmpty,
            "live store invariants broken at commit: "
                + violations.prefix(5).map(String.init(describing:)).joined(separator: "; "))
    }
}
