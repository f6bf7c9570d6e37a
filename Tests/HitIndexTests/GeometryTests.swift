import HitIndex
import Testing

/// Semantics §1: half-open containment on standardized rects, CGAffineTransformInvert's contract,
/// and UIEdgeInsetsInsetRect.
@Suite struct GeometryTests {
    // MARK: - Rect / Extents containment

    @Test func minEdgesAreInMaxEdgesAreOut() {
        // (10, 20, 30, 40): x in [10, 40), y in [20, 60).
        let r = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect(r.contains(Point(x: 10, y: 20)))  // the min corner
        #expect(r.contains(Point(x: 10, y: 59)))  // the min x edge
        #expect(r.contains(Point(x: 39, y: 20)))  // the min y edge
        #expect(r.contains(Point(x: 25, y: 40)))
        #expect(!r.contains(Point(x: 40, y: 30)))  // the max x edge
        #expect(!r.contains(Point(x: 20, y: 60)))  // the max y edge
        #expect(!r.contains(Point(x: 40, y: 60)))  // the max corner
        #expect(!r.contains(Point(x: 40, y: 20)))  // top-right corner
        #expect(!r.contains(Point(x: 10, y: 60)))  // bottom-left corner
        #expect(!r.contains(Point(x: 9, y: 30)))
        #expect(!r.contains(Point(x: 20, y: 19)))
    }

    @Test func extentsOfAPositiveRect() {
        let e = Rect(x: 10, y: 20, width: 30, height: 40).extents
        #expect(e == Extents(minX: 10, minY: 20, maxX: 40, maxY: 60))
        #expect(!e.isEmpty)
    }

    @Test func negativeSizesAreStandardized() {
        // (40, 60, -30, -40): minX = 40 + (-30) = 10, maxX = 40 + 0 = 40; minY = 60 - 40 = 20, maxY = 60.
        let r = Rect(x: 40, y: 60, width: -30, height: -40)
        #expect(r.extents == Extents(minX: 10, minY: 20, maxX: 40, maxY: 60))
        // The same points as (10, 20, 30, 40): the stored origin (40, 60) is the max corner, so it's out.
        #expect(r.contains(Point(x: 10, y: 20)))
        #expect(!r.contains(Point(x: 40, y: 60)))
        #expect(!r.contains(Point(x: 40, y: 30)))
        #expect(!r.contains(Point(x: 20, y: 60)))
        #expect(r.contains(Point(x: 39.5, y: 59.5)))
    }

    @Test func onlyOneNegativeDimension() {
        // (40, 20, -30, 40): x in [10, 40), y in [20, 60).
        let r = Rect(x: 40, y: 20, width: -30, height: 40)
        #expect(r.extents == Extents(minX: 10, minY: 20, maxX: 40, maxY: 60))
        #expect(r.contains(Point(x: 10, y: 20)))
        #expect(!r.contains(Point(x: 40, y: 20)))
        // (10, 60, 30, -40): x in [10, 40), y in [20, 60).
        let s = Rect(x: 10, y: 60, width: 30, height: -40)
        #expect(s.extents == Extents(minX: 10, minY: 20, maxX: 40, maxY: 60))
        #expect(s.contains(Point(x: 10, y: 20)))
        #expect(!s.contains(Point(x: 10, y: 60)))
    }

    @Test(arguments: [
        Rect(x: 0, y: 0, width: 0, height: 10),
        Rect(x: 0, y: 0, width: 10, height: 0),
        Rect(x: 0, y: 0, width: 0, height: 0),
        Rect(x: 5, y: 5, width: -0.0, height: 10),
        Rect(x: 5, y: 5, width: 10, height: -0.0),
    ])
    func zeroWidthOrHeightContainsNothing(_ r: Rect) {
        #expect(r.extents.isEmpty)
        let e = r.extents
        // Probe the degenerate line itself, its endpoints and a neighbourhood.
        for x in [e.minX - 1, e.minX, e.minX.nextUp, (e.minX + e.maxX) / 2, e.maxX.nextDown, e.maxX, e.maxX + 1] {
            for y in [e.minY - 1, e.minY, e.minY.nextUp, (e.minY + e.maxY) / 2, e.maxY.nextDown, e.maxY, e.maxY + 1] {
                #expect(!r.contains(Point(x: x, y: y)), "\(r) must contain nothing, but contains (\(x), \(y))")
            }
        }
    }

    @Test func nonFinitePointsAreContainedByNothing() {
        let nonFinite: [Double] = [.nan, -.nan, .infinity, -.infinity, .signalingNaN]
        let rects = [
            Rect(x: 0, y: 0, width: 100, height: 100),
            Rect(x: 100, y: 100, width: -100, height: -100),
            Rect(
                x: -.greatestFiniteMagnitude, y: -.greatestFiniteMagnitude,
                width: .greatestFiniteMagnitude, height: .greatestFiniteMagnitude),
        ]
        for r in rects {
            // A finite probe inside the rect, so that only the non-finite coordinate can fail it.
            let e = r.extents
            let mx = e.minX / 2 + e.maxX / 2
            let my = e.minY / 2 + e.maxY / 2
            #expect(r.contains(Point(x: mx, y: my)), "probe (\(mx), \(my)) not in \(r)")
            for bad in nonFinite {
                #expect(!r.contains(Point(x: bad, y: my)), "\(r) contains x = \(bad)")
                #expect(!r.contains(Point(x: mx, y: bad)), "\(r) contains y = \(bad)")
                #expect(!r.contains(Point(x: bad, y: bad)), "\(r) contains (\(bad), \(bad))")
            }
        }
    }

    @Test func infinitePointsAreOutEvenOfInfiniteExtents() {
        // -inf <= -inf holds, so only the explicit finiteness rule keeps (-inf, 0) out of the
        // whole plane.
        let plane = Extents(minX: -.infinity, minY: -.infinity, maxX: .infinity, maxY: .infinity)
        #expect(plane.contains(Point(x: 0, y: 0)))
        #expect(plane.contains(Point(x: -.greatestFiniteMagnitude, y: .greatestFiniteMagnitude)))
        #expect(!plane.contains(Point(x: -.infinity, y: 0)))
        #expect(!plane.contains(Point(x: 0, y: -.infinity)))
        #expect(!plane.contains(Point(x: .infinity, y: 0)))
        #expect(!plane.contains(Point(x: 0, y: .infinity)))
        #expect(!plane.contains(Point(x: .nan, y: 0)))
        #expect(!plane.contains(Point(x: 0, y: .nan)))
    }

    @Test func nanRectsContainNothingAndDoNotTrap() {
        // swift-corelibs-foundation's CGRect.contains traps here; ours must simply answer false.
        let r = Rect(x: .nan, y: 0, width: 10, height: 10)
        #expect(!r.contains(Point(x: 0, y: 0)))
        #expect(!r.contains(Point(x: 5, y: 5)))
        let s = Rect(x: 0, y: 0, width: 10, height: .nan)
        #expect(!s.contains(Point(x: 5, y: 5)))
    }

    @Test func oneUlpInsideAndOutsideEachEdge() {
        // (1, 1, 2, 2): [1, 3) on both axes; every value below is exactly representable.
        for r in [Rect(x: 1, y: 1, width: 2, height: 2), Rect(x: 3, y: 3, width: -2, height: -2)] {
            let lo = 1.0
            let hi = 3.0
            let mid = 2.0
            // x edges
            #expect(!r.contains(Point(x: lo.nextDown, y: mid)))
            #expect(r.contains(Point(x: lo, y: mid)))
            #expect(r.contains(Point(x: lo.nextUp, y: mid)))
            #expect(r.contains(Point(x: hi.nextDown, y: mid)))
            #expect(!r.contains(Point(x: hi, y: mid)))
            #expect(!r.contains(Point(x: hi.nextUp, y: mid)))
            // y edges
            #expect(!r.contains(Point(x: mid, y: lo.nextDown)))
            #expect(r.contains(Point(x: mid, y: lo)))
            #expect(r.contains(Point(x: mid, y: lo.nextUp)))
            #expect(r.contains(Point(x: mid, y: hi.nextDown)))
            #expect(!r.contains(Point(x: mid, y: hi)))
            #expect(!r.contains(Point(x: mid, y: hi.nextUp)))
            // corners
            #expect(r.contains(Point(x: hi.nextDown, y: hi.nextDown)))
            #expect(!r.contains(Point(x: lo.nextDown, y: lo)))
            #expect(!r.contains(Point(x: lo, y: lo.nextDown)))
        }
    }

    @Test func ulpEdgesAroundZeroAndNegativeCoordinates() {
        // (-1, -1, 1, 1): [-1, 0) on both axes; -0.0 == 0 is the (excluded) max edge.
        let r = Rect(x: -1, y: -1, width: 1, height: 1)
        #expect(r.contains(Point(x: -1, y: -1)))
        #expect(!r.contains(Point(x: (-1.0).nextDown, y: -0.5)))
        #expect(r.contains(Point(x: (0.0).nextDown, y: (0.0).nextDown)))  // -4.9e-324: the last point in
        #expect(!r.contains(Point(x: 0, y: -0.5)))
        #expect(!r.contains(Point(x: -0.0, y: -0.5)))
        // (0, 0, 1, 1): -0.0 equals the min edge, so it's in.
        let s = Rect(x: 0, y: 0, width: 1, height: 1)
        #expect(s.contains(Point(x: -0.0, y: -0.0)))
        #expect(!s.contains(Point(x: (0.0).nextDown, y: 0)))
    }

    @Test func maxEdgeIsComputedAsOriginPlusSize() {
        // (0.1, 0.2, 0.3, 0.4): maxX is the double nearest to 0.1 + 0.3, maxY the one nearest to
        // 0.2 + 0.4 (= 0.6000000000000001, not 0.6). The edges are those sums, not the decimal ones.
        let r = Rect(x: 0.1, y: 0.2, width: 0.3, height: 0.4)
        let maxX = 0.1 + 0.3
        let maxY = 0.2 + 0.4
        #expect(maxY == 0.6000000000000001)
        #expect(r.contains(Point(x: maxX.nextDown, y: 0.3)))
        #expect(!r.contains(Point(x: maxX, y: 0.3)))
        #expect(r.contains(Point(x: 0.3, y: maxY.nextDown)))
        #expect(r.contains(Point(x: 0.3, y: 0.6)))  // 0.6 < 0.6000000000000001
        #expect(!r.contains(Point(x: 0.3, y: maxY)))
        #expect(r.contains(Point(x: 0.1, y: 0.2)))
        #expect(!r.contains(Point(x: (0.1).nextDown, y: 0.2)))
    }

    // MARK: - AffineTransform.inverted (CGAffineTransformInvert)

    @Test func identityInvertsToIdentity() {
        #expect(AffineTransform.identity.inverted() == .identity)
        #expect(AffineTransform.identity.isIdentity)
        #expect(AffineTransform.identity.determinant == 1)
    }

    @Test(arguments: [
        AffineTransform.scale(0, 0),
        AffineTransform.scale(1, 0),
        AffineTransform.scale(0, 1),
        AffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 7, ty: -3),
        // a*d - b*c = 1*4 - 2*2 = 0, with a translation that must survive untouched.
        AffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 5, ty: 6),
        AffineTransform(a: 3, b: 0, c: 5, d: 0, tx: 1, ty: 1),
    ])
    func singularTransformsAreReturnedUnchanged(_ t: AffineTransform) {
        #expect(t.determinant == 0)
        let inv = t.inverted()
        // Bit-for-bit the same six components (CGAffineTransformInvert returns its argument).
        #expect(inv.a.bitPattern == t.a.bitPattern)
        #expect(inv.b.bitPattern == t.b.bitPattern)
        #expect(inv.c.bitPattern == t.c.bitPattern)
        #expect(inv.d.bitPattern == t.d.bitPattern)
        #expect(inv.tx.bitPattern == t.tx.bitPattern)
        #expect(inv.ty.bitPattern == t.ty.bitPattern)
    }

    @Test func scaleInvertsToReciprocalScale() {
        // det = 2 * 4 = 8; ia = 4/8, id = 2/8.
        let inv = AffineTransform.scale(2, 4).inverted()
        #expect(inv == AffineTransform.scale(0.5, 0.25))
    }

    @Test func translationInvertsToOppositeTranslation() {
        // det = 1; itx = (c*ty - d*tx)/det = (0 - 3) = -3; ity = (b*tx - a*ty) = (0 - (-5)) = 5.
        #expect(AffineTransform.translation(3, -5).inverted() == AffineTransform.translation(-3, 5))
    }

    @Test func generalTransformInvertsByTheFormula() {
        // [a b c d tx ty] = [2 1 1 1 3 4]: det = 2*1 - 1*1 = 1.
        // ia = d = 1, ib = -b = -1, ic = -c = -1, id = a = 2,
        // itx = c*ty - d*tx = 4 - 3 = 1, ity = b*tx - a*ty = 3 - 8 = -5.
        let t = AffineTransform(a: 2, b: 1, c: 1, d: 1, tx: 3, ty: 4)
        #expect(t.inverted() == AffineTransform(a: 1, b: -1, c: -1, d: 2, tx: 1, ty: -5))
        // T(1, 1) = (2 + 1 + 3, 1 + 1 + 4) = (6, 6), and the inverse maps it back.
        #expect(t.apply(to: Point(x: 1, y: 1)) == Point(x: 6, y: 6))
        #expect(t.inverted().apply(to: Point(x: 6, y: 6)) == Point(x: 1, y: 1))
    }

    @Test func nonUnitDeterminantDividesEveryComponent() {
        // [a b c d tx ty] = [0 2 -4 0 8 -6]: det = 0*0 - 2*(-4) = 8.
        // ia = 0/8 = 0, ib = -2/8 = -0.25, ic = 4/8 = 0.5, id = 0/8 = 0,
        // itx = (c*ty - d*tx)/det = ((-4)(-6) - 0)/8 = 3, ity = (b*tx - a*ty)/det = (16 - 0)/8 = 2.
        let t = AffineTransform(a: 0, b: 2, c: -4, d: 0, tx: 8, ty: -6)
        #expect(t.inverted() == AffineTransform(a: 0, b: -0.25, c: 0.5, d: 0, tx: 3, ty: 2))
    }

    @Test func exactQuarterTurns() {
        let q1 = AffineTransform.rotation(quarterTurns: 1)
        // a = cos 90° = 0, b = sin 90° = 1, c = -1, d = 0, exactly.
        #expect(q1 == AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0))
        // Clockwise on screen (y down): the x axis goes onto the y axis.
        #expect(q1.apply(to: Point(x: 1, y: 0)) == Point(x: 0, y: 1))
        #expect(q1.apply(to: Point(x: 0, y: 1)) == Point(x: -1, y: 0))
        #expect(AffineTransform.rotation(quarterTurns: 2) == AffineTransform.scale(-1, -1))
        #expect(AffineTransform.rotation(quarterTurns: 3) == AffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: 0))
        // Turns are taken modulo 4, negative ones too.
        #expect(AffineTransform.rotation(quarterTurns: 0) == .identity)
        #expect(AffineTransform.rotation(quarterTurns: 4) == .identity)
        #expect(AffineTransform.rotation(quarterTurns: 5) == q1)
        #expect(AffineTransform.rotation(quarterTurns: -1) == AffineTransform.rotation(quarterTurns: 3))
        #expect(AffineTransform.rotation(quarterTurns: -3) == q1)
        #expect(AffineTransform.rotation(quarterTurns: -4) == .identity)
        // rotation(.pi / 2) is NOT exact: cos(.pi / 2) = 6.1e-17, which is why quarter turns exist.
        #expect(AffineTransform.rotation(.pi / 2) != q1)
        #expect(abs(AffineTransform.rotation(.pi / 2).a) < 1e-16)
    }

    @Test func quarterTurnInversesAreExact() {
        // (0, 1, -1, 0): det = 0*0 - 1*(-1) = 1; ia = 0, ib = -1, ic = 1, id = 0 → the -90° turn.
        let q1 = AffineTransform.rotation(quarterTurns: 1)
        let q2 = AffineTransform.rotation(quarterTurns: 2)
        let q3 = AffineTransform.rotation(quarterTurns: 3)
        #expect(q1.inverted() == q3)
        #expect(q3.inverted() == q1)
        #expect(q2.inverted() == q2)
        #expect(q1.concatenating(q1.inverted()) == .identity)
        #expect(q1.concatenating(q1) == q2)
    }

    @Test func fortyFiveDegreeRotationInvertsWithinRounding() {
        let t = AffineTransform.rotation(.pi / 4)
        let s = 0.5.squareRoot()  // sin 45° = cos 45° ≈ 0.7071067811865476
        #expect(abs(t.a - s) < 1e-15 && abs(t.b - s) < 1e-15 && abs(t.c + s) < 1e-15 && abs(t.d - s) < 1e-15)
        let inv = t.inverted()
        // The inverse of a rotation is the opposite rotation: (cos, -sin, sin, cos).
        #expect(abs(inv.a - s) < 1e-15)
        #expect(abs(inv.b + s) < 1e-15)
        #expect(abs(inv.c - s) < 1e-15)
        #expect(abs(inv.d - s) < 1e-15)
        #expect(inv.tx == 0 && inv.ty == 0)
        let product = t.concatenating(inv)
        #expect(abs(product.a - 1) < 1e-15 && abs(product.d - 1) < 1e-15)
        #expect(abs(product.b) < 1e-15 && abs(product.c) < 1e-15)
        // The components are exactly the contract's quotients by det = a*d - b*c (the same bits
        // every engine must get; det here need not be exactly 1).
        let det = t.a * t.d - t.b * t.c
        #expect(inv.a == t.d / det)
        #expect(inv.b == -t.b / det)
        #expect(inv.c == -t.c / det)
        #expect(inv.d == t.a / det)
    }

    @Test func flipsAreTheirOwnInverses() {
        for t in [AffineTransform.scale(-1, 1), .scale(1, -1), .scale(-1, -1)] {
            #expect(t.inverted() == t, "\(t)")
        }
        // A mirror about x = 5: x' = -x + 10. det = -1; itx = (c*ty - d*tx)/det = (0 - 10)/(-1) = 10,
        // ity = (b*tx - a*ty)/det = (0 - 0)/(-1) = -0 == 0.
        let mirror = AffineTransform(a: -1, b: 0, c: 0, d: 1, tx: 10, ty: 0)
        #expect(mirror.inverted() == mirror)
        #expect(mirror.apply(to: Point(x: 2, y: 7)) == Point(x: 8, y: 7))
    }

    @Test func determinantAndFiniteness() {
        #expect(AffineTransform(a: 2, b: 3, c: 5, d: 7, tx: 0, ty: 0).determinant == 2 * 7 - 3 * 5)
        #expect(AffineTransform.identity.isFinite)
        #expect(!AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0).isFinite)
        #expect(!AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: .infinity).isFinite)
    }

    // MARK: - EdgeInsets (UIEdgeInsetsInsetRect)

    @Test func insetMovesOriginAndShrinksSize() {
        // UIEdgeInsetsInsetRect: x += left, y += top, w -= (left + right), h -= (top + bottom).
        // (10, 20, 100, 50) with (top 1, left 2, bottom 3, right 4) → (12, 21, 94, 46).
        let r = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4).inset(Rect(x: 10, y: 20, width: 100, height: 50))
        #expect(r == Rect(x: 12, y: 21, width: 94, height: 46))
    }

    @Test func negativeInsetsEnlarge() {
        // (10, 20, 100, 50) with -5 all round → (5, 15, 110, 60).
        let r = EdgeInsets(top: -5, left: -5, bottom: -5, right: -5).inset(Rect(x: 10, y: 20, width: 100, height: 50))
        #expect(r == Rect(x: 5, y: 15, width: 110, height: 60))
        // seed 000's widened SubView2: top -50 on (0, 0, 359, 150) → (0, -50, 359, 200).
        let w = EdgeInsets(top: -50, left: 0, bottom: 0, right: 0).inset(Rect(x: 0, y: 0, width: 359, height: 150))
        #expect(w == Rect(x: 0, y: -50, width: 359, height: 200))
    }

    @Test func insetDoesNotStandardize() {
        // Insets larger than the rect leave a negative size, as UIEdgeInsetsInsetRect does:
        // (0, 0, 10, 10) with left 8, right 8 → (8, 0, 10 - 16, 10) = (8, 0, -6, 10).
        let r = EdgeInsets(top: 0, left: 8, bottom: 0, right: 8).inset(Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(r == Rect(x: 8, y: 0, width: -6, height: 10))
        // Standardized afterwards, that is [2, 8) × [0, 10).
        #expect(r.extents == Extents(minX: 2, minY: 0, maxX: 8, maxY: 10))
    }

    @Test func insetSubtractsTheSumOfOpposingInsets() {
        // w -= (left + right), not (w - left) - right: the roundings differ.
        // 0.1 + 0.2 = 0.30000000000000004, so 0.3 - (0.1 + 0.2) = -5.551115123125783e-17,
        // while (0.3 - 0.1) - 0.2 = -2.7755575615628914e-17.
        let r = EdgeInsets(top: 0.1, left: 0.1, bottom: 0.2, right: 0.2).inset(
            Rect(x: 0, y: 0, width: 0.3, height: 0.3))
        #expect(r.size.width == -5.551115123125783e-17)
        #expect(r.size.height == -5.551115123125783e-17)
        #expect(r.size.width != (0.3 - 0.1) - 0.2)
        #expect(r.origin == Point(x: 0.1, y: 0.1))
    }

    @Test func zeroInsetsAreTheIdentity() {
        let rect = Rect(x: -3.25, y: 7.5, width: 12.125, height: -4)
        #expect(EdgeInsets.zero.inset(rect) == rect)
    }
}
