import HitIndexFixtures
import Testing

@testable import HitIndex

/// The exact intervals that let leaf blocks decide plain subviews: each bound is the least
/// coordinate where the reference's conversion reaches the hit rect's edge, and the interval test
/// agrees with the conversion-then-half-open test at and around every decision point.
@Suite struct ExactIntervalTests {
    /// The reference decision on one axis.
    static func inside(_ q: Double, _ c: Double, _ a: Double, _ lo: Double, _ hi: Double) -> Bool {
        let p = ViewPlacement.toLocalTranslated(
            Point(x: q, y: 0), center: Point(x: c, y: 0), anchorOffset: Point(x: a, y: 0)
        ).x
        return lo <= p && p < hi
    }

    /// Doubles at many scales, signed zeros and subnormals, and values whose sums round.
    static func sample(_ rng: inout SeededGenerator) -> Double {
        switch rng.int(below: 8) {
        case 0: return [0.0, -0.0, 0x1p-1074, -0x1p-1074, 0x1p-1022][rng.int(below: 5)]
        case 1: return rng.double(-1, 1)
        case 2: return rng.double(-1e6, 1e6)
        case 3: return (rng.double(-1, 1) * 1e16).rounded() + [0.1, 0.25, 0.5, 0.3][rng.int(below: 4)]
        case 4: return rng.double(-1, 1) * 1e300
        case 5: return Double(rng.int(in: -2000...2000)) * 0.1
        case 6: return rng.double(-1, 1) * 0x1p-1000
        default: return Double(rng.int(in: -100...100))
        }
    }

    @Test func boundsAreTheLeastCrossingsAndTheTestAgreesAroundThem() {
        for seed: UInt64 in 1...4_000 {
            var rng = SeededGenerator(seed: seed)
            let c = Self.sample(&rng)
            let a = Self.sample(&rng)
            var lo = Self.sample(&rng)
            var hi = rng.int(below: 3) == 0 ? lo + Self.sample(&rng) : Self.sample(&rng)
            if lo > hi { swap(&lo, &hi) }
            guard lo.isFinite && hi.isFinite else { continue }
            guard let (qlo, qhi) = ExactInterval.interval(center: c, anchorOffset: a, min: lo, max: hi) else {
                Issue.record("seed \(seed): no interval for finite inputs")
                continue
            }
            let f = { (q: Double) in
                ViewPlacement.toLocalTranslated(
                    Point(x: q, y: 0), center: Point(x: c, y: 0), anchorOffset: Point(x: a, y: 0)
                ).x
            }
            // The least crossings: the edge is reached at the bound and not one step below it.
            #expect(f(qlo) >= lo && !(f(ExactInterval.predecessor(qlo)) >= lo), "seed \(seed): low bound \(qlo)")
            #expect(f(qhi) >= hi && !(f(ExactInterval.predecessor(qhi)) >= hi), "seed \(seed): high bound \(qhi)")
            // Agreement at and around the bounds, the algebraic edges, and at random points.
            var probes: [Double] = [qlo, qhi, (lo - a) + c, (hi - a) + c, 0, -0.0, .infinity, -.infinity, .nan]
            for base in [qlo, qhi, (lo - a) + c, (hi - a) + c] where base.isFinite {
                var up = base
                var down = base
                for _ in 0..<3 {
                    up = up.nextUp
                    down = down.nextDown
                    probes += [up, down]
                }
            }
            for _ in 0..<8 { probes.append(qlo.isFinite && qhi.isFinite ? rng.double(qlo, qhi) : Self.sample(&rng)) }
            for q in probes {
                let byInterval = qlo <= q && q < qhi
                #expect(
                    byInterval == Self.inside(q, c, a, lo, hi), "seed \(seed): q \(q), c \(c), a \(a), [\(lo), \(hi))")
            }
        }
    }

    @Test func nonFiniteInputsHaveNoInterval() {
        for bad in [Double.nan, .infinity, -.infinity] {
            #expect(ExactInterval.interval(center: bad, anchorOffset: 0, min: 0, max: 1) == nil)
            #expect(ExactInterval.interval(center: 0, anchorOffset: bad, min: 0, max: 1) == nil)
            #expect(ExactInterval.interval(center: 0, anchorOffset: 0, min: bad, max: 1) == nil)
            #expect(ExactInterval.interval(center: 0, anchorOffset: 0, min: 0, max: bad) == nil)
        }
    }

    /// Hand-worked: center 10, anchor offset 2 (a 4-wide view at x 8): local x = q - 8, so
    /// [0, 4) is q in [8, 12).
    @Test func aPlainViewByHand() throws {
        let (lo, hi) = try #require(ExactInterval.interval(center: 10, anchorOffset: 2, min: 0, max: 4))
        #expect(lo == 8 && hi == 12)
        // Where rounding decides: at 2^53 the doubles are 2 apart, so a 1-wide rect [0, 1) at
        // center 2^53 + 2 holds q = 2^53 + 2 (local 0) but neither 2^53 (local -2) nor 2^53 + 4
        // (local 2).
        let big = 0x1p53
        let (blo, bhi) = try #require(ExactInterval.interval(center: big + 2, anchorOffset: 0, min: 0, max: 1))
        #expect(blo == big + 2 && bhi == big + 4)
        // A 3.5-wide view at 0 (center 1.75): every q within half a spacing of 1.75's below 0
        // converts to local 0 as well. -2^-53 - 1.75 lies midway between -1.75 and the double
        // below it and rounds to -1.75 (the even one), so local 0; anything below it rounds down
        // to local -2^-52. The edge is -2^-53, not 0.
        let (zlo, zhi) = try #require(ExactInterval.interval(center: 1.75, anchorOffset: 1.75, min: 0, max: 3.5))
        #expect(zlo == -0x1p-53 && zhi == 3.5)
        // A 7-wide view at 0 (center 3.5): the spacing below 3.5 is 2^-51, so the edge is -2^-52.
        let (alo, ahi) = try #require(ExactInterval.interval(center: 3.5, anchorOffset: 3.5, min: 0, max: 7))
        #expect(alo == -0x1p-52 && ahi == 7)
    }

    /// The order keys sort the doubles, with -0 just below +0.
    @Test func orderKeys() {
        let xs: [Double] = [-.infinity, -1e300, -1, -0x1p-1074, -0.0, 0.0, 0x1p-1074, 1, 1e300, .infinity]
        for (u, v) in zip(xs, xs.dropFirst()) {
            #expect(ExactInterval.key(u) < ExactInterval.key(v), "\(u) < \(v)")
            #expect(ExactInterval.value(ExactInterval.key(u)).bitPattern == u.bitPattern)
        }
        #expect(ExactInterval.predecessor(0.0).bitPattern == (-0.0).bitPattern)
        #expect(ExactInterval.predecessor(1) == 1.0.nextDown)
    }
}
