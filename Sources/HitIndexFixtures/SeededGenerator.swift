/// A small, fast, seedable generator (SplitMix64) whose output never depends on the standard
/// library's version: every sampling helper here is written out, so the same seed gives the same
/// scenes on every toolchain.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator; equal seeds give equal sequences.
    /// - Complexity: O(1).
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    /// - Complexity: O(1).
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `0..<bound` (Lemire's multiply-high; the tiny bias is irrelevant here).
    /// - Complexity: O(1).
    public mutating func int(below bound: Int) -> Int {
        precondition(bound > 0)
        return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// A uniform integer in `range`.
    /// - Complexity: O(1).
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + int(below: range.count)
    }

    /// A uniform `Double` in `[0, 1)` with 53 random bits.
    /// - Complexity: O(1).
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A uniform `Double` in `[lower, upper)`.
    /// - Complexity: O(1).
    public mutating func double(_ lower: Double, _ upper: Double) -> Double {
        lower + (upper - lower) * unit()
    }

    /// True with probability `p`.
    /// - Complexity: O(1).
    public mutating func chance(_ p: Double) -> Bool {
        unit() < p
    }

    /// A uniformly chosen element.
    /// - Complexity: O(1).
    public mutating func pick<T>(_ choices: [T]) -> T {
        choices[int(below: choices.count)]
    }

    /// `lower + k * step` for a uniform whole `k` that keeps the result within `[lower, upper]`:
    /// coordinates on a grid put many points exactly on view edges, where engines are most
    /// likely to disagree.
    /// - Complexity: O(1).
    public mutating func grid(_ lower: Double, _ upper: Double, step: Double = 0.5) -> Double {
        let steps = Int(((upper - lower) / step).rounded(.down))
        return lower + Double(int(in: 0...Swift.max(0, steps))) * step
    }
}
