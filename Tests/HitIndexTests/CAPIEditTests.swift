import CHitIndex
import Foundation
import HitIndex
import HitIndexC
import HitIndexReference
import HitIndexSceneFormat
import Testing

extension hi_view {
    /// The handle as a Swift handle, to compare (C structs are not `Equatable`).
    var handle: ViewHandle { ViewHandle(slot: slot, generation: generation) }
}

/// The C API's writer (transactions, edits, every setter) and its debugging queries (batches,
/// all views under a point, explain, predicates, scene export). Each edit made through C is made
/// on a Swift twin too; the C world's answers must equal the reference engine's on the twin's
/// scene, and every world is checked (`hi_world_check`) after every commit.
@Suite struct CAPIEditTests {
    typealias W = OpaquePointer

    static func lastError() -> String { String(cString: hi_last_error()) }

    /// A C world and its Swift twin, both loaded from the seed scene (so handles agree).
    static func worlds() throws -> (W, LiveIndex) {
        var world: OpaquePointer?
        #expect(hi_world_load_scene(CAPITests.seedScene, &world) == HI_OK, "\(lastError())")
        let twin = try LiveIndex(views: SceneReader.readDefinitions(contentsOfFile: CAPITests.seedScene))
        return (try #require(world), twin)
    }

    static func handle(_ world: W, _ id: String) -> hi_view {
        var view = hi_view()
        var found = false
        #expect(hi_world_view_for_id(world, id, &view, &found) == HI_OK && found, "\(id)")
        return view
    }

    /// Points across the seed scene, edges and a little outside included.
    static let points: [Point] = {
        var points: [Point] = []
        for x in stride(from: -20.0, through: 400, by: 9.5) {
            for y in stride(from: -20.0, through: 690, by: 13) { points.append(Point(x: x, y: y)) }
        }
        return points + [Point(x: 155, y: 97), Point(x: 355, y: 297), Point(x: 8, y: 17)]
    }()

    /// The C world's answers (ids, or "#slot.generation" for a view without one) at `points`.
    static func answers(_ world: W, _ points: [Point] = points) -> [String?] {
        var snapshot: OpaquePointer?
        #expect(hi_world_acquire_snapshot(world, &snapshot) == HI_OK)
        defer { hi_snapshot_release(snapshot) }
        return points.map { p in
            var hit = hi_hit()
            var found = false
            #expect(hi_snapshot_hit_test(snapshot, p.x, p.y, &hit, &found) == HI_OK)
            guard found else { return nil }
            let id = CAPITests.id(snapshot!, hit.view) ?? "stale"
            return id.isEmpty ? "\(ViewHandle(slot: hit.view.slot, generation: hit.view.generation))" : id
        }
    }

    /// The reference engine's answers on the twin's current state.
    static func reference(_ twin: LiveIndex, _ points: [Point] = points) -> [String?] {
        ReferenceHitTester().hitTest(twin.makeScene(), at: points).map { $0?.id }
    }

    static func check(_ world: W, _ context: String) {
        #expect(hi_world_check(world) == HI_OK, "\(context): \(lastError())")
    }

    // MARK: - Every setter against the twin and the reference

    typealias Edit = (c: @Sendable (W, hi_view) -> hi_status, swift: @Sendable (LiveIndex, ViewHandle) -> Bool)

    static let rotation = AffineTransform(a: cos(0.5), b: sin(0.5), c: -sin(0.5), d: cos(0.5), tx: 3, ty: -7)

    /// One edit per setter, on the view named by the key's prefix.
    static let edits: [String: Edit] = [
        "SubView3 bounds": (
            { hi_world_set_bounds($0, $1, hi_rect(x: 10, y: 20, width: 150, height: 120)) },
            { $0.set($1, \.bounds, Rect(x: 10, y: 20, width: 150, height: 120)) }
        ),
        "SubView3 center": (
            { hi_world_set_center($0, $1, hi_point(x: 100.5, y: 300.25)) },
            { $0.set($1, \.center, Point(x: 100.5, y: 300.25)) }
        ),
        "SubView3 anchor point": (
            { hi_world_set_anchor_point($0, $1, hi_point(x: 0, y: 1)) },
            { $0.set($1, \.anchorPoint, Point(x: 0, y: 1)) }
        ),
        "SubView3 transform": (
            {
                let t = rotation
                return hi_world_set_transform($0, $1, hi_transform(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty))
            },
            { $0.set($1, \.transform, rotation) }
        ),
        "SubView3 hidden": ({ hi_world_set_hidden($0, $1, true) }, { $0.set($1, \.isHidden, true) }),
        "SubView3 alpha": ({ hi_world_set_alpha($0, $1, 0.005) }, { $0.set($1, \.alpha, 0.005) }),
        "SubView1 interaction": (
            { hi_world_set_user_interaction_enabled($0, $1, false) }, { $0.set($1, \.isUserInteractionEnabled, false) }
        ),
        "SubView3 insets": (
            { hi_world_set_hit_test_insets($0, $1, hi_insets(top: -10, left: -20, bottom: 5, right: -30)) },
            { $0.set($1, \.hitTestInsets, EdgeInsets(top: -10, left: -20, bottom: 5, right: -30)) }
        ),
        "SubView2Sub1 minimum size": (
            { hi_world_set_minimum_hit_size($0, $1, 180, 90) },
            { $0.set($1, \.minimumHitSize, Size(width: 180, height: 90)) }
        ),
        "SubView3 ellipse": ({ hi_world_set_shape($0, $1, HI_SHAPE_ELLIPSE, 0) }, { $0.set($1, \.hitShape, .ellipse) }),
        "SubView3 rounded": (
            { hi_world_set_shape($0, $1, HI_SHAPE_ROUNDED_RECT, 60) },
            { $0.set($1, \.hitShape, .roundedRect(radius: 60)) }
        ),
        "SubView1Sub1 outside bounds": (
            {
                hi_world_set_bounds($0, $1, hi_rect(x: 0, y: 0, width: 5, height: 5)) == HI_OK
                    ? hi_world_set_hit_tests_subviews_outside_bounds($0, $1, true) : HI_ERROR_INVALID
            },
            {
                $0.set($1, \.bounds, Rect(x: 0, y: 0, width: 5, height: 5))
                    && $0.set($1, \.hitTestsSubviewsOutsideBounds, true)
            }
        ),
        "SubView1 pass-through": ({ hi_world_set_pass_through($0, $1, true) }, { $0.set($1, \.isPassThrough, true) }),
        "SubView3 frame": (
            { hi_world_set_frame($0, $1, hi_rect(x: 0, y: 400, width: 90, height: 40)) },
            { $0.setFrame($1, Rect(x: 0, y: 400, width: 90, height: 40)) }
        ),
        "SubView1 scroll": ({ hi_world_scroll($0, $1, 12, 30) }, { $0.scroll($1, to: Point(x: 12, y: 30)) }),
        "SubView3 all attributes": (
            { world, view in
                var d = hi_default_view_def()
                d.bounds = hi_rect(x: 5, y: 5, width: 80, height: 300)
                d.center = hi_point(x: 60, y: 500)
                d.shape = HI_SHAPE_ELLIPSE
                d.user_value = 5
                return hi_world_set_attributes(world, view, &d)
            },
            { live, view in
                var a = ViewAttributes(bounds: Rect(x: 5, y: 5, width: 80, height: 300), center: Point(x: 60, y: 500))
                a.hitShape = .ellipse
                return live.setAttributes(view, a) && live.setUserValue(view, 5)
            }
        ),
        "SubView3 redirect": (
            { hi_world_set_redirect($0, $1, handle($0, "SubView1Sub1Sub1")) },
            { $0.setRedirect($1, to: $0.handle(forID: "SubView1Sub1Sub1")) }
        ),
        "SubView1 move to front": (
            {
                hi_world_move_view(
                    $0, $1, handle($0, "TopView"), hi_position(place: HI_FRONT, index: 0, sibling: hi_view()))
            },
            { $0.bringToFront($1) }
        ),
        "SubView2 move into SubView3 below nothing": (
            {
                hi_world_move_view(
                    $0, $1, handle($0, "SubView3"), hi_position(place: HI_AT_INDEX, index: 0, sibling: hi_view()))
            },
            { $0.move($1, into: $0.handle(forID: "SubView3")!, at: .index(0)) }
        ),
        "SubView1 move above SubView3": (
            {
                hi_world_move_view(
                    $0, $1, handle($0, "TopView"),
                    hi_position(place: HI_ABOVE, index: 0, sibling: handle($0, "SubView3")))
            },
            { $0.move($1, into: $0.handle(forID: "TopView")!, at: .above($0.handle(forID: "SubView3")!)) }
        ),
        "SubView3 move below SubView2": (
            {
                hi_world_move_view(
                    $0, $1, handle($0, "TopView"),
                    hi_position(place: HI_BELOW, index: 0, sibling: handle($0, "SubView2")))
            },
            { $0.move($1, into: $0.handle(forID: "TopView")!, at: .below($0.handle(forID: "SubView2")!)) }
        ),
        "SubView1 remove": ({ hi_world_remove_view($0, $1) }, { $0.remove($1) }),
        "SubView3 id": ({ hi_world_set_id($0, $1, "Renamed") }, { $0.setID($1, "Renamed") }),
        "TopView level": ({ hi_world_set_window_level($0, $1, 3) }, { $0.setLevel($1, 3) }),
    ]

    @Test(arguments: edits.keys.sorted())
    func eachEditThroughCAnswersAsTheReferenceOnTheTwin(_ name: String) throws {
        let (world, twin) = try Self.worlds()
        defer { hi_world_destroy(world) }
        let edit = try #require(Self.edits[name])
        let id = String(name.prefix { $0 != " " })
        let view = Self.handle(world, id)
        let before = Self.answers(world)
        #expect(hi_world_begin(world) == HI_OK)
        #expect(edit.c(world, view) == HI_OK, "\(name): \(Self.lastError())")
        var published: OpaquePointer?
        #expect(hi_world_commit(world, &published) == HI_OK, "\(name): \(Self.lastError())")
        var version: UInt64 = 0
        #expect(hi_snapshot_version(published, &version) == HI_OK && version == 2)
        hi_snapshot_release(published)
        Self.check(world, name)
        #expect(edit.swift(twin, try #require(twin.handle(forID: id))), "\(name)")
        try twin.commit()
        let want = Self.reference(twin)
        #expect(Self.answers(world) == want, "\(name)")
        // Each edit changes some answer, so the comparison above could fail.
        #expect(want != before || name.hasSuffix("id") || name.hasSuffix("level"), "\(name) changes no answer")
        // What was set reads back as the twin holds it.
        if let handle = twin.handle(forID: id == "SubView3" && name.hasSuffix("id") ? "Renamed" : id),
            let a = twin.attributes(of: handle)
        {
            var d = hi_view_def()
            #expect(hi_world_get_attributes(world, view, &d) == HI_OK)
            let t = a.transform
            #expect(d.bounds.x == a.bounds.origin.x && d.bounds.width == a.bounds.size.width, "\(name)")
            #expect(d.center.x == a.center.x && d.center.y == a.center.y, "\(name)")
            #expect(d.transform.a == t.a && d.transform.b == t.b && d.transform.tx == t.tx, "\(name)")
            #expect(d.hidden == a.isHidden && d.alpha == a.alpha && d.pass_through == a.isPassThrough, "\(name)")
            #expect(d.minimum_hit_width == a.minimumHitSize.width && d.hit_test_insets.left == a.hitTestInsets.left)
            #expect(d.user_value == twin.userValue(of: handle), "\(name)")
            #expect(d.window_level == (twin.level(of: handle) ?? 0), "\(name)")
        }
    }

    @Test func createdViewsAndWindowsAnswerAsTheReference() throws {
        let (world, twin) = try Self.worlds()
        defer { hi_world_destroy(world) }
        var def = hi_default_view_def()
        def.bounds = hi_rect(x: 0, y: 0, width: 120, height: 60)
        def.center = hi_point(x: 200, y: 230)
        def.user_value = 42
        var made = hi_view()
        #expect(hi_world_begin(world) == HI_OK)
        let status = "Made".withCString { id in
            def.id = id
            return hi_world_create_view(
                world, Self.handle(world, "TopView"),
                hi_position(place: HI_BELOW, index: 0, sibling: Self.handle(world, "SubView3")), &def, &made)
        }
        #expect(status == HI_OK, "\(Self.lastError())")
        var window = hi_default_view_def()
        window.bounds = hi_rect(x: 0, y: 0, width: 100, height: 100)
        window.center = hi_point(x: 50, y: 600)
        window.window_level = 1
        var overlay = hi_view()
        let windowStatus = "Overlay".withCString { id in
            window.id = id
            return hi_world_create_window(world, &window, &overlay)
        }
        #expect(windowStatus == HI_OK, "\(Self.lastError())")
        #expect(hi_world_commit(world, nil) == HI_OK)
        Self.check(world, "created")

        var a = ViewAttributes(bounds: Rect(x: 0, y: 0, width: 120, height: 60), center: Point(x: 200, y: 230))
        let top = try #require(twin.handle(forID: "TopView"))
        let madeTwin = twin.createView(
            a, id: "Made", in: top, at: .below(try #require(twin.handle(forID: "SubView3"))), userValue: 42)
        a = ViewAttributes(bounds: Rect(x: 0, y: 0, width: 100, height: 100), center: Point(x: 50, y: 600))
        let overlayTwin = twin.createWindow(a, level: 1, id: "Overlay")
        try twin.commit()
        #expect(madeTwin == made.handle)
        #expect(overlayTwin == overlay.handle)
        #expect(Self.answers(world) == Self.reference(twin))
        #expect(Self.answers(world, [Point(x: 150, y: 230), Point(x: 20, y: 580)]) == ["Made", "Overlay"])
        var snapshot: OpaquePointer?
        #expect(hi_world_acquire_snapshot(world, &snapshot) == HI_OK)
        defer { hi_snapshot_release(snapshot) }
        var value: UInt64 = 0
        #expect(hi_snapshot_user_value(snapshot, made, &value) == HI_OK && value == 42)
    }

    // MARK: - Transactions and refusals

    @Test func transactionsAreExplicit() throws {
        let (world, _) = try Self.worlds()
        defer { hi_world_destroy(world) }
        let view = Self.handle(world, "SubView3")
        #expect(hi_world_set_hidden(world, view, true) == HI_ERROR_TRANSACTION)
        #expect(Self.lastError() == "hi_world_set_hidden: no transaction is open (call hi_world_begin first)")
        #expect(hi_world_commit(world, nil) == HI_ERROR_TRANSACTION)
        #expect(hi_world_begin(world) == HI_OK)
        #expect(hi_world_begin(world) == HI_ERROR_TRANSACTION)
        #expect(hi_world_set_hidden(world, view, true) == HI_OK)
        // Discarding undoes the edit and closes the transaction; nothing was published.
        #expect(hi_world_discard(world) == HI_OK)
        #expect(hi_world_discard(world) == HI_OK)
        var snapshot: OpaquePointer?
        #expect(hi_world_acquire_snapshot(world, &snapshot) == HI_OK)
        var version: UInt64 = 0
        #expect(hi_snapshot_version(snapshot, &version) == HI_OK && version == 1)
        hi_snapshot_release(snapshot)
        var d = hi_view_def()
        #expect(hi_world_get_attributes(world, view, &d) == HI_OK && !d.hidden)
        // A commit without edits publishes nothing new.
        #expect(hi_world_begin(world) == HI_OK)
        var published: OpaquePointer?
        #expect(hi_world_commit(world, &published) == HI_OK)
        #expect(hi_snapshot_version(published, &version) == HI_OK && version == 1)
        hi_snapshot_release(published)
        #expect(hi_world_begin(world) == HI_OK)
        #expect(hi_world_compact(world) == HI_OK)
        #expect(hi_world_commit(world, nil) == HI_OK)
        Self.check(world, "compacted")
    }

    /// Bad edits: each returns its status, rejects the transaction (later edits are refused,
    /// the commit undoes the good edit before it), and leaves the world consistent and as it was.
    static let badEdits: [String: (status: hi_status, message: String, edit: @Sendable (W) -> hi_status)] = [
        "stale view": (
            HI_ERROR_STALE, "no live view has this handle",
            { hi_world_set_hidden($0, hi_view(slot: 3, generation: 99, world: CAPITests.tag($0)), true) }
        ),
        "a live view's handle of another world": (
            HI_ERROR_STALE, "#3.1 of world",
            { w in
                var other: OpaquePointer?
                _ = hi_world_load_scene(CAPITests.seedScene, &other)
                defer { hi_world_destroy(other) }
                // Slot 3, generation 1 is a live view in both worlds: only the tag tells them apart.
                return hi_world_set_hidden(w, hi_view(slot: 3, generation: 1, world: CAPITests.tag(other!)), true)
            }
        ),
        "zero parent": (
            HI_ERROR_STALE, "the zero handle names no view",
            { w in
                var d = hi_default_view_def()
                return hi_world_create_view(w, hi_view(), hi_position(), &d, nil)
            }
        ),
        "NaN center": (
            HI_ERROR_INVALID, "center", { hi_world_set_center($0, handle($0, "SubView3"), hi_point(x: .nan, y: 0)) }
        ),
        "infinite scroll": (
            HI_ERROR_INVALID, "bounds", { hi_world_scroll($0, handle($0, "SubView1"), .infinity, 0) }
        ),
        "negative alpha": (HI_ERROR_INVALID, "alpha", { hi_world_set_alpha($0, handle($0, "SubView3"), -1) }),
        "unknown shape": (
            HI_ERROR_INVALID, "hi_world_set_shape: edit 1: view \"SubView3\": shape: expected 0, 1 or 2, got 7",
            { hi_world_set_shape($0, handle($0, "SubView3"), hi_shape(rawValue: 7), 0) }
        ),
        "cycle": (
            HI_ERROR_INVALID, "is the view itself or one of its subviews",
            {
                hi_world_move_view(
                    $0, handle($0, "SubView1"), handle($0, "SubView1Sub1Sub1"),
                    hi_position(place: HI_FRONT, index: 0, sibling: hi_view()))
            }
        ),
        "moved window": (
            HI_ERROR_INVALID, "a window is not moved",
            {
                hi_world_move_view(
                    $0, handle($0, "TopView"), handle($0, "SubView1"),
                    hi_position(place: HI_BACK, index: 0, sibling: hi_view()))
            }
        ),
        "position out of range": (
            HI_ERROR_INVALID, "expected a position from 0 to 3, got 9",
            {
                hi_world_move_view(
                    $0, handle($0, "SubView3"), handle($0, "TopView"),
                    hi_position(place: HI_AT_INDEX, index: 9, sibling: hi_view()))
            }
        ),
        "unknown place": (
            HI_ERROR_INVALID, "place: expected 0 to 4, got 12",
            {
                hi_world_move_view(
                    $0, handle($0, "SubView3"), handle($0, "TopView"),
                    hi_position(place: hi_place(rawValue: 12), index: 0, sibling: hi_view()))
            }
        ),
        "stale sibling": (
            HI_ERROR_STALE, "no live view has this handle",
            {
                hi_world_move_view(
                    $0, handle($0, "SubView3"), handle($0, "TopView"),
                    hi_position(
                        place: HI_ABOVE, index: 0, sibling: hi_view(slot: 2, generation: 5, world: CAPITests.tag($0))))
            }
        ),
        "stale view with an unknown shape": (
            HI_ERROR_STALE, "no live view has this handle",
            {
                hi_world_set_shape(
                    $0, hi_view(slot: 3, generation: 99, world: CAPITests.tag($0)), hi_shape(rawValue: 7), 0)
            }
        ),
        "stale parent with an unknown place": (
            HI_ERROR_STALE, "hi_world_create_view: edit 1: #1.9 names no live view of this world",
            { w in
                var d = hi_default_view_def()
                return hi_world_create_view(
                    w, hi_view(slot: 1, generation: 9, world: CAPITests.tag(w)),
                    hi_position(place: hi_place(rawValue: 9), index: 0, sibling: hi_view()),
                    &d, nil)
            }
        ),
        "duplicate id": (HI_ERROR_INVALID, "duplicate id", { hi_world_set_id($0, handle($0, "SubView3"), "SubView1") }),
        "id not UTF-8": (
            HI_ERROR_INVALID, "id: not UTF-8",
            { w in
                let bytes: [CChar] = [CChar(bitPattern: 0xff), CChar(bitPattern: 0xfe), 0]
                return hi_world_set_id(w, handle(w, "SubView3"), bytes)
            }
        ),
        "level of a view": (
            HI_ERROR_INVALID, "not a window", { hi_world_set_window_level($0, handle($0, "SubView3"), 1) }
        ),
        "NaN level": (
            HI_ERROR_INVALID, "expected a finite number", { hi_world_set_window_level($0, handle($0, "TopView"), .nan) }
        ),
        "frame on a transformed view": (
            HI_ERROR_INVALID, "not allowed together with a non-identity transform",
            { w in
                let v = handle(w, "SubView3")
                _ = hi_world_set_transform(w, v, hi_transform(a: 2, b: 0, c: 0, d: 2, tx: 0, ty: 0))
                return hi_world_set_frame(w, v, hi_rect(x: 0, y: 0, width: 10, height: 10))
            }
        ),
        "stale redirect target": (
            HI_ERROR_STALE, "view \"SubView3\": redirectTarget: #4.77 names no live view",
            {
                hi_world_set_redirect(
                    $0, handle($0, "SubView3"), hi_view(slot: 4, generation: 77, world: CAPITests.tag($0)))
            }
        ),
        "NaN frame": (
            HI_ERROR_INVALID, "view \"SubView3\": frame: expected 4 finite numbers",
            { hi_world_set_frame($0, handle($0, "SubView3"), hi_rect(x: .nan, y: 0, width: 10, height: 10)) }
        ),
        "infinite minimum size": (
            HI_ERROR_INVALID, "minimumHitSize",
            { hi_world_set_minimum_hit_size($0, handle($0, "SubView3"), .infinity, 5) }
        ),
        "negative corner radius": (
            HI_ERROR_INVALID, "expected a finite roundedRect radius >= 0, got -2.0",
            { hi_world_set_shape($0, handle($0, "SubView3"), HI_SHAPE_ROUNDED_RECT, -2) }
        ),
        "NaN insets": (
            HI_ERROR_INVALID, "hitTestInsets",
            {
                hi_world_set_hit_test_insets(
                    $0, handle($0, "SubView3"), hi_insets(top: .nan, left: 0, bottom: 0, right: 0))
            }
        ),
    ]

    @Test(arguments: badEdits.keys.sorted())
    func aBadEditRejectsTheTransactionAndChangesNothing(_ name: String) throws {
        let bad = try #require(Self.badEdits[name])
        let (world, _) = try Self.worlds()
        defer { hi_world_destroy(world) }
        let before = Self.answers(world)
        #expect(hi_world_begin(world) == HI_OK)
        // A good edit first, which the rejection must undo.
        #expect(hi_world_set_hidden(world, Self.handle(world, "SubView3"), true) == HI_OK)
        #expect(bad.edit(world) == bad.status, "\(name): \(Self.lastError())")
        #expect(Self.lastError().contains(bad.message), "\(name): \(Self.lastError())")
        Self.check(world, name)
        #expect(hi_world_set_pass_through(world, Self.handle(world, "SubView1"), true) == HI_ERROR_REJECTED, "\(name)")
        #expect(Self.lastError().contains("already rejected"), "\(name): \(Self.lastError())")
        var published: OpaquePointer? = OpaquePointer(bitPattern: 0x10)
        #expect(hi_world_commit(world, &published) == HI_ERROR_REJECTED, "\(name)")
        #expect(Self.lastError().contains("rejected") && Self.lastError().contains(bad.message), "\(Self.lastError())")
        #expect(published == OpaquePointer(bitPattern: 0x10))
        Self.check(world, name)
        #expect(Self.answers(world) == before, "\(name)")
        var d = hi_view_def()
        #expect(hi_world_get_attributes(world, Self.handle(world, "SubView3"), &d) == HI_OK && !d.hidden)
        // The world takes transactions again.
        #expect(hi_world_begin(world) == HI_OK)
        #expect(hi_world_set_hidden(world, Self.handle(world, "SubView3"), true) == HI_OK)
        #expect(hi_world_commit(world, nil) == HI_OK)
        #expect(Self.answers(world) != before)
    }

    @Test func removedViewsHandlesGoStaleEverywhere() throws {
        let (world, _) = try Self.worlds()
        defer { hi_world_destroy(world) }
        let gone = Self.handle(world, "SubView1Sub1")
        var old: OpaquePointer?
        #expect(hi_world_acquire_snapshot(world, &old) == HI_OK)
        defer { hi_snapshot_release(old) }
        #expect(hi_world_begin(world) == HI_OK)
        #expect(hi_world_remove_view(world, gone) == HI_OK)
        #expect(hi_world_commit(world, nil) == HI_OK)
        var now: OpaquePointer?
        #expect(hi_world_acquire_snapshot(world, &now) == HI_OK)
        defer { hi_snapshot_release(now) }
        var contains = true
        #expect(hi_world_contains(world, gone, &contains) == HI_OK && !contains)
        #expect(hi_snapshot_contains(now, gone, &contains) == HI_OK && !contains)
        #expect(hi_snapshot_contains(old, gone, &contains) == HI_OK && contains)
        var value: UInt64 = 9
        #expect(hi_snapshot_user_value(now, gone, &value) == HI_ERROR_STALE && value == 9)
        // A view created in the freed slot gets a new generation: the old handle stays stale.
        #expect(hi_world_begin(world) == HI_OK)
        var d = hi_default_view_def()
        var made = hi_view()
        #expect(hi_world_create_view(world, Self.handle(world, "TopView"), hi_position(), &d, &made) == HI_OK)
        #expect(hi_world_commit(world, nil) == HI_OK)
        #expect(made.slot != gone.slot || made.generation != gone.generation)
        #expect(hi_world_contains(world, gone, &contains) == HI_OK && !contains)
        var found = true
        var view = hi_view(slot: 1, generation: 1, world: 1)
        #expect(hi_world_view_for_id(world, "SubView1Sub1", &view, &found) == HI_OK && !found)
        #expect(view.handle == hi_view().handle)
        #expect(hi_world_begin(world) == HI_OK)
        #expect(hi_world_remove_view(world, gone) == HI_ERROR_STALE)
        #expect(hi_world_discard(world) == HI_OK)
        d.id = nil
        Self.check(world, "removed")
    }

    @Test func everyNewFunctionRefusesNullWithItsName() throws {
        let (world, _) = try Self.worlds()
        defer { hi_world_destroy(world) }
        var snapshot: OpaquePointer?
        #expect(hi_world_acquire_snapshot(world, &snapshot) == HI_OK)
        defer { hi_snapshot_release(snapshot) }
        let v = Self.handle(world, "SubView3")
        var d = hi_default_view_def()
        var p = hi_point()
        var hit = hi_hit()
        var flag = false
        var u64: UInt64 = 0
        var count = 0
        let calls: [(String, () -> hi_status)] = [
            ("hi_world_begin: world is NULL", { hi_world_begin(nil) }),
            ("hi_world_commit: world is NULL", { hi_world_commit(nil, nil) }),
            ("hi_world_discard: world is NULL", { hi_world_discard(nil) }),
            ("hi_world_compact: world is NULL", { hi_world_compact(nil) }),
            ("hi_world_create_view: world is NULL", { hi_world_create_view(nil, v, hi_position(), &d, nil) }),
            ("hi_world_create_view: def is NULL", { hi_world_create_view(world, v, hi_position(), nil, nil) }),
            ("hi_world_create_window: def is NULL", { hi_world_create_window(world, nil, nil) }),
            ("hi_world_remove_view: world is NULL", { hi_world_remove_view(nil, v) }),
            ("hi_world_move_view: world is NULL", { hi_world_move_view(nil, v, v, hi_position()) }),
            ("hi_world_scroll: world is NULL", { hi_world_scroll(nil, v, 0, 0) }),
            ("hi_world_set_attributes: def is NULL", { hi_world_set_attributes(world, v, nil) }),
            ("hi_world_set_frame: world is NULL", { hi_world_set_frame(nil, v, hi_rect()) }),
            ("hi_world_set_bounds: world is NULL", { hi_world_set_bounds(nil, v, hi_rect()) }),
            ("hi_world_set_center: world is NULL", { hi_world_set_center(nil, v, p) }),
            ("hi_world_set_anchor_point: world is NULL", { hi_world_set_anchor_point(nil, v, p) }),
            ("hi_world_set_transform: world is NULL", { hi_world_set_transform(nil, v, hi_transform()) }),
            ("hi_world_set_hidden: world is NULL", { hi_world_set_hidden(nil, v, true) }),
            ("hi_world_set_alpha: world is NULL", { hi_world_set_alpha(nil, v, 1) }),
            (
                "hi_world_set_user_interaction_enabled: world is NULL",
                { hi_world_set_user_interaction_enabled(nil, v, true) }
            ),
            ("hi_world_set_hit_test_insets: world is NULL", { hi_world_set_hit_test_insets(nil, v, hi_insets()) }),
            ("hi_world_set_minimum_hit_size: world is NULL", { hi_world_set_minimum_hit_size(nil, v, 1, 1) }),
            ("hi_world_set_shape: world is NULL", { hi_world_set_shape(nil, v, HI_SHAPE_RECT, 0) }),
            (
                "hi_world_set_hit_tests_subviews_outside_bounds: world is NULL",
                { hi_world_set_hit_tests_subviews_outside_bounds(nil, v, true) }
            ),
            ("hi_world_set_pass_through: world is NULL", { hi_world_set_pass_through(nil, v, true) }),
            ("hi_world_set_user_value: world is NULL", { hi_world_set_user_value(nil, v, 1) }),
            ("hi_world_set_id: world is NULL", { hi_world_set_id(nil, v, "x") }),
            ("hi_world_set_window_level: world is NULL", { hi_world_set_window_level(nil, v, 1) }),
            ("hi_world_set_redirect: world is NULL", { hi_world_set_redirect(nil, v, v) }),
            ("hi_world_set_predicate: world is NULL", { hi_world_set_predicate(nil, v, nil, nil, nil) }),
            ("hi_world_contains: world is NULL", { hi_world_contains(nil, v, &flag) }),
            ("hi_world_contains: out_contains is NULL", { hi_world_contains(world, v, nil) }),
            ("hi_world_view_for_id: id is NULL", { hi_world_view_for_id(world, nil, &hit.view, &flag) }),
            ("hi_world_view_for_id: out_found is NULL", { hi_world_view_for_id(world, "x", &hit.view, nil) }),
            ("hi_world_get_attributes: out_def is NULL", { hi_world_get_attributes(world, v, nil) }),
            ("hi_world_write_scene: path is NULL", { hi_world_write_scene(world, nil) }),
            ("hi_world_check: world is NULL", { hi_world_check(nil) }),
            ("hi_snapshot_version: snapshot is NULL", { hi_snapshot_version(nil, &u64) }),
            ("hi_snapshot_view_count: out_count is NULL", { hi_snapshot_view_count(snapshot, nil) }),
            ("hi_snapshot_contains: snapshot is NULL", { hi_snapshot_contains(nil, v, &flag) }),
            ("hi_snapshot_user_value: out_value is NULL", { hi_snapshot_user_value(snapshot, v, nil) }),
            (
                "hi_snapshot_hit_test_batch: points is NULL",
                { hi_snapshot_hit_test_batch(snapshot, nil, 1, &hit, &flag, 1) }
            ),
            (
                "hi_snapshot_hit_test_batch: out_found is NULL",
                { hi_snapshot_hit_test_batch(snapshot, &p, 1, &hit, nil, 1) }
            ),
            ("hi_snapshot_hit_test_all: visit is NULL", { hi_snapshot_hit_test_all(snapshot, 0, 0, nil, nil) }),
            ("hi_snapshot_explain: snapshot is NULL", { hi_snapshot_explain(nil, 0, 0, 1, nil, nil) }),
            ("hi_snapshot_explain: visit is NULL", { hi_snapshot_explain(snapshot, 0, 0, 1, nil, nil) }),
        ]
        for (message, call) in calls {
            #expect(call() == HI_ERROR_NULL, "\(message)")
            #expect(Self.lastError() == message)
        }
        #expect(hi_world_set_hidden(nil, v, true) == HI_ERROR_NULL)
        #expect(Self.lastError() == "hi_world_set_hidden: world is NULL")
        #expect(hi_world_get_attributes(world, v, nil) == HI_ERROR_NULL)
        #expect(Self.lastError() == "hi_world_get_attributes: out_def is NULL")
        #expect(hi_snapshot_view_count(snapshot, &count) == HI_OK && count == 8)
        // A batch of no points needs no buffers.
        #expect(hi_snapshot_hit_test_batch(snapshot, nil, 0, nil, nil, 4) == HI_OK)
        p.x = 0
        u64 = 0
    }

    // MARK: - Queries

    @Test(arguments: [0, 1, 2, 8] as [UInt32])
    func batchesAnswerAsSingleQueries(_ threads: UInt32) throws {
        let (world, twin) = try Self.worlds()
        defer { hi_world_destroy(world) }
        var snapshot: OpaquePointer?
        #expect(hi_world_acquire_snapshot(world, &snapshot) == HI_OK)
        defer { hi_snapshot_release(snapshot) }
        var points = Self.points.map { hi_point(x: $0.x, y: $0.y) }
        points += [hi_point(x: .nan, y: 3), hi_point(x: -.infinity, y: .infinity)]
        var hits = [hi_hit](
            repeating: hi_hit(view: hi_view(slot: 7, generation: 7, world: 7), user_value: 7), count: points.count)
        var found = [Bool](repeating: true, count: points.count)
        #expect(hi_snapshot_hit_test_batch(snapshot, points, points.count, &hits, &found, threads) == HI_OK)
        let want = ReferenceHitTester().hitTest(twin.makeScene(), at: points.map { Point(x: $0.x, y: $0.y) })
        for k in points.indices {
            let got = found[k] ? CAPITests.id(snapshot!, hits[k].view) : nil
            #expect(got == want[k]?.id, "threads \(threads), point \(points[k])")
            if !found[k] { #expect(hits[k].view.handle == hi_view().handle && hits[k].user_value == 0) }
        }
    }

    final class Collected: @unchecked Sendable {
        var hits: [hi_hit] = []
        var items: [hi_explain_item] = []
        var stopAfter = Int.max
    }

    @Test func allViewsUnderAPointComeFrontToBackAndStopWhenAsked() throws {
        let (world, twin) = try Self.worlds()
        defer { hi_world_destroy(world) }
        var snapshot: OpaquePointer?
        #expect(hi_world_acquire_snapshot(world, &snapshot) == HI_OK)
        defer { hi_snapshot_release(snapshot) }
        let scene = twin.makeScene()
        let index = try HitTestIndex(scene)
        let visit: hi_hit_visitor = { context, hit in
            let c = Unmanaged<Collected>.fromOpaque(context!).takeUnretainedValue()
            c.hits.append(hit)
            return c.hits.count < c.stopAfter
        }
        var checked = 0
        for p in Self.points {
            let c = Collected()
            #expect(
                hi_snapshot_hit_test_all(snapshot, p.x, p.y, visit, Unmanaged.passUnretained(c).toOpaque()) == HI_OK)
            let want = index.hitTestAll(p).map { index.id(of: $0) }
            #expect(c.hits.map { CAPITests.id(snapshot!, $0.view) } == want, "\(p)")
            // The first is the hit test's answer, as the reference gives it.
            #expect(want.first == ReferenceHitTester().hitTest(scene, at: p)?.id, "\(p)")
            if want.count > 1 {
                checked += 1
                let first = Collected()
                first.stopAfter = 1
                #expect(
                    hi_snapshot_hit_test_all(snapshot, p.x, p.y, visit, Unmanaged.passUnretained(first).toOpaque())
                        == HI_OK)
                #expect(first.hits.count == 1)
            }
        }
        #expect(checked > 10)
    }

    @Test func explainItemsMatchTheIndexExplanation() throws {
        let (world, twin) = try Self.worlds()
        defer { hi_world_destroy(world) }
        // A hidden view in front and a pass-through one, so rejections are listed.
        #expect(hi_world_begin(world) == HI_OK)
        #expect(hi_world_set_hidden(world, Self.handle(world, "SubView3"), true) == HI_OK)
        #expect(hi_world_set_pass_through(world, Self.handle(world, "SubView2Sub1"), true) == HI_OK)
        #expect(hi_world_commit(world, nil) == HI_OK)
        twin.set(try #require(twin.handle(forID: "SubView3")), \.isHidden, true)
        twin.set(try #require(twin.handle(forID: "SubView2Sub1")), \.isPassThrough, true)
        try twin.commit()
        var snapshot: OpaquePointer?
        #expect(hi_world_acquire_snapshot(world, &snapshot) == HI_OK)
        defer { hi_snapshot_release(snapshot) }
        let scene = twin.makeScene()
        let index = try HitTestIndex(scene)
        let visit: hi_explain_visitor = { context, item in
            Unmanaged<Collected>.fromOpaque(context!).takeUnretainedValue().items.append(item!.pointee)
            return true
        }
        func name(_ v: hi_view) -> String? { v.handle == hi_view().handle ? nil : CAPITests.id(snapshot!, v) }
        var rejections = 0
        for p in [Point(x: 200, y: 150), Point(x: 30, y: 250), Point(x: 10, y: 10), Point(x: -5, y: 3)] {
            let c = Collected()
            #expect(hi_snapshot_explain(snapshot, p.x, p.y, 5, visit, Unmanaged.passUnretained(c).toOpaque()) == HI_OK)
            let e = index.explain(p, limit: 5).mapViews { index.id(of: $0) }
            #expect(c.items.first?.kind == HI_EXPLAIN_RESULT)
            #expect(name(c.items[0].view) == e.result, "\(p)")
            #expect(e.result == ReferenceHitTester().hitTest(scene, at: p)?.id, "\(p)")
            #expect(
                c.items.filter { $0.kind == HI_EXPLAIN_WINNER }.map { name($0.view) } == (e.winner.map { [$0] } ?? []))
            let steps = c.items.filter { $0.kind == HI_EXPLAIN_STEP }
            #expect(steps.map { name($0.view) } == e.path.map(\.view), "\(p)")
            #expect(steps.map { Point(x: $0.point.x, y: $0.point.y) } == e.path.map(\.point), "\(p)")
            #expect(steps.map(\.inside) == e.path.map(\.inside))
            let rejected = c.items.filter { $0.kind == HI_EXPLAIN_REJECTED }
            #expect(rejected.map { name($0.view) } == e.rejected.map(\.view), "\(p)")
            for (item, (_, reason)) in zip(rejected, e.rejected) {
                rejections += 1
                switch reason {
                case .hidden: #expect(item.rejection == HI_REJECTION_HIDDEN)
                case .passThrough: #expect(item.rejection == HI_REJECTION_PASS_THROUGH)
                case .ineligibleAncestor(let a):
                    #expect(item.rejection == HI_REJECTION_INELIGIBLE_ANCESTOR && name(item.ancestor) == a)
                case .outsideAncestor(let a):
                    #expect(item.rejection == HI_REJECTION_OUTSIDE_ANCESTOR && name(item.ancestor) == a)
                case .transparent: #expect(item.rejection == HI_REJECTION_TRANSPARENT)
                case .interactionDisabled: #expect(item.rejection == HI_REJECTION_INTERACTION_DISABLED)
                }
            }
        }
        #expect(rejections >= 2)
    }

    // MARK: - Predicates

    final class Releases: @unchecked Sendable {
        let count = AtomicWord(0)
    }

    @Test func predicatesNarrowTheHitAreaAndTheirContextIsReleasedOnce() throws {
        let releases = Releases()
        let context = Unmanaged.passRetained(releases).toOpaque()
        let release: hi_release = { context in
            Unmanaged<Releases>.fromOpaque(context!).takeUnretainedValue().count.add(1)
        }
        // The left half of the view's bounds only.
        let predicate: hi_predicate = { _, _, x, _ in x < 100 }
        let (world, twin) = try Self.worlds()
        let view = Self.handle(world, "SubView3")
        #expect(hi_world_begin(world) == HI_OK)
        #expect(hi_world_set_predicate(world, view, predicate, context, release) == HI_OK)
        var published: OpaquePointer?
        #expect(hi_world_commit(world, &published) == HI_OK)
        Self.check(world, "predicate")
        twin.setPredicate(try #require(twin.handle(forID: "SubView3"))) { $0.x < 100 }
        try twin.commit()
        #expect(Self.answers(world) == Self.reference(twin))
        #expect(Self.answers(world, [Point(x: 200, y: 150), Point(x: 300, y: 150)]) == ["SubView3", "SubView1"])
        // Cleared in a later version; the published snapshot still calls it, so no release yet.
        #expect(hi_world_begin(world) == HI_OK)
        #expect(hi_world_set_predicate(world, view, nil, nil, nil) == HI_OK)
        #expect(hi_world_commit(world, nil) == HI_OK)
        #expect(Self.answers(world, [Point(x: 300, y: 150)]) == ["SubView3"])
        #expect(releases.count.load() == 0)
        hi_world_destroy(world)
        #expect(releases.count.load() == 0)
        hi_snapshot_release(published)
        #expect(releases.count.load() == 1)
        Unmanaged<Releases>.fromOpaque(context).release()
    }

    @Test func aRefusedOrRejectedPredicateIsReleasedToo() throws {
        let releases = Releases()
        let context = Unmanaged.passUnretained(releases).toOpaque()
        let release: hi_release = { context in
            Unmanaged<Releases>.fromOpaque(context!).takeUnretainedValue().count.add(1)
        }
        let predicate: hi_predicate = { _, _, _, _ in true }
        let (world, _) = try Self.worlds()
        defer { hi_world_destroy(world) }
        #expect(
            hi_world_set_predicate(world, Self.handle(world, "SubView3"), predicate, context, release)
                == HI_ERROR_TRANSACTION)
        #expect(releases.count.load() == 1)
        #expect(hi_world_begin(world) == HI_OK)
        #expect(
            hi_world_set_predicate(
                world, hi_view(slot: 2, generation: 40, world: CAPITests.tag(world)), predicate, context, release)
                == HI_ERROR_STALE)
        #expect(releases.count.load() == 2)
        #expect(hi_world_discard(world) == HI_OK)
        #expect(hi_world_begin(world) == HI_OK)
        #expect(hi_world_set_predicate(world, Self.handle(world, "SubView3"), predicate, context, release) == HI_OK)
        #expect(hi_world_set_alpha(world, Self.handle(world, "SubView3"), .nan) == HI_ERROR_INVALID)
        #expect(hi_world_commit(world, nil) == HI_ERROR_REJECTED)
        #expect(releases.count.load() == 3)
        #expect(
            hi_world_set_predicate(world, Self.handle(world, "SubView3"), nil, context, release) == HI_ERROR_TRANSACTION
        )
        #expect(releases.count.load() == 4)
    }

    // MARK: - Scene export

    @Test func aWrittenSceneReadsBackWithTheSameAnswers() throws {
        let (world, twin) = try Self.worlds()
        defer { hi_world_destroy(world) }
        #expect(hi_world_begin(world) == HI_OK)
        #expect(hi_world_scroll(world, Self.handle(world, "SubView1"), 4, 9) == HI_OK)
        var d = hi_default_view_def()
        d.bounds = hi_rect(x: 0, y: 0, width: 50, height: 50)
        d.center = hi_point(x: 100, y: 100)
        #expect(hi_world_create_view(world, Self.handle(world, "TopView"), hi_position(), &d, nil) == HI_OK)
        #expect(hi_world_commit(world, nil) == HI_OK)
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let path = dir.appendingPathComponent("world.json").path
        #expect(hi_world_write_scene(world, path) == HI_OK, "\(Self.lastError())")
        let scene = try SceneReader.read(contentsOfFile: path)
        let want = ReferenceHitTester().hitTest(scene, at: Self.points).map { $0?.id }
        #expect(Self.answers(world) == want)
        #expect(want != Self.reference(twin))
        #expect(hi_world_write_scene(world, "/nonexistent-dir/x.json") == HI_ERROR_SCENE)
        #expect(Self.lastError().hasPrefix("hi_world_write_scene: /nonexistent-dir/x.json: "), "\(Self.lastError())")
    }
}

extension CAPIEditTests {
    /// size_t values above INT64_MAX arrive negative in Swift: refused or read as unbounded,
    /// never a crash.
    @Test func hugeSizesAreRefusedOrUnbounded() throws {
        var world: OpaquePointer?
        var d = hi_default_view_def()
        #expect(hi_world_create(&d, Int(bitPattern: UInt.max), &world) == HI_ERROR_INVALID && world == nil)
        #expect(Self.lastError() == "hi_world_create: count: \(UInt.max) is above 2147483646 views")
        #expect(hi_world_create(&d, 1 << 31, &world) == HI_ERROR_INVALID && world == nil)
        let (w, _) = try Self.worlds()
        defer { hi_world_destroy(w) }
        var loaded = hi_view()
        #expect(hi_world_loaded_view(w, 2_147_483_646, &loaded) == HI_ERROR_STALE)
        #expect(hi_world_loaded_view(w, 2_147_483_645, &loaded) == HI_ERROR_STALE, "no such load in this world")
        var snapshot: OpaquePointer?
        #expect(hi_world_acquire_snapshot(w, &snapshot) == HI_OK)
        defer { hi_snapshot_release(snapshot) }
        var p = hi_point(x: 1, y: 1)
        var hit = hi_hit()
        var found = false
        #expect(hi_snapshot_hit_test_batch(snapshot, &p, -1, &hit, &found, 1) == HI_ERROR_INVALID)
        // SIZE_MAX as the explain limit lists every rejected view.
        #expect(hi_world_begin(w) == HI_OK)
        #expect(hi_world_set_hidden(w, Self.handle(w, "SubView3"), true) == HI_OK)
        #expect(hi_world_commit(w, nil) == HI_OK)
        var now: OpaquePointer?
        #expect(hi_world_acquire_snapshot(w, &now) == HI_OK)
        defer { hi_snapshot_release(now) }
        let c = Collected()
        let visit: hi_explain_visitor = { context, item in
            Unmanaged<Collected>.fromOpaque(context!).takeUnretainedValue().items.append(item!.pointee)
            return true
        }
        #expect(
            hi_snapshot_explain(now, 200, 150, Int(bitPattern: UInt.max), visit, Unmanaged.passUnretained(c).toOpaque())
                == HI_OK)
        #expect(c.items.contains { $0.kind == HI_EXPLAIN_REJECTED && $0.rejection == HI_REJECTION_HIDDEN })
        // A capacity of SIZE_MAX copies the whole id.
        var buffer = [CChar](repeating: 1, count: 16)
        var length = 0
        #expect(
            hi_snapshot_view_id(now, Self.handle(w, "SubView3"), &buffer, Int(bitPattern: UInt.max), &length) == HI_OK)
        #expect(
            length == 8 && CAPITests.id(now!, Self.handle(w, "SubView3")) == "SubView3" && buffer[8] == 0
                && buffer[7] == CChar(UInt8(ascii: "3")))
    }
}

extension CAPIEditTests {
    /// A Swift host and C code on one index: C's transactions never swallow or undo the host's
    /// uncommitted edits.
    @Test func aBridgedWorldKeepsTheSwiftHostsEditsApart() throws {
        let (_, twin) = try Self.worlds()
        let world = CWorldBridge.world(retaining: twin)
        defer { hi_world_destroy(world) }
        let view = try #require(twin.handle(forID: "SubView3"))
        twin.set(view, \.isHidden, true)
        #expect(hi_world_begin(world) == HI_ERROR_TRANSACTION)
        #expect(Self.lastError() == "hi_world_begin: the index has uncommitted edits made from Swift")
        // Not C's to undo.
        #expect(hi_world_discard(world) == HI_OK)
        #expect(twin.hasPendingEdits)
        try twin.commit()
        #expect(hi_world_begin(world) == HI_OK)
        #expect(
            hi_world_set_hidden(
                world, hi_view(slot: view.slot, generation: view.generation, world: CAPITests.tag(world)), false)
                == HI_OK)
        #expect(hi_world_commit(world, nil) == HI_OK)
        #expect(twin.attributes(of: view)?.isHidden == false)
        #expect(twin.snapshot.version == 3)
    }
}
