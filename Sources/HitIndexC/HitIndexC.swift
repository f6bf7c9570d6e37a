// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (The C API's functions keep the header's names: `@implementation` matches them by name.)

import CHitIndex
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

// The C API (include/hitindex.h). Each function is `@c @implementation`: the compiler checks its
// Swift signature against the header's declaration, so the two cannot drift apart.
//
// Objects cross the boundary as retained Swift objects: an `hi_world *` is an `Unmanaged`
// `CWorld` (a `LiveIndex` and its transaction state), an `hi_snapshot *` an `Unmanaged`
// `IndexSnapshot`. A snapshot holds its own version's columns, so it outlives its world.

// MARK: - Errors

/// The thread's last error message, as a C string the thread owns (freed when replaced or when
/// the thread ends).
private let lastErrorKey: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { free($0) }
    precondition(status == 0, "a thread-specific key for hi_last_error")
    return key
}()

/// Records `message` as the thread's last error and returns `status`.
func fail(_ status: hi_status, _ message: String) -> hi_status {
    let old = pthread_getspecific(lastErrorKey)
    pthread_setspecific(lastErrorKey, strdup(message))
    free(old)
    return status
}

/// The `hi_status` for a NULL argument named `name` of `function`.
func null(_ function: String, _ name: String) -> hi_status {
    fail(HI_ERROR_NULL, "\(function): \(name) is NULL")
}

@c @implementation
public func hi_abi_version() -> UInt32 { UInt32(HI_ABI_VERSION) }

@c @implementation
public func hi_last_error() -> UnsafePointer<CChar>? {
    // "" until a call fails on this thread: a static string, valid for the program's life.
    let message =
        pthread_getspecific(lastErrorKey).map(UnsafeRawPointer.init) ?? UnsafeRawPointer(("" as StaticString).utf8Start)
    return message.assumingMemoryBound(to: CChar.self)
}

// MARK: - Worlds

/// A world as C holds it: the live index and the transaction the C calls opened.
final class CWorld {
    let live: LiveIndex
    /// Whether hi_world_begin opened a transaction that is not yet committed or discarded.
    var isOpen = false
    /// The first edit of the open transaction that the C layer refused before the index saw it
    /// (an unknown shape, an id that is not UTF-8); the index records its own refusals.
    var refusal: String?

    init(_ live: LiveIndex) { self.live = live }

    /// A retained C pointer to a new world.
    static func retained(_ live: LiveIndex) -> OpaquePointer {
        OpaquePointer(Unmanaged.passRetained(CWorld(live)).toOpaque())
    }
}

/// The world behind a C pointer.
func world(_ pointer: OpaquePointer) -> CWorld {
    Unmanaged<CWorld>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
}

/// The snapshot behind a C pointer.
func snapshot(_ pointer: OpaquePointer) -> IndexSnapshot {
    Unmanaged<IndexSnapshot>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
}

@c @implementation
public func hi_world_load_scene(
    _ path: UnsafePointer<CChar>?, _ outWorld: UnsafeMutablePointer<OpaquePointer?>?
) -> hi_status {
    guard let path else { return null("hi_world_load_scene", "path") }
    guard let outWorld else { return null("hi_world_load_scene", "out_world") }
    // A file that is not there is named with the path as given: the reader's messages name the
    // file by its last component, which does not say which folder was searched.
    guard access(path, F_OK) == 0 else {
        return fail(HI_ERROR_SCENE, "hi_world_load_scene: \(String(cString: path)): no such file")
    }
    let live: LiveIndex
    do {
        live = try LiveIndex(views: SceneReader.readDefinitions(contentsOfFile: String(cString: path)))
    } catch {
        return fail(HI_ERROR_SCENE, "hi_world_load_scene: \(error.description)")
    }
    outWorld.pointee = CWorld.retained(live)
    return HI_OK
}

@c @implementation
public func hi_default_view_def() -> hi_view_def {
    var d = hi_view_def()
    d.parent = -1
    d.anchor_point = hi_point(x: 0.5, y: 0.5)
    d.transform = hi_transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    d.alpha = 1
    d.user_interaction_enabled = true
    d.shape = HI_SHAPE_RECT
    d.redirect_target = -1
    return d
}

/// A C definition's attributes. Only what `ViewAttributes` cannot hold (an unknown shape) is
/// refused here; the index checks the values as a scene file's.
func attributes(_ d: hi_view_def) -> Result<ViewAttributes, CError> {
    var a = ViewAttributes(
        bounds: Rect(x: d.bounds.x, y: d.bounds.y, width: d.bounds.width, height: d.bounds.height),
        center: Point(x: d.center.x, y: d.center.y), isUserInteractionEnabled: d.user_interaction_enabled)
    a.anchorPoint = Point(x: d.anchor_point.x, y: d.anchor_point.y)
    let t = d.transform
    a.transform = AffineTransform(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty)
    a.isHidden = d.hidden
    a.alpha = d.alpha
    let i = d.hit_test_insets
    a.hitTestInsets = EdgeInsets(top: i.top, left: i.left, bottom: i.bottom, right: i.right)
    a.minimumHitSize = Size(width: d.minimum_hit_width, height: d.minimum_hit_height)
    switch shape(d.shape, radius: d.corner_radius) {
    case .success(let s): a.hitShape = s
    case .failure(let e): return .failure(e)
    }
    a.hitTestsSubviewsOutsideBounds = d.hit_tests_subviews_outside_bounds
    a.isPassThrough = d.pass_through
    return .success(a)
}

/// A C shape as the model's.
func shape(_ shape: hi_shape, radius: Double) -> Result<HitShape, CError> {
    switch shape {
    case HI_SHAPE_RECT: .success(.rect)
    case HI_SHAPE_ELLIPSE: .success(.ellipse)
    case HI_SHAPE_ROUNDED_RECT: .success(.roundedRect(radius: radius))
    default: .failure(CError(HI_ERROR_INVALID, "shape: expected 0, 1 or 2, got \(shape.rawValue)"))
    }
}

/// A C definition's attributes as a C struct (the inverse of ``attributes(_:)``).
func definition(_ a: ViewAttributes) -> hi_view_def {
    var d = hi_default_view_def()
    d.bounds = hi_rect(
        x: a.bounds.origin.x, y: a.bounds.origin.y, width: a.bounds.size.width, height: a.bounds.size.height)
    d.center = hi_point(x: a.center.x, y: a.center.y)
    d.anchor_point = hi_point(x: a.anchorPoint.x, y: a.anchorPoint.y)
    let t = a.transform
    d.transform = hi_transform(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty)
    d.hidden = a.isHidden
    d.alpha = a.alpha
    d.user_interaction_enabled = a.isUserInteractionEnabled
    let i = a.hitTestInsets
    d.hit_test_insets = hi_insets(top: i.top, left: i.left, bottom: i.bottom, right: i.right)
    d.minimum_hit_width = a.minimumHitSize.width
    d.minimum_hit_height = a.minimumHitSize.height
    switch a.hitShape {
    case .rect: d.shape = HI_SHAPE_RECT
    case .ellipse: d.shape = HI_SHAPE_ELLIPSE
    case .roundedRect(let radius):
        d.shape = HI_SHAPE_ROUNDED_RECT
        d.corner_radius = radius
    }
    d.hit_tests_subviews_outside_bounds = a.hitTestsSubviewsOutsideBounds
    d.pass_through = a.isPassThrough
    return d
}

/// A C string as an id: nil for NULL, a failure when it is not UTF-8.
func id(_ raw: UnsafePointer<CChar>?) -> Result<String?, CError> {
    guard let raw else { return .success(nil) }
    guard let text = String(validatingCString: raw) else {
        return .failure(CError(HI_ERROR_INVALID, "id: not UTF-8"))
    }
    return .success(text)
}

/// A C definition as a bulk-load record, refusals naming `views[position]`.
private func definition(_ d: hi_view_def, position: Int) -> Result<ViewDefinition, CError> {
    let a: ViewAttributes
    let name: String?
    do {
        a = try attributes(d).get()
        name = try id(d.id).get()
    } catch {
        return .failure(CError(error.status, "views[\(position)]: \(error.message)"))
    }
    var result = ViewDefinition(
        a, parent: d.parent == -1 ? nil : Int(truncatingIfNeeded: d.parent), order: Int(truncatingIfNeeded: d.order),
        userValue: d.user_value, id: name)
    result.windowLevel = d.window_level
    result.redirectTarget = d.redirect_target == -1 ? nil : Int(truncatingIfNeeded: d.redirect_target)
    return .success(result)
}

/// The most views a world holds (its slots are below 2^31, slot 0 being the screen's).
let maximumViews = Int(Int32.max) - 1

/// A failure to report through `fail`.
struct CError: Error {
    var status: hi_status
    var message: String
    init(_ status: hi_status, _ message: String) {
        self.status = status
        self.message = message
    }
}

@c @implementation
public func hi_world_create(
    _ defs: UnsafePointer<hi_view_def>?, _ count: Int, _ outWorld: UnsafeMutablePointer<OpaquePointer?>?
) -> hi_status {
    guard let outWorld else { return null("hi_world_create", "out_world") }
    // size_t arrives as Int: a count above INT64_MAX is negative here.
    guard count >= 0 && count <= maximumViews else {
        return fail(
            HI_ERROR_INVALID, "hi_world_create: count: \(UInt(bitPattern: count)) is above \(maximumViews) views")
    }
    guard defs != nil || count == 0 else { return null("hi_world_create", "defs (with count > 0)") }
    var definitions: [ViewDefinition] = []
    definitions.reserveCapacity(count)
    for k in 0..<count {
        // Safe: the caller passes `count` definitions at `defs` (checked non-NULL above).
        switch definition(defs.unsafelyUnwrapped[k], position: k) {
        case .success(let d): definitions.append(d)
        case .failure(let e): return fail(e.status, "hi_world_create: \(e.message)")
        }
    }
    let live: LiveIndex
    do {
        live = try LiveIndex(views: definitions)
    } catch {
        return fail(HI_ERROR_INVALID, "hi_world_create: \(error.description)")
    }
    outWorld.pointee = CWorld.retained(live)
    return HI_OK
}

@c @implementation
public func hi_world_loaded_view(_ pointer: OpaquePointer?, _ position: Int, _ outView: UnsafeMutablePointer<hi_view>?)
    -> hi_status
{
    guard let pointer else { return null("hi_world_loaded_view", "world") }
    guard let outView else { return null("hi_world_loaded_view", "out_view") }
    let live = world(pointer).live
    // size_t arrives as Int: beyond the slots (or above INT64_MAX, negative here) no load reaches.
    guard position >= 0 && position < maximumViews, live.contains(LiveIndex.loadedHandle(position)) else {
        return fail(
            HI_ERROR_STALE,
            "hi_world_loaded_view: no view of this world was loaded at position \(UInt(bitPattern: position)), or it was removed"
        )
    }
    outView.pointee = hi_view(LiveIndex.loadedHandle(position), world: live.tag)
    return HI_OK
}

@c @implementation
public func hi_world_version(_ pointer: OpaquePointer?, _ outVersion: UnsafeMutablePointer<UInt64>?) -> hi_status {
    guard let pointer else { return null("hi_world_version", "world") }
    guard let outVersion else { return null("hi_world_version", "out_version") }
    outVersion.pointee = world(pointer).live.version
    return HI_OK
}

@c @implementation
public func hi_world_destroy(_ world: OpaquePointer?) {
    guard let world else { return }
    Unmanaged<CWorld>.fromOpaque(UnsafeRawPointer(world)).release()
}

@c @implementation
public func hi_world_view_count(_ pointer: OpaquePointer?, _ outCount: UnsafeMutablePointer<Int>?) -> hi_status {
    guard let pointer else { return null("hi_world_view_count", "world") }
    guard let outCount else { return null("hi_world_view_count", "out_count") }
    outCount.pointee = world(pointer).live.viewCount
    return HI_OK
}

// MARK: - Snapshots

@c @implementation
public func hi_world_acquire_snapshot(
    _ pointer: OpaquePointer?, _ outSnapshot: UnsafeMutablePointer<OpaquePointer?>?
) -> hi_status {
    guard let pointer else { return null("hi_world_acquire_snapshot", "world") }
    guard let outSnapshot else { return null("hi_world_acquire_snapshot", "out_snapshot") }
    outSnapshot.pointee = OpaquePointer(Unmanaged.passRetained(world(pointer).live.snapshot).toOpaque())
    return HI_OK
}

@c @implementation
public func hi_snapshot_release(_ snapshot: OpaquePointer?) {
    guard let snapshot else { return }
    Unmanaged<IndexSnapshot>.fromOpaque(UnsafeRawPointer(snapshot)).release()
}

@c @implementation
public func hi_snapshot_hit_test(
    _ pointer: OpaquePointer?, _ x: Double, _ y: Double, _ outHit: UnsafeMutablePointer<hi_hit>?,
    _ outFound: UnsafeMutablePointer<Bool>?
) -> hi_status {
    guard let pointer else { return null("hi_snapshot_hit_test", "snapshot") }
    guard let outHit else { return null("hi_snapshot_hit_test", "out_hit") }
    guard let outFound else { return null("hi_snapshot_hit_test", "out_found") }
    // The caller's reference keeps the snapshot alive for the call: borrowed without a
    // retain and release, which would be most of this wrapper's cost.
    let (found, tag) = Unmanaged<IndexSnapshot>.fromOpaque(UnsafeRawPointer(pointer))._withUnsafeGuaranteedRef {
        ($0.hitTest(Point(x: x, y: y)), $0.tag)
    }
    if let hit = found {
        outHit.pointee = hi_hit(hit, world: tag)
        outFound.pointee = true
    } else {
        outHit.pointee = hi_hit()
        outFound.pointee = false
    }
    return HI_OK
}

@c @implementation
public func hi_snapshot_view_id(
    _ pointer: OpaquePointer?, _ view: hi_view, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
    _ outLength: UnsafeMutablePointer<Int>?
) -> hi_status {
    guard let pointer else { return null("hi_snapshot_view_id", "snapshot") }
    guard let outLength else { return null("hi_snapshot_view_id", "out_length") }
    guard buffer != nil || capacity == 0 else { return null("hi_snapshot_view_id", "buffer (with capacity > 0)") }
    // size_t arrives as Int: a capacity above INT64_MAX (negative here) is as good as unbounded.
    let room = capacity < 0 ? Int.max : capacity
    let s = snapshot(pointer)
    let handle = ViewHandle(view, world: s.tag)
    guard s.contains(handle) else {
        return fail(HI_ERROR_STALE, "hi_snapshot_view_id: \(staleMessage(view, world: s.tag, of: "this snapshot"))")
    }
    copyID(s.id(of: handle), into: buffer, room: room, length: outLength)
    return HI_OK
}

/// Copies `id` (the empty id for nil) as UTF-8 into `buffer`, at most `room` bytes with the NUL,
/// and sets `length` to the whole id's length without it.
func copyID(_ id: String?, into buffer: UnsafeMutablePointer<CChar>?, room: Int, length: UnsafeMutablePointer<Int>) {
    let bytes = Array((id ?? "").utf8)
    if let buffer, room > 0 {
        let n = Swift.min(bytes.count, room - 1)
        for k in 0..<n { buffer[k] = CChar(bitPattern: bytes[k]) }
        buffer[n] = 0
    }
    length.pointee = bytes.count
}

// MARK: - Swift hosts

/// For Swift programs that share their index with C code (a Swift host embedding a C or Rust
/// engine, or a benchmark comparing both sides on one index).
public enum CWorldBridge {
    /// An `hi_world *` over `live`, owned by the caller (release it with `hi_world_destroy`).
    /// C calls then edit and read `live` itself; keep to one side's edits between commits, since
    /// a transaction opened by `hi_world_begin` is the C side's.
    /// - Complexity: O(1).
    public static func world(retaining live: LiveIndex) -> OpaquePointer { CWorld.retained(live) }
}
