extension ChildBVH {
    /// The position of cell `(x, y)` along the Hilbert curve filling the 2^16 × 2^16 grid: the
    /// curve's two bits for each level, from the top bit down, in four table steps of four
    /// levels each (the loop of one level at a time, with its unpredictable branches, was an
    /// eighth of a million-view build).
    /// - Complexity: O(1): four dependent loads from a 2 KiB table.
    @inline(__always)
    static func hilbertIndex(_ x: UInt32, _ y: UInt32) -> UInt32 {
        hilbertSteps.withUnsafeBufferPointer { steps in
            var state: UInt32 = 0
            var d: UInt32 = 0
            for shift in stride(from: UInt32(12), through: 0, by: -4) {
                let nibbles = (x >> shift & 0xF) << 4 | (y >> shift & 0xF)
                // Safe: state < 4 and nibbles < 256, so the index is below 1,024, the table's size.
                let step = UInt32(steps[Int(truncatingIfNeeded: state << 8 | nibbles)])
                d = d << 8 | (step & 0xFF)
                state = step >> 8
            }
            return d
        }
    }

    /// The curve four levels at a time: entry `state << 8 | xBits << 4 | yBits` holds the four
    /// levels' digits (8 bits, the top level's highest) and, above them, the state the next
    /// level starts in.
    ///
    /// A state says how the levels above turned the grid: bit 0, x and y swapped; bit 1, both
    /// complemented. At one level, with the turned bits `(rx, ry)`, the curve's digit is
    /// `3·rx ⊕ ry`; a quadrant with `ry = 0` turns what lies below it: swapped, and complemented
    /// too when `rx = 1`. (Swapping and complementing both coordinates commute, so two bits keep
    /// every turn.)
    static let hilbertSteps: [UInt16] = (0..<1024).map { entry in
        var state = entry >> 8
        var digits = 0
        for level in stride(from: 3, through: 0, by: -1) {
            var rx = entry >> (4 + level) & 1
            var ry = entry >> level & 1
            if state & 1 != 0 { swap(&rx, &ry) }
            if state & 2 != 0 { (rx, ry) = (rx ^ 1, ry ^ 1) }
            digits = digits << 2 | ((3 * rx) ^ ry)
            if ry == 0 { state ^= 1 | (rx == 1 ? 2 : 0) }
        }
        return UInt16(state << 8 | digits)
    }

    /// Positions `0..<values.count` ordered by `values`, ties by position: two 16-bit LSD radix
    /// passes for large inputs; a comparison sort below 4096, where clearing the radix passes'
    /// 65,536-entry tables would cost more than sorting (a UI scene has thousands of small
    /// indexed lists).
    static func radixSortedPositions(_ values: [UInt32]) -> [UInt32] {
        let n = values.count
        if n < 4096 {
            var keyed = (0..<n).map { UInt64(values[$0]) << 32 | UInt64($0) }
            keyed.sort()
            return keyed.map { UInt32(truncatingIfNeeded: $0) }
        }
        var order = [UInt32](unsafeUninitializedCapacity: n) { buffer, count in
            for i in 0..<n { buffer[i] = UInt32(i) }
            count = n
        }
        var scratch = [UInt32](repeating: 0, count: n)
        var counts = [Int](repeating: 0, count: 65537)
        for shift: UInt32 in [0, 16] {
            for i in counts.indices { counts[i] = 0 }
            for v in values { counts[Int((v >> shift) & 0xFFFF) + 1] += 1 }
            for i in 1..<counts.count { counts[i] += counts[i - 1] }
            for p in order {
                let bucket = Int((values[Int(p)] >> shift) & 0xFFFF)
                scratch[counts[bucket]] = p
                counts[bucket] += 1
            }
            swap(&order, &scratch)
        }
        return order
    }
}
