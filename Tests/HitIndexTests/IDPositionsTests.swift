import HitIndexFixtures
import HitIndexSceneFormat
import Testing

/// The scene decoder's id table: every id found at the position it was recorded at, duplicates
/// refused with the earlier position, absent ids not found, through many doublings.
@Suite struct IDPositionsTests {
    @Test func growsFromEmptyAndFindsEveryIDAtItsPosition() {
        var rng = SeededGenerator(seed: 77)
        var ids: [String] = []
        var seen = Set<String>()
        while ids.count < 20_000 {
            // Short ids, so that some share long prefixes; all distinct.
            let id = "v\(UInt32.random(in: 0..<200_000, using: &rng))"
            if seen.insert(id).inserted { ids.append(id) }
        }
        var table = IDPositions()
        for (p, id) in ids.enumerated() {
            #expect(table.insert(id, at: p, idAt: { ids[$0] }) == nil, "seed 77: \(id) at \(p) refused")
        }
        #expect(table.count == ids.count)
        for (p, id) in ids.enumerated() where p % 7 == 0 {
            #expect(table.position(of: id, idAt: { ids[$0] }) == p, "seed 77: \(id)")
            // A second copy is refused, naming the first.
            #expect(table.insert(id, at: ids.count + p, idAt: { ids[$0] }) == p, "seed 77: duplicate \(id)")
        }
        #expect(table.count == ids.count, "refused duplicates are not recorded")
        for absent in ["", "v", "v200000", "w1", "v1 "] {
            #expect(table.position(of: absent, idAt: { ids[$0] }) == nil, "\(absent) is absent")
        }
    }

    @Test func aTableBuiltFromALogFindsEveryIDAndRefusesDuplicates() {
        // 50,000 ids: a 131,072-entry table, two radix passes, some entries wrapping past the end.
        let ids = (0..<50_000).map { "id\($0 &* 7919 % 100_003)" }
        let log = ids.indices.map { IDPositions.logEntry(ids[$0], at: $0) }
        guard let table = IDPositions(log: log, idAt: { ids[$0] }) else {
            Issue.record("distinct ids refused as duplicates")
            return
        }
        #expect(table.count == ids.count)
        for (p, id) in ids.enumerated() {
            #expect(table.position(of: id, idAt: { ids[$0] }) == p, "\(id)")
        }
        #expect(table.position(of: "id100003", idAt: { ids[$0] }) == nil)
        // The same log with one id repeated at the end.
        let repeated = ids + [ids[12_345]]
        let withCopy = log + [IDPositions.logEntry(ids[12_345], at: ids.count)]
        #expect(IDPositions(log: withCopy, idAt: { repeated[$0] }) == nil, "a repeated id is refused")
    }

    @Test func equalHashesAreToldApartByTheirIDs() throws {
        // Find two distinct ids with the same 32-bit hash among short ids: a birthday search
        // over 200,000 candidates finds several.
        var byHash: [UInt32: String] = [:]
        var pair: (String, String)?
        for k in 0..<400_000 {
            let id = "c\(k)"
            let h = IDPositions.hash(id)
            if let other = byHash[h] {
                pair = (other, id)
                break
            }
            byHash[h] = id
        }
        let (a, b) = try #require(pair, "no collision among 400,000 ids")
        let ids = [a, b]
        var table = IDPositions()
        #expect(table.insert(a, at: 0, idAt: { ids[$0] }) == nil)
        #expect(table.insert(b, at: 1, idAt: { ids[$0] }) == nil, "\(b) is not \(a), whatever their hashes")
        #expect(table.position(of: a, idAt: { ids[$0] }) == 0)
        #expect(table.position(of: b, idAt: { ids[$0] }) == 1)
        // And in a table built from a log.
        let logged = try #require(
            IDPositions(log: [IDPositions.logEntry(a, at: 0), IDPositions.logEntry(b, at: 1)], idAt: { ids[$0] }))
        #expect(logged.position(of: a, idAt: { ids[$0] }) == 0)
        #expect(logged.position(of: b, idAt: { ids[$0] }) == 1)
    }
}
