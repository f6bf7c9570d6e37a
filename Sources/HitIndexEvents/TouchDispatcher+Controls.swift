import HitIndex

/// Controls (`UIControl`) and the responder commands (events.md, "Controls" and "First responder
/// and actions in an events file").
///
/// - A control's touch methods track the touch and do not call the default: a call that reaches
///   a control view (one with the `control` key) stops there [C: UIKit documents no forwarding
///   for controls]. A `handlesTouches` override on the control logs as usual; `"forward"` (calls
///   `super`) still runs the tracking, `"consume"` skips it.
/// - Tracking follows one touch, the first the control is given while it tracks none its view
///   still gets calls for:
///   `touchDown` (then `touchDownRepeat` for a second tap), then on each move `touchDragInside` or
///   `touchDragOutside`, or `touchDragEnter` / `touchDragExit` on the move that crosses, then
///   `touchUpInside` or `touchUpOutside`, or `touchCancel` when the touch is cancelled. Inside
///   means inside the control's bounds grown by ``ControlTraits/trackingOutset`` on every side.
///   A switch, stepper, segmented control or page control adds `valueChanged` and
///   `primaryActionTriggered` after `touchUpInside`, a button `primaryActionTriggered`; a slider
///   sends `valueChanged` with every move; a text field becomes first responder [C: the order of
///   these events].
/// - Each event sends the control's actions registered for it, in order, through
///   ``ResponderGraph/sendAction(_:to:from:)`` with the control as sender.
/// - A control's default action overrides an overlapping recognizer of an ancestor (Apple,
///   `UIControl`): a one-finger single tap when the touch is on a button, switch, stepper,
///   segmented control or page control; a one-finger horizontal swipe on a slider; a one-finger
///   pan that would begin horizontally on a switch. Such a recognizer fails when it would
///   recognize. A disabled control sends nothing and overrides nothing.
extension TouchDispatcher {
    /// Checks that every control's targets are responders and gives a text field the
    /// first-responder default it has in UIKit when nothing set its traits: no `responder` key in
    /// its scene and no traits set from Swift.
    func checkControls() throws(SceneError) {
        try Self.checkControlTargets(traitsByViewID, graph: graph)
        for (id, traits) in traitsByViewID where traits.control?.kind == .textField {
            guard let view = graph.view(withID: id), view.preservedJSON["responder"] == nil else { continue }
            let r = graph.viewResponder(view)
            if graph.traits(of: r) == ResponderTraits() {
                graph.setTraits(ResponderTraits(canBecomeFirstResponder: true), for: r)
            }
        }
    }

    /// A control's target that names no responder is refused.
    static func checkControlTargets(_ traits: [String: ViewTouchTraits], graph: ResponderGraph) throws(SceneError) {
        for id in traits.keys.sorted() {
            guard let control = traits[id]?.control else { continue }
            for (i, action) in control.actions.enumerated() {
                if let target = action.target, graph.responder(withID: target) == nil {
                    throw SceneError(
                        location: .view(id), field: "control.actions[\(i)].target",
                        message: "\"\(target)\" is not a responder of this scene")
                }
            }
        }
    }

    /// Whether responder `r` is a control: a touch call stops there.
    func isControl(_ r: Responder) -> Bool {
        (r.kind == .view || r.kind == .window) && traitsByViewID[r.id]?.control != nil
    }

    /// Whether a call on control `r` for `phase` runs its tracking: UIControl's method runs when
    /// the view does not override it, or overrides it and calls `super` (`"forward"`); an
    /// override that does not (`"consume"`) skips the tracking.
    func tracks(_ r: Responder, phase: TouchPhase) -> Bool {
        isControl(r) && traitsByViewID[r.id]?.handling(for: phase) != .consume
    }

    /// The control `id` receives a touch call: its tracking events and their actions.
    /// - Parameters:
    ///   - touches: the call's touches (serial, location), input ids ascending.
    func track(control id: String, phase: TouchPhase, touches: [(serial: Int, location: Point)], time: Double) {
        guard let control = traitsByViewID[id]?.control, control.isEnabled, let view = graph.view(withID: id) else {
            return
        }
        var events: [ControlEvent] = []
        switch phase {
        case .began:
            guard let first = touches.first else { return }
            // A control tracks one touch at a time. A tracked touch whose view gets nothing more
            // of it (its record is gone, or its view is done with it or has its end held by a
            // recognizer) gives way to the new one [C]; its end, should it come later, is not the
            // tracked touch's and sends nothing.
            if let track = controlTracks[id], let r = records[track.serial] {
                switch r.viewState {
                case .done, .endHeld: break
                case .fresh, .held, .receiving: return
                }
            }
            controlTracks[id] = ControlTrack(serial: first.serial, isInside: true)
            let tapCount = records[first.serial]?.tapCount ?? 1
            events = tapCount > 1 ? [.touchDown, .touchDownRepeat] : [.touchDown]
        case .moved:
            guard let track = controlTracks[id], let t = touches.first(where: { $0.serial == track.serial }) else {
                return
            }
            let inside = isInside(t.location, of: view)
            switch (track.isInside, inside) {
            case (true, true): events = [.touchDragInside]
            case (false, false): events = [.touchDragOutside]
            case (false, true): events = [.touchDragEnter]
            case (true, false): events = [.touchDragExit]
            }
            controlTracks[id]!.isInside = inside
            if control.kind == .slider { events.append(.valueChanged) }
        case .ended:
            guard let track = controlTracks[id], let t = touches.first(where: { $0.serial == track.serial }) else {
                return
            }
            controlTracks[id] = nil
            events =
                isInside(t.location, of: view)
                ? [.touchUpInside] + control.valueEventsOnTouchUpInside : [.touchUpOutside]
        case .cancelled:
            guard let track = controlTracks[id], touches.contains(where: { $0.serial == track.serial }) else { return }
            controlTracks[id] = nil
            events = [.touchCancel]
        case .stationary:
            return
        }
        let sender = graph.viewResponder(view)
        for event in events {
            log.append(.control(ControlEventRecord(controlID: id, event: event, time: time)))
            for action in control.actions where action.event == event {
                let target = action.target.flatMap { graph.responder(withID: $0) }
                let receiver = graph.sendAction(action.action, to: target, from: sender)
                log.append(
                    .responder(
                        ResponderEvent(
                            outcome: .action(action.action, sender: id, event: event, receiver: receiver), time: time)))
            }
            if event == .touchUpInside, control.kind == .textField {
                log.append(.responder(ResponderEvent(outcome: becomeFirstResponder(sender), time: time)))
            }
        }
    }

    /// Inside the control's bounds grown by the tracking outset (half-open, as hit-testing).
    private func isInside(_ screenPoint: Point, of view: View) -> Bool {
        let p = view.convert(fromScreen: screenPoint)
        let b = Extents(view.bounds)
        let o = ControlTraits.trackingOutset
        return Extents(minX: b.minX - o, minY: b.minY - o, maxX: b.maxX + o, maxY: b.maxY + o).contains(p)
    }

    /// Whether an enabled control between the touch's view and recognizer `s`'s view (the touch's
    /// view included, the recognizer's excluded) has a default action that overlaps the gesture.
    func controlOverrides(_ s: Int) -> Bool {
        let config = slots[s].config
        // The fingers' movement so far, from their records (not every gesture reports one).
        var motion = Point(x: 0, y: 0)
        let live = slots[s].touches.compactMap { records[$0] }
        for r in live {
            motion.x += (r.location.x - r.startLocation.x) / Double(live.count)
            motion.y += (r.location.y - r.startLocation.y) / Double(live.count)
        }
        for serial in slots[s].touches {
            var v = records[serial]?.view
            while let current = v, current !== slots[s].view {
                if let control = traitsByViewID[current.id]?.control, control.isEnabled,
                    overlaps(control.kind, config.gesture, motion: motion)
                {
                    return true
                }
                v = current.superview
            }
        }
        return false
    }

    /// The overlaps Apple lists for a control's default action; "parallel to the control" is a
    /// movement more horizontal than vertical (a slider and a switch are horizontal).
    private func overlaps(_ kind: ControlTraits.Kind, _ config: any GestureLogic, motion: Point) -> Bool {
        let horizontal = abs(motion.x) > abs(motion.y)
        switch kind {
        case .button, .switch, .stepper, .segmentedControl, .pageControl:
            if let tap = config as? TapGesture, tap.taps == 1, tap.touches == 1 { return true }
            if kind == .switch, let pan = config as? PanGesture, pan.minimumTouches == 1, horizontal { return true }
            return false
        case .slider:
            guard let swipe = config as? SwipeGesture, swipe.touches == 1 else { return false }
            return horizontal
        case .textField, .control:
            return false
        }
    }

    /// Runs one responder command and returns what it did.
    /// - Throws: a ``TouchInputError`` naming an id that is no responder.
    /// - Complexity: O(length of the chain).
    public func perform(_ command: ResponderCommand) throws(TouchInputError) -> [TouchLogEntry] {
        func responder(_ id: String, _ key: String) throws(TouchInputError) -> Responder {
            guard let r = graph.responder(withID: id) else {
                throw TouchInputError(message: "\(key): \"\(id)\" is not a responder of this scene")
            }
            return r
        }
        let time = lastTime ?? 0
        let outcome: ResponderEvent.Outcome
        switch command {
        case .becomeFirstResponder(let id):
            outcome = becomeFirstResponder(try responder(id, "becomeFirstResponder"))
        case .resignFirstResponder(let id):
            let r = try responder(id, "resignFirstResponder")
            outcome = graph.resignFirstResponder(r) ? .resigned(r) : .refusedToResign(r)
        case .sendAction(let action, let to, let from):
            let target = try to.map { (id) throws(TouchInputError) in try responder(id, "to") }
            let sender = try from.map { (id) throws(TouchInputError) in try responder(id, "from") }
            outcome = .action(
                action, sender: from, event: nil, receiver: graph.sendAction(action, to: target, from: sender))
        }
        return [.responder(ResponderEvent(outcome: outcome, time: time))]
    }

    private func becomeFirstResponder(_ r: Responder) -> ResponderEvent.Outcome {
        if let refusal = graph.refusalToBecomeFirstResponder(r) { return .refusedFirstResponder(r.id, refusal) }
        _ = graph.becomeFirstResponder(r)
        return .becameFirstResponder(r)
    }
}
