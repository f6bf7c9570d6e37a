/// Where an inserted or moved view goes among its new siblings.
public enum SiblingPosition: Hashable, Sendable {
    /// In front of every sibling.
    case front
    /// Behind every sibling.
    case back
    /// At this index of the subviews (0 = back-most), counted without the view itself.
    case index(Int)
    /// Directly in front of this sibling.
    case above(ViewHandle)
    /// Directly behind this sibling.
    case below(ViewHandle)
}

/// The edits. Each checks everything first and changes nothing when it is invalid: it then
/// returns nil (or false) and the open transaction is rejected by ``LiveIndex/commit()``.
extension LiveIndex {
    // MARK: - Inserting

    /// Inserts `view` and its subviews (model objects, read once and not kept) under `parent`.
    /// The views keep their ids, attributes, predicates and redirects (a redirect names one of
    /// the new views or a live view with the target's id).
    /// - Returns: the new view's handle; nil when the edit is invalid.
    /// - Complexity: O(m) for m new views, plus O(log k) for the k siblings.
    @discardableResult
    public func insert(
        _ view: View, into parent: ViewHandle, at position: SiblingPosition = .front, userValue: UInt64 = 0
    ) -> ViewHandle? {
        edit { () throws(EditProblem) -> ViewHandle in
            let p = try live(parent)
            guard !(view is Window) else {
                throw EditProblem(view: view.id, field: "", message: "a window is inserted with insertWindow")
            }
            let index = try resolve(position, in: p, moving: nil)
            do throws(SceneError) {
                try store.validate([view])
            } catch {
                throw EditProblem(error, view: view.id)
            }
            if view.subviews.isEmpty && view.redirectTarget == nil {
                // One leaf, the common insert: written as `createView` writes one, the same
                // state as the bulk path's, without the arrays that path sets up for a subtree.
                let slot = store.allocateSlot()
                store.writeAttributes(view.attributes, to: slot)
                _ = store.setID(view.id, of: slot)
                if let predicate = view.hitPredicate { store.setPredicate(slot, predicate) }
                store.state.records.update(slot.index) { $0.userValue = userValue }
                store.refreshReach(slot)
                store.attach(slot, to: p, at: index)
                return handle(slot)
            }
            // Safe to force: validate checked everything materialize checks.
            let root = try! store.materialize([view]).roots[0]
            store.state.records.update(root.index) { $0.userValue = userValue }
            store.attach(root, to: p, at: index)
            return handle(root)
        }
    }

    /// Inserts a window (with its views) at its `windowLevel`, in front of the windows of that
    /// level.
    /// - Returns: the window's handle; nil when the edit is invalid.
    /// - Complexity: O(m) for m new views, plus O(log w) for w windows.
    @discardableResult
    public func insertWindow(_ window: Window, userValue: UInt64 = 0) -> ViewHandle? {
        edit { () throws(EditProblem) -> ViewHandle in
            do throws(SceneError) {
                try store.validate([window], levels: [window.windowLevel])
            } catch {
                throw EditProblem(error, view: window.id)
            }
            let order = store.state.counts.windowOrder
            store.state.counts.windowOrder += 1
            let root = try! store.materialize([window], firstWindowOrder: order).roots[0]
            store.state.records.update(root.index) { $0.userValue = userValue }
            store.attach(root, to: Slot.screen, at: store.windowPosition(level: window.windowLevel, order: order))
            return handle(root)
        }
    }

    /// Creates one view with these attributes under `parent`.
    /// - Returns: its handle; nil when the edit is invalid.
    /// - Complexity: O(log k) for the k siblings, plus box upkeep.
    @discardableResult
    public func createView(
        _ attributes: ViewAttributes, id: String? = nil, in parent: ViewHandle, at position: SiblingPosition = .front,
        userValue: UInt64 = 0
    ) -> ViewHandle? {
        edit { () throws(EditProblem) -> ViewHandle in
            let p = try live(parent)
            let index = try resolve(position, in: p, moving: nil)
            let label = id ?? "new view"
            do throws(SceneError) {
                try attributes.validate(id: label)
            } catch {
                throw EditProblem(error, view: label)
            }
            if let id, !id.isEmpty, store.slot(withID: id) != nil {
                throw EditProblem(view: id, field: "id", message: "duplicate id")
            }
            let slot = store.allocateSlot()
            store.writeAttributes(attributes, to: slot)
            _ = store.setID(id, of: slot)
            store.state.records.update(slot.index) { $0.userValue = userValue }
            store.refreshReach(slot)
            store.attach(slot, to: p, at: index)
            return handle(slot)
        }
    }

    /// Creates one window with these attributes at `level`, in front of the windows of that
    /// level.
    /// - Returns: its handle; nil when the edit is invalid.
    /// - Complexity: O(log w) for w windows, plus box upkeep.
    @discardableResult
    public func createWindow(
        _ attributes: ViewAttributes, level: Double = 0, id: String? = nil, userValue: UInt64 = 0
    ) -> ViewHandle? {
        edit { () throws(EditProblem) -> ViewHandle in
            let label = id ?? "new window"
            if let p = attributes.problem(level: level) {
                throw EditProblem(view: label, field: p.field, message: p.message)
            }
            if let id, !id.isEmpty, store.slot(withID: id) != nil {
                throw EditProblem(view: id, field: "id", message: "duplicate id")
            }
            let order = store.state.counts.windowOrder
            store.state.counts.windowOrder += 1
            let slot = store.allocateSlot()
            store.writeAttributes(attributes, to: slot)
            _ = store.setID(id, of: slot)
            store.state.records.update(slot.index) {
                $0.userValue = userValue
                $0.flags.insert(.window)
            }
            store.updateRare(slot) { rare in
                rare.isWindow = true
                rare.level = level
                rare.order = order
            }
            store.refreshReach(slot)
            store.attach(slot, to: Slot.screen, at: store.windowPosition(level: level, order: order))
            return handle(slot)
        }
    }

    /// The index `position` names among `parent`'s subviews, counted without `moving`.
    private func resolve(_ position: SiblingPosition, in parent: Slot, moving: Slot?) throws(EditProblem)
        -> Int
    {
        let inParent = moving.map { store.parent(of: $0) == parent } ?? false
        let count = store.childCount(parent) - (inParent ? 1 : 0)
        func sibling(_ h: ViewHandle) throws(EditProblem) -> Int {
            let s = try live(h, field: "sibling")
            guard store.parent(of: s) == parent, s != moving else {
                throw EditProblem(
                    view: name(s), field: "sibling", message: "not another subview of \"\(name(parent))\"")
            }
            var index = store.position(of: s)
            if let moving, inParent, store.position(of: moving) < index { index -= 1 }
            return index
        }
        switch position {
        case .front: return count
        case .back: return 0
        case .index(let k):
            guard k >= 0 && k <= count else {
                throw EditProblem(
                    view: name(parent), field: "at", message: "expected a position from 0 to \(count), got \(k)")
            }
            return k
        case .above(let s): return try sibling(s) + 1
        case .below(let s): return try sibling(s)
        }
    }

    // MARK: - Removing and moving

    /// Removes a view (a window too) with its subviews; handles to them become stale. A view whose
    /// redirect named one of them loses it, as a weak reference would.
    /// - Returns: false when the edit is invalid.
    /// - Complexity: O(m) for the m removed views, plus O(log k) for the k siblings.
    @discardableResult
    public func remove(_ view: ViewHandle) -> Bool {
        edit { () throws(EditProblem) -> Void in
            store.removeSubtree(try live(view))
        } != nil
    }

    /// Removes a view with its subviews as ``remove(_:)`` does, and calls `removed` with every
    /// handle the removal makes stale — the view first, each view before its subviews — so that
    /// an engine can drop its own records of them. Nothing is called for an invalid edit. The
    /// handles are stale from here on in this transaction; if it is discarded or rejected, the
    /// views come back with the same handles.
    /// - Returns: false when the edit is invalid.
    /// - Complexity: O(m) for the m removed views, plus O(log k) for the k siblings.
    @discardableResult
    public func remove(_ view: ViewHandle, reporting removed: (ViewHandle) -> Void) -> Bool {
        edit { () throws(EditProblem) -> Void in
            store.removeSubtree(try live(view)) { slot, generation in
                removed(ViewHandle(slot, generation: generation))
            }
        } != nil
    }

    /// Moves a view (with its subviews) under `parent` at `position`. Windows are not moved: set
    /// their level.
    /// - Returns: false when the edit is invalid (a stale handle, a window, a cycle, a bad
    ///   position).
    /// - Complexity: O(log k) for each place's siblings, plus O(depth) for the cycle check and box
    ///   upkeep.
    @discardableResult
    public func move(_ view: ViewHandle, into parent: ViewHandle, at position: SiblingPosition = .front) -> Bool {
        edit { () throws(EditProblem) -> Void in
            let v = try live(view)
            let p = try live(parent, field: "into", of: v)
            guard !store.rare(of: v).isWindow else {
                throw EditProblem(view: name(v), field: "", message: "a window is not moved (set its level)")
            }
            guard !store.isAncestor(v, of: p) else {
                throw EditProblem(
                    view: name(v), field: "into", message: "\"\(name(p))\" is the view itself or one of its subviews")
            }
            let index = try resolve(position, in: p, moving: v)
            store.move(v, to: p, at: index)
        } != nil
    }

    /// Moves a view in front of its siblings.
    /// - Returns: false when the edit is invalid.
    /// - Complexity: as ``move(_:into:at:)``.
    @discardableResult
    public func bringToFront(_ view: ViewHandle) -> Bool {
        reorder(view, .front)
    }

    /// Moves a view behind its siblings.
    /// - Returns: false when the edit is invalid.
    /// - Complexity: as ``move(_:into:at:)``.
    @discardableResult
    public func sendToBack(_ view: ViewHandle) -> Bool {
        reorder(view, .back)
    }

    private func reorder(_ view: ViewHandle, _ position: SiblingPosition) -> Bool {
        guard contains(view), let parent = superview(of: view) else {
            return move(view, into: view, at: position)  // records the problem with the same checks
        }
        return move(view, into: parent, at: position)
    }

    // MARK: - Attributes

    /// Sets all of a view's attributes at once.
    /// - Returns: false when the edit is invalid (a stale handle, a value a scene file refuses).
    /// - Complexity: O(1) plus box upkeep.
    @discardableResult
    public func setAttributes(_ view: ViewHandle, _ attributes: ViewAttributes) -> Bool {
        edit { () throws(EditProblem) -> Void in
            let v = try live(view)
            if let p = attributes.problem() { throw EditProblem(view: name(v), field: p.field, message: p.message) }
            store.setAttributes(attributes, of: v)
        } != nil
    }

    /// Sets one attribute: `live.set(button, \.isHidden, true)`.
    /// - Returns: false when the edit is invalid.
    /// - Complexity: O(1) plus box upkeep.
    @discardableResult
    public func set<T>(_ view: ViewHandle, _ attribute: WritableKeyPath<ViewAttributes, T>, _ value: T) -> Bool {
        update(view) { $0[keyPath: attribute] = value }
    }

    /// Changes a view's attributes in place.
    /// - Returns: false when the edit is invalid.
    /// - Complexity: O(1) plus box upkeep.
    @discardableResult
    public func update(_ view: ViewHandle, _ body: (inout ViewAttributes) -> Void) -> Bool {
        edit { () throws(EditProblem) -> Void in
            let v = try live(view)
            var a = store.attributes(of: v)
            body(&a)
            if let p = a.problem() { throw EditProblem(view: name(v), field: p.field, message: p.message) }
            store.setAttributes(a, of: v)
        } != nil
    }

    /// Sets a view's frame as UIKit does: `bounds.size` and `center` (by the anchor point), the
    /// scroll offset kept. Refused on a view with a transform, as in a scene file.
    /// - Returns: false when the edit is invalid.
    /// - Complexity: O(1) plus box upkeep.
    @discardableResult
    public func setFrame(_ view: ViewHandle, _ frame: Rect) -> Bool {
        edit { () throws(EditProblem) -> Void in
            let v = try live(view)
            var a = store.attributes(of: v)
            let numbers = [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height]
            guard numbers.allSatisfy(\.isFinite) else {
                throw EditProblem(view: name(v), field: "frame", message: "expected 4 finite numbers, got \(numbers)")
            }
            guard a.transform.isIdentity else {
                throw EditProblem(
                    view: name(v), field: "frame",
                    message: "not allowed together with a non-identity transform (give bounds and center)")
            }
            a.bounds.size = frame.size
            a.center = Point(
                x: frame.origin.x + a.anchorPoint.x * frame.size.width,
                y: frame.origin.y + a.anchorPoint.y * frame.size.height)
            if let p = a.problem() { throw EditProblem(view: name(v), field: p.field, message: p.message) }
            store.setAttributes(a, of: v)
        } != nil
    }

    /// Scrolls a view: sets `bounds.origin`. Its subviews' boxes live in its bounds space, so
    /// this costs the same whatever it holds.
    /// - Returns: false when the edit is invalid.
    /// - Complexity: O(1) (plus box upkeep when the view searches outside its bounds).
    @discardableResult
    public func scroll(_ view: ViewHandle, to origin: Point) -> Bool {
        update(view) { $0.bounds.origin = origin }
    }

    /// Sets or clears a view's redirect target (a live view). The redirect lasts while the
    /// target lives.
    /// - Returns: false when the edit is invalid.
    /// - Complexity: O(1) plus box upkeep.
    @discardableResult
    public func setRedirect(_ view: ViewHandle, to target: ViewHandle?) -> Bool {
        edit { () throws(EditProblem) -> Void in
            let v = try live(view)
            let t = try target.map { (h: ViewHandle) throws(EditProblem) -> Slot in
                try live(h, field: "redirectTarget", of: v)
            }
            store.setRedirect(v, to: t)
            store.propagate(from: v)
        } != nil
    }

    /// Sets or clears a view's custom predicate, called with the point in the view's bounds space
    /// after its shape test passes; it can only narrow the hit area.
    /// - Returns: false when the edit is invalid.
    /// - Complexity: O(1) plus box upkeep.
    @discardableResult
    public func setPredicate(_ view: ViewHandle, _ predicate: (@Sendable (Point) -> Bool)?) -> Bool {
        edit { () throws(EditProblem) -> Void in
            let v = try live(view)
            store.setPredicate(v, predicate)
            store.propagate(from: v)
        } != nil
    }

    /// Sets the value returned with hits on this view.
    /// - Returns: false when the edit is invalid.
    /// - Complexity: O(1).
    @discardableResult
    public func setUserValue(_ view: ViewHandle, _ value: UInt64) -> Bool {
        edit { () throws(EditProblem) -> Void in
            let v = try live(view)
            store.state.records.update(v.index) { $0.userValue = value }
        } != nil
    }

    /// Sets or clears a view's id (unique among live views; an empty id clears it).
    /// - Returns: false when the edit is invalid.
    /// - Complexity: O(length) expected.
    @discardableResult
    public func setID(_ view: ViewHandle, _ id: String?) -> Bool {
        edit { () throws(EditProblem) -> Void in
            let v = try live(view)
            let before = name(v)
            guard store.setID(id, of: v) else {
                throw EditProblem(
                    view: before, field: "id", message: "duplicate id (\"\(id ?? "")\" names another view)")
            }
        } != nil
    }

    /// Sets a window's level; it moves in front of the windows of its new level that were inserted
    /// before it, behind those inserted after it.
    /// - Returns: false when the edit is invalid (not a window, a non-finite level).
    /// - Complexity: O(log w) for w windows.
    @discardableResult
    public func setLevel(_ window: ViewHandle, _ level: Double) -> Bool {
        edit { () throws(EditProblem) -> Void in
            let w = try live(window)
            let rare = store.rare(of: w)
            guard rare.isWindow else { throw EditProblem(view: name(w), field: "level", message: "not a window") }
            guard level.isFinite else {
                throw EditProblem(view: name(w), field: "level", message: "expected a finite number, got \(level)")
            }
            store.detach(w)
            store.updateRare(w) { $0.level = level }
            store.attach(w, to: Slot.screen, at: store.windowPosition(level: level, order: rare.order))
        } != nil
    }
}
