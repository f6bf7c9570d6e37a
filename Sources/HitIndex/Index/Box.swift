/// An axis-aligned box in `Double`, closed on every side: a conservative bound used only to rule
/// views out, never to decide a hit.
struct DBox {
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double

    /// The box that contains nothing.
    static let empty = DBox(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
    /// The box that contains everything.
    static let everything = DBox(minX: -.infinity, minY: -.infinity, maxX: .infinity, maxY: .infinity)

    var isEmpty: Bool { !(minX <= maxX && minY <= maxY) }
    var isFinite: Bool { minX.isFinite && minY.isFinite && maxX.isFinite && maxY.isFinite }

    init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// The closed hull of half-open extents (a zero-width extent contains nothing: empty).
    init(_ e: Extents) {
        if e.isEmpty {
            self = .empty
        } else {
            self.init(minX: e.minX, minY: e.minY, maxX: e.maxX, maxY: e.maxY)
        }
    }

    func union(_ o: DBox) -> DBox {
        if isEmpty { return o }
        if o.isEmpty { return self }
        return DBox(
            minX: minX < o.minX ? minX : o.minX, minY: minY < o.minY ? minY : o.minY,
            maxX: maxX > o.maxX ? maxX : o.maxX, maxY: maxY > o.maxY ? maxY : o.maxY)
    }

    func intersection(_ o: DBox) -> DBox {
        let r = DBox(
            minX: minX > o.minX ? minX : o.minX, minY: minY > o.minY ? minY : o.minY,
            maxX: maxX < o.maxX ? maxX : o.maxX, maxY: maxY < o.maxY ? maxY : o.maxY)
        return r.isEmpty ? .empty : r
    }

    /// The reach rule: where, in a view's bounds space, a hit from the view or its subtree is
    /// possible, given its own hit area `own` and the union `subviews` of its subviews' reach.
    /// An ineligible view (hidden, disabled, transparent) yields nothing; a clipping view yields
    /// what its area allows (only its subviews' part of it when it passes touches through);
    /// a view that lets subviews answer outside its area yields both (only theirs when it
    /// passes touches through).
    ///
    /// reach = ∅ if not eligible; else (outside ? (passThrough ? ∅ : own) ∪ subviews
    ///                                          : (passThrough ? own ∩ subviews : own)).
    ///
    /// The one statement of the rule: the flat build, the live store's upkeep and its checker
    /// all call it.
    /// - Complexity: O(1).
    static func reach(own: DBox, subviews: DBox, flags: ViewFlags) -> DBox {
        guard flags.contains(.eligible) else { return .empty }
        if flags.contains(.outside) {
            return (flags.contains(.passThrough) ? .empty : own).union(subviews)
        }
        return flags.contains(.passThrough) ? own.intersection(subviews) : own
    }

    /// The box in the superview's space that holds every superview point the canonical
    /// conversion can map into this box, or ``everything`` when that set is unbounded or the
    /// transform too ill-conditioned to bound it tightly.
    ///
    /// Corners go up with `center + T·(p - anchorOffset)`; the result is padded by `2^-26` of the
    /// largest magnitude involved, far above the few ulps (times the transform's condition
    /// number, capped at 10^6) by which the rounded downward conversion can differ from the exact
    /// inverse of the lift.
    func lifted(by placement: ViewPlacement, transformed: Bool) -> DBox {
        if isEmpty { return .empty }
        guard isFinite else { return .everything }
        let t = placement.transform
        if transformed {
            let det = t.a * t.d - t.b * t.c
            if det == 0 || !det.isFinite { return .everything }
            let norm = Swift.max(abs(t.a) + abs(t.c), abs(t.b) + abs(t.d))
            let inverseNorm = Swift.max(abs(t.d) + abs(t.c), abs(t.b) + abs(t.a)) / abs(det)
            if !(norm * inverseNorm <= 1e6) { return .everything }
        }
        let corners = [
            placement.toParent(Point(x: minX, y: minY)), placement.toParent(Point(x: maxX, y: minY)),
            placement.toParent(Point(x: minX, y: maxY)), placement.toParent(Point(x: maxX, y: maxY)),
        ]
        var r = DBox.empty
        var magnitude = Swift.max(abs(placement.center.x), abs(placement.center.y))
        magnitude = Swift.max(magnitude, Swift.max(abs(placement.anchorOffset.x), abs(placement.anchorOffset.y)))
        magnitude = Swift.max(magnitude, Swift.max(Swift.max(abs(minX), abs(maxX)), Swift.max(abs(minY), abs(maxY))))
        for c in corners {
            r = r.union(DBox(minX: c.x, minY: c.y, maxX: c.x, maxY: c.y))
            magnitude = Swift.max(magnitude, Swift.max(abs(c.x), abs(c.y)))
        }
        let pad = magnitude * 0x1p-26 + 0x1p-1000
        let padded = DBox(minX: r.minX - pad, minY: r.minY - pad, maxX: r.maxX + pad, maxY: r.maxY + pad)
        return padded.isFinite ? padded : .everything
    }
}

/// A box in `Float`, rounded outward from a ``DBox`` so that it still contains it.
///
/// A query point is rounded to `Float` to the nearest; rounding is monotonic, so a point inside
/// the `Double` box lands inside the outward-rounded `Float` box: the test stays conservative.
package struct FBox: Sendable, BitwiseCopyable {
    package var minX: Float
    package var minY: Float
    package var maxX: Float
    package var maxY: Float

    /// The box that contains nothing.
    package static let empty = FBox(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)

    /// Creates a box from its corners.
    /// - Complexity: O(1).
    @inlinable
    package init(minX: Float, minY: Float, maxX: Float, maxY: Float) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    init(outward b: DBox) {
        func down(_ d: Double) -> Float {
            let f = Float(d)
            return Double(f) > d ? f.nextDown : f
        }
        func up(_ d: Double) -> Float {
            let f = Float(d)
            return Double(f) < d ? f.nextUp : f
        }
        self.init(minX: down(b.minX), minY: down(b.minY), maxX: up(b.maxX), maxY: up(b.maxY))
    }

    /// Whether the box holds no point.
    /// - Complexity: O(1).
    @inlinable
    package var isEmpty: Bool { !(minX <= maxX && minY <= maxY) }

    /// Closed containment of a point already rounded to `Float`.
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    package func contains(_ x: Float, _ y: Float) -> Bool {
        minX <= x && x <= maxX && minY <= y && y <= maxY
    }

    func union(_ o: FBox) -> FBox {
        FBox(
            minX: minX < o.minX ? minX : o.minX, minY: minY < o.minY ? minY : o.minY,
            maxX: maxX > o.maxX ? maxX : o.maxX, maxY: maxY > o.maxY ? maxY : o.maxY)
    }

    /// Whether `o` lies inside this box.
    func encloses(_ o: FBox) -> Bool {
        minX <= o.minX && minY <= o.minY && maxX >= o.maxX && maxY >= o.maxY
    }
}
