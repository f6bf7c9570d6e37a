import HitIndex
import HitIndexFuzz
import HitIndexReference
import HitIndexSceneFormat
import Testing

/// The fuzzer itself: deterministic generation, teeth (every injected bug is caught and shrunk
/// small), counterexamples that survive being written to a file, and the command's contract.
@Suite struct FuzzTests {
    /// The same seed gives the same scenes and points, bit for bit.
    @Test func generationIsDeterministic() throws {
        for seed: UInt64 in [1, 7, 12345] {
            var a = FuzzGenerator(seed: seed)
            var b = FuzzGenerator(seed: seed)
            for k in 0..<20 {
                let sa = a.scene()
                let sb = b.scene()
                let ja = try SceneWriter.string(sa.makeScene())
                let jb = try SceneWriter.string(sb.makeScene())
                #expect(ja == jb, "seed \(seed), scene \(k)")
                let pa = a.points(for: sa.makeScene()).map { [$0.x.bitPattern, $0.y.bitPattern] }
                let pb = b.points(for: sb.makeScene()).map { [$0.x.bitPattern, $0.y.bitPattern] }
                #expect(pa == pb, "seed \(seed), scene \(k)")
            }
        }
    }

    /// Generated scenes are valid, and cover what the fuzzer promises: several windows, wide
    /// containers, transforms, every declared behaviour, alpha at the threshold.
    @Test func generatedScenesAreValidAndVaried() throws {
        var g = FuzzGenerator(seed: 99)
        var windows = 0
        var wide = 0
        var transformed = 0
        var outside = 0
        var passThrough = 0
        var redirects = 0
        var thresholdAlpha = 0
        var shaped = 0
        // Sizes in whole pixels of a 3×, 3.5× or 2.625× screen, which no `Float` holds: the
        // store keeps them as scaled `Float`s, so the fuzzer must make them.
        var screenPixels = 0
        func inScreenPixels(_ v: Double) -> Bool {
            guard v != 0, Double(Float(v)) != v else { return false }
            return [3.0, 7, 21].contains { d in (v * d).rounded() == v * d && abs(v * d) < 100_000 }
        }
        for k in 0..<300 {
            let scene = g.scene().makeScene()
            #expect(throws: Never.self, "scene \(k)") { try scene.validate() }
            windows = max(windows, scene.windows.count)
            scene.forEachView { v, _ in
                if v.subviews.count >= 8 { wide += 1 }
                if !v.transform.isIdentity { transformed += 1 }
                if v.hitTestsSubviewsOutsideBounds { outside += 1 }
                if v.isPassThrough { passThrough += 1 }
                if v.redirectTarget != nil { redirects += 1 }
                if v.alpha == Float(0.01) { thresholdAlpha += 1 }
                if v.hitShape != .rect { shaped += 1 }
                if inScreenPixels(v.bounds.size.width) { screenPixels += 1 }
            }
        }
        #expect(windows == 3)
        #expect(wide > 0 && transformed > 0 && outside > 0 && passThrough > 0)
        #expect(redirects > 0 && thresholdAlpha > 0 && shaped > 0)
        #expect(screenPixels > 100, "seed 99: \(screenPixels) views sized in a screen's pixels")
    }

    /// The index agrees with the reference on a few hundred fuzz scenes (a fixed count, so the
    /// test does the same work on any machine).
    @Test(arguments: [UInt64(11), 12, 13])
    func theIndexPassesAShortRun(seed: UInt64) {
        let report = Fuzzer.run(engine: .index, seed: seed, seconds: 600, maxScenes: 150)
        #expect(report.scenes == 150, "seed \(seed)")
        #expect(report.mismatches == 0, "seed \(seed): \(String(describing: report.shrunk))")
    }

    /// Each injected bug is found within a bounded number of scenes and shrunk to at most three
    /// views, and the shrunk scene, written as JSON and read back, still shows the bug: the
    /// counterexample a user gets is real.
    @Test(arguments: Mutant.allCases)
    func selfTestCatchesAndShrinks(mutant: Mutant) throws {
        let report = Fuzzer.run(engine: mutant.engine, seed: 1, seconds: 600, maxScenes: 2_000)
        let shrunk = try #require(report.shrunk, "\(mutant.rawValue) not caught in \(report.scenes) scenes")
        #expect(shrunk.scene.viewCount <= 3, "\(mutant.rawValue): \(shrunk.scene.viewCount) views")
        #expect(shrunk.expected != shrunk.got)
        let text = try SceneWriter.string(shrunk.scene.makeScene())
        let reread = try TestSupport.scene(text)
        let reference = ReferenceHitTester().hitTest(reread, at: shrunk.point)?.id
        let mutantAnswer = try mutant.engine.answer(reread, [shrunk.point])[0]
        #expect(reference == shrunk.expected, "\(mutant.rawValue)")
        #expect(mutantAnswer == shrunk.got, "\(mutant.rawValue)")
    }

    /// The shrinker keeps only changes that preserve the failure, and reaches a fixpoint: on a
    /// predicate that holds while a view named "keep" exists, everything else goes.
    @Test func shrinkerRemovesEverythingTheFailureDoesNotNeed() {
        var g = FuzzGenerator(seed: 5)
        var scene = g.scene()
        // Name one deep view "keep".
        func rename(_ n: inout FuzzScene.Node) -> Bool {
            if n.subviews.isEmpty {
                n.id = "keep"
                return true
            }
            return rename(&n.subviews[n.subviews.count - 1])
        }
        var root = scene.windows[scene.windows.count - 1].root
        if root.subviews.isEmpty { root.subviews = [FuzzScene.Node(id: "x", bounds: .zero, center: .zero)] }
        _ = rename(&root)
        scene.windows[scene.windows.count - 1].root = root
        func hasKeep(_ s: FuzzScene) -> Bool {
            func find(_ n: FuzzScene.Node) -> Bool { n.id == "keep" || n.subviews.contains(where: find) }
            return s.windows.contains { find($0.root) }
        }
        var shrinker = Shrinker { s, _ in hasKeep(s) }
        let (small, point) = shrinker.shrink(scene, Point(x: 1.2345, y: 7.77))
        #expect(hasKeep(small))
        // The window and the kept view, hoisted directly under it; the point rounded.
        #expect(small.viewCount == 2, "\(small.viewCount) views")
        #expect(point.x == 1 && point.y == 8, "\(point), \(shrinker.checks) checks")
        // Defaults everywhere but the geometry.
        let kept = small.windows[0].root.subviews[0]
        #expect(kept.attributes == ViewAttributes(bounds: kept.attributes.bounds, center: kept.attributes.center))
    }

    // MARK: - The command

    @Test func commandRunsCleanAndReportsItsCounts() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let r = TestSupport.run(["fuzz", "--seconds", "0.3", "--seed", "4", "--out", dir.path])
        #expect(r.status == 0, "\(r.err)")
        let lines = r.out.split(separator: "\n")
        #expect(lines.first == "fuzz: seed 4, 0.3 s")
        let last = lines.last.map(String.init) ?? ""
        #expect(last.hasPrefix("fuzz: ") && last.hasSuffix(" queries, 0 mismatches"), "\(last)")
    }

    @Test func selfTestCommandPasses() {
        let r = TestSupport.run(["fuzz", "--self-test", "--seconds", "30"])
        #expect(r.status == 0, "\(r.out)\(r.err)")
        let last = r.out.split(separator: "\n").last.map(String.init) ?? ""
        let total = Mutant.allCases.count + EditMutant.allCases.count
        #expect(last.hasPrefix("self-test: ") && last.hasSuffix("all \(total) caught"), "\(last)")
        for mutant in Mutant.allCases { #expect(last.contains("\(mutant.rawValue): caught in")) }
        for mutant in EditMutant.allCases { #expect(last.contains("\(mutant.rawValue): caught in edit sequence")) }
    }

    @Test(arguments: [
        ["fuzz", "--seconds", "0"], ["fuzz", "--seconds", "x"], ["fuzz", "--seed", "-1"], ["fuzz", "extra"],
        ["fuzz", "--frobnicate"],
    ])
    func badArgumentsExitTwo(arguments: [String]) {
        let r = TestSupport.run(arguments)
        #expect(r.status == 2, "\(arguments)")
        #expect(r.err.hasPrefix("hitindex fuzz: "), "\(r.err)")
        #expect(r.out.isEmpty)
    }
}
