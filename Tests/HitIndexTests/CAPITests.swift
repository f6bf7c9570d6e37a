import CHitIndex
import Foundation
import HitIndex
import HitIndexC
import HitIndexReference
import HitIndexSceneFormat
import Synchronization
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
            var hit = hi_hit(view: hi_view(slot: 9, generation: 9), user_value: 9)
            var found = true
            #expect(hi_snapshot_hit_test(snapshot, p.x, p.y, &hit, &found) == HI_OK)
            #expect((found ? Self.id(snapshot, hit.view) : nil) == want, "\(p)")
            if !found { #expect(hit.view.slot == 0 && hit.view.generation == 0 && hit.user_value == 0) }
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
        #expect(hi_snapshot_view_id(nil, hi_view(slot: 1, generation: 1), nil, 0, &length) == HI_ERROR_NULL)
        #expect(hi_snapshot_view_id(s, hi_view(slot: 1, generation: 1), nil, 0, nil) == HI_ERROR_NULL)
        #expect(hi_snapshot_view_id(s, hi_view(slot: 1, generation: 1), nil, 4, &length) == HI_ERROR_NULL)
        #expect(length == 5)
        // NULL objects are ignored by the functions that end them.
        hi_world_destroy(nil)
        hi_snapshot_release(nil)
    }

    @Test func badScenesAreRefusedWithTheReadersMessage() throws {
        var world: OpaquePointer?
        #expect(hi_world_load_scene("/nonexistent-\(UUID().uuidString)/gone.json", &world) == HI_ERROR_SCENE)
        #expect(Self.lastError() == "gone.json: no such file")
        #expect(world == nil)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("capi-\(UUID().uuidString).json").path
        try #"{"windows": [{"id": "W", "frame": [0, 0, 10, 10], "alpha": -1}]}"#.write(
            toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(hi_world_load_scene(path, &world) == HI_ERROR_SCENE)
        let name = (path as NSString).lastPathComponent
        #expect(Self.lastError() == "\(name): view \"W\": alpha: expected a finite number >= 0, got -1.0")
        #expect(world == nil)
    }

    @Test func handlesThatNameNoViewAreStaleAndIDsAreCutToTheBuffer() throws {
        let (w, s) = try Self.load()
        defer {
            hi_snapshot_release(s)
            hi_world_destroy(w)
        }
        var length = 99
        for stale in [
            hi_view(slot: 0, generation: 0), hi_view(slot: 1, generation: 2), hi_view(slot: 1 << 30, generation: 1),
        ] {
            #expect(hi_snapshot_view_id(s, stale, nil, 0, &length) == HI_ERROR_STALE, "\(stale)")
            #expect(Self.lastError().hasPrefix("hi_snapshot_view_id: #\(stale.slot).\(stale.generation) is not a view"))
        }
        #expect(length == 99)
        // Slot 1 is the first window; its id is cut to fit with its NUL, and measured whole.
        let full = try #require(Self.id(s, hi_view(slot: 1, generation: 1)))
        var small = [CChar](repeating: 0x7F, count: 3)
        #expect(hi_snapshot_view_id(s, hi_view(slot: 1, generation: 1), &small, 3, &length) == HI_OK)
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

    @Test func eachThreadKeepsItsOwnLastError() {
        _ = hi_world_load_scene(nil, nil)
        let mine = Self.lastError()
        // A thread of its own (a task could resume on any thread): it fails differently.
        let theirs = Mutex("")
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
