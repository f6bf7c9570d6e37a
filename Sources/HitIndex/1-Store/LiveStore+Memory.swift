/// Which side of a live index holds a structure: what a published snapshot reads, or what only
/// the writer keeps (the structures it edits from, blocks kept for reuse, blocks kept for held
/// snapshots, its bookkeeping).
package enum MemoryPart: String, Sendable {
    case snapshot
    case writer
}

/// The bytes one structure of a live index holds.
package struct MemoryItem: Sendable, Equatable {
    package var part: MemoryPart
    package var structure: String
    package var bytes: Int

    package init(part: MemoryPart, structure: String, bytes: Int) {
        self.part = part
        self.structure = structure
        self.bytes = bytes
    }
}

/// Counts blocks by the memory they keep allocated: a block of its own is its header and body; a
/// block in a ``PageSlab`` keeps the whole slab, which is counted once, with the first of its
/// blocks met (so a slab whose pages were copied away by edits still counts in full, as the
/// allocator sees it).
private struct BlockTally {
    private var slabs: Set<ObjectIdentifier> = []

    /// The bytes `body` adds that no block counted before holds.
    mutating func bytes(_ body: UnsafeMutableRawPointer) -> Int {
        guard let slab = PageBlock.slab(of: body) else { return PageBlock.headerSize + PageBlock.byteCount(body) }
        return slabs.insert(ObjectIdentifier(slab)).inserted ? slab.byteCount : 0
    }

    /// The bytes of every block `forEachBlock` lists.
    mutating func bytes(_ forEachBlock: ((UnsafeMutableRawPointer) -> Void) -> Void) -> Int {
        var total = 0
        forEachBlock { total += bytes($0) }
        return total
    }
}

extension LiveStore {
    /// Every byte the store keeps allocated, by structure: the columns a published snapshot
    /// reads first, then everything only the writer keeps. Blocks are counted by allocation
    /// (whole slabs, headers, directories), so the account is what the allocator holds for the
    /// store, less the allocator's own per-allocation overhead.
    ///
    /// Between commits the writer's copies of shared pages are counted with the snapshot columns
    /// they replace; after a commit they are the snapshot's. Blocks the arena keeps for held
    /// snapshots count on the writer's side: they are what holding old versions costs.
    /// - Complexity: O(blocks).
    func memoryAccount() -> [MemoryItem] {
        var tally = BlockTally()
        var items: [MemoryItem] = []
        func add(_ part: MemoryPart, _ structure: String, _ bytes: Int) {
            items.append(MemoryItem(part: part, structure: structure, bytes: bytes))
        }
        let s = state
        add(.snapshot, "records", tally.bytes(s.records.forEachBlock))
        add(.snapshot, "extras", tally.bytes(s.extras.forEachBlock))
        add(.snapshot, "wide geometries", tally.bytes(s.wideGeometries.forEachBlock))
        add(.snapshot, "hierarchy leaves", tally.bytes(s.leaves.forEachBlock))
        add(.snapshot, "hierarchy blocks", tally.bytes(s.blocks.forEachBlock))
        add(.snapshot, "id bytes", tally.bytes(s.idBytes.forEachBlock))
        add(.snapshot, "predicates", predicates.closures.capacity * MemoryLayout<(@Sendable (Point) -> Bool)?>.stride)
        add(.writer, "slot states", tally.bytes(s.slots.forEachBlock))
        add(.writer, "order trees", tally.bytes(s.orderNodes.forEachBlock))
        add(.writer, "rare attributes", tally.bytes(s.rares.forEachBlock))
        add(.writer, "bounds entries", tally.bytes(s.boundsEntries.forEachBlock))
        add(.writer, "insets entries", tally.bytes(s.insetsEntries.forEachBlock))
        add(.writer, "alpha entries", tally.bytes(s.alphaEntries.forEachBlock))
        add(.writer, "hierarchy leaf places", tally.bytes(s.leafMeta.forEachBlock))
        add(.writer, "hierarchy block places", tally.bytes(s.blockMeta.forEachBlock))
        add(.writer, "id table", tally.bytes(s.idTable.forEachBlock))
        add(.writer, "blocks kept for reuse", tally.bytes(pager.forEachPooledBlock))
        add(.writer, "blocks kept for held snapshots", tally.bytes(pager.arena.forEachHeldBlock))
        let floor = generationFloor.capacity * (MemoryLayout<UInt32>.stride * 2 + 1)
        add(
            .writer, "bookkeeping",
            pager.bookkeepingBytes + pager.arena.bookkeepingBytes + floor
                + predicates.free.capacity * MemoryLayout<Int32>.stride)
        return items
    }
}
