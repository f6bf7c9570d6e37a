/// What a query reads for one view: the geometry and, in the same 64 bytes, pruning, links and
/// flags; then what a hit returns and what tree reads use.
///
/// Slots index the records. A slot keeps its record for the view's whole life, whatever is
/// inserted or removed around it; the generation tells a later view in the same slot apart.
struct ViewRecord: BitwiseCopyable {
    /// The conversion's center and anchor offset and the standardized hit rect, as `Float`s that
    /// decode with ``scale`` to the exact `Double`s; with ``ViewFlags/wideGeometry``, only the
    /// position of the wide entry that holds the `Double`s.
    var geometry: CompactGeometry
    /// Where, in the view's bounds space, a subview could produce a hit (empty when none can).
    var reach: FBox
    /// The front-most subview's slot, or ``Slot/none``.
    var lastChild: Slot
    /// The slot of the subview directly behind this one, or ``Slot/none`` (also for every
    /// subview of a container whose subviews the writer orders in an order tree: snapshots read
    /// those from the container's hierarchy, by label).
    var previousSibling: Slot
    /// The view's ``ViewExtra`` slot; 0 when it has none.
    var extra: UInt32
    var flags: ViewFlags
    /// How ``geometry``'s `Float`s decode.
    var scale: GeometryScale = .plain

    // Past the first 64 bytes: read on a hit and by tree reads.
    /// Bumped each time the slot is freed, so that a handle to an earlier view is detected.
    var generation: UInt32
    /// The superview's slot (``Slot/screen`` for a window, ``Slot/none`` while unlinked and for
    /// a free slot): the only copy, read by the writer and by snapshots' tree reads.
    var parent: Slot = .none
    /// The caller's value, returned with every hit.
    var userValue: UInt64
    /// Where the id's UTF-8 bytes are (``IDRef``); 0 when the view has no id.
    var id: IDRef

    /// A record with no geometry, links or flags.
    static let empty = ViewRecord(
        geometry: .zero, reach: .empty, lastChild: .none, previousSibling: .none, extra: 0, flags: [],
        generation: 0, userValue: 0, id: IDRef(rawValue: 0))

    /// The exact geometry, given the wide entries of the record's version (read only when the
    /// record is flagged ``ViewFlags/wideGeometry``).
    /// - Complexity: O(1).
    @inline(__always)
    func geometry(wide: (Int) -> RecordGeometry) -> RecordGeometry {
        flags.contains(.wideGeometry) ? wide(geometry.wideIndex) : geometry.decoded(scale)
    }
}

/// What only some views need, in a side column: the transform and its inverse, a corner radius,
/// a redirect, a predicate, the root of the subviews' hierarchy, a window's level.
struct ViewExtra: PoolEntry {
    /// The inverse transform (`CGAffineTransformInvert` contract); identity when untransformed.
    var inverse: AffineTransform
    var transform: AffineTransform
    var radius: Double
    /// The redirect target's slot and generation: the redirect holds while that view lives, as
    /// a weak reference does.
    var redirect: Slot
    var redirectGeneration: UInt32
    /// Index into the snapshot's predicates, or -1.
    var predicate: Int32
    /// The root of the hierarchy over the subviews, or ``ChildBVH/Node/none``.
    var bvh: ChildBVH.Node
    /// A window's level, published for snapshots (the writer's is `RareAttributes.level`); 0
    /// for other views. A window at level 0 (bit for bit: -0 is kept) needs no extra for it.
    var windowLevel: Double

    static let empty = ViewExtra(
        inverse: .identity, transform: .identity, radius: 0, redirect: Slot.none, redirectGeneration: 0,
        predicate: -1, bvh: .none, windowLevel: 0)

    /// A free entry links the free list through its `bvh` word (a free entry has no hierarchy).
    var freeLink: UInt32 {
        get { bvh.rawValue }
        set { bvh = ChildBVH.Node(rawValue: newValue) }
    }

    /// Whether nothing in it differs from ``empty`` (so the view can give its slot back).
    var isEmpty: Bool {
        inverse == .identity && transform == .identity && radius == 0 && redirect == .none
            && predicate == -1 && bvh == .none && windowLevel.bitPattern == 0
    }
}

/// Where a view's id is in the store's id bytes: offset and length, packed; 0 for no id.
struct IDRef: RawRepresentable, Hashable, BitwiseCopyable {
    var rawValue: UInt64

    /// Lengths take the low 24 bits, offsets the 40 above.
    static let maxLength = 1 << 24 - 1

    init(rawValue: UInt64) { self.rawValue = rawValue }

    init(offset: Int, length: Int) {
        precondition(length > 0 && length <= IDRef.maxLength && offset < 1 << 40)
        rawValue = UInt64(offset) << 24 | UInt64(length)
    }

    var offset: Int { Int(rawValue >> 24) }
    var length: Int { Int(rawValue & 0xFF_FFFF) }
    var isNone: Bool { rawValue == 0 }
}

/// What the writer alone keeps per slot: the subviews' order, the place in the parent's order
/// and hierarchy, and the attributes the records do not hold exactly.
struct SlotState: PoolEntry {
    // Not kept here: the superview, which the record holds (``ViewRecord/parent``, next to the
    // links an edit reads and writes anyway).
    /// The subviews' order: an order tree's root, or, for a container of few subviews, their
    /// count (the search's links are then the order).
    var childOrder: ChildOrder
    /// The leaf of the superview's order tree that holds this view, or ``OrderNode/none`` (also
    /// when the superview keeps no order tree).
    var orderLeaf: OrderNode
    // Not kept here: the view's label among its siblings, which its lane's key holds
    // (``LiveStore/label(of:)``).
    /// The lane of the superview's hierarchy that holds the view (a lane of a leaf block), or
    /// ``ChildBVH/Lane/none``.
    var lane: ChildBVH.Lane
    // Not kept here: the bounds (the record's hit rect decodes to them for almost every view,
    // ``LiveStore/decodedBounds(_:insets:)``, and a side entry keeps them for the others), and the
    // reach in the superview's space (``LiveStore/reachInParent(of:)`` works it out from the
    // record).
    // Not kept here: the alpha, which is 1 for most views; the others keep it with their rare
    // values (an ``AlphaEntry`` when it is the only one).
    /// Where the view's rare values are: nowhere (the defaults), a ``RareAttributes`` entry, or
    /// a ``BoundsEntry``, ``InsetsEntry`` or ``AlphaEntry``.
    var rare: RareRef
    // Not kept here either: the edits to the subviews since the hierarchy over them was built,
    // which only an indexed container has (its hierarchy root's ``LiveStore/NodeMeta/churn``).

    /// A free slot links the free list through its order-leaf word (a free slot is in no
    /// superview's order tree; ``free`` sets it back to none when the slot is handed out).
    var freeLink: UInt32 {
        get { orderLeaf.rawValue }
        set { orderLeaf = OrderNode(rawValue: newValue) }
    }

    static let free = SlotState(
        childOrder: .small(count: 0), orderLeaf: .none, lane: .none, rare: .none)
}

/// Attributes most views leave at their defaults, kept apart so that the common view costs
/// nothing for them: anchor point, insets, minimum size, alpha, a window's level and order, and
/// the bounds of a view whose hit rect does not decode to them.
struct RareAttributes: PoolEntry, Equatable {
    var anchorPoint: Point
    var insets: EdgeInsets
    var minimumHitSize: Size
    /// Windows: the level, and the order of insertion that breaks ties (later in front).
    var level: Double
    var order: UInt64
    /// The bounds, when ``storesBounds``; else zero (the record's hit rect decodes to them).
    var bounds: Rect
    /// The next free entry when this one is free.
    var freeLink: UInt32
    var alpha: Float
    var isWindow: Bool
    /// Whether ``bounds`` holds the view's bounds: exactly when
    /// ``LiveStore/decodedBounds(_:insets:)`` of the record's hit rect and the insets does not
    /// reproduce them bit for bit (insets, a minimum size
    /// that grows the rect, a negative size, a -0 origin, a sum that rounds).
    var storesBounds: Bool

    static let defaults = RareAttributes(
        anchorPoint: Point(x: 0.5, y: 0.5), insets: .zero, minimumHitSize: .zero, level: 0, order: 0, bounds: .zero,
        freeLink: Pool<RareAttributes>.end, alpha: 1, isWindow: false, storesBounds: false)

    /// Whether the values no side entry holds are the defaults, bit for bit: anchor point,
    /// minimum size, a window's level and order, and not being a window. The three side entries
    /// (bounds, insets, alpha) each hold one value more, and need this.
    private var keepsNoWindowOrPlacementValue: Bool {
        let d = RareAttributes.defaults
        return !isWindow && bitwiseEqual(anchorPoint, d.anchorPoint) && bitwiseEqual(minimumHitSize, d.minimumHitSize)
            && bitwiseEqual(level, d.level) && order == d.order
    }

    /// Whether the values differ from the defaults in their bounds alone (bit for bit), so that a
    /// ``BoundsEntry`` holds them.
    var keepsOnlyBounds: Bool {
        let d = RareAttributes.defaults
        return storesBounds && keepsNoWindowOrPlacementValue && bitwiseEqual(insets, d.insets)
            && bitwiseEqual(alpha, d.alpha)
    }

    /// Whether the values differ from the defaults in their insets alone (bit for bit; the
    /// bounds decode through them), so that an ``InsetsEntry`` holds them.
    var keepsOnlyInsets: Bool {
        let d = RareAttributes.defaults
        return !storesBounds && keepsNoWindowOrPlacementValue && bitwiseEqual(bounds, d.bounds)
            && bitwiseEqual(alpha, d.alpha)
    }

    /// Whether the values differ from the defaults in their alpha alone (bit for bit), so that
    /// an ``AlphaEntry`` holds it.
    var keepsOnlyAlpha: Bool {
        let d = RareAttributes.defaults
        return !bitwiseEqual(alpha, d.alpha) && !storesBounds && keepsNoWindowOrPlacementValue
            && bitwiseEqual(insets, d.insets) && bitwiseEqual(bounds, d.bounds)
    }

    /// Whether a view with these values needs no rare slot: every value is the default bit for
    /// bit (a -0 inset or minimum size is kept, though it moves no edge of the hit rect).
    var isDefault: Bool {
        let d = RareAttributes.defaults
        return bitwiseEqual(anchorPoint, d.anchorPoint) && bitwiseEqual(insets, d.insets)
            && bitwiseEqual(minimumHitSize, d.minimumHitSize) && !isWindow && !storesBounds
            && bitwiseEqual(alpha, d.alpha)
    }
}

/// The bounds of a view whose hit rect does not decode to them (a sum that rounds, a -0 origin,
/// a negative size) and that keeps no other rare value: most such views, which a 128-byte
/// ``RareAttributes`` entry would cost four times as much.
struct BoundsEntry: PoolEntry {
    var bounds: Rect

    static let empty = BoundsEntry(bounds: .zero)

    /// A free entry links the free list through the low word of its origin's x.
    var freeLink: UInt32 {
        get { UInt32(truncatingIfNeeded: bounds.origin.x.bitPattern) }
        set { bounds.origin.x = Double(bitPattern: UInt64(newValue)) }
    }
}

/// The insets of a view whose bounds its hit rect gives back through them and that keeps no
/// other rare value (a button whose touch area reaches past its frame): 32 bytes instead of a
/// 128-byte ``RareAttributes`` entry.
struct InsetsEntry: PoolEntry {
    var insets: EdgeInsets

    static let empty = InsetsEntry(insets: .zero)

    /// A free entry links the free list through the low word of its top inset.
    var freeLink: UInt32 {
        get { UInt32(truncatingIfNeeded: insets.top.bitPattern) }
        set { insets.top = Double(bitPattern: UInt64(newValue)) }
    }
}

/// The alpha of a view whose alpha is not 1 and that keeps no other rare value (a faded or
/// invisible view): 4 bytes, where every view's slot state kept one.
struct AlphaEntry: PoolEntry {
    var alpha: Float

    static let empty = AlphaEntry(alpha: 1)

    /// A free entry links the free list through its alpha's bits.
    var freeLink: UInt32 {
        get { alpha.bitPattern }
        set { alpha = Float(bitPattern: newValue) }
    }
}

/// Where a view's rare values are, in one word: nowhere (``none``: the defaults), an entry of
/// the rare pool, or, tagged, an entry of the bounds, insets or alpha pool. Position 0 of each
/// pool is reserved.
struct RareRef: Hashable, BitwiseCopyable, CustomStringConvertible {
    let rawValue: UInt32

    private static let boundsTag: UInt32 = 1 << 31
    private static let insetsTag: UInt32 = 1 << 30
    private static let tags = boundsTag | insetsTag
    /// The defaults: no entry.
    static let none = RareRef(rawValue: 0)

    private init(rawValue: UInt32) { self.rawValue = rawValue }

    private init(_ index: Int, tag: UInt32) {
        precondition(index > 0 && index < Int(Self.insetsTag), "a rare, bounds, insets or alpha entry below 2^30")
        rawValue = UInt32(index) | tag
    }

    /// Entry `index` (> 0) of the rare pool.
    static func rare(_ index: Int) -> RareRef { RareRef(index, tag: 0) }

    /// Entry `index` (> 0) of the bounds pool.
    static func bounds(_ index: Int) -> RareRef { RareRef(index, tag: boundsTag) }

    /// Entry `index` (> 0) of the insets pool.
    static func insets(_ index: Int) -> RareRef { RareRef(index, tag: insetsTag) }

    /// Entry `index` (> 0) of the alpha pool: both tags.
    static func alpha(_ index: Int) -> RareRef { RareRef(index, tag: tags) }

    /// Whether the values are in a bounds entry.
    var isBounds: Bool { rawValue & Self.tags == Self.boundsTag }
    /// Whether the values are in an insets entry.
    var isInsets: Bool { rawValue & Self.tags == Self.insetsTag }
    /// Whether the values are in an alpha entry.
    var isAlpha: Bool { rawValue & Self.tags == Self.tags }
    /// Whether the values are in a rare entry.
    var isRare: Bool { self != .none && rawValue & Self.tags == 0 }
    /// The position in its pool.
    var index: Int { Int(rawValue & ~Self.tags) }

    var description: String {
        self == .none
            ? "none"
            : isBounds ? "bounds \(index)" : isInsets ? "insets \(index)" : isAlpha ? "alpha \(index)" : "rare \(index)"
    }
}
