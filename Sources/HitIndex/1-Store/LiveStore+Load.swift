import Dispatch

/// Loading views into the store in bulk: plain ``ViewDefinition`` records (an engine's tree, or
/// a scene file's), a whole `Scene` model, or one model subtree for an insert edit. Models are
/// turned into definitions first, so every path checks and writes views the same way: each
/// view once, each container's subviews linked in one pass, reach and hierarchies bottom-up.
extension LiveStore {
    /// Creates slots for `definitions` (in input order: definition `i` takes the `i`-th new
    /// slot) with every derived field: attributes, ids, redirects, predicates, user values, each
    /// container's subviews linked in order, reach and hierarchies bottom-up. The roots (the
    /// definitions without a parent) are not linked to a parent. With `firstWindowOrder`, the
    /// roots are windows: each gets its level, and the insertion order `firstWindowOrder` + its
    /// rank by (``ViewDefinition/order``, input position).
    ///
    /// Checks everything a scene file's reader checks, and the structure (parents and redirect
    /// targets in range, no cycle), before it writes anything except ids: the first duplicate id
    /// is found while ids are added. The store is then left half-written, and the caller rolls
    /// back or discards it. `externalRedirects` are redirects to views already in the store.
    /// - Returns: the slots, by input position, and the roots' slots (windows in paint order:
    ///   by level, then insertion order; other roots in input order).
    /// - Complexity: O(n) for n definitions, plus O(k log k) for each container whose k
    ///   subviews are not in input order already.
    func materialize(
        _ definitions: [ViewDefinition], firstWindowOrder: UInt64?,
        externalRedirects: [(input: Int, slot: Slot)] = [], threads: Int = 1
    ) throws(SceneError) -> (slots: [Slot], roots: [Slot]) {
        let plan = try Self.plan(definitions, firstWindowOrder: firstWindowOrder)
        return try write(
            definitions, plan, firstWindowOrder: firstWindowOrder, externalRedirects: externalRedirects,
            threads: threads)
    }

    /// What ``materialize(_:firstWindowOrder:externalRedirects:threads:)`` works out before it
    /// writes anything but ids: the structure, checked, by input position.
    struct LoadPlan {
        /// Each view's subviews are `children[start[i]..<start[i + 1]]`, back to front.
        var start: [Int32]
        var children: [Int32]
        /// Every view, each before its subviews.
        var preorder: [Int32]
        /// The roots, windows in paint order (by level, then rank); other roots in input order.
        var rootInputs: [Int]
        var windowRank: [Int: UInt64]
        var redirects: [(input: Int, target: Int)]
        var links: FreshLinks
    }

    /// Checks `definitions` and works out their structure, touching no store: parents and
    /// subviews, a preorder, the roots in order, the redirects and each view's links.
    /// - Throws: the first violation, as ``materialize(_:firstWindowOrder:externalRedirects:threads:)``
    ///   names it.
    /// - Complexity: O(n), plus O(k log k) for each container whose k subviews are not in input
    ///   order already.
    static func plan(_ definitions: [ViewDefinition], firstWindowOrder: UInt64?) throws(SceneError) -> LoadPlan {
        let n = definitions.count
        precondition(n < Int(Int32.max), "a batch holds fewer than 2^31 views")
        func location(_ i: Int) -> SceneError.Location {
            if let id = definitions[i].id, !id.isEmpty { return .view(id) }
            return .path("views[\(i)]")
        }
        // One pass over the definitions (each is 280 bytes: every extra pass over a million of
        // them streamed another 280 MB): parents and orders into small arrays, the subview
        // counts, the redirects, and the first view whose attributes or redirect are refused.
        // Parent errors are thrown at once; the refused view only after the cycle check, so the
        // first violation is the one the checks, in their order, would name.
        let isWindow = firstWindowOrder != nil
        var parents = [Int32](repeating: -1, count: n)
        var orders = [Int](repeating: 0, count: n)
        var start = [Int32](repeating: 0, count: n + 1)
        var rootInputs: [Int] = []
        var redirects: [(input: Int, target: Int)] = []
        var refused: (input: Int, field: String, message: String)?
        for i in 0..<n {
            orders[i] = definitions[i].order
            if let p = definitions[i].parent {
                guard p >= 0, p < n, p != i else {
                    throw SceneError(
                        location: location(i), field: "parent",
                        message: "expected the position of another view of the input (0..<\(n)) or nil, got \(p)")
                }
                parents[i] = Int32(p)
                start[p + 1] += 1
            } else {
                rootInputs.append(i)
            }
            guard refused == nil else { continue }
            let level = isWindow && parents[i] < 0 ? definitions[i].windowLevel : nil
            if let problem = definitions[i].attributes.problem(level: level) {
                refused = (i, problem.field, problem.message)
            } else if let r = definitions[i].redirectTarget {
                if (0..<n).contains(r) {
                    redirects.append((i, r))
                } else {
                    refused = (
                        i, "redirectTarget", "expected the position of a view of the input (0..<\(n)), got \(r)"
                    )
                }
            }
        }
        for i in 0..<n { start[i + 1] += start[i] }
        // Each container's subviews, as one array of input positions with an offset per view.
        var children = [Int32](repeating: 0, count: n - rootInputs.count)
        do {
            var fill = start
            for i in 0..<n where parents[i] >= 0 {
                let p = Int(parents[i])
                children[Int(fill[p])] = Int32(i)
                fill[p] += 1
            }
        }
        // Back to front by order, ties in input order (a stable sort only where needed).
        for c in 0..<n where start[c + 1] - start[c] > 1 {
            let range = Int(start[c])..<Int(start[c + 1])
            var sorted = true
            for k in range.dropFirst() where orders[Int(children[k])] < orders[Int(children[k - 1])] {
                sorted = false
                break
            }
            if !sorted {
                let order = children[range].sorted { (orders[Int($0)], $0) < (orders[Int($1)], $1) }
                children.replaceSubrange(range, with: order)
            }
        }
        // Every view must hang from a root: one that does not is on, or under, a parent cycle.
        var preorder: [Int32] = []
        preorder.reserveCapacity(n)
        var stack = rootInputs.map { Int32($0) }
        while let v = stack.popLast() {
            preorder.append(v)
            stack.append(contentsOf: children[Int(start[Int(v)])..<Int(start[Int(v) + 1])])
        }
        if preorder.count < n {
            var reached = [Bool](repeating: false, count: n)
            for v in preorder { reached[Int(v)] = true }
            let i = reached.firstIndex(of: false)!
            throw SceneError(
                location: location(i), field: "parent",
                message: "its superviews never reach a window: a cycle of parents")
        }
        if let (i, field, message) = refused {
            throw SceneError(location: location(i), field: field, message: message)
        }
        // Windows: insertion order by (order, input position); paint order by level, then that.
        var windowRank: [Int: UInt64] = [:]
        if isWindow {
            let byOrder = rootInputs.sorted { (definitions[$0].order, $0) < (definitions[$1].order, $1) }
            for (rank, i) in byOrder.enumerated() { windowRank[i] = UInt64(rank) }
            rootInputs.sort {
                (definitions[$0].windowLevel, windowRank[$0]!) < (definitions[$1].windowLevel, windowRank[$1]!)
            }
        }

        // Each view's links by input position, so that fresh records are written with them; the
        // subviews of a container that gets an order tree keep none (``linkChild(_:to:at:)``).
        var links = FreshLinks(parents: parents, count: n)
        for c in 0..<n where start[c + 1] > start[c] {
            let range = Int(start[c])..<Int(start[c + 1])
            if range.count <= Self.orderTreeLimit {
                for k in range.dropFirst() { links.previous[Int(children[k])] = children[k - 1] }
            }
            links.last[c] = children[range.upperBound - 1]
        }
        return LoadPlan(
            start: start, children: children, preorder: preorder, rootInputs: rootInputs,
            windowRank: windowRank, redirects: redirects, links: links)
    }

    /// Writes the views `loadPlan` was made for, as
    /// ``materialize(_:firstWindowOrder:externalRedirects:threads:)`` describes.
    /// - Throws: the first duplicate id.
    /// - Complexity: O(n), plus the id plan's sort.
    private func write(
        _ definitions: [ViewDefinition], _ loadPlan: LoadPlan, firstWindowOrder: UInt64?,
        externalRedirects: [(input: Int, slot: Slot)], threads: Int
    ) throws(SceneError) -> (slots: [Slot], roots: [Slot]) {
        let n = definitions.count
        let (start, children, links) = (loadPlan.start, loadPlan.children, loadPlan.links)
        let windowRank = loadPlan.windowRank
        let (slots, ids, plan, linked) = writeViews(
            definitions, links: links, firstWindowOrder: firstWindowOrder, windowRank: windowRank, threads: threads)
        if let taken = plan.map({ addIDs(ids, plan: $0) }) ?? addIDs(ids) {
            throw SceneError(location: .view(id(ofNew: taken, in: ids)), field: "id", message: "duplicate id")
        }
        for (i, r) in loadPlan.redirects { setRedirect(slots[i], to: slots[r]) }
        for (i, slot) in externalRedirects { setRedirect(slots[i], to: slot) }
        for c in 0..<n where start[c + 1] > start[c] {
            // A lazy view of the slots: no array allocated per container.
            let subviews = children[Int(start[c])..<Int(start[c + 1])].lazy.map { slots[Int($0)] }
            if linked { orderWrittenChildren(subviews, of: slots[c]) } else { linkChildren(subviews, to: slots[c]) }
        }
        // Reach and hierarchies, subviews before their container.
        for v in loadPlan.preorder.reversed() {
            let slot = slots[Int(v)]
            if childCount(slot) >= Self.indexedChildThreshold { buildHierarchy(slot, threads: threads) }
            refreshReach(slot)
        }
        return (slots, loadPlan.rootInputs.map { slots[$0] })
    }

    /// Gives each definition a slot and writes its view: attributes, user value, window role,
    /// predicate. Slots past the last one (a store with no free slot to reuse) are written whole,
    /// once each; a store that never had an id also gets the plan of its id table, made on a
    /// second thread while the records are written when `threads` > 1. Ids are collected, not
    /// added.
    /// - Returns: the slots by input position, the ids with their slots in input order, and the
    ///   plan when one was made.
    /// - Complexity: O(n), plus the plan's sort.
    private func writeViews(
        _ definitions: [ViewDefinition], links: FreshLinks, firstWindowOrder: UInt64?, windowRank: [Int: UInt64],
        threads: Int
    ) -> (slots: [Slot], ids: [(slot: Slot, id: String)], plan: IDPlan?, linked: Bool) {
        let n = definitions.count
        guard writesFreshSlotsWhole && !state.slots.hasFree && generationFloor.isEmpty else {
            var slots: [Slot] = []
            slots.reserveCapacity(n)
            var ids: [(slot: Slot, id: String)] = []
            // By index, not by element: a definition holds a string and a closure, and copying
            // one per view retains and releases them (measured: a fifth of a million-view load).
            for i in 0..<n {
                let slot = allocateSlot()
                slots.append(slot)
                writeAttributes(definitions[i].attributes, to: slot)
                let userValue = definitions[i].userValue
                if userValue != 0 { state.records.update(slot.index) { $0.userValue = userValue } }
                writeRoleAndPredicate(
                    definitions, input: i, slot: slot, firstWindowOrder: firstWindowOrder, windowRank: windowRank)
                if let id = definitions[i].id, !id.isEmpty { ids.append((slot, id)) }
            }
            return (slots, ids, nil, false)
        }
        let slots = Array(allocateFreshSlots(n))
        let planned = state.counts.idTableCapacity == 0 && state.counts.idBytesUsed == 0
        let (ids, idRefs) = Self.freshIDs(definitions, slots: slots, withReferences: planned)
        guard planned && !ids.isEmpty else {
            writeFreshViews(
                definitions, slots: slots, links: links, idRefs: idRefs, firstWindowOrder: firstWindowOrder,
                windowRank: windowRank)
            return (slots, ids, nil, true)
        }
        guard threads > 1 else {
            writeFreshViews(
                definitions, slots: slots, links: links, idRefs: idRefs, firstWindowOrder: firstWindowOrder,
                windowRank: windowRank)
            return (slots, ids, IDPlan(ids), true)
        }
        let store = UncheckedSendable(self)
        let made = Lock<IDPlan?>(nil)
        DispatchQueue.concurrentPerform(iterations: 2) { k in
            // Safe: the store is used by iteration 0 alone; iteration 1 reads only the ids (a
            // value) and writes only `made`.
            if k == 0 {
                store.value.writeFreshViews(
                    definitions, slots: slots, links: links, idRefs: idRefs, firstWindowOrder: firstWindowOrder,
                    windowRank: windowRank)
            } else {
                let plan = IDPlan(ids)
                made.withLock { $0 = plan }
            }
        }
        return (slots, ids, made.withLock { $0 }, true)
    }

    /// The ids of `definitions` with their fresh `slots`, in input order; `withReferences`, also
    /// each definition's id reference for a store that never had ids (the bytes end to end from
    /// offset 0, so a reference is known before the table is made; none for a view without id).
    /// - Complexity: O(n).
    private static func freshIDs(
        _ definitions: [ViewDefinition], slots: [Slot], withReferences: Bool
    ) -> (ids: [(slot: Slot, id: String)], references: [IDRef]) {
        var ids: [(slot: Slot, id: String)] = []
        ids.reserveCapacity(definitions.count)
        var references = withReferences ? [IDRef](repeating: IDRef(rawValue: 0), count: definitions.count) : []
        var offset = 0
        for i in definitions.indices {
            guard let id = definitions[i].id, !id.isEmpty else { continue }
            ids.append((slots[i], id))
            if withReferences {
                references[i] = IDRef(offset: offset, length: id.utf8.count)
                offset += id.utf8.count
            }
        }
        return (ids, references)
    }

    /// Writes the views of `definitions` into their fresh `slots` (``allocateFreshSlots(_:)``):
    /// each record and slot state whole, with its links and its id reference from `idRefs` when
    /// given, then what windows and predicates add.
    /// - Complexity: O(n).
    private func writeFreshViews(
        _ definitions: [ViewDefinition], slots: [Slot], links: FreshLinks, idRefs: [IDRef], firstWindowOrder: UInt64?,
        windowRank: [Int: UInt64]
    ) {
        func slot(_ input: Int32) -> Slot { input < 0 ? .none : slots[Int(input)] }
        for i in definitions.indices {
            let id = idRefs.isEmpty ? IDRef(rawValue: 0) : idRefs[i]
            writeFreshAttributes(
                definitions[i].attributes, to: slots[i], userValue: definitions[i].userValue, id: id,
                parent: slot(links.parents[i]), previousSibling: slot(links.previous[i]),
                lastChild: slot(links.last[i]))
            writeRoleAndPredicate(
                definitions, input: i, slot: slots[i], firstWindowOrder: firstWindowOrder, windowRank: windowRank)
        }
    }

    /// A window's level and insertion order (with `firstWindowOrder`, for a definition without a
    /// parent), and a declared predicate.
    @inline(__always)
    private func writeRoleAndPredicate(
        _ definitions: [ViewDefinition], input i: Int, slot: Slot, firstWindowOrder: UInt64?,
        windowRank: [Int: UInt64]
    ) {
        // Field by field: passing `definitions[i]` whole copied its 280 bytes (and retained its
        // string and closure) once a view.
        if let firstWindowOrder, definitions[i].parent == nil {
            let level = definitions[i].windowLevel
            updateRare(slot) { rare in
                rare.isWindow = true
                rare.level = level
                rare.order = firstWindowOrder + windowRank[i]!
            }
            state.records.update(slot.index) { $0.flags.insert(.window) }
        }
        if let predicate = definitions[i].hitPredicate { setPredicate(slot, predicate) }
    }

    /// The id `addIDs` refused for `slot`.
    private func id(ofNew slot: Slot, in ids: [(slot: Slot, id: String)]) -> String {
        ids.first { $0.slot == slot }!.id
    }

    /// Creates slots for `roots` and their subtrees, in preorder, as
    /// ``materialize(_:firstWindowOrder:externalRedirects:threads:)`` does for their definitions. With
    /// `firstWindowOrder`, each root is a window with its model level, ranked for insertion order
    /// by `windowOrders` (default: its position in `roots`).
    ///
    /// Every view needs a non-empty id. A redirect names one of the new views or, when
    /// `redirectsByID`, a live view of the store with the target's id; anything else is refused.
    /// `expectedCount`, when known, sizes the arrays.
    /// - Returns: the slots, in preorder (each root followed by its subtree), and the roots'.
    /// - Complexity: O(n) for n views.
    func materialize(
        _ roots: [View], windowOrders: [Int]? = nil, firstWindowOrder: UInt64? = nil, redirectsByID: Bool = true,
        expectedCount: Int = 0
    ) throws(SceneError) -> (slots: [Slot], roots: [Slot]) {
        let converted = try ViewDefinition.definitions(
            of: roots, windowOrders: windowOrders, expectedCount: expectedCount
        ) { target in redirectsByID ? slot(withID: target.id) : nil }
        return try materialize(
            converted.definitions, firstWindowOrder: firstWindowOrder, externalRedirects: converted.external)
    }

    /// Checks `roots` and their subtrees as ``materialize(_:windowOrders:firstWindowOrder:redirectsByID:expectedCount:)`` does
    /// (attributes, `levels` for the roots when given, ids non-empty and unique among the store's
    /// and the new views, redirect targets a new view or a live view with the target's id),
    /// writing nothing; throws the first violation in preorder.
    /// - Complexity: O(n) for n views.
    func validate(_ roots: [View], levels: [Double]? = nil) throws(SceneError) {
        if roots.count == 1 && roots[0].subviews.isEmpty {
            // One leaf, the common insert: the same checks in the same order, without the sets a
            // subtree needs (two allocations and two hashes of the id).
            let v = roots[0]
            try checkNewView(v, level: levels?[0], uniqueAmongNew: true)
            try checkRedirect(of: v) { $0 === v }
            return
        }
        var ids = Set<String>()
        var members = Set<ObjectIdentifier>()
        var redirecting: [View] = []
        var stack: [(View, Double?)] = []
        for (k, root) in roots.enumerated().reversed() { stack.append((root, levels?[k])) }
        while let (v, level) = stack.popLast() {
            try checkNewView(v, level: level, uniqueAmongNew: ids.insert(v.id).inserted)
            members.insert(ObjectIdentifier(v))
            if v.redirectTarget != nil { redirecting.append(v) }
            for s in v.subviews.reversed() { stack.append((s, nil)) }
        }
        for v in redirecting {
            try checkRedirect(of: v) { members.contains(ObjectIdentifier($0)) }
        }
    }

    /// The checks of ``validate(_:levels:)`` on one new view by itself: a non-empty id, unique
    /// among the new views (as the caller found it) and the store's, then the attributes.
    private func checkNewView(_ v: View, level: Double?, uniqueAmongNew: Bool) throws(SceneError) {
        guard !v.id.isEmpty else {
            throw SceneError(location: .path("\(v)"), field: "id", message: "expected a non-empty string")
        }
        guard uniqueAmongNew, slot(withID: v.id) == nil else {
            throw SceneError(location: .view(v.id), field: "id", message: "duplicate id")
        }
        try v.attributes.validate(id: v.id, level: level)
    }

    /// Refuses `v`'s redirect unless its target is one of the new views (`isNew`) or a live
    /// view with the target's id.
    private func checkRedirect(of v: View, isNew: (View) -> Bool) throws(SceneError) {
        guard let target = v.redirectTarget, !isNew(target), slot(withID: target.id) == nil else { return }
        throw SceneError(
            location: .view(v.id), field: "redirectTarget", message: "\"\(target.id)\" is not a view of this scene")
    }

    /// Loads `scene` into this empty store: windows in paint order, each with its views in
    /// preorder, so slot − 1 is a view's paint-order position. The model goes through the same
    /// bulk path as ``load(_:)-(ViewDefinition)``.
    /// - Throws: the scene's first violation, as ``Scene/validate()`` names it.
    /// - Complexity: O(n) for n views.
    func load(_ scene: Scene) throws(SceneError) {
        precondition(state.counts.viewCount == 0, "load fills an empty store")
        let roots: [Slot]
        do {
            let definitions = try scene.viewDefinitions()
            let plan = try reserveAndPlan(definitions, threads: 2)
            roots = try write(definitions, plan, firstWindowOrder: 0, externalRedirects: [], threads: 2).roots
        } catch {
            // The same error a scene file's reader and `validate()` give, in their order.
            try scene.validate()
            throw error
        }
        finishLoad(windows: roots)
    }

    /// Loads `definitions` into this empty store: definition `i` takes slot `i + 1`. With
    /// `threads` > 1, the ids are hashed and ordered on a second thread while the records are
    /// written.
    /// - Throws: the first violation, naming the view by id (or by its input position when it has
    ///   none) and the field, as a scene file's reader would.
    /// - Complexity: O(n) for n views, plus sorting where siblings are not in input order.
    func load(_ definitions: [ViewDefinition], threads: Int = 1) throws(SceneError) {
        precondition(state.counts.viewCount == 0, "load fills an empty store")
        let plan = try reserveAndPlan(definitions, threads: threads)
        let roots = try write(definitions, plan, firstWindowOrder: 0, externalRedirects: [], threads: threads).roots
        finishLoad(windows: roots)
    }

    /// ``reserve(for:)`` and ``plan(_:firstWindowOrder:)`` for a load of windows, side by side
    /// when `threads` > 1.
    private func reserveAndPlan(_ definitions: [ViewDefinition], threads: Int) throws(SceneError) -> LoadPlan {
        if threads > 1 {
            // The columns' fresh memory is laid out, and so faulted in, on a second thread while
            // this one checks the definitions: until the views are written, the two share
            // nothing but the definitions, which both only read.
            let store = UncheckedSendable(self)
            let made = Lock<Result<LoadPlan, SceneError>?>(nil)
            DispatchQueue.concurrentPerform(iterations: 2) { k in
                if k == 0 {
                    let result = Result { () throws(SceneError) in try Self.plan(definitions, firstWindowOrder: 0) }
                    made.withLock { $0 = result }
                } else {
                    store.value.reserve(for: definitions)
                }
            }
            return try made.withLock { $0! }.get()
        }
        reserve(for: definitions)
        return try Self.plan(definitions, firstWindowOrder: 0)
    }

    /// Lays out the columns every loaded view writes (records, slots, id bytes) as the final
    /// compaction would, sized for `definitions`: each of their pages is then created once, in
    /// its place, and the compaction leaves them as they are.
    /// - Complexity: O(n) for n definitions.
    private func reserve(for definitions: [ViewDefinition]) {
        let slots = state.slots.count + definitions.count
        state.records.compact(reserving: slots)
        state.slots.compact(reserving: slots)
        var idBytes = state.counts.idBytesUsed
        for i in definitions.indices { idBytes += definitions[i].id?.utf8.count ?? 0 }
        state.idBytes.compact(reserving: idBytes)
    }

    /// Links the loaded windows (in paint order) under the screen and lays the columns out.
    private func finishLoad(windows: [Slot]) {
        state.counts.windowOrder = UInt64(windows.count)
        linkChildren(windows, to: Slot.screen)
        if windows.count >= Self.indexedChildThreshold { buildHierarchy(Slot.screen) }
        refreshReach(Slot.screen)
        // A fresh build reads without page addresses (measured at 1M views: see PagedColumn).
        compact()
    }
}

/// The links of bulk-loaded views by input position (-1 for none), known before any view is
/// written, so that a fresh record is written once with them instead of once and then again
/// for each link.
struct FreshLinks {
    /// Each view's superview; -1 for a root (linked later, under the screen or a given parent).
    var parents: [Int32]
    /// The sibling just behind each view (none under a container of more than
    /// ``LiveStore/orderTreeLimit`` subviews, which an order tree orders).
    var previous: [Int32]
    /// Each view's front-most subview.
    var last: [Int32]

    init(parents: [Int32], count: Int) {
        self.parents = parents
        previous = [Int32](repeating: -1, count: count)
        last = [Int32](repeating: -1, count: count)
    }
}
