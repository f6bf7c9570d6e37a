import HitIndexFixtures
import HitIndexReference
import Testing

@testable import HitIndex

/// The live index's public editing surface: handles (surviving edits, detected once stale, never
/// confused with a later view in the same slot), hits with handles and user values, transactions
/// (visibility, versions, discard), every kind of rejected edit (the whole transaction undone, the
/// error naming the edit and the field), snapshots held across commits, windows and levels,
/// redirects, scrolling and sibling positions. Expected answers are worked out by hand from the
/// geometry or taken from the reference on an object-model scene with the same edits; the
/// invariant checker runs after every edit and commit.
@Suite struct LiveIndexEditTests {
    // MARK: - Fixture

    static func box(_ id: String, _ x: Double, _ y: Double, _ width: Double, _ height: Double) -> View {
        View(id: id, frame: Rect(x: x, y: y, width: width, height: height))
    }

    /// Screen coordinates in brackets.
    ///
    ///     W   window (0, 0, 300, 300), level 0
    ///       A    (0, 0, 100, 100)
    ///         A1   [10, 10, 30, 30]
    ///         A2   [50, 50, 40, 40]
    ///           A2a  [50, 50, 10, 10]
    ///       B    (100, 0, 100, 100)
    ///         B1   [100, 0, 50, 50]
    ///       C    (0, 100, 100, 100)
    ///     V   window (200, 200, 100, 100), level 1
    ///       V1   [200, 200, 50, 50]
    static func makeScene() -> Scene {
        let w = Window(id: "W", frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let a = box("A", 0, 0, 100, 100)
        a.addSubview(box("A1", 10, 10, 30, 30))
        let a2 = box("A2", 50, 50, 40, 40)
        a2.addSubview(box("A2a", 0, 0, 10, 10))
        a.addSubview(a2)
        let b = box("B", 100, 0, 100, 100)
        b.addSubview(box("B1", 0, 0, 50, 50))
        w.addSubview(a)
        w.addSubview(b)
        w.addSubview(box("C", 0, 100, 100, 100))
        let v = Window(id: "V", frame: Rect(x: 200, y: 200, width: 100, height: 100), level: 1)
        v.addSubview(box("V1", 0, 0, 50, 50))
        return Scene(windows: [w, v])
    }

    static let fixtureIDs = ["W", "A", "A1", "A2", "A2a", "B", "B1", "C", "V", "V1"]

    struct Fixture {
        let live: LiveIndex
        let handles: [String: ViewHandle]
        subscript(_ id: String) -> ViewHandle { handles[id]! }
    }

    static func fixture() throws -> Fixture {
        let live = try LiveIndex(makeScene())
        var handles: [String: ViewHandle] = [:]
        for id in fixtureIDs {
            let h = try #require(live.handle(forID: id), "fixture view \(id)")
            handles[id] = h
        }
        #expect(Set(handles.values).count == fixtureIDs.count, "fixture handles are distinct")
        return Fixture(live: live, handles: handles)
    }

    /// Points at the centres of a 10-pt grid over the fixture's screen area.
    static let grid: [Point] = stride(from: 5.0, to: 300, by: 10).flatMap { y in
        stride(from: 5.0, to: 300, by: 10).map { x in Point(x: x, y: y) }
    }

    // MARK: - Helpers

    static func expectSound(
        _ live: LiveIndex, _ label: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let problems = live.invariantViolations()
        #expect(problems.isEmpty, "\(label()): \(problems.prefix(3))", sourceLocation: sourceLocation)
    }

    /// Commits, expecting success and a sound store.
    @discardableResult
    static func commit(
        _ live: LiveIndex, _ label: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> IndexSnapshot {
        let snapshot: IndexSnapshot
        do {
            snapshot = try live.commit()
        } catch {
            Issue.record("\(label()): commit rejected: \(error)", sourceLocation: sourceLocation)
            throw error
        }
        expectSound(live, "\(label()): after commit", sourceLocation: sourceLocation)
        return snapshot
    }

    /// What a snapshot answers at each point: the view's id (its handle when it has none), nil
    /// for no hit.
    static func ids(_ snapshot: IndexSnapshot, _ points: [Point]) -> [String?] {
        points.map { p in snapshot.hitTest(p).map { snapshot.id(of: $0.handle) ?? $0.handle.description } }
    }

    /// The id hit at one point.
    static func hitID(_ snapshot: IndexSnapshot, _ x: Double, _ y: Double) -> String? {
        ids(snapshot, [Point(x: x, y: y)])[0]
    }

    /// Ids with user values: what a rollback must restore exactly.
    static func answers(_ snapshot: IndexSnapshot, _ points: [Point]) -> [String] {
        points.map { p in
            guard let hit = snapshot.hitTest(p) else { return "nil" }
            return "\(snapshot.id(of: hit.handle) ?? hit.handle.description)/\(hit.userValue)"
        }
    }

    /// The snapshot against the reference on `scene` at `points`.
    static func expectAgreement(
        _ snapshot: IndexSnapshot, _ scene: Scene, _ points: [Point], _ label: @autoclosure () -> String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let want = ReferenceHitTester().hitTest(scene, at: points).map { $0?.id }
        expectAnswers(snapshot, points, want, label(), sourceLocation: sourceLocation)
    }

    static func expectAnswers(
        _ snapshot: IndexSnapshot, _ points: [Point], _ want: [String?], _ label: @autoclosure () -> String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let got = ids(snapshot, points)
        var wrong = 0
        for i in points.indices where got[i] != want[i] {
            wrong += 1
            if wrong <= 3 {
                Issue.record(
                    "\(label()) at \(points[i]): index \(got[i] ?? "nil"), expected \(want[i] ?? "nil")",
                    sourceLocation: sourceLocation)
            }
        }
        #expect(wrong == 0, "\(label()): \(wrong) of \(points.count) points differ", sourceLocation: sourceLocation)
    }

    /// Everything the writer reports about a view.
    struct ViewFacts: Equatable {
        var contains: Bool
        var id: String?
        var attributes: ViewAttributes?
        var userValue: UInt64?
        var superview: ViewHandle?
        var subviews: [ViewHandle]
        var level: Double?
        var redirect: ViewHandle?
    }

    /// Everything the writer reports about some views and id lookups.
    struct WriterState: Equatable {
        var lookups: [ViewHandle?]
        var views: [ViewFacts]
        var windows: [ViewHandle]
        var viewCount: Int
    }

    static func facts(_ live: LiveIndex, _ h: ViewHandle) -> ViewFacts {
        ViewFacts(
            contains: live.contains(h), id: live.id(of: h), attributes: live.attributes(of: h),
            userValue: live.userValue(of: h), superview: live.superview(of: h), subviews: live.subviews(of: h),
            level: live.level(of: h), redirect: live.redirectTarget(of: h))
    }

    static func capture(_ live: LiveIndex, handles: [ViewHandle], names: [String]) -> WriterState {
        WriterState(
            lookups: names.map { live.handle(forID: $0) }, views: handles.map { facts(live, $0) },
            windows: live.windows, viewCount: live.viewCount)
    }

    /// Expects the open transaction's edit to have failed and returns its error.
    static func expectPendingFailure(
        _ live: LiveIndex, _ label: String, sourceLocation: SourceLocation = #_sourceLocation
    ) -> EditError? {
        guard let error = live.pendingError else {
            Issue.record("\(label): no pending error", sourceLocation: sourceLocation)
            return nil
        }
        return error
    }

    /// Commits, expecting the rejection `edit`/`field`(/`view`), and a sound store afterwards.
    static func expectCommitRejected(
        _ live: LiveIndex, _ label: String, edit: Int, field: String, view: String? = nil, naming: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        do {
            let s = try live.commit()
            Issue.record("\(label): commit accepted as version \(s.version)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.edit == edit, "\(label): \(error)", sourceLocation: sourceLocation)
            #expect(error.field == field, "\(label): \(error)", sourceLocation: sourceLocation)
            if let view { #expect(error.view == view, "\(label): \(error)", sourceLocation: sourceLocation) }
            if let naming {
                #expect(
                    error.view == naming || error.message.contains(naming), "\(label): \(error)",
                    sourceLocation: sourceLocation)
            }
        }
        expectSound(live, "\(label): after the rejected commit", sourceLocation: sourceLocation)
        #expect(!live.hasPendingEdits && live.pendingError == nil, "\(label)", sourceLocation: sourceLocation)
    }

    /// The valid edits every rejection test opens its transaction with, at positions 0 to 4: each
    /// changes something a rollback must restore (hits everywhere in W, an attribute, an id, a
    /// user value, a removal).
    static func prelude(_ f: Fixture, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let live = f.live
        let steps: [(String, () -> Bool)] = [
            ("insert N over W", { live.insert(box("N", 0, 0, 300, 300), into: f["W"]) != nil }),
            ("hide B", { live.set(f["B"], \.isHidden, true) }),
            ("rename A1 to A1x", { live.setID(f["A1"], "A1x") }),
            ("user value of C", { live.setUserValue(f["C"], 77) }),
            ("remove V1", { live.remove(f["V1"]) }),
        ]
        for (k, (name, run)) in steps.enumerated() {
            #expect(
                run(), "\(label): prelude \(k) (\(name)) refused: \(String(describing: live.pendingError))",
                sourceLocation: sourceLocation)
            expectSound(live, "\(label): prelude \(k)", sourceLocation: sourceLocation)
        }
        #expect(live.handle(forID: "N") != nil && live.handle(forID: "A1") == nil, sourceLocation: sourceLocation)
    }

    /// One rejected transaction on `f`: the prelude, the `valid` edits, then `invalid`, then edits
    /// that must be ignored. Expects the error (`edit`, `field`, `view`) from `commit()`, and the
    /// writer, the published snapshot and — published again — the hits as before the transaction.
    static func expectRejected(
        _ label: String, _ f: Fixture, extraHandles: [ViewHandle] = [], valid: [(String, () -> Bool)] = [],
        invalid: () -> Bool, edit: Int, field: String, view: String, naming: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let live = f.live
        let handles = fixtureIDs.map { f[$0] } + extraHandles
        let names = fixtureIDs + ["N", "A1x", "late", "X", "X1", "Y"]
        let before = capture(live, handles: handles, names: names)
        let published = live.snapshot
        let version = published.version
        let hitsBefore = answers(published, grid)
        expectSound(live, "\(label): before", sourceLocation: sourceLocation)

        prelude(f, label, sourceLocation: sourceLocation)
        for (name, run) in valid {
            #expect(
                run(), "\(label): \(name) refused: \(String(describing: live.pendingError))",
                sourceLocation: sourceLocation)
            expectSound(live, "\(label): \(name)", sourceLocation: sourceLocation)
        }
        #expect(live.pendingError == nil, "\(label): \(String(describing: live.pendingError))")
        #expect(!invalid(), "\(label): the invalid edit was accepted", sourceLocation: sourceLocation)
        expectSound(live, "\(label): after the invalid edit", sourceLocation: sourceLocation)
        let first = expectPendingFailure(live, label, sourceLocation: sourceLocation)

        // Later edits, valid or not, are ignored and leave the error as it was.
        #expect(!live.setUserValue(f["A"], 5), "\(label)", sourceLocation: sourceLocation)
        #expect(live.insert(box("late", 0, 0, 5, 5), into: f["W"]) == nil, "\(label)", sourceLocation: sourceLocation)
        #expect(!live.setLevel(f["A"], 3), "\(label)", sourceLocation: sourceLocation)
        #expect(!live.remove(f["A2"]), "\(label)", sourceLocation: sourceLocation)
        #expect(live.contains(f["A2"]) && live.handle(forID: "late") == nil, "\(label)", sourceLocation: sourceLocation)
        #expect(live.pendingError == first, "\(label)", sourceLocation: sourceLocation)
        expectSound(live, "\(label): after the ignored edits", sourceLocation: sourceLocation)
        #expect(
            live.snapshot === published, "\(label): nothing published before commit", sourceLocation: sourceLocation)

        do {
            let s = try live.commit()
            Issue.record("\(label): commit accepted as version \(s.version)", sourceLocation: sourceLocation)
        } catch {
            #expect(error == first, "\(label)", sourceLocation: sourceLocation)
            #expect(error.edit == edit, "\(label): \(error)", sourceLocation: sourceLocation)
            #expect(error.field == field, "\(label): \(error)", sourceLocation: sourceLocation)
            #expect(error.view == view, "\(label): \(error)", sourceLocation: sourceLocation)
            // A stale second handle is named in the message of the edited view's error.
            if let naming {
                #expect(error.message.contains(naming), "\(label): \(error)", sourceLocation: sourceLocation)
            }
        }
        expectSound(live, "\(label): after the rejected commit", sourceLocation: sourceLocation)
        #expect(!live.hasPendingEdits && live.pendingError == nil, "\(label)", sourceLocation: sourceLocation)
        #expect(
            live.snapshot === published, "\(label): the rejection published nothing", sourceLocation: sourceLocation)
        #expect(live.snapshot.version == version, "\(label)", sourceLocation: sourceLocation)
        let after = capture(live, handles: handles, names: names)
        #expect(after == before, "\(label): the writer's state was not restored", sourceLocation: sourceLocation)

        // Publish the writer's state as it now is: the hits are those from before the transaction.
        #expect(live.setUserValue(f["W"], 0), "\(label)", sourceLocation: sourceLocation)
        let again = try commit(live, "\(label): republish", sourceLocation: sourceLocation)
        #expect(again.version == version + 1, "\(label)", sourceLocation: sourceLocation)
        let hitsAfter = answers(again, grid)
        if let i = grid.indices.first(where: { hitsAfter[$0] != hitsBefore[$0] }) {
            Issue.record(
                "\(label): at \(grid[i]) before the transaction \(hitsBefore[i]), after the rejection \(hitsAfter[i])",
                sourceLocation: sourceLocation)
        }
    }

    /// Every edit that names `h`, with the field its error carries when `h` names no live view.
    static func editsNaming(_ h: ViewHandle, _ f: Fixture) -> [(name: String, field: String, run: () -> Bool)] {
        // An edit of another view that names `h` as its destination or target: its error names
        // that view, and `h` in the message.
        let live = f.live
        let small = ViewAttributes(bounds: Rect(x: 0, y: 0, width: 5, height: 5), center: Point(x: 3, y: 3))
        return [
            ("remove", "", { live.remove(h) }),
            ("move it", "", { live.move(h, into: f["A"]) }),
            ("move into it", "into", { live.move(f["A2a"], into: h) }),
            ("insert into it", "", { live.insert(box("fresh", 0, 0, 5, 5), into: h) != nil }),
            ("create in it", "", { live.createView(small, in: h) != nil }),
            ("setAttributes", "", { live.setAttributes(h, small) }),
            ("set", "", { live.set(h, \.isHidden, true) }),
            ("update", "", { live.update(h) { $0.alpha = 0.5 } }),
            ("setFrame", "", { live.setFrame(h, Rect(x: 1, y: 1, width: 2, height: 2)) }),
            ("scroll", "", { live.scroll(h, to: Point(x: 0, y: 5)) }),
            ("setRedirect from it", "", { live.setRedirect(h, to: nil) }),
            ("setRedirect to it", "redirectTarget", { live.setRedirect(f["A"], to: h) }),
            ("setPredicate", "", { live.setPredicate(h, nil) }),
            ("setUserValue", "", { live.setUserValue(h, 1) }),
            ("setID", "", { live.setID(h, "fresh") }),
            ("setLevel", "", { live.setLevel(h, 1) }),
            ("bringToFront", "", { live.bringToFront(h) }),
            ("sendToBack", "", { live.sendToBack(h) }),
            (
                "insert above it", "sibling",
                { live.insert(box("fresh", 0, 0, 5, 5), into: f["C"], at: .above(h)) != nil }
            ),
            ("create below it", "sibling", { live.createView(small, in: f["C"], at: .below(h)) != nil }),
            ("move above it", "sibling", { live.move(f["A2a"], into: f["C"], at: .above(h)) }),
        ]
    }

    /// Every edit naming `dead` in its own transaction, after `rng`-chosen valid edits: each
    /// returns false and `commit()` throws with that edit's position and field.
    static func expectEveryEditRefused(
        _ dead: ViewHandle, _ f: Fixture, rng: inout SeededGenerator, _ label: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let live = f.live
        let editedView = ["into": "A2a", "redirectTarget": "A"]
        for (name, field, run) in editsNaming(dead, f) {
            let before = live.snapshot.version
            let position = rng.int(in: 0...2)
            for k in 0..<position {
                #expect(live.setUserValue(f["W"], UInt64(k)), "\(label): \(name)", sourceLocation: sourceLocation)
            }
            #expect(!run(), "\(label): \(name) on \(dead) was accepted", sourceLocation: sourceLocation)
            expectSound(live, "\(label): \(name)", sourceLocation: sourceLocation)
            expectCommitRejected(
                live, "\(label): \(name) on \(dead)", edit: position, field: field,
                view: editedView[field] ?? dead.description, naming: dead.description, sourceLocation: sourceLocation)
            #expect(live.snapshot.version == before, "\(label): \(name)", sourceLocation: sourceLocation)
        }
    }

    // MARK: - 1. Handles

    /// A handle keeps naming its view through inserts before it, removals of its siblings, moves
    /// of other views and of itself; so do the handles of the untouched views.
    /// A leaf inserted through the object model (its own path: no subtree arrays) leaves the
    /// attributes and answers a bulk load of the same scene gives, for leaves of every kind: a
    /// transform with insets and a minimum size, each hit shape, a predicate, geometry no `Float`
    /// gives back, an ineligible leaf, into a wide (indexed) container and a small one.
    @Test func aLeafInsertedThroughTheModelMatchesABulkLoad() throws {
        let stripes: @Sendable (Point) -> Bool = { p in Int(p.x.rounded(.down)) % 4 < 2 }
        let leaves: [(String, () -> View)] = [
            ("plain", { Self.box("leaf", 30, 40, 60, 50) }),
            (
                "transformed",
                {
                    let v = Self.box("leaf", 30, 40, 60, 50)
                    v.transform = .rotation(0.3)
                    v.hitTestInsets = EdgeInsets(top: -4, left: 2, bottom: 3, right: -5)
                    v.minimumHitSize = Size(width: 80, height: 10)
                    return v
                }
            ),
            (
                "ellipse",
                {
                    let v = Self.box("leaf", 30, 40, 60, 50)
                    v.hitShape = .ellipse
                    return v
                }
            ),
            (
                "rounded",
                {
                    let v = Self.box("leaf", 30, 40, 60, 50)
                    v.hitShape = .roundedRect(radius: 12)
                    return v
                }
            ),
            (
                "predicate",
                {
                    let v = Self.box("leaf", 30, 40, 60, 50)
                    v.hitPredicate = stripes
                    return v
                }
            ),
            ("wide geometry", { Self.box("leaf", 30.1, 40.3, 60.7, 50.9) }),
            (
                "faded",
                {
                    let v = Self.box("leaf", 30, 40, 60, 50)
                    v.alpha = 0.005
                    return v
                }
            ),
        ]
        func scene(_ leaf: View?, into parent: String, at index: Int) -> Scene {
            let window = Window(id: "W", frame: Rect(x: 0, y: 0, width: 200, height: 200))
            let sheet = Self.box("sheet", 0, 0, 200, 200)
            let small = Self.box("small", 10, 10, 150, 150)
            window.addSubview(sheet)
            window.addSubview(small)
            for k in 0..<12 { sheet.addSubview(Self.box("s\(k)", Double(k % 4) * 45, Double(k / 4) * 45, 50, 50)) }
            small.addSubview(Self.box("t0", 20, 20, 40, 40))
            small.addSubview(Self.box("t1", 50, 50, 40, 40))
            if let leaf { (parent == "sheet" ? sheet : small).insertSubview(leaf, at: index) }
            return Scene(windows: [window])
        }
        let points = (0..<41).flatMap { i in (0..<41).map { j in Point(x: Double(i) * 5 + 0.5, y: Double(j) * 5 + 0.5) }
        }
        for (name, make) in leaves {
            for (parent, index) in [("sheet", 5), ("small", 1)] {
                let live = try LiveIndex(scene(nil, into: parent, at: index))
                let inserted = try #require(
                    live.insert(make(), into: live.handle(forID: parent)!, at: .index(index), userValue: 77))
                try live.commit()
                #expect(live.invariantViolations().isEmpty, "\(name) into \(parent)")
                let expected = scene(make(), into: parent, at: index)
                let bulk = try LiveIndex(expected)
                let loaded = try #require(bulk.handle(forID: "leaf"))
                #expect(
                    live.attributes(of: inserted) == bulk.attributes(of: loaded), "\(name) into \(parent): attributes")
                let reference = ReferenceHitTester().hitTest(expected, at: points).map { $0?.id }
                let got = points.map { p in live.snapshot.hitTest(p).flatMap { live.snapshot.id(of: $0.handle) } }
                let wrong = zip(got, reference).filter { $0 != $1 }.count
                #expect(wrong == 0, "\(name) into \(parent): \(wrong) of \(points.count) points differ")
                #expect(got.contains("leaf") == reference.contains("leaf"), "\(name) into \(parent)")
                let hit = points.lazy.compactMap { live.snapshot.hitTest($0) }.first { $0.handle == inserted }
                #expect(hit == nil || hit?.userValue == 77, "\(name) into \(parent): the user value")
            }
        }
    }

    @Test func handlesSurviveEditsToOtherViews() throws {
        let f = try Self.fixture()
        let live = f.live
        let t = f["A2"]
        #expect(live.setUserValue(t, 9))
        // A2 is at [50, 50, 40, 40], A2a covers its top-left [50, 50, 10, 10]: (70, 70) is A2's own.
        let s1 = try Self.commit(live, "user value")
        #expect(s1.hitTest(Point(x: 70, y: 70)) == Hit(handle: t, userValue: 9))

        // Inserts behind it, at the back and at index 0, enough to index A (threshold 8).
        for k in 0..<12 {
            let made = live.insert(Self.box("pre\(k)", 0, 0, 5, 5), into: f["A"], at: k % 2 == 0 ? .back : .index(0))
            #expect(made != nil, "insert pre\(k)")
            Self.expectSound(live, "insert pre\(k)")
        }
        #expect(
            live.createView(
                ViewAttributes(bounds: Rect(x: 0, y: 0, width: 4, height: 4), center: .zero), in: f["A"], at: .below(t))
                != nil)
        Self.expectSound(live, "create below A2")
        let s2 = try Self.commit(live, "inserts")
        #expect(live.contains(t) && live.id(of: t) == "A2" && live.superview(of: t) == f["A"])
        #expect(live.subviews(of: f["A"]).last == t, "A2 is still A's front-most subview")
        #expect(live.subviews(of: f["A"]).count == 15)
        #expect(s2.hitTest(Point(x: 70, y: 70)) == Hit(handle: t, userValue: 9))

        // Removing siblings, some behind and one in front.
        #expect(live.remove(f["A1"]))
        Self.expectSound(live, "remove A1")
        for k in 0..<6 {
            let pre = try #require(live.handle(forID: "pre\(k)"))
            #expect(live.remove(pre))
            Self.expectSound(live, "remove pre\(k)")
        }
        #expect(live.insert(Self.box("front", 0, 90, 10, 10), into: f["A"]) != nil)
        let front = try #require(live.handle(forID: "front"))
        #expect(live.remove(front))
        Self.expectSound(live, "front inserted and removed")
        let s3 = try Self.commit(live, "removals")
        #expect(live.contains(t) && live.userValue(of: t) == 9 && live.subviews(of: t) == [f["A2a"]])
        #expect(s3.hitTest(Point(x: 70, y: 70)) == Hit(handle: t, userValue: 9))

        // Moves of other views: B1 under A below A2 (B1 at [0, 0, 50, 50] in A), C into A2.
        #expect(live.move(f["B1"], into: f["A"], at: .below(t)))
        Self.expectSound(live, "move B1")
        #expect(live.move(f["C"], into: t, at: .back))
        Self.expectSound(live, "move C")
        let s4 = try Self.commit(live, "moves of others")
        #expect(live.superview(of: f["B1"]) == f["A"] && live.superview(of: f["C"]) == t)
        #expect(s4.hitTest(Point(x: 70, y: 70)) == Hit(handle: t, userValue: 9))
        #expect(Self.hitID(s4, 20, 20) == "B1")  // B1 now at [0, 0, 50, 50]
        #expect(Self.hitID(s4, 150, 20) == "B")  // B lost B1

        // Moves of the view itself: into B (A2 then at [150, 50, 40, 40]), then to B's back.
        #expect(live.move(t, into: f["B"]))
        Self.expectSound(live, "move A2 into B")
        #expect(live.sendToBack(t))
        Self.expectSound(live, "send A2 to back")
        let s5 = try Self.commit(live, "move of A2")
        #expect(live.superview(of: t) == f["B"] && live.subviews(of: f["B"]) == [t])
        #expect(s5.hitTest(Point(x: 170, y: 70)) == Hit(handle: t, userValue: 9))
        #expect(Self.hitID(s5, 70, 70) == "A")
        // A2a and C moved along: A2a at [150, 50, 10, 10]; C at (0, 100) in A2, outside its bounds.
        #expect(Self.hitID(s5, 155, 55) == "A2a")
        // The held snapshots still answer as they were.
        #expect(s1.hitTest(Point(x: 70, y: 70)) == Hit(handle: t, userValue: 9))
        #expect(Self.hitID(s1, 170, 70) == "B")
        for id in Self.fixtureIDs where id != "A1" {
            #expect(live.handle(forID: id) == f[id], "\(id)")
            #expect(live.contains(f[id]) && s5.contains(f[id]), "\(id)")
        }
        #expect(!live.contains(f["A1"]) && s1.contains(f["A1"]) && !s5.contains(f["A1"]))
    }

    /// A removed view's handle is stale: lookups return nil and every edit naming it is refused
    /// with its position — also once its slot holds another view, whose handle differs by
    /// generation. Views are created and removed in rounds so that slots are reused.
    @Test(arguments: [UInt64(1), 2, 3])
    func removedHandlesStayStaleAfterSlotReuse(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let f = try Self.fixture()
        let live = f.live
        // Cells of C (screen (0, 100), 100 × 100): cell i is [10 (i % 10), 100 + 10 (i / 10), 10, 10].
        var freeCells = Array(0..<100)
        var alive: [(handle: ViewHandle, cell: Int, userValue: UInt64, id: String?)] = []
        var dead: [(handle: ViewHandle, heldBy: IndexSnapshot)] = []
        var serial: UInt64 = 0
        for round in 0..<8 {
            let label = "seed \(seed) round \(round)"
            let creates = min(freeCells.count, rng.int(in: 10...40))
            for _ in 0..<creates {
                let cell = freeCells.remove(at: rng.int(below: freeCells.count))
                serial += 1
                let id: String? = rng.chance(0.5) ? "r\(serial)" : nil
                let attributes = ViewAttributes(
                    bounds: Rect(x: 0, y: 0, width: 10, height: 10),
                    center: Point(x: Double(cell % 10) * 10 + 5, y: Double(cell / 10) * 10 + 5))
                let made = live.createView(
                    attributes, id: id, in: f["C"], at: .index(rng.int(in: 0...alive.count)), userValue: serial)
                let h = try #require(made, "\(label): create refused: \(String(describing: live.pendingError))")
                Self.expectSound(live, "\(label): create")
                alive.append((h, cell, serial, id))
            }
            let published = try Self.commit(live, "\(label): creates")
            // Remove a random part (everything in some rounds), in a random order.
            let removals = round % 3 == 2 ? alive.count : rng.int(in: 0...alive.count)
            for _ in 0..<removals {
                let gone = alive.remove(at: rng.int(below: alive.count))
                #expect(live.remove(gone.handle), "\(label)")
                Self.expectSound(live, "\(label): remove")
                freeCells.append(gone.cell)
                dead.append((gone.handle, published))
            }
            try Self.commit(live, "\(label): removals")
        }
        let label = "seed \(seed)"
        let snapshot = live.snapshot
        let deadSlots = Set(dead.map(\.handle.slot))
        let reused = alive.filter { deadSlots.contains($0.handle.slot) }
        #expect(reused.count > 5, "\(label): slots were reused (\(reused.count) views in old slots)")
        for a in reused {
            for d in dead where d.handle.slot == a.handle.slot {
                #expect(d.handle.generation != a.handle.generation, "\(label): \(d.handle) and \(a.handle)")
            }
        }
        #expect(Set(dead.map(\.handle)).count == dead.count, "\(label): every removed view had its own handle")
        #expect(Set(dead.map(\.handle)).isDisjoint(with: alive.map(\.handle)), "\(label)")
        // The live views answer with their own handles and values.
        for a in alive {
            let p = Point(x: Double(a.cell % 10) * 10 + 5, y: 100 + Double(a.cell / 10) * 10 + 5)
            #expect(snapshot.hitTest(p) == Hit(handle: a.handle, userValue: a.userValue), "\(label): cell \(a.cell)")
            #expect(live.contains(a.handle) && live.id(of: a.handle) == a.id && snapshot.id(of: a.handle) == a.id)
            if let id = a.id { #expect(live.handle(forID: id) == a.handle, "\(label): \(id)") }
        }
        // The free cells answer C.
        for cell in freeCells {
            let p = Point(x: Double(cell % 10) * 10 + 5, y: 100 + Double(cell / 10) * 10 + 5)
            #expect(Self.hitID(snapshot, p.x, p.y) == "C", "\(label): free cell \(cell)")
        }
        // The removed views' handles are stale, for the writer and the current snapshot, but not
        // for a snapshot published while they lived.
        for d in dead {
            let h = d.handle
            #expect(!live.contains(h) && !snapshot.contains(h) && d.heldBy.contains(h), "\(label): \(h)")
            #expect(live.attributes(of: h) == nil && live.id(of: h) == nil && live.userValue(of: h) == nil)
            #expect(live.superview(of: h) == nil && live.subviews(of: h).isEmpty && live.level(of: h) == nil)
            #expect(live.redirectTarget(of: h) == nil && snapshot.userValue(of: h) == nil)
        }
        // Every edit naming a removed view (those whose slots were reused first) is refused.
        let sample = reused.flatMap { a in dead.filter { $0.handle.slot == a.handle.slot } }.prefix(6)
        for d in Array(sample) + dead.prefix(3) {
            Self.expectEveryEditRefused(d.handle, f, rng: &rng, label)
        }
        // Still intact after all those rejections.
        Self.expectSound(live, label)
        #expect(live.snapshot.version == snapshot.version)
        #expect(live.subviews(of: f["C"]).count == alive.count)
    }

    /// A handle returned by an edit of a transaction that was discarded or rejected names no
    /// view; it must not come to name the view a later transaction creates.
    @Test func handlesFromUndoneTransactionsStayStale() throws {
        let f = try Self.fixture()
        let live = f.live
        let attributes = ViewAttributes(bounds: Rect(x: 0, y: 0, width: 10, height: 10), center: Point(x: 50, y: 50))
        // A slot never used before.
        let discarded = try #require(live.createView(attributes, id: "gone", in: f["C"]))
        live.discard()
        Self.expectSound(live, "discard")
        #expect(!live.contains(discarded))
        let kept = try #require(live.createView(attributes, id: "kept", in: f["C"], userValue: 1))
        try Self.commit(live, "kept")
        #expect(kept != discarded, "the discarded view's handle \(discarded) names the new view")
        #expect(!live.contains(discarded) && live.id(of: discarded) == nil)
        // A reused slot (A2a's), in a rejected transaction.
        #expect(live.remove(f["A2a"]))
        try Self.commit(live, "remove A2a")
        let rejected = try #require(live.createView(attributes, id: "rejected", in: f["C"]))
        #expect(!live.setLevel(f["A"], 1))
        Self.expectCommitRejected(live, "setLevel on A", edit: 1, field: "level", view: "A")
        #expect(!live.contains(rejected))
        let later = try #require(live.createView(attributes, id: "later", in: f["C"], userValue: 2))
        try Self.commit(live, "later")
        #expect(later != rejected, "the rejected view's handle \(rejected) names the new view")
        #expect(!live.contains(rejected) && live.id(of: rejected) == nil)
        #expect(!live.setUserValue(rejected, 3), "an edit through the undone handle was accepted")
        live.discard()
    }

    /// A discard with no transaction open changes nothing, also right after a commit (whose
    /// transaction's start the writer no longer needs).
    @Test func aDiscardWithNothingOpenKeepsTheCommittedState() throws {
        let f = try Self.fixture()
        let live = f.live
        let attributes = ViewAttributes(bounds: Rect(x: 0, y: 0, width: 10, height: 10), center: Point(x: 50, y: 50))
        let kept = try #require(live.createView(attributes, id: "kept", in: f["C"], userValue: 1))
        #expect(live.setUserValue(f["A"], 9))
        let committed = try Self.commit(live, "kept")
        live.discard()
        Self.expectSound(live, "discard after a commit")
        #expect(live.contains(kept) && live.id(of: kept) == "kept")
        #expect(live.userValue(of: f["A"]) == 9)
        #expect(live.snapshot.version == committed.version)
        // The next transaction starts from the committed state, and a discard returns to it.
        #expect(live.setUserValue(f["A"], 10))
        live.discard()
        #expect(live.contains(kept) && live.userValue(of: f["A"]) == 9)
        let next = try #require(live.createView(attributes, id: "next", in: f["C"]))
        try Self.commit(live, "next")
        #expect(live.contains(kept) && live.contains(next))
    }

    // MARK: - 2. Hits, user values, ids

    @Test func hitsCarryTheHandleAndTheUserValue() throws {
        let f = try Self.fixture()
        let live = f.live
        // No id, in C at [20, 120, 20, 20].
        let anonymous = try #require(
            live.createView(
                ViewAttributes(bounds: Rect(x: 0, y: 0, width: 20, height: 20), center: Point(x: 30, y: 30)), id: nil,
                in: f["C"], userValue: 42))
        Self.expectSound(live, "create")
        // P at [50, 100, 40, 40] with P1 at [50, 100, 20, 20].
        let p = Self.box("P", 50, 0, 40, 40)
        p.addSubview(Self.box("P1", 0, 0, 20, 20))
        let ph = try #require(live.insert(p, into: f["C"], userValue: 7))
        Self.expectSound(live, "insert")
        let s1 = try Self.commit(live, "first")
        #expect(s1.hitTest(Point(x: 30, y: 130)) == Hit(handle: anonymous, userValue: 42))
        #expect(s1.id(of: anonymous) == nil && live.id(of: anonymous) == nil)
        #expect(s1.userValue(of: anonymous) == 42 && live.userValue(of: anonymous) == 42)
        #expect(live.handle(forID: "P") == ph)
        let p1 = try #require(live.handle(forID: "P1"))
        #expect(s1.hitTest(Point(x: 80, y: 130)) == Hit(handle: ph, userValue: 7))
        #expect(s1.hitTest(Point(x: 60, y: 110)) == Hit(handle: p1, userValue: 0))
        // The scene's views carry 0.
        #expect(s1.hitTest(Point(x: 120, y: 20)) == Hit(handle: f["B1"], userValue: 0))
        #expect(s1.hitTest(Point(x: 150, y: 250)) == Hit(handle: f["W"], userValue: 0))
        #expect(s1.hitTest(Point(x: 260, y: 260)) == Hit(handle: f["V"], userValue: 0))
        #expect(s1.hitTest(Point(x: 400, y: 10)) == nil)

        // New values, in the writer at once, in hits after commit; the old snapshot keeps its own.
        #expect(live.setUserValue(anonymous, 43))
        #expect(live.setUserValue(f["B1"], UInt64.max))
        Self.expectSound(live, "set user values")
        #expect(live.userValue(of: anonymous) == 43 && s1.userValue(of: anonymous) == 42)
        let s2 = try Self.commit(live, "values")
        #expect(s2.hitTest(Point(x: 30, y: 130)) == Hit(handle: anonymous, userValue: 43))
        #expect(s2.hitTest(Point(x: 120, y: 20)) == Hit(handle: f["B1"], userValue: UInt64.max))
        #expect(s1.hitTest(Point(x: 30, y: 130)) == Hit(handle: anonymous, userValue: 42))
        #expect(s1.hitTest(Point(x: 120, y: 20)) == Hit(handle: f["B1"], userValue: 0))

        // Ids: given, looked up, changed, cleared (nil and empty), taken over once free.
        #expect(live.setID(anonymous, "named"))
        #expect(live.handle(forID: "named") == anonymous && live.id(of: anonymous) == "named")
        let s3 = try Self.commit(live, "named")
        #expect(s3.id(of: anonymous) == "named" && s2.id(of: anonymous) == nil)
        #expect(live.setID(anonymous, nil))
        #expect(live.handle(forID: "named") == nil && live.id(of: anonymous) == nil)
        #expect(live.setID(ph, ""))
        #expect(live.handle(forID: "P") == nil && live.id(of: ph) == nil)
        #expect(live.setID(p1, "P"))
        #expect(live.setID(f["A"], "A"), "renaming a view to its own id")
        Self.expectSound(live, "ids")
        let s4 = try Self.commit(live, "ids cleared")
        #expect(s4.id(of: anonymous) == nil && s4.id(of: ph) == nil && s4.id(of: p1) == "P")
        #expect(live.handle(forID: "P") == p1 && live.handle(forID: "P1") == nil)
        #expect(live.handle(forID: "nowhere") == nil && live.handle(forID: "") == nil)
        #expect(s4.hitTest(Point(x: 60, y: 110)) == Hit(handle: p1, userValue: 0))
        // A removed subtree's ids are gone, and free for new views.
        #expect(live.remove(ph))
        #expect(live.handle(forID: "P") == nil)
        #expect(live.insert(Self.box("P", 0, 0, 1, 1), into: f["C"]) != nil)
        Self.expectSound(live, "P reused")
        let s5 = try Self.commit(live, "P reused")
        #expect(live.handle(forID: "P") != p1 && live.handle(forID: "P") != nil)
        #expect(s5.userValue(of: p1) == nil && s4.userValue(of: p1) == 0)
    }

    // MARK: - 3. Transactions

    @Test func editsAreInvisibleUntilCommit() throws {
        let f = try Self.fixture()
        let live = f.live
        let s1 = live.snapshot
        #expect(s1.version == 1 && live.snapshots.current() === s1)
        #expect(s1.viewCount == 10 && live.viewCount == 10)
        Self.expectAgreement(s1, Self.makeScene(), Self.grid, "initial")
        #expect(!live.hasPendingEdits)
        // A commit with no edits returns the current snapshot.
        #expect(try live.commit() === s1)
        #expect(live.snapshot.version == 1)

        #expect(live.set(f["B"], \.isHidden, true))
        #expect(live.hasPendingEdits)
        #expect(live.attributes(of: f["B"])?.isHidden == true, "the writer reads its own edits")
        #expect(live.snapshot === s1 && live.snapshots.current() === s1)
        #expect(Self.hitID(live.snapshot, 120, 20) == "B1")
        let s2 = try Self.commit(live, "hide B")
        #expect(s2.version == 2 && live.snapshot === s2 && live.snapshots.current() === s2)
        #expect(!live.hasPendingEdits)
        #expect(Self.hitID(s2, 120, 20) == "W" && Self.hitID(s1, 120, 20) == "B1")

        // Discard: the writer returns to the commit, nothing is published.
        #expect(live.remove(f["A"]))
        #expect(live.setUserValue(f["C"], 3))
        #expect(!live.contains(f["A"]) && !live.contains(f["A1"]) && live.viewCount == 6)
        Self.expectSound(live, "before discard")
        live.discard()
        Self.expectSound(live, "after discard")
        #expect(!live.hasPendingEdits)
        #expect(live.contains(f["A"]) && live.contains(f["A1"]) && live.viewCount == 10)
        #expect(live.subviews(of: f["W"]) == [f["A"], f["B"], f["C"]])
        #expect(live.userValue(of: f["C"]) == 0)
        #expect(try live.commit() === s2)

        // Discarded edits stay gone when later edits are committed.
        #expect(live.set(f["C"], \.isHidden, true))
        live.discard()
        #expect(live.setUserValue(f["A1"], 5))
        let s3 = try Self.commit(live, "after a discard")
        #expect(s3.version == 3)
        #expect(s3.hitTest(Point(x: 20, y: 20)) == Hit(handle: f["A1"], userValue: 5))
        #expect(Self.hitID(s3, 50, 150) == "C")
        let model = Self.makeScene()
        model.view(withID: "B")!.isHidden = true
        Self.expectAgreement(s3, model, Self.grid, "version 3")

        // Versions count commits, not edits.
        for k in 0..<5 {
            for _ in 0...k { #expect(live.setUserValue(f["C"], UInt64(k))) }
            let s = try Self.commit(live, "commit \(k)")
            #expect(s.version == UInt64(4 + k))
        }

        // An empty index.
        let empty = LiveIndex()
        #expect(empty.snapshot.version == 1 && empty.viewCount == 0 && empty.windows.isEmpty)
        #expect(empty.snapshot.hitTest(Point(x: 5, y: 5)) == nil)
        let e = try #require(empty.insertWindow(Window(id: "E", frame: Rect(x: 0, y: 0, width: 10, height: 10))))
        Self.expectSound(empty, "empty: insert window")
        #expect(empty.snapshot.hitTest(Point(x: 5, y: 5)) == nil)
        let e2 = try Self.commit(empty, "empty")
        #expect(e2.version == 2 && e2.viewCount == 1)
        #expect(e2.hitTest(Point(x: 5, y: 5)) == Hit(handle: e, userValue: 0))
    }

    // MARK: - 4. Rejections

    @Test func rejectsStaleAndUnknownHandles() throws {
        let f = try Self.fixture()
        let live = f.live
        #expect(live.remove(f["A2a"]))
        try Self.commit(live, "remove A2a")
        let stale = f["A2a"]
        try Self.expectRejected(
            "set on a removed view", f, invalid: { live.set(stale, \.alpha, 0.5) }, edit: 5, field: "",
            view: stale.description)
        try Self.expectRejected(
            "move into a removed view", f, invalid: { live.move(f["A2"], into: stale) }, edit: 5, field: "into",
            view: "A2", naming: stale.description)
        try Self.expectRejected(
            "insert above a removed view", f,
            invalid: { live.insert(Self.box("X", 0, 0, 5, 5), into: f["W"], at: .above(stale)) != nil }, edit: 5,
            field: "sibling", view: stale.description)
        // V1, removed by the prelude's edit 4: stale in the same transaction.
        try Self.expectRejected(
            "a view removed earlier in the transaction", f, invalid: { live.setFrame(f["V1"], .zero) }, edit: 5,
            field: "", view: f["V1"].description)
        // Handles that never named a view: a slot past the end, the screen's slot 0, a future
        // generation of a live view's slot.
        let a = f["A"]
        for unknown in [
            ViewHandle(slot: 1_000_000, generation: 1), ViewHandle(slot: 0, generation: 0),
            ViewHandle(slot: 0, generation: 1), ViewHandle(slot: a.slot, generation: a.generation &+ 1),
        ] {
            #expect(!live.contains(unknown) && live.attributes(of: unknown) == nil, "\(unknown)")
            try Self.expectRejected(
                "remove \(unknown)", f, invalid: { live.remove(unknown) }, edit: 5, field: "",
                view: unknown.description)
            try Self.expectRejected(
                "insert into \(unknown)", f, invalid: { live.insert(Self.box("X", 0, 0, 5, 5), into: unknown) != nil },
                edit: 5, field: "", view: unknown.description)
        }
    }

    @Test func rejectsCycles() throws {
        let f = try Self.fixture()
        let live = f.live
        try Self.expectRejected(
            "A under its grandchild", f, invalid: { live.move(f["A"], into: f["A2a"]) }, edit: 5, field: "into",
            view: "A")
        try Self.expectRejected(
            "A under itself", f, invalid: { live.move(f["A"], into: f["A"]) }, edit: 5, field: "into", view: "A")
        try Self.expectRejected(
            "A2 under its child", f, invalid: { live.move(f["A2"], into: f["A2a"], at: .back) }, edit: 5,
            field: "into", view: "A2")
        // The cycle goes through a move made earlier in the transaction: B under A1x, then A1x
        // under B's child B1.
        try Self.expectRejected(
            "through an earlier move", f, valid: [("B under A1", { live.move(f["B"], into: f["A1"]) })],
            invalid: { live.move(f["A1"], into: f["B1"]) }, edit: 6, field: "into", view: "A1x")
    }

    @Test func rejectsNonFiniteAndNegativeValues() throws {
        let f = try Self.fixture()
        let live = f.live
        try Self.expectRejected(
            "NaN center via set", f, invalid: { live.set(f["A2"], \.center, Point(x: .nan, y: 3)) }, edit: 5,
            field: "center", view: "A2")
        var infinite = try #require(live.attributes(of: f["B1"]))
        infinite.bounds.size.width = .infinity
        try Self.expectRejected(
            "infinite bounds via setAttributes", f, invalid: { live.setAttributes(f["B1"], infinite) }, edit: 5,
            field: "bounds", view: "B1")
        try Self.expectRejected(
            "negative alpha via update", f, invalid: { live.update(f["A"]) { $0.alpha = -0.5 } }, edit: 5,
            field: "alpha", view: "A")
        // A1 is named by its id at the time of the edit: the prelude renamed it.
        try Self.expectRejected(
            "negative radius via set", f, invalid: { live.set(f["A1"], \.hitShape, .roundedRect(radius: -1)) },
            edit: 5, field: "hitShape", view: "A1x")
        // The boundary values are fine: alpha 0 and radius 0 pass, and push the error to edit 7.
        try Self.expectRejected(
            "NaN alpha after valid zeros", f,
            valid: [
                ("alpha 0", { live.set(f["A"], \.alpha, 0) }),
                ("radius 0", { live.set(f["B1"], \.hitShape, .roundedRect(radius: 0)) }),
            ], invalid: { live.update(f["C"]) { $0.alpha = .nan } }, edit: 7, field: "alpha", view: "C")
        try Self.expectRejected(
            "infinite center on a window", f, invalid: { live.set(f["W"], \.center, Point(x: 0, y: -.infinity)) },
            edit: 5, field: "center", view: "W")
        try Self.expectRejected(
            "NaN anchor point", f, invalid: { live.set(f["A"], \.anchorPoint, Point(x: 0.5, y: .nan)) }, edit: 5,
            field: "anchorPoint", view: "A")
        try Self.expectRejected(
            "infinite transform", f,
            invalid: { live.set(f["A"], \.transform, AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: .infinity, ty: 0)) },
            edit: 5, field: "transform", view: "A")
        try Self.expectRejected(
            "NaN insets", f,
            invalid: { live.set(f["B"], \.hitTestInsets, EdgeInsets(top: 0, left: .nan, bottom: 0, right: 0)) },
            edit: 5, field: "hitTestInsets", view: "B")
        try Self.expectRejected(
            "infinite minimum size", f,
            invalid: { live.set(f["B"], \.minimumHitSize, Size(width: 44, height: .infinity)) }, edit: 5,
            field: "minimumHitSize", view: "B")
        try Self.expectRejected(
            "NaN scroll", f, invalid: { live.scroll(f["A"], to: Point(x: .nan, y: 0)) }, edit: 5, field: "bounds",
            view: "A")
        try Self.expectRejected(
            "infinite frame size", f,
            invalid: { live.setFrame(f["C"], Rect(x: 0, y: 0, width: .infinity, height: 10)) }, edit: 5,
            field: "frame", view: "C")
        var bad = ViewAttributes(bounds: Rect(x: 0, y: 0, width: 10, height: 10), center: .zero)
        bad.alpha = -.infinity
        try Self.expectRejected(
            "createView with negative alpha", f, invalid: { live.createView(bad, id: "X", in: f["A"]) != nil },
            edit: 5, field: "alpha", view: "X")
        let rounded = Self.box("X", 0, 0, 10, 10)
        rounded.hitShape = .roundedRect(radius: -2)
        try Self.expectRejected(
            "insert with a negative radius", f, invalid: { live.insert(rounded, into: f["A"]) != nil }, edit: 5,
            field: "hitShape", view: "X")
    }

    @Test func rejectsSetFrameOnATransformedView() throws {
        let f = try Self.fixture()
        let live = f.live
        // On an untransformed view, setFrame sets size and center and keeps the scroll offset:
        // with anchor (0, 0) the center is the frame's origin.
        #expect(live.scroll(f["C"], to: Point(x: 3, y: 4)))
        #expect(live.set(f["C"], \.anchorPoint, .zero))
        #expect(live.setFrame(f["C"], Rect(x: 5, y: 105, width: 20, height: 30)))
        Self.expectSound(live, "setFrame")
        let c = try #require(live.attributes(of: f["C"]))
        #expect(c.center == Point(x: 5, y: 105) && c.bounds == Rect(x: 3, y: 4, width: 20, height: 30))
        #expect(live.setFrame(f["B1"], Rect(x: 10, y: 20, width: 30, height: 40)))
        let b1 = try #require(live.attributes(of: f["B1"]))
        #expect(b1.center == Point(x: 25, y: 40) && b1.bounds == Rect(x: 0, y: 0, width: 30, height: 40))
        #expect(live.set(f["B"], \.transform, .rotation(quarterTurns: 1)))
        let s = try Self.commit(live, "frames")
        #expect(Self.hitID(s, 10, 110) == "C" && Self.hitID(s, 30, 110) == "W")

        try Self.expectRejected(
            "setFrame on B (committed transform)", f,
            invalid: { live.setFrame(f["B"], Rect(x: 100, y: 0, width: 50, height: 50)) }, edit: 5, field: "frame",
            view: "B")
        try Self.expectRejected(
            "setFrame on A2 (transform set in the transaction)", f,
            valid: [("scale A2", { live.set(f["A2"], \.transform, .scale(2, 2)) })],
            invalid: { live.setFrame(f["A2"], Rect(x: 0, y: 0, width: 10, height: 10)) }, edit: 6, field: "frame",
            view: "A2")
    }

    @Test func rejectsARedirectToARemovedView() throws {
        let f = try Self.fixture()
        let live = f.live
        // V1 was removed by the prelude's edit 4.
        try Self.expectRejected(
            "removed in the transaction", f, invalid: { live.setRedirect(f["A"], to: f["V1"]) }, edit: 5,
            field: "redirectTarget", view: "A", naming: f["V1"].description)
        #expect(live.remove(f["B1"]))
        try Self.commit(live, "remove B1")
        try Self.expectRejected(
            "removed in an earlier commit", f,
            valid: [("redirect C to A2", { live.setRedirect(f["C"], to: f["A2"]) })],
            invalid: { live.setRedirect(f["C"], to: f["B1"]) }, edit: 6, field: "redirectTarget",
            view: "C", naming: f["B1"].description)
        let ghost = Self.box("ghost", 0, 0, 1, 1)
        let x = Self.box("X", 0, 0, 10, 10)
        x.redirectTarget = ghost
        try Self.expectRejected(
            "an inserted view's redirect to a view of no scene", f, invalid: { live.insert(x, into: f["A"]) != nil },
            edit: 5, field: "redirectTarget", view: "X")
    }

    @Test func rejectsPositionsOutOfRange() throws {
        let f = try Self.fixture()
        let live = f.live
        // A has A1 and A2: positions 0...2.
        try Self.expectRejected(
            "insert at 3 of 2", f,
            invalid: { live.insert(Self.box("X", 0, 0, 5, 5), into: f["A"], at: .index(3)) != nil },
            edit: 5, field: "at", view: "A")
        try Self.expectRejected(
            "insert at -1", f, invalid: { live.insert(Self.box("X", 0, 0, 5, 5), into: f["A"], at: .index(-1)) != nil },
            edit: 5, field: "at", view: "A")
        // Index 2 is the front (valid); afterwards A has 3 subviews and 4 is out of range.
        try Self.expectRejected(
            "insert at 4 of 3", f,
            valid: [("insert at 2", { live.insert(Self.box("X", 0, 0, 5, 5), into: f["A"], at: .index(2)) != nil })],
            invalid: {
                live.createView(ViewAttributes(bounds: .zero, center: .zero), in: f["A"], at: .index(4)) != nil
            },
            edit: 6, field: "at", view: "A")
        // Moving within A counts without the view itself: 0...1.
        try Self.expectRejected(
            "move within at 2 of 1", f, invalid: { live.move(f["A1"], into: f["A"], at: .index(2)) }, edit: 5,
            field: "at", view: "A")
        // Moving into B (one subview): 0...1.
        try Self.expectRejected(
            "move into B at 2", f, invalid: { live.move(f["A1"], into: f["B"], at: .index(2)) }, edit: 5, field: "at",
            view: "B")
        try Self.expectRejected(
            "create in a leaf at 1", f,
            invalid: {
                live.createView(ViewAttributes(bounds: .zero, center: .zero), in: f["C"], at: .index(1)) != nil
            },
            edit: 5, field: "at", view: "C")
    }

    @Test func rejectsASiblingOfAnotherParent() throws {
        let f = try Self.fixture()
        let live = f.live
        try Self.expectRejected(
            "insert into A above B1", f,
            invalid: { live.insert(Self.box("X", 0, 0, 5, 5), into: f["A"], at: .above(f["B1"])) != nil }, edit: 5,
            field: "sibling", view: "B1")
        try Self.expectRejected(
            "move A1 into B below A2", f, invalid: { live.move(f["A1"], into: f["B"], at: .below(f["A2"])) }, edit: 5,
            field: "sibling", view: "A2")
        try Self.expectRejected(
            "move A1 relative to itself", f, invalid: { live.move(f["A1"], into: f["A"], at: .below(f["A1"])) },
            edit: 5, field: "sibling", view: "A1x")
        try Self.expectRejected(
            "insert into W above the window V", f,
            invalid: { live.insert(Self.box("X", 0, 0, 5, 5), into: f["W"], at: .above(f["V"])) != nil }, edit: 5,
            field: "sibling", view: "V")
        try Self.expectRejected(
            "a grandchild is not a sibling", f,
            invalid: {
                live.createView(ViewAttributes(bounds: .zero, center: .zero), in: f["W"], at: .below(f["A2"])) != nil
            },
            edit: 5, field: "sibling", view: "A2")
    }

    @Test func rejectsSetLevelOnANonWindow() throws {
        let f = try Self.fixture()
        let live = f.live
        try Self.expectRejected(
            "level of A", f, invalid: { live.setLevel(f["A"], 5) }, edit: 5, field: "level", view: "A")
        try Self.expectRejected(
            "NaN level", f, invalid: { live.setLevel(f["W"], .nan) }, edit: 5, field: "level", view: "W")
        try Self.expectRejected(
            "infinite level after a valid one", f, valid: [("V to 7", { live.setLevel(f["V"], 7) })],
            invalid: { live.setLevel(f["V"], .infinity) }, edit: 6, field: "level", view: "V")
        try Self.expectRejected(
            "inserted window with an infinite level", f,
            invalid: {
                live.insertWindow(Window(id: "X", frame: Rect(x: 0, y: 0, width: 9, height: 9), level: -.infinity))
                    != nil
            }, edit: 5, field: "level", view: "X")
    }

    @Test func rejectsMovingAWindow() throws {
        let f = try Self.fixture()
        let live = f.live
        try Self.expectRejected(
            "V into W", f, invalid: { live.move(f["V"], into: f["W"]) }, edit: 5, field: "", view: "V")
        try Self.expectRejected(
            "W into V at the back", f, invalid: { live.move(f["W"], into: f["V"], at: .back) }, edit: 5, field: "",
            view: "W")
        try Self.expectRejected(
            "bring V to front", f, invalid: { live.bringToFront(f["V"]) }, edit: 5, field: "", view: "V")
        try Self.expectRejected(
            "send W to back", f, invalid: { live.sendToBack(f["W"]) }, edit: 5, field: "", view: "W")
        try Self.expectRejected(
            "a window inserted as a view", f,
            invalid: {
                live.insert(Window(id: "X", frame: Rect(x: 0, y: 0, width: 9, height: 9)), into: f["A"]) != nil
            },
            edit: 5, field: "", view: "X")
    }

    @Test func rejectsDuplicateIDs() throws {
        let f = try Self.fixture()
        let live = f.live
        try Self.expectRejected(
            "insert B1 again", f, invalid: { live.insert(Self.box("B1", 0, 0, 5, 5), into: f["A"]) != nil }, edit: 5,
            field: "id", view: "B1")
        try Self.expectRejected(
            "insert N, inserted earlier in the transaction", f,
            invalid: { live.insert(Self.box("N", 0, 0, 5, 5), into: f["C"]) != nil }, edit: 5, field: "id", view: "N")
        let subtree = Self.box("X", 0, 0, 10, 10)
        subtree.addSubview(Self.box("X1", 0, 0, 5, 5))
        subtree.subviews[0].addSubview(Self.box("A2", 0, 0, 2, 2))
        try Self.expectRejected(
            "a subtree holding A2", f, invalid: { live.insert(subtree, into: f["C"]) != nil }, edit: 5, field: "id",
            view: "A2")
        let twins = Self.box("X", 0, 0, 10, 10)
        twins.addSubview(Self.box("Y", 0, 0, 5, 5))
        twins.addSubview(Self.box("Y", 5, 5, 5, 5))
        try Self.expectRejected(
            "a subtree with twins", f, invalid: { live.insert(twins, into: f["C"]) != nil }, edit: 5, field: "id",
            view: "Y")
        try Self.expectRejected(
            "createView C", f,
            invalid: { live.createView(ViewAttributes(bounds: .zero, center: .zero), id: "C", in: f["B"]) != nil },
            edit: 5, field: "id", view: "C")
        try Self.expectRejected(
            "insertWindow A", f,
            invalid: { live.insertWindow(Window(id: "A", frame: Rect(x: 0, y: 0, width: 9, height: 9))) != nil },
            edit: 5, field: "id", view: "A")
        // Ids freed in the transaction (A1 renamed, V1 removed) can be taken; a taken one cannot.
        // The edit named A2: the error names it (EditError.view: "the view the edit named").
        try Self.expectRejected(
            "setID A2a to A1x after freeing A1 and V1", f,
            valid: [
                ("A2 takes A1", { live.setID(f["A2"], "A1") }), ("B takes V1", { live.setID(f["B"], "V1") }),
            ], invalid: { live.setID(f["A2a"], "A1x") }, edit: 7, field: "id", view: "A2a")
        try Self.expectRejected(
            "setID C to W", f, invalid: { live.setID(f["C"], "W") }, edit: 5, field: "id", view: "C")
    }

    @Test func rejectsAnInsertedSubtreeWithABadInnerView() throws {
        let f = try Self.fixture()
        let live = f.live
        let x = Self.box("X", 0, 0, 10, 10)
        let x1 = Self.box("X1", 0, 0, 5, 5)
        let x1a = Self.box("X1a", 0, 0, 2, 2)
        x1a.alpha = -1
        x1.addSubview(x1a)
        x.addSubview(Self.box("X0", 0, 0, 5, 5))
        x.addSubview(x1)
        try Self.expectRejected(
            "alpha of X1a", f, invalid: { live.insert(x, into: f["A2"], at: .back) != nil }, edit: 5, field: "alpha",
            view: "X1a")
        x1a.alpha = 1
        x1.transform = AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        try Self.expectRejected(
            "transform of X1", f, invalid: { live.insert(x, into: f["A2"]) != nil }, edit: 5, field: "transform",
            view: "X1")
        let window = Window(id: "Y", frame: Rect(x: 0, y: 0, width: 50, height: 50), level: 3)
        let y1 = Self.box("Y1", 0, 0, 10, 10)
        y1.center = Point(x: .nan, y: 0)
        window.addSubview(Self.box("Y0", 0, 0, 10, 10))
        window.subviews[0].addSubview(y1)
        try Self.expectRejected(
            "center of Y1 in an inserted window", f, invalid: { live.insertWindow(window) != nil }, edit: 5,
            field: "center", view: "Y1")
        // A valid subtree whose inner view redirects to a live view by id goes in.
        let z = Self.box("Z", 0, 0, 10, 10)
        let z1 = Self.box("Z1", 0, 0, 5, 5)
        let stand = Self.box("A1", 0, 0, 1, 1)  // a stand-in with the id of a live view
        z1.redirectTarget = stand
        z.addSubview(z1)
        let zh = try #require(live.insert(z, into: f["C"]))
        Self.expectSound(live, "insert Z")
        let s = try Self.commit(live, "Z")
        #expect(live.redirectTarget(of: try #require(live.handle(forID: "Z1"))) == f["A1"])
        // Z1 at [0, 100, 5, 5] redirects to A1.
        #expect(s.hitTest(Point(x: 2, y: 102)) == Hit(handle: f["A1"], userValue: 0))
        #expect(Self.hitID(s, 7, 107) == "Z" && live.superview(of: zh) == f["C"])
        withExtendedLifetime(stand) {}
    }

    // MARK: - 5. Held snapshots

    /// Random edits of every kind on a generated scene, applied to the live index and to an
    /// object-model mirror; every commit is checked against the reference on the mirror, and the
    /// snapshots held along the way keep the answers of their own time — the first against the
    /// reference on a separately built copy of the original scene.
    @Test(arguments: [UInt64(21), 22, 23, 24])
    func heldSnapshotsKeepAnsweringForTheirScene(seed: UInt64) throws {
        let shape: SceneShape = seed % 2 == 0 ? .random : .ui
        let count = shape == .ui ? 150 : 60
        let original = shape.generate(count: count, seed: seed)
        let mirror = shape.generate(count: count, seed: seed)
        let live = try LiveIndex(shape.generate(count: count, seed: seed))
        var rng = SeededGenerator(seed: seed)
        let points0 = IndexDifferentialTests.probePoints(original, rng: &rng, uniform: 200, edgeViews: 80)
        let want0 = ReferenceHitTester().hitTest(original, at: points0).map { $0?.id }
        let held0 = live.snapshot
        Self.expectAnswers(held0, points0, want0, "seed \(seed): version 1 (control)")
        var held: [(snapshot: IndexSnapshot, points: [Point], want: [String?])] = [(held0, points0, want0)]
        var serial = 0
        var kinds: [String: Int] = [:]

        func handle(_ v: View) -> ViewHandle { live.handle(forID: v.id)! }
        func clearLapsedRedirects() {
            let windows = Set(mirror.windows.map(ObjectIdentifier.init))
            mirror.forEachView { v, _ in
                if let t = v.redirectTarget, !windows.contains(ObjectIdentifier(t.root)) { v.redirectTarget = nil }
            }
        }
        /// One random edit on both; false when the live index refused it.
        func randomEdit() -> (String, Bool) {
            var all: [View] = []
            mirror.forEachView { v, _ in all.append(v) }
            let views = all.filter { !($0 is Window) }
            var kind = rng.int(below: 10)
            if views.isEmpty && [2, 3, 4, 8].contains(kind) { kind = 0 }
            switch kind {
            case 0, 1:
                let parent = rng.pick(all)
                serial += 1
                let size = parent.bounds.size
                let v = Self.box(
                    "n\(serial)", rng.grid(-20, max(0, size.width)), rng.grid(-20, max(0, size.height)),
                    rng.grid(1, 150), rng.grid(1, 150))
                if rng.chance(0.3) {
                    v.addSubview(Self.box("n\(serial).c", rng.grid(-5, 20), rng.grid(-5, 20), 30, 30))
                }
                let i = rng.int(in: 0...parent.subviews.count)
                let ok = live.insert(v, into: handle(parent), at: .index(i)) != nil
                parent.insertSubview(v, at: i)
                return ("insert \(v.id) into \(parent.id) at \(i)", ok)
            case 2:
                let v = rng.pick(views)
                let ok = live.remove(handle(v))
                v.removeFromSuperview()
                clearLapsedRedirects()
                return ("remove \(v.id)", ok)
            case 3, 4:
                let v = rng.pick(views)
                let parent = rng.pick(all.filter { !$0.isDescendant(of: v) })
                let i = rng.int(in: 0...(parent.subviews.count - (v.superview === parent ? 1 : 0)))
                let ok = live.move(handle(v), into: handle(parent), at: .index(i))
                parent.insertSubview(v, at: i)
                return ("move \(v.id) into \(parent.id) at \(i)", ok)
            case 5, 6:
                let v = rng.pick(all)
                var a = v.attributes
                switch rng.int(below: 6) {
                case 0: a.center = Point(x: a.center.x + rng.grid(-40, 40), y: a.center.y + rng.grid(-40, 40))
                case 1: a.isHidden.toggle()
                case 2: a.alpha = rng.pick([0, 0.005, 0.5, 1])
                case 3:
                    a.transform = rng.pick([
                        .identity, .rotation(quarterTurns: 1), .scale(2, 0.5), .scale(0, 0), .translation(7, -3),
                    ])
                case 4: a.bounds.origin = Point(x: rng.grid(-30, 30), y: rng.grid(-30, 60))
                default: a.hitTestsSubviewsOutsideBounds.toggle()
                }
                let ok = live.setAttributes(handle(v), a)
                v.attributes = a
                return ("attributes of \(v.id)", ok)
            case 7:
                let w = rng.pick(mirror.windows)
                let level = rng.pick([-1.0, 0, 0, 1, 1000])
                let ok = live.setLevel(handle(w), level)
                w.windowLevel = level
                return ("level of \(w.id) to \(level)", ok)
            case 8:
                let v = rng.pick(views)
                if rng.chance(0.5) {
                    let ok = live.bringToFront(handle(v))
                    v.superview!.bringSubviewToFront(v)
                    return ("bring \(v.id) to front", ok)
                }
                let ok = live.sendToBack(handle(v))
                v.superview!.sendSubviewToBack(v)
                return ("send \(v.id) to back", ok)
            default:
                if mirror.windows.count > 1 && rng.chance(0.4) {
                    let w = rng.pick(mirror.windows)
                    let ok = live.remove(handle(w))
                    mirror.removeWindow(w)
                    clearLapsedRedirects()
                    return ("remove window \(w.id)", ok)
                }
                serial += 1
                let w = Window(
                    id: "n\(serial)",
                    frame: Rect(
                        x: rng.grid(-50, 300), y: rng.grid(-50, 500), width: rng.grid(10, 300),
                        height: rng.grid(10, 300)),
                    level: rng.pick([-1.0, 0, 1]))
                w.addSubview(Self.box("n\(serial).c", 5, 5, 40, 40))
                let ok = live.insertWindow(w) != nil
                mirror.addWindow(w)
                return ("insert window \(w.id)", ok)
            }
        }

        for c in 1...24 {
            let label = "seed \(seed) commit \(c)"
            for _ in 0..<rng.int(in: 1...8) {
                let (name, ok) = randomEdit()
                kinds[String(name.prefix { $0 != " " }), default: 0] += 1
                guard ok else {
                    Issue.record("\(label): \(name) refused: \(String(describing: live.pendingError))")
                    return
                }
                Self.expectSound(live, "\(label): \(name)")
            }
            let s = try Self.commit(live, label)
            #expect(s.version == UInt64(c + 1), "\(label)")
            let points = IndexDifferentialTests.probePoints(mirror, rng: &rng, uniform: 120, edgeViews: 60)
            let want = ReferenceHitTester().hitTest(mirror, at: points).map { $0?.id }
            Self.expectAnswers(s, points, want, "\(label): current")
            if c % 6 == 0 { held.append((s, points, want)) }
            for (snapshot, points, want) in held {
                Self.expectAnswers(snapshot, points, want, "\(label): held version \(snapshot.version)")
            }
        }
        // The first snapshot, against the original scene once more, built a third time.
        Self.expectAgreement(
            held0, shape.generate(count: count, seed: seed), points0, "seed \(seed): version 1 at the end")
        #expect(kinds.count >= 7, "seed \(seed): edit kinds \(kinds)")
    }

    // MARK: - 6. Windows

    /// Window i has frame (10 i, 10 i, 100, 100) and a subview [10 i, 10 i, 30, 30]; (95, 95) is in
    /// every window and none of the subviews, so it hits the front-most window itself.
    @Test func windowsAreOrderedByLevelThenInsertion() throws {
        func makeWindow(_ id: String, _ i: Int, _ level: Double) -> Window {
            let w = Window(
                id: id, frame: Rect(x: Double(10 * i), y: Double(10 * i), width: 100, height: 100), level: level)
            w.addSubview(Self.box("\(id).s", 0, 0, 30, 30))
            return w
        }
        let live = try LiveIndex(Scene(windows: [makeWindow("W0", 0, 0)]))
        let model = Scene(windows: [makeWindow("W0", 0, 0)])
        let points = stride(from: 2.5, to: 175, by: 5).flatMap { y in
            stride(from: 2.5, to: 175, by: 5).map { Point(x: $0, y: y) }
        }
        var windows: [String: ViewHandle] = ["W0": try #require(live.handle(forID: "W0"))]
        func check(_ label: String, _ order: [String], level: [String: Double]) throws {
            let s = try Self.commit(live, label)
            #expect(live.windows.map { live.id(of: $0) ?? "?" } == order, "\(label)")
            #expect(Self.hitID(s, 95, 95) == order.last, "\(label)")
            for (id, l) in level { #expect(live.level(of: windows[id]!) == l, "\(label): level of \(id)") }
            Self.expectAgreement(s, model, points, label)
        }
        for (id, i, level) in [("Wa", 1, 0.0), ("Wb", 2, 10), ("Wc", 3, 0), ("Wd", 4, -5), ("We", 5, 10)] {
            let made = try #require(live.insertWindow(makeWindow(id, i, level), userValue: UInt64(i)))
            windows[id] = made
            Self.expectSound(live, "insert \(id)")
            model.addWindow(makeWindow(id, i, level))
        }
        #expect(live.level(of: try #require(live.handle(forID: "Wa.s"))) == nil, "a subview has no level")
        try check(
            "inserted", ["Wd", "W0", "Wa", "Wc", "Wb", "We"],
            level: ["W0": 0, "Wa": 0, "Wb": 10, "Wc": 0, "Wd": -5, "We": 10])
        #expect(live.snapshot.hitTest(Point(x: 95, y: 95)) == Hit(handle: windows["We"]!, userValue: 5))

        func setLevel(_ id: String, _ level: Double) {
            #expect(live.setLevel(windows[id]!, level), "setLevel \(id)")
            Self.expectSound(live, "setLevel \(id) \(level)")
            model.windows.first { $0.id == id }!.windowLevel = level
        }
        setLevel("Wa", 20)
        try check("Wa to 20", ["Wd", "W0", "Wc", "Wb", "We", "Wa"], level: ["Wa": 20])
        // Back to 10: behind Wb and We, inserted after it.
        setLevel("Wa", 10)
        try check("Wa to 10", ["Wd", "W0", "Wc", "Wa", "Wb", "We"], level: ["Wa": 10])
        // We to 0: in front of W0 and Wc, inserted before it.
        setLevel("We", 0)
        try check("We to 0", ["Wd", "W0", "Wc", "We", "Wa", "Wb"], level: ["We": 0])
        // The same level again changes nothing.
        setLevel("Wc", 0)
        try check("Wc to 0", ["Wd", "W0", "Wc", "We", "Wa", "Wb"], level: ["Wc": 0])
        // Removing the front window.
        #expect(live.remove(windows["Wb"]!))
        Self.expectSound(live, "remove Wb")
        model.removeWindow(model.windows.first { $0.id == "Wb" }!)
        try check("Wb removed", ["Wd", "W0", "Wc", "We", "Wa"], level: [:])
        #expect(live.level(of: windows["Wb"]!) == nil && !live.contains(windows["Wb"]!))
        #expect(live.handle(forID: "Wb.s") == nil)
        // A new window at 10 goes in front of Wa.
        let wf = try #require(live.insertWindow(makeWindow("Wf", 6, 10)))
        windows["Wf"] = wf
        model.addWindow(makeWindow("Wf", 6, 10))
        try check("Wf inserted", ["Wd", "W0", "Wc", "We", "Wa", "Wf"], level: ["Wf": 10])
        // W0 (inserted first) to -5: behind Wd.
        setLevel("W0", -5)
        try check("W0 to -5", ["W0", "Wd", "Wc", "We", "Wa", "Wf"], level: ["W0": -5])
        setLevel("Wf", -10)
        try check("Wf to -10", ["Wf", "W0", "Wd", "Wc", "We", "Wa"], level: ["Wf": -10])
        // Wd (order 4) to 0: between Wc (3) and We (5).
        setLevel("Wd", 0)
        try check("Wd to 0", ["Wf", "W0", "Wc", "Wd", "We", "Wa"], level: ["Wd": 0])
        // Several changes in one transaction.
        setLevel("Wa", -10)
        setLevel("Wf", 0)
        setLevel("W0", 0)
        try check("three levels", ["Wa", "W0", "Wc", "Wd", "We", "Wf"], level: ["Wa": -10, "Wf": 0, "W0": 0])
        // Removing every window but one, then the last.
        for id in ["Wa", "W0", "Wc", "Wd", "We"] {
            #expect(live.remove(windows[id]!))
            model.removeWindow(model.windows.first { $0.id == id }!)
        }
        Self.expectSound(live, "removed five")
        try check("one left", ["Wf"], level: ["Wf": 0])
        #expect(live.remove(windows["Wf"]!))
        let s = try Self.commit(live, "none left")
        #expect(live.windows.isEmpty && live.viewCount == 0 && s.viewCount == 0)
        #expect(s.hitTest(Point(x: 95, y: 95)) == nil)
    }

    /// Snapshots read a window's level from its extra, which a window at level 0 does not need:
    /// the extra comes and goes with the level (and stays for a transform), -0 is kept bit for
    /// bit, and a held snapshot keeps the level of its version.
    @Test func aWindowsLevelIsPublishedInItsExtraOnlyOffLevelZero() throws {
        let plain = Window(id: "P", frame: Rect(x: 0, y: 0, width: 100, height: 100), level: 0)
        let turned = Window(id: "T", frame: Rect(x: 200, y: 0, width: 100, height: 100), level: 0)
        turned.transform = AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)
        let live = try LiveIndex(Scene(windows: [plain, turned]))
        let p = try #require(live.handle(forID: "P"))
        let t = try #require(live.handle(forID: "T"))
        func extraSlot(_ h: ViewHandle) -> UInt32 { live.store.state.records[h.storeSlot.index].extra }
        #expect(extraSlot(p) == 0, "a window at level 0 with nothing else has no extra")
        #expect(extraSlot(t) != 0, "a transformed window has an extra")
        let atZero = try Self.commit(live, "loaded")

        for (level, label) in [(7.5, "7.5"), (-0.0, "-0"), (-3, "-3")] {
            #expect(live.setLevel(p, level) && live.setLevel(t, level), "\(label)")
            let s = try Self.commit(live, "level \(label)")
            for h in [p, t] {
                let read = try #require(s.level(of: h), "level \(label)")
                #expect(read.bitPattern == level.bitPattern, "level \(label): read \(read)")
            }
            #expect(extraSlot(p) != 0, "level \(label): P needs an extra for it")
        }
        #expect(live.setLevel(p, 0) && live.setLevel(t, 0))
        let back = try Self.commit(live, "back to 0")
        #expect(extraSlot(p) == 0, "P at level 0 again gives its extra back")
        #expect(extraSlot(t) != 0, "T keeps its extra for the transform")
        #expect(back.level(of: p)?.bitPattern == 0 && back.level(of: t)?.bitPattern == 0)
        // The snapshot held since the load still reads level 0 for both.
        #expect(atZero.level(of: p)?.bitPattern == 0 && atZero.level(of: t)?.bitPattern == 0)
    }

    // MARK: - 7. Redirects

    /// W (0, 0, 200, 200): S [0, 0, 100, 100] with S1 [10, 10, 20, 20]; O [100, 100, 50, 50].
    /// V (200, 0, 100, 100), same level, listed later: T [200, 0, 50, 50].
    @Test func redirectsLapseWhenTheTargetIsRemoved() throws {
        let w = Window(id: "W", frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let sView = Self.box("S", 0, 0, 100, 100)
        sView.addSubview(Self.box("S1", 10, 10, 20, 20))
        w.addSubview(sView)
        w.addSubview(Self.box("O", 100, 100, 50, 50))
        let v = Window(id: "V", frame: Rect(x: 200, y: 0, width: 100, height: 100))
        v.addSubview(Self.box("T", 0, 0, 50, 50))
        let live = try LiveIndex(Scene(windows: [w, v]))
        let s = try #require(live.handle(forID: "S"))
        let o = try #require(live.handle(forID: "O"))
        let t = try #require(live.handle(forID: "T"))
        let vh = try #require(live.handle(forID: "V"))
        let s1 = try #require(live.handle(forID: "S1"))
        func expectHits(_ snapshot: IndexSnapshot, _ expected: [(Double, Double, String?)], _ label: String) {
            for (x, y, id) in expected {
                #expect(Self.hitID(snapshot, x, y) == id, "\(label) at (\(x), \(y))")
            }
        }
        #expect(live.setRedirect(s, to: t))
        #expect(live.redirectTarget(of: s) == t)
        Self.expectSound(live, "redirect S to T")
        let r1 = try Self.commit(live, "redirect")
        // S's own area and S1's both answer T; the rest is untouched.
        let redirected: [(Double, Double, String?)] = [
            (50, 50, "T"), (15, 15, "T"), (120, 120, "O"), (150, 20, "W"), (210, 10, "T"), (260, 60, "V"),
            (99.5, 99.5, "T"), (100, 50, "W"), (350, 50, nil),
        ]
        expectHits(r1, redirected, "redirected")
        #expect(r1.hitTest(Point(x: 50, y: 50)) == Hit(handle: t, userValue: 0))

        // A rejected removal of T leaves the redirect.
        #expect(live.remove(t))
        #expect(!live.setLevel(s, 1))
        Self.expectCommitRejected(live, "remove T, then a bad level", edit: 1, field: "level", view: "S")
        #expect(live.redirectTarget(of: s) == t)

        // Moving T keeps the redirect: T under W's O at [100, 100, 50, 50].
        #expect(live.move(t, into: o))
        Self.expectSound(live, "move T")
        let r2 = try Self.commit(live, "T moved")
        expectHits(
            r2, [(50, 50, "T"), (15, 15, "T"), (120, 120, "T"), (149, 149, "T"), (160, 160, "W"), (210, 10, "V")],
            "T moved")
        #expect(live.move(t, into: vh))
        try Self.commit(live, "T back")

        // Removing T: the redirect lapses, S and S1 answer for themselves.
        #expect(live.remove(t))
        Self.expectSound(live, "remove T")
        #expect(live.redirectTarget(of: s) == nil)
        let r3 = try Self.commit(live, "T removed")
        let lapsed: [(Double, Double, String?)] = [
            (50, 50, "S"), (15, 15, "S1"), (120, 120, "O"), (150, 20, "W"), (210, 10, "V"), (99.5, 99.5, "S"),
        ]
        expectHits(r3, lapsed, "lapsed")
        expectHits(r1, redirected, "held while redirected")
        // New views take T's slot; the redirect stays lapsed (new views under V, at [250, 50, 10, 10]).
        var made: [ViewHandle] = []
        for k in 0..<4 {
            made.append(try #require(live.insert(Self.box("n\(k)", 50, 50, 10, 10), into: vh)))
        }
        Self.expectSound(live, "new views")
        #expect(made.contains { $0.slot == t.slot }, "one of \(made) reuses T's slot \(t.slot)")
        #expect(!made.contains(t))
        #expect(live.redirectTarget(of: s) == nil)
        let r4 = try Self.commit(live, "slot reused")
        expectHits(r4, lapsed, "after reuse")
        expectHits(r4, [(255, 55, "n3")], "after reuse")

        // A redirect within the window, and clearing it.
        #expect(live.setRedirect(o, to: s1))
        let r5 = try Self.commit(live, "O to S1")
        expectHits(r5, [(120, 120, "S1"), (15, 15, "S1"), (50, 50, "S")], "O to S1")
        #expect(live.setRedirect(o, to: nil))
        #expect(live.redirectTarget(of: o) == nil)
        let r6 = try Self.commit(live, "cleared")
        expectHits(r6, [(120, 120, "O")], "cleared")
        // Removing the redirecting view itself: the target is unaffected.
        #expect(live.setRedirect(s, to: made[0]))
        #expect(live.remove(s))
        let r7 = try Self.commit(live, "S removed")
        expectHits(r7, [(50, 50, "W"), (15, 15, "W"), (255, 55, "n3")], "S removed")
    }

    // MARK: - 8. Scroll

    /// W1 (0, 0, 400, 400) holds `list` [0, 0, 400, 400] with 1,000 cells: cell k at (40 (k % 10),
    /// 20 (k / 10), 40, 20) in list's bounds space. W2 (500, 0, 200, 200) holds `small`
    /// [500, 0, 200, 200] with s0, s1, s2 at (0, 0), (0, 50), (0, 100), each 50 × 50.
    @Test func scrollMovesTheSubviewsHits() throws {
        func makeScene() -> Scene {
            let w1 = Window(id: "W1", frame: Rect(x: 0, y: 0, width: 400, height: 400))
            let list = Self.box("list", 0, 0, 400, 400)
            for k in 0..<1_000 {
                list.addSubview(Self.box("c\(k)", Double(k % 10) * 40, Double(k / 10) * 20, 40, 20))
            }
            w1.addSubview(list)
            let w2 = Window(id: "W2", frame: Rect(x: 500, y: 0, width: 200, height: 200))
            let small = Self.box("small", 0, 0, 200, 200)
            for k in 0..<3 { small.addSubview(Self.box("s\(k)", 0, Double(k) * 50, 50, 50)) }
            w2.addSubview(small)
            return Scene(windows: [w1, w2])
        }
        let model = makeScene()
        let live = try LiveIndex(makeScene())
        let list = try #require(live.handle(forID: "list"))
        let small = try #require(live.handle(forID: "small"))
        #expect(live.snapshot.store.records[Int(list.slot)].flags.contains(.indexed), "list is indexed")
        #expect(!live.snapshot.store.records[Int(small.slot)].flags.contains(.indexed), "small is not")
        let s0 = live.snapshot
        // What the list shows at screen point p with scroll offset o: the cell under p + o.
        func expectedInList(_ p: Point, _ o: Point) -> String {
            let x = p.x + o.x
            let y = p.y + o.y
            guard x >= 0, x < 400, y >= 0, y < 2_000 else { return "list" }
            return "c\(Int((y / 20).rounded(.down)) * 10 + Int((x / 40).rounded(.down)))"
        }
        var rng = SeededGenerator(seed: 808)
        var listPoints = stride(from: 1.0, to: 400, by: 13).flatMap { y in
            stride(from: 3.0, to: 400, by: 29).map { Point(x: $0, y: y) }
        }
        for _ in 0..<300 { listPoints.append(Point(x: rng.grid(0, 399.5), y: rng.grid(0, 399.5))) }
        let smallPoints = stride(from: 501.0, to: 700, by: 7).flatMap { x in
            stride(from: 1.0, to: 200, by: 7).map { Point(x: x, y: $0) }
        }
        let offsets = [
            Point(x: 0, y: 240), Point(x: 40, y: 240), Point(x: 0, y: 1_900), Point(x: 13.5, y: 977.25),
            Point(x: -100, y: -50), Point(x: 20, y: 10), Point(x: 0, y: 0),
        ]
        for (k, o) in offsets.enumerated() {
            let label = "offset \(o)"
            #expect(live.scroll(list, to: o), "\(label)")
            Self.expectSound(live, "\(label): scroll list")
            let smallOffset = Point(x: o.x / 4, y: o.y / 20)
            #expect(live.scroll(small, to: smallOffset), "\(label)")
            Self.expectSound(live, "\(label): scroll small")
            #expect(live.attributes(of: list)?.bounds == Rect(origin: o, size: Size(width: 400, height: 400)))
            let s = try Self.commit(live, label)
            #expect(s.version == UInt64(k + 2))
            Self.expectAnswers(s, listPoints, listPoints.map { expectedInList($0, o) }, "\(label): list")
            model.view(withID: "list")!.bounds.origin = o
            model.view(withID: "small")!.bounds.origin = smallOffset
            Self.expectAgreement(s, model, listPoints + smallPoints, "\(label): reference")
        }
        // Worked by hand, list: (20, 10) + (0, 240) = (20, 250), row 12, column 0.
        #expect(live.scroll(list, to: Point(x: 0, y: 240)))
        #expect(live.scroll(small, to: Point(x: 0, y: 50)))
        let a = try Self.commit(live, "hand-worked 1")
        #expect(Self.hitID(a, 20, 10) == "c120" && Self.hitID(a, 60, 10) == "c121" && Self.hitID(a, 399, 399) == "c319")
        // small: (510, 10) → (10, 60) in small: s1; (510, 60) → (10, 110): s2; (510, 110) → (10, 160): small.
        #expect(Self.hitID(a, 510, 10) == "s1" && Self.hitID(a, 510, 60) == "s2" && Self.hitID(a, 510, 110) == "small")
        #expect(Self.hitID(a, 560, 10) == "small")
        #expect(live.scroll(list, to: Point(x: 0, y: 1_900)))
        #expect(live.scroll(small, to: Point(x: 25, y: -50)))
        let b = try Self.commit(live, "hand-worked 2")
        // (20, 10) → (20, 1910): row 95, c950; (20, 150) → (20, 2050): past the cells, list itself.
        #expect(Self.hitID(b, 20, 10) == "c950" && Self.hitID(b, 20, 150) == "list" && Self.hitID(b, 390, 99) == "c999")
        // small: (510, 10) → (35, -40): small; (510, 60) → (35, 10): s0; (530, 60) → (55, 10): small.
        #expect(
            Self.hitID(b, 510, 10) == "small" && Self.hitID(b, 510, 60) == "s0" && Self.hitID(b, 530, 60) == "small")
        // The first snapshot still sees no scroll: (20, 10) is c0, (510, 60) is s1.
        #expect(Self.hitID(s0, 20, 10) == "c0" && Self.hitID(s0, 510, 60) == "s1" && Self.hitID(s0, 399, 399) == "c199")
        // Scrolling a container whose cells also move: the offset and the cell's frame add up.
        let cell = try #require(live.handle(forID: "c955"))
        #expect(live.setFrame(cell, Rect(x: 0, y: 1_910, width: 40, height: 20)))
        let c = try Self.commit(live, "c955 moved")
        // (20, 15) → (20, 1915): c955 is now in front of c950 there (it was added later).
        #expect(Self.hitID(c, 20, 15) == "c955" && Self.hitID(c, 220, 15) == "list")
    }

    // MARK: - 9. Positions

    /// P (the window's only subview, [0, 0, 200, 200]) starts with a, b, c; every subview
    /// covers [0, 0, 50, 50], so (25, 25) hits the front-most. The expected order is kept with
    /// plain array operations.
    @Test func siblingPositionsForInsertAndMove() throws {
        let w = Window(id: "W", frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let p = Self.box("P", 0, 0, 200, 200)
        for id in ["a", "b", "c"] { p.addSubview(Self.box(id, 0, 0, 50, 50)) }
        let q = Self.box("Q", 200, 200, 100, 100)
        q.addSubview(Self.box("q", 0, 0, 50, 50))
        w.addSubview(p)
        w.addSubview(q)
        let live = try LiveIndex(Scene(windows: [w]))
        let ph = try #require(live.handle(forID: "P"))
        var order = ["a", "b", "c"]
        var qInQ = true  // q leaves Q once, for P; Q is then hit at (210, 210) itself
        func h(_ id: String) -> ViewHandle { live.handle(forID: id)! }
        enum Spot {
            case front
            case back
            case index(Int)
            case above(String)
            case below(String)
        }
        func position(_ spot: Spot) -> SiblingPosition {
            switch spot {
            case .front: .front
            case .back: .back
            case .index(let k): .index(k)
            case .above(let s): .above(h(s))
            case .below(let s): .below(h(s))
            }
        }
        func place(_ id: String, _ spot: Spot) {
            order.removeAll { $0 == id }
            let i: Int
            switch spot {
            case .front: i = order.count
            case .back: i = 0
            case .index(let k): i = k
            case .above(let s): i = order.firstIndex(of: s)! + 1
            case .below(let s): i = order.firstIndex(of: s)!
            }
            order.insert(id, at: i)
        }
        func check(_ label: String) throws {
            Self.expectSound(live, label)
            #expect(live.subviews(of: ph).map { live.id(of: $0) ?? "?" } == order, "\(label)")
            let s = try Self.commit(live, label)
            #expect(Self.hitID(s, 25, 25) == order.last, "\(label)")
            #expect(s.hitTest(Point(x: 25, y: 25))?.handle == h(order.last!), "\(label)")
            #expect(Self.hitID(s, 100, 100) == "P" && Self.hitID(s, 210, 210) == (qInQ ? "q" : "Q"), "\(label)")
        }
        func insert(_ id: String, _ spot: Spot) throws {
            #expect(live.insert(Self.box(id, 0, 0, 50, 50), into: ph, at: position(spot)) != nil, "insert \(id)")
            place(id, spot)
            try check("insert \(id) at \(spot)")
        }
        func create(_ id: String, _ spot: Spot) throws {
            let a = ViewAttributes(bounds: Rect(x: 0, y: 0, width: 50, height: 50), center: Point(x: 25, y: 25))
            #expect(live.createView(a, id: id, in: ph, at: position(spot)) != nil, "create \(id)")
            place(id, spot)
            try check("create \(id) at \(spot)")
        }
        func move(_ id: String, _ spot: Spot) throws {
            #expect(live.move(h(id), into: ph, at: position(spot)), "move \(id)")
            place(id, spot)
            try check("move \(id) to \(spot)")
        }
        try check("start")
        try insert("d", .back)
        try insert("e", .index(2))
        try insert("f", .above("a"))
        try create("g", .below("c"))
        try insert("h", .front)
        try create("i", .index(6))  // nine subviews: P is indexed from here on
        #expect(live.snapshot.store.records[Int(ph.slot)].flags.contains(.indexed))
        try move("a", .front)
        try move("h", .index(0))
        try move("c", .above("h"))
        try move("b", .below("d"))
        try move("a", .below("h"))
        try move("i", .above("e"))
        try move("d", .index(order.count - 1))  // the front, counted without d
        try move("d", .index(0))
        qInQ = false
        try move("q", .above("b"))  // from Q
        try move("e", .above("q"))
        try move("g", .back)
        // bringToFront and sendToBack, also when already there.
        #expect(live.bringToFront(h("b")))
        place("b", .front)
        try check("bring b to front")
        #expect(live.bringToFront(h("b")))
        try check("bring b to front again")
        #expect(live.sendToBack(h("c")))
        place("c", .back)
        try check("send c to back")
        #expect(live.sendToBack(h("c")))
        try check("send c to back again")
        // Several in one transaction.
        #expect(live.bringToFront(h("a")))
        place("a", .front)
        #expect(live.move(h("f"), into: ph, at: .below(h("a"))))
        place("f", .below("a"))
        #expect(live.insert(Self.box("j", 0, 0, 50, 50), into: ph, at: .above(h("c"))) != nil)
        place("j", .above("c"))
        try check("three at once")
        // Removals down to two subviews (P stops being indexed), then positions again.
        for id in order.dropLast(2) {
            #expect(live.remove(h(id)))
            order.removeAll { $0 == id }
        }
        try check("down to two")
        #expect(!live.snapshot.store.records[Int(ph.slot)].flags.contains(.indexed))
        try insert("k", .below(order[1]))
        try move(order[0], .above(order[2]))
        try insert("l", .index(1))
        try move("l", .front)
        #expect(live.sendToBack(h("l")))
        place("l", .back)
        try check("l to back")
    }
}
