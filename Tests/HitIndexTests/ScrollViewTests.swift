import HitIndex
import HitIndexEvents
import HitIndexReference
import Testing

/// The scroll-view model: its pan moves the content through the live index, its content-touch
/// delay, and `canCancelContentTouches` / `touchesShouldCancel(in:)`. Expected logs are worked out
/// by hand from Apple's documentation of `UIScrollView`.
@Suite struct ScrollViewTests {
    typealias G = GestureRecognizerTests

    /// W (0,0,400,800, implementing buy:) holds List, a full-screen scroll view with the given
    /// flags. In List: Row0 (0,0,400,100) and Row1 (0,100,400,100), both logging and forwarding;
    /// in Row0 the Buy button (300,20,80,60), whose touchUpInside sends buy: to W.
    static func scene(_ flags: String = "true") -> String {
        #"""
        {"windows": [{"id": "W", "frame": [0, 0, 400, 800], "responder": {"actions": ["buy:"]}, "subviews": [
          {"id": "List", "frame": [0, 0, 400, 800], "scrollView": \#(flags), "subviews": [
            {"id": "Row0", "frame": [0, 0, 400, 100], "handlesTouches": "forward", "subviews": [
              {"id": "Buy", "frame": [300, 20, 80, 60], "control": {"kind": "button", "actions": [{"event": "touchUpInside", "action": "buy:", "target": "W"}]}}]},
            {"id": "Row1", "frame": [0, 100, 400, 100], "handlesTouches": "forward"}]}]}]}
        """#
    }

    static func run(_ lines: [String], _ json: String) throws -> (TouchDispatcher, [TouchLogEntry]) {
        let d = try G.dispatcher(json)
        var out: [TouchLogEntry] = []
        for (i, line) in lines.enumerated() {
            out += try d.replay(jsonLines: line)
            #expect(d.invariantViolations() == [], "after line \(i + 1): \(line)")
        }
        return (d, out)
    }

    @Test func aDragMovesTheContentAndALaterTapLandsOnTheMovedContent() throws {
        // t 0: a finger on Row1 (50, 150). Its began is held from Row1 by the content delay.
        // t 0.05: 30 pt up, within 0.15 s: List.pan begins (translation (0, −30) ≥ 10) and the
        // held began is dropped: Row1 never sees the touch. The content follows the finger:
        // bounds origin (0, 0) − (0, −30) = (0, 30). t 0.1: 80 pt up: changed, origin (0, 80).
        // t 0.15: lifts: ended (no deceleration). t 1: a tap at (50, 30) is (50, 110) in List's
        // bounds: Row1. Its began is held until the lift, then Row1 gets both, late began first.
        let (d, e) = try Self.run(
            [
                G.line(0, [(1, "began", 50, 150)]), G.line(0.05, [(1, "moved", 50, 120)]),
                G.line(0.1, [(1, "moved", 50, 70)]), G.line(0.15, [(1, "ended", 50, 70)]),
                G.line(1, [(2, "began", 50, 30)]), G.line(1.05, [(2, "ended", 50, 30)]),
            ], Self.scene())
        #expect(
            e.flatMap(\.logLines) == [
                "List.pan began", "List.pan changed", "List.pan ended", "List.pan failed", "Row1 touchesBegan 2",
                "Row1 touchesEnded 2",
            ])
        let list = try #require(d.graph.view(withID: "List"))
        #expect(list.bounds.origin == Point(x: 0, y: 80))
        // The reference on the edited scene agrees with where the tap landed.
        #expect(ReferenceHitTester().hitTest(d.graph.scene, at: Point(x: 50, y: 30))?.id == "Row1")
        let began = e.compactMap(\.delivery).first { $0.phase == .began }
        #expect(began?.isLate == true)
    }

    @Test func aTapOnAButtonInAScrollViewReachesTouchUpInside() throws {
        // A tap on Buy (340, 50), lifted at 0.05 (before the 0.15 s delay): at the lift the pan
        // fails (every finger up) and the delay lets go, so Buy gets its began late, then its
        // ended: touchDown, touchUpInside, buy: to W.
        let (_, e) = try Self.run(
            [G.line(0, [(1, "began", 340, 50)]), G.line(0.05, [(1, "ended", 340, 50)])], Self.scene())
        #expect(e.flatMap(\.logLines) == ["List.pan failed", "Buy touchUpInside buy: -> W"])
        #expect(e.compactMap(\.controlEvent).map(\.event) == [.touchDown, .touchUpInside, .primaryActionTriggered])
    }

    @Test func aQuickDragFromAButtonScrollsAndTheButtonNeverSeesTheTouch() throws {
        // The drag starts on Buy and moves 30 pt within the delay: the pan begins, the held began
        // is dropped; Buy gets nothing, no action; the content scrolls.
        let (d, e) = try Self.run(
            [
                G.line(0, [(1, "began", 340, 50)]), G.line(0.05, [(1, "moved", 340, 20)]),
                G.line(0.1, [(1, "ended", 340, 20)]),
            ], Self.scene())
        #expect(e.flatMap(\.logLines) == ["List.pan began", "List.pan ended"])
        #expect(e.compactMap(\.controlEvent).isEmpty)
        #expect(e.compactMap(\.delivery).isEmpty)
        #expect(d.graph.view(withID: "List")?.bounds.origin == Point(x: 0, y: 30))
    }

    @Test func aSlowDragFromAButtonDoesNotScrollByDefault() throws {
        // Held past the delay: Buy gets touchDown at 0.15 (late). Then a 40 pt drag: the content
        // has the touch and Buy is a control, for which touchesShouldCancel(in:) answers false by
        // default: the pan fails, nothing scrolls, and Buy keeps tracking: (340, 10) is (40, −10)
        // in Buy, inside the grown area: touchUpInside, buy:.
        let (d, e) = try Self.run(
            [
                G.line(0, [(1, "began", 340, 50)]), G.advance(0.2), G.line(0.3, [(1, "moved", 340, 10)]),
                G.line(0.4, [(1, "ended", 340, 10)]),
            ], Self.scene())
        #expect(e.flatMap(\.logLines) == ["List.pan failed", "Buy touchUpInside buy: -> W"])
        #expect(d.graph.view(withID: "List")?.bounds.origin == Point(x: 0, y: 0))
        #expect(e.compactMap(\.controlEvent).first?.time == 0)
    }

    @Test func aSlowDragFromAButtonCancelsItWhenTheScrollViewMayCancelControls() throws {
        // With touchesShouldCancel(in:) answering true for controls, the same drag begins the pan,
        // which cancels Buy's touch: touchesCancelled reaches Buy (its tracking sends
        // touchCancel) and no action is sent. The content follows: origin (0, 40).
        let (d, e) = try Self.run(
            [
                G.line(0, [(1, "began", 340, 50)]), G.advance(0.2), G.line(0.3, [(1, "moved", 340, 10)]),
                G.line(0.4, [(1, "ended", 340, 10)]),
            ], Self.scene(#"{"touchesShouldCancelInControls": true}"#))
        #expect(e.flatMap(\.logLines) == ["List.pan began", "List.pan ended"])
        #expect(e.compactMap(\.controlEvent).map(\.event) == [.touchDown, .touchCancel])
        let cancelled = e.compactMap(\.delivery).filter { $0.phase == .cancelled }
        #expect(cancelled.map(\.view.id) == ["Buy"])
        #expect(d.graph.view(withID: "List")?.bounds.origin == Point(x: 0, y: 40))
    }

    @Test func withoutTheDelayARowGetsTheTouchAtOnceAndLosesItToTheScroll() throws {
        // delaysContentTouches false: Row1 gets touchesBegan at t 0. The drag begins the pan,
        // which may cancel content touches (Row1 is no control): Row1 touchesCancelled.
        // canCancelContentTouches false too: the pan fails instead and Row1 keeps the touch.
        let lines = [
            G.line(0, [(1, "began", 50, 150)]), G.line(0.05, [(1, "moved", 50, 120)]),
            G.line(0.1, [(1, "ended", 50, 120)]),
        ]
        let (_, cancels) = try Self.run(lines, Self.scene(#"{"delaysContentTouches": false}"#))
        #expect(
            cancels.flatMap(\.logLines) == [
                "Row1 touchesBegan 1", "List.pan began", "Row1 touchesCancelled 1", "List.pan ended",
            ])
        let (d, keeps) = try Self.run(
            lines, Self.scene(#"{"delaysContentTouches": false, "canCancelContentTouches": false}"#))
        #expect(
            keeps.flatMap(\.logLines) == [
                "Row1 touchesBegan 1", "List.pan failed", "Row1 touchesMoved 1", "Row1 touchesEnded 1",
            ])
        #expect(d.graph.view(withID: "List")?.bounds.origin == Point(x: 0, y: 0))
    }

    @Test func aDragOnTheScrollViewsOwnBackgroundScrollsEvenWhenContentTouchesCannotBeCancelled() throws {
        // canCancelContentTouches is about content views ("once the content view starts
        // tracking"): a touch on List itself (50, 500), below the rows, is no content touch, so
        // the pan begins and the content follows.
        let (d, e) = try Self.run(
            [
                G.line(0, [(1, "began", 50, 500)]), G.line(0.05, [(1, "moved", 50, 460)]),
                G.line(0.1, [(1, "ended", 50, 460)]),
            ], Self.scene(#"{"delaysContentTouches": false, "canCancelContentTouches": false}"#))
        #expect(e.flatMap(\.logLines) == ["List.pan began", "List.pan ended"])
        #expect(d.graph.view(withID: "List")?.bounds.origin == Point(x: 0, y: 40))
    }

    @Test func theSwiftAPIGivesTheSameTraitsAsTheKeys() throws {
        // The same scene without its control and scrollView keys, given them from Swift: the
        // quick drag and the tap on Buy log as with the keys.
        let bare = Self.scene().replacingOccurrences(of: #", "scrollView": true"#, with: "")
            .replacingOccurrences(
                of:
                    #", "control": {"kind": "button", "actions": [{"event": "touchUpInside", "action": "buy:", "target": "W"}]}"#,
                with: "")
        #expect(!bare.contains("scrollView") && !bare.contains("control"))
        func dispatcher() throws -> TouchDispatcher {
            try TouchDispatcher(
                graph: ResponderGraph(reading: TestSupport.scene(bare), file: "test.json"),
                traits: [
                    "List": .init(scrollView: ScrollViewTraits()),
                    "Buy": .init(
                        control: ControlTraits(
                            kind: .button, actions: [.init(event: .touchUpInside, action: "buy:", target: "W")])),
                ])
        }
        for lines in [
            [G.line(0, [(1, "began", 340, 50)]), G.line(0.05, [(1, "ended", 340, 50)])],
            [
                G.line(0, [(1, "began", 50, 150)]), G.line(0.05, [(1, "moved", 50, 120)]),
                G.line(0.1, [(1, "moved", 50, 70)]), G.line(0.15, [(1, "ended", 50, 70)]),
            ],
        ] {
            let fromKeys = try Self.run(lines, Self.scene()).1
            let fromSwift = try dispatcher().replay(jsonLines: lines.joined(separator: "\n"))
            #expect(fromSwift == fromKeys)
            #expect(!fromKeys.isEmpty)
        }
        // With recognizers of its own, the scroll view's come first either way.
        let own = #", "gestureRecognizers": [{"id": "listTap", "kind": "tap"}]"#
        let keyed = try G.dispatcher(
            Self.scene().replacingOccurrences(of: #""scrollView": true"#, with: #""scrollView": true"# + own))
        let swift = try TouchDispatcher(
            graph: ResponderGraph(
                reading: TestSupport.scene(
                    bare.replacingOccurrences(
                        of: #""id": "List", "frame": [0, 0, 400, 800]"#,
                        with: #""id": "List", "frame": [0, 0, 400, 800]"# + own))),
            traits: ["List": .init(scrollView: ScrollViewTraits())])
        #expect(keyed.recognizerIDs == ["List.pan", "List.delay", "listTap"])
        #expect(swift.recognizerIDs == keyed.recognizerIDs)
        #expect(throws: SceneError.self) {
            try TouchDispatcher(
                graph: ResponderGraph(reading: TestSupport.scene(bare)),
                traits: ["Ghost": .init(isExclusiveTouch: true)])
        }
    }

    @Test func scrollEnabledFalseDisablesThePan() throws {
        let (_, e) = try Self.run(
            [
                G.line(0, [(1, "began", 50, 150)]), G.line(0.05, [(1, "moved", 50, 120)]),
                G.line(0.1, [(1, "ended", 50, 120)]),
            ], Self.scene(#"{"scrollEnabled": false, "delaysContentTouches": false}"#))
        #expect(e.flatMap(\.logLines) == ["Row1 touchesBegan 1", "Row1 touchesMoved 1", "Row1 touchesEnded 1"])
    }
}
