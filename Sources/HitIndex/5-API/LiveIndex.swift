/// A hit-testing index that changes: one writer edits it in transactions; any number of readers
/// query the immutable snapshots it publishes.
///
/// Edits (insert, remove, move, every attribute, scroll, windows and levels) apply to the
/// writer's state as they are made, each in O(log k) for a container of k subviews plus the
/// upkeep of the boxes above it (which stops at the first ancestor that sees no change). They
/// become visible to queries when ``commit()`` publishes a new ``IndexSnapshot``. A transaction
/// that holds an invalid edit — a stale handle, a cycle, a bad value — is rejected whole by
/// ``commit()``: the edits before it are undone, the ones after it are ignored, and the error
/// names the edit by its position in the transaction and the field.
///
/// Views are named by ``ViewHandle``s, which survive every edit to other views; a handle to a
/// removed view is detected, never confused with a later view in the same slot. Ids are
/// optional. Each view carries a `UInt64` of the caller's, returned with every hit.
///
/// ```swift
/// let live = try LiveIndex(scene)
/// let list = live.handle(forID: "list")!
/// live.scroll(list, to: Point(x: 0, y: 240))
/// live.remove(live.handle(forID: "cell3")!)
/// let snapshot = try live.commit()
/// let hit = snapshot.hitTest(Point(x: 20, y: 300))   // handle and user value
/// ```
///
/// Use the writer from one thread at a time; hand ``snapshots`` to reader threads.
public final class LiveIndex {
    let store: LiveStore
    /// Where readers take the current snapshot.
    public let snapshots: SnapshotSource
    /// What the writer keeps of the open transaction (the store keeps the state it started
    /// from, ``LiveStore/beginTransaction()``).
    private struct Transaction {
        /// Whether a transaction is open.
        var isOpen = false
        /// Edits made in the open transaction.
        var editCount = 0
        /// The version of the snapshot published last.
        var publishedVersion: UInt64 = 0
        /// The first invalid edit of the open transaction.
        var failure: EditError?
    }
    /// Release builds skip the run-time exclusivity check on it, as on the store's state: only
    /// the writer touches it, in methods that hold no access across a call into it.
    #if DEBUG
        private var transaction = Transaction()
    #else
        @exclusivity(unchecked) private var transaction = Transaction()
    #endif

    /// An empty index (no windows), with its first snapshot (version 1) published.
    /// - Complexity: O(1).
    public init() {
        store = LiveStore()
        snapshots = SnapshotSource(IndexSnapshot(store.publish(), arena: store.pager.arena))
        transaction.publishedVersion = snapshots.current().version
    }

    /// An index of `scene`, with its first snapshot (version 1) published. Views take slots in
    /// paint order; every user value is 0.
    /// - Throws: the scene's first violation, as ``Scene/validate()`` names it.
    /// - Complexity: O(n) for n views.
    public init(_ scene: Scene) throws(SceneError) {
        store = LiveStore()
        try store.load(scene)
        snapshots = SnapshotSource(IndexSnapshot(store.publish(), arena: store.pager.arena))
        transaction.publishedVersion = snapshots.current().version
    }

    /// An index of the views `definitions` describe, with its first snapshot (version 1)
    /// published, built without `View` objects: definition `i` gets the handle
    /// ``loadedHandle(_:)`` returns for `i`. Views listed in preorder (each container before its
    /// subviews, siblings back to front) are laid out in paint order, which queries prefer.
    /// - Throws: the first invalid definition — a parent or redirect target out of range, a cycle
    ///   of parents, a duplicate id, or any value a scene file refuses — named by its id, or by
    ///   its input position (`views[i]`) when it has none, with the field.
    ///
    /// The load uses up to `threads` threads (2 at most today: the ids are hashed and ordered on
    /// a second one while the records are written, and a container of 32,768 subviews or more
    /// has its lanes worked out on two); 1 builds on the calling thread alone.
    /// - Complexity: O(n) for n views, plus O(k log k) for each container whose k subviews are not
    ///   listed in ``ViewDefinition/order``.
    public init(views definitions: [ViewDefinition], threads: Int = 2) throws(SceneError) {
        store = LiveStore()
        try store.load(definitions, threads: threads)
        snapshots = SnapshotSource(IndexSnapshot(store.publish(), arena: store.pager.arena))
        transaction.publishedVersion = snapshots.current().version
    }

    /// The handle of the view that definition `i` of ``init(views:threads:)`` created; valid while that
    /// view is in the index (``contains(_:)`` tells).
    /// - Complexity: O(1).
    public static func loadedHandle(_ i: Int) -> ViewHandle {
        precondition(i >= 0 && i < Int(UInt32.max) - 1, "an input position")
        // A fresh store hands out slots in order after the screen's, each at generation 1.
        return ViewHandle(Slot(i + 1), generation: 1)
    }

    /// The snapshot published last.
    /// - Complexity: O(1).
    public var snapshot: IndexSnapshot { snapshots.current() }

    /// Whether edits were made since the last commit or discard.
    /// - Complexity: O(1).
    public var hasPendingEdits: Bool { transaction.isOpen }

    /// How many edits the open transaction holds (the number the next edit's errors give it).
    /// - Complexity: O(1).
    package var editsInTransaction: Int { transaction.editCount }

    /// The first invalid edit of the open transaction, which ``commit()`` will throw.
    /// - Complexity: O(1).
    public var pendingError: EditError? { transaction.failure }

    /// Publishes the edits since the last commit as a new snapshot, or rejects them all when one
    /// was invalid (the state returns to the last commit). A transaction without edits publishes
    /// nothing and returns the current snapshot; ``compact()`` is an edit (one that changes no
    /// answer), so that readers get the compacted layout.
    /// - Throws: the first invalid edit, with its position in the transaction.
    /// - Complexity: O(pages the edits touched), plus freeing what no snapshot can read any more.
    @discardableResult
    public func commit() throws(EditError) -> IndexSnapshot {
        if let failure = transaction.failure {
            discard()
            throw failure
        }
        guard transaction.isOpen else { return snapshot }
        #if DEBUG
            store.checkInvariantsAfterCommit()
        #endif
        let next = IndexSnapshot(store.publish(), arena: store.pager.arena)
        snapshots.publish(next)
        transaction.publishedVersion = next.version
        // Taken out, so that what the saved state alone held (a removed predicate's closure) is
        // released after the access ends, not during it (a deinit may read this index).
        transaction.isOpen = false
        _ = store.takeSavedPredicates()
        transaction.editCount = 0
        return next
    }

    /// Lays the index's memory out again as a fresh build has it, one block per column, so that
    /// queries find records without loading page addresses. Edits copy pages out of that layout
    /// one by one, and after many edits queries pay for it (see docs/architecture.md); an engine
    /// can compact when it is idle. Compaction is an edit of the open transaction that changes
    /// no answer: the next commit publishes a new version with the compacted layout, so readers
    /// get it; snapshots held from before keep their memory.
    /// - Complexity: O(n) for n views: every page is copied once.
    public func compact() {
        _ = edit { () throws(EditProblem) -> Void in store.compact() }
    }

    /// Forgets the edits since the last commit.
    /// - Complexity: O(pages the edits created).
    public func discard() {
        if transaction.isOpen { store.rollback() }
        transaction.isOpen = false
        transaction.editCount = 0
        transaction.failure = nil
    }

    /// Runs one edit of the open transaction: nothing when an earlier edit failed; otherwise
    /// `body`, which checks everything before it changes anything, so a failing edit changes
    /// nothing and is recorded as the transaction's failure.
    func edit<R>(_ body: () throws(EditProblem) -> R) -> R? {
        if !transaction.isOpen {
            store.beginTransaction()
            transaction.isOpen = true
        }
        let position = transaction.editCount
        transaction.editCount += 1
        guard transaction.failure == nil else { return nil }
        do {
            return try body()
        } catch {
            transaction.failure = EditError(
                edit: position, view: error.view, field: error.field, message: error.message)
            return nil
        }
    }

    /// The slot of a live view, or the problem naming the stale handle: as the view edited, or,
    /// for a handle the edit of `owner` refers to (a redirect target, a new superview, a
    /// sibling), in the message of `owner`'s field.
    func live(_ handle: ViewHandle, field: String = "", of owner: Slot? = nil) throws(EditProblem) -> Slot {
        guard store.isLive(handle.storeSlot, generation: handle.generation) else {
            if let owner {
                throw EditProblem(
                    view: name(owner), field: field, message: "\(handle) names no live view (stale or unknown)")
            }
            throw EditProblem(
                view: "\(handle)", field: field, message: "no live view has this handle (stale or unknown)")
        }
        return handle.storeSlot
    }

    /// How errors name a view: its id, else its handle.
    func name(_ slot: Slot) -> String {
        store.id(of: slot) ?? "\(handle(slot))"
    }

    func handle(_ slot: Slot) -> ViewHandle {
        ViewHandle(slot, generation: store.state.records[slot.index].generation)
    }

    // MARK: - Reading the writer's state (edits included, committed or not)

    /// The number of views, windows included.
    /// - Complexity: O(1).
    public var viewCount: Int { store.state.counts.viewCount }

    /// Whether `handle` names a live view.
    /// - Complexity: O(1).
    public func contains(_ handle: ViewHandle) -> Bool { store.isLive(handle.storeSlot, generation: handle.generation) }

    /// The view with this id.
    /// - Complexity: O(length) expected.
    public func handle(forID id: String) -> ViewHandle? { store.slot(withID: id).map(handle) }

    /// A view's id, if it has one.
    /// - Complexity: O(length).
    public func id(of handle: ViewHandle) -> String? { contains(handle) ? store.id(of: handle.storeSlot) : nil }

    /// A view's attributes.
    /// - Complexity: O(1).
    public func attributes(of handle: ViewHandle) -> ViewAttributes? {
        contains(handle) ? store.attributes(of: handle.storeSlot) : nil
    }

    /// A view's user value.
    /// - Complexity: O(1).
    public func userValue(of handle: ViewHandle) -> UInt64? {
        contains(handle) ? store.state.records[handle.storeSlot.index].userValue : nil
    }

    /// A view's superview; nil for a window (and for a handle that names no view).
    /// - Complexity: O(1).
    public func superview(of handle: ViewHandle) -> ViewHandle? {
        guard contains(handle) else { return nil }
        let parent = store.parent(of: handle.storeSlot)
        return parent == Slot.screen ? nil : self.handle(parent)
    }

    /// A view's subviews, back to front.
    /// - Complexity: O(k).
    public func subviews(of handle: ViewHandle) -> [ViewHandle] {
        contains(handle) ? store.children(of: handle.storeSlot).map(self.handle) : []
    }

    /// The windows, back to front (the reverse of the order touches try them).
    /// - Complexity: O(w).
    public var windows: [ViewHandle] { store.children(of: Slot.screen).map(handle) }

    /// Whether `handle` names a live window.
    /// - Complexity: O(1).
    public func isWindow(_ handle: ViewHandle) -> Bool { contains(handle) && store.rare(of: handle.storeSlot).isWindow }

    /// The version of the snapshot published last (1 for the first), read by the writer without
    /// acquiring the snapshot.
    /// - Complexity: O(1).
    public var version: UInt64 { transaction.publishedVersion }

    /// The tag this index's snapshots carry (``IndexSnapshot/tag``).
    /// - Complexity: O(1).
    package var tag: UInt32 { store.tag }

    /// A window's level, or nil when `handle` is not a live window.
    /// - Complexity: O(1).
    public func level(of handle: ViewHandle) -> Double? {
        guard contains(handle) else { return nil }
        let rare = store.rare(of: handle.storeSlot)
        return rare.isWindow ? rare.level : nil
    }

    /// A view's redirect target, while that view lives.
    /// - Complexity: O(1).
    public func redirectTarget(of handle: ViewHandle) -> ViewHandle? {
        guard contains(handle) else { return nil }
        return store.redirectTarget(of: handle.storeSlot).map(self.handle)
    }

    /// Checks every structure of the writer's state (see `LiveStore`) and returns every
    /// violation found; empty when sound. For tests: run it after every edit or commit.
    /// - Complexity: O(n).
    public func invariantViolations() -> [InvariantViolation] { store.invariantViolations() }

    /// Every byte the index keeps allocated, by structure, each marked as read by snapshots or
    /// kept by the writer alone (blocks for held snapshots among the writer's).
    /// - Complexity: O(blocks).
    package var memoryAccount: [MemoryItem] { store.memoryAccount() }
}

/// A rejected transaction: which edit was invalid, and why.
public struct EditError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The edit's position in its transaction, from 0.
    public var edit: Int
    /// The view the edit named (its id, else its handle), or the view being inserted.
    public var view: String
    /// The field (a scene-file key), or an empty string for the edit as a whole.
    public var field: String
    /// What was wrong.
    public var message: String

    /// Creates an error.
    /// - Complexity: O(1).
    public init(edit: Int, view: String, field: String, message: String) {
        self.edit = edit
        self.view = view
        self.field = field
        self.message = message
    }

    /// `edit 3: view "cell7": frame: not allowed together with a non-identity transform`.
    /// - Complexity: O(length of the message).
    public var description: String {
        var parts = ["edit \(edit)", "view \"\(view)\""]
        if !field.isEmpty { parts.append(field) }
        parts.append(message)
        return parts.joined(separator: ": ")
    }
}

/// An invalid edit before it is numbered.
struct EditProblem: Error {
    var view: String
    var field: String
    var message: String

    init(view: String, field: String, message: String) {
        self.view = view
        self.field = field
        self.message = message
    }

    /// A scene error about a view being inserted or edited.
    init(_ error: SceneError, view fallback: String) {
        switch error.location {
        case .view(let id): view = id
        case .path, .document: view = fallback
        }
        field = error.field
        message = error.message
    }
}

extension LiveIndex {
    /// The writer's current state (edits included, committed or not) as an object model: the
    /// windows in the order they were made (the tie-break among equal levels, which the scene's
    /// window order is when read back) with their levels, every view with its attributes, id,
    /// predicate and redirect. A view without an id gets `#slot.generation`, or, when a view
    /// already has that id, the first of `#slot.generation~1`, `~2`, … that none has, so a
    /// written scene always reads back.
    /// - Complexity: O(n), plus sorting the windows.
    public func makeScene() -> Scene {
        let scene = Scene()
        var made: [Slot: View] = [:]
        var redirects: [(View, Slot)] = []
        func generatedID(_ slot: Slot) -> String {
            let base = "\(handle(slot))"
            var name = base
            var k = 0
            // Generated names contain no "~" before the suffix, so two of them never meet; only
            // ids given by the user can take one.
            while store.slot(withID: name) != nil {
                k += 1
                name = "\(base)~\(k)"
            }
            return name
        }
        func make(_ slot: Slot, window: Bool) -> View {
            let a = store.attributes(of: slot)
            let id = store.id(of: slot) ?? generatedID(slot)
            let v: View =
                window
                ? Window(id: id, bounds: a.bounds, center: a.center, level: store.rare(of: slot).level)
                : View(id: id, bounds: a.bounds, center: a.center)
            v.attributes = a
            let e = store.extra(of: slot)
            if e.predicate >= 0 { v.hitPredicate = store.predicates.closures[Int(e.predicate)] }
            if let target = store.redirectTarget(of: slot) { redirects.append((v, target)) }
            made[slot] = v
            return v
        }
        for w in store.children(of: Slot.screen).sorted(by: { store.rare(of: $0).order < store.rare(of: $1).order }) {
            let root = make(w, window: true)
            scene.addWindow(root as! Window)
            var stack = [(w, root)]
            while let (slot, view) = stack.popLast() {
                for c in store.children(of: slot) {
                    let child = make(c, window: false)
                    view.addSubview(child)
                    stack.append((c, child))
                }
            }
        }
        for (v, target) in redirects { v.redirectTarget = made[target] }
        return scene
    }
}
