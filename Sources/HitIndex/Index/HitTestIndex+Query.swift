/// One level of the iterative search: a view whose point is known and whose subviews are being
/// tried front to back.
struct SearchFrame {
    /// The view, and the touch in its bounds space.
    var view: UInt32
    var x: Double
    var y: Double
    /// Not indexed: the next subview to try (``ViewIndex/none`` when done). Indexed: where this
    /// frame's entries start on the node stack.
    var cursor: UInt32
    /// Indexed: the key (paint order) of the best subview that produced a hit, 0 for none.
    var bestKey: UInt32
    /// The hit found below this view so far, ``ViewIndex/none`` for none.
    var result: UInt32
    /// Whether the touch is inside the view's own hit area.
    var inside: Bool
    var indexed: Bool
}

/// Node-stack entries with this bit are items (subviews, by paint-order position); without it,
/// nodes (leaf blocks carry ``ChildBVH/leafTag``). Views number fewer than 2^31, so the bit is
/// free.
private let itemTag: UInt32 = 1 << 31
private let noView = ViewIndex.none.rawValue
/// Returned by `nextChild` when the node stack is full; views never have this position.
private let stackFull = ViewIndex.none.rawValue - 1

extension HitTestIndex {
    /// Frames and node-stack entries held on the thread's stack; a deeper search falls back to
    /// heap buffers. Each buffer stays under 1 KiB, the most `withUnsafeTemporaryAllocation`
    /// places on the stack (larger ones come from the heap, an allocation per query).
    static let inlineFrames = 1000 / MemoryLayout<SearchFrame>.stride
    static let inlineNodes = 1000 / MemoryLayout<UInt64>.stride

    /// ``hitTest(_:)``, adding what it touched to `counters`.
    /// - Complexity: as ``hitTest(_:)``.
    public func hitTest(_ screenPoint: Point, counting counters: inout VisitCounters) -> ViewIndex? {
        // No containment test accepts a non-finite coordinate, and the conversion never turns a
        // non-finite coordinate finite again: such a touch lands nowhere.
        guard screenPoint.isFinite else { return nil }
        let outcome = withUnsafeTemporaryAllocation(of: SearchFrame.self, capacity: Self.inlineFrames) { frames in
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: Self.inlineNodes) { nodes in
                search(screenPoint, frames: frames, nodes: nodes, counters: &counters)
            }
        }
        if let found = outcome { return found == noView ? nil : ViewIndex(rawValue: found) }
        // Overflow: retry with heap stacks sized for the scene's depth, growing if the node
        // stack still overflows.
        var frameCapacity = scene.maxDepth + 2
        var nodeCapacity = Swift.max(Self.inlineNodes * 4, 64 * scene.indexedDepth)
        while true {
            let frames = UnsafeMutableBufferPointer<SearchFrame>.allocate(capacity: frameCapacity)
            let nodes = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: nodeCapacity)
            defer {
                frames.deallocate()
                nodes.deallocate()
            }
            if let found = search(screenPoint, frames: frames, nodes: nodes, counters: &counters) {
                return found == noView ? nil : ViewIndex(rawValue: found)
            }
            frameCapacity *= 2
            nodeCapacity *= 4
        }
    }

    /// Tries the windows front to back. Returns the hit (``ViewIndex/none`` for none), or nil
    /// when a stack overflowed.
    private func search(
        _ q: Point, frames: UnsafeMutableBufferPointer<SearchFrame>, nodes: UnsafeMutableBufferPointer<UInt64>,
        counters: inout VisitCounters
    ) -> UInt32? {
        scene.geometry.withUnsafeBufferPointer { geometry in
            scene.links.withUnsafeBufferPointer { links in
                scene.subviewReach.withUnsafeBufferPointer { subviewReach in
                    scene.extras.withUnsafeBufferPointer { extras in
                        scene.childIndexes.blocks.withUnsafeBufferPointer { bvhBlocks in
                            scene.childIndexes.leaves.withUnsafeBufferPointer { bvhLeaves in
                                var s = Searcher(
                                    geometry: geometry, links: links, subviewReach: subviewReach, extras: extras,
                                    predicates: scene.predicates, bvhBlocks: bvhBlocks, bvhLeaves: bvhLeaves,
                                    frames: frames, nodes: nodes, counters: counters)
                                defer { counters = s.counters }
                                for root in scene.roots.reversed() {
                                    guard let r = s.searchWindow(root.rawValue, q) else { return nil }
                                    if r != noView { return r }
                                }
                                return noView
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The search over one scene's columns, borrowed for the duration of one query.
struct Searcher {
    let geometry: UnsafeBufferPointer<NodeGeometry>
    let links: UnsafeBufferPointer<NodeLinks>
    let subviewReach: UnsafeBufferPointer<FBox>
    let extras: UnsafeBufferPointer<NodeExtra>
    let predicates: [@Sendable (Point) -> Bool]
    let bvhBlocks: UnsafeBufferPointer<ChildBVH.Block>
    let bvhLeaves: UnsafeBufferPointer<ChildBVH.LeafBlock>
    let frames: UnsafeMutableBufferPointer<SearchFrame>
    let nodes: UnsafeMutableBufferPointer<UInt64>
    var counters: VisitCounters

    /// What trying one subview gives.
    enum Entry {
        /// No hit can come from it.
        case skip
        /// It is a leaf and the touch lands on it (already mapped through its redirect).
        case hit(UInt32)
        /// Its subviews must be searched.
        case descend(SearchFrame)
    }

    /// Enters view `c` with the touch `(px, py)` in its superview's space: eligibility, the
    /// canonical conversion and `pointInside`, exactly as the reference decides them.
    @inline(__always)
    mutating func enter(_ c: UInt32, _ px: Double, _ py: Double) -> Entry {
        // Safe: every link and child index was produced by FlatScene's build and is < count.
        let link = links[Int(c)]
        let flags = link.flags
        if flags.contains(.unreachable) { return .skip }
        counters.views += 1
        let g = geometry[Int(c)]
        let p: Point
        if flags.contains(.transformed) {
            p = ViewPlacement.toLocal(
                Point(x: px, y: py), center: Point(x: g.centerX, y: g.centerY),
                inverse: extras[Int(link.extra)].inverse,
                anchorOffset: Point(x: g.anchorOffsetX, y: g.anchorOffsetY))
        } else {
            p = ViewPlacement.toLocalTranslated(
                Point(x: px, y: py), center: Point(x: g.centerX, y: g.centerY),
                anchorOffset: Point(x: g.anchorOffsetX, y: g.anchorOffsetY))
        }
        var inside = Extents(minX: g.minX, minY: g.minY, maxX: g.maxX, maxY: g.maxY).contains(p)
        if inside && flags.rawValue & (ViewFlags.ellipse.rawValue | ViewFlags.roundedRect.rawValue) != 0 {
            let shape: HitShape =
                flags.contains(.ellipse) ? .ellipse : .roundedRect(radius: extras[Int(link.extra)].radius)
            inside = HitRegion(extents: Extents(minX: g.minX, minY: g.minY, maxX: g.maxX, maxY: g.maxY), shape: shape)
                .contains(p)
        }
        if inside && flags.contains(.predicate) {
            inside = predicates[Int(extras[Int(link.extra)].predicate)](p)
        }
        let outside = flags.contains(.outside)
        if !inside && !outside { return .skip }
        // No subview can answer here (or there is none): the view answers for itself.
        if link.lastChild == .none || !subviewReach[Int(c)].contains(Float(p.x), Float(p.y)) {
            guard inside && !flags.contains(.passThrough) else { return .skip }
            return .hit(flags.contains(.redirect) ? extras[Int(link.extra)].redirect.rawValue : c)
        }
        let indexed = flags.contains(.indexed)
        return .descend(
            SearchFrame(
                view: c, x: p.x, y: p.y, cursor: indexed ? 0 : link.lastChild.rawValue, bestKey: 0, result: noView,
                inside: inside, indexed: indexed))
    }

    /// The hit in one window's tree (``ViewIndex/none`` for none), or nil on a stack overflow.
    mutating func searchWindow(_ root: UInt32, _ q: Point) -> UInt32? {
        var top = 0
        var nodeTop = 0
        switch enter(root, q.x, q.y) {
        case .skip: return noView
        case .hit(let r): return r
        case .descend(let f):
            frames[0] = f
            if f.indexed {
                guard pushRoot(of: &frames[0], nodeTop: &nodeTop) else { return nil }
            }
        }
        while true {
            let child = nextChild(top, &nodeTop)
            if child == stackFull { return nil }
            if child != noView {
                switch enter(child, frames[top].x, frames[top].y) {
                case .skip:
                    continue
                case .hit(let r):
                    deliver(r, from: child, to: top)
                case .descend(let f):
                    top += 1
                    guard top < frames.count else { return nil }
                    frames[top] = f
                    if f.indexed {
                        guard pushRoot(of: &frames[top], nodeTop: &nodeTop) else { return nil }
                    }
                }
                continue
            }
            // Every subview is done: the view answers for itself, then its redirect applies.
            let f = frames[top]
            var r = f.result
            let link = links[Int(f.view)]
            if r == noView && f.inside && !link.flags.contains(.passThrough) { r = f.view }
            if r != noView && link.flags.contains(.redirect) { r = extras[Int(link.extra)].redirect.rawValue }
            if top == 0 { return r }
            top -= 1
            if r != noView { deliver(r, from: f.view, to: top) }
        }
    }

    /// Records a subview's hit in frame `top`: a plain frame is then done (subviews are tried
    /// front to back, so the first hit wins); an indexed frame keeps searching for a subview
    /// later in paint order.
    @inline(__always)
    mutating func deliver(_ result: UInt32, from child: UInt32, to top: Int) {
        frames[top].result = result
        if frames[top].indexed {
            frames[top].bestKey = child
        } else {
            frames[top].cursor = noView
        }
    }

    /// Starts an indexed frame's search with its hierarchy's root block on the node stack.
    /// Returns false when the node stack is full.
    @inline(__always)
    mutating func pushRoot(of frame: inout SearchFrame, nodeTop: inout Int) -> Bool {
        guard nodeTop < nodes.count else { return false }
        frame.cursor = UInt32(nodeTop)
        let root = UInt32(bitPattern: extras[Int(links[Int(frame.view)].extra)].bvh)
        nodes[nodeTop] = UInt64(UInt32.max) << 32 | UInt64(root)
        nodeTop += 1
        return true
    }

    /// The next subview of frame `top` to try, front-most first; ``ViewIndex/none`` when there is
    /// none left, `stackFull` when the node stack ran out of room.
    ///
    /// Node-stack entries pair a key (high 32 bits) with a node or, tagged, an item; each has
    /// already passed its box test. Popping an inner block tests its eight `Float` boxes at
    /// once; popping a leaf block tests its eight `Double` intervals, takes its exact lanes as
    /// hits on the spot and pushes the others as items. Pushes keep each block's lanes in
    /// ascending key order, so that the highest pops first; anything whose key cannot beat the
    /// best hit is dropped.
    @inline(__always)
    mutating func nextChild(_ top: Int, _ nodeTop: inout Int) -> UInt32 {
        if !frames[top].indexed {
            let c = frames[top].cursor
            if c != noView { frames[top].cursor = links[Int(c)].previousSibling.rawValue }
            return c
        }
        return nextIndexedChild(top, &nodeTop)
    }

    /// ``nextChild(_:_:)`` for an indexed frame; out of line, so that the common step to a
    /// plain sibling does not pay for this one's registers.
    @inline(never)
    mutating func nextIndexedChild(_ top: Int, _ nodeTop: inout Int) -> UInt32 {
        let base = Int(frames[top].cursor)
        let x = frames[top].x
        let y = frames[top].y
        let fx = Float(x)
        let fy = Float(y)
        while nodeTop > base {
            nodeTop -= 1
            let entry = nodes[nodeTop]
            var best = frames[top].bestKey
            let key = UInt32(truncatingIfNeeded: entry >> 32)
            if key <= best { continue }
            let value = UInt32(truncatingIfNeeded: entry)
            if value & itemTag != 0 { return value & ~itemTag }
            counters.nodes += 1
            let start = nodeTop
            if value & ChildBVH.leafTag != 0 {
                // Safe: leaf positions come from the build and are < leaves.count.
                let leaf = bvhLeaves.baseAddress! + Int(value & ~ChildBVH.leafTag)
                let found = ChildBVH.LeafBlock.candidates(leaf, x, y, above: best)
                var lanes = found & 0xFF
                var exact = found >> 8
                counters.items += 8
                if exact != 0 {
                    // Exact lanes are hits as they stand: the front-most of them is the best so far.
                    lanes &= ~exact
                    while exact != 0 {
                        let lane = Int(exact.trailingZeroBitCount)
                        exact &= exact - 1
                        let k = ChildBVH.LeafBlock.key(leaf, lane) & ~ChildBVH.LeafBlock.exactBit
                        if k > best { best = k }
                    }
                    frames[top].bestKey = best
                    frames[top].result = best
                }
                while lanes != 0 {
                    let lane = Int(lanes.trailingZeroBitCount)
                    lanes &= lanes - 1
                    let laneKey = ChildBVH.LeafBlock.key(leaf, lane)
                    if laneKey <= best { continue }
                    guard nodeTop < nodes.count else { return stackFull }
                    push(UInt64(laneKey) << 32 | UInt64(laneKey | itemTag), above: start, &nodeTop)
                }
                continue
            }
            // Safe: block positions come from the build and are < blocks.count.
            let block = bvhBlocks.baseAddress! + Int(value)
            var lanes = ChildBVH.Block.candidates(block, fx, fy, above: best)
            while lanes != 0 {
                let lane = Int(lanes.trailingZeroBitCount)
                lanes &= lanes - 1
                guard nodeTop < nodes.count else { return stackFull }
                let laneKey = ChildBVH.Block.key(block, lane)
                push(UInt64(laneKey) << 32 | UInt64(ChildBVH.Block.child(block, lane)), above: start, &nodeTop)
            }
        }
        return noView
    }

    /// Inserts `entry` into the run `nodes[start..<nodeTop]`, which stays ascending, so that the
    /// highest key pops first. The caller has checked that there is room.
    @inline(__always)
    mutating func push(_ entry: UInt64, above start: Int, _ nodeTop: inout Int) {
        var j = nodeTop
        while j > start && nodes[j - 1] > entry {
            nodes[j] = nodes[j - 1]
            j -= 1
        }
        nodes[j] = entry
        nodeTop += 1
    }
}
