/// One level of the iterative search: a view whose point is known and whose subviews are being
/// tried front to back.
struct SearchFrame {
    /// The view's slot and record, and the touch in its bounds space.
    var view: Slot
    var record: UnsafePointer<ViewRecord>
    var x: Double
    var y: Double
    /// Not indexed: the next subview to try (a ``Slot``'s word, ``Slot/none`` when done).
    /// Indexed: where this frame's entries start on the node stack.
    var cursor: UInt32
    /// Indexed: the label of the best subview that produced a hit, 0 for none.
    var bestKey: UInt32
    /// Indexed: the label of the subview being tried.
    var currentKey: UInt32
    /// The hit found below this view so far, ``Slot/none`` for none.
    var result: Slot
    /// Whether the touch is inside the view's own hit area.
    var inside: Bool
    var indexed: Bool
}

/// Node-stack entries with this bit are items (subviews, by slot); without it, nodes (their
/// ``ChildBVH/Node/rawValue``, which stays below 2^31). Slots are below 2^31, so the bit is free.
private let itemTag: UInt32 = 1 << 31
private let noView = Slot.none
/// Returned by `nextChild` when the node stack is full; no slot has this value.
private let stackFull = Slot(rawValue: UInt32.max - 1)
/// Returned by `enter` when the view's subviews must be searched; no slot has this value.
private let descend = Slot(rawValue: UInt32.max - 2)

extension StoreSnapshot {
    /// Frames and node-stack entries held on the thread's stack; a deeper search falls back to
    /// the thread's heap buffers (``SearchScratch``). Each buffer stays under 1 KiB, the most
    /// `withUnsafeTemporaryAllocation` places on the stack (measured: with 4 KB buffers every
    /// query made two allocations).
    static let inlineFrames = 1000 / MemoryLayout<SearchFrame>.stride
    static let inlineNodes = 1000 / MemoryLayout<UInt64>.stride

    /// The slot of the view a touch at `screenPoint` lands on, or ``Slot/none``.
    /// - Complexity: O(log n) for the common shapes; O(depth) for a deep chain; never recursive;
    ///   no heap allocation, except a thread's first searches deeper than the stacks held so far.
    func hitTestSlot(_ screenPoint: Point, counting counters: inout VisitCounters) -> Slot {
        // No containment test accepts a non-finite coordinate, and the conversion never turns a
        // non-finite coordinate finite again: such a touch lands nowhere.
        guard screenPoint.isFinite else { return noView }
        let outcome = withUnsafeTemporaryAllocation(of: SearchFrame.self, capacity: Self.inlineFrames) { frames in
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: Self.inlineNodes) { nodes in
                search(screenPoint, frames: frames, nodes: nodes, counters: &counters)
            }
        }
        if let found = outcome { return found }
        // Overflow: retry with the thread's heap stacks, doubling until the search fits.
        var frameCapacity = 4 * Self.inlineFrames
        var nodeCapacity = 4 * Self.inlineNodes
        while true {
            let found = SearchScratch.withBuffers(frames: frameCapacity, nodes: nodeCapacity) { frames, nodes in
                let found = search(screenPoint, frames: frames, nodes: nodes, counters: &counters)
                frameCapacity = 2 * frames.count
                nodeCapacity = 2 * nodes.count
                return found
            }
            if let found { return found }
        }
    }

    /// Searches from the screen. Returns the hit (``Slot/none`` for none), or nil when a stack
    /// overflowed.
    private func search(
        _ q: Point, frames: UnsafeMutableBufferPointer<SearchFrame>, nodes: UnsafeMutableBufferPointer<UInt64>,
        counters: inout VisitCounters
    ) -> Slot? {
        predicates.withUnsafeBufferPointer { predicates in
            if records.flat != nil && extras.flat != nil && leaves.flat != nil && blocks.flat != nil {
                var s = Searcher<CompactedColumns>(
                    records: records, extras: extras, wideGeometries: wideGeometries, leaves: leaves, blocks: blocks,
                    predicates: predicates,
                    frames: frames, nodes: nodes, counters: counters)
                defer { counters = s.counters }
                return s.searchScreen(q)
            }
            var s = Searcher<PagedColumns>(
                records: records, extras: extras, wideGeometries: wideGeometries, leaves: leaves, blocks: blocks,
                predicates: predicates,
                frames: frames, nodes: nodes, counters: counters)
            defer { counters = s.counters }
            return s.searchScreen(q)
        }
    }
}

/// How a search finds a record: ``CompactedColumns`` or ``PagedColumns``.
///
/// The search is specialized for each, rather than asking the column on every read: with both
/// paths in every read, the compiler no longer inlined the step that enters a view, and a `ui`
/// query took a quarter more instructions than before pages (callgrind, 20k views).
protocol ColumnAddressing {
    static func at<Element>(_ column: ColumnReader<Element>, _ i: Int) -> UnsafePointer<Element>
}

/// Every column the search reads is compacted: records by arithmetic.
enum CompactedColumns: ColumnAddressing {
    @inline(__always)
    static func at<Element>(_ column: ColumnReader<Element>, _ i: Int) -> UnsafePointer<Element> {
        column.flatPointer(i)
    }
}

/// Some column the search reads has pages out of its slab: records through the directories.
enum PagedColumns: ColumnAddressing {
    @inline(__always)
    static func at<Element>(_ column: ColumnReader<Element>, _ i: Int) -> UnsafePointer<Element> {
        column.pagedPointer(i)
    }
}

/// The search over one snapshot's columns, for the duration of one query.
struct Searcher<A: ColumnAddressing> {
    let records: ColumnReader<ViewRecord>
    let extras: ColumnReader<ViewExtra>
    let wideGeometries: ColumnReader<RecordGeometry>
    let leaves: ColumnReader<ChildBVH.LeafBlock>
    let blocks: ColumnReader<ChildBVH.Block>
    /// The snapshot's predicates, borrowed for the query (no reference counting per query).
    let predicates: UnsafeBufferPointer<(@Sendable (Point) -> Bool)?>
    let frames: UnsafeMutableBufferPointer<SearchFrame>
    let nodes: UnsafeMutableBufferPointer<UInt64>
    var counters: VisitCounters
    /// The record of the subview ``nextChild(_:_:)`` returned last (a plain frame's cursor step
    /// reads it anyway; entering the subview reuses it).
    var current: UnsafePointer<ViewRecord>?

    @inline(__always)
    func record(_ slot: Slot) -> UnsafePointer<ViewRecord> { A.at(records, slot.index) }

    @inline(__always)
    func extra(_ index: UInt32) -> UnsafePointer<ViewExtra> { A.at(extras, Int(index)) }

    /// The exact geometry of a record with these flags: its `Float`s decoded, or, for the rare
    /// record whose geometry does not round-trip, its wide entry (read through the column's own
    /// addressing: it stays out of the search's compacted-or-paged specialization).
    @inline(__always)
    func geometry(_ rec: UnsafePointer<ViewRecord>, _ flags: ViewFlags) -> RecordGeometry {
        if flags.contains(.wideGeometry) { return wideGeometries[rec.pointee.geometry.wideIndex] }
        return rec.pointee.geometry.decoded(rec.pointee.scale)
    }

    /// A view's redirect target while that view lives, else nil.
    @inline(__always)
    func redirect(of rec: UnsafePointer<ViewRecord>) -> Slot? {
        let e = extra(rec.pointee.extra)
        let target = e.pointee.redirect
        guard target != Slot.none, record(target).pointee.generation == e.pointee.redirectGeneration
        else { return nil }
        return target
    }

    /// Enters view `c` with the touch `(px, py)` in its superview's space: eligibility, the
    /// canonical conversion and `pointInside`, exactly as the reference decides them. Returns
    /// `noView` when no hit can come from it, `descend` when its subviews must be searched (its
    /// frame is then written at `frames[top + 1]`, which must exist), else the hit (a leaf the
    /// touch lands on, mapped through its redirect).
    ///
    /// The answer is a plain number and the frame is written in place: as an enum with the frame
    /// as payload, the result went through memory and the call cost a fifth of a `ui` query.
    @inline(__always)
    mutating func enter(_ c: Slot, _ rec: UnsafePointer<ViewRecord>, _ px: Double, _ py: Double, top: Int)
        -> Slot
    {
        let flags = rec.pointee.flags
        if flags.contains(.unreachable) { return noView }
        counters.views += 1
        let g = geometry(rec, flags)
        let center = Point(x: g.centerX, y: g.centerY)
        let anchor = Point(x: g.anchorOffsetX, y: g.anchorOffsetY)
        let p: Point
        if flags.contains(.transformed) {
            p = ViewPlacement.toLocal(
                Point(x: px, y: py), center: center, inverse: extra(rec.pointee.extra).pointee.inverse,
                anchorOffset: anchor)
        } else {
            p = ViewPlacement.toLocalTranslated(Point(x: px, y: py), center: center, anchorOffset: anchor)
        }
        let extents = g.extents
        var inside = extents.contains(p)
        if inside && flags.rawValue & (ViewFlags.ellipse.rawValue | ViewFlags.roundedRect.rawValue) != 0 {
            let shape: HitShape =
                flags.contains(.ellipse)
                ? .ellipse : .roundedRect(radius: extra(rec.pointee.extra).pointee.radius)
            inside = HitRegion(extents: extents, shape: shape).contains(p)
        }
        if inside && flags.contains(.predicate) {
            inside = predicates[Int(extra(rec.pointee.extra).pointee.predicate)]!(p)
        }
        let outside = flags.contains(.outside)
        if !inside && !outside { return noView }
        // No subview can answer here (or there is none): the view answers for itself.
        if rec.pointee.lastChild == noView || !rec.pointee.reach.contains(Float(p.x), Float(p.y)) {
            guard inside && !flags.contains(.passThrough) else { return noView }
            if flags.contains(.redirect), let target = redirect(of: rec) { return target }
            return c
        }
        let indexed = flags.contains(.indexed)
        frames[top + 1] = SearchFrame(
            view: c, record: rec, x: p.x, y: p.y, cursor: indexed ? 0 : rec.pointee.lastChild.rawValue, bestKey: 0,
            currentKey: 0, result: noView, inside: inside, indexed: indexed)
        return descend
    }

    /// The hit under the screen (``Slot/none`` for none), or nil on a stack overflow. The
    /// screen is a container of the windows that never answers itself and never clips them.
    mutating func searchScreen(_ q: Point) -> Slot? {
        let screen = record(Slot.screen)
        guard screen.pointee.lastChild != noView, screen.pointee.reach.contains(Float(q.x), Float(q.y)) else {
            return noView
        }
        let indexed = screen.pointee.flags.contains(.indexed)
        frames[0] = SearchFrame(
            view: Slot.screen, record: screen, x: q.x, y: q.y, cursor: indexed ? 0 : screen.pointee.lastChild.rawValue,
            bestKey: 0,
            currentKey: 0, result: noView, inside: false, indexed: indexed)
        var top = 0
        var nodeTop = 0
        if indexed {
            guard pushRoot(of: &frames[0], nodeTop: &nodeTop) else { return nil }
        }
        while true {
            let child = nextChild(top, &nodeTop)
            if child == stackFull { return nil }
            if child != noView {
                // Safe: links and lanes name records of this snapshot's version.
                let rec = current ?? record(child)
                guard top + 1 < frames.count else { return nil }
                let entered = enter(child, rec, frames[top].x, frames[top].y, top: top)
                if entered == descend {
                    top += 1
                    if frames[top].indexed {
                        guard pushRoot(of: &frames[top], nodeTop: &nodeTop) else { return nil }
                    }
                } else if entered != noView {
                    deliver(entered, to: top)
                }
                continue
            }
            // Every subview is done: the view answers for itself, then its redirect applies.
            let f = frames[top]
            var r = f.result
            if top == 0 { return r }
            let rec = f.record
            let flags = rec.pointee.flags
            if r == noView && f.inside && !flags.contains(.passThrough) { r = f.view }
            if r != noView && flags.contains(.redirect), let target = redirect(of: rec) { r = target }
            top -= 1
            if r != noView { deliver(r, to: top) }
        }
    }

    /// Records a subview's hit in frame `top`: a plain frame is then done (subviews are tried
    /// front to back, so the first hit wins); an indexed frame keeps searching for a subview
    /// with a later label.
    @inline(__always)
    mutating func deliver(_ result: Slot, to top: Int) {
        frames[top].result = result
        if frames[top].indexed {
            frames[top].bestKey = frames[top].currentKey
        } else {
            frames[top].cursor = noView.rawValue
        }
    }

    /// Starts an indexed frame's search with its hierarchy's root on the node stack. Returns false
    /// when the node stack is full.
    @inline(__always)
    mutating func pushRoot(of frame: inout SearchFrame, nodeTop: inout Int) -> Bool {
        guard nodeTop < nodes.count else { return false }
        frame.cursor = UInt32(nodeTop)
        let root = extra(frame.record.pointee.extra).pointee.bvh
        nodes[nodeTop] = UInt64(UInt32.max) << 32 | UInt64(root.rawValue)
        nodeTop += 1
        return true
    }

    /// The next subview of frame `top` to try, front-most first; ``Slot/none`` when there is
    /// none left, `stackFull` when the node stack ran out of room.
    @inline(__always)
    mutating func nextChild(_ top: Int, _ nodeTop: inout Int) -> Slot {
        if !frames[top].indexed {
            let c = Slot(rawValue: frames[top].cursor)
            if c != noView {
                let rec = record(c)
                current = rec
                frames[top].cursor = rec.pointee.previousSibling.rawValue
            }
            return c
        }
        current = nil
        return nextIndexedChild(top, &nodeTop)
    }

    /// ``nextChild(_:_:)`` for an indexed frame; out of line, so that the common step to a
    /// plain sibling does not pay for this one's registers.
    ///
    /// Node-stack entries pair a key (high 32 bits) with a node or, tagged, an item; each has
    /// already passed its box test. Popping an inner block tests its eight `Float` boxes at
    /// once; popping a leaf block tests its eight `Double` intervals, takes its exact lanes as
    /// hits on the spot and pushes the others as items. Pushes keep each block's lanes in
    /// ascending key order, so that the highest pops first; anything whose key cannot beat the
    /// best hit is dropped.
    @inline(never)
    mutating func nextIndexedChild(_ top: Int, _ nodeTop: inout Int) -> Slot {
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
            if value & itemTag != 0 {
                frames[top].currentKey = key
                return Slot(rawValue: value & ~itemTag)
            }
            counters.nodes += 1
            let start = nodeTop
            let node = ChildBVH.Node(rawValue: value)
            if node.isLeaf {
                let leaf = A.at(leaves, node.index)
                let found = ChildBVH.LeafBlock.candidates(leaf, x, y, above: best)
                var lanes = found & 0xFF
                var exact = found >> 8
                counters.items += 8
                if exact != 0 {
                    // Exact lanes are hits as they stand: the front-most of them is the best so far.
                    lanes &= ~exact
                    var bestSlot = frames[top].result
                    while exact != 0 {
                        let lane = Int(exact.trailingZeroBitCount)
                        exact &= exact - 1
                        let k = ChildBVH.LeafBlock.key(leaf, lane) & ~ChildBVH.LeafBlock.exactBit
                        if k > best {
                            best = k
                            bestSlot = ChildBVH.LeafBlock.slot(leaf, lane)
                        }
                    }
                    frames[top].bestKey = best
                    frames[top].result = bestSlot
                }
                while lanes != 0 {
                    let lane = Int(lanes.trailingZeroBitCount)
                    lanes &= lanes - 1
                    let laneKey = ChildBVH.LeafBlock.key(leaf, lane)
                    if laneKey <= best { continue }
                    guard nodeTop < nodes.count else { return stackFull }
                    let slot = ChildBVH.LeafBlock.slot(leaf, lane)
                    push(UInt64(laneKey) << 32 | UInt64(slot.rawValue | itemTag), above: start, &nodeTop)
                }
                continue
            }
            let block = A.at(blocks, node.index)
            var lanes = ChildBVH.Block.candidates(block, fx, fy, above: best)
            while lanes != 0 {
                let lane = Int(lanes.trailingZeroBitCount)
                lanes &= lanes - 1
                guard nodeTop < nodes.count else { return stackFull }
                let laneKey = ChildBVH.Block.key(block, lane)
                push(
                    UInt64(laneKey) << 32 | UInt64(ChildBVH.Block.child(block, lane).rawValue), above: start, &nodeTop)
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
