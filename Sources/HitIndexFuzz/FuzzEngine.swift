import Foundation
import HitIndex
import HitIndexReference
import HitIndexSceneFormat

/// An engine under test: answers a batch of screen points on a scene with view ids (nil for no
/// view). The fuzzer compares it with the reference.
public struct FuzzEngine: Sendable {
    /// Its name in reports.
    public let name: String
    /// The answers, one per point; a refusal of the scene is reported as a thrown error.
    public let answer: @Sendable (Scene, [Point]) throws -> [String?]

    /// Creates an engine from its answering function.
    /// - Complexity: O(1).
    public init(name: String, answer: @escaping @Sendable (Scene, [Point]) throws -> [String?]) {
        self.name = name
        self.answer = answer
    }

    /// The product: the flattened index, built both from the object model and from the scene's
    /// file read straight into records (nested or flat form, by the scene's size). A point's
    /// answer is the model-built index's single query when the batch API, `hitTestAll` and the
    /// file-built index agree with it and both structures pass the invariant checker, and
    /// otherwise a description of the problem (which no reference answer can equal).
    public static let index = FuzzEngine(name: "index") { scene, points in
        let index = try HitTestIndex(scene)
        let form: SceneWriter.Form = scene.viewCount % 2 == 0 ? .automatic : .flat
        let file = Data(try SceneWriter.write(scene, form: form))
        let fromFile = try HitTestIndex(views: SceneReader.readDefinitions(data: file))
        if let violation = index.invariantViolations().first ?? fromFile.invariantViolations().first {
            return points.map { _ in "<index invariant broken: \(violation)>" }
        }
        let batch = index.hitTest(points, threads: 2)
        return points.indices.map { i in
            let single = index.hitTest(points[i])
            let first = index.hitTestAll(points[i]).first
            let viaFile = fromFile.hitTest(points[i])
            let name = { (v: ViewIndex?) in v.map(index.id(of:)) ?? "nil" }
            if batch[i] == single && first == single && viaFile == single { return single.map(index.id(of:)) }
            return "<index inconsistent: single \(name(single)), batch \(name(batch[i])), "
                + "hitTestAll.first \(name(first)), built from the file \(name(viaFile))>"
        }
    }

    /// The oracle's answers, on a large stack so that deep chains are fine.
    /// - Complexity: O(points × views) at worst.
    public static func reference(_ scene: Scene, _ points: [Point]) -> [String?] {
        ReferenceHitTester().hitTest(scene, at: points).map { $0?.id }
    }
}

/// A point on which an engine and the reference disagree.
public struct Mismatch: Sendable {
    public var scene: FuzzScene
    public var point: Point
    /// The reference's answer (the view id, or nil).
    public var expected: String?
    /// The engine's answer, or the error it refused the scene with.
    public var got: String?
}

extension FuzzEngine {
    /// The points of `points` where this engine and the reference disagree on `scene`, with both
    /// answers. A scene the engine refuses counts as a disagreement on every point (the
    /// generator makes only valid scenes, so a refusal is the engine's fault).
    /// - Complexity: O(points × views) at worst.
    public func mismatches(_ scene: FuzzScene, _ points: [Point]) -> [Mismatch] {
        let model = scene.makeScene()
        let expected = FuzzEngine.reference(model, points)
        let got: [String?]
        do {
            got = try answer(scene.makeScene(), points)
        } catch {
            return points.indices.map {
                Mismatch(scene: scene, point: points[$0], expected: expected[$0], got: "<refused: \(error)>")
            }
        }
        return points.indices.compactMap { i in
            expected[i] == got[i] ? nil : Mismatch(scene: scene, point: points[i], expected: expected[i], got: got[i])
        }
    }

    /// Whether this engine still disagrees with the reference at `point` on `scene`.
    /// - Complexity: as ``mismatches(_:_:)`` for one point.
    public func disagrees(_ scene: FuzzScene, at point: Point) -> Bool {
        !mismatches(scene, [point]).isEmpty
    }
}
