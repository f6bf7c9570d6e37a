extension LiveStore {
    /// The flags ``writeAttributes(_:to:)`` derives from the attributes; the others (predicate,
    /// redirect, indexed, window, unreachable) belong to other writers.
    static let attributeFlags: ViewFlags = [
        .eligible, .hidden, .interactionDisabled, .transparent, .passThrough, .outside, .ellipse, .roundedRect,
        .transformed,
    ]

    /// A view's attributes, as the model holds them.
    /// - Complexity: O(1).
    func attributes(of slot: Slot) -> ViewAttributes {
        let r = state.records[slot.index]
        let g = geometry(of: r)
        let rare = rare(of: slot)
        let extra = r.extra != 0 ? state.extras[Int(r.extra)] : .empty
        let bounds = rare.storesBounds ? rare.bounds : Self.decodedBounds(g.extents, insets: rare.insets)
        var a = ViewAttributes(bounds: bounds, center: g.center)
        a.anchorPoint = rare.anchorPoint
        a.transform = r.flags.contains(.transformed) ? extra.transform : .identity
        a.isHidden = r.flags.contains(.hidden)
        a.alpha = rare.alpha
        a.isUserInteractionEnabled = !r.flags.contains(.interactionDisabled)
        a.hitTestInsets = rare.insets
        a.minimumHitSize = rare.minimumHitSize
        a.hitShape =
            r.flags.contains(.ellipse)
            ? .ellipse : r.flags.contains(.roundedRect) ? .roundedRect(radius: extra.radius) : .rect
        a.hitTestsSubviewsOutsideBounds = r.flags.contains(.outside)
        a.isPassThrough = r.flags.contains(.passThrough)
        return a
    }

    /// Writes a view's attributes into its record (geometry, flags), its rare values (alpha
    /// among them; each in the smallest entry that holds them, bounds only where the hit rect
    /// does not give them back) and its extra (transform, inverse, radius). Reach, lanes and the
    /// superview are left to ``propagate(from:ownChanged:)``.
    /// - Complexity: O(1).
    func writeAttributes(_ a: ViewAttributes, to slot: Slot) {
        let (flags, placement, region, radius) = Self.derived(a)
        let transformed = flags.contains(.transformed)
        // Each column is written only when something in it changes: a first write in a version
        // copies the page.
        // Compared bit for bit: -0 and +0 are different values to store.
        let old = state.records[slot.index]
        let newFlags = old.flags.subtracting(Self.attributeFlags).union(flags)
        let geometry = RecordGeometry(placement, region)
        if geometry != self.geometry(of: old) || old.flags != newFlags {
            var r = old
            r.flags = newFlags
            store(geometry, in: &r)
            // A wide entry rewritten in place leaves the record as it was.
            if !bitwiseEqual(r, old) { state.records.set(slot.index, r) }
        }
        let storesBounds = !Self.boundsDecode(a.bounds, region.extents, insets: a.hitTestInsets)
        let bounds = storesBounds ? a.bounds : .zero
        let rare = rare(of: slot)
        if !bitwiseEqual(rare.anchorPoint, a.anchorPoint) || !bitwiseEqual(rare.insets, a.hitTestInsets)
            || !bitwiseEqual(rare.minimumHitSize, a.minimumHitSize) || rare.storesBounds != storesBounds
            || !bitwiseEqual(rare.bounds, bounds) || !bitwiseEqual(rare.alpha, a.alpha)
        {
            updateRare(slot) { rare in
                rare.alpha = a.alpha
                rare.anchorPoint = a.anchorPoint
                rare.insets = a.hitTestInsets
                rare.minimumHitSize = a.minimumHitSize
                rare.storesBounds = storesBounds
                rare.bounds = bounds
            }
        }
        let e = extra(of: slot)
        let transform = transformed ? a.transform : .identity
        if !bitwiseEqual(e.transform, transform) || !bitwiseEqual(e.radius, radius)
            || (transformed && !bitwiseEqual(e.inverse, placement.inverse))
        {
            updateExtra(slot) { e in
                e.transform = transform
                e.inverse = transformed ? placement.inverse : .identity
                e.radius = radius
            }
        }
    }

    /// What a view's record holds of its attributes: the ``attributeFlags``, the conversion, the
    /// hit rect, and the corner radius.
    /// - Complexity: O(1).
    @inline(__always)
    static func derived(_ a: ViewAttributes) -> (
        flags: ViewFlags, placement: ViewPlacement, region: HitRegion, radius: Double
    ) {
        let (flags, radius) = a.indexFlags
        return (flags, a.placement, a.hitRegion, radius)
    }

    /// Writes the attributes of a view in a slot fresh from ``allocateFreshSlots(_:)``, whose
    /// record and slot state are still unwritten: the record and the slot state are each written
    /// once, whole, with the links a bulk load knows already (``FreshLinks``); rare values and an
    /// extra, for the views that need them, as ``writeAttributes(_:to:)`` writes them. The
    /// columns end as ``allocateSlot()``, then ``writeAttributes(_:to:)``, a user value, an id
    /// and ``linkChildren(_:to:)`` would leave them.
    /// - Complexity: O(1).
    func writeFreshAttributes(
        _ a: ViewAttributes, to slot: Slot, userValue: UInt64, id: IDRef, parent: Slot = .none,
        previousSibling: Slot = .none, lastChild: Slot = .none
    ) {
        let (flags, placement, region, radius) = Self.derived(a)
        var r = ViewRecord.empty
        r.generation = 1
        r.flags = flags.union(.live)
        store(RecordGeometry(placement, region), in: &r)
        r.userValue = userValue
        r.id = id
        r.parent = parent
        r.previousSibling = previousSibling
        r.lastChild = lastChild
        state.records.set(slot.index, r)
        state.slots.set(slot.index, .free)
        // Bit for bit, as writeAttributes compares: a -0 radius, anchor or inset needs its slot.
        let rareDefaults = RareAttributes.defaults
        if flags.contains(.transformed) || !bitwiseEqual(radius, 0.0)
            || !bitwiseEqual(rareDefaults.anchorPoint, a.anchorPoint)
            || !bitwiseEqual(rareDefaults.insets, a.hitTestInsets)
            || !bitwiseEqual(rareDefaults.minimumHitSize, a.minimumHitSize)
            || !bitwiseEqual(rareDefaults.alpha, a.alpha)
            || !Self.boundsDecode(a.bounds, region.extents, insets: a.hitTestInsets)
        {
            writeAttributes(a, to: slot)
        }
    }

    /// The bounds a hit rect decodes to, given the insets that made it from them: its origin
    /// and its extent, the insets taken back off. For a view without a minimum size that grows
    /// it, and with a non-negative size, the hit rect is the bounds inset, and this gives them
    /// back bit for bit unless a sum rounds (`origin + size − origin`, an inset added and taken
    /// off) or the origin is -0; the writer checks it with this very decoder
    /// (``boundsDecode(_:_:insets:)``) and keeps the bounds aside when it fails. Without insets
    /// the hit rect's own origin and extent are the bounds (no arithmetic on the origin).
    /// - Complexity: O(1).
    @inline(__always)
    static func decodedBounds(_ e: Extents, insets: EdgeInsets = .zero) -> Rect {
        if bitwiseEqual(insets, EdgeInsets.zero) {
            return Rect(x: e.minX, y: e.minY, width: e.maxX - e.minX, height: e.maxY - e.minY)
        }
        return Rect(
            x: e.minX - insets.left, y: e.minY - insets.top, width: (e.maxX - e.minX) + (insets.left + insets.right),
            height: (e.maxY - e.minY) + (insets.top + insets.bottom))
    }

    /// Whether `extents`, made with `insets`, decode to exactly `bounds` (every bit, so -0 and
    /// NaN payloads count).
    /// - Complexity: O(1).
    @inline(__always)
    static func boundsDecode(_ bounds: Rect, _ extents: Extents, insets: EdgeInsets = .zero) -> Bool {
        bitwiseEqual(decodedBounds(extents, insets: insets), bounds)
    }

    /// Changes a view's rare values, keeping them in the smallest place that holds them: none
    /// for the defaults, a ``BoundsEntry`` when the bounds are all that differs, an
    /// ``InsetsEntry`` when the insets are (the bounds decoding through them), an ``AlphaEntry``
    /// when the alpha is, else a rare entry; an entry is taken when needed and given back when
    /// it no longer is.
    /// - Complexity: O(1).
    func updateRare(_ slot: Slot, _ body: (inout RareAttributes) -> Void) {
        let old = state.slots[slot.index].rare
        var rare = rare(of: slot)
        body(&rare)
        let new: RareRef
        if rare.isDefault {
            new = .none
        } else if rare.keepsOnlyBounds {
            let entry = BoundsEntry(bounds: rare.bounds)
            if old.isBounds { return state.boundsEntries.set(old.index, entry) }
            new = .bounds(state.boundsEntries.allocate(entry))
        } else if rare.keepsOnlyInsets {
            let entry = InsetsEntry(insets: rare.insets)
            if old.isInsets { return state.insetsEntries.set(old.index, entry) }
            new = .insets(state.insetsEntries.allocate(entry))
        } else if rare.keepsOnlyAlpha {
            let entry = AlphaEntry(alpha: rare.alpha)
            if old.isAlpha { return state.alphaEntries.set(old.index, entry) }
            new = .alpha(state.alphaEntries.allocate(entry))
        } else {
            if old.isRare { return state.rares.set(old.index, rare) }
            new = .rare(state.rares.allocate(rare))
        }
        guard new != old else { return }
        freeRare(old)
        state.slots.update(slot.index) { $0.rare = new }
    }

    /// A view's rare values (the defaults when it has no rare entry).
    /// - Complexity: O(1).
    func rare(of slot: Slot) -> RareAttributes {
        let ref = state.slots[slot.index].rare
        if ref.isRare { return state.rares[ref.index] }
        var rare = RareAttributes.defaults
        if ref.isBounds {
            rare.storesBounds = true
            rare.bounds = state.boundsEntries[ref.index].bounds
        } else if ref.isInsets {
            rare.insets = state.insetsEntries[ref.index].insets
        } else if ref.isAlpha {
            rare.alpha = state.alphaEntries[ref.index].alpha
        }
        return rare
    }

    /// Changes a view's extra, taking an extra slot when it needs one and giving it back when it
    /// is empty again.
    /// - Complexity: O(1).
    func updateExtra(_ slot: Slot, _ body: (inout ViewExtra) -> Void) {
        let index = state.records[slot.index].extra
        var extra = index != 0 ? state.extras[Int(index)] : .empty
        body(&extra)
        if extra.isEmpty {
            if index != 0 {
                freeExtra(index)
                state.records.update(slot.index) { $0.extra = 0 }
            }
        } else if index != 0 {
            state.extras.set(Int(index), extra)
        } else {
            let fresh = allocateExtra()
            state.extras.set(Int(fresh), extra)
            state.records.update(slot.index) { $0.extra = fresh }
        }
    }

    /// A view's extra (``ViewExtra/empty`` when it has none).
    /// - Complexity: O(1).
    func extra(of slot: Slot) -> ViewExtra {
        let index = state.records[slot.index].extra
        return index != 0 ? state.extras[Int(index)] : .empty
    }

    /// The placement a view's record `r` stores (the canonical conversion's data; the
    /// transform from its extra when it is transformed).
    /// - Complexity: O(1).
    func placement(_ r: ViewRecord) -> ViewPlacement {
        let transformed = r.flags.contains(.transformed)
        let e = transformed ? state.extras[Int(r.extra)] : .empty
        let g = geometry(of: r)
        return ViewPlacement(
            center: g.center, transform: transformed ? e.transform : .identity,
            inverse: transformed ? e.inverse : .identity, anchorOffset: g.anchorOffset)
    }

    /// The exact geometry a view's record `r` stores (its wide entry's, when it has one).
    /// - Complexity: O(1).
    @inline(__always)
    func geometry(of r: ViewRecord) -> RecordGeometry {
        r.geometry { state.wideGeometries[$0] }
    }

    /// Stores `g` as record `r`'s geometry: compact when some scale gives every value back
    /// through `Float`s, else in `r`'s wide entry, which is taken, rewritten or given back as
    /// needed. The caller writes `r` back.
    /// - Complexity: O(1).
    func store(_ g: RecordGeometry, in r: inout ViewRecord) {
        let wide = r.flags.contains(.wideGeometry)
        if let (compact, scale) = CompactGeometry.encode(g) {
            if wide {
                state.wideGeometries.free(r.geometry.wideIndex, leaving: .zero)
                r.flags.remove(.wideGeometry)
            }
            r.geometry = compact
            r.scale = scale
        } else if wide {
            if state.wideGeometries[r.geometry.wideIndex] != g { state.wideGeometries.set(r.geometry.wideIndex, g) }
        } else {
            r.geometry = CompactGeometry(wide: UInt32(state.wideGeometries.allocate(g)))
            r.scale = .plain
            r.flags.insert(.wideGeometry)
        }
    }

    /// Sets or clears a view's redirect target (a live view's slot).
    /// - Complexity: O(1).
    func setRedirect(_ slot: Slot, to target: Slot?) {
        let generation = target.map { state.records[$0.index].generation } ?? 0
        updateExtra(slot) { e in
            e.redirect = target ?? Slot.none
            e.redirectGeneration = generation
        }
        state.records.update(slot.index) { r in
            if target != nil { r.flags.insert(.redirect) } else { r.flags.remove(.redirect) }
        }
    }

    /// Sets or clears a view's custom predicate.
    /// - Complexity: O(1) amortized.
    func setPredicate(_ slot: Slot, _ predicate: (@Sendable (Point) -> Bool)?) {
        let old = extra(of: slot).predicate
        if old >= 0 { removePredicate(old) }
        let index = predicate.map(addPredicate) ?? -1
        updateExtra(slot) { $0.predicate = index }
        state.records.update(slot.index) { r in
            if predicate != nil { r.flags.insert(.predicate) } else { r.flags.remove(.predicate) }
        }
    }

    /// A view's redirect target, while that view lives.
    /// - Complexity: O(1).
    func redirectTarget(of slot: Slot) -> Slot? {
        guard state.records[slot.index].flags.contains(.redirect) else { return nil }
        let e = extra(of: slot)
        guard e.redirect != Slot.none, state.records[e.redirect.index].generation == e.redirectGeneration,
            state.records[e.redirect.index].flags.contains(.live)
        else { return nil }
        return e.redirect
    }
}

/// Whether two values have the same bytes (so -0 differs from +0, and a NaN from another NaN).
///
/// Compared a word at a time: the writer calls this several times a view on every load and
/// edit, and `elementsEqual` over the bytes went through a generic sequence loop a byte at a
/// time (a tenth of a million-view load's time, 2026-11-26 profile).
@inline(__always)
func bitwiseEqual<T: BitwiseCopyable>(_ a: T, _ b: T) -> Bool {
    withUnsafeBytes(of: a) { x in
        withUnsafeBytes(of: b) { y in
            // Safe: both buffers are one T's bytes, so they have the same count, and every load
            // below ends within it.
            let n = x.count
            var i = 0
            while i + 8 <= n {
                guard
                    x.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                        == y.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                else { return false }
                i += 8
            }
            while i < n {
                guard x[i] == y[i] else { return false }
                i += 1
            }
            return true
        }
    }
}
