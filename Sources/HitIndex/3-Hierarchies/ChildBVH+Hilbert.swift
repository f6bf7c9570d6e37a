extension ChildBVH {
    /// The position of cell `(x, y)` along the Hilbert curve filling the 2^16 × 2^16 grid.
    static func hilbertIndex(_ x: UInt32, _ y: UInt32) -> UInt32 {
        var x = x
        var y = y
        var d: UInt64 = 0
        var s: UInt32 = 1 << 15
        while s > 0 {
            let rx: UInt32 = (x & s) != 0 ? 1 : 0
            let ry: UInt32 = (y & s) != 0 ? 1 : 0
            d += UInt64(s) * UInt64(s) * UInt64((3 * rx) ^ ry)
            if ry == 0 {
                if rx == 1 {
                    x = 65535 - x
                    y = 65535 - y
                }
                swap(&x, &y)
            }
            s >>= 1
        }
        return UInt32(truncatingIfNeeded: d)
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
