import Foundation
import HitIndex
import HitIndexFixtures
import HitIndexReference
import Testing

/// Depth and width at scale: a 100,000-deep chain and a 100,000-child fan answer as the
/// reference does, and the index (iterative) runs them on an ordinary test thread.
@Suite(.serialized) struct IndexDeepTests {
    static let depth = 100_000

    /// The chain below the window, top-down.
    static func chain(of scene: Scene) -> [View] {
        var out: [View] = []
        var v: View? = scene.windows[0]
        while let current = v {
            out.append(current)
            v = current.subviews.last
        }
        return out
    }

    /// Independent answer for a chain of plain views (eligible, rect-shaped, no pass-through,
    /// outside-bounds or redirect): walk down with the canonical conversion while the point
    /// stays inside; the last view it is inside answers.
    static func chainAnswer(_ chain: [View], _ q: Point) -> String? {
        var p = q
        var answer: String?
        for v in chain {
            p = v.placement.toLocal(p)
            guard v.hitRegion.contains(p) else { break }
            answer = v.id
        }
        return answer
    }

    /// The screen-space hit rect of every view of a chain (exact: identity and flip transforms
    /// with whole-number geometry), and its running intersection from the window down.
    static func screenRects(_ chain: [View]) -> (rects: [Extents], running: [Extents]) {
        var rects: [Extents] = []
        var running: [Extents] = []
        var toScreen = HitIndex.AffineTransform.identity
        var acc = Extents(minX: -.infinity, minY: -.infinity, maxX: .infinity, maxY: .infinity)
        for v in chain {
            let t = v.transform
            let a = v.placement.anchorOffset
            // b ↦ center + T·(b - anchorOffset), then into the screen.
            let local = HitIndex.AffineTransform(
                a: t.a, b: t.b, c: t.c, d: t.d, tx: v.center.x - (t.a * a.x + t.c * a.y),
                ty: v.center.y - (t.b * a.x + t.d * a.y))
            toScreen = local.concatenating(toScreen)
            let e = v.hitRegion.extents
            let p = toScreen.apply(to: Point(x: e.minX, y: e.minY))
            let q = toScreen.apply(to: Point(x: e.maxX, y: e.maxY))
            let r = Extents(minX: min(p.x, q.x), minY: min(p.y, q.y), maxX: max(p.x, q.x), maxY: max(p.y, q.y))
            rects.append(r)
            acc = Extents(
                minX: max(acc.minX, r.minX), minY: max(acc.minY, r.minY), maxX: min(acc.maxX, r.maxX),
                maxY: min(acc.maxY, r.maxY))
            running.append(acc)
        }
        return (rects, running)
    }

    static func isEmpty(_ e: Extents) -> Bool { !(e.minX < e.maxX && e.minY < e.maxY) }

    /// Points on and one ulp beside the corners and edges of `e`.
    static func edgePoints(_ e: Extents) -> [Point] {
        let midX = e.minX * 0.5 + e.maxX * 0.5
        let midY = e.minY * 0.5 + e.maxY * 0.5
        var out: [Point] = [Point(x: midX, y: midY)]
        for x in [e.minX.nextDown, e.minX, e.minX.nextUp, e.maxX.nextDown, e.maxX, e.maxX.nextUp] {
            out.append(Point(x: x, y: midY))
        }
        for y in [e.minY.nextDown, e.minY, e.minY.nextUp, e.maxY.nextDown, e.maxY, e.maxY.nextUp] {
            out.append(Point(x: midX, y: y))
        }
        out += [
            Point(x: e.minX, y: e.minY), Point(x: e.maxX.nextDown, y: e.maxY.nextDown),
            Point(x: e.minX.nextDown, y: e.minY.nextDown), Point(x: e.maxX, y: e.maxY),
        ]
        return out
    }

    /// Runs the index and the reference (on a large stack) at `points`, and the chain oracle.
    static func compareChain(_ scene: Scene, chain: [View], points: [Point], label: String) throws -> [String?] {
        let clock = ContinuousClock()
        let start = clock.now
        let index = try HitTestIndex(scene)
        let built = clock.now
        let got = points.map { index.hitTestID($0) }
        let queried = clock.now
        let reference = ReferenceHitTester().hitTest(scene, at: points).map { $0?.id }
        let referenced = clock.now
        print(
            "\(label): build \(built - start), \(points.count) index queries \(queried - built), reference \(referenced - queried)"
        )
        for (k, p) in points.enumerated() {
            let oracle = chainAnswer(chain, p)
            #expect(
                got[k] == reference[k],
                "\(label): at (\(p.x), \(p.y)) index \(got[k] ?? "nil"), reference \(reference[k] ?? "nil")")
            #expect(
                reference[k] == oracle,
                "\(label): at (\(p.x), \(p.y)) reference \(reference[k] ?? "nil"), chain walk \(oracle ?? "nil")")
        }
        #expect(index.invariantViolations().isEmpty)
        return got
    }

    /// SceneShape.deep: 100,000 views below the window, each offset by -1, 0 or +1 point from its
    /// parent and every 97th scrolled by (1, -1), so the chain drifts: the running intersection of
    /// the hit rects shrinks level by level and becomes empty long before the bottom (no point
    /// reaches the deepest view). Probed on the edges, ± 1 ulp, of the running intersection at
    /// the levels where it shrinks, sampled with a seed.
    @Test(.timeLimit(.minutes(3)))
    func generatedDeepChainAgreesAtTheEdges() throws {
        let scene = SceneShape.deep.generate(count: Self.depth + 1, seed: 1)
        let chain = Self.chain(of: scene)
        #expect(chain.count == Self.depth + 1)
        let (_, running) = Self.screenRects(chain)
        // The levels where the running intersection changes.
        var shrinks: [Int] = []
        for k in 1..<running.count where running[k] != running[k - 1] && !Self.isEmpty(running[k]) { shrinks.append(k) }
        let lastNonEmpty = try #require(running.lastIndex { !Self.isEmpty($0) })
        print(
            "deep chain: running intersection shrinks at \(shrinks.count) levels, non-empty down to level \(lastNonEmpty)"
        )
        #expect(shrinks.count > 10)
        var rng = SeededGenerator(seed: 2024)
        var levels = [1, 2, shrinks.first!, shrinks.last!, lastNonEmpty]
        for _ in 0..<3 { levels.append(shrinks[rng.int(below: shrinks.count)]) }
        var points: [Point] = []
        for k in levels { points += Self.edgePoints(running[k]) }
        points += [Point(x: .nan, y: 3), Point(x: 1, y: .infinity)]
        let got = try Self.compareChain(scene, chain: chain, points: points, label: "deep seed 1")
        // Hand-derived: the middle of the last non-empty running intersection (half-integer
        // coordinates, converted exactly) is inside every rect down to that level and, the
        // next running intersection being empty, outside the next view's: that level answers.
        let mid = Point(
            x: running[lastNonEmpty].minX * 0.5 + running[lastNonEmpty].maxX * 0.5,
            y: running[lastNonEmpty].minY * 0.5 + running[lastNonEmpty].maxY * 0.5)
        let index = try HitTestIndex(scene)
        #expect(index.hitTestID(mid) == chain[lastNonEmpty].id)
        #expect(points.count > 60)
        // Depth below the window saturates in the 16-bit column.
        let links = try FlatScene(scene).links
        #expect(links[65_535].depth == 65_535 && links.last?.depth == UInt16.max)
        #expect(got.contains(nil) && got.contains { $0 != nil && $0 != "W" })
    }

    /// A chain of 100,000 views that wanders within ±4 points of the window in screen space (so
    /// the deepest view is reachable), flipped horizontally every 5,000 levels (the index takes
    /// its transformed path) and scrolled by (1, -1) then back every 97 levels.
    static func boundedChain(depth: Int, seed: UInt64) -> Scene {
        var rng = SeededGenerator(seed: seed)
        let window = Window(id: "W", frame: Rect(x: 0, y: 0, width: 390, height: 844))
        var parent: View = window
        var screenX = 0.0
        var screenY = 0.0
        var sx = 1.0  // the sign of the parent's bounds-x axis in screen space
        var scrolled = false
        for k in 1...depth {
            func step(_ offset: Double) -> Double {
                if offset >= 4 { return -1 }
                if offset <= -4 { return 1 }
                return Double(rng.int(in: -1...1))
            }
            let stepX = step(screenX)
            let stepY = step(screenY)
            // The parent's bounds origin shifts where a frame lands; compensate so the screen
            // offsets stay bounded.
            let origin = parent.bounds.origin
            let v = View(
                id: "c\(k)", frame: Rect(x: origin.x + sx * stepX, y: origin.y + stepY, width: 390, height: 844))
            screenX += stepX
            screenY += stepY
            if k % 5_000 == 0 {
                v.transform = .scale(-1, 1)
                sx = -sx
            }
            if k % 97 == 0 {
                scrolled.toggle()
                v.bounds.origin = scrolled ? Point(x: 1, y: -1) : .zero
            }
            parent.addSubview(v)
            parent = v
        }
        return Scene(windows: [window])
    }

    @Test(.timeLimit(.minutes(3)))
    func boundedDeepChainReachesTheDeepestView() throws {
        let scene = Self.boundedChain(depth: Self.depth, seed: 7)
        let chain = Self.chain(of: scene)
        #expect(chain.count == Self.depth + 1)
        let (rects, running) = Self.screenRects(chain)
        let bottom = running[Self.depth]
        #expect(!Self.isEmpty(bottom), "the running intersection reaches the deepest view")
        // Every view's screen rect stays within 4 points of the window's.
        #expect(rects.allSatisfy { abs($0.minX) <= 4 && abs($0.minY) <= 4 })
        var points = Self.edgePoints(bottom)
        // Levels where the running intersection last shrank, and a seeded sample of others.
        var shrinks: [Int] = []
        for k in 1..<running.count where running[k] != running[k - 1] { shrinks.append(k) }
        var rng = SeededGenerator(seed: 99)
        for k in [shrinks.last!] + (0..<3).map({ _ in shrinks[rng.int(below: shrinks.count)] }) {
            points += Self.edgePoints(running[k]).prefix(7)
        }
        // The rect of the deepest view itself (mostly outside ancestors' intersection at its edges).
        points += Self.edgePoints(rects[Self.depth]).prefix(7)
        let got = try Self.compareChain(scene, chain: chain, points: points, label: "bounded chain seed 7")
        // Hand-derived: the middle of the final running intersection is inside every view's
        // rect, so the deepest view answers; so is the middle of its top edge (y is never
        // flipped, and every rect includes its min y). The min-x edge is not: under an odd
        // number of flips a view's screen rect is (minX, maxX], open on the left.
        let deepest = "c\(Self.depth)"
        let edges = Self.edgePoints(bottom)
        let midX = bottom.minX * 0.5 + bottom.maxX * 0.5
        let midY = bottom.minY * 0.5 + bottom.maxY * 0.5
        #expect(got[0] == deepest)
        #expect(got[edges.firstIndex(of: Point(x: midX, y: bottom.minY))!] == deepest)
        // Just above it is not. (One ulp above would round back onto the edge in the window's
        // conversion, whose `y - 422` has a coarser ulp: 2^-30 survives every level exactly.)
        let above = Point(x: midX, y: bottom.minY - 0x1p-30)
        #expect(try HitTestIndex(scene).hitTestID(above) != deepest)
        #expect(Self.chainAnswer(chain, above) != deepest)
        // Its max-y edge is outside (half-open) for the view that sets it.
        #expect(got[edges.firstIndex(of: Point(x: midX, y: bottom.maxY))!] != deepest)
        #expect(got[edges.firstIndex(of: Point(x: midX, y: bottom.maxY.nextDown))!] == deepest)
        // The counters see the whole descent: window plus 100,000 views. (They also count the
        // attempts that overflowed the fixed traversal stacks before the heap retry, so the
        // total is larger: each retry grows the stacks fourfold, which bounds the waste by
        // 4/3 of the final capacity, itself below 4 × the depth.)
        var c = VisitCounters()
        #expect(try HitTestIndex(scene).hitTest(Point(x: midX, y: midY), counting: &c).map { _ in true } == true)
        #expect(c.views >= Self.depth + 1)
        #expect(c.views < 7 * (Self.depth + 1))
        print("bounded chain: one query to the bottom entered \(c.views) views")
    }

    /// SceneShape.overlap with 100,000 siblings in one container (the index searches them
    /// through one ChildBVH): edge probes of a seeded sample of the siblings and uniform points.
    @Test(.timeLimit(.minutes(3)))
    func hundredThousandChildFanAgrees() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let scene = SceneShape.overlap.generate(count: Self.depth + 2, seed: 3)
        let canvas = scene.windows[0].subviews[0]
        #expect(canvas.subviews.count == Self.depth)
        let index = try HitTestIndex(scene)
        let built = clock.now
        #expect(index.isIndexed(ViewIndex(1)))
        #expect(index.invariantViolations().isEmpty)
        var rng = SeededGenerator(seed: 33)
        let points = IndexDifferentialTests.probePoints(scene, rng: &rng, uniform: 100, edgeViews: 20)
        let expected = ReferenceHitTester().hitTest(scene, at: points).map { $0?.id }
        let referenced = clock.now
        let mismatches = IndexAgreement.check(
            scene, index: index, points: points, expected: expected, label: "fan of 100,000 (overlap seed 3)",
            maxReports: 5, includeScene: false)
        let done = clock.now
        print(
            "fan: build \(built - start), reference \(points.count) points \(referenced - built), index \(done - referenced)"
        )
        #expect(mismatches == 0)
        // The front-most siblings win where they overlap: the answers are not all the canvas.
        #expect(expected.filter { $0 != nil && $0 != "canvas" && $0 != "W" }.count > points.count / 3)
        // The batch entry point on the same points.
        #expect(index.hitTest(points, threads: 2).map { $0.map(index.id(of:)) } == expected)
    }

    /// A fan whose 100,000 siblings all cover the same spot, most of them ineligible or
    /// pass-through: the answer is the front-most eligible one, hand-derived, and the reference's.
    @Test(.timeLimit(.minutes(3)))
    func hundredThousandStackedSiblings() throws {
        let w = Window(id: "W", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let box = View(id: "box", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        w.addSubview(box)
        for k in 0..<Self.depth {
            let v = View(id: "s\(k)", frame: Rect(x: Double(k % 50), y: Double(k % 50), width: 10, height: 10))
            if k > 60 {
                v.isPassThrough = k % 2 == 0
                v.isHidden = k % 2 == 1
            }
            box.addSubview(v)
        }
        let scene = Scene(windows: [w])
        let index = try HitTestIndex(scene)
        // (k % 50) + [0, 10): the front-most eligible, non-pass-through sibling covering (x, x)
        // is the largest k <= 60 with x - 10 < k % 50 <= x.
        func expected(_ x: Double) -> String {
            for k in stride(from: 60, through: 0, by: -1) {
                let o = Double(k % 50)
                if o <= x && x < o + 10 { return "s\(k)" }
            }
            return "box"
        }
        let points = [0.0, 5, 9.5, 10, 30, 49.5, 55, 58.9, 59, 70].map { Point(x: $0, y: $0) }
        let reference = ReferenceHitTester().hitTest(scene, at: points).map { $0?.id }
        for (p, want) in zip(points, reference) {
            #expect(want == expected(p.x), "reference at \(p)")
            #expect(index.hitTestID(p) == want, "index at \(p)")
        }
    }
}
