/// Optional string ids: their UTF-8 bytes appended to a shared byte column (snapshots print ids
/// from it), and a writer-side open-addressing table from id to slot (each entry the id's hash
/// and the slot, so only an equal hash reads bytes). Removed views' bytes become garbage; the
/// bytes are compacted once garbage is the larger part.
///
/// The table is linear probing at most three quarters full, of any size (not a power of two):
/// an id's home entry is its hash scaled to the size, `h · capacity >> 32`, so a table sized
/// for its ids holds 1.33–2 entries an id (8 bytes each) instead of the 2–4 a power of two at
/// most half full needs.
extension LiveStore {
    private static let emptyEntry: UInt64 = 0
    private static let tombstone: UInt64 = .max

    /// The id of a view, or nil when it has none.
    /// - Complexity: O(length).
    func id(of slot: Slot) -> String? {
        Self.string(state.records[slot.index].id, in: state.idBytes.reader)
    }

    /// The string at `ref` in an id byte column.
    /// - Complexity: O(length).
    static func string(_ ref: IDRef, in bytes: ColumnReader<UInt8>) -> String? {
        guard !ref.isNone else { return nil }
        return String(unsafeUninitializedCapacity: ref.length) { buffer in
            var i = 0
            let pageMask = 1 << PagedColumn<UInt8>.pageShift - 1
            while i < ref.length {
                let at = ref.offset + i
                // Safe: the bytes were written before the version that holds `ref` was published;
                // each run stays within one page.
                let run = Swift.min(ref.length - i, pageMask + 1 - (at & pageMask))
                (buffer.baseAddress! + i).initialize(from: bytes.pointer(at), count: run)
                i += run
            }
            return ref.length
        }
    }

    /// Whether the id bytes at `ref` equal `utf8`.
    private func bytesEqual(_ ref: IDRef, _ utf8: String.UTF8View) -> Bool {
        guard ref.length == utf8.count else { return false }
        var i = ref.offset
        for b in utf8 {
            if state.idBytes[i] != b { return false }
            i += 1
        }
        return true
    }

    /// The id tables' hash of an id (``IDHash``).
    static func hash(_ utf8: String.UTF8View) -> UInt32 { IDHash.of(utf8) }

    /// The slot of the live view with this id.
    /// - Complexity: O(length) expected.
    func slot(withID id: String) -> Slot? {
        let capacity = state.counts.idTableCapacity
        guard capacity > 0 else { return nil }
        let utf8 = id.utf8
        let h = Self.hash(utf8)
        var i = Self.home(h, capacity: capacity)
        while true {
            let entry = tableEntry(i)
            if entry == Self.emptyEntry { return nil }
            if entry != Self.tombstone && UInt32(truncatingIfNeeded: entry >> 32) == h {
                let slot = Self.slot(ofEntry: entry)
                if bytesEqual(state.records[slot.index].id, utf8) { return slot }
            }
            i = Self.probe(after: i, capacity: capacity)
        }
    }

    /// An id's home entry in a table of `capacity` entries: the hash scaled to the table
    /// (monotonic in the hash, so ordering ids by hash orders them by home).
    @inline(__always)
    static func home(_ h: UInt32, capacity: Int) -> Int { Int((UInt64(h) &* UInt64(capacity)) >> 32) }

    /// The entry a probe tries after `i`: the next one, wrapping to the first.
    @inline(__always)
    static func probe(after i: Int, capacity: Int) -> Int { i + 1 == capacity ? 0 : i + 1 }

    /// Whether a table of `capacity` entries has room for `entries` used or tombstone entries:
    /// at most three quarters full.
    @inline(__always)
    static func tableHasRoom(for entries: Int, capacity: Int) -> Bool { 4 * entries <= 3 * capacity }

    /// The id table is a column of `UInt32` pairs: entry `i` is words `2i` (slot + 1) and `2i+1`
    /// (hash).
    private func tableEntry(_ i: Int) -> UInt64 {
        UInt64(state.idTable[2 * i + 1]) << 32 | UInt64(state.idTable[2 * i])
    }

    /// An entry: the hash in the high word, slot + 1 in the low one (0 is an empty entry).
    private static func entry(hash h: UInt32, slot: Slot) -> UInt64 { UInt64(h) << 32 | UInt64(slot.rawValue + 1) }

    /// The slot of a used entry.
    private static func slot(ofEntry entry: UInt64) -> Slot { Slot(rawValue: UInt32(truncatingIfNeeded: entry) - 1) }

    private func setTableEntry(_ i: Int, _ entry: UInt64) {
        state.idTable.set(2 * i, UInt32(truncatingIfNeeded: entry))
        state.idTable.set(2 * i + 1, UInt32(truncatingIfNeeded: entry >> 32))
    }

    /// Gives `slot` the id `id`; returns false, changing nothing, when another live view has it.
    /// An empty id is "no id".
    /// - Complexity: O(length) expected, amortized.
    func setID(_ id: String?, of slot: Slot) -> Bool {
        guard let id, !id.isEmpty else {
            removeID(of: slot)
            return true
        }
        if let other = self.slot(withID: id) { return other == slot }
        removeID(of: slot)
        let ref = appendBytes(id)
        state.records.update(slot.index) { $0.id = ref }
        insertEntry(slot: slot, hash: Self.hash(id.utf8))
        return true
    }

    /// Forgets a view's id (its bytes become garbage).
    /// - Complexity: O(length) expected.
    func removeID(of slot: Slot) {
        let ref = state.records[slot.index].id
        guard !ref.isNone else { return }
        let capacity = state.counts.idTableCapacity
        let utf8Hash = hash(of: ref)
        var i = Self.home(utf8Hash, capacity: capacity)
        while true {
            let entry = tableEntry(i)
            precondition(entry != Self.emptyEntry, "a view's id is in the id table")
            if entry != Self.tombstone && Self.slot(ofEntry: entry) == slot {
                setTableEntry(i, Self.tombstone)
                state.counts.idTableUsed -= 1
                state.counts.idTableTombstones += 1
                break
            }
            i = Self.probe(after: i, capacity: capacity)
        }
        state.records.update(slot.index) { $0.id = IDRef(rawValue: 0) }
        state.counts.idBytesGarbage += ref.length
    }

    /// The hash of the id bytes at `ref`.
    private func hash(of ref: IDRef) -> UInt32 {
        IDHash.of(bytes: (ref.offset..<(ref.offset + ref.length)).lazy.map { self.state.idBytes[$0] })
    }

    /// Appends bytes to the id column; compacts first when garbage outweighs live bytes.
    private func appendBytes(_ id: String) -> IDRef {
        let counts = state.counts
        if counts.idBytesGarbage > 1 << 16 && counts.idBytesGarbage > counts.idBytesUsed - counts.idBytesGarbage {
            compactIDs()
        }
        let offset = state.counts.idBytesUsed
        var string = id
        let length = string.withUTF8 { bytes in
            state.idBytes.set(offset, contentsOf: bytes)
            return bytes.count
        }
        state.counts.idBytesUsed = offset + length
        return IDRef(offset: offset, length: length)
    }

    /// Adds a table entry, growing (and dropping tombstones) to keep the table at most three
    /// quarters full.
    ///
    /// A rehash sizes the table for 1.75 × the live entries: four sevenths full leaves room for
    /// a third as many inserts (or tombstones) again before the next rehash, so growth stays
    /// amortized O(1), a table filled by removes and inserts alike is cleaned at its size
    /// instead of doubling, and the table never holds more than two entries an id it had at its
    /// last rehash. (At three quarters full, a lookup of an absent id probes 8.5 entries on
    /// average, a found one 2.5: one or two 64-byte lines of 8-byte entries.)
    private func insertEntry(slot: Slot, hash h: UInt32) {
        let counts = state.counts
        let entries = counts.idTableUsed + counts.idTableTombstones + 1
        if !Self.tableHasRoom(for: entries, capacity: counts.idTableCapacity) {
            rehash(capacity: Self.tableCapacity(growingTo: counts.idTableUsed + 1))
        }
        let capacity = state.counts.idTableCapacity
        var i = Self.home(h, capacity: capacity)
        while true {
            let entry = tableEntry(i)
            if entry == Self.emptyEntry || entry == Self.tombstone {
                if entry == Self.tombstone { state.counts.idTableTombstones -= 1 }
                setTableEntry(i, Self.entry(hash: h, slot: slot))
                state.counts.idTableUsed += 1
                return
            }
            i = Self.probe(after: i, capacity: capacity)
        }
    }

    /// The table size a rehash gives `entries` live entries that may grow: 1.75 entries an id,
    /// at least 64.
    static func tableCapacity(growingTo entries: Int) -> Int { Swift.max(64, entries * 7 / 4) }

    /// The table size for the `entries` ids of a bulk load: 1.5 entries an id (two thirds full,
    /// room for an eighth more before a rehash), at least 64.
    static func tableCapacity(loading entries: Int) -> Int { Swift.max(64, entries * 3 / 2) }

    /// Rebuilds the table with `capacity` entries, without tombstones. The stored hashes place
    /// every entry without reading an id.
    private func rehash(capacity: Int) {
        precondition(Self.tableHasRoom(for: state.counts.idTableUsed, capacity: capacity), "room for every id")
        let old = state.counts.idTableCapacity
        var entries: [UInt64] = []
        entries.reserveCapacity(state.counts.idTableUsed)
        for i in 0..<old {
            let e = tableEntry(i)
            if e != Self.emptyEntry && e != Self.tombstone { entries.append(e) }
        }
        // New zero-filled pages, in one slab: the old ones stay as they were for a rollback
        // (zeroing them in place would keep a before-image of every entry).
        state.idTable.compact(reserving: 2 * capacity, zeroed: true)
        state.counts.idTableCapacity = capacity
        state.counts.idTableTombstones = 0
        for e in entries {
            var i = Self.home(UInt32(truncatingIfNeeded: e >> 32), capacity: capacity)
            while tableEntry(i) != Self.emptyEntry { i = Self.probe(after: i, capacity: capacity) }
            setTableEntry(i, e)
        }
    }

    /// Rewrites every live id contiguously at the start of the byte column.
    private func compactIDs() {
        var live: [(Slot, [UInt8])] = []
        for slot in 1..<state.slots.count {
            let ref = state.records[slot].id
            guard !ref.isNone, state.records[slot].flags.contains(.live) else { continue }
            live.append((Slot(slot), (ref.offset..<(ref.offset + ref.length)).map { state.idBytes[$0] }))
        }
        var offset = 0
        for (slot, bytes) in live {
            for (k, b) in bytes.enumerated() { state.idBytes.set(offset + k, b) }
            state.records.update(slot.index) { $0.id = IDRef(offset: offset, length: bytes.count) }
            offset += bytes.count
        }
        state.counts.idBytesUsed = offset
        state.counts.idBytesGarbage = 0
    }

    /// Adds ids for many new views at once (a bulk load): returns the first slot whose id is
    /// already taken, if any.
    /// - Complexity: O(total length) expected.
    func addIDs(_ ids: [(slot: Slot, id: String)]) -> Slot? {
        let needed = state.counts.idTableUsed + ids.count
        if !Self.tableHasRoom(for: needed + state.counts.idTableTombstones, capacity: state.counts.idTableCapacity) {
            rehash(capacity: Self.tableCapacity(loading: needed))
        }
        for (slot, id) in ids {
            guard !id.isEmpty, insertIfAbsent(id, slot: slot) else { return slot }
        }
        return nil
    }

    /// Gives `slot` the id `id` unless a live view has it (then returns false, changing
    /// nothing), with one probe of the table: the first free entry on the id's probe sequence
    /// takes it. The table must have room (at most three quarters full after the insert).
    /// - Complexity: O(length) expected.
    private func insertIfAbsent(_ id: String, slot: Slot) -> Bool {
        let capacity = state.counts.idTableCapacity
        let entries = state.counts.idTableUsed + state.counts.idTableTombstones + 1
        precondition(Self.tableHasRoom(for: entries, capacity: capacity), "room for one more id")
        let utf8 = id.utf8
        let h = Self.hash(utf8)
        var i = Self.home(h, capacity: capacity)
        var free: Int?
        while true {
            let entry = tableEntry(i)
            if entry == Self.emptyEntry { break }
            if entry == Self.tombstone {
                if free == nil { free = i }
            } else if UInt32(truncatingIfNeeded: entry >> 32) == h {
                let other = Self.slot(ofEntry: entry)
                if bytesEqual(state.records[other.index].id, utf8) { return false }
            }
            i = Self.probe(after: i, capacity: capacity)
        }
        let at = free ?? i
        if free != nil { state.counts.idTableTombstones -= 1 }
        let ref = appendBytes(id)
        state.records.update(slot.index) { $0.id = ref }
        setTableEntry(at, Self.entry(hash: h, slot: slot))
        state.counts.idTableUsed += 1
        return true
    }

    /// The ids of a bulk load into a store that has never had an id, as the table entries a
    /// fresh table holds, in the order it places them (by home entry, ties in input order), with
    /// their bytes end to end. Reads nothing of the store, so another thread makes it while the
    /// records are written.
    struct IDPlan: Sendable {
        /// The table's size.
        var capacity: Int
        /// Each id's entry (hash and slot, as the table stores it), by home entry
        /// (``LiveStore/home(_:capacity:)``), then input position: the fill reads them in one
        /// stream instead of gathering each id's hash and slot at random (measured: those
        /// gathers were most of the fill, about a tenth of a million-view bulk build).
        var entries: [UInt64]
        /// Every id's UTF-8 bytes, in input order.
        var bytes: [UInt8]

        /// Hashes `ids` (in ascending slot order, as a bulk load's fresh slots are) and orders
        /// their entries for a table of the size ``addIDs(_:)`` would choose.
        /// - Complexity: O(total length): a radix sort of the entries by home entry, 11 bits a pass.
        init(_ ids: [(slot: Slot, id: String)]) {
            let n = ids.count
            let capacity = LiveStore.tableCapacity(loading: n)
            self.capacity = capacity
            var entries = [UInt64](repeating: 0, count: n)
            var bytes: [UInt8] = []
            bytes.reserveCapacity(ids.reduce(0) { $0 + $1.id.utf8.count })
            for k in 0..<n {
                precondition(k == 0 || ids[k - 1].slot < ids[k].slot, "ids in ascending slot order")
                entries[k] = LiveStore.entry(hash: LiveStore.hash(ids[k].id.utf8), slot: ids[k].slot)
                bytes.append(contentsOf: ids[k].id.utf8)
            }
            // Stable: equal homes stay in input order.
            radixSort(&entries, keysBelow: capacity) { LiveStore.home(ofEntry: $0, capacity: capacity) }
            self.entries = entries
            self.bytes = bytes
        }
    }

    /// The home entry of a table entry's hash.
    /// - Complexity: O(1).
    static func home(ofEntry e: UInt64, capacity: Int) -> Int {
        home(UInt32(truncatingIfNeeded: e >> 32), capacity: capacity)
    }

    /// ``addIDs(_:)`` for a store that has never had an id, from `plan` (made from the same
    /// `ids`): the table is filled front to back instead of probed at random (measured: the
    /// random probes were a tenth of a million-view load), and the id bytes copied in one run.
    /// Each view's id reference must already be in its record, where the ids' bytes, end to end
    /// in input order from offset 0, put it. The entries sit where some insertion order would
    /// put them; which one is not specified.
    /// - Returns: the first slot whose id an earlier one has, if any (then nothing is added).
    /// - Complexity: O(total length + ids · run length of equal home entries).
    func addIDs(_ ids: [(slot: Slot, id: String)], plan: IDPlan) -> Slot? {
        precondition(state.counts.idTableCapacity == 0 && state.counts.idBytesUsed == 0, "a store that never had ids")
        let n = ids.count
        let capacity = plan.capacity
        let entries = plan.entries
        // The input position of an entry's id: ids are in ascending slot order.
        func position(_ e: UInt64) -> Int {
            let slot = Slot(rawValue: UInt32(truncatingIfNeeded: e) - 1)
            var (lo, hi) = (0, n)
            while lo < hi {
                let mid = (lo + hi) / 2
                if ids[mid].slot < slot { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        // Equal ids have equal hashes, so they share a run of equal home entries; the first
        // duplicate in input order is the smallest later position of an equal pair.
        var firstDuplicate = Int.max
        var runStart = 0
        var runHome = -1
        for j in 0...n {
            let home = j < n ? Self.home(ofEntry: entries[j], capacity: capacity) : -1
            if j == 0 { runHome = home }
            if j < n && home == runHome { continue }
            if j - runStart > 1 {
                for a in runStart..<j {
                    for b in (a + 1)..<j where entries[a] >> 32 == entries[b] >> 32 {
                        let (p, q) = (position(entries[a]), position(entries[b]))
                        if ids[p].id.utf8.elementsEqual(ids[q].id.utf8) {
                            firstDuplicate = Swift.min(firstDuplicate, Swift.max(p, q))
                        }
                    }
                }
            }
            runStart = j
            runHome = home
        }
        if firstDuplicate < n { return ids[firstDuplicate].slot }
        rehash(capacity: capacity)
        var next = 0
        var wrapped: [UInt64] = []
        for e in entries {
            // Homes never decrease along the order, so every entry between an entry's home and
            // its place is taken: a lookup from the home finds it.
            let at = Swift.max(Self.home(ofEntry: e, capacity: capacity), next)
            guard at < capacity else {
                wrapped.append(e)
                continue
            }
            setTableEntry(at, e)
            next = at + 1
        }
        // Past the end: the entries from the home to the end are taken; probe on from 0.
        for e in wrapped {
            var i = 0
            while tableEntry(i) != Self.emptyEntry { i = Self.probe(after: i, capacity: capacity) }
            setTableEntry(i, e)
        }
        state.counts.idTableUsed = n
        plan.bytes.withUnsafeBufferPointer { state.idBytes.set(0, contentsOf: $0) }
        state.counts.idBytesUsed = plan.bytes.count
        return nil
    }
}
