import HitIndex
import HitIndexFixtures
import HitIndexReference
import Testing

/// The index against the reference: the same view for every point, on every generated shape,
/// with points biased to the places where engines disagree (edges, one ulp beside them).
@Suite struct IndexDifferentialTests {
    /// Screen points that sit on, and one ulp beside, every view's hit-rect edges and corners,
    /// plus uniform points over the windows.
    static func probePoints(_ scene: Scene, rng: inout SeededGenerator, uniform: Int, edgeViews: Int = 150) -> [Point] {
        var points: [Point] = []
        var views: [View] = []
        scene.forEachView { v, _ in views.append(v) }
        // Edge probes for a seeded sample of the views (all of them in small scenes).
        while views.count > edgeViews {
            views.swapAt(rng.int(below: views.count), views.count - 1)
            views.removeLast()
        }
        for v in views {
            let e = v.hitRegion.extents
            guard e.minX.isFinite, e.maxX.isFinite else { continue }
            let xs = [e.minX, e.maxX, e.minX * 0.5 + e.maxX * 0.5]
            let ys = [e.minY, e.maxY, e.minY * 0.5 + e.maxY * 0.5]
            for x in xs {
                for y in ys {
                    let s = v.convertToScreen(Point(x: x, y: y))
                    points.append(s)
                    points.append(Point(x: s.x.nextUp, y: s.y))
                    points.append(Point(x: s.x.nextDown, y: s.y.nextDown))
                }
            }
        }
        for _ in 0..<uniform {
            let w = scene.windows[rng.int(below: scene.windows.count)]
            let f = w.frame
            points.append(
                Point(
                    x: rng.double(f.origin.x - 20, f.origin.x + f.size.width + 20),
                    y: rng.double(f.origin.y - 20, f.origin.y + f.size.height + 20)))
        }
        points += [Point(x: .nan, y: 1), Point(x: .infinity, y: 3), Point(x: 2, y: -.infinity)]
        return points
    }

    static func compare(_ scene: Scene, label: String, seed: UInt64, uniform: Int = 500) throws {
        let index = try HitIndex.HitTestIndex(scene)
        for violation in index.invariantViolations() {
            Issue.record("\(label) seed \(seed): \(violation)")
        }
        var rng = SeededGenerator(seed: seed &+ 99)
        let points = probePoints(scene, rng: &rng, uniform: uniform)
        let expected = ReferenceHitTester().hitTest(scene, at: points).map { $0?.id }
        var mismatches = 0
        for (p, want) in zip(points, expected) {
            let got = index.hitTestID(p)
            if got != want {
                mismatches += 1
                if mismatches <= 5 {
                    Issue.record("\(label) seed \(seed): at \(p) index \(got ?? "nil"), reference \(want ?? "nil")")
                }
            }
        }
        #expect(mismatches == 0, "\(label) seed \(seed): \(mismatches) of \(points.count) points differ")
    }

    @Test(arguments: SceneShape.allCases)
    func generatedShapes(shape: SceneShape) throws {
        for seed: UInt64 in 1...6 {
            let count = shape == .random ? 60 + Int(seed) * 40 : 300 + Int(seed) * 150
            try Self.compare(shape.generate(count: count, seed: seed), label: "\(shape) \(count)", seed: seed)
        }
    }

    @Test func manySmallRandomScenes() throws {
        for seed: UInt64 in 100..<400 {
            var rng = SeededGenerator(seed: seed)
            let count = rng.int(in: 2...40)
            try Self.compare(
                SceneShape.random.generate(count: count, seed: seed), label: "random \(count)", seed: seed, uniform: 100
            )
        }
    }
}
