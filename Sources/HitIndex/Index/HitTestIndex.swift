/// The flattened hit-testing engine for a fixed scene: the same answer as the recursive
/// reference, for every scene and point, without recursion and without allocating.
///
/// A convenience over the live index: it loads the scene into a store, publishes it once and
/// keeps that ``IndexSnapshot`` (``snapshot``), so any number of threads may query it at once.
/// Answers are ``ViewIndex`` paint-order positions, which a fresh load makes equal to slot − 1.
/// For edits, stable handles and user values, use ``LiveIndex``.
///
/// The search follows the view tree as UIKit does — subviews front to back, each converted with
/// the canonical conversion and tested with the shared hit-region test, so every decision is the
/// reference's own — but a wide container's subviews are found through a `ChildBVH` in its
/// bounds space instead of being tried one by one.
public final class HitTestIndex: Sendable {
    /// The published state the index answers from.
    public let snapshot: IndexSnapshot

    /// Loads and indexes a scene; refuses an invalid one with the validation error.
    /// - Complexity: O(n) for n views.
    public init(_ scene: Scene) throws(SceneError) {
        let store = LiveStore()
        try store.load(scene)
        snapshot = IndexSnapshot(store.publish(), arena: store.pager.arena)
    }

    /// Indexes bulk-load records (``LiveIndex/init(views:threads:)``'s): answers are positions in
    /// `views`, which are paint-order positions when the records are in paint order (as
    /// `Scene.viewDefinitions()` and the scene reader's records are).
    /// `threads` as for ``LiveIndex/init(views:threads:)``.
    /// - Throws: the first violation, as ``LiveIndex/init(views:threads:)`` names it.
    /// - Complexity: O(n) for n views, plus sorting where siblings are not in input order.
    public init(views: [ViewDefinition], threads: Int = 2) throws(SceneError) {
        let store = LiveStore()
        try store.load(views, threads: threads)
        snapshot = IndexSnapshot(store.publish(), arena: store.pager.arena)
    }

    /// Answers from `snapshot` by paint-order position: the snapshot of a live index freshly
    /// loaded from a scene or from paint-ordered records, where slot − 1 is the position (the
    /// benchmark keeps the live index to count what its writer holds).
    /// - Complexity: O(1).
    package init(freshlyLoaded snapshot: IndexSnapshot) {
        self.snapshot = snapshot
    }

    /// The fewest subviews for which a container gets a `ChildBVH` (below it, trying the
    /// subviews one by one is as fast); a live index drops it again below 4.
    public static let indexedChildThreshold = LiveStore.indexedChildThreshold

    /// The number of views indexed.
    /// - Complexity: O(1).
    public var viewCount: Int { snapshot.viewCount }

    /// The paint-order position of a slot of this index (views are loaded in paint order).
    @inline(__always)
    static func position(_ slot: Slot) -> ViewIndex? {
        slot == Slot.none ? nil : ViewIndex(rawValue: slot.rawValue - 1)
    }

    /// The slot of a paint-order position.
    @inline(__always)
    static func slot(_ view: ViewIndex) -> Slot { Slot(rawValue: view.rawValue + 1) }

    /// The slot of a position of this index; traps, naming both, on a position past its views
    /// (the records' pages beyond the last view are not this index's to read).
    @inline(__always)
    private func checkedSlot(_ view: ViewIndex, _ function: StaticString = #function) -> Slot {
        precondition(
            Int(view.rawValue) < viewCount,
            "HitTestIndex.\(function): view \(view.rawValue) is not a view of this index (it has \(viewCount))")
        return Self.slot(view)
    }

    /// The id of a view.
    /// - Precondition: `view` is below ``viewCount``.
    /// - Complexity: O(length of the id).
    public func id(of view: ViewIndex) -> String {
        LiveStore.string(snapshot.store.records[checkedSlot(view).index].id, in: snapshot.store.idBytes) ?? ""
    }

    /// The view a touch at `screenPoint` lands on, or `nil`.
    /// - Complexity: O(log n) for the common shapes; O(depth) for a deep chain; never recursive;
    ///   no heap allocation unless the scene nests deeper than the fixed traversal stacks.
    public func hitTest(_ screenPoint: Point) -> ViewIndex? {
        var counters = VisitCounters()
        return Self.position(snapshot.store.hitTestSlot(screenPoint, counting: &counters))
    }

    /// ``hitTest(_:)``, adding what it touched to `counters`.
    /// - Complexity: as ``hitTest(_:)``.
    public func hitTest(_ screenPoint: Point, counting counters: inout VisitCounters) -> ViewIndex? {
        Self.position(snapshot.store.hitTestSlot(screenPoint, counting: &counters))
    }

    /// The id of the view a touch at `screenPoint` lands on, or `nil`.
    /// - Complexity: as ``hitTest(_:)`` plus the id's length.
    public func hitTestID(_ screenPoint: Point) -> String? {
        hitTest(screenPoint).map(id(of:))
    }

    /// Hit-tests many screen points, spread over `threads` threads; results in input order.
    /// - Complexity: O(q · cost of one query / threads) for q points.
    public func hitTest(_ points: [Point], threads: Int = 2) -> [ViewIndex?] {
        snapshot.hitTest(points, threads: threads).map { $0.flatMap { Self.position($0.handle.storeSlot) } }
    }

    /// Every view a touch at `screenPoint` could land on, front to back: the views that are
    /// eligible with all their ancestors, inside their own hit area and every clipping
    /// ancestor's, and not pass-through, each mapped through its outermost redirecting ancestor
    /// (what ``hitTest(_:)`` would return were it the front-most). The first is ``hitTest(_:)``'s
    /// answer. For debugging: visits every reachable view.
    /// - Complexity: O(n).
    public func hitTestAll(_ screenPoint: Point) -> [ViewIndex] {
        snapshot.store.hitTestAllSlots(screenPoint).compactMap(Self.position)
    }

    /// Explains the answer at `screenPoint`; lists at most `limit` rejected views.
    /// - Complexity: O(n) time and memory for n views; for debugging.
    public func explain(_ screenPoint: Point, limit: Int = 10) -> HitExplanation {
        snapshot.store.explain(screenPoint, limit: limit).mapViews { Self.position($0)! }
    }

    /// Checks the index's structure and returns every violation found (empty when sound).
    /// - Complexity: O(n).
    public func invariantViolations() -> [InvariantViolation] {
        snapshot.store.invariantViolations()
    }

    /// Whether the view has a hierarchy over its subviews (a wide container).
    /// - Precondition: `view` is below ``viewCount``.
    /// - Complexity: O(1).
    public func isIndexed(_ view: ViewIndex) -> Bool {
        snapshot.store.records[checkedSlot(view).index].flags.contains(.indexed)
    }
}

/// What a query touched, for the benchmark and for tests that pin down pruning.
public struct VisitCounters: Sendable {
    /// Views whose point was converted and tested.
    public var views = 0
    /// Hierarchy nodes whose box was tested.
    public var nodes = 0
    /// Hierarchy items (subviews) whose box was tested.
    public var items = 0

    /// Zero counts.
    /// - Complexity: O(1).
    public init() {}
}
