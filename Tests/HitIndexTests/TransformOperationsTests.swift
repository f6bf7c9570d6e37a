import Foundation
import HitIndex
import HitIndexSceneFormat
import Testing

/// Transforms written as operation lists (scene-format.md): the matrices of docs/semantics.md's
/// formulas, worked by hand, the chaining order of the `CGAffineTransform` functions, the same
/// answers as the six-number form, the writer's canonical form, and one-line refusals.
@Suite struct TransformOperationsTests {
    typealias AffineTransform = HitIndex.AffineTransform

    /// A one-window scene whose view "V" (bounds 100×50 at center (150, 150)) has `transform`.
    static func scene(_ transform: String) -> String {
        """
        {"windows": [{"id": "W", "frame": [0, 0, 300, 300], "subviews": [
          {"id": "V", "bounds": [0, 0, 100, 50], "center": [150, 150], "transform": \(transform)}
        ]}]}
        """
    }

    static func transform(_ operations: String) throws -> AffineTransform {
        let text = scene(operations)
        let model = try SceneReader.read(string: text)
        let fromModel = try #require(model.view(withID: "V")).attributes.transform
        // The bulk-load reader applies the same key with the same code: same bits.
        let definitions = try SceneReader.readDefinitions(string: text)
        #expect(definitions[1].attributes.transform == fromModel)
        return fromModel
    }

    static func close(_ t: AffineTransform, _ want: [Double], _ context: String) {
        let got = [t.a, t.b, t.c, t.d, t.tx, t.ty]
        for (g, w) in zip(got, want) { #expect(abs(g - w) <= 1e-12, "\(context): \(t) vs \(want)") }
    }

    @Test func rotationsAreTheFormulasOfTheAngle() throws {
        // 110°: cos = -0.34202014332566866, sin = 0.9396926207859083 (to double precision).
        let t = try Self.transform("[{\"rotate\": 110}]")
        Self.close(
            t, [-0.34202014332566866, 0.9396926207859083, -0.9396926207859083, -0.34202014332566866, 0, 0], "110°")
        // Bit for bit the documented formula: rotation(degrees · π / 180).
        #expect(t == AffineTransform.rotation(110 * .pi / 180))
        #expect(
            try Self.transform("[{\"rotateRadians\": 1.9198621771937625}]")
                == AffineTransform.rotation(1.9198621771937625))
        // 90° is cos(π/2) = 6.123233995736766e-17, as CGAffineTransform(rotationAngle: .pi / 2).
        let quarter = try Self.transform("[{\"rotate\": 90}]")
        #expect(quarter.a == cos(Double.pi / 2) && quarter.b == 1 && quarter.a != 0)
    }

    @Test func operationsChainAsTheCGAffineTransformFunctions() throws {
        // t = identity.translatedBy(10, 0).rotated(90°): the rotation reaches points first, then
        // the translation: (1, 0) → (0, 1) → (10, 1).
        let tr = try Self.transform("[{\"translate\": [10, 0]}, {\"rotate\": 90}]")
        let p = tr.apply(to: Point(x: 1, y: 0))
        #expect(abs(p.x - 10) < 1e-12 && abs(p.y - 1) < 1e-12, "\(p)")
        // The other order: (1, 0) → (11, 0) → (0, 11).
        let rt = try Self.transform("[{\"rotate\": 90}, {\"translate\": [10, 0]}]")
        let q = rt.apply(to: Point(x: 1, y: 0))
        #expect(abs(q.x) < 1e-12 && abs(q.y - 11) < 1e-12, "\(q)")
        // scale then concat: concat follows what was built: (1, 1) → (2, 3) → (7, 10).
        let sc = try Self.transform("[{\"scale\": [2, 3]}, {\"concat\": [1, 0, 0, 1, 5, 7]}]")
        #expect(sc == AffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 5, ty: 7))
        #expect(sc.apply(to: Point(x: 1, y: 1)) == Point(x: 7, y: 10))
        // scale after translate: the scale reaches points first: (1, 1) → (2, 3) → (12, 23).
        let ts = try Self.transform("[{\"translate\": [10, 20]}, {\"scale\": [2, 3]}]")
        #expect(ts == AffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 10, ty: 20))
        // The formulas of docs/semantics.md, composed by hand.
        let chained = try Self.transform(
            "[{\"scale\": [2, 0.5]}, {\"rotate\": 30}, {\"concat\": [1, 0.25, 0, 1, 3, 4]}, {\"translate\": [-7, 2]}]")
        let byHand = AffineTransform.translation(-7, 2).concatenating(
            AffineTransform.rotation(30 * .pi / 180).concatenating(AffineTransform.scale(2, 0.5))
                .concatenating(AffineTransform(a: 1, b: 0.25, c: 0, d: 1, tx: 3, ty: 4)))
        #expect(chained == byHand)
        #expect(try Self.transform("[{\"concat\": [1, 0, 0, 1, 0, 0]}]") == .identity)
    }

    @Test func operationListsAnswerAsTheirMatrixAndAreWrittenAsIt() throws {
        let operations = "[{\"translate\": [10, -5]}, {\"rotate\": 110}, {\"scale\": [1.5, 0.75]}]"
        let scene = try SceneReader.read(string: Self.scene(operations))
        let t = try #require(scene.view(withID: "V")).attributes.transform
        let written = try SceneWriter.string(scene)
        // The canonical six numbers, not the operations.
        #expect(written.contains("\"transform\": [") && !written.contains("rotate"), "\(written)")
        let matrix = try SceneReader.read(string: written)
        #expect(try #require(matrix.view(withID: "V")).attributes.transform == t)
        let index = try HitTestIndex(scene)
        let fromMatrix = try HitTestIndex(matrix)
        var hits = 0
        for x in stride(from: 60.0, through: 240, by: 3.5) {
            for y in stride(from: 60.0, through: 240, by: 3.5) {
                let p = Point(x: x, y: y)
                let a = index.hitTest(p).map(index.id(of:))
                #expect(a == fromMatrix.hitTest(p).map(fromMatrix.id(of:)), "\(p)")
                if a == "V" { hits += 1 }
            }
        }
        #expect(hits > 50)
    }

    @Test(arguments: [
        (
            "[{\"spin\": 3}]",
            "operation 0: expected {\"translate\": [tx, ty]}, {\"scale\": [sx, sy]}, {\"rotate\": degrees}, {\"rotateRadians\": radians} or {\"concat\": [a, b, c, d, tx, ty]}, got an unknown operation \"spin\""
        ),
        ("[{\"rotate\": 30}, {\"translate\": [1]}]", "operation 1: expected"),
        ("[{\"rotate\": \"30\"}]", "got \"rotate\" with a bad argument"),
        ("[{\"rotate\": 30, \"scale\": [1, 1]}]", "operation 0: expected"),
        ("[1, {\"rotate\": 3}]", "expected 6 finite numbers"),
        ("[{\"rotate\": 3}, 1]", "operation 1: expected {\"translate\": [tx, ty]}"),
        ("[{\"concat\": [1, 0, 0, 1, 0]}]", "\"concat\" with a bad argument"),
        ("[{\"scale\": [1e308, 1]}, {\"scale\": [1e308, 1]}]", "not finite"),
    ])
    func badOperationsAreRefusedInOneLine(_ operations: String, _ message: String) {
        for bulk in [false, true] {
            do throws(SceneError) {
                if bulk {
                    _ = try SceneReader.readDefinitions(string: Self.scene(operations), file: "t.json")
                } else {
                    _ = try SceneReader.read(string: Self.scene(operations), file: "t.json")
                }
                Issue.record("\(operations) was accepted")
            } catch {
                let text = error.description
                #expect(text.hasPrefix("t.json: view \"V\": transform: "), "\(text)")
                #expect(text.contains(message), "\(text)")
                #expect(!text.contains("\n"))
            }
        }
    }

    /// `frame` under a transform is refused with the bounds and center that say the same frame
    /// before the transform (scene-format.md).
    @Test func aFrameUnderATransformIsRefusedWithTheKeysToWriteInstead() throws {
        let json = """
            {"windows": [{"id": "W", "frame": [0, 0, 300, 300], "subviews": [
              {"id": "V", "frame": [10, 20, 100, 50], "anchorPoint": [0, 1], "boundsOrigin": [0, 5],
               "transform": [{"rotate": 110}]}
            ]}]}
            """
        do throws(SceneError) {
            _ = try SceneReader.read(string: json, file: "f.json")
            Issue.record("accepted")
        } catch {
            // center = origin + anchor * size = (10 + 0, 20 + 1 * 50).
            #expect(
                error.description
                    == "f.json: view \"V\": frame: not allowed together with a non-identity transform (give bounds "
                    + "and center: for this frame before the transform, \"bounds\": [0.0, 5.0, 100.0, 50.0], "
                    + "\"center\": [10.0, 70.0])")
        }
        // Written that way, the view is accepted, with the rotation around its anchor.
        let fixed = json.replacingOccurrences(
            of: "\"frame\": [10, 20, 100, 50], \"anchorPoint\": [0, 1], \"boundsOrigin\": [0, 5]",
            with: "\"bounds\": [0, 5, 100, 50], \"center\": [10, 70], \"anchorPoint\": [0, 1]")
        let v = try #require(try SceneReader.read(string: fixed).view(withID: "V"))
        #expect(
            v.attributes.center == Point(x: 10, y: 70)
                && v.attributes.bounds == Rect(x: 0, y: 5, width: 100, height: 50))
    }

    /// A replay script's `set` takes the same operation lists (cli.md, replay values).
    @Test func replaySetTakesOperationListsToo() throws {
        var a = ViewAttributes(bounds: Rect(x: 0, y: 0, width: 10, height: 10), center: .zero)
        try SceneEdit.setAttribute(
            "transform", try JSONValue.parse("[{\"rotate\": 110}, {\"translate\": [3, 4]}]"), of: &a, id: "V")
        #expect(a.transform == AffineTransform.rotation(110 * .pi / 180).translatedBy(x: 3, y: 4))
        #expect(
            a.transform == AffineTransform.translation(3, 4).concatenating(AffineTransform.rotation(110 * .pi / 180)))
        do throws(SceneEdit.Problem) {
            try SceneEdit.setAttribute("transform", try! JSONValue.parse("[{\"skew\": 1}]"), of: &a, id: "V")
            Issue.record("accepted")
        } catch {
            #expect(
                error.description.contains("transform") && error.description.contains("unknown operation \"skew\""),
                "\(error)")
        }
    }
}
