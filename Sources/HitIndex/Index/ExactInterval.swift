/// Where, in a superview's space, an untransformed view's half-open hit test passes on one axis,
/// computed exactly so that a search can decide such a view without converting the point.
///
/// The canonical conversion of an untransformed view, `f(q) = ((q - c) + 0.0) + a`, is a chain
/// of correctly rounded operations that each preserve order, so `f` is non-decreasing on the
/// non-NaN doubles. Hence `{q : lo ≤ f(q)}` is an up-set and `{q : f(q) < hi}` a down-set, and
/// `min ≤ f(q) < max` holds exactly when `lo ≤ q < hi` for two doubles `lo`, `hi` found once at
/// build time: the least `q` with `f(q) ≥ min` and the least with `f(q) ≥ max`. NaN fails both
/// forms. The thresholds are found by testing `f` itself, never by solving for `q`, so rounding
/// cannot make them disagree with the reference.
enum ExactInterval {
    /// The canonical conversion on one axis of an untransformed view: the reference's own
    /// function, so that the two cannot drift apart.
    @inline(__always)
    static func convert(_ q: Double, center c: Double, anchorOffset a: Double) -> Double {
        ViewPlacement.toLocalTranslated(Point(x: q, y: 0), center: Point(x: c, y: 0), anchorOffset: Point(x: a, y: 0)).x
    }

    /// The half-open interval `[lo, hi)` of superview coordinates `q` with
    /// `min ≤ convert(q) < max`, or nil when `center`, `anchorOffset`, `min` or `max` is not
    /// finite (such a view is decided the ordinary way).
    /// - Complexity: O(1) typically (two to four conversions per bound); O(64) at worst.
    static func interval(center c: Double, anchorOffset a: Double, min: Double, max: Double) -> (
        lo: Double, hi: Double
    )? {
        guard c.isFinite && a.isFinite && min.isFinite && max.isFinite else { return nil }
        let lo = least(atLeast: min, center: c, anchorOffset: a)
        let hi = least(atLeast: max, center: c, anchorOffset: a)
        return (lo, hi)
    }

    /// The least non-NaN `q` with `convert(q) ≥ bound`, for a finite `bound`: it exists because
    /// `convert(+∞) = +∞`, and it is above `-∞` because `convert(-∞) = -∞`.
    ///
    /// Every answer is checked against `convert` itself (it converts to the bound, its
    /// predecessor does not); the arithmetic only proposes where to look.
    /// - Complexity: two to six conversions typically; O(64) at worst.
    static func least(atLeast bound: Double, center c: Double, anchorOffset a: Double) -> Double {
        func holds(_ key: UInt64) -> Bool { convert(value(key), center: c, anchorOffset: a) >= bound }
        // The algebraic answer is almost always within an ulp or two.
        var guess = (bound - a) + c
        if guess.isNaN { guess = 0 }
        let g = key(guess)
        // Fast paths: the guess, or its neighbour above, is the least.
        if holds(g) {
            if g == lowestKey || !holds(g - 1) { return value(g) }
        } else if g < highestKey && holds(g + 1) {
            return value(g + 1)
        }
        if let k = plateauEdge(atLeast: bound, center: c, anchorOffset: a, holds: holds) { return value(k) }
        // Otherwise gallop away from the guess to bracket the threshold, then bisect:
        // `holds(high)` and `!holds(low)` throughout.
        var low: UInt64
        var high: UInt64
        if holds(g) {
            high = g
            var step: UInt64 = 1
            while true {
                let candidate = high - lowestKey > step ? high - step : lowestKey
                if !holds(candidate) {
                    low = candidate
                    break
                }
                high = candidate
                step &*= 2
            }
        } else {
            low = g
            var step: UInt64 = 1
            while true {
                let candidate = highestKey - low > step ? low + step : highestKey
                if holds(candidate) {
                    high = candidate
                    break
                }
                low = candidate
                step &*= 2
            }
        }
        while high - low > 1 {
            let mid = low + (high - low) / 2
            if holds(mid) { high = mid } else { low = mid }
        }
        return value(high)
    }

    /// The least crossing when the guess sits on a plateau: many doubles around it convert alike,
    /// because a step's operand is tiny next to the other (a view at 0 in its superview: `q` near
    /// 0 next to the center, so `q - c` rounds to `-c` for every `q` within half a spacing of
    /// `c`'s). There the crossing is half a spacing below the least value the next step accepts,
    /// tens of binades away in order keys, where a search from the guess takes about 126
    /// conversions (it was a third of a million-view build). Works the two rounded steps
    /// backwards (the `+ 0.0` changes only a zero's sign), and returns the key of a proposal
    /// that `holds` and whose predecessor does not; nil when none does.
    private static func plateauEdge(
        atLeast bound: Double, center c: Double, anchorOffset a: Double, holds: (UInt64) -> Bool
    ) -> UInt64? {
        // Half the spacing below `x`: a sum between `x.nextDown` and `x` rounds to `x` from
        // `x - halfBelow(x)` up (the midpoint itself by ties to even).
        func halfBelow(_ x: Double) -> Double { (x - x.nextDown) / 2 }
        func addend(_ v: Double) -> Bool { ((v + 0.0) + a) >= bound }
        // The least `v = q - c` that the second step takes to the bound, by the same rule.
        func leastAddend(near x: Double) -> Double? {
            guard x.isFinite else { return nil }
            if addend(x) { return addend(x.nextDown) ? nil : x }
            return addend(x.nextUp) ? x.nextUp : nil
        }
        guard let v = leastAddend(near: bound - a) ?? leastAddend(near: (bound - a) - halfBelow(bound)) else {
            return nil
        }
        // The least `q` whose `q - c` rounds to `v` or above.
        func crossing(near x: Double) -> UInt64? {
            guard x.isFinite else { return nil }
            let k = key(x)
            if holds(k) { return holds(k - 1) ? nil : k }
            return holds(k + 1) ? k + 1 : nil
        }
        return crossing(near: v + c) ?? crossing(near: (v + c) - halfBelow(v))
    }

    /// Orders the non-NaN doubles as unsigned integers (`-0` just below `+0`).
    @inline(__always)
    static func key(_ x: Double) -> UInt64 {
        let bits = x.bitPattern
        return bits & signBit != 0 ? ~bits : bits | signBit
    }

    /// The double with order key `k`.
    @inline(__always)
    static func value(_ k: UInt64) -> Double {
        Double(bitPattern: k & signBit != 0 ? k & ~signBit : ~k)
    }

    /// The double just below `x` in the order of ``key(_:)`` (so `-0` is just below `+0`).
    static func predecessor(_ x: Double) -> Double { value(key(x) - 1) }

    private static let signBit: UInt64 = 1 << 63
    /// The keys of `-∞` and `+∞`: every non-NaN double lies between them.
    private static let lowestKey = key(-.infinity)
    private static let highestKey = key(.infinity)
}
