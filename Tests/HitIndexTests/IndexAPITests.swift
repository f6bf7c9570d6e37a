import HitIndex
import HitIndexFixtures
import HitIndexReference
import Testing

/// The index's public query surface beyond `hitTest(_:)`: `hitTestAll`, the batch entry point,
/// `explain`, non-finite points, visit counters, and redirects across windows.
@Suite struct IndexAPITests {
    // MARK: - Helpers

    /// The positions of every view by id.
    static func positions(_ index: HitTestIndex) -> [String: ViewIndex] {
        var out: [String: ViewIndex] = [:]
        for i in 0..<index.viewCount { out[index.id(of: ViewIndex(i))] = ViewIndex(i) }
        return out
    }

    /// A copy-free way to get a redirect-free variant of a generated scene: clears every
    /// redirect (the generators' only source of out-of-order results in `hitTestAll`).
    static func clearRedirects(_ scene: Scene) -> Scene {
        scene.forEachView { v, _ in v.redirectTarget = nil }
        return scene
    }

    static let shapesAndCounts: [(SceneShape, Int)] = [(.ui, 400), (.grid, 300), (.overlap, 300), (.random, 120)]

    // MARK: - Positions past the views

    /// `id(of:)` and `isIndexed(_:)` trap on a position past the index's views instead of reading
    /// the records' pages beyond them; the last view's position still answers.
    @Test func positionsPastTheViewsTrap() async throws {
        let index = try HitTestIndex(SceneShape.grid.generate(count: 40, seed: 3))
        #expect(!index.id(of: ViewIndex(index.viewCount - 1)).isEmpty)
        await #expect(processExitsWith: .failure) {
            let index = try HitTestIndex(SceneShape.grid.generate(count: 40, seed: 3))
            _ = index.id(of: ViewIndex(index.viewCount))
        }
        await #expect(processExitsWith: .failure) {
            let index = try HitTestIndex(SceneShape.grid.generate(count: 40, seed: 3))
            _ = index.isIndexed(ViewIndex(rawValue: UInt32.max))
        }
    }

    // MARK: - hitTestAll

    /// `hitTestAll(p).first` is `hitTest(p)` at every probe point, redirects included.
    @Test func hitTestAllFirstIsHitTest() throws {
        for (shape, count) in Self.shapesAndCounts {
            for seed: UInt64 in 1...3 {
                let scene = shape.generate(count: count, seed: seed)
                let index = try HitTestIndex(scene)
                var rng = SeededGenerator(seed: seed &+ 7)
                let points = IndexDifferentialTests.probePoints(scene, rng: &rng, uniform: 150, edgeViews: 40)
                var bad = 0
                for p in points {
                    let all = index.hitTestAll(p)
                    let one = index.hitTest(p)
                    if all.first != one {
                        bad += 1
                        if bad <= 3 {
                            Issue.record(
                                "\(shape) seed \(seed) at \(p): hitTestAll \(all.prefix(3)), hitTest \(String(describing: one))"
                            )
                        }
                    }
                }
                #expect(bad == 0, "\(shape) seed \(seed): \(bad) of \(points.count) points")
            }
        }
    }

    /// Without redirects, `hitTestAll` lists distinct views in strictly decreasing paint order.
    @Test func hitTestAllIsStrictlyDecreasingWithoutRedirects() throws {
        var nonTrivial = 0
        for (shape, count) in Self.shapesAndCounts {
            for seed: UInt64 in 1...3 {
                let scene = Self.clearRedirects(shape.generate(count: count, seed: seed))
                let index = try HitTestIndex(scene)
                var rng = SeededGenerator(seed: seed &+ 11)
                for p in IndexDifferentialTests.probePoints(scene, rng: &rng, uniform: 150, edgeViews: 40) {
                    let all = index.hitTestAll(p)
                    if all.count > 1 { nonTrivial += 1 }
                    for (a, b) in zip(all, all.dropFirst()) where !(a > b) {
                        Issue.record("\(shape) seed \(seed) at \(p): \(all) is not strictly decreasing at \(a), \(b)")
                        break
                    }
                }
            }
        }
        // The property would hold vacuously on single-candidate lists: make sure it did not.
        #expect(nonTrivial > 500)
    }

    /// The reference as oracle for the whole list: without redirects, the k-th entry is what
    /// the reference answers once the first k-1 entries are made pass-through (pass-through
    /// removes a view as a result without changing what its subviews see).
    @Test func hitTestAllMatchesTheReferencePeelingWinners() throws {
        let tester = ReferenceHitTester()
        for seed: UInt64 in 500..<540 {
            var rng = SeededGenerator(seed: seed)
            let scene = Self.clearRedirects(SceneShape.random.generate(count: rng.int(in: 5...40), seed: seed))
            let index = try HitTestIndex(scene)
            var byID: [String: View] = [:]
            scene.forEachView { v, _ in byID[v.id] = v }
            for p in IndexDifferentialTests.probePoints(scene, rng: &rng, uniform: 60, edgeViews: 20) {
                let got = index.hitTestAll(p).map { index.id(of: $0) }
                var expected: [String] = []
                var peeled: [View] = []
                while let hit = tester.hitTest(scene, at: p), expected.count <= byID.count {
                    expected.append(hit.id)
                    if hit.isPassThrough { break }  // cannot happen for a result; guards the loop
                    hit.isPassThrough = true
                    peeled.append(hit)
                }
                for v in peeled { v.isPassThrough = false }
                if got != expected {
                    Issue.record(
                        "random seed \(seed) at \(p): hitTestAll \(got), reference peeling \(expected)\nscene: \(IndexAgreement.json(scene))"
                    )
                    return
                }
            }
        }
    }

    // MARK: - Batch

    @Test(arguments: [1, 2, 4])
    func batchEqualsSingleQueriesInOrder(threads: Int) throws {
        let scene = SceneShape.ui.generate(count: 1_500, seed: 4)
        let index = try HitTestIndex(scene)
        var rng = SeededGenerator(seed: 40)
        let points = IndexDifferentialTests.probePoints(scene, rng: &rng, uniform: 1_500, edgeViews: 200)
        // Enough points that `threads` workers really split the work (one per 256 points).
        #expect(points.count >= 256 * 4)
        let single = points.map { index.hitTest($0) }
        let batch = index.hitTest(points, threads: threads)
        #expect(batch.count == points.count)
        let firstBad = zip(batch, single).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(firstBad == nil, "threads \(threads): first difference at \(firstBad.map { points[$0.offset] } as Any)")
        // And the batch is right, not only self-consistent.
        let expected = ReferenceHitTester().hitTest(scene, at: points).map { $0?.id }
        #expect(batch.map { $0.map(index.id(of:)) } == expected)
        // Small and empty batches.
        #expect(index.hitTest(Array(points.prefix(3)), threads: threads) == Array(single.prefix(3)))
        #expect(index.hitTest([Point](), threads: threads).isEmpty)
    }

    // MARK: - Explain

    /// On generated scenes: the result is `hitTest`'s; the path runs from a window down to the
    /// winner through superviews; a redirect is named exactly when one applied.
    @Test func explainIsConsistentWithTheQuery() throws {
        var redirected = 0
        var explainedHits = 0
        for seed: UInt64 in 1...12 {
            let scene = SceneShape.random.generate(count: 40 + Int(seed) * 10, seed: seed)
            let index = try HitTestIndex(scene)
            // The flattened scene numbers views in the same paint order as the index's answers.
            let flat = try FlatScene(scene)
            let parents = flat.parentColumn()
            var rng = SeededGenerator(seed: seed &+ 3)
            for p in IndexDifferentialTests.probePoints(scene, rng: &rng, uniform: 60, edgeViews: 25) {
                let e = index.explain(p)
                let label = "random seed \(seed) at \(p)"
                #expect(e.result == index.hitTest(p), "\(label)")
                guard let winner = e.winner else {
                    #expect(e.result == nil && e.path.isEmpty && e.redirectedBy == nil, "\(label)")
                    continue
                }
                explainedHits += 1
                // The winner is the front-most candidate, which is what hitTestAll lists first
                // after mapping: recompute the mapping from the path.
                let first = try #require(e.path.first, "\(label)")
                #expect(flat.roots.contains(first.view), "\(label): path starts at \(first.view), not a window")
                #expect(flat.links[first.view.position].flags.contains(.window), "\(label)")
                #expect(e.path.last?.view == winner, "\(label)")
                #expect(e.path.last?.inside == true, "\(label): the winner's own area holds the touch")
                for (a, b) in zip(e.path, e.path.dropFirst()) {
                    #expect(parents[b.view.position] == a.view, "\(label): \(b.view) is not a subview of \(a.view)")
                }
                // The outermost redirecting view on the path decides the result.
                let outermost = e.path.first { flat.links[$0.view.position].flags.contains(.redirect) }?.view
                #expect(e.redirectedBy == outermost, "\(label)")
                if let r = e.redirectedBy {
                    redirected += 1
                    #expect(e.result == flat.extras[Int(flat.links[r.position].extra)].redirect, "\(label)")
                } else {
                    #expect(e.result == winner, "\(label): no redirect named, yet the result is not the winner")
                }
                if e.result != winner { #expect(e.redirectedBy != nil, "\(label)") }
                // Every listed rejection is in front of the winner.
                for r in e.rejected { #expect(r.view > winner, "\(label)") }
            }
        }
        #expect(explainedHits > 1_000)
        #expect(redirected > 0, "the generated scenes should exercise at least one redirect")
    }

    /// The explanation is the one a walk over the public model gives, written out here as the
    /// search meets each view: every view front to back, its chain from the window converted
    /// level by level, the first ancestor that is ineligible or clips the touch away, then the
    /// view's own state. The index works each chain out once (linear in the scene); this walk
    /// repeats it per view (quadratic), so both must name the same winner and the same losers
    /// with the same reasons.
    @Test func explainMatchesAWalkOverTheModel() throws {
        var rejectionsSeen = 0
        for seed: UInt64 in 1...10 {
            let scene = SceneShape.random.generate(count: 30 + Int(seed) * 12, seed: seed)
            let index = try HitTestIndex(scene)
            // Paint order: windows back to front, each in preorder (the index's positions).
            var ordered: [View] = []
            for window in scene.windowsFrontToBack.reversed() {
                var stack: [View] = [window]
                while let v = stack.popLast() {
                    ordered.append(v)
                    stack += v.subviews.reversed()
                }
            }
            var position: [ObjectIdentifier: Int] = [:]
            for (k, v) in ordered.enumerated() { position[ObjectIdentifier(v)] = k }
            let tester = ReferenceHitTester()
            var rng = SeededGenerator(seed: seed &+ 11)
            for p in IndexDifferentialTests.probePoints(scene, rng: &rng, uniform: 40, edgeViews: 20) {
                let label = "random seed \(seed) at \(p)"
                var expectedRejected: [String] = []
                var expectedWinner: Int?
                for k in ordered.indices.reversed() {
                    var chain: [View] = []
                    var c: View? = ordered[k]
                    while let view = c {
                        chain.append(view)
                        c = view.superview
                    }
                    var q = p
                    var failure: String?
                    var holds = false
                    for (j, u) in chain.reversed().enumerated() {
                        let local = u.placement.toLocal(q)
                        let inside = tester.pointInside(u, local)
                        let isTarget = j == chain.count - 1
                        if failure == nil {
                            if !u.isHitTestable {
                                failure =
                                    !isTarget
                                    ? "ineligible ancestor #\(position[ObjectIdentifier(u)]!)"
                                    : u.isHidden
                                        ? "hidden"
                                        : !u.isUserInteractionEnabled ? "interaction disabled" : "transparent"
                            } else if !isTarget && !inside && !u.hitTestsSubviewsOutsideBounds {
                                failure = "outside ancestor #\(position[ObjectIdentifier(u)]!)"
                            }
                        }
                        if isTarget { holds = inside }
                        q = local
                    }
                    guard holds else { continue }
                    if let failure = failure ?? (ordered[k].isPassThrough ? "pass-through" : nil) {
                        expectedRejected.append("#\(k): \(failure)")
                        continue
                    }
                    expectedWinner = k
                    break
                }
                let e = index.explain(p, limit: .max)
                let rejected = e.rejected.map { view, reason -> String in
                    let why: String
                    switch reason {
                    case .hidden: why = "hidden"
                    case .transparent: why = "transparent"
                    case .interactionDisabled: why = "interaction disabled"
                    case .ineligibleAncestor(let a): why = "ineligible ancestor #\(a.position)"
                    case .outsideAncestor(let a): why = "outside ancestor #\(a.position)"
                    case .passThrough: why = "pass-through"
                    }
                    return "#\(view.position): \(why)"
                }
                #expect(e.winner?.position == expectedWinner, "\(label)")
                #expect(rejected == expectedRejected, "\(label)")
                rejectionsSeen += rejected.count
            }
        }
        #expect(rejectionsSeen > 200, "the random scenes should reject views for every reason")
    }

    /// Every rejection reason, on one hand-built scene. Window W (0, 0, 100, 100); back to front:
    /// `base` covers the window; in front of it, each view holds (20, 20) in its own area but
    /// loses for its own reason.
    @Test func explainNamesEveryRejectionReason() throws {
        let w = Window(id: "W", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        func add(_ id: String, _ r: Rect, to parent: View) -> View {
            let v = View(id: id, frame: r)
            parent.addSubview(v)
            return v
        }
        _ = add("base", Rect(x: 0, y: 0, width: 100, height: 100), to: w)
        add("hid", Rect(x: 0, y: 0, width: 50, height: 50), to: w).isHidden = true
        add("faint", Rect(x: 0, y: 0, width: 50, height: 50), to: w).alpha = 0.01
        add("inert", Rect(x: 0, y: 0, width: 50, height: 50), to: w).isUserInteractionEnabled = false
        let box = add("box", Rect(x: 0, y: 0, width: 60, height: 60), to: w)
        box.isHidden = true
        _ = add("boxChild", Rect(x: 0, y: 0, width: 40, height: 40), to: box)
        let clip = add("clip", Rect(x: 50, y: 50, width: 10, height: 10), to: w)
        _ = add("clipChild", Rect(x: -50, y: -50, width: 40, height: 40), to: clip)  // screen (0, 0)…(40, 40)
        add("ghost", Rect(x: 0, y: 0, width: 30, height: 30), to: w).isPassThrough = true
        let scene = Scene(windows: [w])
        let index = try HitTestIndex(scene)
        let at = Self.positions(index)
        let p = Point(x: 20, y: 20)
        #expect(ReferenceHitTester().hitTest(scene, at: p)?.id == "base")

        let e = index.explain(p)
        #expect(e.result == at["base"])
        #expect(e.winner == at["base"])
        #expect(e.redirectedBy == nil)
        #expect(e.path.map(\.view) == [at["W"]!, at["base"]!])
        #expect(e.path.map(\.inside) == [true, true])
        #expect(e.path.map(\.point) == [p, p])  // identity frames at the origin
        let expected: [(String, HitExplanation.Rejection)] = [
            ("ghost", .passThrough),
            ("clipChild", .outsideAncestor(at["clip"]!)),  // clip itself does not hold the touch: unlisted
            ("boxChild", .ineligibleAncestor(at["box"]!)),
            ("box", .hidden),
            ("inert", .interactionDisabled),
            ("faint", .transparent),
            ("hid", .hidden),
        ]
        #expect(e.rejected.map { index.id(of: $0.view) } == expected.map { $0.0 })
        #expect(e.rejected.map { $0.reason } == expected.map { $0.1 })

        // The limit keeps the front-most ones.
        let limited = index.explain(p, limit: 2)
        #expect(limited.rejected.map { index.id(of: $0.view) } == ["ghost", "clipChild"])
        #expect(limited.winner == at["base"])

        // Nothing in front of the winner: nothing rejected. (80, 80) is only base's and W's.
        let clear = index.explain(Point(x: 80, y: 80))
        #expect(clear.winner == at["base"] && clear.rejected.isEmpty)
        // Off the window: no winner, no path.
        let off = index.explain(Point(x: 150, y: 20))
        #expect(off.result == nil && off.winner == nil && off.path.isEmpty && off.rejected.isEmpty)
    }

    /// An outside-bounds ancestor does not clip, so its subview wins outside it; the path says
    /// the ancestor was searched without holding the touch. Nested redirects: the outermost
    /// decides, and explain names it.
    @Test func explainOutsideBoundsAndNestedRedirects() throws {
        let w = Window(id: "W", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let tab = View(id: "tab", frame: Rect(x: 0, y: 80, width: 100, height: 20))
        tab.hitTestsSubviewsOutsideBounds = true
        let raised = View(id: "raised", frame: Rect(x: 40, y: -20, width: 20, height: 30))  // screen y 60…90
        tab.addSubview(raised)
        w.addSubview(tab)
        let outer = View(id: "outer", frame: Rect(x: 0, y: 0, width: 50, height: 50))
        let inner = View(id: "inner", frame: Rect(x: 0, y: 0, width: 50, height: 50))
        let leaf = View(id: "leaf", frame: Rect(x: 10, y: 10, width: 10, height: 10))
        let x = View(id: "x", frame: Rect(x: 60, y: 0, width: 10, height: 10))
        let y = View(id: "y", frame: Rect(x: 80, y: 0, width: 10, height: 10))
        w.addSubview(outer)
        outer.addSubview(inner)
        inner.addSubview(leaf)
        w.addSubview(x)
        w.addSubview(y)
        outer.redirectTarget = x
        inner.redirectTarget = y
        let scene = Scene(windows: [w])
        let index = try HitTestIndex(scene)
        let at = Self.positions(index)
        let tester = ReferenceHitTester()

        let p = Point(x: 50, y: 65)
        #expect(tester.hitTest(scene, at: p)?.id == "raised")
        let e = index.explain(p)
        #expect(e.winner == at["raised"] && e.result == at["raised"])
        #expect(e.path.map(\.view) == [at["W"]!, at["tab"]!, at["raised"]!])
        #expect(e.path.map(\.inside) == [true, false, true])

        let q = Point(x: 15, y: 15)
        #expect(tester.hitTest(scene, at: q)?.id == "x")
        let f = index.explain(q)
        #expect(f.winner == at["leaf"])
        #expect(f.result == at["x"])
        #expect(f.redirectedBy == at["outer"])
        #expect(f.path.map(\.view) == [at["W"]!, at["outer"]!, at["inner"]!, at["leaf"]!])
        // Inside outer and inner but off the leaf: inner is the winner, still redirected by outer.
        let g = index.explain(Point(x: 30, y: 30))
        #expect(g.winner == at["inner"] && g.result == at["x"] && g.redirectedBy == at["outer"])
        #expect(tester.hitTest(scene, at: Point(x: 30, y: 30))?.id == "x")
    }

    // MARK: - Non-finite points

    @Test func nonFinitePointsLandNowhere() throws {
        // A window that catches every finite point: scale(0, 0) maps every point onto its
        // anchor, and the window hit-tests its subviews outside its bounds.
        let w = Window(id: "W", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        w.transform = .scale(0, 0)
        w.hitTestsSubviewsOutsideBounds = true
        let inner = View(id: "inner", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        w.addSubview(inner)
        let plain = Window(id: "P", frame: Rect(x: -1e300, y: -1e300, width: 2e300, height: 2e300), level: -1)
        let scene = Scene(windows: [w, plain])
        let index = try HitTestIndex(scene)
        let tester = ReferenceHitTester()
        #expect(index.hitTestID(Point(x: 1e6, y: -1e6)) == "inner")  // any finite point
        let bad: [Point] = [
            Point(x: .nan, y: 0), Point(x: 0, y: .nan), Point(x: .nan, y: .nan),
            Point(x: .infinity, y: 0), Point(x: -.infinity, y: 0), Point(x: 0, y: .infinity),
            Point(x: 0, y: -.infinity), Point(x: .infinity, y: .nan), Point(x: .signalingNaN, y: 1),
        ]
        for p in bad {
            #expect(tester.hitTest(scene, at: p) == nil, "reference at \(p)")
            #expect(index.hitTest(p) == nil, "\(p)")
            #expect(index.hitTestID(p) == nil, "\(p)")
            var counters = VisitCounters()
            #expect(index.hitTest(p, counting: &counters) == nil, "\(p)")
            #expect(index.hitTestAll(p).isEmpty, "\(p)")
            let e = index.explain(p)
            #expect(e.result == nil && e.winner == nil && e.path.isEmpty, "\(p)")
        }
        #expect(index.hitTest(bad, threads: 2).allSatisfy { $0 == nil })
    }

    /// Finite points whose conversion overflows to infinity: the engines must still agree.
    @Test func overflowingConversionsAgreeWithTheReference() throws {
        let big = Double.greatestFiniteMagnitude
        let w = Window(id: "W", bounds: Rect(x: 0, y: 0, width: big, height: 10), center: Point(x: -big / 2, y: 5))
        w.transform = .scale(0, 0)
        let v = View(id: "v", frame: Rect(x: 0, y: 0, width: big, height: 10))
        w.addSubview(v)
        let w2 = Window(id: "W2", bounds: Rect(x: 0, y: 0, width: big, height: 10), center: Point(x: -big / 2, y: 20))
        let v2 = View(id: "v2", frame: Rect(x: 0, y: 0, width: big / 2, height: 10))
        w2.addSubview(v2)
        let scene = Scene(windows: [w, w2])  // w2 in front
        var points: [Point] = []
        for x in [0, 1, -1, big, -big, big / 2, -big / 2, big / 4, big.nextDown, 1e308, -1e308] {
            for y in [0, 5, 10, 15, 20, 25, -big, big] { points.append(Point(x: x, y: y)) }
        }
        let mismatches = try IndexAgreement.compare(scene, points: points, label: "overflow")
        #expect(mismatches == 0)
        // Hand-derived. (0, 0) is below W2's band (screen y 15..<25); in W, dx = big/2 and
        // 0 · big/2 = 0, so the point lands on W's anchor (big/2, 5), inside W and inside v.
        // (-big/2, 20) lands at W2's (big/2, 5), inside W2 but exactly on v2's max edge: W2.
        // (big, 0) overflows in both: big + big/2 = inf, and 0 · inf = NaN in W.
        let index = try HitTestIndex(scene)
        #expect(index.hitTestID(Point(x: 0, y: 0)) == "v")
        #expect(index.hitTestID(Point(x: -big / 2, y: 20)) == "W2")
        #expect(index.hitTestID(Point(x: big, y: 0)) == nil)
    }

    // MARK: - Visit counters

    /// A 100 × 100 sheet of 20-point cells 2 points apart (SceneShape.grid, 10,000 cells, one
    /// container). Its ~9,000 reachable cells sit under a packed tree of branching 8: levels
    /// of ⌈n/8⌉ nodes, so ⌈log8 9000⌉ = 5 node levels. A query tests at most the children of
    /// the nodes whose boxes hold the point; on a regular grid with Hilbert packing a handful
    /// of boxes per level hold any point, so 5 levels × 8 children × ≤ 4 paths = 160 boxes is
    /// a generous bound, versus ~9,000 subviews a linear scan would try. Views entered: the
    /// window, the sheet, and at most one cell (cells do not overlap and the gaps between them
    /// are wider than the boxes' outward padding).
    @Test func pruningOnAFlatGrid() throws {
        let scene = SceneShape.grid.generate(count: 10_002, seed: 1)
        let index = try HitTestIndex(scene)
        let flat = try FlatScene(scene)
        let sheet = try #require(Self.positions(index)["sheet"])
        #expect(flat.children(of: sheet).count == 10_000)
        #expect(index.isIndexed(sheet))
        let reachable = flat.children(of: sheet).filter { !flat.links[$0.position].flags.contains(.unreachable) }.count
        #expect(reachable > 8_000)

        var rng = SeededGenerator(seed: 77)
        let side = 100 * 22.0
        var points: [Point] = (0..<600).map { _ in Point(x: rng.double(0, side), y: rng.double(0, side)) }
        // Cell corners and gap points.
        for k in stride(from: 0, to: 100, by: 7) {
            let a = Double(k) * 22
            points += [
                Point(x: a + 1, y: a + 1), Point(x: a + 21, y: a + 21), Point(x: a, y: a), Point(x: a + 21.5, y: a + 5),
            ]
        }
        let expected = ReferenceHitTester().hitTest(scene, at: points).map { $0?.id }
        var worstBoxes = 0
        var worstViews = 0
        var totalBoxes = 0
        for (p, want) in zip(points, expected) {
            var c = VisitCounters()
            let got = index.hitTest(p, counting: &c)
            #expect(got.map(index.id(of:)) == want, "at \(p)")
            worstBoxes = max(worstBoxes, c.nodes + c.items)
            worstViews = max(worstViews, c.views)
            totalBoxes += c.nodes + c.items
        }
        #expect(worstViews <= 3, "views entered: at most the window, the sheet and one cell")
        #expect(worstBoxes < 200, "BVH boxes tested: \(worstBoxes)")
        #expect(totalBoxes / points.count < 100)
        // Counters accumulate across queries and start at zero.
        var c = VisitCounters()
        #expect(c.views == 0 && c.nodes == 0 && c.items == 0)
        _ = index.hitTest(Point(x: 500, y: 500), counting: &c)
        let once = c
        _ = index.hitTest(Point(x: 500, y: 500), counting: &c)
        #expect(c.views == 2 * once.views && c.nodes == 2 * once.nodes && c.items == 2 * once.items)
        #expect(once.views >= 2)
        // Off the sheet: the screen's reach (the union of the windows') rejects the point before
        // any view is entered or any box tested.
        var off = VisitCounters()
        #expect(index.hitTest(Point(x: -5, y: 10), counting: &off) == nil)
        #expect(off.views == 0 && off.nodes == 0 && off.items == 0)
    }

    // MARK: - Redirects across windows and to hidden views

    /// A redirect answers its target wherever it is: in another window (behind or in front) or
    /// hidden. The target's own eligibility plays no part (UIKit returns whatever the override
    /// returns).
    @Test func redirectTargetsInOtherWindowsAndHidden() throws {
        let front = Window(id: "front", frame: Rect(x: 0, y: 0, width: 100, height: 100), level: 0)
        let back = Window(id: "back", frame: Rect(x: 0, y: 0, width: 100, height: 100), level: -1)
        let top = Window(id: "top", frame: Rect(x: 200, y: 0, width: 50, height: 50), level: 1000)
        let b1 = View(id: "b1", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let bh = View(id: "bh", frame: Rect(x: 10, y: 0, width: 10, height: 10))
        bh.isHidden = true
        back.addSubview(b1)
        back.addSubview(bh)
        let t1 = View(id: "t1", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        top.addSubview(t1)
        let a1 = View(id: "a1", frame: Rect(x: 50, y: 0, width: 10, height: 10))
        let a2 = View(id: "a2", frame: Rect(x: 50, y: 20, width: 10, height: 10))
        let a3 = View(id: "a3", frame: Rect(x: 50, y: 40, width: 10, height: 10))
        let a4 = View(id: "a4", frame: Rect(x: 50, y: 60, width: 10, height: 10))
        let a4child = View(id: "a4child", frame: Rect(x: 0, y: 0, width: 5, height: 5))
        a4child.isHidden = true
        a4.addSubview(a4child)
        for v in [a1, a2, a3, a4] { front.addSubview(v) }
        a1.redirectTarget = b1  // another window, behind
        a2.redirectTarget = bh  // hidden, in another window
        a3.redirectTarget = t1  // another window, in front
        a4.redirectTarget = a4child  // its own hidden subview
        let scene = Scene(windows: [front, back, top])
        let index = try HitTestIndex(scene)
        let tester = ReferenceHitTester()
        let cases: [(Point, String?)] = [
            (Point(x: 55, y: 5), "b1"), (Point(x: 55, y: 25), "bh"), (Point(x: 55, y: 45), "t1"),
            (Point(x: 55, y: 65), "a4child"), (Point(x: 52, y: 62), "a4child"),  // over the hidden child too
            (Point(x: 5, y: 5), "front"),  // the front window covers b1 itself
            (Point(x: 205, y: 5), "t1"), (Point(x: 60, y: 5), "front"), (Point(x: 150, y: 5), nil),
        ]
        for (p, want) in cases {
            #expect(tester.hitTest(scene, at: p)?.id == want, "reference at \(p)")
            #expect(index.hitTestID(p) == want, "index at \(p)")
            #expect(index.hitTestAll(p).first.map(index.id(of:)) == want, "hitTestAll at \(p)")
        }
        // The batch entry point too.
        #expect(index.hitTest(cases.map(\.0), threads: 2).map { $0.map(index.id(of:)) } == cases.map(\.1))
        // Explain: the winner is the redirecting view itself, the result the target.
        let e = index.explain(Point(x: 55, y: 25))
        #expect(e.winner.map(index.id(of:)) == "a2")
        #expect(e.result.map(index.id(of:)) == "bh")
        #expect(e.redirectedBy.map(index.id(of:)) == "a2")
    }

    /// A view that redirects to the very view that wins below it: the result equals the winner,
    /// and explain still names the redirect that applied (the outermost redirecting view on the
    /// path), as the field's documentation reads.
    @Test func redirectToTheWinnerItself() throws {
        let w = Window(id: "W", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let r = View(id: "r", frame: Rect(x: 0, y: 0, width: 50, height: 50))
        let c = View(id: "c", frame: Rect(x: 0, y: 0, width: 20, height: 20))
        r.addSubview(c)
        w.addSubview(r)
        r.redirectTarget = c
        let scene = Scene(windows: [w])
        let index = try HitTestIndex(scene)
        #expect(ReferenceHitTester().hitTest(scene, at: Point(x: 5, y: 5))?.id == "c")
        #expect(ReferenceHitTester().hitTest(scene, at: Point(x: 30, y: 30))?.id == "c")
        #expect(index.hitTestID(Point(x: 30, y: 30)) == "c")
        let e = index.explain(Point(x: 5, y: 5))
        #expect(e.winner.map(index.id(of:)) == "c" && e.result.map(index.id(of:)) == "c")
        #expect(e.redirectedBy.map(index.id(of:)) == "r")
    }
}
