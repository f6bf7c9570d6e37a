// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (The C API's functions keep the header's names: `@implementation` matches them by name.)

import CHitIndex
import HitIndex
import HitIndexSceneFormat

// The writer's side of the C API: transactions and edits. Every edit goes through `edit`, which
// enforces the header's transaction rules in one place.

extension ViewHandle {
    /// A C handle as the index's, given the tag of the world (or snapshot) it is used with. A
    /// handle of another world, the zero handle among them, becomes one that names no view
    /// (``Slot/none``), so that every check refuses it as stale.
    init(_ view: hi_view, world tag: UInt32) {
        self.init(view.world == tag ? Slot(rawValue: view.slot) : .none, generation: view.generation)
    }
}

extension hi_view {
    /// The index's handle as C's, tagged with its world.
    init(_ handle: ViewHandle, world tag: UInt32) {
        self.init(slot: handle.storeSlot.rawValue, generation: handle.generation, world: tag)
    }

    /// Whether this is the zero handle (no view of any world).
    package var isZero: Bool { slot == 0 && generation == 0 && world == 0 }
}

/// How messages name a C handle: `#slot.generation`, with its world when that is not `tag`.
func describe(_ view: hi_view, world tag: UInt32) -> String {
    if view.isZero { return "the zero handle" }
    let name = "#\(view.slot).\(view.generation)"
    return view.world == tag ? name : "\(name) of world \(view.world)"
}

/// The refusal for a handle that names no view of the world or snapshot tagged `tag`.
func staleMessage(_ view: hi_view, world tag: UInt32, of owner: String = "this world") -> String {
    if view.isZero { return "the zero handle names no view" }
    if view.world != tag { return "\(describe(view, world: tag)) is a handle of another world, not of \(owner)" }
    return "\(describe(view, world: tag)) names no live view of \(owner) (stale or unknown)"
}

/// Runs one edit of `function` on the world at `pointer`: refuses it without an open
/// transaction or after a rejection; otherwise runs `body`, which returns false (or throws a
/// C-layer refusal) when the edit is invalid. A failure names the edit and is HI_ERROR_STALE
/// when one of `handles` names no live view, HI_ERROR_INVALID otherwise. The first of `handles`
/// is the view edited, which a C-layer refusal names, unless `creates` (it is then the parent).
private func edit(
    _ function: String, _ pointer: OpaquePointer?, handles: [hi_view] = [], creates: Bool = false,
    _ body: (LiveIndex) throws(CError) -> Bool
) -> hi_status {
    guard let pointer else { return null(function, "world") }
    let w = world(pointer)
    guard w.isOpen else {
        return fail(HI_ERROR_TRANSACTION, "\(function): no transaction is open (call hi_world_begin first)")
    }
    if let refusal = w.refusal ?? w.live.pendingError?.description {
        return fail(HI_ERROR_REJECTED, "\(function): the transaction is already rejected: \(refusal)")
    }
    // Taken before the edit: a successful removal makes its own handle stale.
    let tag = w.live.tag
    let stale = handles.first { !w.live.contains(ViewHandle($0, world: tag)) }
    // A handle of another world is refused here, in words the index could not give it (it sees
    // only a handle that names no view); the refusal rejects the transaction as the index's do.
    if let stale, stale.world != tag {
        w.refusal = "\(function): edit \(w.live.editsInTransaction): \(staleMessage(stale, world: tag))"
        return fail(HI_ERROR_STALE, w.refusal!)
    }
    do {
        if try body(w.live) { return HI_OK }
    } catch {
        // Refused before the index saw it: recorded as the transaction's failure, a stale handle
        // first, as the index would have named it, and numbered and named as the index's are.
        let (status, message) =
            stale.map { (HI_ERROR_STALE, staleMessage($0, world: tag)) }
            ?? (error.status, error.message)
        var parts = ["\(function)", "edit \(w.live.editsInTransaction)"]
        if stale == nil, !creates, let first = handles.first {
            let h = ViewHandle(first, world: tag)
            parts.append("view \"\(w.live.id(of: h) ?? "\(h)")\"")
        }
        w.refusal = (parts + [message]).joined(separator: ": ")
        return fail(status, w.refusal!)
    }
    // Safe to force: a false return records the index's failure.
    return fail(stale == nil ? HI_ERROR_INVALID : HI_ERROR_STALE, "\(function): \(w.live.pendingError!)")
}

/// The handles a position names: its sibling for HI_ABOVE and HI_BELOW.
private func handles(_ p: hi_position) -> [hi_view] {
    p.place == HI_ABOVE || p.place == HI_BELOW ? [p.sibling] : []
}

/// A C position as the index's, its sibling in the world tagged `tag`.
private func position(_ p: hi_position, world tag: UInt32) throws(CError) -> SiblingPosition {
    switch p.place {
    case HI_FRONT: return .front
    case HI_BACK: return .back
    case HI_AT_INDEX:
        // An index beyond Int's range is refused by the index as out of range.
        return .index(Int(truncatingIfNeeded: p.index))
    case HI_ABOVE: return .above(ViewHandle(p.sibling, world: tag))
    case HI_BELOW: return .below(ViewHandle(p.sibling, world: tag))
    default: throw CError(HI_ERROR_INVALID, "position: place: expected 0 to 4, got \(p.place.rawValue)")
    }
}

// MARK: - Transactions

@c @implementation
public func hi_world_begin(_ pointer: OpaquePointer?) -> hi_status {
    guard let pointer else { return null("hi_world_begin", "world") }
    let w = world(pointer)
    guard !w.isOpen else {
        return fail(HI_ERROR_TRANSACTION, "hi_world_begin: a transaction is already open (commit or discard it)")
    }
    // Edits a Swift host made through CWorldBridge would otherwise join this transaction.
    guard !w.live.hasPendingEdits else {
        return fail(HI_ERROR_TRANSACTION, "hi_world_begin: the index has uncommitted edits made from Swift")
    }
    w.isOpen = true
    return HI_OK
}

@c @implementation
public func hi_world_commit(_ pointer: OpaquePointer?, _ outSnapshot: UnsafeMutablePointer<OpaquePointer?>?)
    -> hi_status
{
    guard let pointer else { return null("hi_world_commit", "world") }
    let w = world(pointer)
    guard w.isOpen else { return fail(HI_ERROR_TRANSACTION, "hi_world_commit: no transaction is open") }
    w.isOpen = false
    if let refusal = w.refusal {
        w.refusal = nil
        w.live.discard()
        return fail(HI_ERROR_REJECTED, "hi_world_commit: the transaction was rejected: \(refusal)")
    }
    do {
        let published = try w.live.commit()
        outSnapshot?.pointee = OpaquePointer(Unmanaged.passRetained(published).toOpaque())
        return HI_OK
    } catch {
        return fail(HI_ERROR_REJECTED, "hi_world_commit: the transaction was rejected: \(error)")
    }
}

@c @implementation
public func hi_world_discard(_ pointer: OpaquePointer?) -> hi_status {
    guard let pointer else { return null("hi_world_discard", "world") }
    let w = world(pointer)
    // Without a transaction of C's, nothing of C's is pending (a Swift host's edits are its own).
    guard w.isOpen else { return HI_OK }
    w.live.discard()
    w.isOpen = false
    w.refusal = nil
    return HI_OK
}

@c @implementation
public func hi_world_compact(_ pointer: OpaquePointer?) -> hi_status {
    edit("hi_world_compact", pointer) { live in
        live.compact()
        return true
    }
}

// MARK: - Creating, removing, moving

@c @implementation
public func hi_world_create_view(
    _ pointer: OpaquePointer?, _ parent: hi_view, _ place: hi_position, _ def: UnsafePointer<hi_view_def>?,
    _ outView: UnsafeMutablePointer<hi_view>?
) -> hi_status {
    guard let def else {
        return pointer == nil ? null("hi_world_create_view", "world") : null("hi_world_create_view", "def")
    }
    return edit("hi_world_create_view", pointer, handles: [parent] + handles(place), creates: true) {
        live throws(CError) in
        let a = try attributes(def.pointee).get()
        let name = try id(def.pointee.id).get()
        let at = try position(place, world: live.tag)
        guard
            let made = live.createView(
                a, id: name, in: ViewHandle(parent, world: live.tag), at: at, userValue: def.pointee.user_value)
        else { return false }
        outView?.pointee = hi_view(made, world: live.tag)
        return true
    }
}

@c @implementation
public func hi_world_create_window(
    _ pointer: OpaquePointer?, _ def: UnsafePointer<hi_view_def>?, _ outView: UnsafeMutablePointer<hi_view>?
) -> hi_status {
    guard let def else {
        return pointer == nil ? null("hi_world_create_window", "world") : null("hi_world_create_window", "def")
    }
    return edit("hi_world_create_window", pointer) { live throws(CError) in
        let a = try attributes(def.pointee).get()
        let name = try id(def.pointee.id).get()
        guard
            let made = live.createWindow(
                a, level: def.pointee.window_level, id: name, userValue: def.pointee.user_value)
        else { return false }
        outView?.pointee = hi_view(made, world: live.tag)
        return true
    }
}

@c @implementation
public func hi_world_remove_view(_ pointer: OpaquePointer?, _ view: hi_view) -> hi_status {
    edit("hi_world_remove_view", pointer, handles: [view]) { $0.remove(ViewHandle(view, world: $0.tag)) }
}

@c @implementation
public func hi_world_remove_view_reporting(
    _ pointer: OpaquePointer?, _ view: hi_view, _ removed: hi_removed_visitor?, _ context: UnsafeMutableRawPointer?
) -> hi_status {
    edit("hi_world_remove_view_reporting", pointer, handles: [view]) { live in
        // The index reports only a valid removal, during the edit: the caller hears nothing for
        // a refused one.
        live.remove(ViewHandle(view, world: live.tag)) { removed?(context, hi_view($0, world: live.tag)) }
    }
}

@c @implementation
public func hi_world_move_view(_ pointer: OpaquePointer?, _ view: hi_view, _ parent: hi_view, _ place: hi_position)
    -> hi_status
{
    edit("hi_world_move_view", pointer, handles: [view, parent] + handles(place)) { live throws(CError) in
        live.move(
            ViewHandle(view, world: live.tag), into: ViewHandle(parent, world: live.tag),
            at: try position(place, world: live.tag))
    }
}

// MARK: - Attributes

/// Changes one attribute of a live view: `body` edits the attributes in place and may refuse.
private func update(
    _ function: String, _ pointer: OpaquePointer?, _ view: hi_view,
    _ body: (inout ViewAttributes) throws(CError) -> Void
) -> hi_status {
    edit(function, pointer, handles: [view]) { live throws(CError) in
        let handle = ViewHandle(view, world: live.tag)
        // A stale handle is the index's refusal, recorded by an update that changes nothing.
        guard var a = live.attributes(of: handle) else { return live.update(handle) { _ in } }
        try body(&a)
        return live.setAttributes(handle, a)
    }
}

@c @implementation
public func hi_world_scroll(_ pointer: OpaquePointer?, _ view: hi_view, _ x: Double, _ y: Double) -> hi_status {
    edit("hi_world_scroll", pointer, handles: [view]) {
        $0.scroll(ViewHandle(view, world: $0.tag), to: Point(x: x, y: y))
    }
}

@c @implementation
public func hi_world_set_attributes(_ pointer: OpaquePointer?, _ view: hi_view, _ def: UnsafePointer<hi_view_def>?)
    -> hi_status
{
    guard let def else {
        return pointer == nil ? null("hi_world_set_attributes", "world") : null("hi_world_set_attributes", "def")
    }
    return edit("hi_world_set_attributes", pointer, handles: [view]) { live throws(CError) in
        let a = try attributes(def.pointee).get()
        let handle = ViewHandle(view, world: live.tag)
        return live.setAttributes(handle, a) && live.setUserValue(handle, def.pointee.user_value)
    }
}

@c @implementation
public func hi_world_set_frame(_ pointer: OpaquePointer?, _ view: hi_view, _ frame: hi_rect) -> hi_status {
    edit("hi_world_set_frame", pointer, handles: [view]) {
        $0.setFrame(
            ViewHandle(view, world: $0.tag), Rect(x: frame.x, y: frame.y, width: frame.width, height: frame.height))
    }
}

@c @implementation
public func hi_world_set_bounds(_ pointer: OpaquePointer?, _ view: hi_view, _ bounds: hi_rect) -> hi_status {
    update("hi_world_set_bounds", pointer, view) {
        $0.bounds = Rect(x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height)
    }
}

@c @implementation
public func hi_world_set_center(_ pointer: OpaquePointer?, _ view: hi_view, _ center: hi_point) -> hi_status {
    update("hi_world_set_center", pointer, view) { $0.center = Point(x: center.x, y: center.y) }
}

@c @implementation
public func hi_world_set_anchor_point(_ pointer: OpaquePointer?, _ view: hi_view, _ anchor: hi_point) -> hi_status {
    update("hi_world_set_anchor_point", pointer, view) { $0.anchorPoint = Point(x: anchor.x, y: anchor.y) }
}

@c @implementation
public func hi_world_set_transform(_ pointer: OpaquePointer?, _ view: hi_view, _ t: hi_transform) -> hi_status {
    update("hi_world_set_transform", pointer, view) {
        $0.transform = AffineTransform(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty)
    }
}

@c @implementation
public func hi_world_set_hidden(_ pointer: OpaquePointer?, _ view: hi_view, _ hidden: Bool) -> hi_status {
    update("hi_world_set_hidden", pointer, view) { $0.isHidden = hidden }
}

@c @implementation
public func hi_world_set_alpha(_ pointer: OpaquePointer?, _ view: hi_view, _ alpha: Float) -> hi_status {
    update("hi_world_set_alpha", pointer, view) { $0.alpha = alpha }
}

@c @implementation
public func hi_world_set_user_interaction_enabled(_ pointer: OpaquePointer?, _ view: hi_view, _ enabled: Bool)
    -> hi_status
{
    update("hi_world_set_user_interaction_enabled", pointer, view) { $0.isUserInteractionEnabled = enabled }
}

@c @implementation
public func hi_world_set_hit_test_insets(_ pointer: OpaquePointer?, _ view: hi_view, _ i: hi_insets) -> hi_status {
    update("hi_world_set_hit_test_insets", pointer, view) {
        $0.hitTestInsets = EdgeInsets(top: i.top, left: i.left, bottom: i.bottom, right: i.right)
    }
}

@c @implementation
public func hi_world_set_minimum_hit_size(_ pointer: OpaquePointer?, _ view: hi_view, _ width: Double, _ height: Double)
    -> hi_status
{
    update("hi_world_set_minimum_hit_size", pointer, view) { $0.minimumHitSize = Size(width: width, height: height) }
}

@c @implementation
public func hi_world_set_shape(_ pointer: OpaquePointer?, _ view: hi_view, _ kind: hi_shape, _ radius: Double)
    -> hi_status
{
    update("hi_world_set_shape", pointer, view) { a throws(CError) in
        a.hitShape = try shape(kind, radius: radius).get()
    }
}

@c @implementation
public func hi_world_set_hit_tests_subviews_outside_bounds(_ pointer: OpaquePointer?, _ view: hi_view, _ value: Bool)
    -> hi_status
{
    update("hi_world_set_hit_tests_subviews_outside_bounds", pointer, view) {
        $0.hitTestsSubviewsOutsideBounds = value
    }
}

@c @implementation
public func hi_world_set_pass_through(_ pointer: OpaquePointer?, _ view: hi_view, _ value: Bool) -> hi_status {
    update("hi_world_set_pass_through", pointer, view) { $0.isPassThrough = value }
}

@c @implementation
public func hi_world_set_user_value(_ pointer: OpaquePointer?, _ view: hi_view, _ value: UInt64) -> hi_status {
    edit("hi_world_set_user_value", pointer, handles: [view]) {
        $0.setUserValue(ViewHandle(view, world: $0.tag), value)
    }
}

@c @implementation
public func hi_world_set_id(_ pointer: OpaquePointer?, _ view: hi_view, _ raw: UnsafePointer<CChar>?) -> hi_status {
    edit("hi_world_set_id", pointer, handles: [view]) { live throws(CError) in
        live.setID(ViewHandle(view, world: live.tag), try id(raw).get())
    }
}

@c @implementation
public func hi_world_set_window_level(_ pointer: OpaquePointer?, _ view: hi_view, _ level: Double) -> hi_status {
    edit("hi_world_set_window_level", pointer, handles: [view]) { $0.setLevel(ViewHandle(view, world: $0.tag), level) }
}

@c @implementation
public func hi_world_set_redirect(_ pointer: OpaquePointer?, _ view: hi_view, _ target: hi_view) -> hi_status {
    edit("hi_world_set_redirect", pointer, handles: target.isZero ? [view] : [view, target]) { live in
        live.setRedirect(
            ViewHandle(view, world: live.tag), to: target.isZero ? nil : ViewHandle(target, world: live.tag))
    }
}

/// A C predicate with its context; releases the context when the last state or snapshot that
/// could call it lets it go.
private final class CPredicate: @unchecked Sendable {
    // @unchecked Sendable: the fields never change; the header makes the caller's predicate and
    // context safe to call from any thread.
    let call: hi_predicate
    let context: UnsafeMutableRawPointer?
    let release: hi_release?
    let view: hi_view

    init(_ call: hi_predicate, _ context: UnsafeMutableRawPointer?, _ release: hi_release?, view: hi_view) {
        self.call = call
        self.context = context
        self.release = release
        self.view = view
    }

    deinit { release?(context) }
}

@c @implementation
public func hi_world_set_predicate(
    _ pointer: OpaquePointer?, _ view: hi_view, _ predicate: hi_predicate?, _ context: UnsafeMutableRawPointer?,
    _ release: hi_release?
) -> hi_status {
    // Owned from here on: the box releases the context when dropped, also on every failure.
    let box = predicate.map { CPredicate($0, context, release, view: view) }
    if box == nil { release?(context) }
    var closure: (@Sendable (Point) -> Bool)?
    if let box {
        closure = { p in box.call(box.context, box.view, p.x, p.y) }
    }
    return edit("hi_world_set_predicate", pointer, handles: [view]) { live in
        live.setPredicate(ViewHandle(view, world: live.tag), closure)
    }
}
