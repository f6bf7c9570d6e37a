import HitIndex
import HitIndexFixtures
import HitIndexReference
import HitIndexSceneFormat
import Testing

/// Reading the tree back (from the writer and from snapshots), removals that report what died,
/// the published version, and the three defects an outside client found: a lapsed redirect that
/// explain still named, exported names that collided with ids, and exported windows that lost
/// their creation order.
@Suite struct LiveIndexTreeReadTests {
    /// Issue's first defect. Window 200×100 at centre (100, 50); R 100×100 at centre (100, 50)
    /// (screen x 50…150) redirects to T, a 10×10 sibling; C, R's subview, 50×100 at centre
    /// (25, 50) (R's x 0…50, screen x 50…100). At (75, 50) the search accepts C inside R and R
    /// redirects the hit to T; once T is removed the redirect is gone and C is the answer, with
    /// no redirect named.
    @Test func aRedirectToARemovedViewIsNotExplained() throws {
        let w = Window(id: "W", frame: Rect(x: 0, y: 0, width: 200, height: 100))
        let r = View(id: "R", frame: Rect(x: 50, y: 0, width: 100, height: 100))
        let t = View(id: "T", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let c = View(id: "C", frame: Rect(x: 0, y: 0, width: 50, height: 100))
        r.addSubview(c)
        w.addSubview(r)
        w.addSubview(t)
        r.redirectTarget = t
        let live = try LiveIndex(Scene(windows: [w]))
        let point = Point(x: 75, y: 50)
        let before = live.snapshot.explain(point)
        #expect(before.result.flatMap(live.snapshot.id(of:)) == "T")
        #expect(before.redirectedBy.flatMap(live.snapshot.id(of:)) == "R")
        #expect(live.remove(live.handle(forID: "T")!))
        let snapshot = try live.commit()
        let after = snapshot.explain(point)
        #expect(after.result.flatMap(snapshot.id(of:)) == "C")
        #expect(after.winner.flatMap(snapshot.id(of:)) == "C")
        #expect(after.redirectedBy == nil, "R's target is gone: nothing redirects")
        #expect(snapshot.redirectTarget(of: live.handle(forID: "R")!) == nil)
        #expect(live.redirectTarget(of: live.handle(forID: "R")!) == nil)
    }

    /// Every tree read of a snapshot equals the writer's at the commit, and both equal the model
    /// the index was built from (by id): superview, subviews in order, windows, window flag,
    /// level and redirect target.
    @Test func snapshotsReadTheTreeAsTheWriterAndTheModel() throws {
        for seed: UInt64 in 1...8 {
            let scene = SceneShape.random.generate(count: 60 + Int(seed) * 20, seed: seed)
            let live = try LiveIndex(scene)
            let snapshot = live.snapshot
            let label = "random seed \(seed)"
            var byID: [String: View] = [:]
            scene.forEachView { v, _ in byID[v.id] = v }
            let name = { (h: ViewHandle?) in h.flatMap(snapshot.id(of:)) }
            #expect(snapshot.windows == live.windows, "\(label)")
            // Windows back to front, as the scene orders them.
            #expect(snapshot.windows.map { name($0) } == scene.windowsFrontToBack.reversed().map(\.id), "\(label)")
            var pending = snapshot.windows
            var seen = 0
            while let h = pending.popLast() {
                seen += 1
                let v = try #require(name(h).flatMap { byID[$0] }, "\(label): \(h)")
                #expect(snapshot.superview(of: h) == live.superview(of: h), "\(label): \(v.id)")
                #expect(name(snapshot.superview(of: h)) == v.superview?.id, "\(label): \(v.id)")
                #expect(snapshot.subviews(of: h) == live.subviews(of: h), "\(label): \(v.id)")
                #expect(snapshot.subviews(of: h).map { name($0) } == v.subviews.map(\.id), "\(label): \(v.id)")
                #expect(snapshot.isWindow(h) == (v is Window) && live.isWindow(h) == (v is Window), "\(label)")
                #expect(snapshot.level(of: h) == (v as? Window)?.windowLevel, "\(label): \(v.id)")
                #expect(snapshot.level(of: h) == live.level(of: h), "\(label): \(v.id)")
                #expect(name(snapshot.redirectTarget(of: h)) == v.redirectTarget?.id, "\(label): \(v.id)")
                pending += snapshot.subviews(of: h)
            }
            #expect(seen == scene.viewCount, "\(label)")
        }
    }

    /// A snapshot keeps answering for the tree as it was: after a move and a level change, the
    /// old snapshot reads the old superview and level, the new one the new.
    @Test func anOldSnapshotReadsTheOldTree() throws {
        let a = Window(id: "A", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let b = Window(id: "B", frame: Rect(x: 0, y: 0, width: 100, height: 100), level: 2)
        let v = View(id: "V", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        a.addSubview(v)
        let live = try LiveIndex(Scene(windows: [a, b]))
        let old = live.snapshot
        let hv = live.handle(forID: "V")!
        let ha = live.handle(forID: "A")!
        let hb = live.handle(forID: "B")!
        #expect(live.move(hv, into: hb))
        #expect(live.setLevel(ha, 5))
        let new = try live.commit()
        #expect(old.superview(of: hv) == ha && new.superview(of: hv) == hb)
        #expect(old.level(of: ha) == 0 && new.level(of: ha) == 5 && new.level(of: hb) == 2)
        #expect(old.windows == [ha, hb] && new.windows == [hb, ha])
        #expect(new.superview(of: ha) == nil && new.level(of: hv) == nil && !new.isWindow(hv))
    }

    /// A removal reports the view and every view of its subtree, each before its subviews, with
    /// the handles that are stale after it; an invalid removal reports nothing; a discarded one
    /// brings the handles back.
    @Test func removalReportsEveryHandleThatDies() throws {
        let w = Window(id: "W", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let p = View(id: "P", frame: Rect(x: 0, y: 0, width: 50, height: 50))
        let q = View(id: "Q", frame: Rect(x: 0, y: 0, width: 20, height: 20))
        let r = View(id: "R", frame: Rect(x: 20, y: 0, width: 20, height: 20))
        let s = View(id: "S", frame: Rect(x: 0, y: 0, width: 5, height: 5))
        q.addSubview(s)
        p.addSubview(q)
        p.addSubview(r)
        w.addSubview(p)
        let live = try LiveIndex(Scene(windows: [w]))
        let handles = ["P", "Q", "R", "S"].map { live.handle(forID: $0)! }
        var reported: [ViewHandle] = []
        #expect(live.remove(handles[0]) { reported.append($0) })
        #expect(Set(reported) == Set(handles) && reported.count == 4)
        #expect(reported.first == handles[0])
        let position = Dictionary(uniqueKeysWithValues: reported.enumerated().map { ($1, $0) })
        #expect(position[handles[1]]! < position[handles[3]]!, "Q before its subview S")
        for h in handles { #expect(!live.contains(h)) }
        live.discard()
        for h in handles { #expect(live.contains(h), "a discarded removal brings \(h) back") }
        var none: [ViewHandle] = []
        #expect(!live.remove(ViewHandle(slot: 99, generation: 1)) { none.append($0) })
        #expect(none.isEmpty)
        live.discard()
    }

    /// What was derived from a removed view goes with it: its id is free for another view (on the
    /// writer and in the next snapshot), and a redirect to it stops, for the hit test, for
    /// `hitTestAll` and for the redirect reads alike.
    @Test func nothingDerivedOutlivesARemovedView() throws {
        let w = Window(id: "W", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let r = View(id: "R", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let t = View(id: "T", frame: Rect(x: 80, y: 80, width: 10, height: 10))
        r.redirectTarget = t
        w.addSubview(r)
        w.addSubview(t)
        let live = try LiveIndex(Scene(windows: [w]))
        let old = live.snapshot
        #expect(live.remove(live.handle(forID: "T")!))
        let s = try live.commit()
        #expect(live.handle(forID: "T") == nil)
        let again = try #require(
            live.createView(
                ViewAttributes(bounds: Rect(x: 0, y: 0, width: 5, height: 5), center: Point(x: 2, y: 2)), id: "T",
                in: live.windows[0]))
        let s2 = try live.commit()
        #expect(s2.id(of: again) == "T" && live.handle(forID: "T") == again)
        let rh = live.handle(forID: "R")!
        // (50, 50) is inside R and outside T: R answers for itself once its target is gone.
        #expect(old.hitTest(Point(x: 50, y: 50)).flatMap { old.id(of: $0.handle) } == "T")
        for snapshot in [s, s2] {
            #expect(snapshot.hitTest(Point(x: 50, y: 50))?.handle == rh)
            #expect(snapshot.hitTestAll(Point(x: 50, y: 50)).map(\.handle) == [rh, live.windows[0]])
            #expect(snapshot.redirectTarget(of: rh) == nil)
        }
        #expect(live.redirectTarget(of: rh) == nil)
    }

    /// The writer's version follows the published snapshots: an empty transaction publishes
    /// nothing; an edit, and a compaction (an edit that changes no answer, published so that
    /// readers get its layout), publish the next version.
    @Test func theVersionFollowsPublishedSnapshots() throws {
        let w = Window(id: "W", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        w.addSubview(View(id: "V", frame: Rect(x: 0, y: 0, width: 10, height: 10)))
        let live = try LiveIndex(Scene(windows: [w]))
        #expect(live.version == 1 && live.snapshot.version == 1)
        #expect(try live.commit().version == 1, "an empty transaction publishes nothing")
        #expect(live.set(live.handle(forID: "V")!, \.isHidden, true))
        #expect(try live.commit().version == 2)
        #expect(live.version == 2)
        live.compact()
        #expect(try live.commit().version == 3)
        #expect(live.version == 3 && live.snapshot.version == 3)
        live.discard()
        #expect(live.version == 3)
    }

    /// The issue's third defect: window A (level 5, made first) and B (level 0). Setting A's level
    /// to 0 puts B in front (equal levels keep the order windows were made in). The exported
    /// scene, read back, must do the same: it lists windows in the order they were made.
    @Test func anExportedSceneKeepsTheWindowsCreationOrder() throws {
        let a = Window(id: "A", frame: Rect(x: 0, y: 0, width: 100, height: 100), level: 5)
        let b = Window(id: "B", frame: Rect(x: 0, y: 0, width: 100, height: 100), level: 0)
        let world = try LiveIndex(Scene(windows: [a, b]))
        let copy = try LiveIndex(SceneReader.read(string: SceneWriter.string(world.makeScene())))
        for live in [world, copy] {
            #expect(live.setLevel(live.handle(forID: "A")!, 0))
            let s = try live.commit()
            #expect(s.hitTest(Point(x: 50, y: 50)).flatMap { s.id(of: $0.handle) } == "B")
        }
    }

    /// The issue's second defect: a view without an id is exported as `#slot.generation`; a world
    /// read back from that file holds those ids, and a new view without an id in the same slot
    /// and generation must get another name, so the second export reads back too.
    @Test func generatedNamesNeverCollideWithIDs() throws {
        let w = Window(id: "W", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        for k in 0..<4 { w.addSubview(View(id: "v\(k)", frame: Rect(x: Double(k) * 10, y: 0, width: 10, height: 10))) }
        let first = try LiveIndex(Scene(windows: [w]))
        // Take the ids away, so that the export names the views #slot.generation.
        for k in 0..<4 { #expect(first.setID(first.handle(forID: "v\(k)")!, nil)) }
        try first.commit()
        let exported = first.makeScene()
        let names = exported.windows[0].subviews.map(\.id)
        #expect(names.allSatisfy { $0.hasPrefix("#") }, "\(names)")
        let second = try LiveIndex(SceneReader.read(string: SceneWriter.string(exported)))
        // The last view goes; a new one without an id takes its slot at the next generation, or
        // a fresh slot: either way some exported name may now be its own handle's name.
        let gone = second.handle(forID: names[3])!
        #expect(second.remove(gone))
        let made = try #require(
            second.createView(
                ViewAttributes(bounds: Rect(x: 0, y: 0, width: 5, height: 5), center: Point(x: 52.5, y: 52.5)),
                in: second.windows[0]))
        // Whatever the new view's handle is, name a view with the id that handle generates.
        #expect(second.setID(second.handle(forID: names[0])!, "\(made)"))
        try second.commit()
        let again = second.makeScene()
        let ids = again.windows[0].subviews.map(\.id)
        #expect(Set(ids).count == ids.count, "\(ids)")
        #expect(ids.contains("\(made)~1"), "the new view's generated name steps aside: \(ids)")
        let third = try LiveIndex(SceneReader.read(string: SceneWriter.string(again)))
        #expect(third.viewCount == second.viewCount)
    }

    /// Export, read back, then the same edits on both: the same answers at thousands of points.
    /// The edits change levels (ties among windows), move views between containers and
    /// positions, remove, create and hide, so every order the file must carry is exercised.
    @Test func anExportedWorldAnswersAsTheWorldThroughTheSameEdits() throws {
        var pointsChecked = 0
        for seed: UInt64 in 1...6 {
            var rng = SeededGenerator(seed: seed &* 7919)
            let scene = SceneShape.random.generate(count: 80 + Int(seed) * 15, seed: seed)
            let world = try LiveIndex(scene)
            // Some edits first, so that the export is of an edited world.
            Self.randomEdits(world, count: 20, rng: &rng)
            try world.commit()
            let copy = try LiveIndex(SceneReader.read(string: SceneWriter.string(world.makeScene())))
            // The two trees match view for view, in paint order.
            func paintOrder(_ live: LiveIndex) -> [ViewHandle] {
                var out: [ViewHandle] = []
                var pending = Array(live.windows.reversed())
                while let h = pending.popLast() {
                    out.append(h)
                    pending += live.subviews(of: h).reversed()
                }
                return out
            }
            let a = paintOrder(world)
            let b = paintOrder(copy)
            try #require(a.count == b.count, "seed \(seed)")
            var toCopy = Dictionary(uniqueKeysWithValues: zip(a, b))
            for round in 0..<5 {
                // The same generator state for both: the same edits, view for view.
                var rngB = rng
                let madeA = Self.randomEdits(world, count: 15, rng: &rng)
                let madeB = Self.randomEdits(copy, count: 15, rng: &rngB)
                for (x, y) in zip(madeA, madeB) { toCopy[x] = y }
                let sa = try world.commit()
                let sb = try copy.commit()
                let model = world.makeScene()
                var prng = SeededGenerator(seed: seed &+ UInt64(round))
                for p in IndexDifferentialTests.probePoints(model, rng: &prng, uniform: 200, edgeViews: 60) {
                    let ha = sa.hitTest(p)?.handle
                    let hb = sb.hitTest(p)?.handle
                    let mapped: ViewHandle? = ha.flatMap { toCopy[$0] }
                    #expect(
                        (ha == nil) == (hb == nil) && mapped == hb,
                        "seed \(seed), round \(round), point \(p): \(String(describing: ha)) → \(String(describing: mapped)), copy \(String(describing: hb))"
                    )
                    pointsChecked += 1
                }
            }
        }
        #expect(pointsChecked > 5_000)
    }

    /// Random edits on `live`: levels from a small set (so windows tie), moves to the front or
    /// back of another container, removals, creations and hiding. Views are picked in the
    /// writer's paint order, so two worlds with the same tree, given generators in the same
    /// state, make the same edits. A move the index refuses (into the view's own subtree) would
    /// reject the transaction: it is discarded, alike in both worlds. Returns the handles of
    /// created views, in order.
    @discardableResult
    static func randomEdits(_ live: LiveIndex, count: Int, rng: inout SeededGenerator) -> [ViewHandle] {
        var made: [ViewHandle] = []
        for _ in 0..<count {
            var order: [ViewHandle] = []
            var pending = Array(live.windows.reversed())
            while let h = pending.popLast() {
                order.append(h)
                pending += live.subviews(of: h).reversed()
            }
            guard !order.isEmpty else { return made }
            let v = order[rng.int(below: order.count)]
            let other = order[rng.int(below: order.count)]
            switch rng.int(below: 5) {
            case 0:
                if live.isWindow(v) { live.setLevel(v, Double(rng.int(below: 3))) }
            case 1:
                let position: SiblingPosition = rng.chance(0.5) ? .front : .back
                if !live.isWindow(v) {
                    live.move(v, into: other, at: position)
                    if live.pendingError != nil { live.discard() }
                }
            case 2:
                if !live.isWindow(v) { live.remove(v) }
            case 3:
                let (w, h) = (rng.grid(0, 80), rng.grid(0, 80))
                let center = Point(x: rng.grid(-20, 200), y: rng.grid(-20, 200))
                let attributes = ViewAttributes(bounds: Rect(x: 0, y: 0, width: w, height: h), center: center)
                let position: SiblingPosition = rng.chance(0.5) ? .front : .back
                if let made1 = live.createView(attributes, in: other, at: position) { made.append(made1) }
            default:
                live.set(v, \.isHidden, rng.chance(0.3))
            }
        }
        return made
    }
}
