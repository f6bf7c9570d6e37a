import HitIndex
import HitIndexFixtures
import Testing

/// Semantics §3, "Declared hit behaviour": the hit rect (insets, then minimum size, then
/// standardization) and the three shapes laid over it.
@Suite struct HitRegionTests {
    private func region(
        _ bounds: Rect, insets: EdgeInsets = .zero, minimum: Size = .zero, shape: HitShape = .rect
    ) -> HitRegion {
        HitRegion(bounds: bounds, insets: insets, minimumHitSize: minimum, shape: shape)
    }

    private let b100x50 = Rect(x: 0, y: 0, width: 100, height: 50)

    // MARK: - Hit rect

    @Test func defaultRegionIsTheBounds() {
        let r = region(b100x50)
        #expect(r.extents == Extents(minX: 0, minY: 0, maxX: 100, maxY: 50))
        #expect(r.contains(Point(x: 0, y: 0)))
        #expect(r.contains(Point(x: 99.5, y: 49.5)))
        #expect(!r.contains(Point(x: 100, y: 0)))
        #expect(!r.contains(Point(x: 0, y: 50)))
    }

    @Test func boundsOriginMovesTheHitRect() {
        // The hit rect is in bounds space, so a scroll offset (30, 40) moves it to [30, 130) × [40, 90).
        let r = region(Rect(x: 30, y: 40, width: 100, height: 50))
        #expect(r.extents == Extents(minX: 30, minY: 40, maxX: 130, maxY: 90))
        #expect(r.contains(Point(x: 30, y: 40)))
        #expect(!r.contains(Point(x: 0, y: 0)))
        #expect(!r.contains(Point(x: 130, y: 60)))
    }

    @Test func positiveInsetsShrink() {
        // (0, 0, 100, 50) with (top 10, left 20, bottom 5, right 30) → (20, 10, 50, 35) → [20, 70) × [10, 45).
        let r = region(b100x50, insets: EdgeInsets(top: 10, left: 20, bottom: 5, right: 30))
        #expect(r.extents == Extents(minX: 20, minY: 10, maxX: 70, maxY: 45))
        #expect(r.contains(Point(x: 20, y: 10)))
        #expect(!r.contains(Point(x: 19.5, y: 20)))
        #expect(!r.contains(Point(x: 30, y: 9.5)))
        #expect(r.contains(Point(x: 69.5, y: 44.5)))
        #expect(!r.contains(Point(x: 70, y: 20)))
        #expect(!r.contains(Point(x: 30, y: 45)))
        #expect(!r.contains(Point(x: 0, y: 0)))  // inside the bounds, outside the hit rect
    }

    @Test func negativeInsetsEnlarge() {
        // -10 all round: (-10, -10, 120, 70) → [-10, 110) × [-10, 60).
        let r = region(b100x50, insets: EdgeInsets(top: -10, left: -10, bottom: -10, right: -10))
        #expect(r.extents == Extents(minX: -10, minY: -10, maxX: 110, maxY: 60))
        #expect(r.contains(Point(x: -10, y: -10)))
        #expect(!r.contains(Point(x: (-10.0).nextDown, y: 0)))
        #expect(r.contains(Point(x: 109.5, y: 59.5)))
        #expect(!r.contains(Point(x: 110, y: 0)))
        #expect(!r.contains(Point(x: 0, y: 60)))
    }

    @Test func seed000WidenedTopInsetIsHalfOpen() {
        // seed 000's SubView2 (359 × 150) with top -50: [0, 359) × [-50, 150). y = -50 is in (the
        // min edge), which the article's own override (-50 < y < 0) would have left out.
        let r = region(
            Rect(x: 0, y: 0, width: 359, height: 150), insets: EdgeInsets(top: -50, left: 0, bottom: 0, right: 0))
        #expect(r.contains(Point(x: 85.5, y: -22.5)))  // the logged point
        #expect(r.contains(Point(x: 85.5, y: -50)))
        #expect(!r.contains(Point(x: 85.5, y: (-50.0).nextDown)))
    }

    @Test func insetsLargerThanTheBoundsAreStandardized() {
        // (0, 0, 10, 10) with left 8, right 8 → (8, 0, -6, 10), standardized to [2, 8) × [0, 10):
        // exactly what `bounds.inset(by:).contains(p)` answers in UIKit.
        let r = region(
            Rect(x: 0, y: 0, width: 10, height: 10), insets: EdgeInsets(top: 0, left: 8, bottom: 0, right: 8))
        #expect(r.extents == Extents(minX: 2, minY: 0, maxX: 8, maxY: 10))
        #expect(r.contains(Point(x: 2, y: 5)))
        #expect(!r.contains(Point(x: 8, y: 5)))
        #expect(!r.contains(Point(x: 1, y: 5)))
    }

    @Test func negativeSizeBoundsAreHittableLikeTheirStandardizedRect() {
        // bounds (0, 0, -10, 10): the default minimum (0, 0) must not collapse it; it contains
        // what CGRectContainsPoint on the standardized rect [-10, 0) × [0, 10) contains.
        let r = region(Rect(x: 0, y: 0, width: -10, height: 10))
        #expect(r.extents == Extents(minX: -10, minY: 0, maxX: 0, maxY: 10))
        #expect(r.contains(Point(x: -8, y: 5)))
        #expect(r.contains(Point(x: -10, y: 0)))
        #expect(!r.contains(Point(x: 0, y: 5)))
        let both = region(Rect(x: 10, y: 10, width: -10, height: -10))
        #expect(both.contains(Point(x: 0, y: 0)))
        #expect(!both.contains(Point(x: 10, y: 10)))
    }

    // MARK: - Minimum hit size (seed 004's HitTestingBounds)

    @Test func seed004MinimumHitSizeGrowsA30x30ButtonTo44x44() {
        // HitTestingBounds((0, 0, 30, 30), 44, 44): x -= (44 - 30) / 2 = 7, w = 44; the same for y.
        // → (-7, -7, 44, 44) → [-7, 37) × [-7, 37).
        let r = region(Rect(x: 0, y: 0, width: 30, height: 30), minimum: Size(width: 44, height: 44))
        #expect(r.extents == Extents(minX: -7, minY: -7, maxX: 37, maxY: 37))
        #expect(r.contains(Point(x: -7, y: -7)))
        #expect(!r.contains(Point(x: (-7.0).nextDown, y: 0)))
        #expect(!r.contains(Point(x: 0, y: (-7.0).nextDown)))
        #expect(r.contains(Point(x: (37.0).nextDown, y: (37.0).nextDown)))
        #expect(!r.contains(Point(x: 37, y: 15)))
        #expect(!r.contains(Point(x: 15, y: 37)))
    }

    @Test func minimumHitSizeOnlyGrowsTheSmallerDimension() {
        // (0, 0, 100, 20) with minimum 44 × 44: width 100 stays; y -= (44 - 20) / 2 = 12, h = 44.
        // → [0, 100) × [-12, 32).
        let r = region(Rect(x: 0, y: 0, width: 100, height: 20), minimum: Size(width: 44, height: 44))
        #expect(r.extents == Extents(minX: 0, minY: -12, maxX: 100, maxY: 32))
        #expect(!r.contains(Point(x: -1, y: 0)))
        #expect(r.contains(Point(x: 50, y: -12)))
        #expect(!r.contains(Point(x: 50, y: 32)))
    }

    @Test func minimumHitSizeNeverShrinks() {
        // A minimum smaller than the size changes nothing.
        let r = region(b100x50, minimum: Size(width: 44, height: 44))
        #expect(r.extents == Extents(minX: 0, minY: 0, maxX: 100, maxY: 50))
    }

    @Test func minimumHitSizeDoesNotShrinkANegativeSizeRect() {
        // Insets [0, 8, 0, 8] on a 10-wide view leave width -6, i.e. the 6-wide rect [2, 8).
        // A minimum width of 4 is already met: the rect stays [2, 8) ("grow to at least").
        let r = region(
            Rect(x: 0, y: 0, width: 10, height: 10), insets: EdgeInsets(top: 0, left: 8, bottom: 0, right: 8),
            minimum: Size(width: 4, height: 0))
        #expect(r.extents == Extents(minX: 2, minY: 0, maxX: 8, maxY: 10))
        // bounds (0, 0, -60, 20) is 60 wide: a 44 × 44 minimum grows only the height, around y = 10.
        let s = region(Rect(x: 0, y: 0, width: -60, height: 20), minimum: Size(width: 44, height: 44))
        #expect(s.extents == Extents(minX: -60, minY: -12, maxX: 0, maxY: 32))
        // A minimum larger than |w| grows symmetrically around the centre x = -3: [-10, 4).
        let t = region(Rect(x: 0, y: 0, width: -6, height: 20), minimum: Size(width: 14, height: 0))
        #expect(t.extents == Extents(minX: -10, minY: 0, maxX: 4, maxY: 20))
    }

    @Test func minimumHitSizeWithAnOddDifference() {
        // (0, 0, 31, 30), minimum 44 × 44: x -= 13 / 2 = 6.5 → [-6.5, 37.5) × [-7, 37).
        let r = region(Rect(x: 0, y: 0, width: 31, height: 30), minimum: Size(width: 44, height: 44))
        #expect(r.extents == Extents(minX: -6.5, minY: -7, maxX: 37.5, maxY: 37))
        #expect(r.contains(Point(x: -6.5, y: 0)))
        #expect(!r.contains(Point(x: 37.5, y: 0)))
    }

    @Test func minimumHitSizeAppliesAfterInsets() {
        // (0, 0, 30, 30) inset by 5 → (5, 5, 20, 20); then to 44: x -= (44 - 20) / 2 = 12 → (-7, -7, 44, 44).
        let r = region(
            Rect(x: 0, y: 0, width: 30, height: 30), insets: EdgeInsets(top: 5, left: 5, bottom: 5, right: 5),
            minimum: Size(width: 44, height: 44))
        #expect(r.extents == Extents(minX: -7, minY: -7, maxX: 37, maxY: 37))
        // Enlarging insets first: (-10, -10, 50, 50) is already ≥ 44, so it stays.
        let s = region(
            Rect(x: 0, y: 0, width: 30, height: 30), insets: EdgeInsets(top: -10, left: -10, bottom: -10, right: -10),
            minimum: Size(width: 44, height: 44))
        #expect(s.extents == Extents(minX: -10, minY: -10, maxX: 40, maxY: 40))
    }

    @Test func minimumHitSizeMakesAZeroSizeViewHittable() {
        // (10, 10, 0, 0) with minimum 44 × 44 → (-12, -12, 44, 44).
        let r = region(Rect(x: 10, y: 10, width: 0, height: 0), minimum: Size(width: 44, height: 44))
        #expect(r.extents == Extents(minX: -12, minY: -12, maxX: 32, maxY: 32))
        #expect(r.contains(Point(x: 10, y: 10)))
        // Without it, a zero-size view contains nothing.
        #expect(!region(Rect(x: 10, y: 10, width: 0, height: 0)).contains(Point(x: 10, y: 10)))
    }

    // MARK: - Ellipse

    @Test func ellipseIsStrictlyInside() {
        // Inscribed in [0, 100) × [0, 50): centre (50, 25), rx = 50, ry = 25.
        let r = region(b100x50, shape: .ellipse)
        #expect(r.contains(Point(x: 50, y: 25)))
        // The four extreme points lie ON the ellipse (value exactly 1), so they are out; two of them
        // are also on the excluded max edges.
        #expect(!r.contains(Point(x: 0, y: 25)))  // ((0-50)/50)² = 1
        #expect(!r.contains(Point(x: 50, y: 0)))  // ((0-25)/25)² = 1
        #expect(!r.contains(Point(x: 100, y: 25)))
        #expect(!r.contains(Point(x: 50, y: 50)))
        // Just inside the extremes: ((0.5-50)/50)² = 0.99² = 0.9801.
        #expect(r.contains(Point(x: 0.5, y: 25)))
        #expect(r.contains(Point(x: 50, y: 0.5)))  // ((0.5-25)/25)² = 0.98² = 0.9604
        #expect(r.contains(Point(x: 99.5, y: 25)))
        #expect(r.contains(Point(x: 50, y: 49.5)))
        // The bounding rect's corners are out: 1 + 1 = 2.
        #expect(!r.contains(Point(x: 0, y: 0)))
        #expect(!r.contains(Point(x: 99, y: 49)))  // 0.98² + 0.96² = 0.9604 + 0.9216 = 1.88
        // (85, 40): 0.7² + 0.6² = 0.49 + 0.36 = 0.85 < 1 → in. (90, 45): 0.8² + 0.8² = 1.28 → out.
        #expect(r.contains(Point(x: 85, y: 40)))
        #expect(!r.contains(Point(x: 90, y: 45)))
        // (10, 10): 0.8² + 0.6² = 0.64 + 0.36 = 1.0 up to rounding; (12, 12): 0.76² + 0.52² = 0.8480 → in.
        #expect(r.contains(Point(x: 12, y: 12)))
        #expect(!r.contains(Point(x: 8, y: 8)))  // 0.84² + 0.68² = 0.7056 + 0.4624 = 1.168
    }

    @Test func ellipseUsesTheHitRectNotTheBounds() {
        // Insets -10 all round: rect [-10, 110) × [-10, 60), centre (50, 25), rx 60, ry 35.
        let r = region(b100x50, insets: EdgeInsets(top: -10, left: -10, bottom: -10, right: -10), shape: .ellipse)
        #expect(!r.contains(Point(x: -10, y: 25)))  // (-60/60)² = 1
        #expect(r.contains(Point(x: -9, y: 25)))  // (59/60)² < 1
        #expect(!r.contains(Point(x: 50, y: -10)))
        #expect(r.contains(Point(x: 50, y: -9)))
        #expect(!r.contains(Point(x: 0, y: 0)))  // (50/60)² + (25/35)² = 0.694 + 0.510 = 1.20
        // A bounds origin moves the ellipse too: bounds (100, 100, 100, 50) → centre (150, 125).
        let moved = region(Rect(x: 100, y: 100, width: 100, height: 50), shape: .ellipse)
        #expect(moved.contains(Point(x: 150, y: 125)))
        #expect(!moved.contains(Point(x: 50, y: 25)))
        #expect(!moved.contains(Point(x: 100, y: 125)))
        #expect(moved.contains(Point(x: 100.5, y: 125)))
    }

    @Test func ellipseOfANegativeSizeRectIsTheSameEllipse() {
        let r = region(Rect(x: 100, y: 50, width: -100, height: -50), shape: .ellipse)
        #expect(r.contains(Point(x: 50, y: 25)))
        #expect(!r.contains(Point(x: 0, y: 25)))
        #expect(r.contains(Point(x: 0.5, y: 25)))
        #expect(!r.contains(Point(x: 50, y: 0)))
    }

    // MARK: - Rounded rect

    @Test func roundedRectCornersAreOutStraightEdgesIn() {
        // [0, 100) × [0, 50), radius 10: corner circles centred (10, 10), (90, 10), (10, 40), (90, 40).
        let r = region(b100x50, shape: .roundedRect(radius: 10))
        #expect(!r.contains(Point(x: 0, y: 0)))  // 10² + 10² = 200 > 100
        #expect(!r.contains(Point(x: 2, y: 2)))  // 8² + 8² = 128 > 100
        #expect(r.contains(Point(x: 3, y: 3)))  // 7² + 7² = 98 <= 100
        #expect(r.contains(Point(x: 4, y: 2)))  // 6² + 8² = 100: exactly on the arc, in (<=)
        #expect(r.contains(Point(x: 2, y: 4)))
        #expect(!r.contains(Point(x: 1.5, y: 2)))  // 8.5² + 8² = 136.25
        // The straight min edges are in (distance exactly r from the corner circle's centre line).
        #expect(r.contains(Point(x: 0, y: 25)))  // ex = 10, ey = 0
        #expect(r.contains(Point(x: 0, y: 10)))  // ex = 10, ey = 0 (where the arc meets the edge)
        #expect(r.contains(Point(x: 50, y: 0)))
        #expect(r.contains(Point(x: 10, y: 0)))
        #expect(!r.contains(Point(x: (0.0).nextDown, y: 25)))
        // The max edges stay out (half-open rect).
        #expect(!r.contains(Point(x: 100, y: 25)))
        #expect(!r.contains(Point(x: 50, y: 50)))
        #expect(r.contains(Point(x: 99.5, y: 25)))
        // Other corners: (97, 47): 7² + 7² = 98 → in; (98, 48): 8² + 8² → out; (96, 48): 6² + 8² = 100 → in.
        #expect(r.contains(Point(x: 97, y: 47)))
        #expect(!r.contains(Point(x: 98, y: 48)))
        #expect(r.contains(Point(x: 96, y: 48)))
        #expect(!r.contains(Point(x: 98, y: 2)))
        #expect(!r.contains(Point(x: 2, y: 48)))
        #expect(r.contains(Point(x: 50, y: 25)))
    }

    @Test func roundedRectStraightEdgesAreExactlyTheRectsEdges() {
        // (0.1, 0, 0.4, 10), radius 0.2: rr = min(0.2, 0.4/2, 10/2) = 0.2; left = 0.1 + 0.2 =
        // 0.30000000000000004, so at x = 0.1 the overshoot ex = 0.20000000000000004 > rr. On the
        // straight part (ey = 0) the point must still be in, since the rect contains it.
        let r = region(Rect(x: 0.1, y: 0, width: 0.4, height: 10), shape: .roundedRect(radius: 0.2))
        #expect(r.contains(Point(x: 0.1, y: 5)))
        #expect(r.contains(Point(x: 0.1, y: 0.2)))
        #expect(!r.contains(Point(x: (0.1).nextDown, y: 5)))
        // The corner point itself is out: ex² + ey² ≈ 0.04 + 0.04 > 0.04.
        #expect(!r.contains(Point(x: 0.1, y: 0)))
    }

    @Test func roundedRectStraightEdgesRandomized() {
        // Any point of the half-open rect that is not in a corner square (ex == 0 or ey == 0) is in.
        let seed: UInt64 = 0x0DD_ED6E
        var rng = SeededGenerator(seed: seed)
        for i in 0..<2_000 {
            let x = (rng.unit() - 0.5) * 100
            let y = (rng.unit() - 0.5) * 100
            let w = 0.01 + rng.unit() * 50
            let h = 0.01 + rng.unit() * 50
            let radius = rng.unit() * 30
            let r = region(Rect(x: x, y: y, width: w, height: h), shape: .roundedRect(radius: radius))
            let e = r.extents
            let rr = min(radius, (e.maxX - e.minX) * 0.5, (e.maxY - e.minY) * 0.5)
            // Mid-height of the left and top edges, and the same edges' straight parts.
            let midY = e.minY * 0.5 + e.maxY * 0.5
            let midX = e.minX * 0.5 + e.maxX * 0.5
            if midY >= e.minY + rr && midY <= e.maxY - rr {
                #expect(
                    r.contains(Point(x: e.minX, y: midY)), "seed \(seed), sample \(i): left edge of \(e), r \(radius)")
            }
            if midX >= e.minX + rr && midX <= e.maxX - rr {
                #expect(
                    r.contains(Point(x: midX, y: e.minY)), "seed \(seed), sample \(i): top edge of \(e), r \(radius)")
            }
            #expect(!r.contains(Point(x: e.maxX, y: midY)), "seed \(seed), sample \(i)")
            #expect(!r.contains(Point(x: midX, y: e.maxY)), "seed \(seed), sample \(i)")
        }
    }

    @Test func roundedRectRadiusIsClampedToHalfTheShorterSide() {
        // radius 1000 on 100 × 50 → rr = min(1000, 50, 25) = 25: a stadium.
        let big = region(b100x50, shape: .roundedRect(radius: 1000))
        let clamped = region(b100x50, shape: .roundedRect(radius: 25))
        #expect(big.contains(Point(x: 0, y: 25)))  // ex = 25, ey = 0 → 625 <= 625
        #expect(!big.contains(Point(x: 0, y: 24)))  // 25² + 1² > 625
        #expect(big.contains(Point(x: 50, y: 0)))
        #expect(big.contains(Point(x: 10, y: 10)))  // 15² + 15² = 450
        #expect(!big.contains(Point(x: 5, y: 5)))  // 20² + 20² = 800
        // (2, 10): ex = 25 - 2 = 23, ey = 25 - 10 = 15 → 529 + 225 = 754 > 625 → out.
        #expect(!big.contains(Point(x: 2, y: 10)))
        var x = -1.0
        while x <= 101 {
            var y = -1.0
            while y <= 51 {
                let p = Point(x: x, y: y)
                #expect(big.contains(p) == clamped.contains(p), "radius 1000 vs 25 at \(p)")
                y += 0.5
            }
            x += 0.5
        }
        // Tall rect: 50 × 100 clamps to 25 as well.
        let tall = region(Rect(x: 0, y: 0, width: 50, height: 100), shape: .roundedRect(radius: 40))
        #expect(tall.contains(Point(x: 25, y: 0)))
        #expect(!tall.contains(Point(x: 24, y: 0)))  // 1² + 25² > 25²
        #expect(tall.contains(Point(x: 0, y: 50)))
    }

    @Test func roundedRectWithRadiusZeroIsTheRect() {
        let rounded = region(b100x50, shape: .roundedRect(radius: 0))
        let plain = region(b100x50)
        let xs: [Double] = [-1, (0.0).nextDown, 0, (0.0).nextUp, 0.5, 50, 99.5, (100.0).nextDown, 100, 101]
        let ys: [Double] = [-1, (0.0).nextDown, 0, (0.0).nextUp, 0.5, 25, 49.5, (50.0).nextDown, 50, 51]
        for x in xs {
            for y in ys {
                let p = Point(x: x, y: y)
                #expect(rounded.contains(p) == plain.contains(p), "radius 0 vs rect at \(p)")
            }
        }
        #expect(rounded.contains(Point(x: 0, y: 0)))  // the corner itself is in
    }

    @Test func roundedSquareDiffersFromEllipseOnlyOnTheBoundary() {
        // 10 × 10 with radius 5 is a circle, closed (<=) at the min extremes; the ellipse is open (<).
        let round = region(Rect(x: 0, y: 0, width: 10, height: 10), shape: .roundedRect(radius: 5))
        let ellipse = region(Rect(x: 0, y: 0, width: 10, height: 10), shape: .ellipse)
        #expect(round.contains(Point(x: 0, y: 5)))
        #expect(!ellipse.contains(Point(x: 0, y: 5)))
        #expect(round.contains(Point(x: 5, y: 0)))
        #expect(!ellipse.contains(Point(x: 5, y: 0)))
        #expect(round.contains(Point(x: 5, y: 5)) && ellipse.contains(Point(x: 5, y: 5)))
        #expect(!round.contains(Point(x: 1, y: 1)) && !ellipse.contains(Point(x: 1, y: 1)))  // 4² + 4² = 32 > 25
    }

    @Test func everyShapeOfAnEmptyRectContainsNothing() {
        for shape in [HitShape.rect, .ellipse, .roundedRect(radius: 0), .roundedRect(radius: 5)] {
            for bounds in [Rect(x: 0, y: 0, width: 0, height: 10), Rect(x: 0, y: 0, width: 10, height: 0)] {
                let r = region(bounds, shape: shape)
                for p in [Point(x: 0, y: 0), Point(x: 0, y: 5), Point(x: 5, y: 0), Point(x: 5, y: 5)] {
                    #expect(!r.contains(p), "\(shape) over \(bounds) contains \(p)")
                }
            }
        }
    }

    @Test func everyShapeRefusesNonFinitePoints() {
        for shape in [HitShape.rect, .ellipse, .roundedRect(radius: 10)] {
            let r = region(b100x50, shape: shape)
            #expect(r.contains(Point(x: 50, y: 25)))
            for bad in [Double.nan, .infinity, -.infinity] {
                #expect(!r.contains(Point(x: bad, y: 25)), "\(shape) contains x = \(bad)")
                #expect(!r.contains(Point(x: 50, y: bad)), "\(shape) contains y = \(bad)")
            }
        }
    }
}
