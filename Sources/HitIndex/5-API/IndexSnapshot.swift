import Dispatch

/// One published state of a live index: immutable, `Sendable`, answering for the scene exactly as
/// it was when published, for as long as it is held, from any number of threads.
///
/// Snapshots share unchanged pages with each other and with the writer, so holding one across
/// commits costs only the pages edited since.
public final class IndexSnapshot: @unchecked Sendable {
    // @unchecked Sendable: every stored property is immutable; `store` reads memory that no one
    // writes after publication and that `arena` keeps until this snapshot's lease is released.
    let store: StoreSnapshot
    private let arena: PageArena
    private let lease: SnapshotLease

    init(_ store: StoreSnapshot, arena: PageArena) {
        self.store = store
        self.arena = arena
        self.lease = arena.lease(version: store.version)
    }

    deinit { lease.release() }

    /// The version: 1 for the first commit, one more for each commit after.
    /// - Complexity: O(1).
    public var version: UInt64 { store.version }

    /// The number of views, windows included.
    /// - Complexity: O(1).
    public var viewCount: Int { store.viewCount }

    /// The tag of the index this snapshot was published by (``LiveIndex`` and its snapshots
    /// share it; every other index has another): the C API's world tag.
    /// - Complexity: O(1).
    package var tag: UInt32 { store.tag }

    /// What a touch at `screenPoint` lands on, or nil.
    /// - Complexity: O(log n) for the common shapes; O(depth) for a deep chain; never recursive;
    ///   no heap allocation unless the scene nests deeper than the fixed traversal stacks.
    public func hitTest(_ screenPoint: Point) -> Hit? {
        var counters = VisitCounters()
        return hit(store.hitTestSlot(screenPoint, counting: &counters))
    }

    /// ``hitTest(_:)``, adding what the search touched to `counters`.
    /// - Complexity: as ``hitTest(_:)``.
    public func hitTest(_ screenPoint: Point, counting counters: inout VisitCounters) -> Hit? {
        hit(store.hitTestSlot(screenPoint, counting: &counters))
    }

    @inline(__always)
    func hit(_ slot: Slot) -> Hit? {
        guard slot != Slot.none else { return nil }
        let r = store.records.pointer(slot.index)
        return Hit(handle: ViewHandle(slot, generation: r.pointee.generation), userValue: r.pointee.userValue)
    }

    /// Hit-tests many screen points, spread over `threads` threads; results in input order.
    /// - Complexity: O(q · cost of one query / threads) for q points.
    public func hitTest(_ points: [Point], threads: Int = 2) -> [Hit?] {
        let n = points.count
        let workers = Swift.max(1, Swift.min(threads, n / 256 + 1))
        return [Hit?](unsafeUninitializedCapacity: n) { results, initialized in
            let base = UncheckedSendable(results.baseAddress)
            points.withUnsafeBufferPointer { input in
                let source = UncheckedSendable(input.baseAddress)
                DispatchQueue.concurrentPerform(iterations: workers) { w in
                    let start = n * w / workers
                    let end = n * (w + 1) / workers
                    for i in start..<end {
                        // Safe: each worker initializes only its own disjoint range [start, end).
                        (base.value! + i).initialize(to: hitTest(source.value![i]))
                    }
                }
            }
            initialized = n
        }
    }

    /// Every view a touch at `screenPoint` could land on, front to back, each with its user
    /// value: the views that are eligible with all their ancestors, inside their own hit area and
    /// every clipping ancestor's, and not pass-through, each mapped through its outermost
    /// redirecting ancestor. The first is ``hitTest(_:)``'s answer. For debugging and for
    /// engines that route one touch to several layers: visits every reachable view.
    /// - Complexity: O(n).
    public func hitTestAll(_ screenPoint: Point) -> [Hit] {
        store.hitTestAllSlots(screenPoint).compactMap(hit)
    }

    /// Explains the answer at `screenPoint`, naming views by handle; lists at most `limit`
    /// rejected views.
    /// - Complexity: O(n) time and memory for n views; for debugging.
    public func explain(_ screenPoint: Point, limit: Int = 10) -> Explanation<ViewHandle> {
        store.explain(screenPoint, limit: limit).mapViews { slot in
            ViewHandle(slot, generation: store.records[slot.index].generation)
        }
    }

    /// Whether `handle` names a view of this snapshot.
    /// - Complexity: O(1).
    public func contains(_ handle: ViewHandle) -> Bool {
        store.contains(slot: handle.storeSlot, generation: handle.generation)
    }

    /// The id of a view, or nil when it has none or `handle` is not a view of this snapshot.
    /// - Complexity: O(length of the id).
    public func id(of handle: ViewHandle) -> String? {
        guard contains(handle) else { return nil }
        return LiveStore.string(store.records[handle.storeSlot.index].id, in: store.idBytes)
    }

    /// The bytes the snapshot's columns occupy (pages, directories and their headers, counting
    /// pages shared with other snapshots), by column.
    /// - Complexity: O(pages).
    public var memoryUsage: [(column: String, bytes: Int)] {
        [
            ("records", store.records.residentBytes), ("extras", store.extras.residentBytes),
            ("wide geometries", store.wideGeometries.residentBytes),
            ("hierarchy leaves", store.leaves.residentBytes), ("hierarchy blocks", store.blocks.residentBytes),
            ("id bytes", store.idBytes.residentBytes),
            ("predicates", store.predicates.count * MemoryLayout<(@Sendable (Point) -> Bool)?>.stride),
        ]
    }

    /// The value stored with a view, or nil when `handle` is not a view of this snapshot.
    /// - Complexity: O(1).
    public func userValue(of handle: ViewHandle) -> UInt64? {
        guard contains(handle) else { return nil }
        return store.records[handle.storeSlot.index].userValue
    }

    // MARK: - Reading the tree

    /// The handle of the live view in `slot` of this snapshot.
    private func handle(_ slot: Slot) -> ViewHandle {
        ViewHandle(slot, generation: store.records[slot.index].generation)
    }

    /// A view's superview; nil for a window and for a handle that is not a view of this snapshot.
    /// - Complexity: O(1).
    public func superview(of handle: ViewHandle) -> ViewHandle? {
        guard contains(handle) else { return nil }
        let parent = store.records[handle.storeSlot.index].parent
        return parent == Slot.screen ? nil : self.handle(parent)
    }

    /// A view's subviews, back to front; empty for a handle that is not a view of this snapshot.
    /// - Complexity: O(k) for k subviews; an indexed container's are sorted from its lanes by
    ///   label, O(k log k) up to 1,024 subviews and a linear radix sort beyond.
    public func subviews(of handle: ViewHandle) -> [ViewHandle] {
        contains(handle) ? store.children(of: handle.storeSlot).map(self.handle) : []
    }

    /// The windows, back to front (the reverse of the order touches try them).
    /// - Complexity: O(w) for w windows.
    public var windows: [ViewHandle] { store.children(of: Slot.screen).map(handle) }

    /// Whether `handle` names a window of this snapshot.
    /// - Complexity: O(1).
    public func isWindow(_ handle: ViewHandle) -> Bool {
        contains(handle) && store.records[handle.storeSlot.index].flags.contains(.window)
    }

    /// A window's level; nil when `handle` is not a window of this snapshot.
    /// - Complexity: O(1).
    public func level(of handle: ViewHandle) -> Double? {
        guard isWindow(handle) else { return nil }
        let extra = store.records[handle.storeSlot.index].extra
        return extra != 0 ? store.extras[Int(extra)].windowLevel : 0
    }

    /// A view's redirect target while that target lives; nil otherwise.
    /// - Complexity: O(1).
    public func redirectTarget(of handle: ViewHandle) -> ViewHandle? {
        guard contains(handle) else { return nil }
        return store.redirectTarget(of: handle.storeSlot).map(self.handle)
    }
}

/// A pointer that may cross into `concurrentPerform`'s workers; each worker touches only its
/// own indices.
struct UncheckedSendable<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
