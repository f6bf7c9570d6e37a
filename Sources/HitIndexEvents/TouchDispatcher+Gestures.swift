import HitIndex

/// The recognizers' state machine and the arbitration between them (events.md, "Gesture
/// recognizers").
///
/// - Binding: a beginning touch binds the enabled recognizers of its hit-test view and of each
///   ancestor up to the window (never siblings), hit view's first, each view's in declared order.
///   A recognizer that has finished its gesture (recognized, ended, cancelled, failed) takes no
///   new touch until all of its touches have lifted; then it resets to `possible` [C].
/// - Each event, the bound recognizers see their changed touches before any view, in the order
///   of first binding over the event's touches (ids ascending).
/// - Recognizing (`recognized` or `began`) is a request. It is deferred while a recognizer named
///   in `requiresFailureOf` is still deciding a gesture (bound to a touch since its reset, and
///   `possible`), granted when that one fails, and turned into `failed` when it succeeds. It is
///   turned into `failed` when another recognizer sharing a touch has already succeeded, unless
///   the two may recognize simultaneously. When granted, every other `possible` recognizer
///   sharing a touch fails, unless simultaneous; then, with `cancelsTouchesInView`, the view's
///   touches of the gesture are cancelled (those given to the view) or withheld (the rest).
///   Without it, touches whose began phase this recognizer holds (`delaysTouchesBegan`) are
///   still discarded, as Apple documents; the others flow on, held ended phases included.
/// - A recognizer still `possible` once its touches have lifted and with no deadline to wait for
///   fails; a continuous one still under way is cancelled [C].
/// - Delegate decisions: `shouldReceiveTouch` filters the touches a recognizer is bound to;
///   `shouldBegin` is asked when a request to recognize is granted (after any wait on
///   `requiresFailureOf`), and a refusal fails the recognizer; `requiredToFailBy` is
///   `requiresFailureOf` seen from the other side; a recognizer that succeeds stops another only
///   when neither may recognize simultaneously, it can prevent the other (`cannotPrevent`) and
///   the other can be prevented by it (`cannotBePreventedBy`), each one-sided.
extension TouchDispatcher {
    /// The recognizers ready to run, their ids resolved and checked.
    static func install(_ recognizers: [GestureRecognizer], graph: ResponderGraph) throws(SceneError) -> (
        slots: [Slot], slotsByViewID: [String: [Int]]
    ) {
        var slots: [Slot] = []
        var slotsByViewID: [String: [Int]] = [:]
        var byID: [String: Int] = [:]
        for r in recognizers {
            let field = "gestureRecognizers"
            guard !r.id.isEmpty else {
                throw SceneError(
                    location: .view(r.viewID), field: "\(field).id", message: "expected a non-empty string")
            }
            guard let view = graph.view(withID: r.viewID) else {
                throw SceneError(location: .view(r.viewID), field: field, message: "no view with this id")
            }
            if let other = byID[r.id] {
                let k = slotsByViewID[view.id, default: []].filter { slots[$0].config.role == .declared }.count
                throw SceneError(
                    location: .view(r.viewID), field: "\(field)[\(k)].id",
                    message: "\"\(r.id)\" is already a recognizer of view \"\(slots[other].config.viewID)\"")
            }
            byID[r.id] = slots.count
            slotsByViewID[view.id, default: []].append(slots.count)
            slots.append(Slot(config: r, view: view, gesture: r.gesture))
        }
        /// `gestureRecognizers[k].key`, k counting the recognizers of the same view.
        func field(_ s: Int, _ key: String) -> String {
            // Counted among the view's declared recognizers, as the scene writes them (a scroll
            // view's own come first and are not in its array).
            let k =
                slotsByViewID[slots[s].config.viewID]!.filter { slots[$0].config.role == .declared }
                .firstIndex(of: s) ?? 0
            return "gestureRecognizers[\(k)].\(key)"
        }
        // Each wait edge [waiter, waited on], with the recognizer and key that declared it.
        var edgeOrigin: [[Int]: (slot: Int, key: String)] = [:]
        for s in slots.indices {
            let c = slots[s].config
            for (key, names) in [
                ("requiresFailureOf", c.requiresFailureOf), ("simultaneousWith", c.recognizesSimultaneouslyWith),
                ("requiredToFailBy", c.requiredToFailBy), ("cannotPrevent", c.cannotPrevent),
                ("cannotBePreventedBy", c.cannotBePreventedBy),
            ] {
                for name in names {
                    guard let other = byID[name] else {
                        throw SceneError(
                            location: .view(c.viewID), field: field(s, key),
                            message: "\"\(name)\" is not a recognizer")
                    }
                    guard other != s else {
                        throw SceneError(
                            location: .view(c.viewID), field: field(s, key),
                            message: "recognizer \"\(c.id)\" names itself")
                    }
                    switch key {
                    case "requiresFailureOf":
                        if !slots[s].requires.contains(other) { slots[s].requires.append(other) }
                        edgeOrigin[[s, other]] = edgeOrigin[[s, other]] ?? (s, key)
                    case "requiredToFailBy":
                        if !slots[other].requires.contains(s) { slots[other].requires.append(s) }
                        edgeOrigin[[other, s]] = edgeOrigin[[other, s]] ?? (s, key)
                    case "cannotPrevent": slots[s].cannotPrevent.insert(other)
                    case "cannotBePreventedBy": slots[other].cannotPrevent.insert(s)
                    default:
                        slots[s].simultaneous.insert(other)
                        slots[other].simultaneous.insert(s)
                    }
                }
            }
        }
        // A cycle of failure requirements would hold its recognizers' touches forever. It is
        // reported at the key that declared its first edge (the recognizer waiting, or the one
        // its requiredToFailBy names).
        for start in slots.indices {
            for first in slots[start].requires {
                var stack = [first]
                var seen: Set<Int> = []
                while let s = stack.popLast() {
                    if s == start {
                        let origin = edgeOrigin[[start, first]] ?? (start, "requiresFailureOf")
                        throw SceneError(
                            location: .view(slots[origin.slot].config.viewID), field: field(origin.slot, origin.key),
                            message: "recognizer \"\(slots[start].config.id)\" waits on itself through a cycle "
                                + "(requiresFailureOf and requiredToFailBy)")
                    }
                    if seen.insert(s).inserted { stack += slots[s].requires }
                }
            }
        }
        for s in slots.indices {
            guard case .notIn(let ids) = slots[s].config.receives else { continue }
            for id in ids where graph.view(withID: id) == nil {
                throw SceneError(
                    location: .view(slots[s].config.viewID), field: field(s, "shouldReceiveTouch.notIn"),
                    message: "\"\(id)\" is not a view of this scene")
            }
        }
        return (slots, slotsByViewID)
    }

    /// Binds a beginning touch to the recognizers of its view and ancestors that can take it.
    func bind(_ serial: Int, on view: View) -> [Int] {
        var bound: [Int] = []
        var v: View? = view
        // The hit view and all its ancestors, for `shouldReceiveTouch`'s `isDescendant(of:)`:
        // walked only when a recognizer filters touches by view.
        var path: [String]?
        func ancestry() -> [String] {
            if let path { return path }
            var ids: [String] = []
            var a: View? = view
            while let current = a {
                ids.append(current.id)
                a = current.superview
            }
            path = ids
            return ids
        }
        while let current = v {
            // A recognizer waiting on `requiresFailureOf` has finished its own gesture: like a
            // finished one, it takes no new touch.
            for s in slotsByViewID[current.id] ?? []
            where slots[s].config.isEnabled && !slots[s].state.isFinal && slots[s].deferred.isEmpty
                && receives(s, path: ancestry())
            {
                slots[s].touches.append(serial)
                slots[s].touchSet.insert(serial)
                engaged.insert(s)
                slots[s].down.insert(serial)
                bound.append(s)
            }
            v = current.superview
        }
        return bound
    }

    /// `gestureRecognizer(_:shouldReceive:)` for a touch whose hit view and ancestors are `path`.
    func receives(_ s: Int, path: @autoclosure () -> [String]) -> Bool {
        switch slots[s].config.receives {
        case .all: return true
        case .none: return false
        case .notIn(let ids): return !path().contains(where: ids.contains)
        }
    }

    /// `gestureRecognizerShouldBegin(_:)`, asked when a recognizer would leave `possible`.
    func shouldBegin(_ s: Int) -> Bool {
        switch slots[s].config.shouldBegin {
        case .always: return true
        case .never: return false
        case .horizontal, .vertical:
            guard let t = slots[s].gesture.values?.translation else { return false }
            return slots[s].config.shouldBegin == .horizontal ? abs(t.x) > abs(t.y) : abs(t.y) > abs(t.x)
        }
    }

    /// Whether recognizer `a`, recognizing, stops `b`: neither may recognize simultaneously with
    /// the other, `a.canPrevent(b)` and `b.canBePrevented(by: a)`.
    func prevents(_ a: Int, _ b: Int) -> Bool {
        !slots[a].simultaneous.contains(b) && !slots[a].cannotPrevent.contains(b)
    }

    /// Shows the event's touches to their recognizers.
    func recognizersSee(_ serials: [Int]) {
        var order: [Int] = []
        for serial in serials {
            for s in records[serial]!.recognizers where !order.contains(s) { order.append(s) }
        }
        for s in order {
            guard slots[s].state != .failed, slots[s].state != .cancelled, slots[s].state != .ended,
                slots[s].state != .recognized
            else { continue }
            let changed = serials.filter { slots[s].touchSet.contains($0) }.map { records[$0]!.gestureTouch() }
            guard !changed.isEmpty else { continue }
            let down = slots[s].down.map { records[$0]!.gestureTouch() }.sorted { $0.id < $1.id }
            let input = GestureInput(time: now, changed: changed, down: down, windowFrame: slots[s].view.window?.frame)
            let state = slots[s].deferred.last ?? slots[s].state
            if let wanted = slots[s].gesture.handle(input, state: state) { request(s, wanted) }
            settle()
        }
    }

    /// Fires every deadline up to `time`, earliest first (ties in recognizer order), each at its
    /// own time.
    func fireDeadlines(upTo time: Double) {
        while true {
            var next: (time: Double, slot: Int)?
            // A gesture's deadline counts only while it is engaged (it has seen touches).
            for s in engaged.sorted() where !slots[s].state.isFinal {
                guard let d = slots[s].pendingDeadline, d <= time else { continue }
                if next == nil || d < next!.time { next = (d, s) }
            }
            guard let (t, s) = next else { return }
            now = t
            slots[s].firedDeadline = t
            let state = slots[s].deferred.last ?? slots[s].state
            if let wanted = slots[s].gesture.timeReached(t, state: state) { request(s, wanted) }
            finishStep()
        }
    }

    /// A recognizer asks for a state: applied, deferred or refused by the rules above.
    func request(_ s: Int, _ wanted: GestureState) {
        let continuous = slots[s].isContinuous
        if !slots[s].deferred.isEmpty {
            // Waiting on `requiresFailureOf`: failing is immediate, the rest queues behind.
            if wanted == .failed {
                slots[s].deferred = []
                transition(s, .failed)
            } else if wanted == .changed && slots[s].deferred.last == .changed {
                // Consecutive changes while waiting collapse into one: only the latest matters.
            } else if slots[s].deferred.last!.allows(wanted, continuous: continuous) {
                slots[s].deferred.append(wanted)
            }
            return
        }
        guard slots[s].state.allows(wanted, continuous: continuous) else { return }
        guard slots[s].state == .possible, wanted != .failed else { return transition(s, wanted) }

        // Recognizing: first the recognizers this one waits on.
        for r in slots[s].requires where slots[r].state.isSuccess { return transition(s, .failed) }
        if slots[s].requires.contains(where: { slots[$0].state == .possible && !slots[$0].touches.isEmpty }) {
            slots[s].deferred = [wanted]
            return
        }
        // The delegate's gestureRecognizerShouldBegin, once nothing makes it wait.
        guard shouldBegin(s), !controlOverrides(s), !scrollPanRefused(s) else { return transition(s, .failed) }
        // Then the ones that already hold a shared touch.
        for q in sharing(s) where slots[q].state.isSuccess && prevents(q, s) {
            return transition(s, .failed)
        }
        transition(s, wanted)
        for q in sharing(s) where slots[q].state == .possible && prevents(s, q) {
            slots[q].deferred = []
            transition(q, .failed)
        }
        if slots[s].config.cancelsTouchesInView {
            cancelViewTouches(of: s)
        } else if slots[s].config.delaysTouchesBegan {
            // Apple: began phases held by the recognizer are discarded when it recognizes.
            // A began phase still in flight (the touch began in this event) counts as held.
            for serial in slots[s].touches {
                switch records[serial]!.viewState {
                case .held, .fresh: setViewState(serial, .done)
                case .receiving, .endHeld, .done: break
                }
            }
        }
    }

    /// Enters a state, logs it, and lets the recognizers waiting on this one proceed or fail.
    func transition(_ s: Int, _ state: GestureState) {
        slots[s].state = state
        gatesChanged = true
        if slots[s].config.role != .contentTouchDelay {
            log.append(
                .gesture(
                    GestureTransition(
                        recognizerID: slots[s].config.id, viewID: slots[s].config.viewID, state: state, time: now,
                        values: slots[s].gesture.values)))
        }
        scrollIfPanning(s, state)
        guard state == .failed || state == .recognized || state == .began else { return }
        // Waiting recognizers are engaged: they asked to recognize after seeing touches.
        for w in engaged.sorted() where !slots[w].deferred.isEmpty && slots[w].requires.contains(s) {
            if state != .failed {
                slots[w].deferred = []
                transition(w, .failed)
            } else if !slots[w].requires.contains(where: { slots[$0].state == .possible && !slots[$0].touches.isEmpty })
            {
                let queued = slots[w].deferred
                slots[w].deferred = []
                for wanted in queued { request(w, wanted) }
            }
        }
    }

    /// The other recognizers bound to at least one of this one's touches.
    func sharing(_ s: Int) -> [Int] {
        var others: Set<Int> = []
        for serial in slots[s].touches {
            for q in records[serial]!.recognizers where q != s && slots[q].touchSet.contains(serial) {
                others.insert(q)
            }
        }
        return others.sorted()
    }

    /// Back to `possible`, with the gesture's starting value and no touches.
    func reset(_ s: Int) {
        slots[s].gesture = slots[s].config.gesture
        slots[s].state = .possible
        for serial in slots[s].touches {
            records[serial]!.holders -= 1
            maybeUnused.insert(serial)
        }
        slots[s].touches = []
        slots[s].touchSet = []
        engaged.remove(s)
        slots[s].down = []
        slots[s].deferred = []
        slots[s].firedDeadline = nil
    }
}
