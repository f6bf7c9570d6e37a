import CHitIndex
import Foundation
import HitIndex
import HitIndexC
import HitIndexFixtures
import HitIndexSceneFormat
import Testing

/// ABI 2 of the C API: handles that know their world (refused by every function of another
/// world), reading the tree back from a world and from snapshots, removals that report what
/// died, the world's version, and the three defects an outside client found, reproduced
/// through C.
@Suite struct CAPITreeTests {
    typealias W = OpaquePointer

    static func lastError() -> String { String(cString: hi_last_error()) }

    static func snapshot(_ world: W) throws -> OpaquePointer {
        var s: OpaquePointer?
        #expect(hi_world_acquire_snapshot(world, &s) == HI_OK)
        return try #require(s)
    }

    /// Lists through a caller's buffer: measured first with capacity 0, then filled; a buffer
    /// one short is filled as far as it goes with the same count.
    static func list(_ call: (UnsafeMutablePointer<hi_view>?, Int, UnsafeMutablePointer<Int>) -> hi_status)
        -> [hi_view]
    {
        var count = -1
        #expect(call(nil, 0, &count) == HI_OK, "\(lastError())")
        var buffer = [hi_view](repeating: hi_view(slot: 7, generation: 7, world: 7), count: count + 1)
        var again = -1
        #expect(call(&buffer, count, &again) == HI_OK && again == count)
        #expect(buffer[count].slot == 7, "nothing written beyond the capacity")
        if count > 0 {
            var short = [hi_view](repeating: hi_view(), count: count - 1)
            var measured = -1
            #expect(call(&short, count - 1, &measured) == HI_OK && measured == count)
            #expect(short.map(\.handle) == buffer.prefix(count - 1).map(\.handle))
        }
        return Array(buffer.prefix(count))
    }

    /// Every tree read through C, from the world and from its snapshot, equals the Swift index's
    /// (the C world shares it through CWorldBridge), on random scenes; every handle C returns
    /// carries the world's tag.
    @Test func treeReadsAnswerAsTheSwiftIndex() throws {
        for seed: UInt64 in 1...5 {
            let live = try LiveIndex(SceneShape.random.generate(count: 50 + Int(seed) * 20, seed: seed))
            let world = CWorldBridge.world(retaining: live)
            defer { hi_world_destroy(world) }
            let s = try Self.snapshot(world)
            defer { hi_snapshot_release(s) }
            let label = "random seed \(seed)"
            for (name, windows) in [
                ("world", Self.list { hi_world_windows(world, $0, $1, $2) }),
                ("snapshot", Self.list { hi_snapshot_windows(s, $0, $1, $2) }),
            ] {
                // Front to back in C; Swift lists them back to front.
                #expect(windows.map(\.handle) == live.windows.reversed(), "\(label): \(name)")
            }
            let tag = CAPITests.tag(world)
            var pending = live.windows
            while let h = pending.popLast() {
                pending += live.subviews(of: h)
                let v = hi_view(slot: h.slot, generation: h.generation, world: tag)
                var parent = hi_view(slot: 9, generation: 9, world: 9)
                #expect(hi_world_parent(world, v, &parent) == HI_OK)
                #expect((parent.isZero ? nil : parent.handle) == live.superview(of: h), "\(label): \(h)")
                #expect(parent.isZero || parent.world == tag)
                var parent2 = hi_view()
                #expect(hi_snapshot_parent(s, v, &parent2) == HI_OK && parent2.handle == parent.handle)
                let subviews = Self.list { hi_world_subviews(world, v, $0, $1, $2) }
                #expect(subviews.map(\.handle) == live.subviews(of: h), "\(label): \(h)")
                #expect(subviews.allSatisfy { $0.world == tag })
                #expect(Self.list { hi_snapshot_subviews(s, v, $0, $1, $2) }.map(\.handle) == live.subviews(of: h))
                var isWindow = !live.isWindow(h)
                var isWindow2 = isWindow
                #expect(hi_world_is_window(world, v, &isWindow) == HI_OK && isWindow == live.isWindow(h))
                #expect(hi_snapshot_is_window(s, v, &isWindow2) == HI_OK && isWindow2 == live.isWindow(h))
                var level = Double.nan
                var level2 = Double.nan
                if let want = live.level(of: h) {
                    #expect(hi_world_window_level(world, v, &level) == HI_OK && level == want)
                    #expect(hi_snapshot_window_level(s, v, &level2) == HI_OK && level2 == want)
                } else {
                    #expect(hi_world_window_level(world, v, &level) == HI_ERROR_INVALID && level.isNaN)
                    #expect(Self.lastError().hasSuffix("is not a window"))
                    #expect(hi_snapshot_window_level(s, v, &level2) == HI_ERROR_INVALID)
                }
                var target = hi_view(slot: 9, generation: 9, world: 9)
                var target2 = target
                #expect(hi_world_redirect_target(world, v, &target) == HI_OK)
                #expect((target.isZero ? nil : target.handle) == live.redirectTarget(of: h), "\(label): \(h)")
                #expect(hi_snapshot_redirect_target(s, v, &target2) == HI_OK && target2.handle == target.handle)
                var def = hi_view_def()
                #expect(hi_world_get_attributes(world, v, &def) == HI_OK)
                #expect(def.superview.handle == parent.handle && def.redirect.handle == target.handle)
                var length = 0
                #expect(hi_world_view_id(world, v, nil, 0, &length) == HI_OK)
                #expect(length == (live.id(of: h) ?? "").utf8.count)
            }
        }
    }

    /// A handle of another world is refused by every function that takes one: reads with
    /// HI_ERROR_STALE (contains with false), edits with HI_ERROR_STALE that rejects the
    /// transaction. The two worlds load the same file, so the foreign handle's slot and
    /// generation name a live view here too: only the tag tells them apart.
    @Test func aHandleOfAnotherWorldIsRefusedByEveryFunction() throws {
        let (world, _) = try CAPIEditTests.worlds()
        let (other, _) = try CAPIEditTests.worlds()
        defer {
            hi_world_destroy(world)
            hi_world_destroy(other)
        }
        let s = try Self.snapshot(world)
        defer { hi_snapshot_release(s) }
        let mine = CAPIEditTests.handle(world, "SubView3")
        let foreign = CAPIEditTests.handle(other, "SubView3")
        let top = CAPIEditTests.handle(world, "TopView")
        #expect(mine.slot == foreign.slot && mine.generation == foreign.generation && mine.world != foreign.world)
        var contains = true
        #expect(hi_world_contains(world, foreign, &contains) == HI_OK && !contains)
        contains = true
        #expect(hi_snapshot_contains(s, foreign, &contains) == HI_OK && !contains)
        var view = hi_view()
        var value: UInt64 = 0
        var flag = false
        var level = 0.0
        var count = 0
        var def = hi_default_view_def()
        let reads: [(String, () -> hi_status)] = [
            ("hi_snapshot_view_id", { hi_snapshot_view_id(s, foreign, nil, 0, &count) }),
            ("hi_snapshot_user_value", { hi_snapshot_user_value(s, foreign, &value) }),
            ("hi_snapshot_parent", { hi_snapshot_parent(s, foreign, &view) }),
            ("hi_snapshot_subviews", { hi_snapshot_subviews(s, foreign, nil, 0, &count) }),
            ("hi_snapshot_is_window", { hi_snapshot_is_window(s, foreign, &flag) }),
            ("hi_snapshot_window_level", { hi_snapshot_window_level(s, foreign, &level) }),
            ("hi_snapshot_redirect_target", { hi_snapshot_redirect_target(s, foreign, &view) }),
            ("hi_world_get_attributes", { hi_world_get_attributes(world, foreign, &def) }),
            ("hi_world_parent", { hi_world_parent(world, foreign, &view) }),
            ("hi_world_subviews", { hi_world_subviews(world, foreign, nil, 0, &count) }),
            ("hi_world_is_window", { hi_world_is_window(world, foreign, &flag) }),
            ("hi_world_window_level", { hi_world_window_level(world, foreign, &level) }),
            ("hi_world_redirect_target", { hi_world_redirect_target(world, foreign, &view) }),
            ("hi_world_view_id", { hi_world_view_id(world, foreign, nil, 0, &count) }),
        ]
        for (name, call) in reads {
            #expect(call() == HI_ERROR_STALE, "\(name)")
            #expect(
                Self.lastError().hasPrefix("\(name): #\(foreign.slot).\(foreign.generation) of world \(foreign.world)")
                    && Self.lastError().contains("another world"), "\(name): \(Self.lastError())")
        }
        let front = hi_position(place: HI_FRONT, index: 0, sibling: hi_view())
        let above = hi_position(place: HI_ABOVE, index: 0, sibling: foreign)
        let predicate: hi_predicate = { _, _, _, _ in true }
        let edits: [(String, (W) -> hi_status)] = [
            ("hi_world_create_view", { hi_world_create_view($0, foreign, front, &def, nil) }),
            ("hi_world_create_view", { hi_world_create_view($0, top, above, &def, nil) }),
            ("hi_world_remove_view", { hi_world_remove_view($0, foreign) }),
            ("hi_world_remove_view_reporting", { hi_world_remove_view_reporting($0, foreign, nil, nil) }),
            ("hi_world_move_view", { hi_world_move_view($0, foreign, top, front) }),
            ("hi_world_move_view", { hi_world_move_view($0, mine, foreign, front) }),
            ("hi_world_move_view", { hi_world_move_view($0, mine, top, above) }),
            ("hi_world_scroll", { hi_world_scroll($0, foreign, 1, 1) }),
            ("hi_world_set_attributes", { hi_world_set_attributes($0, foreign, &def) }),
            ("hi_world_set_frame", { hi_world_set_frame($0, foreign, hi_rect(x: 0, y: 0, width: 1, height: 1)) }),
            ("hi_world_set_bounds", { hi_world_set_bounds($0, foreign, hi_rect(x: 0, y: 0, width: 1, height: 1)) }),
            ("hi_world_set_center", { hi_world_set_center($0, foreign, hi_point(x: 1, y: 1)) }),
            ("hi_world_set_anchor_point", { hi_world_set_anchor_point($0, foreign, hi_point(x: 0, y: 0)) }),
            (
                "hi_world_set_transform",
                { hi_world_set_transform($0, foreign, hi_transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)) }
            ),
            ("hi_world_set_hidden", { hi_world_set_hidden($0, foreign, true) }),
            ("hi_world_set_alpha", { hi_world_set_alpha($0, foreign, 0.5) }),
            ("hi_world_set_user_interaction_enabled", { hi_world_set_user_interaction_enabled($0, foreign, false) }),
            ("hi_world_set_hit_test_insets", { hi_world_set_hit_test_insets($0, foreign, hi_insets()) }),
            ("hi_world_set_minimum_hit_size", { hi_world_set_minimum_hit_size($0, foreign, 44, 44) }),
            ("hi_world_set_shape", { hi_world_set_shape($0, foreign, HI_SHAPE_ELLIPSE, 0) }),
            (
                "hi_world_set_hit_tests_subviews_outside_bounds",
                { hi_world_set_hit_tests_subviews_outside_bounds($0, foreign, true) }
            ),
            ("hi_world_set_pass_through", { hi_world_set_pass_through($0, foreign, true) }),
            ("hi_world_set_user_value", { hi_world_set_user_value($0, foreign, 5) }),
            ("hi_world_set_id", { hi_world_set_id($0, foreign, "x") }),
            ("hi_world_set_window_level", { hi_world_set_window_level($0, foreign, 1) }),
            ("hi_world_set_redirect", { hi_world_set_redirect($0, foreign, mine) }),
            ("hi_world_set_redirect", { hi_world_set_redirect($0, mine, foreign) }),
            ("hi_world_set_predicate", { hi_world_set_predicate($0, foreign, predicate, nil, nil) }),
        ]
        let before = CAPIEditTests.answers(world)
        for (name, call) in edits {
            #expect(hi_world_begin(world) == HI_OK)
            #expect(call(world) == HI_ERROR_STALE, "\(name): \(Self.lastError())")
            #expect(
                Self.lastError().hasPrefix("\(name): edit 0: ") && Self.lastError().contains("another world"),
                "\(name): \(Self.lastError())")
            #expect(hi_world_set_hidden(world, mine, true) == HI_ERROR_REJECTED, "\(name): the transaction is rejected")
            #expect(hi_world_commit(world, nil) == HI_ERROR_REJECTED, "\(name)")
            CAPIEditTests.check(world, name)
        }
        #expect(CAPIEditTests.answers(world) == before, "nothing changed")
        // The other world never heard of any of it.
        #expect(hi_world_check(other) == HI_OK)
    }

    /// A removal reports the view and its subtree, each before its subviews, with the world's
    /// tag; a refused one reports nothing; a discarded one brings the handles back.
    @Test func aRemovalReportsEveryHandleItMakesStale() throws {
        let (world, twin) = try CAPIEditTests.worlds()
        defer { hi_world_destroy(world) }
        let top = CAPIEditTests.handle(world, "TopView")
        final class Heard { var views: [hi_view] = [] }
        let heard = Heard()
        let context = Unmanaged.passUnretained(heard).toOpaque()
        let visitor: hi_removed_visitor = { context, view in
            Unmanaged<Heard>.fromOpaque(context!).takeUnretainedValue().views.append(view)
        }
        #expect(hi_world_begin(world) == HI_OK)
        #expect(hi_world_remove_view_reporting(world, top, visitor, context) == HI_OK)
        // The twin names the subtree independently: TopView and everything under it.
        var want: [ViewHandle] = []
        var pending = [top.handle]
        while let h = pending.popLast() {
            want.append(h)
            pending += twin.subviews(of: h)
        }
        #expect(Set(heard.views.map(\.handle)) == Set(want) && heard.views.count == want.count)
        #expect(heard.views.first?.handle == top.handle)
        #expect(heard.views.allSatisfy { $0.world == top.world })
        for v in heard.views {
            var contains = true
            #expect(hi_world_contains(world, v, &contains) == HI_OK && !contains)
        }
        #expect(hi_world_discard(world) == HI_OK)
        for v in heard.views {
            var contains = false
            #expect(hi_world_contains(world, v, &contains) == HI_OK && contains, "back after the discard")
        }
        heard.views = []
        #expect(hi_world_begin(world) == HI_OK)
        let stale = hi_view(slot: 99, generation: 1, world: top.world)
        #expect(hi_world_remove_view_reporting(world, stale, visitor, context) == HI_ERROR_STALE)
        #expect(heard.views.isEmpty)
        #expect(hi_world_discard(world) == HI_OK)
    }

    /// The world's version follows its commits without acquiring a snapshot; an empty
    /// transaction publishes nothing, a compaction publishes (readers get its layout).
    @Test func theWorldsVersionFollowsItsCommits() throws {
        let (world, _) = try CAPIEditTests.worlds()
        defer { hi_world_destroy(world) }
        var version: UInt64 = 0
        #expect(hi_world_version(world, &version) == HI_OK && version == 1)
        #expect(hi_world_version(world, nil) == HI_ERROR_NULL && hi_world_version(nil, &version) == HI_ERROR_NULL)
        #expect(hi_world_begin(world) == HI_OK && hi_world_commit(world, nil) == HI_OK)
        #expect(hi_world_version(world, &version) == HI_OK && version == 1)
        #expect(hi_world_begin(world) == HI_OK)
        #expect(hi_world_set_hidden(world, CAPIEditTests.handle(world, "SubView3"), true) == HI_OK)
        #expect(hi_world_commit(world, nil) == HI_OK)
        #expect(hi_world_version(world, &version) == HI_OK && version == 2)
        #expect(hi_world_begin(world) == HI_OK && hi_world_compact(world) == HI_OK)
        #expect(hi_world_commit(world, nil) == HI_OK)
        #expect(hi_world_version(world, &version) == HI_OK && version == 3)
        let s = try Self.snapshot(world)
        defer { hi_snapshot_release(s) }
        var snapshotVersion: UInt64 = 0
        #expect(hi_snapshot_version(s, &snapshotVersion) == HI_OK && snapshotVersion == version)
    }

    /// The first defect, from C. Window 200×100 at centre (100, 50); R 100×100 at
    /// centre (100, 50) redirecting to T, a 10×10 sibling; C, R's subview, 50×100 at centre
    /// (25, 50). Remove T and commit: at (75, 50) the result and winner are C, and no item says
    /// REDIRECTED_BY.
    @Test func explainNamesNoLapsedRedirect() throws {
        var defs = [hi_view_def](repeating: hi_default_view_def(), count: 4)
        defs[0].bounds = hi_rect(x: 0, y: 0, width: 200, height: 100)
        defs[0].center = hi_point(x: 100, y: 50)
        defs[1].parent = 0
        defs[1].bounds = hi_rect(x: 0, y: 0, width: 100, height: 100)
        defs[1].center = hi_point(x: 100, y: 50)
        defs[1].redirect_target = 2
        defs[2].parent = 0
        defs[2].bounds = hi_rect(x: 0, y: 0, width: 10, height: 10)
        defs[2].center = hi_point(x: 5, y: 5)
        defs[3].parent = 1
        defs[3].bounds = hi_rect(x: 0, y: 0, width: 50, height: 100)
        defs[3].center = hi_point(x: 25, y: 50)
        var made: OpaquePointer?
        #expect(hi_world_create(&defs, defs.count, &made) == HI_OK, "\(Self.lastError())")
        let world = try #require(made)
        defer { hi_world_destroy(world) }
        var handles = [hi_view](repeating: hi_view(), count: 4)
        for k in 0..<4 { #expect(hi_world_loaded_view(world, k, &handles[k]) == HI_OK) }
        func explain() throws -> [hi_explain_item] {
            let s = try Self.snapshot(world)
            defer { hi_snapshot_release(s) }
            final class Items { var all: [hi_explain_item] = [] }
            let items = Items()
            let visit: hi_explain_visitor = { context, item in
                Unmanaged<Items>.fromOpaque(context!).takeUnretainedValue().all.append(item!.pointee)
                return true
            }
            #expect(hi_snapshot_explain(s, 75, 50, 10, visit, Unmanaged.passUnretained(items).toOpaque()) == HI_OK)
            return items.all
        }
        let before = try explain()
        #expect(before.first?.view.handle == handles[2].handle, "T takes the redirected hit")
        #expect(before.contains { $0.kind == HI_EXPLAIN_REDIRECTED_BY && $0.view.handle == handles[1].handle })
        #expect(hi_world_begin(world) == HI_OK)
        #expect(hi_world_remove_view(world, handles[2]) == HI_OK)
        #expect(hi_world_commit(world, nil) == HI_OK)
        let after = try explain()
        #expect(after.first?.kind == HI_EXPLAIN_RESULT && after.first?.view.handle == handles[3].handle)
        #expect(after.contains { $0.kind == HI_EXPLAIN_WINNER && $0.view.handle == handles[3].handle })
        #expect(!after.contains { $0.kind == HI_EXPLAIN_REDIRECTED_BY }, "the redirect lapsed with T")
    }

    /// The second defect, from C: export views without ids, load the file, create a view
    /// without an id, and export again: the second file is written and reads back, even when a
    /// view's id is the name the new view's handle would generate.
    @Test func everyReachableWorldExports() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var defs = [hi_view_def](repeating: hi_default_view_def(), count: 6)
        defs[0].bounds = hi_rect(x: 0, y: 0, width: 100, height: 100)
        defs[0].center = hi_point(x: 50, y: 50)
        for k in 1..<6 {
            defs[k].parent = 0
            defs[k].bounds = hi_rect(x: 0, y: 0, width: 10, height: 10)
            defs[k].center = hi_point(x: Double(k) * 12, y: 5)
        }
        var made: OpaquePointer?
        #expect(hi_world_create(&defs, defs.count, &made) == HI_OK)
        let first = try #require(made)
        defer { hi_world_destroy(first) }
        let file1 = directory.appendingPathComponent("one.json").path
        #expect(hi_world_write_scene(first, file1) == HI_OK, "\(Self.lastError())")
        var loaded: OpaquePointer?
        #expect(hi_world_load_scene(file1, &loaded) == HI_OK, "\(Self.lastError())")
        let second = try #require(loaded)
        defer { hi_world_destroy(second) }
        var window = hi_view()
        #expect(hi_world_loaded_view(second, 0, &window) == HI_OK)
        var gone = hi_view()
        #expect(hi_world_loaded_view(second, 5, &gone) == HI_OK)
        #expect(hi_world_begin(second) == HI_OK)
        #expect(hi_world_remove_view(second, gone) == HI_OK)
        var def = hi_default_view_def()
        def.bounds = hi_rect(x: 0, y: 0, width: 4, height: 4)
        var fresh = hi_view()
        #expect(
            hi_world_create_view(
                second, window, hi_position(place: HI_FRONT, index: 0, sibling: hi_view()), &def, &fresh)
                == HI_OK)
        // Another view takes the id that `fresh`'s handle generates (the API allows it).
        var other = hi_view()
        #expect(hi_world_loaded_view(second, 1, &other) == HI_OK)
        #expect(hi_world_set_id(second, other, "#\(fresh.slot).\(fresh.generation)") == HI_OK, "\(Self.lastError())")
        #expect(hi_world_commit(second, nil) == HI_OK)
        let file2 = directory.appendingPathComponent("two.json").path
        #expect(hi_world_write_scene(second, file2) == HI_OK, "\(Self.lastError())")
        var third: OpaquePointer?
        #expect(hi_world_load_scene(file2, &third) == HI_OK, "\(Self.lastError())")
        defer { hi_world_destroy(third) }
        var n2 = 0
        var n3 = 0
        #expect(hi_world_view_count(second, &n2) == HI_OK && hi_world_view_count(third, &n3) == HI_OK && n2 == n3)
        let text = try String(contentsOfFile: file2, encoding: .utf8)
        #expect(text.contains("\"#\(fresh.slot).\(fresh.generation)~1\""), "the generated name stepped aside")
    }

    /// The third defect, from C: window A (level 5, made first) and B (level 0). With
    /// A's level set to 0, B is in front in the world; export, load, do the same: B again.
    @Test func anExportedWorldKeepsItsWindowOrder() throws {
        var defs = [hi_view_def](repeating: hi_default_view_def(), count: 2)
        for k in 0..<2 {
            defs[k].bounds = hi_rect(x: 0, y: 0, width: 100, height: 100)
            defs[k].center = hi_point(x: 50, y: 50)
        }
        defs[0].window_level = 5
        var made: OpaquePointer?
        let created = "A".withCString { a in
            "B".withCString { b in
                defs[0].id = a
                defs[1].id = b
                return hi_world_create(&defs, defs.count, &made)
            }
        }
        #expect(created == HI_OK)
        let world = try #require(made)
        defer { hi_world_destroy(world) }
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let file = dir.appendingPathComponent("world.json").path
        #expect(hi_world_write_scene(world, file) == HI_OK)
        var loaded: OpaquePointer?
        #expect(hi_world_load_scene(file, &loaded) == HI_OK)
        let copy = try #require(loaded)
        defer { hi_world_destroy(copy) }
        for w in [world, copy] {
            let a = CAPIEditTests.handle(w, "A")
            #expect(hi_world_begin(w) == HI_OK && hi_world_set_window_level(w, a, 0) == HI_OK)
            var s: OpaquePointer?
            #expect(hi_world_commit(w, &s) == HI_OK)
            defer { hi_snapshot_release(s) }
            var hit = hi_hit()
            var found = false
            #expect(hi_snapshot_hit_test(s, 50, 50, &hit, &found) == HI_OK && found)
            #expect(CAPITests.id(s!, hit.view) == "B", "B (made second) is in front among equal levels")
        }
    }
}
