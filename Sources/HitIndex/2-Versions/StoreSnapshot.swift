/// The columns of one published version of a store, as readers see them: immutable, shared with
/// the writer and with other versions page by page.
struct StoreSnapshot: @unchecked Sendable {
    // @unchecked Sendable: the readers point into blocks of a published version, which nobody
    // writes again and the arena frees only after the snapshot holding them is gone.
    let records: ColumnReader<ViewRecord>
    let extras: ColumnReader<ViewExtra>
    /// The exact geometry of records flagged ``ViewFlags/wideGeometry``.
    let wideGeometries: ColumnReader<RecordGeometry>
    /// Wide entries ever handed out (the reserved one included): every valid one is below it.
    let wideGeometryCount: Int
    let leaves: ColumnReader<ChildBVH.LeafBlock>
    let blocks: ColumnReader<ChildBVH.Block>
    let idBytes: ColumnReader<UInt8>
    let predicates: [(@Sendable (Point) -> Bool)?]
    /// Slots ever used (the screen's included): every valid slot is below it.
    let slotCount: Int
    /// Views alive, windows included.
    let viewCount: Int
    let version: UInt64
    /// The store's tag (``LiveStore/tag``): which index the snapshot's handles belong to.
    let tag: UInt32

    /// Whether `slot` holds a live view of `generation` in this version.
    /// - Complexity: O(1).
    func contains(slot: Slot, generation: UInt32) -> Bool {
        guard slot != Slot.screen, slot.index < slotCount else { return false }
        let r = records.pointer(slot.index)
        return r.pointee.generation == generation && r.pointee.flags.contains(.live)
    }

    /// The exact geometry of record `r` of this version.
    /// - Complexity: O(1).
    @inline(__always)
    func geometry(of r: ViewRecord) -> RecordGeometry {
        r.geometry { wideGeometries[$0] }
    }
}

extension LiveStore {
    /// Ends the version being written and returns it as a snapshot.
    /// - Complexity: O(blocks the version created or replaced) plus reclaiming.
    func publish() -> StoreSnapshot {
        committed()
        let version = pager.commit()
        pager.reclaim()
        return columns(as: version)
    }

    /// The columns as they stand, read as version `version`: what ``publish()`` hands out and
    /// what the checker reads before a commit.
    /// - Complexity: O(1).
    func columns(as version: UInt64) -> StoreSnapshot {
        StoreSnapshot(
            records: state.records.reader, extras: state.extras.reader,
            wideGeometries: state.wideGeometries.reader, wideGeometryCount: state.wideGeometries.count,
            leaves: state.leaves.reader, blocks: state.blocks.reader, idBytes: state.idBytes.reader,
            predicates: predicates.closures, slotCount: state.slots.count, viewCount: state.counts.viewCount,
            version: version, tag: tag)
    }
}
