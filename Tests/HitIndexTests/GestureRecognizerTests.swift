import Foundation
import HitIndex
import HitIndexEvents
import HitIndexSceneFormat
import Testing

/// Gesture recognizers (events.md "Gesture recognizers" and "Time"), through `TouchDispatcher`
/// and `hitindex touch`. Every expected log is derived by hand from the rules (the spec and the
/// doc comments of `TouchDispatcher*.swift` and `Gestures/*.swift`); the comments give the
/// reasoning. Defaults used below: tap tolerance 10, maximumDuration 1.5, maximumInterval 0.35;
/// long press 0.5 s / 10 pt; pan minimumDistance 10; swipe 50 pt / 0.5 s / tolerance 10, sideways
/// at most half the distance along.
@Suite struct GestureRecognizerTests {
    /// Window W (0,0)-(400,400) > P (0,0)-(300,300), no touch key, with two subviews that do not
    /// overlap:
    ///
    /// - V  screen (50,50)-(250,250)  consume (one log line per call), multipleTouchEnabled false
    ///   unless `vKeys` says otherwise
    /// - S  screen (260,0)-(300,40)   consume; V's sibling
    ///
    /// `v`, `p`, `s` are the recognizer objects (comma-separated) of V, P and S. (100,100) hits V;
    /// (270,10) hits S. Only V and S log (P and W have no key; the call stops at V or S anyway).
    static func scene(v: String = "", p: String = "", s: String = "", vKeys: String = "") -> String {
        func recognizers(_ list: String) -> String { list.isEmpty ? "" : ", \"gestureRecognizers\": [\(list)]" }
        return """
            {"windows": [{"id": "W", "frame": [0, 0, 400, 400], "subviews": [
              {"id": "P", "frame": [0, 0, 300, 300]\(recognizers(p)), "subviews": [
                {"id": "V", "frame": [50, 50, 200, 200], "handlesTouches": "consume"\(vKeys)\(recognizers(v))},
                {"id": "S", "frame": [260, 0, 40, 40], "handlesTouches": "consume"\(recognizers(s))}
              ]}
            ]}]}
            """
    }

    static func dispatcher(_ json: String, recognizers: [GestureRecognizer] = []) throws -> TouchDispatcher {
        try TouchDispatcher(
            graph: ResponderGraph(reading: TestSupport.scene(json), file: "test.json"), recognizers: recognizers)
    }

    /// One event line: `(id, phase, x, y)` per touch.
    static func line(_ t: Double, _ touches: [(Int, String, Double, Double)]) -> String {
        TouchDeliveryTests.line(t, touches)
    }

    /// A line with `t` alone: time passes with no input (`advance(to:)`).
    static func advance(_ t: Double) -> String { "{\"t\": \(t)}" }

    /// The log lines of replaying `lines` on a fresh dispatcher over `json`.
    static func log(_ lines: [String], _ json: String) throws -> [String] {
        // Line by line, with the dispatcher's invariants checked after each.
        let d = try dispatcher(json)
        var out: [String] = []
        for (i, line) in lines.enumerated() {
            out += try d.replay(jsonLines: line).flatMap(\.logLines)
            #expect(d.invariantViolations() == [], "after line \(i + 1): \(line)")
        }
        return out
    }

    /// The scene's refusal by `TouchDispatcher`, or `nil` when it is accepted.
    static func refusal(_ json: String) throws -> SceneError? {
        let graph = try ResponderGraph(reading: TestSupport.scene(json), file: "test.json")
        do {
            _ = try TouchDispatcher(graph: graph)
            return nil
        } catch {
            return error
        }
    }

    static let tap = #"{"id": "tap", "kind": "tap"}"#
    static let double = #"{"id": "double", "kind": "tap", "taps": 2}"#

    // MARK: seed 003

    @Test func seed003ThirdLogATapRecognizerOnDViewCancelsAViewsTouch() throws {
        // Seed 003's article ("iOS 响应者链", docs/semantics.md, Sources), its third log: a tap
        // recognizer on DView. (300,220) is in DView (screen (180,150)-(340,250)) and outside
        // UILabel ((190,160)-(290,190), interaction off anyway), so DView is hit and its tap is
        // bound. t 0, began: the tap stays possible; it does not delay began, so DView gets
        // touchesBegan, which DView and CView forward silently and AView ("forward") logs:
        // `AView touchesBegan 1`. t 0.07, ended: the recognizer sees it first; one finger, no
        // movement, held 0.07 < 1.5 s: `tap recognized`. cancelsTouchesInView (default true):
        // the touch the view was given gets touchesCancelled (AView logs it) and its ended phase
        // is withheld: never touchesEnded.
        let original = try String(contentsOfFile: CLITests.seed003, encoding: .utf8)
        let anchor = #"{"id": "DView", "frame": [10, 40, 160, 100], "#
        let modified = original.replacingOccurrences(
            of: anchor, with: anchor + #""gestureRecognizers": [{"id": "tap", "kind": "tap"}], "#)
        #expect(modified != original)
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let scene = try dir.write(modified, to: "seed003-tap.json")
        let events = try dir.write(
            [Self.line(0, [(1, "began", 300, 220)]), Self.line(0.07, [(1, "ended", 300, 220)])].joined(
                separator: "\n") + "\n", to: "tap.jsonl")
        let r = TestSupport.run(["touch", scene, events])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err.isEmpty)
        #expect(r.out == "AView touchesBegan 1\ntap recognized\nAView touchesCancelled 1\n")

        // Variants. cancelsTouchesInView false: nothing is cancelled; the ended phase comes after
        // the recognition (the tap has decided, so it is not held): AView touchesEnded 1.
        // delaysTouchesBegan true: the began is held while the tap is possible, and discarded
        // when it recognizes; the view never hears of the touch: `tap recognized` alone.
        for (flag, expected) in [
            (#", "cancelsTouchesInView": false"#, "AView touchesBegan 1\ntap recognized\nAView touchesEnded 1\n"),
            (#", "delaysTouchesBegan": true"#, "tap recognized\n"),
        ] {
            let variant = original.replacingOccurrences(
                of: anchor, with: anchor + #""gestureRecognizers": [{"id": "tap", "kind": "tap""# + flag + "}], ")
            let path = try dir.write(variant, to: "seed003-variant.json")
            let rv = TestSupport.run(["touch", path, events])
            #expect(rv.status == 0, "\(rv.err)")
            #expect(rv.out == expected, "\(flag)")
        }

        // The same recognizer on BView, DView's aunt (a sibling of CView): not an ancestor of
        // the hit view, so not bound; the touch is delivered as without recognizers.
        let onB = original.replacingOccurrences(
            of: #"{"id": "BView", "frame": [10, 10, 120, 100]}"#,
            with: #"{"id": "BView", "frame": [10, 10, 120, 100], "gestureRecognizers": [{"id": "tap", "kind": "tap"}]}"#
        )
        #expect(onB != original)
        let sceneB = try dir.write(onB, to: "seed003-tap-b.json")
        let rB = TestSupport.run(["touch", sceneB, events])
        #expect(rB.status == 0, "\(rB.err)")
        #expect(rB.out == "AView touchesBegan 1\nAView touchesEnded 1\n")
    }

    // MARK: tap

    @Test func doubleTapRecognizesOnTheSecondLift() throws {
        // t 0 began at (100,100): V gets touchesBegan (no began delay). t 0.1 ended: first tap
        // complete, 1 of 2: still possible, so the ended phase is held (delaysTouchesEnded).
        // t 0.2 began at (102,101): within 0.35 s of the lift and √5 ≤ 10 from the first tap:
        // V gets touchesBegan 2 (touch 1 is no longer down, so V may take it). t 0.3 ended: second
        // tap complete: `double recognized`; cancelsTouchesInView cancels both touches of the
        // gesture the view holds (1 held at its end, 2 delivered), in one call: touchesCancelled
        // 1,2. Touch 2's ended phase is withheld.
        let log = try Self.log(
            [
                Self.line(0, [(1, "began", 100, 100)]), Self.line(0.1, [(1, "ended", 100, 100)]),
                Self.line(0.2, [(2, "began", 102, 101)]), Self.line(0.3, [(2, "ended", 102, 101)]),
            ], Self.scene(v: Self.double))
        #expect(
            log == ["V touchesBegan 1", "V touchesBegan 2", "double recognized", "V touchesCancelled 1,2"])
    }

    @Test func doubleTapTooSlowFailsAtTheDeadlineAndReleasesTheHeldEnd() throws {
        // Through the CLI with an advance line. t 0 began: touchesBegan 1. t 0.1 ended: 1 of 2
        // taps, the ended phase held; the deadline is 0.1 + 0.35 = 0.45. `{"t": 1}`: time
        // reaches 0.45: `double failed`; nothing gates the held end any more, so it is delivered
        // after the failed line: touchesEnded 1.
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let scene = try dir.write(Self.scene(v: Self.double), to: "double.json")
        let events = try dir.write(
            [Self.line(0, [(1, "began", 100, 100)]), Self.line(0.1, [(1, "ended", 100, 100)]), Self.advance(1)]
                .joined(separator: "\n") + "\n", to: "slow.jsonl")
        let r = TestSupport.run(["touch", scene, events])
        #expect(r.status == 0, "\(r.err)")
        #expect(CLITests.lines(r.out) == ["V touchesBegan 1", "double failed", "V touchesEnded 1"])

        // Through the API. Lift at 0.25: the deadline is 0.25 + 0.35 ≈ 0.6. advance(to: 0.5) is
        // before it: nothing. advance(to: 0.7): the failure, stamped with the deadline's time,
        // then the late touchesEnded with its original time 0.25.
        let d = try Self.dispatcher(Self.scene(v: Self.double))
        let first = try d.replay(
            jsonLines: [Self.line(0, [(1, "began", 100, 100)]), Self.line(0.25, [(1, "ended", 100, 100)])].joined(
                separator: "\n"))
        #expect(first.flatMap(\.logLines) == ["V touchesBegan 1"])
        #expect(try d.advance(to: 0.5).isEmpty)
        #expect(d.state(ofRecognizer: "double") == .possible)
        let late = try d.advance(to: 0.7)
        #expect(late.flatMap(\.logLines) == ["double failed", "V touchesEnded 1"])
        if late.count == 2 {
            #expect(abs(late[0].transition!.time - 0.6) < 1e-9)
            #expect(late[1].delivery?.isLate == true)
            #expect(late[1].delivery?.time == 0.25)
        }
        // Time may not go back before the last advance.
        #expect(throws: TouchInputError.self) { try d.advance(to: 0.6) }
    }

    @Test func aDeadlineReachedByAnEventFiresBeforeItsTouches() throws {
        // The second tap comes at t 1, after the deadline 0.45: the deadline fires first
        // (`double failed`, then the held touchesEnded 1). The recognizer's touches have all
        // lifted, so it resets and touch 2 starts a fresh gesture: touchesBegan 2 (and no
        // recognition, it is only the first tap of a new double tap). t 1.1 ended: 1 of 2, held.
        // `{"t": 2}` passes 1.1 + 0.35: `double failed` again and touchesEnded 2.
        let log = try Self.log(
            [
                Self.line(0, [(1, "began", 100, 100)]), Self.line(0.1, [(1, "ended", 100, 100)]),
                Self.line(1, [(2, "began", 100, 100)]), Self.line(1.1, [(2, "ended", 100, 100)]), Self.advance(2),
            ], Self.scene(v: Self.double))
        #expect(
            log == [
                "V touchesBegan 1", "double failed", "V touchesEnded 1", "V touchesBegan 2", "double failed",
                "V touchesEnded 2",
            ])
    }

    @Test func tapMovingBeyondToleranceFails() throws {
        // (100,100) → (111,100): 11 > 10 from where it came down: `tap failed` at the move, before
        // the view's touchesMoved. The end is not held (the tap has decided): touchesEnded.
        let log = try Self.log(
            [
                Self.line(0, [(1, "began", 100, 100)]), Self.line(0.1, [(1, "moved", 111, 100)]),
                Self.line(0.2, [(1, "ended", 111, 100)]),
            ], Self.scene(v: Self.tap))
        #expect(log == ["V touchesBegan 1", "tap failed", "V touchesMoved 1", "V touchesEnded 1"])

        // (100,100) → (108,106): exactly 10, within the tolerance: the tap recognizes on the lift.
        let within = try Self.log(
            [
                Self.line(0, [(1, "began", 100, 100)]), Self.line(0.1, [(1, "moved", 108, 106)]),
                Self.line(0.2, [(1, "ended", 108, 106)]),
            ], Self.scene(v: Self.tap))
        #expect(within == ["V touchesBegan 1", "V touchesMoved 1", "tap recognized", "V touchesCancelled 1"])

        // A double tap whose second tap lands 11 from the first (within the interval): fails as
        // the second finger comes down; V still gets that began (no began delay), and touch 1's
        // held end is released after the failure, before the view's calls for this event.
        let far = try Self.log(
            [
                Self.line(0, [(1, "began", 100, 100)]), Self.line(0.1, [(1, "ended", 100, 100)]),
                Self.line(0.2, [(2, "began", 111, 100)]),
            ], Self.scene(v: Self.double))
        #expect(far == ["V touchesBegan 1", "double failed", "V touchesEnded 1", "V touchesBegan 2"])
    }

    @Test func aSecondFingerFailsAOneFingerTap() throws {
        // Touch 2 lands on V while touch 1 is down: the tap (1 finger) sees 2 fingers: `tap
        // failed`. V (multipleTouchEnabled false) is not given touch 2, but its recognizer saw
        // it. The ends: touch 1's touchesEnded is not held (decided); touch 2 delivers nothing.
        let log = try Self.log(
            [
                Self.line(0, [(1, "began", 100, 100)]), Self.line(0.1, [(2, "began", 150, 150)]),
                Self.line(0.2, [(1, "ended", 100, 100), (2, "ended", 150, 150)]),
            ], Self.scene(v: Self.tap))
        #expect(log == ["V touchesBegan 1", "tap failed", "V touchesEnded 1"])
    }

    @Test func twoFingerTap() throws {
        // touches 2, V multipleTouchEnabled: both fingers land together (one call, 1,2) and lift
        // together: a tap of 2 fingers: recognized; both touches cancelled in one call.
        let tap2 = #"{"id": "tap2", "kind": "tap", "touches": 2}"#
        let multi = #", "multipleTouchEnabled": true"#
        let log = try Self.log(
            [
                Self.line(0, [(1, "began", 100, 100), (2, "began", 150, 150)]),
                Self.line(0.1, [(1, "ended", 100, 100), (2, "ended", 150, 150)]),
            ], Self.scene(v: tap2, vKeys: multi))
        #expect(log == ["V touchesBegan 1,2", "tap2 recognized", "V touchesCancelled 1,2"])

        // Lifting one finger at a time still makes one tap of 2 fingers: at t 0.1 finger 2 is
        // still down (nothing decided; touch 1's end held), at t 0.2 the tap completes:
        // recognized; touch 1 (end held) and touch 2 (delivered) are cancelled together.
        let staggered = try Self.log(
            [
                Self.line(0, [(1, "began", 100, 100), (2, "began", 150, 150)]),
                Self.line(0.1, [(1, "ended", 100, 100)]), Self.line(0.2, [(2, "ended", 150, 150)]),
            ], Self.scene(v: tap2, vKeys: multi))
        #expect(staggered == ["V touchesBegan 1,2", "tap2 recognized", "V touchesCancelled 1,2"])

        // One finger alone completes a tap of the wrong finger count: failed on the lift, then
        // the (not held) touchesEnded.
        let one = try Self.log(
            [Self.line(0, [(1, "began", 100, 100)]), Self.line(0.1, [(1, "ended", 100, 100)])],
            Self.scene(v: tap2, vKeys: multi))
        #expect(one == ["V touchesBegan 1", "tap2 failed", "V touchesEnded 1"])
    }

    @Test func tapHeldTooLongFails() throws {
        // Held from t 0: the deadline is 0 + 1.5. `{"t": 2}` reaches it: `tap failed`, stamped
        // 1.5. The later lift is delivered as is.
        let d = try Self.dispatcher(Self.scene(v: Self.tap))
        _ = try d.replay(jsonLines: Self.line(0, [(1, "began", 100, 100)]))
        let out = try d.replay(jsonLines: Self.advance(2))
        #expect(out.flatMap(\.logLines) == ["tap failed"])
        #expect(out.first?.transition?.time == 1.5)
        #expect(d.state(ofRecognizer: "tap") == .failed)
        #expect(
            try d.replay(jsonLines: Self.line(2.1, [(1, "ended", 100, 100)])).flatMap(\.logLines) == [
                "V touchesEnded 1"
            ])
        // A lift at exactly 1.5 s: the deadline fires before the event's touches (and a tap must
        // be shorter than maximumDuration): failed, then touchesEnded.
        let atLimit = try Self.log(
            [Self.line(0, [(1, "began", 100, 100)]), Self.line(1.5, [(1, "ended", 100, 100)])],
            Self.scene(v: Self.tap))
        #expect(atLimit == ["V touchesBegan 1", "tap failed", "V touchesEnded 1"])
        // A lift at 1.25 s is in time: recognized.
        let inTime = try Self.log(
            [Self.line(0, [(1, "began", 100, 100)]), Self.line(1.25, [(1, "ended", 100, 100)])],
            Self.scene(v: Self.tap))
        #expect(inTime == ["V touchesBegan 1", "tap recognized", "V touchesCancelled 1"])
    }

    @Test func delaysTouchesEndedFalseDeliversTheEndAtOnce() throws {
        // The slow double tap again, with delaysTouchesEnded false: touchesEnded 1 comes with its
        // event, and the failure at the deadline releases nothing.
        let log = try Self.log(
            [Self.line(0, [(1, "began", 100, 100)]), Self.line(0.1, [(1, "ended", 100, 100)]), Self.advance(1)],
            Self.scene(v: #"{"id": "double", "kind": "tap", "taps": 2, "delaysTouchesEnded": false}"#))
        #expect(log == ["V touchesBegan 1", "V touchesEnded 1", "double failed"])
        // With the default, the end waits for the decision (and comes after the failed line).
        let held = try Self.log(
            [Self.line(0, [(1, "began", 100, 100)]), Self.line(0.1, [(1, "ended", 100, 100)]), Self.advance(1)],
            Self.scene(v: Self.double))
        #expect(held == ["V touchesBegan 1", "double failed", "V touchesEnded 1"])
    }

    // MARK: long press

    static let press = #"{"id": "press", "kind": "longPress"}"#

    @Test func longPressBeginsAtTheDeadlineChangesAndEnds() throws {
        // t 0.25 began: deadline 0.25 + 0.5 = 0.75. t 0.5 moved 5 pt (within 10): V gets it.
        // `{"t": 1}`: time reaches 0.75: `press began` (stamped 0.75); a continuous recognizer
        // recognizes when it begins, so cancelsTouchesInView cancels V's touch. t 1.1 moved far:
        // `press changed` (the view gets nothing more). t 1.2 lifted: `press ended`.
        let d = try Self.dispatcher(Self.scene(v: Self.press))
        var out = try d.replay(
            jsonLines: [
                Self.line(0.25, [(1, "began", 100, 100)]), Self.line(0.5, [(1, "moved", 104, 103)]),
            ].joined(separator: "\n"))
        #expect(out.flatMap(\.logLines) == ["V touchesBegan 1", "V touchesMoved 1"])
        out = try d.replay(jsonLines: Self.advance(1))
        #expect(out.flatMap(\.logLines) == ["press began", "V touchesCancelled 1"])
        #expect(out.first?.transition?.time == 0.75)
        out = try d.replay(
            jsonLines: [
                Self.line(1.1, [(1, "moved", 200, 200)]), Self.line(1.2, [(1, "ended", 200, 200)]),
            ].joined(separator: "\n"))
        #expect(out.flatMap(\.logLines) == ["press changed", "press ended"])
    }

    @Test func longPressDeadlineFiresBeforeTheTouchesOfAnEventAtThatTime() throws {
        // Began at 0, lifted at exactly 0.5: time reaches the deadline 0.5 first: began (and V's
        // touch cancelled), then the lift ends it.
        let log = try Self.log(
            [Self.line(0, [(1, "began", 100, 100)]), Self.line(0.5, [(1, "ended", 100, 100)])],
            Self.scene(v: Self.press))
        #expect(log == ["V touchesBegan 1", "press began", "V touchesCancelled 1", "press ended"])
    }

    @Test func longPressLiftedTooSoonFails() throws {
        // Lifted at 0.3 < 0.5: `press failed` as it lifts (before the view's touchesEnded, which
        // is not held since the press has decided). Later time passing adds nothing.
        let d = try Self.dispatcher(Self.scene(v: Self.press))
        let out = try d.replay(
            jsonLines: [
                Self.line(0, [(1, "began", 100, 100)]), Self.line(0.3, [(1, "ended", 100, 100)]), Self.advance(1),
            ].joined(separator: "\n"))
        #expect(out.flatMap(\.logLines) == ["V touchesBegan 1", "press failed", "V touchesEnded 1"])
    }

    @Test func longPressMovingBeyondToleranceBeforeItBeginsFails() throws {
        // 11 pt before 0.5 s: `press failed` at the move; the deadline never fires.
        let log = try Self.log(
            [
                Self.line(0, [(1, "began", 100, 100)]), Self.line(0.2, [(1, "moved", 111, 100)]), Self.advance(1),
                Self.line(1.1, [(1, "ended", 111, 100)]),
            ], Self.scene(v: Self.press))
        #expect(log == ["V touchesBegan 1", "press failed", "V touchesMoved 1", "V touchesEnded 1"])
    }

    // MARK: pan

    @Test func panBeginsAfterMinimumDistanceAndCancelsTheViewsTouch() throws {
        // 5 pt: not yet (V gets the move). 10 pt: `pan began`; cancelsTouchesInView cancels V's
        // touch, and this move is withheld. 30 pt: `pan changed`. Lift: no finger left: `pan
        // ended`.
        let log = try Self.log(
            [
                Self.line(0, [(1, "began", 100, 100)]), Self.line(0.1, [(1, "moved", 105, 100)]),
                Self.line(0.2, [(1, "moved", 110, 100)]), Self.line(0.3, [(1, "moved", 130, 100)]),
                Self.line(0.4, [(1, "ended", 130, 100)]),
            ], Self.scene(v: #"{"id": "pan", "kind": "pan"}"#))
        #expect(
            log == [
                "V touchesBegan 1", "V touchesMoved 1", "pan began", "V touchesCancelled 1", "pan changed", "pan ended",
            ])
    }

    @Test func panWithoutCancelsTouchesInViewLeavesTouchesFlowing() throws {
        // The same moves with cancelsTouchesInView false: each state change comes before the view's
        // call for the event, and the view gets every phase; the end is not held (the pan is no
        // longer possible).
        let log = try Self.log(
            [
                Self.line(0, [(1, "began", 100, 100)]), Self.line(0.1, [(1, "moved", 105, 100)]),
                Self.line(0.2, [(1, "moved", 110, 100)]), Self.line(0.3, [(1, "moved", 130, 100)]),
                Self.line(0.4, [(1, "ended", 130, 100)]),
            ], Self.scene(v: #"{"id": "pan", "kind": "pan", "cancelsTouchesInView": false}"#))
        #expect(
            log == [
                "V touchesBegan 1", "V touchesMoved 1", "pan began", "V touchesMoved 1", "pan changed",
                "V touchesMoved 1", "pan ended", "V touchesEnded 1",
            ])
        // A lift short of the distance: every finger lifted before it began: failed.
        let short = try Self.log(
            [Self.line(0, [(1, "began", 100, 100)]), Self.line(0.1, [(1, "ended", 105, 100)])],
            Self.scene(v: #"{"id": "pan", "kind": "pan"}"#))
        #expect(short == ["V touchesBegan 1", "pan failed", "V touchesEnded 1"])
    }

    // MARK: swipe

    static let swipe = #"{"id": "swipe", "kind": "swipe"}"#

    @Test func rightSwipeRecognized() throws {
        // Right is the default. 30 pt right: not far enough (plausible, so still possible). 60 pt
        // right, 0 sideways, at 0.2 < 0.5 s: recognized; V's touch cancelled; the end withheld.
        let log = try Self.log(
            [
                Self.line(0, [(1, "began", 60, 100)]), Self.line(0.1, [(1, "moved", 90, 100)]),
                Self.line(0.2, [(1, "moved", 120, 100)]), Self.line(0.3, [(1, "ended", 120, 100)]),
            ], Self.scene(v: Self.swipe))
        #expect(log == ["V touchesBegan 1", "V touchesMoved 1", "swipe recognized", "V touchesCancelled 1"])

        // 60 right and 30 down: sideways exactly half the distance: still a swipe.
        let half = try Self.log(
            [Self.line(0, [(1, "began", 60, 100)]), Self.line(0.1, [(1, "moved", 120, 130)])],
            Self.scene(v: Self.swipe))
        #expect(half == ["V touchesBegan 1", "swipe recognized", "V touchesCancelled 1"])

        // 60 right and 31 down: more than half sideways: not a swipe; still within 45°, so it
        // waits, and fails when the finger lifts (every finger lifted first).
        let steep = try Self.log(
            [
                Self.line(0, [(1, "began", 60, 100)]), Self.line(0.1, [(1, "moved", 120, 131)]),
                Self.line(0.2, [(1, "ended", 120, 131)]),
            ], Self.scene(v: Self.swipe))
        #expect(steep == ["V touchesBegan 1", "V touchesMoved 1", "swipe failed", "V touchesEnded 1"])
    }

    @Test func swipeInTheWrongDirectionFails() throws {
        // 15 pt left (≥ tolerance 10) for a right swipe: no allowed direction within 45°: failed.
        let log = try Self.log(
            [
                Self.line(0, [(1, "began", 200, 100)]), Self.line(0.1, [(1, "moved", 185, 100)]),
                Self.line(0.2, [(1, "ended", 185, 100)]),
            ], Self.scene(v: Self.swipe))
        #expect(log == ["V touchesBegan 1", "swipe failed", "V touchesMoved 1", "V touchesEnded 1"])
        // The same finger for a ["left", "up"] swipe: 15 left is plausible, 60 left recognizes.
        let left = try Self.log(
            [
                Self.line(0, [(1, "began", 200, 100)]), Self.line(0.1, [(1, "moved", 185, 100)]),
                Self.line(0.2, [(1, "moved", 140, 100)]),
            ], Self.scene(v: #"{"id": "swipe", "kind": "swipe", "direction": ["left", "up"]}"#))
        #expect(left == ["V touchesBegan 1", "V touchesMoved 1", "swipe recognized", "V touchesCancelled 1"])
        // Down for an up swipe: failed.
        let down = try Self.log(
            [Self.line(0, [(1, "began", 100, 100)]), Self.line(0.1, [(1, "moved", 100, 160)])],
            Self.scene(v: #"{"id": "swipe", "kind": "swipe", "direction": "up"}"#))
        #expect(down == ["V touchesBegan 1", "swipe failed", "V touchesMoved 1"])
    }

    @Test func swipeTooSlowFails() throws {
        // Began at 0: limit 0.5. 30 pt at 0.3: waiting. The event at 0.6 reaches the limit first:
        // `swipe failed`, then that event's move goes to V as usual.
        let log = try Self.log(
            [
                Self.line(0, [(1, "began", 60, 100)]), Self.line(0.3, [(1, "moved", 90, 100)]),
                Self.line(0.6, [(1, "moved", 120, 100)]), Self.line(0.7, [(1, "ended", 120, 100)]),
            ], Self.scene(v: Self.swipe))
        #expect(
            log == ["V touchesBegan 1", "V touchesMoved 1", "swipe failed", "V touchesMoved 1", "V touchesEnded 1"])
    }

    // MARK: delaysTouchesBegan

    static let delayingTap = #"{"id": "tap", "kind": "tap", "delaysTouchesBegan": true}"#

    @Test func delaysTouchesBeganHoldsBeganAndDeliversItLateWhenTheTapFailsAtTheDeadline() throws {
        // t 0 began: held (the tap delays began and is possible). t 0.5 moved 3 pt (within the
        // tolerance): queued behind the began. advance(to: 2) reaches the limit 1.5: `tap
        // failed`, then the queue, in order, late, with the original times 0 and 0.5.
        let d = try Self.dispatcher(Self.scene(v: Self.delayingTap))
        let early = try d.replay(
            jsonLines: [Self.line(0, [(1, "began", 100, 100)]), Self.line(0.5, [(1, "moved", 103, 100)])].joined(
                separator: "\n"))
        #expect(early.isEmpty)
        let out = try d.advance(to: 2)
        #expect(out.flatMap(\.logLines) == ["tap failed", "V touchesBegan 1", "V touchesMoved 1"])
        let deliveries = out.compactMap(\.delivery)
        #expect(deliveries.map(\.isLate) == [true, true])
        #expect(deliveries.map(\.time) == [0, 0.5])
        // …and the original locations: where the finger was at 0 and at 0.5, not where it is now.
        #expect(deliveries.map(\.locations) == [[Point(x: 100, y: 100)], [Point(x: 103, y: 100)]])
        // From then on the touch flows normally.
        let end = try d.replay(jsonLines: Self.line(2.1, [(1, "ended", 103, 100)]))
        #expect(end.flatMap(\.logLines) == ["V touchesEnded 1"])
        #expect(end.first?.delivery?.isLate == false)
    }

    @Test func delaysTouchesBeganDeliversLateWhenTheTapFailsByMoving() throws {
        // t 0.1 moved 20 pt: the tap fails as it sees the move; the held began is released at
        // once (late, t 0), then the event's own move (on time, t 0.1).
        let out = try Self.dispatcher(Self.scene(v: Self.delayingTap)).replay(
            jsonLines: [Self.line(0, [(1, "began", 100, 100)]), Self.line(0.1, [(1, "moved", 120, 100)])].joined(
                separator: "\n"))
        #expect(out.flatMap(\.logLines) == ["tap failed", "V touchesBegan 1", "V touchesMoved 1"])
        let deliveries = out.compactMap(\.delivery)
        #expect(deliveries.map(\.isLate) == [true, false])
        #expect(deliveries.map(\.time) == [0, 0.1])
    }

    @Test func delaysTouchesBeganDiscardsTheTouchWhenTheTapRecognizes() throws {
        // Began held, then the lift completes the tap: recognized; the held began is discarded
        // (nothing had been delivered, so nothing to cancel): V never hears of the touch.
        let log = try Self.log(
            [Self.line(0, [(1, "began", 100, 100)]), Self.line(0.1, [(1, "ended", 100, 100)])],
            Self.scene(v: Self.delayingTap))
        #expect(log == ["tap recognized"])
    }

    @Test func withoutCancelsTouchesInViewHeldBeganIsStillDiscardedAndAHeldEndedFlowsOn() throws {
        // delaysTouchesBegan with cancelsTouchesInView false: the began (and the move queued
        // behind it) are held while the tap is possible; the lift recognizes, and the held
        // phases are discarded all the same (events.md: "discarded if the recognizer
        // recognizes"; the doc comment: "touches whose began phase this recognizer holds are still
        // discarded"). The lift is then not delivered either: the view never had the touch.
        let log = try Self.log(
            [
                Self.line(0, [(1, "began", 100, 100)]), Self.line(0.1, [(1, "moved", 103, 100)]),
                Self.line(0.2, [(1, "ended", 103, 100)]),
            ],
            Self.scene(v: #"{"id": "tap", "kind": "tap", "delaysTouchesBegan": true, "cancelsTouchesInView": false}"#))
        #expect(log == ["tap recognized"])

        // delaysTouchesEnded with cancelsTouchesInView false, the [C] choice stated in the doc
        // comment ("the others flow on, held ended phases included"): touch 1's end is held at
        // 0.1 (1 of 2 taps); the second lift recognizes; nothing is cancelled, and the held end
        // is released late (t 0.1), then touch 2's own end (t 0.3), which is not held since the
        // double tap has decided.
        let d = try Self.dispatcher(
            Self.scene(v: #"{"id": "double", "kind": "tap", "taps": 2, "cancelsTouchesInView": false}"#))
        let out = try d.replay(
            jsonLines: [
                Self.line(0, [(1, "began", 100, 100)]), Self.line(0.1, [(1, "ended", 100, 100)]),
                Self.line(0.2, [(2, "began", 100, 100)]), Self.line(0.3, [(2, "ended", 100, 100)]),
            ].joined(separator: "\n"))
        #expect(
            out.flatMap(\.logLines) == [
                "V touchesBegan 1", "V touchesBegan 2", "double recognized", "V touchesEnded 1", "V touchesEnded 2",
            ])
        let ends = out.compactMap(\.delivery).filter { $0.phase == .ended }
        #expect(ends.map(\.isLate) == [true, false])
        #expect(ends.map(\.time) == [0.1, 0.3])
    }

    // MARK: binding

    @Test func recognizersOfTheHitViewAndItsAncestorsOnlyNeverSiblings() throws {
        // A tap on P (V's parent) and one on S (V's sibling). A tap on V binds P's only:
        // `ptap recognized`, V's touch cancelled; `stap` never hears of it.
        let json = Self.scene(p: #"{"id": "ptap", "kind": "tap"}"#, s: #"{"id": "stap", "kind": "tap"}"#)
        let d = try Self.dispatcher(json)
        let out = try d.replay(
            jsonLines: [Self.line(0, [(1, "began", 100, 100)]), Self.line(0.1, [(1, "ended", 100, 100)])].joined(
                separator: "\n"))
        #expect(out.flatMap(\.logLines) == ["V touchesBegan 1", "ptap recognized", "V touchesCancelled 1"])
        #expect(d.state(ofRecognizer: "stap") == .possible)

        // A tap on S binds S's, then P's (hit view's first): S's sees the lift first and
        // recognizes, which fails P's (possible, same touch, not simultaneous); then S's touch is
        // cancelled.
        let onS = try d.replay(
            jsonLines: [Self.line(1, [(2, "began", 270, 10)]), Self.line(1.1, [(2, "ended", 270, 10)])].joined(
                separator: "\n"))
        #expect(
            onS.flatMap(\.logLines) == ["S touchesBegan 2", "stap recognized", "ptap failed", "S touchesCancelled 2"])
    }

    @Test func aDisabledRecognizerSeesNothing() throws {
        // Disabled, it is bound to no touch: it does not delay the began, never fails nor
        // recognizes, holds no end.
        let d = try Self.dispatcher(
            Self.scene(v: #"{"id": "off", "kind": "tap", "enabled": false, "delaysTouchesBegan": true}"#))
        let out = try d.replay(
            jsonLines: [
                Self.line(0, [(1, "began", 100, 100)]), Self.line(0.1, [(1, "ended", 100, 100)]), Self.advance(5),
            ].joined(separator: "\n"))
        #expect(out.flatMap(\.logLines) == ["V touchesBegan 1", "V touchesEnded 1"])
        #expect(d.state(ofRecognizer: "off") == .possible)
        #expect(d.recognizerIDs == ["off"])
    }

    // MARK: simultaneity

    @Test func theFirstToRecognizeFailsTheOther() throws {
        // Taps on V and on P, both bound (V's first). On the lift V's recognizes and fails P's:
        // one `recognized` only.
        let log = try Self.log(
            [Self.line(0, [(1, "began", 100, 100)]), Self.line(0.1, [(1, "ended", 100, 100)])],
            Self.scene(v: #"{"id": "vtap", "kind": "tap"}"#, p: #"{"id": "ptap", "kind": "tap"}"#))
        #expect(log == ["V touchesBegan 1", "vtap recognized", "ptap failed", "V touchesCancelled 1"])
    }

    @Test func simultaneousWithLetsBothRecognize() throws {
        // vtap recognizes first and does not fail ptap (simultaneous); vtap cancels V's touch.
        // Then ptap sees the lift and recognizes too (vtap's success is allowed alongside); the
        // touch is already cancelled for V, so nothing more.
        let events = [Self.line(0, [(1, "began", 100, 100)]), Self.line(0.1, [(1, "ended", 100, 100)])]
        let expected = ["V touchesBegan 1", "vtap recognized", "V touchesCancelled 1", "ptap recognized"]
        let named = try Self.log(
            events,
            Self.scene(
                v: #"{"id": "vtap", "kind": "tap", "simultaneousWith": "ptap"}"#, p: #"{"id": "ptap", "kind": "tap"}"#))
        #expect(named == expected)
        // The relation is symmetric: naming it on the other side does the same.
        let reverse = try Self.log(
            events,
            Self.scene(
                v: #"{"id": "vtap", "kind": "tap"}"#, p: #"{"id": "ptap", "kind": "tap", "simultaneousWith": ["vtap"]}"#
            ))
        #expect(reverse == expected)
    }

    static let singleThenDouble =
        #"{"id": "single", "kind": "tap", "requiresFailureOf": "double"}, {"id": "double", "kind": "tap", "taps": 2}"#

    @Test func requireToFailSingleTapWaitsForTheDoubleTapToFail() throws {
        // t 0.1, lift: single wants to recognize, but double (possible, bound) must fail first:
        // deferred. double is 1 of 2 taps, deadline 0.45. The end is held (single and double are
        // both possible, and both delay ended). `{"t": 1}` reaches 0.45: `double failed`, so
        // single's request is granted: `single recognized`, and V's touch (its end held) is
        // cancelled.
        let d = try Self.dispatcher(Self.scene(v: Self.singleThenDouble))
        let first = try d.replay(
            jsonLines: [Self.line(0, [(1, "began", 100, 100)]), Self.line(0.1, [(1, "ended", 100, 100)])].joined(
                separator: "\n"))
        #expect(first.flatMap(\.logLines) == ["V touchesBegan 1"])
        #expect(d.state(ofRecognizer: "single") == .possible)
        let out = try d.advance(to: 1)
        #expect(out.flatMap(\.logLines) == ["double failed", "single recognized", "V touchesCancelled 1"])
    }

    @Test func requireToFailSingleTapFailsWhenTheDoubleTapRecognizes() throws {
        // Single is deferred at the first lift; the second tap completes double: `double
        // recognized`, which turns single's waiting request into `single failed`; then the view's
        // touches are cancelled (1 held at its end, 2 delivered): one call.
        let log = try Self.log(
            [
                Self.line(0, [(1, "began", 100, 100)]), Self.line(0.1, [(1, "ended", 100, 100)]),
                Self.line(0.2, [(2, "began", 100, 100)]), Self.line(0.3, [(2, "ended", 100, 100)]),
            ], Self.scene(v: Self.singleThenDouble))
        #expect(
            log == [
                "V touchesBegan 1", "V touchesBegan 2", "double recognized", "single failed", "V touchesCancelled 1,2",
            ])
    }

    // MARK: custom

    @Test func customDiscreteRecognizer() throws {
        // on moved → recognized: the began asks nothing; the move recognizes (before the view's
        // touchesMoved, which is withheld), cancelling V's touch.
        let c = #"{"id": "c", "kind": "custom", "on": {"moved": "recognized"}}"#
        let log = try Self.log(
            [
                Self.line(0, [(1, "began", 100, 100)]), Self.line(0.1, [(1, "moved", 101, 100)]),
                Self.line(0.2, [(1, "ended", 101, 100)]),
            ], Self.scene(v: c))
        #expect(log == ["V touchesBegan 1", "c recognized", "V touchesCancelled 1"])
        // No move: the lift asks nothing, so the end is held; c is still possible with every
        // touch lifted and no deadline: it fails, and the held end follows.
        let idle = try Self.log(
            [Self.line(0, [(1, "began", 100, 100)]), Self.line(0.1, [(1, "ended", 100, 100)])], Self.scene(v: c))
        #expect(idle == ["V touchesBegan 1", "c failed", "V touchesEnded 1"])
        // on ended → failed: fails as it sees the lift, then the end is delivered.
        let failing = try Self.log(
            [Self.line(0, [(1, "began", 100, 100)]), Self.line(0.1, [(1, "ended", 100, 100)])],
            Self.scene(v: #"{"id": "c", "kind": "custom", "on": {"ended": "failed"}}"#))
        #expect(failing == ["V touchesBegan 1", "c failed", "V touchesEnded 1"])
    }

    @Test func customContinuousRecognizer() throws {
        let events = [
            Self.line(0, [(1, "began", 100, 100)]), Self.line(0.1, [(1, "moved", 101, 100)]),
            Self.line(0.2, [(1, "moved", 102, 100)]), Self.line(0.3, [(1, "ended", 102, 100)]),
        ]
        // Began as the touch lands, before the view: cancelsTouchesInView withholds the touch,
        // which the view has not been given yet: the view hears nothing. Each move changes it;
        // the lift ends it.
        let k =
            #"{"id": "k", "kind": "custom", "continuous": true, "on": {"began": "began", "moved": "changed", "ended": "ended"}}"#
        #expect(try Self.log(events, Self.scene(v: k)) == ["k began", "k changed", "k changed", "k ended"])
        // With cancelsTouchesInView false the view gets every phase, after the state change.
        let kk = k.replacingOccurrences(
            of: #""continuous": true"#, with: #""continuous": true, "cancelsTouchesInView": false"#)
        #expect(
            try Self.log(events, Self.scene(v: kk)) == [
                "k began", "V touchesBegan 1", "k changed", "V touchesMoved 1", "k changed", "V touchesMoved 1",
                "k ended", "V touchesEnded 1",
            ])
        // Under way when its last touch lifts without an ended rule: cancelled [C], after the
        // view's (not held) touchesEnded.
        let open =
            #"{"id": "k", "kind": "custom", "continuous": true, "cancelsTouchesInView": false, "on": {"began": "began"}}"#
        #expect(
            try Self.log(
                [Self.line(0, [(1, "began", 100, 100)]), Self.line(0.1, [(1, "ended", 100, 100)])], Self.scene(v: open))
                == ["k began", "V touchesBegan 1", "V touchesEnded 1", "k cancelled"])
    }

    /// A code-defined custom gesture: recognizes on the second move.
    struct SecondMove: GestureLogic {
        var moves = 0
        var isContinuous: Bool { false }
        mutating func handle(_ input: GestureInput, state: GestureState) -> GestureState? {
            moves += input.changed(in: .moved).count
            return moves >= 2 ? .recognized : nil
        }
    }

    @Test func codeDefinedCustomRecognizerAddedThroughTheAPI() throws {
        let d = try Self.dispatcher(
            Self.scene(), recognizers: [GestureRecognizer(id: "two", viewID: "V", gesture: SecondMove())])
        #expect(d.recognizerIDs == ["two"])
        // Two moves: recognized at the second, V's touch cancelled.
        let first = try d.replay(
            jsonLines: [
                Self.line(0, [(1, "began", 100, 100)]), Self.line(0.1, [(1, "moved", 101, 100)]),
                Self.line(0.2, [(1, "moved", 102, 100)]), Self.line(0.3, [(1, "ended", 102, 100)]),
            ].joined(separator: "\n"))
        #expect(
            first.flatMap(\.logLines) == [
                "V touchesBegan 1", "V touchesMoved 1", "two recognized", "V touchesCancelled 1",
            ])
        // Reset to the value it was given (moves 0): one move is not enough; possible with every
        // touch lifted and no deadline: failed, then the held end.
        let second = try d.replay(
            jsonLines: [
                Self.line(1, [(2, "began", 100, 100)]), Self.line(1.1, [(2, "moved", 101, 100)]),
                Self.line(1.2, [(2, "ended", 101, 100)]),
            ].joined(separator: "\n"))
        #expect(
            second.flatMap(\.logLines) == ["V touchesBegan 2", "V touchesMoved 2", "two failed", "V touchesEnded 2"])
    }

    // MARK: refusals

    @Test func badRecognizersAreRefusedNamingViewAndField() throws {
        // (recognizers on V, the field, a fragment of the message)
        let cases: [(String, String, String)] = [
            (
                #"{"id": "g", "kind": "magnify"}"#, "gestureRecognizers[0].kind",
                "expected tap, longPress, pan, screenEdgePan, swipe, pinch, rotation or custom"
            ),
            (#"{"id": "g", "kind": "tap", "direction": "left"}"#, "gestureRecognizers[0].direction", "unknown key"),
            (#"{"id": "g", "kind": "tap", "taps": 0}"#, "gestureRecognizers[0].taps", "whole number"),
            (#"{"id": "g", "kind": "tap", "taps": 1.5}"#, "gestureRecognizers[0].taps", "whole number"),
            (#"{"id": "g", "kind": "longPress", "touches": 0}"#, "gestureRecognizers[0].touches", "whole number"),
            (#"{"id": "g", "kind": "tap", "tolerance": -1}"#, "gestureRecognizers[0].tolerance", "distance"),
            (
                #"{"id": "g", "kind": "pan", "minimumDistance": -5}"#, "gestureRecognizers[0].minimumDistance",
                "distance"
            ),
            (
                #"{"id": "g", "kind": "tap", "requiresFailureOf": "nope"}"#, "gestureRecognizers[0].requiresFailureOf",
                "\"nope\""
            ),
            (
                #"{"id": "g", "kind": "tap", "requiresFailureOf": "g"}"#, "gestureRecognizers[0].requiresFailureOf",
                "itself"
            ),
            (
                #"{"id": "g", "kind": "tap", "simultaneousWith": ["nope"]}"#, "gestureRecognizers[0].simultaneousWith",
                "\"nope\""
            ),
            (
                #"{"id": "a", "kind": "tap", "requiresFailureOf": "b"}, {"id": "b", "kind": "tap", "requiresFailureOf": "a"}"#,
                "gestureRecognizers[0].requiresFailureOf", "cycle"
            ),
            (
                #"{"id": "g", "kind": "tap"}, {"id": "g", "kind": "pan"}"#, "gestureRecognizers[1].id",
                "already a recognizer"
            ),
            (
                #"{"id": "g", "kind": "swipe", "direction": "diagonal"}"#, "gestureRecognizers[0].direction",
                "\"diagonal\""
            ),
            (
                #"{"id": "g", "kind": "custom", "on": {"began": "began"}}"#, "gestureRecognizers[0].on.began",
                "discrete"
            ),
        ]
        for (recognizers, field, fragment) in cases {
            let error = try Self.refusal(Self.scene(v: recognizers))
            #expect(error != nil, "accepted: \(recognizers)")
            guard let error else { continue }
            #expect(error.location == .view("V"), "\(recognizers): \(error)")
            #expect(error.field == field, "\(recognizers): \(error)")
            #expect(error.message.contains(fragment), "\(recognizers): \(error)")
        }
        // A duplicate id across views: the second declaration (V, after P in scene order) is the
        // one refused, and the message names the first's view.
        let across = try Self.refusal(Self.scene(v: #"{"id": "g", "kind": "tap"}"#, p: #"{"id": "g", "kind": "pan"}"#))
        #expect(across?.location == .view("V"))
        #expect(across?.field == "gestureRecognizers[0].id")
        #expect(across?.message.contains("\"P\"") == true)
        // Through the API: a recognizer for a view that does not exist.
        let graph = try ResponderGraph(reading: TestSupport.scene(Self.scene()), file: "test.json")
        #expect(throws: SceneError.self) {
            try TouchDispatcher(
                graph: graph, recognizers: [GestureRecognizer(id: "x", viewID: "Nope", gesture: TapGesture())])
        }
        // The valid counterparts are accepted.
        #expect(try Self.refusal(Self.scene(v: #"{"id": "g", "kind": "tap", "taps": 2, "tolerance": 0}"#)) == nil)
        #expect(
            try Self.refusal(
                Self.scene(v: #"{"id": "g", "kind": "custom", "continuous": true, "on": {"began": "began"}}"#)) == nil)
    }

    @Test func cliRefusesABadRecognizerWithExit2AndOneLine() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let events = try dir.write(Self.line(0, [(1, "began", 100, 100)]) + "\n", to: "e.jsonl")
        let cases: [(String, [String])] = [
            (#"{"id": "g", "kind": "magnify"}"#, ["view \"V\"", "gestureRecognizers[0].kind", "\"magnify\""]),
            (#"{"id": "g", "kind": "tap", "speed": 1}"#, ["view \"V\"", "gestureRecognizers[0].speed", "unknown key"]),
            (#"{"id": "g", "kind": "tap", "taps": 1.5}"#, ["view \"V\"", "gestureRecognizers[0].taps"]),
            (#"{"id": "g", "kind": "tap", "touches": 0}"#, ["view \"V\"", "gestureRecognizers[0].touches"]),
            (
                #"{"id": "g", "kind": "pan", "minimumDistance": -1}"#,
                ["view \"V\"", "gestureRecognizers[0].minimumDistance"]
            ),
            (#"{"id": "g", "kind": "tap", "requiresFailureOf": "nope"}"#, ["view \"V\"", "requiresFailureOf", "nope"]),
            (
                #"{"id": "a", "kind": "tap", "requiresFailureOf": "b"}, {"id": "b", "kind": "tap", "requiresFailureOf": "a"}"#,
                ["view \"V\"", "requiresFailureOf", "cycle"]
            ),
            (
                #"{"id": "g", "kind": "tap"}, {"id": "g", "kind": "tap"}"#,
                ["view \"V\"", "gestureRecognizers", "\"g\""]
            ),
            (
                #"{"id": "g", "kind": "swipe", "direction": "north"}"#,
                ["view \"V\"", "gestureRecognizers[0].direction", "north"]
            ),
            (
                #"{"id": "g", "kind": "custom", "on": {"began": "began"}}"#,
                ["view \"V\"", "gestureRecognizers[0].on.began"]
            ),
        ]
        for (i, (recognizers, mentions)) in cases.enumerated() {
            let scene = try dir.write(Self.scene(v: recognizers), to: "bad\(i).json")
            CLITests.expectUsageError(["touch", scene, events], mentions: ["bad\(i).json"] + mentions)
        }
    }

    // MARK: determinism, touches

    @Test func sameEventsSameOutput() throws {
        // A busy run over every kind: the CLI twice, and two fresh dispatchers (entries compared
        // whole, times and lateness included).
        let json = Self.scene(
            v: Self.singleThenDouble + #", {"id": "press", "kind": "longPress", "delaysTouchesBegan": true}"#
                + #", {"id": "swipe", "kind": "swipe", "simultaneousWith": "pan"}"#,
            p: #"{"id": "pan", "kind": "pan", "cancelsTouchesInView": false}"#,
            s: #"{"id": "k", "kind": "custom", "continuous": true, "on": {"began": "began", "moved": "changed"}}"#)
        let lines = [
            Self.line(0, [(1, "began", 100, 100), (2, "began", 270, 10)]),
            Self.line(0.1, [(1, "ended", 100, 100), (2, "moved", 275, 12)]),
            Self.line(0.2, [(3, "began", 100, 100)]), Self.line(0.3, [(3, "ended", 100, 100)]), Self.advance(0.9),
            Self.line(1, [(4, "began", 60, 100)]), Self.line(1.1, [(4, "moved", 130, 100), (2, "ended", 275, 12)]),
            Self.line(1.2, [(4, "ended", 130, 100)]), Self.line(2, [(5, "began", 100, 100)]), Self.advance(3),
            Self.line(3.5, [(5, "moved", 140, 140)]), Self.line(3.6, [(5, "cancelled", 140, 140)]),
        ]
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let scene = try dir.write(json, to: "busy.json")
        let events = try dir.write(lines.joined(separator: "\n") + "\n", to: "busy.jsonl")
        let first = TestSupport.run(["touch", scene, events])
        let second = TestSupport.run(["touch", scene, events])
        #expect(first.status == 0, "\(first.err)")
        #expect(!first.out.isEmpty)
        #expect(first.out == second.out)
        let a = try Self.dispatcher(json).replay(jsonLines: lines.joined(separator: "\n"))
        let b = try Self.dispatcher(json).replay(jsonLines: lines.joined(separator: "\n"))
        #expect(a == b)
        #expect(a.flatMap(\.logLines) == CLITests.lines(first.out))
    }

    @Test func locationInAViewOfALiveTouch() throws {
        // W > P frame (20,30,300,300) with boundsOrigin (5,7) > Q frame (40,50,100,100).
        // Q's origin on screen: P's origin (20,30) + Q's frame origin (40,50) − P's bounds origin
        // (5,7) = (55,73); Q covers (55,73)-(155,173). A touch at (100,120) hits Q:
        // in Q (100−55, 120−73) = (45,47); in P (100−20+5, 120−30+7) = (85,97).
        let json = """
            {"windows": [{"id": "W", "frame": [0, 0, 400, 400], "subviews": [
              {"id": "P", "frame": [20, 30, 300, 300], "boundsOrigin": [5, 7], "subviews": [
                {"id": "Q", "frame": [40, 50, 100, 100], "gestureRecognizers": [{"id": "pan", "kind": "pan"}]}
              ]}
            ]}]}
            """
        let d = try Self.dispatcher(json)
        let q = try #require(d.graph.view(withID: "Q"))
        let p = try #require(d.graph.view(withID: "P"))
        _ = try d.replay(jsonLines: Self.line(0, [(1, "began", 100, 120)]))
        #expect(d.boundViewID(ofTouch: 1) == "Q")
        let t0 = try #require(d.touch(withID: 1))
        #expect(t0.view === q)
        #expect(t0.phase == .began)
        #expect(t0.location(in: q) == Point(x: 45, y: 47))
        #expect(t0.location(in: p) == Point(x: 85, y: 97))
        #expect(t0.location(in: nil) == Point(x: 100, y: 120))
        // Moved to (110,125) at 0.1 (bound to Q still; the pan begins: 11.2 pt): in Q (55,52);
        // the previous location, where it was at the event before, (45,47) in Q.
        let out = try d.replay(jsonLines: Self.line(0.1, [(1, "moved", 110, 125)]))
        #expect(out.flatMap(\.logLines) == ["pan began"])
        let t1 = try #require(d.touch(withID: 1))
        #expect(t1.phase == .moved)
        #expect(t1.timestamp == 0.1)
        #expect(t1.location(in: q) == Point(x: 55, y: 52))
        #expect(t1.previousLocation(in: q) == Point(x: 45, y: 47))
        // Once it ends it is no longer live.
        _ = try d.replay(jsonLines: Self.line(0.2, [(1, "ended", 110, 125)]))
        #expect(d.touch(withID: 1) == nil)
        #expect(d.liveTouchIDs.isEmpty)
    }

    @Test func tapCountCountsQuickTapsAtTheSamePlaceOnTheSameView() throws {
        // Each touch lifts 0.05 s after it lands, where it landed. 1 at 0 (first): 1. 2 at 0.3:
        // 0.25 s after 1 lifted, 5 pt away, same view: 2. 3 at 0.5: 0.15 s after 2 lifted, 5 pt
        // away: 3. 4 at 1.2: 0.65 s > 0.35: 1. 5 at 1.3: 0.05 s but 30 pt away: 1. 6 on S at
        // 1.4: another view (and far): 1.
        let d = try Self.dispatcher(Self.scene())
        var counts: [Int] = []
        let taps: [(Int, Double, Double, Double)] = [
            (1, 0, 100, 100), (2, 0.3, 104, 103), (3, 0.5, 100, 100), (4, 1.2, 100, 100), (5, 1.3, 130, 100),
            (6, 1.4, 270, 10),
        ]
        for (id, t, x, y) in taps {
            _ = try d.deliver(
                TouchInputEvent(time: t, touches: [TouchSample(id: id, phase: .began, location: Point(x: x, y: y))]))
            counts.append(d.touch(withID: id)?.tapCount ?? 0)
            _ = try d.deliver(
                TouchInputEvent(
                    time: t + 0.05, touches: [TouchSample(id: id, phase: .ended, location: Point(x: x, y: y))]))
        }
        #expect(counts == [1, 2, 3, 1, 1, 1])
    }

    @Test func tapCountAgreesWithTheDoubleTapLimitAndSkipsNonTaps() throws {
        // Touch 1 lifts at 0.07. Touch 2 lands at 0.42, exactly 0.35 later: the double tap's
        // deadline (0.07 + 0.35) fires first and fails it, and the tap count agrees: 1, not 2.
        let double = #"{"id": "double", "kind": "tap", "taps": 2}"#
        let d = try Self.dispatcher(Self.scene(v: double))
        func tap(_ id: Int, _ t: Double, _ x: Double, lift: String = "ended", dt: Double = 0.07) throws -> Int {
            _ = try d.replay(jsonLines: Self.line(t, [(id, "began", x, 100)]))
            let count = d.touch(withID: id)?.tapCount ?? 0
            _ = try d.replay(jsonLines: Self.line(t + dt, [(id, lift, x, 100)]))
            return count
        }
        #expect(try tap(1, 0, 100) == 1)
        #expect(try tap(2, 0.42, 100) == 1)
        // Just inside the limit: 2.
        #expect(try tap(3, 0.74, 100) == 2)
        // A cancelled touch is no tap: the touch after it starts again at 1.
        #expect(try tap(4, 3, 100, lift: "cancelled") == 1)
        #expect(try tap(5, 3.1, 100) == 1)
        // Nor is one held past 1.5 s.
        #expect(try tap(6, 6, 100, dt: 1.6) == 1)
        #expect(try tap(7, 7.7, 100) == 1)
    }

    @Test func aZeroLengthLongPressBeginsInTheEventThatStartsIt() throws {
        // minimumDuration 0: the deadline is the began event's own time, so the press begins in
        // that step (before any later event or advance), and the view's touch is cancelled.
        let press = #"{"id": "press", "kind": "longPress", "minimumDuration": 0}"#
        let log = try Self.log([Self.line(0, [(1, "began", 100, 100)])], Self.scene(v: press))
        #expect(log == ["V touchesBegan 1", "press began", "V touchesCancelled 1"])
    }

    // MARK: review findings

    /// W (0,0)-(400,800) > V (0,0)-(400,400), consume, with `recognizers`.
    static func wide(_ recognizers: String) -> String {
        #"{"windows": [{"id": "W", "frame": [0, 0, 400, 800], "subviews": [{"id": "V", "frame": [0, 0, 400, 400], "handlesTouches": "consume", "gestureRecognizers": [\#(recognizers)]}]}]}"#
    }

    @Test func aTapWaitingOnADoubleTapTakesNoNewTouch() throws {
        // tap requires doubleTap. t 0.05: the first tap completes; tap asks to recognize and waits
        // (doubleTap is deciding); V's ended is held by both. t 0.2: touch 2 lands 100 pt away:
        // doubleTap fails, tap's wait ends: `tap recognized`, V's held touch 1 cancelled. Touch 2
        // was bound to doubleTap only (tap had finished its own gesture), so nothing holds it: V
        // gets began and ended as they come.
        let log = try Self.log(
            [
                Self.line(0, [(1, "began", 50, 50)]), Self.line(0.05, [(1, "ended", 50, 50)]),
                Self.line(0.2, [(2, "began", 150, 50)]), Self.line(0.25, [(2, "ended", 150, 50)]), Self.advance(1),
            ],
            Self.wide(
                #"{"id": "tap", "kind": "tap", "requiresFailureOf": "doubleTap"}, {"id": "doubleTap", "kind": "tap", "taps": 2}"#
            ))
        #expect(
            log == [
                "V touchesBegan 1", "doubleTap failed", "tap recognized", "V touchesCancelled 1", "V touchesBegan 2",
                "V touchesEnded 2",
            ])
    }

    @Test func theEndOfAStepDoesNotDependOnDeclarationOrder() throws {
        // s (continuous, began on a move) requires r (fails only on a cancelled touch). The drag
        // lifts at 0.2: r, undecided with no touch down, fails; that releases s, which begins
        // (and cancels V's touch); s, under way with no touch down, is then cancelled — in the
        // same step, whichever is declared first. The tap at 1 then reaches V.
        let s =
            #"{"id": "s", "kind": "custom", "continuous": true, "on": {"moved": "began"}, "requiresFailureOf": "r"}"#
        let r = #"{"id": "r", "kind": "custom", "on": {"cancelled": "failed"}}"#
        let lines = [
            Self.line(0, [(1, "began", 60, 60)]), Self.line(0.1, [(1, "moved", 60, 90)]),
            Self.line(0.2, [(1, "ended", 60, 90)]), Self.line(1, [(2, "began", 60, 60)]),
            Self.line(1.1, [(2, "ended", 60, 60)]),
        ]
        for order in [[s, r], [r, s]] {
            let d = try Self.dispatcher(Self.wide(order.joined(separator: ", ")))
            let out = try d.replay(jsonLines: lines.joined(separator: "\n"))
            let first = out.prefix(6).flatMap(\.logLines)
            #expect(
                first == [
                    "V touchesBegan 1", "V touchesMoved 1", "r failed", "s began", "V touchesCancelled 1",
                    "s cancelled",
                ], "\(order)")
            #expect(out.compactMap(\.transition).first { $0.state == .cancelled }?.time == 0.2, "\(order)")
            #expect(
                out.flatMap(\.logLines).filter { $0.hasPrefix("V") }.suffix(2) == [
                    "V touchesBegan 2", "V touchesEnded 2",
                ])
        }
    }

    @Test func aBeganDelayedByARecognizerThatSucceedsAtOnceIsDiscarded() throws {
        // A pan with minimumDistance 0 begins on the first event that moves its finger (0.1), not
        // on the began event: Apple's pan begins once the fingers "have moved enough". It delays
        // began phases, so the held began is discarded even though it does not cancel touches;
        // the view never gets the touch. At 0.2 the finger lifts: ended, with no change first.
        let log = try Self.log(
            [
                Self.line(0, [(1, "began", 60, 60)]), Self.line(0.1, [(1, "moved", 60, 90)]),
                Self.line(0.2, [(1, "ended", 60, 120)]),
            ],
            Self.wide(
                #"{"id": "pan0", "kind": "pan", "minimumDistance": 0, "delaysTouchesBegan": true, "cancelsTouchesInView": false}"#
            ))
        #expect(log == ["pan0 began", "pan0 ended"])
    }

    @Test func changesQueuedWhileWaitingCollapseIntoOne() throws {
        // pan1 (one finger) requires pan2 (two fingers). pan1 asks to begin at the first move and
        // waits; seven moves queue one `changed`. At the lift pan1 queues `ended`; pan2 fails; pan1
        // then begins (cancelling V's touch), changes once, and ends.
        let moves = (1...7).map { i in Self.line(Double(i) / 10, [(1, "moved", 100, 100 + 20 * Double(i))]) }
        let log = try Self.log(
            [Self.line(0, [(1, "began", 100, 100)])] + moves + [Self.line(0.9, [(1, "ended", 100, 240)])],
            Self.wide(
                #"{"id": "pan1", "kind": "pan", "maximumTouches": 1, "requiresFailureOf": "pan2"}, {"id": "pan2", "kind": "pan", "minimumTouches": 2}"#
            ))
        #expect(
            log
                == ["V touchesBegan 1"] + Array(repeating: "V touchesMoved 1", count: 7) + [
                    "pan2 failed", "pan1 began", "V touchesCancelled 1", "pan1 changed", "pan1 ended",
                ])
    }

    @Test func aTouchThatHitsNothingAlwaysHasTapCountOne() throws {
        // (1000, 1000) is outside W: nothing is hit. Two quick taps there are not taps on a view.
        let d = try Self.dispatcher(Self.scene())
        _ = try d.replay(jsonLines: Self.line(0, [(1, "began", 1000, 1000)]))
        #expect(d.touch(withID: 1)?.view == nil)
        _ = try d.replay(jsonLines: Self.line(0.05, [(1, "ended", 1000, 1000)]))
        _ = try d.replay(jsonLines: Self.line(0.1, [(2, "began", 1000, 1000)]))
        #expect(d.touch(withID: 2)?.tapCount == 1)
    }

    @Test func keysOnADetachedControllerViewAreStillChecked() throws {
        // A presented controller's root view outside every window is never hit, but its keys are
        // read like any other view's: a recognizer there is installed, a bad key is refused.
        let window = Window(id: "W", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let scene = Scene(windows: [window])
        let sheet = View(id: "Sheet", frame: Rect(x: 0, y: 0, width: 50, height: 50))
        let child = View(id: "Child", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        sheet.addSubview(child)
        child.preservedJSON["gestureRecognizers"] = #"[{"id": "sheetTap", "kind": "tap"}]"#
        let graph = try ResponderGraph(scene: scene, controllers: [ViewController(id: "SheetVC", rootView: sheet)])
        #expect(try TouchDispatcher(graph: graph).recognizerIDs == ["sheetTap"])
        child.preservedJSON["handlesTouches"] = #""bogus""#
        #expect(throws: SceneError.self) { try TouchDispatcher.checkTouchKeys(of: graph) }
    }
}
