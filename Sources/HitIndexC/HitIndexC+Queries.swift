// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (The C API's functions keep the header's names: `@implementation` matches them by name.)

import CHitIndex
import Dispatch
import HitIndex
import HitIndexSceneFormat

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#else
    #error("a C library module is needed: Glibc, Musl or Darwin")
#endif

// The readers' side of the C API (snapshots) and the writer's reads.

extension hi_hit {
    init(_ hit: Hit, world tag: UInt32) { self.init(view: hi_view(hit.handle, world: tag), user_value: hit.userValue) }
}

// MARK: - Snapshots

@c @implementation
public func hi_snapshot_version(_ pointer: OpaquePointer?, _ outVersion: UnsafeMutablePointer<UInt64>?) -> hi_status {
    guard let pointer else { return null("hi_snapshot_version", "snapshot") }
    guard let outVersion else { return null("hi_snapshot_version", "out_version") }
    outVersion.pointee = snapshot(pointer).version
    return HI_OK
}

@c @implementation
public func hi_snapshot_view_count(_ pointer: OpaquePointer?, _ outCount: UnsafeMutablePointer<Int>?) -> hi_status {
    guard let pointer else { return null("hi_snapshot_view_count", "snapshot") }
    guard let outCount else { return null("hi_snapshot_view_count", "out_count") }
    outCount.pointee = snapshot(pointer).viewCount
    return HI_OK
}

@c @implementation
public func hi_snapshot_contains(_ pointer: OpaquePointer?, _ view: hi_view, _ outContains: UnsafeMutablePointer<Bool>?)
    -> hi_status
{
    guard let pointer else { return null("hi_snapshot_contains", "snapshot") }
    guard let outContains else { return null("hi_snapshot_contains", "out_contains") }
    let s = snapshot(pointer)
    outContains.pointee = s.contains(ViewHandle(view, world: s.tag))
    return HI_OK
}

@c @implementation
public func hi_snapshot_user_value(
    _ pointer: OpaquePointer?, _ view: hi_view, _ outValue: UnsafeMutablePointer<UInt64>?
)
    -> hi_status
{
    guard let pointer else { return null("hi_snapshot_user_value", "snapshot") }
    guard let outValue else { return null("hi_snapshot_user_value", "out_value") }
    let s = snapshot(pointer)
    guard let value = s.userValue(of: ViewHandle(view, world: s.tag)) else {
        return fail(HI_ERROR_STALE, "hi_snapshot_user_value: \(staleMessage(view, world: s.tag, of: "this snapshot"))")
    }
    outValue.pointee = value
    return HI_OK
}

@c @implementation
public func hi_snapshot_hit_test_batch(
    _ pointer: OpaquePointer?, _ points: UnsafePointer<hi_point>?, _ count: Int,
    _ outHits: UnsafeMutablePointer<hi_hit>?,
    _ outFound: UnsafeMutablePointer<Bool>?, _ threads: UInt32
) -> hi_status {
    let function = "hi_snapshot_hit_test_batch"
    guard let pointer else { return null(function, "snapshot") }
    // size_t arrives as Int: a count above INT64_MAX is negative here.
    guard count >= 0 else {
        return fail(HI_ERROR_INVALID, "\(function): count: \(UInt(bitPattern: count)) is too large")
    }
    guard count > 0 else { return HI_OK }
    guard let points else { return null(function, "points") }
    guard let outHits else { return null(function, "out_hits") }
    guard let outFound else { return null(function, "out_found") }
    let s = snapshot(pointer)
    let tag = s.tag
    // Chunks of at least 256 points: fewer would cost more in hand-offs than they save.
    let workers = Swift.max(1, Swift.min(Int(threads), count / 256 + 1))
    let buffers = UncheckedBuffers(points: points, hits: outHits, found: outFound)
    @Sendable func answer(_ range: Range<Int>) {
        for i in range {
            // Safe: the caller passes `count` points and room for `count` answers; i < count.
            if let hit = s.hitTest(Point(x: buffers.points[i].x, y: buffers.points[i].y)) {
                buffers.hits[i] = hi_hit(hit, world: tag)
                buffers.found[i] = true
            } else {
                buffers.hits[i] = hi_hit()
                buffers.found[i] = false
            }
        }
    }
    if workers == 1 {
        answer(0..<count)
    } else {
        // Worker w takes count / workers points, one more while w < count % workers (no
        // product that could overflow).
        let (share, extra) = count.quotientAndRemainder(dividingBy: workers)
        DispatchQueue.concurrentPerform(iterations: workers) { w in
            let start = w * share + Swift.min(w, extra)
            answer(start..<start + share + (w < extra ? 1 : 0))
        }
    }
    return HI_OK
}

/// The caller's buffers, shared by the batch's workers; each writes only its own range.
private struct UncheckedBuffers: @unchecked Sendable {
    let points: UnsafePointer<hi_point>
    let hits: UnsafeMutablePointer<hi_hit>
    let found: UnsafeMutablePointer<Bool>
}

@c @implementation
public func hi_snapshot_hit_test_all(
    _ pointer: OpaquePointer?, _ x: Double, _ y: Double, _ visit: hi_hit_visitor?, _ context: UnsafeMutableRawPointer?
) -> hi_status {
    guard let pointer else { return null("hi_snapshot_hit_test_all", "snapshot") }
    guard let visit else { return null("hi_snapshot_hit_test_all", "visit") }
    let s = snapshot(pointer)
    for hit in s.hitTestAll(Point(x: x, y: y)) where !visit(context, hi_hit(hit, world: s.tag)) { break }
    return HI_OK
}

@c @implementation
public func hi_snapshot_explain(
    _ pointer: OpaquePointer?, _ x: Double, _ y: Double, _ limit: Int, _ visit: hi_explain_visitor?,
    _ context: UnsafeMutableRawPointer?
) -> hi_status {
    guard let pointer else { return null("hi_snapshot_explain", "snapshot") }
    guard let visit else { return null("hi_snapshot_explain", "visit") }
    // size_t arrives as Int: a limit above INT64_MAX (SIZE_MAX among them) is negative here.
    let s = snapshot(pointer)
    let e = s.explain(Point(x: x, y: y), limit: limit < 0 ? Int.max : limit)
    var items: [hi_explain_item] = []
    func item(_ kind: hi_explain_kind, _ view: ViewHandle?) -> hi_explain_item {
        var i = hi_explain_item()
        i.kind = kind
        i.view = view.map { hi_view($0, world: s.tag) } ?? hi_view()
        return i
    }
    items.append(item(HI_EXPLAIN_RESULT, e.result))
    if let winner = e.winner { items.append(item(HI_EXPLAIN_WINNER, winner)) }
    if let by = e.redirectedBy { items.append(item(HI_EXPLAIN_REDIRECTED_BY, by)) }
    for step in e.path {
        var i = item(HI_EXPLAIN_STEP, step.view)
        i.point = hi_point(x: step.point.x, y: step.point.y)
        i.inside = step.inside
        items.append(i)
    }
    for (view, reason) in e.rejected {
        var i = item(HI_EXPLAIN_REJECTED, view)
        switch reason {
        case .hidden: i.rejection = HI_REJECTION_HIDDEN
        case .transparent: i.rejection = HI_REJECTION_TRANSPARENT
        case .interactionDisabled: i.rejection = HI_REJECTION_INTERACTION_DISABLED
        case .ineligibleAncestor(let a):
            i.rejection = HI_REJECTION_INELIGIBLE_ANCESTOR
            i.ancestor = hi_view(a, world: s.tag)
        case .outsideAncestor(let a):
            i.rejection = HI_REJECTION_OUTSIDE_ANCESTOR
            i.ancestor = hi_view(a, world: s.tag)
        case .passThrough: i.rejection = HI_REJECTION_PASS_THROUGH
        }
        items.append(i)
    }
    for var i in items where !visit(context, &i) { break }
    return HI_OK
}

// MARK: - Reading the world

@c @implementation
public func hi_world_contains(_ pointer: OpaquePointer?, _ view: hi_view, _ outContains: UnsafeMutablePointer<Bool>?)
    -> hi_status
{
    guard let pointer else { return null("hi_world_contains", "world") }
    guard let outContains else { return null("hi_world_contains", "out_contains") }
    let live = world(pointer).live
    outContains.pointee = live.contains(ViewHandle(view, world: live.tag))
    return HI_OK
}

@c @implementation
public func hi_world_view_for_id(
    _ pointer: OpaquePointer?, _ raw: UnsafePointer<CChar>?, _ outView: UnsafeMutablePointer<hi_view>?,
    _ outFound: UnsafeMutablePointer<Bool>?
) -> hi_status {
    let function = "hi_world_view_for_id"
    guard let pointer else { return null(function, "world") }
    guard let raw else { return null(function, "id") }
    guard let outView else { return null(function, "out_view") }
    guard let outFound else { return null(function, "out_found") }
    // A string that is not UTF-8 is no view's id.
    let live = world(pointer).live
    let handle = String(validatingCString: raw).flatMap { live.handle(forID: $0) }
    outView.pointee = handle.map { hi_view($0, world: live.tag) } ?? hi_view()
    outFound.pointee = handle != nil
    return HI_OK
}

@c @implementation
public func hi_world_get_attributes(
    _ pointer: OpaquePointer?, _ view: hi_view, _ outDef: UnsafeMutablePointer<hi_view_def>?
) -> hi_status {
    guard let pointer else { return null("hi_world_get_attributes", "world") }
    guard let outDef else { return null("hi_world_get_attributes", "out_def") }
    let live = world(pointer).live
    let handle = ViewHandle(view, world: live.tag)
    guard let a = live.attributes(of: handle), let value = live.userValue(of: handle) else {
        return fail(HI_ERROR_STALE, "hi_world_get_attributes: \(staleMessage(view, world: live.tag))")
    }
    var d = definition(a)
    d.user_value = value
    d.window_level = live.level(of: handle) ?? 0
    d.superview = live.superview(of: handle).map { hi_view($0, world: live.tag) } ?? hi_view()
    d.redirect = live.redirectTarget(of: handle).map { hi_view($0, world: live.tag) } ?? hi_view()
    outDef.pointee = d
    return HI_OK
}

@c @implementation
public func hi_world_write_scene(_ pointer: OpaquePointer?, _ path: UnsafePointer<CChar>?) -> hi_status {
    guard let pointer else { return null("hi_world_write_scene", "world") }
    guard let path else { return null("hi_world_write_scene", "path") }
    let name = String(cString: path)
    let bytes: [UInt8]
    do {
        bytes = try SceneWriter.write(world(pointer).live.makeScene())
    } catch {
        return fail(HI_ERROR_SCENE, "hi_world_write_scene: \(error.description)")
    }
    guard let file = fopen(path, "wb") else {
        return fail(HI_ERROR_SCENE, "hi_world_write_scene: \(name): \(String(cString: strerror(errno)))")
    }
    let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
    let closed = fclose(file)
    guard written == bytes.count, closed == 0 else {
        let reason =
            written == bytes.count ? String(cString: strerror(errno)) : "wrote \(written) of \(bytes.count) bytes"
        return fail(HI_ERROR_SCENE, "hi_world_write_scene: \(name): \(reason)")
    }
    return HI_OK
}

@c @implementation
public func hi_world_check(_ pointer: OpaquePointer?) -> hi_status {
    guard let pointer else { return null("hi_world_check", "world") }
    if let first = world(pointer).live.invariantViolations().first {
        return fail(HI_ERROR_INVALID, "hi_world_check: \(first)")
    }
    return HI_OK
}
