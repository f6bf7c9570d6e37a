/// The ids seen so far while flattening, as positions into the flat id table: finds a duplicate
/// id without building a `String`-keyed dictionary.
///
/// Hashing the UTF-8 bytes already copied into the id table, with open addressing over one
/// `UInt64` per slot, costs about a third of `Set<String>` at a million views (measured with
/// `hitindex-bench`'s build times); only an equal 32-bit hash leads to a byte comparison.
struct IDSet {
    /// Per slot: the id's 32-bit hash in the high half, its position + 1 in the low half; 0 when
    /// empty. At most half the slots are used.
    private var slots: [UInt64]
    private var used = 0

    /// A set sized for about `expected` ids (it grows past that).
    /// - Complexity: O(expected).
    init(expected: Int) {
        var capacity = 64
        while capacity < 2 * expected { capacity *= 2 }
        slots = [UInt64](repeating: 0, count: capacity)
    }

    /// Adds the id of view `position`, `bytes[offsets[position]..<offsets[position + 1]]`;
    /// returns false, adding nothing, when an equal id is already present.
    /// - Complexity: O(length of the id) expected.
    mutating func insert(_ position: Int, offsets: [UInt32], bytes: [UInt8]) -> Bool {
        let start = Int(offsets[position])
        let end = Int(offsets[position + 1])
        let hash = bytes.withUnsafeBufferPointer { Self.hash(UnsafeBufferPointer(rebasing: $0[start..<end])) }
        if 2 * (used + 1) > slots.count { grow() }
        let mask = slots.count - 1
        var i = Int(hash) & mask
        while true {
            let slot = slots[i]
            if slot == 0 { break }
            if UInt32(truncatingIfNeeded: slot >> 32) == hash {
                let other = Int(UInt32(truncatingIfNeeded: slot)) - 1
                let otherStart = Int(offsets[other])
                let otherEnd = Int(offsets[other + 1])
                if otherEnd - otherStart == end - start
                    && bytes[otherStart..<otherEnd].elementsEqual(bytes[start..<end])
                {
                    return false
                }
            }
            i = (i + 1) & mask
        }
        slots[i] = UInt64(hash) << 32 | UInt64(position + 1)
        used += 1
        return true
    }

    /// Doubles the table; the stored hashes place every entry again without reading an id.
    private mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: 0, count: old.count * 2)
        let mask = slots.count - 1
        for slot in old where slot != 0 {
            var i = Int(slot >> 32) & mask
            while slots[i] != 0 { i = (i + 1) & mask }
            slots[i] = slot
        }
    }

    /// The id tables' hash (``IDHash``): its low bits are the slot.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 { IDHash.of(bytes: bytes) }
}
