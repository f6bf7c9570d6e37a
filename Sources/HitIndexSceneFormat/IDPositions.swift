import HitIndex

/// The decoder's map from a view's id to its record's position: an open-addressing table of
/// `(hash, position)` words, so that an insert or a lookup hashes the id's bytes once and reads
/// another id only on an equal 32-bit hash.
///
/// A `[String: Int]` did the same at about a tenth of a million-view file's load, most of it in
/// seeding and finishing the standard library's per-process randomized hasher; ids come from
/// the file, so a fixed hash is enough here (a hostile file can only make its own load slower).
package struct IDPositions {
    /// `hash << 32 | position + 1`; 0 is an empty entry. A power of two at most half full.
    private var entries: [UInt64]
    package private(set) var count = 0

    /// A table for `expected` ids without growing.
    /// - Complexity: O(expected).
    package init(expected: Int = 0) {
        var capacity = 16
        while capacity < 2 * expected { capacity *= 2 }
        entries = [UInt64](repeating: 0, count: capacity)
    }

    /// The id tables' hash of `id` (``IDHash``).
    /// - Complexity: O(length).
    package static func hash(_ id: String) -> UInt32 { IDHash.of(id.utf8) }

    /// The position recorded for `id`; `idAt` gives the id at a recorded position.
    /// - Complexity: O(length) expected.
    package func position(of id: String, idAt: (Int) -> String) -> Int? {
        probe(id, hash: Self.hash(id), idAt: idAt).found
    }

    /// Records `position` for `id` unless an earlier position has that id.
    /// - Returns: the earlier position, or nil when `position` was recorded.
    /// - Complexity: O(length) expected, amortized over growth.
    package mutating func insert(_ id: String, at position: Int, idAt: (Int) -> String) -> Int? {
        if 2 * (count + 1) > entries.count { grow() }
        let entry = Self.logEntry(id, at: position)
        let (empty, found) = probe(id, hash: UInt32(truncatingIfNeeded: entry >> 32), idAt: idAt)
        if let found { return found }
        entries[empty] = entry
        count += 1
        return nil
    }

    /// From `id`'s home entry on: the position recorded for `id`, or the empty entry where it
    /// would go.
    private func probe(_ id: String, hash h: UInt32, idAt: (Int) -> String) -> (empty: Int, found: Int?) {
        let mask = entries.count - 1
        var i = Int(h) & mask
        while true {
            let e = entries[i]
            if e == 0 { return (i, nil) }
            if UInt32(truncatingIfNeeded: e >> 32) == h {
                let p = Int(UInt32(truncatingIfNeeded: e)) - 1
                if idAt(p) == id { return (i, p) }
            }
            i = (i + 1) & mask
        }
    }

    /// A log entry for ``init(log:idAt:)``: `id`'s hash and `position`.
    /// - Complexity: O(length).
    package static func logEntry(_ id: String, at position: Int) -> UInt64 {
        precondition(position >= 0 && position < Int(UInt32.max), "positions below 2^32 - 1")
        return UInt64(hash(id)) << 32 | UInt64(position + 1)
    }

    /// The table of the ids in `log` (``logEntry(_:at:)``s), filled front to back from the
    /// entries sorted by home (a radix sort, 11 bits a pass) instead of probed at random per id:
    /// a million random probes into a 16 MB table were about 8 % of a million-view file's load.
    /// Nil when two entries have equal ids.
    /// - Complexity: O(n + total length of ids sharing a hash).
    package init?(log: [UInt64], idAt: (Int) -> String) {
        self.init(expected: log.count)
        let capacity = entries.count
        let mask = capacity - 1
        var sorted = log
        radixSort(&sorted, keysBelow: capacity) { Int(truncatingIfNeeded: $0 >> 32) & mask }
        // Equal ids share a hash, so a home: compare within each run of equal homes.
        var runStart = 0
        for j in 0...sorted.count {
            if j < sorted.count
                && Int(truncatingIfNeeded: sorted[j] >> 32) & mask
                    == Int(truncatingIfNeeded: sorted[runStart] >> 32) & mask
            {
                continue
            }
            for a in runStart..<j {
                for b in (a + 1)..<j where sorted[a] >> 32 == sorted[b] >> 32 {
                    let p = Int(UInt32(truncatingIfNeeded: sorted[a])) - 1
                    let q = Int(UInt32(truncatingIfNeeded: sorted[b])) - 1
                    if idAt(p) == idAt(q) { return nil }
                }
            }
            runStart = j
        }
        // Homes never decrease along the order, so every entry between an entry's home and its
        // place is taken: a lookup from the home finds it. Past the end, probing goes on from 0.
        var next = 0
        var wrapped: [UInt64] = []
        for e in sorted {
            let at = Swift.max(Int(truncatingIfNeeded: e >> 32) & mask, next)
            guard at < capacity else {
                wrapped.append(e)
                continue
            }
            entries[at] = e
            next = at + 1
        }
        for e in wrapped {
            var i = 0
            while entries[i] != 0 { i += 1 }
            entries[i] = e
        }
        count = log.count
    }

    /// Doubles the table, placing every entry again by its stored hash.
    private mutating func grow() {
        let old = entries
        entries = [UInt64](repeating: 0, count: old.count * 2)
        let mask = entries.count - 1
        for e in old where e != 0 {
            var i = Int(UInt32(truncatingIfNeeded: e >> 32)) & mask
            while entries[i] != 0 { i = (i + 1) & mask }
            entries[i] = e
        }
    }
}
