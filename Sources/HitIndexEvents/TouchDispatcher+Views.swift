import HitIndex

/// What the views receive, given what the recognizers decided (events.md, "Touches" and the
/// `cancelsTouchesInView` / `delaysTouches…` rules).
///
/// - A touch's began phase is held while a recognizer bound to it with `delaysTouchesBegan` is
///   `possible`; its later phases queue behind it. When no such recognizer is left deciding, the
///   queue is delivered late, in order, with the original times; if one recognized and cancels
///   touches, the queue is discarded and the view never sees the touch.
/// - A touch's ended phase is held while a recognizer bound to it with `delaysTouchesEnded` is
///   `possible`. It becomes `touchesCancelled` if a recognizer that cancels touches recognizes,
///   and is delivered as `touchesEnded` otherwise.
/// - On recognition with `cancelsTouchesInView`, the view's touches of the gesture that it was
///   given get `touchesCancelled` (one call per view) and their later phases are withheld.
extension TouchDispatcher {
    /// The views' calls for one event's touches, phase by phase.
    func deliverToViews(_ serials: [Int]) {
        for phase in [TouchPhase.began, .moved, .ended, .cancelled] {
            var calls: [Int] = []
            for serial in serials where records[serial]!.phase == phase {
                guard let r = records[serial], r.view != nil, r.allowed else { continue }
                let call = HeldCall(phase: phase, time: now, location: r.location)
                switch (r.viewState, phase) {
                case (.fresh, .began):
                    if gates(serial, delaying: \.delaysTouchesBegan) {
                        setViewState(serial, .held([call]))
                    } else {
                        setViewState(serial, .receiving)
                        calls.append(serial)
                    }
                case (.held(var queue), _):
                    queue.append(call)
                    setViewState(serial, .held(queue))
                case (.receiving, .moved):
                    calls.append(serial)
                case (.receiving, .ended):
                    if gates(serial, delaying: \.delaysTouchesEnded) {
                        setViewState(serial, .endHeld(call))
                    } else {
                        setViewState(serial, .done)
                        calls.append(serial)
                    }
                case (.receiving, .cancelled):
                    setViewState(serial, .done)
                    calls.append(serial)
                default:
                    break
                }
            }
            emit(
                calls.map {
                    HeldTouchCall(serial: $0, call: HeldCall(phase: phase, time: now, location: records[$0]!.location))
                }, late: false)
        }
    }

    /// Whether a recognizer bound to the touch, with this delaying flag, is still deciding.
    func gates(_ serial: Int, delaying flag: KeyPath<GestureRecognizer, Bool>) -> Bool {
        records[serial]!.recognizers.contains { s in
            slots[s].state == .possible && slots[s].config[keyPath: flag] && slots[s].touchSet.contains(serial)
        }
    }

    /// Releases the held phases whose recognizers have all decided.
    func settle() {
        guard gatesChanged else { return }
        gatesChanged = false
        var released: [HeldTouchCall] = []
        for serial in heldSerials.sorted() {
            switch records[serial]!.viewState {
            case .held(let queue) where !gates(serial, delaying: \.delaysTouchesBegan):
                setViewState(serial, .receiving)
                for call in queue {
                    switch call.phase {
                    case .began, .moved:
                        released.append(HeldTouchCall(serial: serial, call: call))
                    case .ended:
                        if gates(serial, delaying: \.delaysTouchesEnded) {
                            setViewState(serial, .endHeld(call))
                        } else {
                            setViewState(serial, .done)
                            released.append(HeldTouchCall(serial: serial, call: call))
                        }
                    case .cancelled:
                        setViewState(serial, .done)
                        released.append(HeldTouchCall(serial: serial, call: call))
                    case .stationary:
                        break
                    }
                }
            case .endHeld(let call) where !gates(serial, delaying: \.delaysTouchesEnded):
                setViewState(serial, .done)
                released.append(HeldTouchCall(serial: serial, call: call))
            default:
                break
            }
        }
        // Late calls in the order their events came, each event's phases in the usual order.
        let rank: [TouchPhase: Int] = [.began: 0, .moved: 1, .ended: 2, .cancelled: 3]
        released.sort { ($0.call.time, rank[$0.call.phase]!) < ($1.call.time, rank[$1.call.phase]!) }
        emit(released, late: true)
    }

    /// Cancels the view's touches of a recognized gesture: `touchesCancelled` for those given to
    /// the view, nothing more for any.
    func cancelViewTouches(of s: Int) {
        var cancelled: [HeldTouchCall] = []
        for serial in slots[s].touches.sorted(by: { records[$0]!.inputID < records[$1]!.inputID }) {
            guard let r = records[serial], r.view != nil, r.allowed else { continue }
            if let call = endViewCalls(serial) { cancelled.append(call) }
        }
        emit(cancelled, late: false)
    }

    /// Ends the view's side of touch `serial`: it gets no more calls. Returns the
    /// `touchesCancelled` it is owed when it was given the touch and has not seen it end.
    func endViewCalls(_ serial: Int) -> HeldTouchCall? {
        let r = records[serial]!
        defer { setViewState(serial, .done) }
        switch r.viewState {
        case .receiving, .endHeld:
            return HeldTouchCall(serial: serial, call: HeldCall(phase: .cancelled, time: now, location: r.location))
        case .fresh, .held, .done:
            return nil
        }
    }

    /// A call to make on the view of touch `serial`.
    struct HeldTouchCall {
        var serial: Int
        var call: HeldCall
    }

    /// Logs calls, one per view for each run of the same phase and time, views in order of their
    /// smallest touch id, touch ids ascending.
    func emit(_ calls: [HeldTouchCall], late: Bool) {
        var i = 0
        while i < calls.count {
            let (phase, time) = (calls[i].call.phase, calls[i].call.time)
            var j = i
            while j < calls.count && calls[j].call.phase == phase && calls[j].call.time == time { j += 1 }
            var groups: [(view: View, ids: [Int], locations: [Point], serials: [Int])] = []
            for c in calls[i..<j].sorted(by: { records[$0.serial]!.inputID < records[$1.serial]!.inputID }) {
                let r = records[c.serial]!
                if let g = groups.firstIndex(where: { $0.view === r.view! }) {
                    groups[g].ids.append(r.inputID)
                    groups[g].locations.append(c.call.location)
                    groups[g].serials.append(c.serial)
                } else {
                    groups.append((r.view!, [r.inputID], [c.call.location], [c.serial]))
                }
            }
            for g in groups {
                let delivery = call(phase, g.ids, g.locations, on: g.view, time: time, late: late)
                log.append(.touches(delivery))
                // The call stopped at a control: its tracking runs.
                if let last = delivery.reached.last, tracks(last, phase: phase) {
                    track(
                        control: last.id, phase: phase,
                        touches: g.ids.indices.map { (g.serials[$0], g.locations[$0]) }, time: time)
                }
            }
            i = j
        }
    }

    /// The call on `view` and its travel up the chain.
    func call(_ phase: TouchPhase, _ ids: [Int], _ locations: [Point], on view: View, time: Double, late: Bool)
        -> TouchDelivery
    {
        let start = graph.viewResponder(view)
        var reached: [Responder] = []
        var handlers: [Responder] = []
        for r in graph.chain(from: start) {
            reached.append(r)
            // A control's touch methods track the touch and do not forward it [C]; an override
            // on it logs.
            if isControl(r) {
                if handling(of: r, phase: phase) != nil { handlers.append(r) }
                break
            }
            guard let handling = handling(of: r, phase: phase) else { continue }
            handlers.append(r)
            if handling == .consume { break }
        }
        return TouchDelivery(
            view: start, phase: phase, touchIDs: ids, reached: reached, handlers: handlers, time: time,
            locations: locations, isLate: late)
    }

    /// What a responder's method for `phase` does: views and windows from their key (per
    /// method when it is an object), controllers from theirs; window scenes, the application and
    /// its delegate never override (nil).
    func handling(of r: Responder, phase: TouchPhase) -> TouchHandling? {
        switch r.kind {
        case .view, .window: return traitsByViewID[r.id]?.handling(for: phase)
        case .viewController: return graph.viewController(withID: r.id)?.handlesTouches
        case .windowScene, .application, .applicationDelegate: return nil
        }
    }
}
