// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (The C API's functions keep the header's names: `@implementation` matches them by name.)

import CHitIndex
import HitIndex

// Reading the tree back, from a snapshot and from the writer: the same six questions on both
// sides, answered by one function each over a small protocol both sides conform to.

/// What the tree reads need of a side: its tag and its answers for a handle.
private protocol TreeSource {
    var tag: UInt32 { get }
    func contains(_ handle: ViewHandle) -> Bool
    func superview(of handle: ViewHandle) -> ViewHandle?
    func subviews(of handle: ViewHandle) -> [ViewHandle]
    var windows: [ViewHandle] { get }
    func isWindow(_ handle: ViewHandle) -> Bool
    func level(of handle: ViewHandle) -> Double?
    func redirectTarget(of handle: ViewHandle) -> ViewHandle?
    func id(of handle: ViewHandle) -> String?
}

extension IndexSnapshot: TreeSource {}
extension LiveIndex: TreeSource {}

/// The side behind a C pointer, with what messages call it.
private func side(_ function: String, _ pointer: OpaquePointer, snapshot isSnapshot: Bool) -> (TreeSource, String) {
    isSnapshot ? (snapshot(pointer), "this snapshot") : (world(pointer).live, "this world")
}

/// Checks `view` against `source`, returning its handle or the stale refusal.
private func live(
    _ function: String, _ view: hi_view, in source: TreeSource, _ owner: String
) -> Result<ViewHandle, CError> {
    let handle = ViewHandle(view, world: source.tag)
    guard source.contains(handle) else {
        return .failure(CError(HI_ERROR_STALE, "\(function): \(staleMessage(view, world: source.tag, of: owner))"))
    }
    return .success(handle)
}

/// Copies `handles` into the caller's buffer as far as `capacity` allows and sets the count.
private func copy(
    _ function: String, _ handles: [ViewHandle], tag: UInt32, _ buffer: UnsafeMutablePointer<hi_view>?,
    _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>
) {
    // size_t arrives as Int: a capacity above INT64_MAX (negative here) is as good as unbounded.
    let room = capacity < 0 ? Int.max : capacity
    if let buffer {
        for (k, h) in handles.prefix(room).enumerated() { buffer[k] = hi_view(h, world: tag) }
    }
    outCount.pointee = handles.count
}

private func parent(
    _ function: String, _ pointer: OpaquePointer?, snapshot isSnapshot: Bool, _ view: hi_view,
    _ out: UnsafeMutablePointer<hi_view>?
) -> hi_status {
    guard let pointer else { return null(function, isSnapshot ? "snapshot" : "world") }
    guard let out else { return null(function, "out_parent") }
    let (source, owner) = side(function, pointer, snapshot: isSnapshot)
    switch live(function, view, in: source, owner) {
    case .failure(let e): return fail(e.status, e.message)
    case .success(let h):
        out.pointee = source.superview(of: h).map { hi_view($0, world: source.tag) } ?? hi_view()
        return HI_OK
    }
}

private func subviews(
    _ function: String, _ pointer: OpaquePointer?, snapshot isSnapshot: Bool, _ view: hi_view,
    _ buffer: UnsafeMutablePointer<hi_view>?, _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) -> hi_status {
    guard let pointer else { return null(function, isSnapshot ? "snapshot" : "world") }
    guard let outCount else { return null(function, "out_count") }
    guard buffer != nil || capacity == 0 else { return null(function, "buffer (with capacity > 0)") }
    let (source, owner) = side(function, pointer, snapshot: isSnapshot)
    switch live(function, view, in: source, owner) {
    case .failure(let e): return fail(e.status, e.message)
    case .success(let h):
        copy(function, source.subviews(of: h), tag: source.tag, buffer, capacity, outCount)
        return HI_OK
    }
}

private func windows(
    _ function: String, _ pointer: OpaquePointer?, snapshot isSnapshot: Bool,
    _ buffer: UnsafeMutablePointer<hi_view>?, _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) -> hi_status {
    guard let pointer else { return null(function, isSnapshot ? "snapshot" : "world") }
    guard let outCount else { return null(function, "out_count") }
    guard buffer != nil || capacity == 0 else { return null(function, "buffer (with capacity > 0)") }
    let (source, _) = side(function, pointer, snapshot: isSnapshot)
    // Front to back, the order touches try them (Swift lists them back to front).
    copy(function, source.windows.reversed(), tag: source.tag, buffer, capacity, outCount)
    return HI_OK
}

private func isWindow(
    _ function: String, _ pointer: OpaquePointer?, snapshot isSnapshot: Bool, _ view: hi_view,
    _ out: UnsafeMutablePointer<Bool>?
) -> hi_status {
    guard let pointer else { return null(function, isSnapshot ? "snapshot" : "world") }
    guard let out else { return null(function, "out_is_window") }
    let (source, owner) = side(function, pointer, snapshot: isSnapshot)
    switch live(function, view, in: source, owner) {
    case .failure(let e): return fail(e.status, e.message)
    case .success(let h):
        out.pointee = source.isWindow(h)
        return HI_OK
    }
}

private func windowLevel(
    _ function: String, _ pointer: OpaquePointer?, snapshot isSnapshot: Bool, _ view: hi_view,
    _ out: UnsafeMutablePointer<Double>?
) -> hi_status {
    guard let pointer else { return null(function, isSnapshot ? "snapshot" : "world") }
    guard let out else { return null(function, "out_level") }
    let (source, owner) = side(function, pointer, snapshot: isSnapshot)
    switch live(function, view, in: source, owner) {
    case .failure(let e): return fail(e.status, e.message)
    case .success(let h):
        guard let level = source.level(of: h) else {
            return fail(HI_ERROR_INVALID, "\(function): \(describe(view, world: source.tag)) is not a window")
        }
        out.pointee = level
        return HI_OK
    }
}

private func redirectTarget(
    _ function: String, _ pointer: OpaquePointer?, snapshot isSnapshot: Bool, _ view: hi_view,
    _ out: UnsafeMutablePointer<hi_view>?
) -> hi_status {
    guard let pointer else { return null(function, isSnapshot ? "snapshot" : "world") }
    guard let out else { return null(function, "out_target") }
    let (source, owner) = side(function, pointer, snapshot: isSnapshot)
    switch live(function, view, in: source, owner) {
    case .failure(let e): return fail(e.status, e.message)
    case .success(let h):
        out.pointee = source.redirectTarget(of: h).map { hi_view($0, world: source.tag) } ?? hi_view()
        return HI_OK
    }
}

// MARK: - Snapshots

@c @implementation
public func hi_snapshot_parent(_ pointer: OpaquePointer?, _ view: hi_view, _ out: UnsafeMutablePointer<hi_view>?)
    -> hi_status
{
    parent("hi_snapshot_parent", pointer, snapshot: true, view, out)
}

@c @implementation
public func hi_snapshot_subviews(
    _ pointer: OpaquePointer?, _ view: hi_view, _ buffer: UnsafeMutablePointer<hi_view>?, _ capacity: Int,
    _ outCount: UnsafeMutablePointer<Int>?
) -> hi_status {
    subviews("hi_snapshot_subviews", pointer, snapshot: true, view, buffer, capacity, outCount)
}

@c @implementation
public func hi_snapshot_windows(
    _ pointer: OpaquePointer?, _ buffer: UnsafeMutablePointer<hi_view>?, _ capacity: Int,
    _ outCount: UnsafeMutablePointer<Int>?
) -> hi_status {
    windows("hi_snapshot_windows", pointer, snapshot: true, buffer, capacity, outCount)
}

@c @implementation
public func hi_snapshot_is_window(_ pointer: OpaquePointer?, _ view: hi_view, _ out: UnsafeMutablePointer<Bool>?)
    -> hi_status
{
    isWindow("hi_snapshot_is_window", pointer, snapshot: true, view, out)
}

@c @implementation
public func hi_snapshot_window_level(_ pointer: OpaquePointer?, _ view: hi_view, _ out: UnsafeMutablePointer<Double>?)
    -> hi_status
{
    windowLevel("hi_snapshot_window_level", pointer, snapshot: true, view, out)
}

@c @implementation
public func hi_snapshot_redirect_target(
    _ pointer: OpaquePointer?, _ view: hi_view, _ out: UnsafeMutablePointer<hi_view>?
) -> hi_status {
    redirectTarget("hi_snapshot_redirect_target", pointer, snapshot: true, view, out)
}

// MARK: - The writer

@c @implementation
public func hi_world_parent(_ pointer: OpaquePointer?, _ view: hi_view, _ out: UnsafeMutablePointer<hi_view>?)
    -> hi_status
{
    parent("hi_world_parent", pointer, snapshot: false, view, out)
}

@c @implementation
public func hi_world_subviews(
    _ pointer: OpaquePointer?, _ view: hi_view, _ buffer: UnsafeMutablePointer<hi_view>?, _ capacity: Int,
    _ outCount: UnsafeMutablePointer<Int>?
) -> hi_status {
    subviews("hi_world_subviews", pointer, snapshot: false, view, buffer, capacity, outCount)
}

@c @implementation
public func hi_world_windows(
    _ pointer: OpaquePointer?, _ buffer: UnsafeMutablePointer<hi_view>?, _ capacity: Int,
    _ outCount: UnsafeMutablePointer<Int>?
) -> hi_status {
    windows("hi_world_windows", pointer, snapshot: false, buffer, capacity, outCount)
}

@c @implementation
public func hi_world_is_window(_ pointer: OpaquePointer?, _ view: hi_view, _ out: UnsafeMutablePointer<Bool>?)
    -> hi_status
{
    isWindow("hi_world_is_window", pointer, snapshot: false, view, out)
}

@c @implementation
public func hi_world_window_level(_ pointer: OpaquePointer?, _ view: hi_view, _ out: UnsafeMutablePointer<Double>?)
    -> hi_status
{
    windowLevel("hi_world_window_level", pointer, snapshot: false, view, out)
}

@c @implementation
public func hi_world_redirect_target(_ pointer: OpaquePointer?, _ view: hi_view, _ out: UnsafeMutablePointer<hi_view>?)
    -> hi_status
{
    redirectTarget("hi_world_redirect_target", pointer, snapshot: false, view, out)
}

@c @implementation
public func hi_world_view_id(
    _ pointer: OpaquePointer?, _ view: hi_view, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
    _ outLength: UnsafeMutablePointer<Int>?
) -> hi_status {
    let function = "hi_world_view_id"
    guard let pointer else { return null(function, "world") }
    guard let outLength else { return null(function, "out_length") }
    guard buffer != nil || capacity == 0 else { return null(function, "buffer (with capacity > 0)") }
    let live = world(pointer).live
    switch HitIndexC.live(function, view, in: live, "this world") {
    case .failure(let e): return fail(e.status, e.message)
    case .success(let h):
        copyID(live.id(of: h), into: buffer, room: capacity < 0 ? Int.max : capacity, length: outLength)
        return HI_OK
    }
}
