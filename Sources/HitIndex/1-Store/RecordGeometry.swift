/// What a query needs of a view's geometry, exactly: the canonical conversion's center and
/// anchor offset, and the standardized hit rect, as the `Double` values every decision uses.
///
/// Stored in a record as ``CompactGeometry`` (eight `Float`s and a ``GeometryScale``) when the
/// decoder gives every value back, which holds for almost every view (UI coordinates are
/// integers, halves, or pixels divided by a screen's scale); otherwise in a wide entry of its
/// own (``LiveStore/State/wideGeometries``), which the record names.
struct RecordGeometry: PoolEntry, Equatable {
    /// `center`, in the superview's bounds space (screen space for a window).
    var centerX: Double
    var centerY: Double
    /// `bounds.origin + anchorPoint * bounds.size`.
    var anchorOffsetX: Double
    var anchorOffsetY: Double
    /// The standardized hit rect, in the view's bounds space (half-open).
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double

    /// All zero: a wide pool's reserved "none" entry and a freed one.
    static let zero = RecordGeometry(
        centerX: 0, centerY: 0, anchorOffsetX: 0, anchorOffsetY: 0, minX: 0, minY: 0, maxX: 0, maxY: 0)

    /// The geometry of a view with this placement and hit region.
    /// - Complexity: O(1).
    @inline(__always)
    init(_ placement: ViewPlacement, _ region: HitRegion) {
        self.init(
            centerX: placement.center.x, centerY: placement.center.y, anchorOffsetX: placement.anchorOffset.x,
            anchorOffsetY: placement.anchorOffset.y, minX: region.extents.minX, minY: region.extents.minY,
            maxX: region.extents.maxX, maxY: region.extents.maxY)
    }

    init(
        centerX: Double, centerY: Double, anchorOffsetX: Double, anchorOffsetY: Double, minX: Double, minY: Double,
        maxX: Double, maxY: Double
    ) {
        self.centerX = centerX
        self.centerY = centerY
        self.anchorOffsetX = anchorOffsetX
        self.anchorOffsetY = anchorOffsetY
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    var center: Point { Point(x: centerX, y: centerY) }
    var anchorOffset: Point { Point(x: anchorOffsetX, y: anchorOffsetY) }
    /// The hit rect as extents.
    var extents: Extents { Extents(minX: minX, minY: minY, maxX: maxX, maxY: maxY) }

    /// Equal bit for bit (-0 is not +0; a NaN equals only the same NaN), as the store compares.
    static func == (a: RecordGeometry, b: RecordGeometry) -> Bool { bitwiseEqual(a, b) }

    /// A free wide entry links the free list through the low word of its center's x.
    var freeLink: UInt32 {
        get { UInt32(truncatingIfNeeded: centerX.bitPattern) }
        set { centerX = Double(bitPattern: UInt64(newValue)) }
    }
}

/// How a record's `Float`s decode: as they are (``plain``), or as multiples of one `n`-th of a
/// point, each divided by `n` (`Double(f) / n`, correctly rounded, as a coordinate made by
/// dividing pixels by a screen's scale was: thirds on a 3× iPhone, `k / 3.5` on a 560-dpi
/// Android screen, decimals read from a file). One word in the record (what was its padding).
struct GeometryScale: RawRepresentable, Hashable, BitwiseCopyable {
    var rawValue: UInt16

    /// The `Float`s are the values.
    static let plain = GeometryScale(rawValue: 0)
    /// The number of scale codes; a record's code is below it.
    static let count = 7

    /// The divisor of code `code` (1 for ``plain``, and for a code the checker refuses). 3: a
    /// 3× screen's thirds (and 1.5×, 0.75×); 7: 3.5× and 1.75× screens; 10, 100, 1000:
    /// decimals; 21: 2.625× screens. A switch (a constant table) rather than a global array,
    /// which the search would check for lazy initialization on every decode.
    @inline(__always)
    static func divisor(ofCode code: UInt16) -> Double {
        switch code {
        case 1: 3
        case 2: 7
        case 3: 10
        case 4: 21
        case 5: 100
        case 6: 1000
        default: 1
        }
    }

    /// The divisor of this scale (1 for ``plain``).
    @inline(__always)
    var divisor: Double { Self.divisor(ofCode: rawValue) }
}

/// A record's geometry in 32 bytes: the eight values of a ``RecordGeometry`` as `Float`s, with
/// a ``GeometryScale`` beside them in the record, such that the decoder the search runs
/// (``decoded(_:)``) gives back the very `Double`s (Embree's rule: encode, then check with the
/// decoder the reader runs). A plain scale widens each `Float`, which is exact; another divides
/// each by the scale's divisor, and adds the decoded anchor offset to the center's value (the
/// center of a view placed at `x` is `x + anchorOffset`, so storing `x` reproduces the sum's
/// rounding). Either way the search decides with the same `Double`s, so bit for bit as it would
/// on them.
///
/// A record whose geometry no scale gives back has the ``ViewFlags/wideGeometry`` flag, and its
/// compact geometry holds only ``wideIndex``, the position of its wide entry.
struct CompactGeometry: BitwiseCopyable {
    var centerX: Float
    var centerY: Float
    var anchorOffsetX: Float
    var anchorOffsetY: Float
    var minX: Float
    var minY: Float
    var maxX: Float
    var maxY: Float

    /// All zero.
    static let zero = CompactGeometry(wide: 0)

    /// `g` in `Float`s and the scale they decode with, or nil when no scale gives every value
    /// back bit for bit (a value that rounds in every scale, beyond `Float`'s range or below its
    /// normal range, a NaN payload `Float` cannot carry). The plain scale is tried first.
    /// - Complexity: O(1): at most ``GeometryScale/count`` tries.
    static func encode(_ g: RecordGeometry) -> (CompactGeometry, GeometryScale)? {
        if let plain = CompactGeometry(plain: g) { return (plain, .plain) }
        for code in 1..<GeometryScale.count {
            let scale = GeometryScale(rawValue: UInt16(code))
            if let scaled = CompactGeometry(g, scale) { return (scaled, scale) }
        }
        return nil
    }

    /// Each value as the nearest `Float`, or nil when one does not widen back to the same bits.
    @inline(__always)
    init?(plain g: RecordGeometry) {
        centerX = Float(g.centerX)
        centerY = Float(g.centerY)
        anchorOffsetX = Float(g.anchorOffsetX)
        anchorOffsetY = Float(g.anchorOffsetY)
        minX = Float(g.minX)
        minY = Float(g.minY)
        maxX = Float(g.maxX)
        maxY = Float(g.maxY)
        guard decoded(.plain) == g else { return nil }
    }

    /// Each value times the scale's divisor as a `Float` (the center's less its anchor offset),
    /// or nil when ``decoded(_:)`` does not give `g` back.
    init?(_ g: RecordGeometry, _ scale: GeometryScale) {
        let d = scale.divisor
        func scaled(_ v: Double) -> Float? {
            let f = Float(v * d)
            return bitwiseEqual(Double(f) / d, v) ? f : nil
        }
        // The center's Float f must give `Double(f) / d + anchorOffset` = the center: try the
        // nearest Floats to (center − anchorOffset) · d and the nearest integer.
        // (Tried one by one rather than from an array, which a build would allocate per view.)
        func offset(_ c: Double, _ anchor: Double) -> Float? {
            func fits(_ f: Float) -> Bool { bitwiseEqual(Double(f) / d + anchor, c) }
            let u = (c - anchor) * d
            let nearest = Float(u)
            if fits(nearest) { return nearest }
            if fits(Float(u.rounded())) { return Float(u.rounded()) }
            if fits(nearest.nextUp) { return nearest.nextUp }
            return fits(nearest.nextDown) ? nearest.nextDown : nil
        }
        // The center first: a moved view's center is the value that most often fits no scale
        // (the encoder then tries each of them), and the first that fails ends the try.
        guard let cx = offset(g.centerX, g.anchorOffsetX), let cy = offset(g.centerY, g.anchorOffsetY),
            let ax = scaled(g.anchorOffsetX), let ay = scaled(g.anchorOffsetY), let x0 = scaled(g.minX),
            let y0 = scaled(g.minY), let x1 = scaled(g.maxX), let y1 = scaled(g.maxY)
        else { return nil }
        (centerX, centerY, anchorOffsetX, anchorOffsetY, minX, minY, maxX, maxY) = (cx, cy, ax, ay, x0, y0, x1, y1)
        // The checks above are the decoder's own arithmetic; this repeats them whole.
        guard decoded(scale) == g else { return nil }
    }

    /// A wide record's compact geometry: the wide entry's position, the rest zero.
    init(wide index: UInt32) {
        centerX = Float(bitPattern: index)
        (centerY, anchorOffsetX, anchorOffsetY, minX, minY, maxX, maxY) = (0, 0, 0, 0, 0, 0, 0)
    }

    /// The wide entry a record flagged ``ViewFlags/wideGeometry`` names.
    var wideIndex: Int { Int(centerX.bitPattern) }

    /// The `Double`s, as the search decodes them: each `Float` widened (exact) for a plain
    /// scale; else divided by the scale's divisor, the center's plus the decoded anchor offset.
    /// - Complexity: O(1).
    @inline(__always)
    func decoded(_ scale: GeometryScale) -> RecordGeometry {
        // Two paths rather than one that divides by 1: the divisions cost a ui query 9 % when
        // every record paid them, and a branch that a scene mixing both kinds mispredicts
        // costs less (perf/README, 2026-11-27).
        if scale == .plain {
            return RecordGeometry(
                centerX: Double(centerX), centerY: Double(centerY), anchorOffsetX: Double(anchorOffsetX),
                anchorOffsetY: Double(anchorOffsetY), minX: Double(minX), minY: Double(minY), maxX: Double(maxX),
                maxY: Double(maxY))
        }
        let d = scale.divisor
        let ax = Double(anchorOffsetX) / d
        let ay = Double(anchorOffsetY) / d
        return RecordGeometry(
            centerX: Double(centerX) / d + ax, centerY: Double(centerY) / d + ay, anchorOffsetX: ax,
            anchorOffsetY: ay, minX: Double(minX) / d, minY: Double(minY) / d, maxX: Double(maxX) / d,
            maxY: Double(maxY) / d)
    }
}
