import Foundation
import HitIndexFixtures
import HitIndexSceneFormat
import Testing

@testable import HitIndex

/// Scene files read straight into bulk-load records (`SceneReader.readDefinitions`): the index
/// built from them holds the same columns, and answers the same, as the one built from the object
/// model of the same file, in both file forms; every refusal is the model reader's
/// (`SceneFormatErrorTests` runs its cases through both readers).
@Suite struct SceneFileRecordsTests {
    @Test(arguments: SceneShape.allCases)
    func recordsFromAFileBuildTheModelsColumnsAndAnswers(shape: SceneShape) throws {
        for seed: UInt64 in 1...4 {
            let scene = shape.generate(count: 300 * Int(seed), seed: seed)
            for form in [SceneWriter.Form.nested, .flat] {
                let context = "\(shape) seed \(seed) \(form)"
                let bytes = Data(try SceneWriter.write(scene, form: form))
                let read = try SceneReader.read(data: bytes, file: "s.json")
                let definitions = try SceneReader.readDefinitions(data: bytes, file: "s.json")
                #expect(definitions.count == scene.viewCount, "\(context)")
                let model = try LiveIndex(read)
                let records = try LiveIndex(views: definitions)
                #expect(records.invariantViolations().isEmpty, "\(context)")
                let a = BulkLoadTests.columns(model.store)
                let b = BulkLoadTests.columns(records.store)
                for name in a.keys.sorted() { #expect(a[name] == b[name], "\(context): column \(name) differs") }
                let points = BulkLoadTests.probe(scene, seed: seed)
                let m = model.snapshot
                let r = records.snapshot
                #expect(points.map { m.hitTest($0) } == points.map { r.hitTest($0) }, "\(context)")
                // Positions in the records are paint-order positions, as the model index's are.
                let byModel = try HitTestIndex(read)
                let byRecords = try HitTestIndex(views: definitions)
                #expect(points.map(byModel.hitTest) == points.map(byRecords.hitTest), "\(context)")
            }
        }
    }

    @Test func braceCountAgreesWithAPlainCount() {
        for seed: UInt64 in 1...20 {
            var rng = SeededGenerator(seed: seed)
            // Lengths around the 16-byte blocks and the 255-block lane limit; dense braces
            // overflow a lane's byte if the lanes are not added up in time.
            let length = rng.int(below: 9000)
            let density = rng.pick([0.0, 0.05, 0.5, 1.0])
            let bytes: [UInt8] = (0..<length).map { _ in
                rng.chance(density) ? UInt8(ascii: "{") : UInt8(rng.int(below: 256))
            }
            let plain = bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "{") ? 1 : 0) }
            #expect(bytes.withUnsafeBytes(SceneReader.braceCount) == plain, "seed \(seed), \(length) bytes")
        }
    }

    @Test func windowsOutOfLevelOrderAndFlatEntriesOutOfPreorderArePaintOrdered() throws {
        // The front window is listed first; the flat list gives a subview before its sibling's
        // subtree ends, so file order is neither paint order nor preorder.
        let json = """
            {"views": [
              {"id": "front", "frame": [0, 0, 100, 100], "level": 10},
              {"id": "back", "frame": [0, 0, 100, 100]},
              {"id": "a", "parent": "back", "frame": [0, 0, 50, 50]},
              {"id": "b", "parent": "back", "frame": [0, 0, 80, 80], "redirectTarget": "a2"},
              {"id": "a2", "parent": "a", "frame": [0, 0, 10, 10]},
              {"id": "f1", "parent": "front", "frame": [60, 60, 10, 10], "userInteractionEnabled": false}
            ]}
            """
        let definitions = try SceneReader.readDefinitions(string: json)
        // Paint order, written out by hand: back, a, a2, b, front, f1.
        #expect(definitions.map(\.id) == ["back", "a", "a2", "b", "front", "f1"])
        #expect(definitions.map(\.parent) == [nil, 0, 1, 0, nil, 4])
        #expect(definitions[3].redirectTarget == 2)
        #expect(definitions[4].windowLevel == 10 && definitions[4].order == 0 && definitions[0].order == 1)
        let index = try HitTestIndex(views: definitions)
        // `front` covers everything and takes the touch; f1 is not interactive.
        #expect(index.hitTestID(Point(x: 65, y: 65)) == "front")
        let scene = try SceneReader.read(string: json)
        let byModel = try HitTestIndex(scene)
        for x in stride(from: -5.0, through: 105, by: 5) {
            for y in stride(from: -5.0, through: 105, by: 5) {
                let p = Point(x: x, y: y)
                #expect(index.hitTestID(p) == byModel.hitTestID(p), "\(p)")
            }
        }
    }
}
