import CHitIndex
import Foundation
import HitIndex
import HitIndexC
import HitIndexReference
import HitIndexSceneFormat
import Testing

/// The C API's first slice (include/hitindex.h), called through its Swift implementation: every
/// function's answers against the reference, and every bad input refused with its status and a
/// message, outputs untouched. `Examples/c/query.c` calls the same functions from C.
@Suite struct CAPITests {
    static let seedScene = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Examples/seed000.json").standardized.path

    static func lastError() -> String { String(cString: hi_last_error()) }

    /// A loaded world and its snapshot, released by the caller.
    static func load(_ path: String = seedScene) throws -> (OpaquePointer, OpaquePointer) {
        var world: OpaquePointer?
        #expect(hi_world_load_scene(path, &world) == HI_OK, "\(lastError())")
        let w = try #require(world)
        var snapshot: OpaquePointer?
        #expect(hi_world_acquire_snapshot(w, &snapshot) == HI_OK)
        return (w, try #require(snapshot))
    }

    /// The tag of `world`'s handles, read back from its front-most window.
    static func tag(_ world: OpaquePointer) -> UInt32 {
        var window = hi_view()
        var count = 0
        #expect(hi_world_windows(world, &window, 1, &count) == HI_OK && count > 0)
        return window.world
    }

    /// The handle `#slot.generation` of `world`.
    static func view(_ world: OpaquePointer, _ slot: UInt32, _ generation: UInt32) -> hi_view {
        hi_view(slot: slot, generation: generation, world: tag(world))
    }

    static func id(_ snapshot: OpaquePointer, _ view: hi_view) -> String? {
        var length = 0
        guard hi_snapshot_view_id(snapshot, view, nil, 0, &length) == HI_OK else { return nil }
        var buffer = [CChar](repeating: 0, count: length + 1)
        #expect(hi_snapshot_view_id(snapshot, view, &buffer, buffer.count, &length) == HI_OK)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    @Test func theLibraryReportsTheHeadersABI() {
        #expect(hi_abi_version() == HI_ABI_VERSION)
    }

    @Test func hitTestsAgreeWithTheReferenceOnTheSeedScene() throws {
        let scene = try SceneReader.read(contentsOfFile: Self.seedScene)
        let (world, snapshot) = try Self.load()
        defer {
            hi_snapshot_release(snapshot)
            hi_world_destroy(world)
        }
        var count = 0
        #expect(hi_world_view_count(world, &count) == HI_OK)
        #expect(count == scene.viewCount)
        var points: [Point] = [Point(x: .nan, y: 1), Point(x: .infinity, y: 0)]
        for x in stride(from: -10.0, through: 400, by: 7.5) {
            for y in stride(from: -10.0, through: 700, by: 11) { points.append(Point(x: x, y: y)) }
        }
        let expected = ReferenceHitTester().hitTest(scene, at: points).map { $0?.id }
        for (p, want) in zip(points, expected) {
            var hit = hi_hit(view: hi_view(slot: 9, generation: 9, world: 9), user_value: 9)
            var found = true
            #expect(hi_snapshot_hit_test(snapshot, p.x, p.y, &hit, &found) == HI_OK)
            #expect((found ? Self.id(snapshot, hit.view) : nil) == want, "\(p)")
            if !found {
                #expect(hit.view.slot == 0 && hit.view.generation == 0 && hit.view.world == 0 && hit.user_value == 0)
            }
        }
    }

    @Test func nullArgumentsAreRefusedWithTheirNameAndOutputsUntouched() throws {
        var world: OpaquePointer? = OpaquePointer(bitPattern: 0x1234)
        #expect(hi_world_load_scene(nil, &world) == HI_ERROR_NULL)
        #expect(Self.lastError() == "hi_world_load_scene: path is NULL")
        #expect(world == OpaquePointer(bitPattern: 0x1234))
        #expect(hi_world_load_scene(Self.seedScene, nil) == HI_ERROR_NULL)
        #expect(Self.lastError() == "hi_world_load_scene: out_world is NULL")
        var count = 7
        #expect(hi_world_view_count(nil, &count) == HI_ERROR_NULL && count == 7)
        var snapshot: OpaquePointer?
        #expect(hi_world_acquire_snapshot(nil, &snapshot) == HI_ERROR_NULL && snapshot == nil)
        var hit = hi_hit()
        var found = false
        #expect(hi_snapshot_hit_test(nil, 1, 1, &hit, &found) == HI_ERROR_NULL)
        #expect(Self.lastError() == "hi_snapshot_hit_test: snapshot is NULL")
        let (w, s) = try Self.load()
        defer {
            hi_snapshot_release(s)
            hi_world_destroy(w)
        }
        #expect(hi_world_acquire_snapshot(w, nil) == HI_ERROR_NULL)
        #expect(hi_snapshot_hit_test(s, 1, 1, nil, &found) == HI_ERROR_NULL)
        #expect(hi_snapshot_hit_test(s, 1, 1, &hit, nil) == HI_ERROR_NULL)
        var length = 5
        #expect(hi_snapshot_view_id(nil, Self.view(w, 1, 1), nil, 0, &length) == HI_ERROR_NULL)
        #expect(hi_snapshot_view_id(s, Self.view(w, 1, 1), nil, 0, nil) == HI_ERROR_NULL)
        #expect(hi_snapshot_view_id(s, Self.view(w, 1, 1), nil, 4, &length) == HI_ERROR_NULL)
        #expect(length == 5)
        // NULL objects are ignored by the functions that end them.
        hi_world_destroy(nil)
        hi_snapshot_release(nil)
    }

    @Test func badScenesAreRefusedWithTheReadersMessage() throws {
        var world: OpaquePointer?
        let gone = "/nonexistent-\(UUID().uuidString)/gone.json"
        #expect(hi_world_load_scene(gone, &world) == HI_ERROR_SCENE)
        #expect(Self.lastError() == "hi_world_load_scene: \(gone): no such file")
        #expect(world == nil)
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let path = try dir.write(#"{"windows": [{"id": "W", "frame": [0, 0, 10, 10], "alpha": -1}]}"#, to: "bad.json")
        #expect(hi_world_load_scene(path, &world) == HI_ERROR_SCENE)
        let name = (path as NSString).lastPathComponent
        #expect(
            Self.lastError()
                == "hi_world_load_scene: \(name): view \"W\": alpha: expected a finite number >= 0, got -1.0")
        #expect(world == nil)
    }

    @Test func handlesThatNameNoViewAreStaleAndIDsAreCutToTheBuffer() throws {
        let (w, s) = try Self.load()
        defer {
            hi_snapshot_release(s)
            hi_world_destroy(w)
        }
        var length = 99
        let tag = Self.tag(w)
        let stale: [(hi_view, String)] = [
            (hi_view(), "the zero handle names no view"),
            (Self.view(w, 1, 2), "#1.2 names no live view of this snapshot (stale or unknown)"),
            (Self.view(w, 1 << 30, 1), "#1073741824.1 names no live view of this snapshot (stale or unknown)"),
            // A live view's slot and generation, of another world: refused, never answered for.
            (
                hi_view(slot: 1, generation: 1, world: tag &+ 1),
                "#1.1 of world \(tag &+ 1) is a handle of another world, not of this snapshot"
            ),
        ]
        for (view, message) in stale {
            #expect(hi_snapshot_view_id(s, view, nil, 0, &length) == HI_ERROR_STALE, "\(view)")
            #expect(Self.lastError() == "hi_snapshot_view_id: \(message)")
        }
        #expect(length == 99)
        // Slot 1 is the first window; its id is cut to fit with its NUL, and measured whole.
        let full = try #require(Self.id(s, Self.view(w, 1, 1)))
        var small = [CChar](repeating: 0x7F, count: 3)
        #expect(hi_snapshot_view_id(s, Self.view(w, 1, 1), &small, 3, &length) == HI_OK)
        #expect(length == full.utf8.count)
        let cut = String(decoding: small.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #expect(cut == String(full.prefix(2)))
        #expect(small[2] == 0)
    }

    @Test func aSnapshotOutlivesItsWorld() throws {
        let (w, s) = try Self.load()
        var before = hi_hit()
        var found = false
        #expect(hi_snapshot_hit_test(s, 220, 193, &before, &found) == HI_OK && found)
        hi_world_destroy(w)
        var after = hi_hit()
        #expect(hi_snapshot_hit_test(s, 220, 193, &after, &found) == HI_OK && found)
        #expect(after.view.slot == before.view.slot && after.view.generation == before.view.generation)
        #expect(Self.id(s, after.view) == "SubView3")
        hi_snapshot_release(s)
    }

    /// A window with a button and a hidden cover, as C definitions.
    static func definitions() -> [hi_view_def] {
        var window = hi_default_view_def()
        window.bounds = hi_rect(x: 0, y: 0, width: 100, height: 100)
        window.center = hi_point(x: 50, y: 50)
        var button = hi_default_view_def()
        button.parent = 0
        button.bounds = hi_rect(x: 0, y: 0, width: 40, height: 20)
        button.center = hi_point(x: 30, y: 20)
        button.user_value = 42
        button.shape = HI_SHAPE_ELLIPSE
        var cover = hi_default_view_def()
        cover.parent = 0
        cover.bounds = window.bounds
        cover.center = window.center
        cover.hidden = true
        return [window, button, cover]
    }

    @Test func aWorldFromDefinitionsAnswersAsItsSwiftTwin() throws {
        var defs = Self.definitions()
        let ids = ["W", "button", "cover"]
        var world: OpaquePointer?
        let status = ids.map { strdup($0) }.withUnsafeBufferPointer { names in
            for k in defs.indices { defs[k].id = UnsafePointer(names[k]) }
            defer { for name in names { free(name) } }
            return hi_world_create(defs, defs.count, &world)
        }
        #expect(status == HI_OK, "\(Self.lastError())")
        let w = try #require(world)
        var snapshot: OpaquePointer?
        #expect(hi_world_acquire_snapshot(w, &snapshot) == HI_OK)
        let s = try #require(snapshot)
        defer {
            hi_snapshot_release(s)
            hi_world_destroy(w)
        }
        // The same views written in Swift: an ellipse of 40 × 20 centred at (30, 20).
        var button = ViewDefinition(
            ViewAttributes(bounds: Rect(x: 0, y: 0, width: 40, height: 20), center: Point(x: 30, y: 20)), parent: 0,
            userValue: 42, id: "button")
        button.attributes.hitShape = .ellipse
        var cover = ViewDefinition(
            ViewAttributes(bounds: Rect(x: 0, y: 0, width: 100, height: 100), center: Point(x: 50, y: 50)), parent: 0,
            id: "cover")
        cover.attributes.isHidden = true
        let twin = try LiveIndex(views: [
            ViewDefinition(
                ViewAttributes(bounds: Rect(x: 0, y: 0, width: 100, height: 100), center: Point(x: 50, y: 50)), id: "W"),
            button, cover,
        ]).snapshot
        for x in stride(from: -2.0, through: 102, by: 1) {
            for y in stride(from: -2.0, through: 42, by: 1) {
                var hit = hi_hit()
                var found = false
                #expect(hi_snapshot_hit_test(s, x, y, &hit, &found) == HI_OK)
                let want = twin.hitTest(Point(x: x, y: y))
                #expect(found == (want != nil), "(\(x), \(y))")
                #expect(!found || (hit.view.slot == want!.handle.slot && hit.user_value == want!.userValue))
            }
        }
        // The ellipse's centre is the button; its corner is the window.
        var hit = hi_hit()
        var found = false
        #expect(hi_snapshot_hit_test(s, 30, 20, &hit, &found) == HI_OK && found && hit.user_value == 42)
        var loaded = hi_view()
        #expect(hi_world_loaded_view(w, 1, &loaded) == HI_OK)
        #expect(
            hit.view.slot == loaded.slot && hit.view.generation == loaded.generation && hit.view.world == loaded.world)
        #expect(Self.id(s, hit.view) == "button")
        #expect(hi_snapshot_hit_test(s, 10.5, 10.5, &hit, &found) == HI_OK && found)
        #expect(Self.id(s, hit.view) == "W")
        // Positions no load reached, SIZE_MAX among them, name no view.
        for position in [3, -1, Int.max] {
            var none = hi_view(slot: 7, generation: 7, world: 7)
            #expect(hi_world_loaded_view(w, position, &none) == HI_ERROR_STALE, "\(position)")
            #expect(none.slot == 7, "outputs untouched on failure")
        }
    }

    @Test func badDefinitionsAreRefusedWithTheViewAndTheField() {
        func refusal(_ change: (inout [hi_view_def]) -> Void) -> (hi_status, String) {
            var defs = Self.definitions()
            change(&defs)
            var world: OpaquePointer? = OpaquePointer(bitPattern: 0x1234)
            let status = hi_world_create(defs, defs.count, &world)
            #expect(world == OpaquePointer(bitPattern: 0x1234), "the output is untouched")
            if status == HI_OK, let world { hi_world_destroy(world) }
            return (status, Self.lastError())
        }
        let cases: [(String, (inout [hi_view_def]) -> Void, String)] = [
            ("a parent out of range", { $0[1].parent = 3 }, "views[1]: parent: expected the position of another view"),
            ("a parent below -1", { $0[1].parent = -2 }, "views[1]: parent: expected the position of another view"),
            (
                "a cycle",
                {
                    $0[0].parent = 2
                    $0[2].parent = 0
                }, "cycle of parents"
            ),
            ("a NaN alpha", { $0[2].alpha = .nan }, "views[2]: alpha: expected a finite number >= 0"),
            ("an infinite center", { $0[1].center.x = .infinity }, "views[1]: center: expected 2 finite numbers"),
            ("an unknown shape", { $0[1].shape = hi_shape(rawValue: 7) }, "views[1]: shape: expected 0, 1 or 2, got 7"),
            (
                "a redirect out of range", { $0[2].redirect_target = 9 },
                "views[2]: redirectTarget: expected the position"
            ),
        ]
        for (name, change, message) in cases {
            let (status, error) = refusal(change)
            #expect(status == HI_ERROR_INVALID, "\(name)")
            #expect(error.hasPrefix("hi_world_create: "), "\(name): \(error)")
            #expect(error.contains(message), "\(name): \(error)")
        }
        var world: OpaquePointer?
        #expect(hi_world_create(nil, 1, &world) == HI_ERROR_NULL && world == nil)
        #expect(hi_world_create(nil, 0, nil) == HI_ERROR_NULL)
        // No definitions make an empty world, which hits nothing.
        #expect(hi_world_create(nil, 0, &world) == HI_OK)
        var count = 9
        #expect(hi_world_view_count(world, &count) == HI_OK && count == 0)
        hi_world_destroy(world)
    }

    @Test func eachThreadKeepsItsOwnLastError() {
        _ = hi_world_load_scene(nil, nil)
        let mine = Self.lastError()
        // A thread of its own (a task could resume on any thread): it fails differently.
        let theirs = Lock("")
        let done = DispatchSemaphore(value: 0)
        Thread {
            var count = 0
            _ = hi_world_view_count(nil, &count)
            theirs.withLock { $0 = String(cString: hi_last_error()) }
            done.signal()
        }.start()
        done.wait()
        #expect(theirs.withLock { $0 } == "hi_world_view_count: world is NULL")
        #expect(Self.lastError() == mine)
        #expect(mine == "hi_world_load_scene: path is NULL")
    }
}
