import HitIndex
import HitIndexEvents
import HitIndexFixtures
import HitIndexReference
import Testing

/// Random scenes with random recognizers, replayed with random touch sequences: properties that
/// must hold whatever the recognizers decide. The seed is in every failure message.
@Suite struct TouchDispatcherPropertyTests {
    /// A random scene: window W with a small random tree of views, each possibly with recognizers
    /// and touch keys. Recognizers may require the failure of earlier ones only (no cycles).
    static func randomScene(_ rng: inout SeededGenerator) -> (json: String, continuous: [String: Bool]) {
        var recognizerIDs: [String] = []
        var continuity: [String: Bool] = [:]
        var viewCount = 0
        let reversedRequirements = rng.int(below: 2) == 0
        func recognizers() -> String {
            var items: [String] = []
            for _ in 0..<rng.int(below: 3) {
                let id = "g\(recognizerIDs.count)"
                var fields = [#""id": "\#(id)""#]
                let kind = rng.int(below: 8)
                continuity[id] = [1, 2, 5, 6, 7].contains(kind)
                switch kind {
                case 0:
                    fields += [
                        #""kind": "tap""#, #""taps": \#(1 + rng.int(below: 2))"#,
                        #""touches": \#(1 + rng.int(below: 2))"#, #""tapDistance": \#(rng.int(below: 60))"#,
                    ]
                case 1:
                    fields += [
                        #""kind": "longPress""#, #""minimumDuration": \#(Double(rng.int(below: 8)) / 10)"#,
                        #""taps": \#(rng.int(below: 3) == 0 ? 1 : 0)"#,
                    ]
                case 2: fields += [#""kind": "pan""#, #""minimumDistance": \#(rng.int(below: 30))"#]
                case 3: fields += [#""kind": "swipe""#, #""direction": ["right", "down"]"#]
                case 5:
                    fields += [
                        #""kind": "screenEdgePan""#, #""edges": ["left", "top"]"#,
                        #""edgeDistance": \#(20 + rng.int(below: 100))"#,
                    ]
                case 6: fields += [#""kind": "pinch""#, #""minimumDistance": \#(rng.int(below: 30))"#]
                case 7: fields += [#""kind": "rotation""#, #""minimumRotation": \#(Double(rng.int(below: 10)) / 10)"#]
                default:
                    let continuous = rng.int(below: 2) == 0
                    continuity[id] = continuous
                    let states =
                        continuous ? ["began", "changed", "ended", "cancelled", "failed"] : ["recognized", "failed"]
                    var rules: [String] = []
                    for phase in ["began", "moved", "ended", "cancelled"] where rng.int(below: 2) == 0 {
                        rules.append(#""\#(phase)": "\#(states[rng.int(below: states.count)])""#)
                    }
                    fields += [
                        #""kind": "custom""#, #""continuous": \#(continuous)"#,
                        #""on": {\#(rules.joined(separator: ", "))}"#,
                    ]
                }
                for flag in ["cancelsTouchesInView", "delaysTouchesBegan", "delaysTouchesEnded", "enabled"]
                where rng.int(below: 3) == 0 {
                    fields.append(#""\#(flag)": \#(rng.int(below: 2) == 0)"#)
                }
                if !recognizerIDs.isEmpty && rng.int(below: 3) == 0 {
                    // One direction per scene, so that no cycle forms: later waits on earlier, or
                    // (requiredToFailBy) earlier waits on later.
                    let key = reversedRequirements ? "requiredToFailBy" : "requiresFailureOf"
                    fields.append(#""\#(key)": "\#(recognizerIDs[rng.int(below: recognizerIDs.count)])""#)
                }
                if !recognizerIDs.isEmpty && rng.int(below: 3) == 0 {
                    fields.append(#""simultaneousWith": ["\#(recognizerIDs[rng.int(below: recognizerIDs.count)])"]"#)
                }
                if !recognizerIDs.isEmpty && rng.int(below: 4) == 0 {
                    let key = rng.int(below: 2) == 0 ? "cannotPrevent" : "cannotBePreventedBy"
                    fields.append(#""\#(key)": ["\#(recognizerIDs[rng.int(below: recognizerIDs.count)])"]"#)
                }
                if rng.int(below: 5) == 0 {
                    fields.append(#""shouldBegin": \#(["false", #""horizontal""#, #""vertical""#][rng.int(below: 3)])"#)
                }
                if rng.int(below: 6) == 0 {
                    fields.append(
                        rng.int(below: 2) == 0
                            ? #""shouldReceiveTouch": false"# : #""shouldReceiveTouch": {"notIn": ["W"]}"#)
                }
                recognizerIDs.append(id)
                items.append("{" + fields.joined(separator: ", ") + "}")
            }
            return "[" + items.joined(separator: ", ") + "]"
        }
        func view(depth: Int) -> String {
            let id = "V\(viewCount)"
            viewCount += 1
            let x = rng.int(below: 150)
            let y = rng.int(below: 150)
            let w = 40 + rng.int(below: 200)
            let h = 40 + rng.int(below: 200)
            var fields = [#""id": "\#(id)""#, #""frame": [\#(x), \#(y), \#(w), \#(h)]"#]
            if rng.int(below: 2) == 0 {
                fields.append(#""handlesTouches": "\#(rng.int(below: 2) == 0 ? "consume" : "forward")""#)
            }
            if rng.int(below: 3) == 0 { fields.append(#""multipleTouchEnabled": true"#) }
            if rng.int(below: 8) == 0 { fields.append(#""exclusiveTouch": true"#) }
            if rng.int(below: 2) == 0 { fields.append(#""gestureRecognizers": \#(recognizers())"#) }
            switch rng.int(below: 8) {
            case 0:
                let kind = ["button", "switch", "slider", "stepper", "textField", "control"][rng.int(below: 6)]
                let event = ["touchDown", "touchUpInside", "touchUpOutside", "valueChanged", "touchCancel"][
                    rng.int(below: 5)]
                fields.append(
                    #""control": {"kind": "\#(kind)", "actions": [{"event": "\#(event)", "action": "act:"}]}"#)
                fields.append(#""responder": {"actions": ["act:"], "canBecomeFirstResponder": true}"#)
            case 1:
                let flags = ["delaysContentTouches", "canCancelContentTouches", "touchesShouldCancelInControls"]
                    .filter { _ in rng.int(below: 2) == 0 }.map { #""\#($0)": false"# }
                fields.append(#""scrollView": {\#(flags.joined(separator: ", "))}"#)
                continuity["\(id).pan"] = true
            default: break
            }
            if depth < 3 {
                let children = (0..<rng.int(below: 3)).map { _ in view(depth: depth + 1) }
                if !children.isEmpty { fields.append(#""subviews": [\#(children.joined(separator: ", "))]"#) }
            }
            return "{" + fields.joined(separator: ", ") + "}"
        }
        let top = (0..<(1 + rng.int(below: 3))).map { _ in view(depth: 1) }
        let json =
            #"{"windows": [{"id": "W", "frame": [0, 0, 400, 400], "gestureRecognizers": \#(recognizers()), "subviews": [\#(top.joined(separator: ", "))]}]}"#
        return (json, continuity)
    }

    /// A random replay: up to three fingers, moves of every size, stationary and cancelled
    /// touches, time steps across the recognizers' limits, and lines with `t` alone; every
    /// finger lifts at the end and time then runs 10 s on. Touch ids are never reused.
    static func randomEvents(_ rng: inout SeededGenerator) -> [String] {
        var lines: [String] = []
        var t = 0.0
        var down: [Int: (Double, Double)] = [:]
        var nextID = 1
        func point() -> (Double, Double) { (Double(rng.int(below: 4000)) / 10, Double(rng.int(below: 4000)) / 10) }
        for _ in 0..<(2 + rng.int(below: 12)) {
            t += Double(rng.int(below: 7)) / 10
            if rng.int(below: 6) == 0 {
                lines.append(#"{"t": \#(t)}"#)
                continue
            }
            var touches: [String] = []
            for (id, p) in down.sorted(by: { $0.key < $1.key }) {
                switch rng.int(below: 5) {
                case 0:
                    touches.append(#"{"id": \#(id), "phase": "ended", "x": \#(p.0), "y": \#(p.1)}"#)
                    down[id] = nil
                case 1 where rng.int(below: 4) == 0:
                    touches.append(#"{"id": \#(id), "phase": "cancelled", "x": \#(p.0), "y": \#(p.1)}"#)
                    down[id] = nil
                case 2:
                    touches.append(#"{"id": \#(id), "phase": "stationary", "x": \#(p.0), "y": \#(p.1)}"#)
                default:
                    let step = [1.0, 4, 12, 30, 80][rng.int(below: 5)]
                    let q = (p.0 + step * Double(rng.int(below: 3) - 1), p.1 + step * Double(rng.int(below: 3) - 1))
                    touches.append(#"{"id": \#(id), "phase": "moved", "x": \#(q.0), "y": \#(q.1)}"#)
                    down[id] = q
                }
            }
            if down.count < 3 && rng.int(below: 2) == 0 {
                let p = point()
                touches.append(#"{"id": \#(nextID), "phase": "began", "x": \#(p.0), "y": \#(p.1)}"#)
                down[nextID] = p
                nextID += 1
            }
            if !touches.isEmpty { lines.append(#"{"t": \#(t), "touches": [\#(touches.joined(separator: ", "))]}"#) }
        }
        t += 0.1
        let lifts = down.sorted(by: { $0.key < $1.key }).map {
            #"{"id": \#($0.key), "phase": "ended", "x": \#($0.value.0), "y": \#($0.value.1)}"#
        }
        if !lifts.isEmpty { lines.append(#"{"t": \#(t), "touches": [\#(lifts.joined(separator: ", "))]}"#) }
        lines.append(#"{"t": \#(t + 10)}"#)
        return lines
    }

    /// The state machine of events.md, written out independently of `GestureState.allows`.
    static func legal(from: String, to: String, continuous: Bool) -> Bool {
        let discrete: [String: Set<String>] = ["possible": ["recognized", "failed"]]
        let cont: [String: Set<String>] = [
            "possible": ["began", "failed"], "began": ["changed", "ended", "cancelled"],
            "changed": ["changed", "ended", "cancelled"],
        ]
        return (continuous ? cont : discrete)[from]?.contains(to) ?? false
    }

    @Test(arguments: 0..<300)
    func invariantsHoldForRandomScenesAndTouches(seed: Int) throws {
        var rng = SeededGenerator(seed: UInt64(seed) &* 0x9E37_79B9 &+ 17)
        let (json, continuity) = Self.randomScene(&rng)
        let lines = Self.randomEvents(&rng)
        let context = "seed \(seed)\nscene: \(json)\nevents:\n\(lines.joined(separator: "\n"))"
        let scene = try TestSupport.scene(json)
        let dispatcher = try TouchDispatcher(graph: ResponderGraph(reading: scene))
        var log: [TouchLogEntry] = []
        // Where each touch must land: the reference on the views as they are when it begins
        // (scroll views move their content). Deadlines up to an event's time fire first, as
        // its own advance, so that nothing moves between this check and the event's hit-tests.
        var expectedView: [Int: String?] = [:]
        let reference = ReferenceHitTester()
        for (i, line) in lines.enumerated() {
            if case .event(let e) = try TouchInputLine(jsonLine: line) {
                log += try dispatcher.advance(to: e.time)
                for s in e.touches where s.phase == .began {
                    expectedView[s.id] = reference.hitTest(dispatcher.graph.scene, at: s.location)?.id
                }
            }
            log += try dispatcher.replay(jsonLines: line)
            let problems = dispatcher.invariantViolations()
            #expect(problems.isEmpty, "after line \(i + 1): \(problems)\n\(context)")
        }

        // Same input, same output (the advances included).
        let again = try TouchDispatcher(graph: ResponderGraph(reading: TestSupport.scene(json)))
        var log2: [TouchLogEntry] = []
        for line in lines {
            if case .event(let e) = try TouchInputLine(jsonLine: line) { log2 += try again.advance(to: e.time) }
            log2 += try again.replay(jsonLines: line)
        }
        #expect(log2 == log, "\(context)")

        // Per touch, the view's calls form began, moved…, then one ended or cancelled; each
        // reaches only the view the reference hit-tests where the touch began.
        var calls: [Int: [TouchPhase]] = [:]
        var recognizerState: [String: String] = [:]
        // Per control: down, drags, then up or cancel; value events only after an up inside, or
        // with a slider's drags.
        var tracking: [String: Bool] = [:]
        var lastControlEvent: [String: ControlEvent] = [:]
        for entry in log {
            switch entry {
            case .touches(let d):
                for id in d.touchIDs {
                    let expected = expectedView[id] ?? nil
                    #expect(d.view.id == expected, "touch \(id) delivered to \(d.view.id)\n\(context)")
                    calls[id, default: []].append(d.phase)
                }
            case .control(let c):
                let isTracking = tracking[c.controlID] ?? false
                let last = lastControlEvent[c.controlID]
                switch c.event {
                case .touchDown, .touchDownRepeat:
                    #expect(!isTracking, "\(c.controlID) \(c.event) while tracking\n\(context)")
                    tracking[c.controlID] = true
                case .touchDragInside, .touchDragOutside, .touchDragEnter, .touchDragExit:
                    #expect(isTracking, "\(c.controlID) \(c.event) without tracking\n\(context)")
                case .touchUpInside, .touchUpOutside, .touchCancel:
                    #expect(isTracking, "\(c.controlID) \(c.event) without tracking\n\(context)")
                    tracking[c.controlID] = false
                case .valueChanged, .primaryActionTriggered:
                    let afterUp = last == .touchUpInside || last == .valueChanged
                    let sliding =
                        isTracking
                        && [.touchDragInside, .touchDragOutside, .touchDragEnter, .touchDragExit]
                            .contains(last)
                    #expect(
                        afterUp || sliding, "\(c.controlID) \(c.event) after \(String(describing: last))\n\(context)")
                }
                lastControlEvent[c.controlID] = c.event
            case .responder:
                break
            case .gesture(let g):
                var from = recognizerState[g.recognizerID] ?? "possible"
                // A finished recognizer resets (unlogged) before its next gesture.
                if ["recognized", "ended", "cancelled", "failed"].contains(from) { from = "possible" }
                let ok = Self.legal(from: from, to: g.state.rawValue, continuous: continuity[g.recognizerID]!)
                #expect(ok, "\(g.recognizerID): \(from) → \(g.state.rawValue)\n\(context)")
                recognizerState[g.recognizerID] = g.state.rawValue
            }
        }
        for (id, phases) in calls {
            let body = phases.dropFirst().dropLast()
            #expect(phases.first == .began, "touch \(id): \(phases)\n\(context)")
            #expect(
                phases.last == .ended || phases.last == .cancelled, "touch \(id) never finished: \(phases)\n\(context)")
            #expect(body.allSatisfy { $0 == .moved }, "touch \(id): \(phases)\n\(context)")
        }
        // Once every finger has lifted and time has run on, nothing is held and every recognizer
        // has reset.
        #expect(dispatcher.liveTouchIDs.isEmpty, "\(context)")
        for id in dispatcher.recognizerIDs {
            #expect(dispatcher.state(ofRecognizer: id) == .possible, "\(id) did not reset\n\(context)")
        }
    }
}
