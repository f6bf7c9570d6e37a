import Foundation
import HitIndex
import HitIndexEvents
import HitIndexSceneFormat
import Testing

/// Touch delivery without gesture recognizers (events.md "Touches", docs/events.md), through
/// `TouchDispatcher` and `hitindex touch`. Every expected log is derived by hand from the scene
/// in `board`; the comments give the reasoning.
@Suite struct TouchDeliveryTests {
    /// Window W (0,0)-(400,400), front to back within W: Panel, Right, Left (later siblings are
    /// in front, but none overlap, so each point has one candidate):
    ///
    /// - Left   (0,0)-(200,200)     consume, multipleTouchEnabled false (default)
    /// - Right  (200,0)-(400,200)   consume, multipleTouchEnabled true
    /// - Panel  (0,200)-(400,400)   no key; root view of PanelVC, which consumes
    ///   - Button (0,200)-(100,300)   forward ("log, then call super", seed 002)
    ///   - Plain  (100,200)-(200,300) no key
    ///   - Lock   (200,200)-(300,300) consume, exclusiveTouch
    ///
    /// Window W2 (500,0)-(600,100) with Other (its whole area), consume. Nothing at (450,450).
    ///
    /// Chains: Left → W → UIApplication; Button → Panel → PanelVC → W → UIApplication.
    static let board = """
        {"windows": [
          {"id": "W", "frame": [0, 0, 400, 400], "subviews": [
            {"id": "Left", "frame": [0, 0, 200, 200], "handlesTouches": "consume"},
            {"id": "Right", "frame": [200, 0, 200, 200], "handlesTouches": "consume", "multipleTouchEnabled": true},
            {"id": "Panel", "frame": [0, 200, 400, 200],
             "viewController": {"id": "PanelVC", "handlesTouches": "consume"}, "subviews": [
              {"id": "Button", "frame": [0, 0, 100, 100], "handlesTouches": "forward"},
              {"id": "Plain", "frame": [100, 0, 100, 100]},
              {"id": "Lock", "frame": [200, 0, 100, 100], "handlesTouches": "consume", "exclusiveTouch": true}
            ]}
          ]},
          {"id": "W2", "frame": [500, 0, 100, 100], "subviews": [
            {"id": "Other", "frame": [0, 0, 100, 100], "handlesTouches": "consume"}
          ]}
        ]}
        """

    static func dispatcher(_ json: String = board) throws -> TouchDispatcher {
        try TouchDispatcher(graph: ResponderGraph(reading: TestSupport.scene(json), file: "test.json"))
    }

    /// One event line: `(id, phase, x, y)` per touch.
    static func line(_ t: Double, _ touches: [(Int, String, Double, Double)]) -> String {
        let items = touches.map { "{\"id\": \($0.0), \"phase\": \"\($0.1)\", \"x\": \($0.2), \"y\": \($0.3)}" }
        return "{\"t\": \(t), \"touches\": [\(items.joined(separator: ", "))]}"
    }

    /// The log of replaying `lines` on a fresh dispatcher over `json`.
    static func log(_ lines: [String], scene json: String = board) throws -> [String] {
        try dispatcher(json).replay(jsonLines: lines.joined(separator: "\n")).flatMap(\.logLines)
    }

    // MARK: seeds

    @Test func seed003WithoutRecognizerLogsAViewBeganAndEnded() throws {
        // Seed 003's article ("iOS 响应者链", docs/semantics.md, Sources), its first touch log: a
        // tap at DView with AView overriding the four touch methods, each logging then calling
        // super, prints "AView touchBegin" and "AView touchEnded".
        // Examples/seed003.json gives AView "handlesTouches": "forward" for that. (300,200) hits
        // DView (screen (180,150)-(340,250)), outside UILabel. DView and CView have no key: they
        // forward silently; AView logs and forwards; ViewController, the views above, the window,
        // the window scene, UIApplication and AppDelegate have no key: silent. So two lines.
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let events = try dir.write(
            [Self.line(0, [(1, "began", 300, 200)]), Self.line(0.08, [(1, "ended", 300, 200)])].joined(
                separator: "\n") + "\n", to: "tap.jsonl")
        let r = TestSupport.run(["touch", CLITests.seed003, events])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err.isEmpty)
        #expect(r.out == "AView touchesBegan 1\nAView touchesEnded 1\n")

        // The API shows the silent part: the call starts on DView and, since AView forwards,
        // reaches the end of the chain.
        let scene = try SceneReader.read(contentsOfFile: CLITests.seed003)
        let d = try TouchDispatcher(graph: ResponderGraph(reading: scene))
        let began = try d.deliver(
            TouchInputEvent(time: 0, touches: [TouchSample(id: 1, phase: .began, location: Point(x: 300, y: 200))]))
        #expect(began.count == 1)
        #expect(began.first?.delivery?.view.id == "DView")
        #expect(began.first?.delivery?.reached.map(\.id) == ResponderChainTests.seed003Chain)
        #expect(began.first?.delivery?.handlers.map(\.id) == ["AView"])
        #expect(began.first?.logLines == ["AView touchesBegan 1"])  // docs/events.md, Touches
    }

    @Test func seed002HandleThenDefaultReachesBothResponders() throws {
        // Seed 002's article ("史上最详细的iOS之事件的传递和响应机制", docs/semantics.md, Sources):
        // "do something, then call super" — Button logs then forwards; Panel has no key (silent)
        // and is PanelVC's root view; PanelVC consumes: logs, and the call stops there.
        let d = try Self.dispatcher()
        let out = try d.replay(jsonLines: Self.line(0, [(1, "began", 50, 250)]))
        #expect(out.flatMap(\.logLines) == ["Button touchesBegan 1", "PanelVC touchesBegan 1"])
        #expect(out.first?.delivery?.reached.map(\.id) == ["Button", "Panel", "PanelVC"])

        // A view without the key forwards silently: Plain → Panel → PanelVC, one line.
        #expect(try Self.log([Self.line(0, [(1, "began", 150, 250)])]) == ["PanelVC touchesBegan 1"])
        // A scene where nobody handles touches logs nothing: the call runs off the chain's end.
        let quiet =
            #"{"windows": [{"id": "W", "frame": [0, 0, 10, 10], "subviews": [{"id": "V", "frame": [0, 0, 10, 10]}]}]}"#
        #expect(
            try Self.log([Self.line(0, [(1, "began", 5, 5)]), Self.line(1, [(1, "ended", 5, 5)])], scene: quiet) == [])
    }

    // MARK: binding

    @Test func aTouchThatMovesOffItsViewIsStillDeliveredToIt() throws {
        // Touch 1 begins on Left and is bound to it; it then moves over Right, then outside every
        // window, and ends there. Every phase goes to Left, none to Right.
        let log = try Self.log([
            Self.line(0, [(1, "began", 50, 50)]),
            Self.line(0.1, [(1, "moved", 250, 50)]),
            Self.line(0.2, [(1, "moved", 450, 450)]),
            Self.line(0.3, [(1, "ended", 450, 450)]),
        ])
        #expect(log == ["Left touchesBegan 1", "Left touchesMoved 1", "Left touchesMoved 1", "Left touchesEnded 1"])
    }

    @Test func aTouchBeginningOutsideEveryWindowGoesNowhere() throws {
        // (450,450) is in no window: nothing is hit, the touch is bound to nothing. Its later
        // phases are accepted (not errors) and deliver nothing, even when it moves onto Left.
        let d = try Self.dispatcher()
        let out = try d.replay(
            jsonLines: [
                Self.line(0, [(1, "began", 450, 450)]),
                Self.line(0.1, [(1, "moved", 50, 50)]),
                Self.line(0.2, [(1, "ended", 50, 50)]),
            ].joined(separator: "\n"))
        #expect(out.isEmpty)
        #expect(d.liveTouchIDs.isEmpty)
    }

    @Test func stationaryDeliversNothingAndCancelledDeliversTouchesCancelled() throws {
        // Stationary touches changed nothing: UIKit calls no method for them.
        let log = try Self.log([
            Self.line(0, [(1, "began", 50, 50)]),
            Self.line(0.1, [(1, "stationary", 50, 50)]),
            Self.line(0.2, [(1, "cancelled", 50, 50)]),
        ])
        #expect(log == ["Left touchesBegan 1", "Left touchesCancelled 1"])
    }

    // MARK: several touches

    @Test func twoFingersOnTwoViewsInOneEventGetOneCallEach() throws {
        // Touch 2 on Left and touch 1 on Right land together. One call per view; views in order
        // of their smallest touch id, so Right (1) before Left (2). They end together likewise.
        let log = try Self.log([
            Self.line(0, [(2, "began", 50, 50), (1, "began", 250, 50)]),
            Self.line(0.1, [(1, "ended", 250, 50), (2, "ended", 50, 50)]),
        ])
        #expect(log == ["Right touchesBegan 1", "Left touchesBegan 2", "Right touchesEnded 1", "Left touchesEnded 2"])
    }

    @Test func twoFingersOnAMultipleTouchViewGetOneCallWithBothIDs() throws {
        // Right has multipleTouchEnabled: touches 3 and 1 land together → one call, ids ascending.
        // Then 1 moves while 3 stays (stationary: not delivered), then both end in one call.
        let log = try Self.log([
            Self.line(0, [(3, "began", 300, 50), (1, "began", 250, 50)]),
            Self.line(0.1, [(1, "moved", 260, 60), (3, "stationary", 300, 50)]),
            Self.line(0.2, [(3, "ended", 300, 50), (1, "ended", 260, 60)]),
        ])
        #expect(log == ["Right touchesBegan 1,3", "Right touchesMoved 1", "Right touchesEnded 1,3"])
    }

    @Test func twoFingersOnASingleTouchViewDeliverOnlyTheFirst() throws {
        // Left keeps the default multipleTouchEnabled = false. Touches 1 and 2 land together: the
        // lower id is the first touch of the sequence, 2 is never delivered (not even when it
        // moves or ends). After 1 ends, touch 2 is still down on Left, so the sequence goes on:
        // touch 3 is withheld too. Once every finger on Left is up, touch 4 starts a new sequence.
        let log = try Self.log([
            Self.line(0, [(1, "began", 50, 50), (2, "began", 150, 150)]),
            Self.line(0.1, [(1, "moved", 60, 60), (2, "moved", 140, 140)]),
            Self.line(0.2, [(1, "ended", 60, 60)]),
            Self.line(0.3, [(3, "began", 100, 100)]),
            Self.line(0.4, [(2, "ended", 140, 140), (3, "ended", 100, 100)]),
            Self.line(0.5, [(4, "began", 100, 100)]),
            Self.line(0.6, [(4, "ended", 100, 100)]),
        ])
        #expect(
            log == [
                "Left touchesBegan 1", "Left touchesMoved 1", "Left touchesEnded 1", "Left touchesBegan 4",
                "Left touchesEnded 4",
            ])
    }

    @Test func exclusiveTouch() throws {
        // Touch 1 lands on Lock (exclusive, nothing else tracking in W): delivered. While Lock
        // tracks it, touch 2 on Left (same window) is not delivered, for life; touch 3 on Other in
        // window W2 is not affected. After 1 ends, touch 4 on Left is delivered; then touch 5 on
        // Lock is not, because another view of W (Left) is tracking a touch.
        let log = try Self.log([
            Self.line(0, [(1, "began", 250, 250)]),
            Self.line(0.1, [(2, "began", 50, 50), (3, "began", 550, 50)]),
            Self.line(0.2, [(1, "ended", 250, 250), (2, "moved", 60, 60)]),
            Self.line(0.3, [(4, "began", 100, 100)]),
            Self.line(0.4, [(5, "began", 250, 250)]),
            Self.line(
                0.5, [(2, "ended", 60, 60), (3, "ended", 550, 50), (4, "ended", 100, 100), (5, "ended", 250, 250)]),
        ])
        #expect(
            log == [
                "Lock touchesBegan 1", "Other touchesBegan 3", "Lock touchesEnded 1", "Left touchesBegan 4",
                "Other touchesEnded 3", "Left touchesEnded 4",
            ])
    }

    @Test func exclusiveTouchInOneEventIsDecidedInIDOrder() throws {
        // Touches 1 (Left) and 2 (Lock) land together. Decided in id order: 1 is delivered; then
        // Lock is exclusive and Left is tracking, so 2 is not.
        #expect(
            try Self.log([Self.line(0, [(2, "began", 250, 250), (1, "began", 50, 50)])]) == ["Left touchesBegan 1"])
        // Swapped ids: Lock's touch (1) first, then Left's (2) is blocked by the exclusive view.
        #expect(
            try Self.log([Self.line(0, [(1, "began", 250, 250), (2, "began", 50, 50)])]) == ["Lock touchesBegan 1"])
    }

    // MARK: refusals

    @Test func malformedEventsAreRefusedWithTheirLineNumber() throws {
        let began = Self.line(0, [(1, "began", 50, 50)])
        let cases: [([String], String)] = [
            (["{not json"], "line 1: not valid JSON"),
            (["", "[1]"], "line 2: expected an object {\"t\": …, \"touches\": […]}, got an array"),
            ([began, Self.line(1, [(9, "moved", 0, 0)])], "line 2: touch 9 is moved but is not live"),
            ([began, Self.line(1, [(1, "began", 0, 0)])], "line 2: touch 1 began twice"),
            (
                [began, Self.line(1, [(1, "ended", 0, 0)]), Self.line(2, [(1, "ended", 0, 0)])],
                "line 3: touch 1 is ended but is not live"
            ),
            ([began, "", Self.line(-1, [(1, "ended", 0, 0)])], "line 3: time goes backwards: t -1.0 after t 0.0"),
            (
                [Self.line(0, [(1, "tapped", 0, 0)])],
                "line 1: touches[0].phase: expected began, moved, stationary, ended or cancelled, got \"tapped\""
            ),
            ([#"{"t": 0, "touches": [{"id": 1, "phase": "began", "x": 0}]}"#], "line 1: touches[0].y: required"),
            (
                [#"{"t": 0, "touches": [{"id": 1.5, "phase": "began", "x": 0, "y": 0}]}"#],
                "line 1: touches[0].id: expected an integer"
            ),
            ([#"{"t": "0", "touches": []}"#], "line 1: t: expected a finite number, got a string"),
            ([#"{"t": 0, "touches": []}"#], "line 1: touches: empty"),
            ([#"{"t": 0, "touches": [], "dt": 1}"#], "line 1: unknown key \"dt\""),
            (
                [Self.line(0, [(1, "began", 0, 0), (1, "moved", 0, 0)])],
                "line 1: touches[1]: touch 1 appears twice in one event"
            ),
            // A repeated key is refused, not collapsed to its last value.
            (
                [began, #"{"t": 1, "t": 2, "touches": [{"id": 1, "phase": "ended", "x": 0, "y": 0}]}"#],
                #"line 2: not valid JSON (duplicate key "t")"#
            ),
            (
                [#"{"t": 0, "touches": [{"id": 1, "phase": "began", "phase": "ended", "x": 0, "y": 0}]}"#],
                #"line 1: not valid JSON (duplicate key "phase")"#
            ),
            // A line with t alone lets time pass; with anything wrong in it, it is refused.
            ([began, #"{"t": "later"}"#], "line 2: t: expected a finite number, got a string"),
            ([began, #"{"t": -3}"#], "line 2: time goes backwards: t -3.0 after t 0.0"),
        ]
        for (lines, expected) in cases {
            let d = try Self.dispatcher()
            do {
                _ = try d.replay(jsonLines: lines.joined(separator: "\n"))
                Issue.record("accepted: \(lines)")
            } catch {
                #expect(error.description.hasPrefix(expected), "\(lines): \(error)")
            }
        }
    }

    @Test func aRefusedEventChangesNothing() throws {
        // The event is checked in full first: touch 2 is fine but touch 7 is unknown, so neither
        // touch 2 begins nor anything is delivered, and the time does not advance.
        let d = try Self.dispatcher()
        _ = try d.replay(jsonLines: Self.line(1, [(1, "began", 50, 50)]))
        #expect(throws: TouchInputError.self) {
            try d.replay(jsonLines: Self.line(5, [(2, "began", 250, 50), (7, "ended", 0, 0)]))
        }
        #expect(d.liveTouchIDs == [1])
        let out = try d.replay(jsonLines: Self.line(2, [(1, "ended", 50, 50)]))
        #expect(out.flatMap(\.logLines) == ["Left touchesEnded 1"])
    }

    @Test func cliRefusesABadEventWithOneLineNamingFileAndLine() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let events = try dir.write(
            Self.line(0, [(1, "began", 300, 200)]) + "\n" + Self.line(1, [(2, "moved", 0, 0)]) + "\n", to: "bad.jsonl"
        )
        CLITests.expectUsageError(
            ["touch", CLITests.seed003, events], mentions: ["bad.jsonl", "line 2", "touch 2 is moved but is not live"])
        CLITests.expectUsageError(["touch", CLITests.seed003], mentions: ["missing EVENTS"])
        CLITests.expectUsageError(
            ["touch", CLITests.seed003, "/nonexistent/e.jsonl"],
            mentions: ["hitindex touch: /nonexistent/e.jsonl: no such file"])
    }

    @Test func aBadGestureRecognizerIsRefusedWithViewAndField() throws {
        let withTap = #"""
            {"windows": [{"id": "W", "frame": [0, 0, 10, 10], "subviews": [
              {"id": "V", "frame": [0, 0, 10, 10], "gestureRecognizers": [{"id": "tap", "kind": "tapp"}]}]}]}
            """#
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let scene = try dir.write(withTap, to: "tap.json")
        let events = try dir.write(Self.line(0, [(1, "began", 5, 5)]) + "\n", to: "e.jsonl")
        CLITests.expectUsageError(
            ["touch", scene, events],
            mentions: [
                "tap.json", "\"V\"", "gestureRecognizers[0].kind",
                "expected tap, longPress, pan, screenEdgePan, swipe, pinch, rotation or custom",
            ])
        // An empty list declares no recognizer.
        let empty = withTap.replacingOccurrences(of: #"[{"id": "tap", "kind": "tapp"}]"#, with: "[]")
        #expect(try Self.log([Self.line(0, [(1, "began", 5, 5)])], scene: empty) == [])
    }

    @Test func badTouchKeysAreRefused() throws {
        func refusal(_ key: String) -> String? {
            let json =
                #"{"windows": [{"id": "W", "frame": [0, 0, 10, 10], "subviews": [{"id": "V", "frame": [0, 0, 10, 10], "#
                + key + "}]}]}"
            do {
                _ = try Self.dispatcher(json)
                return nil
            } catch {
                return "\(error)"
            }
        }
        #expect(
            refusal(#""handlesTouches": "maybe""#)?.contains(
                #"view "V": handlesTouches: expected "consume" or "forward", got "maybe""#) == true)
        #expect(
            refusal(#""multipleTouchEnabled": "yes""#)?.contains("multipleTouchEnabled: expected a bool, got a string")
                == true)
        #expect(refusal(#""exclusiveTouch": 1"#)?.contains("exclusiveTouch: expected a bool, got a number") == true)
        #expect(refusal(#""exclusiveTouch": false"#) == nil)
    }

    // MARK: determinism

    @Test func sameInputSameOutput() throws {
        // A busy sequence over every rule, replayed through the CLI twice and through two fresh
        // dispatchers: byte-identical.
        let lines = [
            Self.line(
                0, [(4, "began", 50, 250), (2, "began", 250, 50), (1, "began", 300, 50), (3, "began", 450, 450)]),
            Self.line(0.1, [(1, "moved", 10, 10), (2, "stationary", 250, 50), (4, "moved", 150, 250)]),
            Self.line(0.1, [(5, "began", 250, 250), (6, "began", 50, 50)]),
            Self.line(0.2, [(1, "cancelled", 10, 10), (2, "ended", 250, 50), (3, "ended", 0, 0), (4, "ended", 0, 0)]),
            Self.line(0.3, [(5, "ended", 250, 250), (6, "ended", 50, 50)]),
        ]
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let events = try dir.write(lines.joined(separator: "\n") + "\n", to: "busy.jsonl")
        let scene = try dir.write(Self.board, to: "board.json")
        let first = TestSupport.run(["touch", scene, events])
        let second = TestSupport.run(["touch", scene, events])
        #expect(first.status == 0, "\(first.err)")
        #expect(first.out == second.out)
        #expect(try Self.log(lines) == Self.log(lines))
        // By hand: 1 and 2 land on Right (multiple) → one call "1,2"; 4 on Button → Button logs,
        // PanelVC logs; 3 is in no window. 1 and 4 move (2 stationary): Right 1; Button/PanelVC 4.
        // 5 on Lock (exclusive) is blocked: Right and Button track touches in W; 6 on Left too?
        // No: Left is not exclusive and no exclusive view tracks, so 6 is delivered.
        // Then: Right gets touchesEnded 2 and touchesCancelled 1 (ended before cancelled);
        // Button/PanelVC ended 4; finally Left ended 6 (5 was never delivered).
        #expect(
            CLITests.lines(first.out) == [
                "Right touchesBegan 1,2", "Button touchesBegan 4", "PanelVC touchesBegan 4",
                "Right touchesMoved 1", "Button touchesMoved 4", "PanelVC touchesMoved 4",
                "Left touchesBegan 6",
                "Right touchesEnded 2", "Button touchesEnded 4", "PanelVC touchesEnded 4", "Right touchesCancelled 1",
                "Left touchesEnded 6",
            ])
    }

    @Test func detailShowsSilentCallsTimesLocationsAndLateness() throws {
        // Examples/seed003-tap.json: DView has a tap recognizer, AView logs and forwards. The
        // call on DView runs up the whole chain (seed 003's), AView the only one that logs (*).
        // At 0.07 the tap recognizes, then DView's touch is cancelled, at its last location.
        let chain =
            "DView CView AView* ViewController UIDropShadowView UITransitionView UIWindow UIWindowScene UIApplication AppDelegate"
        let r = TestSupport.run([
            "touch", "--detail", TestSupport.example("seed003-tap.json"), TestSupport.example("seed003-tap.jsonl"),
        ])
        #expect(r.status == 0, "\(r.err)")
        #expect(
            r.out
                == "t 0 DView touchesBegan 1 at (300, 220) reached \(chain)\n" + "t 0.07 tap recognized on DView\n"
                + "t 0.07 DView touchesCancelled 1 at (300, 220) reached \(chain)\n")
        // A began held by a delaying tap and released when the tap fails is marked late, with its
        // own time and place: the finger moved 25 pt at 0.2, failing the tap.
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let scene = try dir.write(
            #"{"windows": [{"id": "W", "frame": [0, 0, 400, 400], "subviews": [{"id": "V", "frame": [0, 0, 200, 200], "handlesTouches": "consume", "gestureRecognizers": [{"id": "tap", "kind": "tap", "delaysTouchesBegan": true}]}]}]}"#,
            to: "late.json")
        let events = try dir.write(
            [Self.line(0, [(1, "began", 50, 50)]), Self.line(0.2, [(1, "moved", 75, 50)])].joined(separator: "\n"),
            to: "late.jsonl")
        let late = TestSupport.run(["touch", "--detail", scene, events])
        #expect(
            late.out
                == "t 0.2 tap failed on V\n" + "t 0 V touchesBegan 1 at (50, 50) late reached V*\n"
                + "t 0.2 V touchesMoved 1 at (75, 50) reached V*\n")
    }
}
