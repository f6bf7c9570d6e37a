/// Sorts `values` stably by `key(value)`, a number in `0..<limit`: least significant digit
/// first, 11 bits a pass, each pass one count and one scatter over the values in order, so that
/// the memory traffic is streams, not random probes (how the id tables are filled in bulk).
/// - Complexity: O(n · ⌈log₂(limit) / 11⌉).
@inlinable
package func radixSort(_ values: inout [UInt64], keysBelow limit: Int, key: (UInt64) -> Int) {
    var scratch = [UInt64](repeating: 0, count: values.count)
    var shift = 0
    while 1 << shift < limit {
        var counts = [Int](repeating: 0, count: 2049)
        for v in values { counts[((key(v) >> shift) & 2047) + 1] += 1 }
        for d in 0..<2048 { counts[d + 1] += counts[d] }
        for v in values {
            let d = (key(v) >> shift) & 2047
            scratch[counts[d]] = v
            counts[d] += 1
        }
        swap(&values, &scratch)
        shift += 11
    }
}
