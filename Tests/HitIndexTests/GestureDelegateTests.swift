import HitIndex
import HitIndexEvents
import Testing

/// The delegate decisions as scene data: `shouldBegin`, `shouldReceiveTouch`, `requiredToFailBy`,
/// and one-sided `cannotPrevent` / `cannotBePreventedBy`. Each expected log is worked out by hand
/// from Apple's documentation of `UIGestureRecognizerDelegate` and `UIGestureRecognizer`.
@Suite struct GestureDelegateTests {
    typealias G = GestureRecognizerTests

    /// W (0,0,400,800) consuming touches, with `windowRecognizers`; V (0,0,400,400) in it logging
    /// and consuming, with `viewRecognizers`; Button (10,10,50,50) in V, logging and forwarding.
    static func scene(window windowRecognizers: String = "", view viewRecognizers: String) -> String {
        #"""
        {"windows": [{"id": "W", "frame": [0, 0, 400, 800], "handlesTouches": "consume", "gestureRecognizers": [\#(windowRecognizers)], "subviews": [
          {"id": "V", "frame": [0, 0, 400, 400], "handlesTouches": "consume", "gestureRecognizers": [\#(viewRecognizers)], "subviews": [
            {"id": "Button", "frame": [10, 10, 50, 50], "handlesTouches": "forward"}]}]}]}
        """#
    }

    static let tapAt200 = [G.line(0, [(1, "began", 200, 200)]), G.line(0.05, [(1, "ended", 200, 200)])]

    // MARK: shouldBegin

    @Test func aRecognizerWhoseDelegateRefusesToBeginFails() throws {
        // Apple: "If [gestureRecognizerShouldBegin] returns false, the gesture recognizer
        // transitions to the failed state." The tap asks to recognize at the lift (0.05): the
        // delegate refuses, `tap failed`. Its hold on V's ended phase (delaysTouchesEnded) ends
        // with it, so V gets the ended phase, late, as touchesEnded.
        let log = try G.log(Self.tapAt200, Self.scene(view: #"{"id": "tap", "kind": "tap", "shouldBegin": false}"#))
        #expect(log == ["V touchesBegan 1", "tap failed", "V touchesEnded 1"])
        // The default (true) recognizes and cancels V's touch.
        let plain = try G.log(Self.tapAt200, Self.scene(view: #"{"id": "tap", "kind": "tap"}"#))
        #expect(plain == ["V touchesBegan 1", "tap recognized", "V touchesCancelled 1"])
    }

    @Test func aHorizontalOnlyPanFailsOnAVerticalDrag() throws {
        // The usual delegate: begin only when the translation is more horizontal than vertical.
        // A vertical drag of 30 pt: the pan would begin at 0.1 with translation (2, 30): refused,
        // `pan failed` (recognizers see an event before the view), and V keeps its touch to the
        // end. A horizontal drag (30, 2): began, and V's touch is cancelled.
        let json = Self.scene(view: #"{"id": "pan", "kind": "pan", "shouldBegin": "horizontal"}"#)
        let vertical = try G.log(
            [
                G.line(0, [(1, "began", 200, 200)]), G.line(0.1, [(1, "moved", 202, 230)]),
                G.line(0.2, [(1, "ended", 202, 230)]),
            ], json)
        #expect(vertical == ["V touchesBegan 1", "pan failed", "V touchesMoved 1", "V touchesEnded 1"])
        let horizontal = try G.log(
            [
                G.line(0, [(1, "began", 200, 200)]), G.line(0.1, [(1, "moved", 230, 202)]),
                G.line(0.2, [(1, "ended", 230, 202)]),
            ], json)
        #expect(horizontal == ["V touchesBegan 1", "pan began", "V touchesCancelled 1", "pan ended"])
    }

    @Test func shouldBeginIsAskedWhenAWaitEnds() throws {
        // single requires double to fail; single's delegate refuses to begin. Tap once, then time
        // passes: double fails at 0.05 + 0.35; single's deferred request is granted then, the
        // delegate is asked and refuses: `single failed`. V's held ended is released as ended.
        let log = try G.log(
            Self.tapAt200 + [G.advance(1)],
            Self.scene(
                view: #"""
                    {"id": "double", "kind": "tap", "taps": 2},
                    {"id": "single", "kind": "tap", "requiresFailureOf": "double", "shouldBegin": false}
                    """#))
        #expect(log == ["V touchesBegan 1", "double failed", "single failed", "V touchesEnded 1"])
    }

    // MARK: shouldReceiveTouch

    @Test func aRecognizerThatReceivesNoTouchNeverRuns() throws {
        // shouldReceive answering false: the tap is never bound, never reports, and V gets the
        // touch as if it had no recognizer.
        let log = try G.log(
            Self.tapAt200, Self.scene(view: #"{"id": "tap", "kind": "tap", "shouldReceiveTouch": false}"#))
        #expect(log == ["V touchesBegan 1", "V touchesEnded 1"])
    }

    @Test func aRecognizerIgnoresTouchesOnTheViewsItExcludes() throws {
        // W's tap excludes Button (`touch.view is UIControl`). A tap on Button (30, 30): the tap
        // is not bound; Button logs and forwards to V, which consumes. A tap on V elsewhere: the
        // tap recognizes and cancels V's touch.
        let json = Self.scene(
            window: #"{"id": "tap", "kind": "tap", "shouldReceiveTouch": {"notIn": ["Button"]}}"#, view: "")
        let onButton = try G.log(
            [G.line(0, [(1, "began", 30, 30)]), G.line(0.05, [(1, "ended", 30, 30)])], json)
        #expect(onButton == ["Button touchesBegan 1", "V touchesBegan 1", "Button touchesEnded 1", "V touchesEnded 1"])
        let elsewhere = try G.log(Self.tapAt200, json)
        #expect(elsewhere == ["V touchesBegan 1", "tap recognized", "V touchesCancelled 1"])
    }

    @Test func anExcludedViewAboveTheRecognizersViewExcludesEveryTouchUnderIt() throws {
        // V's tap excludes W (`touch.view.isDescendant(of: W)`): every touch in W, so it never
        // receives one and V gets the tap's touch as if it had no recognizer.
        let log = try G.log(
            Self.tapAt200, Self.scene(view: #"{"id": "tap", "kind": "tap", "shouldReceiveTouch": {"notIn": ["W"]}}"#))
        #expect(log == ["V touchesBegan 1", "V touchesEnded 1"])
    }

    // MARK: requiredToFailBy

    @Test func requiredToFailByIsRequiresFailureOfFromTheOtherSide() throws {
        // Apple's double-tap example, declared on the double tap's side
        // (shouldBeRequiredToFailBy: single). One tap and a pause: double fails at 0.4, then
        // single recognizes and cancels V's touch, whose ended phase it held.
        let expected = ["V touchesBegan 1", "double failed", "single recognized", "V touchesCancelled 1"]
        let otherSide = try G.log(
            Self.tapAt200 + [G.advance(1)],
            Self.scene(
                view: #"""
                    {"id": "double", "kind": "tap", "taps": 2, "requiredToFailBy": "single"},
                    {"id": "single", "kind": "tap"}
                    """#))
        #expect(otherSide == expected)
        let ownSide = try G.log(
            Self.tapAt200 + [G.advance(1)],
            Self.scene(
                view: #"""
                    {"id": "double", "kind": "tap", "taps": 2},
                    {"id": "single", "kind": "tap", "requiresFailureOf": "double"}
                    """#))
        #expect(ownSide == expected)
    }

    // MARK: canPrevent / canBePrevented

    static let pressAndTap = [G.line(0, [(1, "began", 200, 200)]), G.line(0.3, [(1, "ended", 200, 200)])]

    @Test func aRecognizerThatCannotPreventLetsTheOtherRecognize() throws {
        // V has a tap; W a long press of 0.1 s. Held 0.3 s and lifted.
        // Default: the long press begins at 0.1 and prevents the tap (`tap failed`), then cancels
        // V's touch; at 0.3 it ends.
        let window = #"{"id": "lp", "kind": "longPress", "minimumDuration": 0.1"#
        let tap = #"{"id": "tap", "kind": "tap""#
        let prevented = try G.log(Self.pressAndTap, Self.scene(window: window + "}", view: tap + "}"))
        #expect(prevented == ["V touchesBegan 1", "lp began", "tap failed", "V touchesCancelled 1", "lp ended"])
        // lp.canPrevent(tap) false: the tap stays possible; at 0.3 it sees the lift (a tap: 0.3 s
        // < 1.5 s, no movement) and recognizes, since the long press that succeeded cannot
        // prevent it; then the long press ends. The same when the tap cannot be prevented by it.
        let allowed = ["V touchesBegan 1", "lp began", "V touchesCancelled 1", "tap recognized", "lp ended"]
        let cannotPrevent = try G.log(
            Self.pressAndTap, Self.scene(window: window + #", "cannotPrevent": "tap"}"#, view: tap + "}"))
        #expect(cannotPrevent == allowed)
        let cannotBePrevented = try G.log(
            Self.pressAndTap, Self.scene(window: window + "}", view: tap + #", "cannotBePreventedBy": "lp"}"#))
        #expect(cannotBePrevented == allowed)
        // One-sided: the tap saying it cannot prevent the long press changes nothing here.
        let otherWay = try G.log(
            Self.pressAndTap, Self.scene(window: window + "}", view: tap + #", "cannotPrevent": "lp"}"#))
        #expect(otherWay == prevented)
    }

    // MARK: keys

    @Test(arguments: [
        (#"{"id": "g", "kind": "tap", "shouldBegin": "diagonal"}"#, "gestureRecognizers[0].shouldBegin", "horizontal"),
        (#"{"id": "g", "kind": "tap", "shouldReceiveTouch": 1}"#, "gestureRecognizers[0].shouldReceiveTouch", "notIn"),
        (
            #"{"id": "g", "kind": "tap", "shouldReceiveTouch": {"notIn": ["Ghost"]}}"#,
            "gestureRecognizers[0].shouldReceiveTouch.notIn", "\"Ghost\" is not a view"
        ),
        (
            #"{"id": "g", "kind": "tap", "shouldReceiveTouch": {"only": ["V"]}}"#,
            "gestureRecognizers[0].shouldReceiveTouch.only", "unknown key"
        ),
        (
            #"{"id": "g", "kind": "tap", "requiredToFailBy": "ghost"}"#, "gestureRecognizers[0].requiredToFailBy",
            "not a recognizer"
        ),
        (#"{"id": "g", "kind": "tap", "cannotPrevent": "g"}"#, "gestureRecognizers[0].cannotPrevent", "names itself"),
        (
            // g must fail before h, and h before g.
            #"{"id": "g", "kind": "tap", "requiredToFailBy": "h"}, {"id": "h", "kind": "tap", "requiredToFailBy": "g"}"#,
            "gestureRecognizers[1].requiredToFailBy", "cycle"
        ),
    ])
    func delegateKeysAreRefusedNamingTheField(recognizers: String, field: String, fragment: String) throws {
        let error = try #require(try G.refusal(G.wide(recognizers)))
        #expect(error.description.contains(field), "\(error)")
        #expect(error.description.contains(fragment), "\(error)")
    }
}
