import Testing

@testable import HitIndex

/// Every record's layout is pinned, and the pins are checked against the compiled layouts.
struct StoreLayoutTests {
    @Test func everyRecordMatchesItsPin() {
        #expect(StoreLayout.violations.isEmpty, "\(StoreLayout.violations)")
        // What a view costs the live store at least: a record and a writer entry.
        #expect(MemoryLayout<ViewRecord>.stride + MemoryLayout<SlotState>.stride == 104)
        // What the search reads of a record is its first 64 bytes: the Float geometry, reach,
        // links and flags.
        #expect(MemoryLayout<ViewRecord>.offset(of: \ViewRecord.generation) == 64)
        #expect(MemoryLayout<ViewRecord>.offset(of: \ViewRecord.reach) == 32)
    }

    @Test func aMovedLayoutIsReported() {
        // Pins one byte off in each measure are each reported, with the record's name.
        let wrong = [
            StoreLayout.Pin(ViewRecord.self, size: 120, stride: 128, alignment: 8, "size off"),
            StoreLayout.Pin(SlotState.self, size: 24, stride: 28, alignment: 4, "stride off"),
            StoreLayout.Pin(ChildBVH.Node.self, size: 4, alignment: 8, "alignment off"),
        ]
        let problems = StoreLayout.violations(of: wrong)
        #expect(problems.count == 3, "\(problems)")
        #expect(problems.first?.contains("ViewRecord") == true)
        #expect(StoreLayout.violations(of: [StoreLayout.Pin(IDRef.self, size: 8, alignment: 8, "right")]).isEmpty)
    }

    @Test func nodeAndLaneReferencesRoundTrip() {
        for i in [0, 1, 7, 1 << 20, ChildBVH.Lane.blockLimit - 1, ChildBVH.Node.limit - 1] {
            let leaf = ChildBVH.Node.leaf(i)
            let inner = ChildBVH.Node.inner(i)
            #expect(leaf.isLeaf && leaf.index == i, "leaf \(i)")
            #expect(!inner.isLeaf && inner.index == i, "block \(i)")
            #expect(leaf != inner)
            #expect(ChildBVH.Node(rawValue: leaf.rawValue) == leaf)
            for lane in [0, 3, 7] where i < ChildBVH.Lane.blockLimit {
                let l = ChildBVH.Lane(block: i, lane: lane)
                #expect(l.block == i && l.lane == lane && l != .none, "lane \(i).\(lane)")
            }
        }
    }
}
