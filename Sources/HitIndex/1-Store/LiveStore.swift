/// The storage of a live index: every view's record, the side tables, the hierarchies over wide
/// containers (whose leaf lanes' keys are the subviews' labels), the ids, and what the writer
/// alone needs (the order trees, attributes the records do not hold exactly) — all in versioned
/// paged columns, so that publishing a snapshot copies nothing and rolling a transaction back
/// restores the last commit exactly.
///
/// One writer uses a store; snapshots (``StoreSnapshot``) read the columns they were published
/// with from any thread.
///
/// Slots: slot 0 is the screen, the parent of every window (never a hit, never removed); views
/// take slots from 1. A bulk load gives views slots in paint order (windows back to front, each
/// in preorder), so slot − 1 is a freshly built scene's paint-order position.
///
/// Invariants (``invariantViolations()`` checks each one, and every pool's free list):
/// - `lastChild` in a view's record is its front-most subview. A view with more than 32
///   subviews has an order tree, a counted B+-tree: its leaves in order hold its subviews back to
///   front, each inner entry counts the items below it, every subview's `orderLeaf` is the leaf
///   holding it, and every subview's `previousSibling` is none. A view with fewer than 16 has
///   none, only the count, and its subviews' `previousSibling` links hold them back to front.
/// - A view is indexed exactly when it has a hierarchy over its subviews; every subview of an
///   indexed view sits in one lane of it, with a label that increases with its position, and
///   each inner lane's box and key are the union and maximum of what is below.
/// - A view's `reach` is the union of its subviews' `reachInParent`; `reachInParent` is its own
///   hit rect and that reach, combined by its flags and lifted through its placement; a subview's
///   lane holds the exact interval when the subview qualifies, else the `reachInParent` box.
/// - Free slots form the slot pool's list; their generation is one past the last view's.
final class LiveStore {
    /// The writer's memory and versions.
    let pager: Pager
    /// A number no other store of the process has (until 2^32 stores were made): the C API puts
    /// it in every handle, so a handle of one world is refused by another (Box2D's world ids).
    let tag: UInt32 = LiveStore.nextTag()

    /// The tags handed out so far.
    private static let tags = AtomicWord(0)

    /// A fresh tag, never 0 (the zero handle names no view of any world).
    /// - Complexity: O(1).
    static func nextTag() -> UInt32 {
        while true {
            let t = UInt32(truncatingIfNeeded: tags.add(1))
            if t != 0 { return t }
        }
    }
    /// Everything a rollback restores.
    ///
    /// Only the writer's thread touches it, and every access is short; release builds skip
    /// the run-time exclusivity check on it (measured: the checks were 5–8 % of a bulk load, most
    /// of it `swift_beginAccess` around each column write), debug builds, which run the tests,
    /// keep it, so an overlapping access is still caught.
    #if DEBUG
        var state: State
    #else
        @exclusivity(unchecked) var state: State
    #endif
    /// The state the open transaction started from (``beginTransaction()``), which a rollback
    /// restores; between transactions, the last one's start, stale. Kept beside ``state``, and
    /// overwritten in place: opening a transaction copies its kilobyte once (saved in the
    /// index's transaction, with the predicates inside, it was copied four times, field by
    /// field: a twelfth of an attribute edit and its commit, callgrind at 100k views).
    #if DEBUG
        private var savedState: State
    #else
        @exclusivity(unchecked) private var savedState: State
    #endif
    /// The predicates of the version being written (rolled back with ``state``), and when the
    /// open transaction began (``beginTransaction()``). Unchecked in release builds, as
    /// ``state`` is (the checks were about 2 % of an attribute edit and its commit).
    #if DEBUG
        var predicates = Predicates()
        private var savedPredicates = Predicates()
    #else
        @exclusivity(unchecked) var predicates = Predicates()
        @exclusivity(unchecked) private var savedPredicates = Predicates()
    #endif
    /// How often the rarer maintenance paths ran (for tests and the benchmark; not rolled back).
    /// Slots handed out in transactions that were rolled back, with the generation their next
    /// view must have at least: a handle given out then must never name a later view. Not
    /// rolled back. (Both unchecked in release builds, as ``state`` is: with the list of slots
    /// allocated since the commit, their checks were about 1 % of an insert and its commit.)
    #if DEBUG
        var statistics = Statistics()
        var generationFloor: [Slot: UInt32] = [:]
    #else
        @exclusivity(unchecked) var statistics = Statistics()
        @exclusivity(unchecked) var generationFloor: [Slot: UInt32] = [:]
    #endif
    /// Whether bulk loads write fresh slots whole (``writeFreshAttributes(_:to:userValue:id:parent:previousSibling:lastChild:)``);
    /// tests turn it off to check that the general writer leaves the same columns.
    var writesFreshSlotsWhole = true
    /// Slots allocated since the last commit (for the floor, on a rollback).
    #if DEBUG
        private var allocatedSinceCommit: [Slot] = []
    #else
        @exclusivity(unchecked) private var allocatedSinceCommit: [Slot] = []
    #endif

    /// Counts of the maintenance paths.
    struct Statistics {
        /// Hierarchies built or rebuilt (a container becoming indexed, or its churn passing a quarter
        /// of its size).
        var hierarchyBuilds = 0
        /// Leaf and block splits.
        var splits = 0
        /// Subviews whose lane location a leaf split wrote: the five that go to the new leaf,
        /// and those that stay but must take another lane (the others keep theirs).
        var laneMoves = 0
        /// Runs of siblings relabelled because an insert found no gap.
        var relabels = 0
    }

    /// The columns and counters of one version of the store: addresses and counts, plain bytes.
    struct State: BitwiseCopyable {
        /// By slot: what a query reads (shared with snapshots).
        var records: PagedColumn<ViewRecord>
        /// By slot: what only the writer keeps; its pool hands out the slots.
        var slots: Pool<SlotState>
        /// Side entries of the views that need them (shared); position 0 is "none".
        var extras: Pool<ViewExtra>
        /// The exact geometry of the views whose geometry does not round-trip through `Float`
        /// (shared); position 0 is "none".
        var wideGeometries: Pool<RecordGeometry>
        /// Rare attributes (writer only); position 0 is "none".
        var rares: Pool<RareAttributes>
        /// The bounds of views whose only rare value they are (writer only); position 0 is "none".
        var boundsEntries: Pool<BoundsEntry>
        /// The insets of views whose only rare value they are (writer only); position 0 is "none".
        var insetsEntries: Pool<InsetsEntry>
        /// The alphas of views whose only rare value it is (writer only); position 0 is "none".
        var alphaEntries: Pool<AlphaEntry>
        /// The order trees of wide containers (writer only).
        var orderNodes: Pool<OrderBlock>
        /// The hierarchies' leaf and inner blocks (shared), each beside its writer-only place,
        /// whose pool hands out both.
        var leaves: PagedColumn<ChildBVH.LeafBlock>
        var leafMeta: Pool<NodeMeta>
        var blocks: PagedColumn<ChildBVH.Block>
        var blockMeta: Pool<NodeMeta>
        var idBytes: PagedColumn<UInt8>
        var idTable: PagedColumn<UInt32>
        var counts = Counts()
    }

    /// The custom predicates, by ``ViewExtra/predicate``, and the free entries: the one part of
    /// a version that holds references, kept apart from ``State`` so that the state is plain
    /// bytes (a transaction saves it with one copy).
    struct Predicates {
        /// The closures; nil entries are free.
        var closures: [(@Sendable (Point) -> Bool)?] = []
        /// The free entries of ``closures``.
        var free: [Int32] = []
    }

    /// The scalar part of a version: totals and the id table's counters.
    struct Counts: BitwiseCopyable {
        /// Views alive (windows included, the screen not).
        var viewCount = 0
        /// Id bytes written, and those of removed views.
        var idBytesUsed = 0
        var idBytesGarbage = 0
        /// The id table's slots (a power of two, or 0), live entries and tombstones.
        var idTableCapacity = 0
        var idTableUsed = 0
        var idTableTombstones = 0
        /// The next window's insertion order.
        var windowOrder: UInt64 = 0
    }

    /// A hierarchy node's place, as only the writer needs it.
    struct NodeMeta: PoolEntry {
        /// The lane of the inner block that holds this node, or ``ChildBVH/Lane/none`` for a
        /// root.
        var parent: ChildBVH.Lane
        /// Lanes in use (the first `count`).
        var count: UInt32
        /// For a root, the edits to its container's subviews since the hierarchy was built, to
        /// decide a rebuild (``LiveStore/noteChurn(_:)``); 0 for any other node in use.
        var churn: UInt32

        /// A free node links the free list through its churn word (a free node is no root).
        var freeLink: UInt32 {
            get { churn }
            set { churn = newValue }
        }

        /// A node with no parent, no lanes and no edits counted.
        static let unused = NodeMeta(parent: .none, count: 0, churn: 0)
    }

    /// An empty store: the screen and nothing on it.
    /// - Complexity: O(1).
    init() {
        precondition(StoreLayout.verified)
        let pager = Pager()
        self.pager = pager
        // Extra and rare position 0 mean "none": reserved, so their pages exist.
        state = State(
            records: PagedColumn(pager: pager, shared: true), slots: Pool(pager: pager, shared: false),
            extras: Pool(pager: pager, shared: true, reserved: [.empty]),
            wideGeometries: Pool(pager: pager, shared: true, reserved: [.zero]),
            rares: Pool(pager: pager, shared: false, reserved: [.defaults]),
            boundsEntries: Pool(pager: pager, shared: false, reserved: [.empty]),
            insetsEntries: Pool(pager: pager, shared: false, reserved: [.empty]),
            alphaEntries: Pool(pager: pager, shared: false, reserved: [.empty]),
            orderNodes: Pool(pager: pager, shared: false),
            leaves: PagedColumn(pager: pager, shared: true), leafMeta: Pool(pager: pager, shared: false),
            blocks: PagedColumn(pager: pager, shared: true), blockMeta: Pool(pager: pager, shared: false),
            idBytes: PagedColumn(pager: pager, shared: true), idTable: PagedColumn(pager: pager, shared: false))
        savedState = state
        let screen = allocateSlot()
        precondition(screen == Slot.screen)
        var record = ViewRecord.empty
        // The screen: eligible, never inside itself, never the answer, never clipping its windows.
        var nowhere = RecordGeometry.zero
        (nowhere.minX, nowhere.minY, nowhere.maxX, nowhere.maxY) = (.infinity, .infinity, -.infinity, -.infinity)
        // Safe: zeros and infinities are Floats.
        record.geometry = CompactGeometry(plain: nowhere)!
        record.flags = [.live, .eligible, .passThrough, .outside, .unreachable]
        record.generation = state.records[screen.index].generation
        state.records.set(screen.index, record)
        state.slots.set(screen.index, .free)
    }

    deinit {
        // Blocks of the version being written are freed by the pager. Older current blocks that
        // snapshots may read go to the arena, which frees them with the last snapshot; the
        // writer's own are freed now.
        let shared = [
            state.records.forEachBlock, state.extras.forEachBlock, state.wideGeometries.forEachBlock,
            state.leaves.forEachBlock, state.blocks.forEachBlock, state.idBytes.forEachBlock,
        ]
        for forEach in shared {
            forEach { if !pager.isWritable($0) { pager.arena.adopt($0) } }
        }
        let own = [
            state.slots.forEachBlock, state.orderNodes.forEachBlock, state.rares.forEachBlock,
            state.boundsEntries.forEachBlock, state.insetsEntries.forEachBlock, state.alphaEntries.forEachBlock,
            state.leafMeta.forEachBlock, state.blockMeta.forEachBlock, state.idTable.forEachBlock,
        ]
        for forEach in own {
            forEach { if !pager.isWritable($0) { PageBlock.free($0) } }
        }
        pager.abandon()
    }

    /// Moves every column into one slab each, in order (``PagedColumn/compact()``): until a later
    /// version copies a column's pages, its reads take no address loads, as on a fresh build.
    /// - Complexity: O(bytes of the store).
    func compact() {
        // The pages the columns leave are freed at the commit (they were written by this version
        // or are the old layout): give them back to the allocator then, not to the pool, which
        // would keep up to its limit (32 B a view at a million views) that no edit asked for.
        pager.trimsPoolAtCommit = true
        state.records.compact()
        state.extras.compact()
        state.wideGeometries.compact()
        state.slots.compact()
        state.orderNodes.compact()
        state.rares.compact()
        state.boundsEntries.compact()
        state.insetsEntries.compact()
        state.alphaEntries.compact()
        state.leaves.compact()
        state.blocks.compact()
        state.leafMeta.compact()
        state.blockMeta.compact()
        state.idBytes.compact()
        state.idTable.compact()
    }

    // MARK: - Slots

    /// A slot for a new view, from the free list or past the last one; its record keeps the
    /// generation the free list left in it.
    /// - Complexity: O(1).
    func allocateSlot() -> Slot {
        let fresh = !state.slots.hasFree
        precondition(
            !fresh || state.slots.count < Int(ChildBVH.LeafBlock.exactBit) - 1, "a store holds fewer than 2^31 views")
        let slot = Slot(state.slots.allocate(.free))
        if fresh {
            var record = ViewRecord.empty
            record.generation = 1
            state.records.set(slot.index, record)
        }
        if let floor = generationFloor[slot], state.records[slot.index].generation < floor {
            state.records.update(slot.index) { $0.generation = floor }
        }
        allocatedSinceCommit.append(slot)
        state.records.update(slot.index) { $0.flags = .live }
        if slot != Slot.screen { state.counts.viewCount += 1 }
        return slot
    }

    /// `count` slots past the last one, for a load into a store that has never freed a slot or
    /// rolled one back: their records and slot states are left to the caller (they read as
    /// empty, with generation 0, until written), the view count includes them.
    /// - Complexity: O(count) (the slots are remembered for a rollback).
    func allocateFreshSlots(_ count: Int) -> Range<Slot> {
        precondition(generationFloor.isEmpty, "fresh slots only")
        precondition(
            state.slots.count + count < Int(ChildBVH.LeafBlock.exactBit) - 1, "a store holds fewer than 2^31 views")
        let positions = state.slots.allocateFresh(count)
        let slots = Slot(positions.lowerBound)..<Slot(positions.upperBound)
        state.counts.viewCount += count
        allocatedSinceCommit.append(contentsOf: slots)
        return slots
    }

    /// Gives a slot back: bumps its generation (so handles to the view it held are detected) and
    /// puts it on the free list. A slot whose generation would wrap is never reused.
    /// - Complexity: O(1).
    func freeSlot(_ slot: Slot) {
        let old = state.records[slot.index]
        if old.flags.contains(.wideGeometry) {
            state.wideGeometries.free(old.geometry.wideIndex, leaving: .zero)
        }
        var record = ViewRecord.empty
        record.generation = old.generation &+ 1
        if record.generation != 0 {
            state.records.set(slot.index, record)
            state.slots.free(slot.index, leaving: .free)
        } else {
            record.generation = UInt32.max
            state.records.set(slot.index, record)
            state.slots.set(slot.index, .free)
        }
        state.counts.viewCount -= 1
    }

    /// Whether `slot` holds a view of this generation.
    /// - Complexity: O(1).
    func isLive(_ slot: Slot, generation: UInt32) -> Bool {
        slot.index < state.slots.count && slot != Slot.screen
            && state.records[slot.index].generation == generation && state.records[slot.index].flags.contains(.live)
    }

    // MARK: - Side tables

    /// A slot of ``State/extras`` set to ``ViewExtra/empty``.
    /// - Complexity: O(1).
    func allocateExtra() -> UInt32 { UInt32(state.extras.allocate(.empty)) }

    /// Gives an extra slot back.
    /// - Complexity: O(1).
    func freeExtra(_ entry: UInt32) { state.extras.free(Int(entry), leaving: .empty) }

    /// A slot of ``State/rares`` set to `value`.
    /// - Complexity: O(1).
    func allocateRare(_ value: RareAttributes) -> UInt32 { UInt32(state.rares.allocate(value)) }

    /// Gives back the entry `ref` names, if any.
    /// - Complexity: O(1).
    func freeRare(_ ref: RareRef) {
        if ref.isBounds {
            state.boundsEntries.free(ref.index, leaving: .empty)
        } else if ref.isInsets {
            state.insetsEntries.free(ref.index, leaving: .empty)
        } else if ref.isAlpha {
            state.alphaEntries.free(ref.index, leaving: .empty)
        } else if ref.isRare {
            state.rares.free(ref.index, leaving: .defaults)
        }
    }

    /// Stores a predicate; returns its index.
    /// - Complexity: O(1) amortized; O(p) when the array is shared with a snapshot.
    func addPredicate(_ predicate: @escaping @Sendable (Point) -> Bool) -> Int32 {
        if let i = predicates.free.popLast() {
            predicates.closures[Int(i)] = predicate
            return i
        }
        predicates.closures.append(predicate)
        return Int32(predicates.closures.count - 1)
    }

    /// Frees a predicate's entry.
    /// - Complexity: O(1) amortized; O(p) when the array is shared with a snapshot.
    func removePredicate(_ i: Int32) {
        predicates.closures[Int(i)] = nil
        predicates.free.append(i)
    }

    // MARK: - Transactions

    /// Remembers the state as the open transaction's start, for ``rollback()``.
    /// - Complexity: O(1): the state is a kilobyte of column addresses and counts.
    func beginTransaction() {
        savedState = state
        savedPredicates = predicates
    }

    /// Forgets every change since the transaction began (``beginTransaction()``).
    /// - Complexity: O(blocks the changes created).
    func rollback() {
        for slot in allocatedSinceCommit {
            let handedOut = state.records[slot.index].generation
            generationFloor[slot] = Swift.max(generationFloor[slot] ?? 0, handedOut &+ 1)
        }
        allocatedSinceCommit.removeAll()
        state = savedState
        predicates = savedPredicates
        pager.rollback()
    }

    /// Takes the predicates out of the committed transaction's saved start: they may hold the
    /// last reference to a removed predicate's closure, which the caller releases when it is
    /// ready (a closure's deinit may read the index).
    /// - Complexity: O(1).
    func takeSavedPredicates() -> Predicates {
        var taken = Predicates()
        swap(&taken, &savedPredicates)
        return taken
    }

    /// Forgets the slots allocated since the last commit (they are committed now).
    func committed() {
        // Most commits allocated nothing: an empty list is left alone (emptying one still
        // checked its uniqueness and called into the array's generic removal).
        if !allocatedSinceCommit.isEmpty { allocatedSinceCommit.removeAll(keepingCapacity: true) }
    }
}
