import Foundation
import HitIndex
import HitIndexEvents
import Testing

/// Controls (`UIControl` target–action), the control-versus-ancestor-recognizer rule, and first
/// responder and actions from an events file and from `hitindex action`. Expected logs are worked
/// out by hand from Apple's documentation of `UIControl`, `UIResponder` and `UIApplication`.
@Suite struct ControlTests {
    typealias G = GestureRecognizerTests

    /// W consumes touches. Card (0,0,400,400) is CardController's root view, with a single-tap
    /// recognizer; in it the Buy button (100,100,100,44), the Toggle switch (100,200,60,30), a
    /// Slider (100,300,200,30) and a text Field (100,350,200,30). CardController implements buy:
    /// and flip:; Field implements copy:.
    static func scene(buyIsControl: Bool = true, cardRecognizers: String = #"{"id": "cardTap", "kind": "tap"}"#)
        -> String
    {
        let buyControl =
            buyIsControl
            ? #""control": {"kind": "button", "actions": [{"event": "touchUpInside", "action": "buy:"}, {"event": "touchDown", "action": "highlight:", "target": "CardController"}]}"#
            : #""handlesTouches": "consume""#
        return #"""
            {"windows": [{"id": "W", "frame": [0, 0, 400, 800], "handlesTouches": "consume", "subviews": [
              {"id": "Card", "frame": [0, 0, 400, 400],
               "viewController": {"id": "CardController", "responder": {"actions": ["buy:", "flip:"]}},
               "gestureRecognizers": [\#(cardRecognizers)], "subviews": [
                {"id": "Buy", "frame": [100, 100, 100, 44], \#(buyControl)},
                {"id": "Toggle", "frame": [100, 200, 60, 30], "control": {"kind": "switch", "actions": [{"event": "valueChanged", "action": "flip:"}]}},
                {"id": "Slider", "frame": [100, 300, 200, 30], "control": "slider"},
                {"id": "Field", "frame": [100, 350, 200, 30], "control": "textField", "responder": {"canBecomeFirstResponder": true, "actions": ["copy:"]}}
              ]}]}]}
            """#
    }

    /// Every entry of replaying `lines`, invariants checked after each line.
    static func entries(_ lines: [String], _ json: String) throws -> [TouchLogEntry] {
        let d = try G.dispatcher(json)
        var out: [TouchLogEntry] = []
        for (i, line) in lines.enumerated() {
            out += try d.replay(jsonLines: line)
            #expect(d.invariantViolations() == [], "after line \(i + 1): \(line)")
        }
        return out
    }

    static func tap(_ x: Double, _ y: Double) -> [String] {
        [G.line(0, [(1, "began", x, y)]), G.line(0.05, [(1, "ended", x, y)])]
    }

    @Test func aTapOnAButtonSendsItsActionsAndBeatsTheSuperviewsTap() throws {
        // t 0: Buy is hit. Its touchesBegan is a control's: it tracks and does not forward, so W
        // logs nothing. touchDown sends highlight: to CardController, which does not implement
        // it: nobody. t 0.05: cardTap completes a tap, but Apple: "If you have a single tap
        // gesture recognizer attached to a button's parent view, and the user taps the button,
        // then the button's action method receives the touch event instead of the gesture
        // recognizer": cardTap fails. Buy's touchesEnded is inside: touchUpInside sends buy:
        // with no target: no first responder, so from the sender up the chain, Buy, Card,
        // CardController, which implements it. Then primaryActionTriggered (no action).
        let e = try Self.entries(Self.tap(150, 120), Self.scene())
        #expect(
            e.flatMap(\.logLines) == [
                "Buy touchDown highlight: -> nobody", "cardTap failed", "Buy touchUpInside buy: -> CardController",
            ])
        #expect(e.compactMap(\.controlEvent).map(\.event) == [.touchDown, .touchUpInside, .primaryActionTriggered])
        // The same view without the control key: a plain view that consumes; cardTap recognizes
        // and cancels its touch.
        let plain = try Self.entries(Self.tap(150, 120), Self.scene(buyIsControl: false))
        #expect(plain.flatMap(\.logLines) == ["Buy touchesBegan 1", "cardTap recognized", "Buy touchesCancelled 1"])
    }

    @Test func aDoubleTapOnTheSuperviewIsNotOverridden() throws {
        // Only a single tap overlaps a button's default action: a double-tap recognizer on Card
        // completes its two taps on Buy and recognizes, cancelling Buy's touch (touchCancel).
        let lines = [
            G.line(0, [(1, "began", 150, 120)]), G.line(0.05, [(1, "ended", 150, 120)]),
            G.line(0.1, [(2, "began", 150, 120)]), G.line(0.15, [(2, "ended", 150, 120)]),
        ]
        let e = try Self.entries(lines, Self.scene(cardRecognizers: #"{"id": "double", "kind": "tap", "taps": 2}"#))
        // t 0.05: touch 1's ended is held by the double tap (delaysTouchesEnded) until it decides.
        // t 0.1: touch 2 lands; touch 1 is no longer down, so Buy's tracking moves to touch 2, a
        // second tap (tapCount 2): touchDown and touchDownRepeat. t 0.15: recognized; Buy's
        // touches of the gesture are cancelled in one call, touch 1's held ended and touch 2:
        // touchCancel for the touch it tracks.
        #expect(e.compactMap(\.transition).map(\.logLine) == ["double recognized"])
        #expect(e.compactMap(\.controlEvent).map(\.event) == [.touchDown, .touchDown, .touchDownRepeat, .touchCancel])
        #expect(e.compactMap(\.delivery).last.map { ($0.phase, $0.touchIDs) } ?? (.began, []) == (.cancelled, [1, 2]))
        #expect(!e.flatMap(\.logLines).contains { $0.contains("buy:") })
    }

    @Test func aDoubleTapOnAButtonSendsTouchDownRepeatWithTheSecondTouchDown() throws {
        // No recognizer: two taps on Buy. The second has tapCount 2: touchDown, then
        // touchDownRepeat ("a repeated touch-down event in the control; for this event the value
        // of the UITouch tapCount method is greater than one"), and buy: on each touchUpInside.
        let e = try Self.entries(
            [
                G.line(0, [(1, "began", 150, 120)]), G.line(0.05, [(1, "ended", 150, 120)]),
                G.line(0.1, [(2, "began", 150, 120)]), G.line(0.15, [(2, "ended", 150, 120)]),
            ], Self.scene(cardRecognizers: ""))
        #expect(
            e.compactMap(\.controlEvent).map(\.event) == [
                .touchDown, .touchUpInside, .primaryActionTriggered, .touchDown, .touchDownRepeat, .touchUpInside,
                .primaryActionTriggered,
            ])
        #expect(e.flatMap(\.logLines).filter { $0.contains("buy:") }.count == 2)
    }

    @Test func aTouchEndingAsAnotherLandsOnTheControlsLabelStillEndsInside() throws {
        // Buy has a label (10,10,50,20 in Buy: a subview that forwards to Buy). Touch 1 on Buy
        // outside the label (190, 135); then, in one event,
        // touch 1 lifts and touch 2 lands on the label. The began call comes first in the event,
        // but Buy still gets touch 1's ended after it: touch 1's tracking ends with
        // touchUpInside and buy:, and touch 2 starts nothing.
        let json = Self.scene(cardRecognizers: "").replacingOccurrences(
            of: #""control": {"kind": "button""#,
            with: #""subviews": [{"id": "Label", "frame": [10, 10, 50, 20]}], "control": {"kind": "button""#)
        let e = try Self.entries(
            [
                G.line(0, [(1, "began", 190, 135)]),
                G.line(0.05, [(1, "ended", 190, 135), (2, "began", 115, 115)]),
                G.line(0.1, [(2, "ended", 115, 115)]),
            ], json)
        #expect(e.compactMap(\.delivery).map(\.view.id) == ["Buy", "Label", "Buy", "Label"])
        #expect(e.compactMap(\.controlEvent).map(\.event) == [.touchDown, .touchUpInside, .primaryActionTriggered])
        #expect(e.flatMap(\.logLines).filter { $0.contains("buy:") } == ["Buy touchUpInside buy: -> CardController"])
    }

    @Test func aTextFieldKeepsTraitsSetFromSwift() throws {
        // Traits set on the graph before the dispatcher is made are the app's: the text field's
        // default (it can become first responder) does not replace them.
        let graph = try ResponderGraph(
            reading: TestSupport.scene(
                Self.scene(cardRecognizers: "").replacingOccurrences(
                    of: #", "responder": {"canBecomeFirstResponder": true, "actions": ["copy:"]}"#, with: "")))
        let field = try #require(graph.responder(withID: "Field"))
        graph.setTraits(ResponderTraits(actions: ["copy:"]), for: field)
        let d = try TouchDispatcher(graph: graph)
        let e = try d.replay(jsonLines: Self.tap(150, 360).joined(separator: "\n"))
        #expect(e.flatMap(\.logLines) == ["Field becomeFirstResponder refused: canBecomeFirstResponder is false"])
        // With nothing set, the default applies.
        let fresh = try ResponderGraph(
            reading: TestSupport.scene(
                Self.scene(cardRecognizers: "").replacingOccurrences(
                    of: #", "responder": {"canBecomeFirstResponder": true, "actions": ["copy:"]}"#, with: "")))
        #expect(
            try TouchDispatcher(graph: fresh).replay(jsonLines: Self.tap(150, 360).joined(separator: "\n"))
                .flatMap(\.logLines) == ["Field becomeFirstResponder"])
    }

    @Test func aDragOutOfAButtonEndsOutside() throws {
        // Buy's bounds (0,0,100,44) grown by 70: y < 114 is inside. (150, 200) is y 100: inside,
        // touchDragInside. (150, 300) is y 200: the move that leaves sends touchDragExit; the
        // lift there is touchUpOutside; buy: is not sent. cardTap fails at the first move (80 pt).
        let e = try Self.entries(
            [
                G.line(0, [(1, "began", 150, 120)]), G.line(0.1, [(1, "moved", 150, 200)]),
                G.line(0.2, [(1, "moved", 150, 300)]), G.line(0.3, [(1, "moved", 150, 310)]),
                G.line(0.4, [(1, "moved", 150, 150)]), G.line(0.5, [(1, "ended", 150, 150)]),
            ], Self.scene())
        #expect(
            e.compactMap(\.controlEvent).map(\.event) == [
                .touchDown, .touchDragInside, .touchDragExit, .touchDragOutside, .touchDragEnter, .touchUpInside,
                .primaryActionTriggered,
            ])
        #expect(e.flatMap(\.logLines).last == "Buy touchUpInside buy: -> CardController")
        let outside = try Self.entries(
            [
                G.line(0, [(1, "began", 150, 120)]), G.line(0.1, [(1, "moved", 150, 300)]),
                G.line(0.2, [(1, "ended", 150, 300)]),
            ], Self.scene())
        #expect(e.contains { $0.transition?.logLine == "cardTap failed" })
        #expect(outside.compactMap(\.controlEvent).map(\.event) == [.touchDown, .touchDragExit, .touchUpOutside])
        #expect(!outside.flatMap(\.logLines).contains { $0.contains("buy:") })
    }

    @Test func aSwitchSendsValueChanged() throws {
        // A tap on Toggle: touchDown, touchUpInside, then the switch's valueChanged (flip: up the
        // chain to CardController) and primaryActionTriggered. A switch's default action is a
        // single tap too: cardTap fails.
        let e = try Self.entries(Self.tap(120, 210), Self.scene())
        #expect(
            e.compactMap(\.controlEvent).map(\.event) == [
                .touchDown, .touchUpInside, .valueChanged, .primaryActionTriggered,
            ])
        #expect(e.flatMap(\.logLines) == ["cardTap failed", "Toggle valueChanged flip: -> CardController"])
    }

    @Test func aSliderOverridesAnAncestorsHorizontalSwipe() throws {
        // A right swipe on Card; a finger drags 80 pt right along Slider. Apple: "A single finger
        // swipe on the knob of a UISlider, in a direction parallel to the slider": the swipe fails
        // when it would recognize; the slider sends valueChanged with each move.
        let lines = [
            G.line(0, [(1, "began", 150, 310)]), G.line(0.05, [(1, "moved", 190, 310)]),
            G.line(0.1, [(1, "moved", 230, 310)]), G.line(0.15, [(1, "ended", 230, 310)]),
        ]
        let e = try Self.entries(
            lines, Self.scene(cardRecognizers: #"{"id": "swipe", "kind": "swipe", "direction": "right"}"#))
        #expect(e.compactMap(\.transition).map(\.logLine) == ["swipe failed"])
        #expect(
            e.compactMap(\.controlEvent).map(\.event) == [
                .touchDown, .touchDragInside, .valueChanged, .touchDragInside, .valueChanged, .touchUpInside,
            ])
        // Off the slider (on Card itself), the same swipe recognizes.
        let off = try Self.entries(
            lines.map { $0.replacingOccurrences(of: "\"y\": 310", with: "\"y\": 380") }
                .map { $0.replacingOccurrences(of: "\"x\": 150", with: "\"x\": 10") }
                .map { $0.replacingOccurrences(of: "\"x\": 190", with: "\"x\": 50") }
                .map { $0.replacingOccurrences(of: "\"x\": 230", with: "\"x\": 90") },
            Self.scene(cardRecognizers: #"{"id": "swipe", "kind": "swipe", "direction": "right"}"#))
        #expect(off.compactMap(\.transition).map(\.logLine) == ["swipe recognized"])
    }

    @Test func aTextFieldBecomesFirstResponderAndReceivesNilTargetedActions() throws {
        // No recognizer on Card (a text field is not among the controls whose default action
        // beats a superview's single tap). A tap on Field: its touchUpInside makes it first
        // responder (a text field begins editing on a tap). Then copy: with no target starts at the first responder: Field
        // implements it. buy: is not Field's: up the chain to CardController. Field resigns;
        // copy: then starts from no first responder and no sender: nobody.
        let lines =
            Self.tap(150, 360) + [
                #"{"sendAction": "copy:"}"#, #"{"sendAction": "buy:"}"#, #"{"resignFirstResponder": "Field"}"#,
                #"{"sendAction": "copy:"}"#, #"{"sendAction": "copy:", "from": "Buy"}"#,
            ]
        let e = try Self.entries(lines, Self.scene(cardRecognizers: ""))
        #expect(
            e.flatMap(\.logLines) == [
                "Field becomeFirstResponder", "copy: -> Field", "buy: -> CardController",
                "Field resignFirstResponder", "copy: -> nobody", "Buy copy: -> nobody",
            ])
    }

    @Test func aControlsOverridesLogAndForwardStillTracks() throws {
        // Buy overrides touchesBegan calling super ("forward"): it logs, UIControl's tracking
        // runs (touchDown), and the call stops at the control. Overriding touchesEnded without
        // super ("consume") logs and skips the tracking: no touchUpInside, no buy:.
        let json = Self.scene(cardRecognizers: "").replacingOccurrences(
            of: #""control": {"kind": "button""#,
            with: #""handlesTouches": {"began": "forward", "ended": "consume"}, "control": {"kind": "button""#)
        let e = try Self.entries(Self.tap(150, 120), json)
        #expect(
            e.flatMap(\.logLines) == ["Buy touchesBegan 1", "Buy touchDown highlight: -> nobody", "Buy touchesEnded 1"])
        #expect(e.compactMap(\.controlEvent).map(\.event) == [.touchDown])
    }

    @Test func aTextFieldsOwnResponderKeyWins() throws {
        // A text field can become first responder by default, unless its responder key says not.
        let json = Self.scene(cardRecognizers: "").replacingOccurrences(
            of: #""responder": {"canBecomeFirstResponder": true, "actions": ["copy:"]}"#,
            with: #""responder": {"canBecomeFirstResponder": false}"#)
        let e = try Self.entries(Self.tap(150, 360), json)
        #expect(e.flatMap(\.logLines) == ["Field becomeFirstResponder refused: canBecomeFirstResponder is false"])
    }

    @Test func insertedViewsReadTheirResponderKeyAndARemovedFirstResponderResigns() throws {
        // An inserted view's responder key is read; once it is first responder and removed, there
        // is no first responder: copy: then goes nowhere.
        let e = try Self.entries(
            [
                #"{"insert": {"id": "Note", "frame": [0, 500, 100, 100], "responder": {"canBecomeFirstResponder": true, "actions": ["copy:"]}}, "into": "W"}"#,
                #"{"becomeFirstResponder": "Note"}"#, #"{"sendAction": "copy:"}"#, #"{"remove": "Note"}"#,
                #"{"sendAction": "copy:"}"#,
            ], Self.scene(cardRecognizers: ""))
        #expect(e.flatMap(\.logLines) == ["Note becomeFirstResponder", "copy: -> Note", "copy: -> nobody"])
    }

    @Test func firstResponderRefusalsArePrintedAsLines() throws {
        // Card cannot become first responder (UIResponder's default). Field can; a Gate view that
        // will not resign holds it (canResignFirstResponder false), so Field is refused after it.
        let json = #"""
            {"windows": [{"id": "W", "frame": [0, 0, 400, 800], "subviews": [
              {"id": "Card", "frame": [0, 0, 400, 400]},
              {"id": "Gate", "frame": [0, 400, 400, 400], "responder": {"canBecomeFirstResponder": true, "canResignFirstResponder": false}},
              {"id": "Field", "frame": [0, 0, 10, 10], "responder": {"canBecomeFirstResponder": true}}]}]}
            """#
        let e = try Self.entries(
            [
                #"{"becomeFirstResponder": "Card"}"#, #"{"becomeFirstResponder": "Gate"}"#,
                #"{"becomeFirstResponder": "Field"}"#, #"{"resignFirstResponder": "Gate"}"#,
            ], json)
        #expect(
            e.flatMap(\.logLines) == [
                "Card becomeFirstResponder refused: canBecomeFirstResponder is false", "Gate becomeFirstResponder",
                "Field becomeFirstResponder refused: Gate will not resign",
                "Gate resignFirstResponder refused: canResignFirstResponder is false",
            ])
    }

    @Test(arguments: [
        (#""control": "knob""#, "control", "button, switch"),
        (
            #""control": {"kind": "button", "actions": [{"event": "tap", "action": "a:"}]}"#,
            "control.actions[0].event", "touchUpInside"
        ),
        (
            #""control": {"kind": "button", "actions": [{"event": "touchDown"}]}"#, "control.actions[0].action",
            "required"
        ),
        (
            #""control": {"kind": "button", "actions": [{"event": "touchDown", "action": "a:", "target": "Ghost"}]}"#,
            "control.actions[0].target", "not a responder"
        ),
        (#""control": {"kind": "button", "size": 1}"#, "control.size", "unknown key"),
        (#""responder": {"actions": "copy:"}"#, "responder.actions", "array"),
        (#""responder": {"canBecomeFirstResponder": 1}"#, "responder.canBecomeFirstResponder", "bool"),
        (#""responder": {"canPerform": true}"#, "responder.canPerform", "unknown key"),
        (#""scrollView": {"bounces": true}"#, "scrollView.bounces", "unknown key"),
        (#""scrollView": 1"#, "scrollView", "true or an object"),
    ])
    func badKeysAreRefusedNamingTheField(key: String, field: String, fragment: String) throws {
        let json =
            #"{"windows": [{"id": "W", "frame": [0, 0, 10, 10], "subviews": [{"id": "V", "frame": [0, 0, 10, 10], \#(key)}]}]}"#
        do {
            _ = try G.dispatcher(json)
            Issue.record("accepted \(key)")
        } catch {
            #expect("\(error)".contains("view \"V\""), "\(error)")
            #expect("\(error)".contains(field), "\(error)")
            #expect("\(error)".contains(fragment), "\(error)")
        }
    }

    @Test func theShopExample() throws {
        // Examples/shop.json: a shop screen whose view has a keyboard-dismissing single tap that
        // does not cancel touches; a search text field; a product list in a scroll view, ten
        // rows 88 pt apart, each with a Buy button sending buy: with no target.
        // - The tap on Search: dismissTap recognizes (a text field's default action is not one
        //   that beats a superview's single tap) but cancels nothing, so Search gets its ended
        //   phase: touchUpInside, and it becomes first responder.
        // - paste: with no target goes to the first responder, which implements it.
        // - The drag on the list: 50 pt up at the first move, so Products.pan begins at once and
        //   prevents dismissTap; three more moves change it; the lift ends it. The content has
        //   moved 200 pt: bounds origin (0, 200).
        // - The tap at (330, 292) is (330, 182) in Products' frame, (330, 382) in its content:
        //   Row4 (352 to 440), Buy4 (its y 30 in 24 to 64). At the lift the pan fails, the delay
        //   lets Buy4's began through, dismissTap completes a single tap on a button and fails
        //   (the button's action wins), and buy: goes, with no target, from the first responder
        //   Search up its chain: Search, ShopView, ShopController, which implements it.
        let r = TestSupport.run(["touch", TestSupport.example("shop.json"), TestSupport.example("shop.jsonl")])
        #expect(r.status == 0, "\(r.err)")
        #expect(
            r.out.split(separator: "\n").map(String.init) == [
                "dismissTap recognized", "Search becomeFirstResponder", "paste: -> Search", "Products.pan began",
                "dismissTap failed", "Products.pan changed", "Products.pan changed", "Products.pan changed",
                "Products.pan ended", "Products.pan failed", "dismissTap failed",
                "Buy4 touchUpInside buy: -> ShopController", "Search resignFirstResponder",
            ])
    }

    @Test func actionCommandPrintsTheSearch() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let scene = try dir.write(Self.scene(), to: "card.json")
        // With Field first responder: Field implements copy:. With buy:: Field, Card (no),
        // CardController (yes).
        let copy = TestSupport.run(["action", scene, "copy:", "--first-responder", "Field"])
        #expect(copy.status == 0, "\(copy.err)")
        #expect(copy.out == "Field becomeFirstResponder\nasked Field yes\ncopy: -> Field\n")
        let buy = TestSupport.run(["action", scene, "buy:", "--first-responder", "Field"])
        #expect(
            buy.out
                == "Field becomeFirstResponder\nasked Field no\nasked Card no\nasked CardController yes\nbuy: -> CardController\n"
        )
        // No first responder and no sender: nobody is asked.
        #expect(TestSupport.run(["action", scene, "buy:"]).out == "buy: -> nobody\n")
        // Card cannot become first responder: the refusal, then the search from the sender.
        let refused = TestSupport.run(["action", scene, "flip:", "--first-responder", "Card", "--sender", "Toggle"])
        #expect(
            refused.out
                == "Card becomeFirstResponder refused: canBecomeFirstResponder is false\nasked Toggle no\nasked Card no\n"
                + "asked CardController yes\nflip: -> CardController\n")
        // An explicit target gets it only if it implements it.
        #expect(TestSupport.run(["action", scene, "buy:", "--target", "Card"]).out == "buy: -> nobody\n")
        #expect(
            TestSupport.run(["action", scene, "buy:", "--target", "CardController"]).out == "buy: -> CardController\n")
        let unknown = TestSupport.run(["action", scene, "buy:", "--sender", "Ghost"])
        #expect(unknown.status == 2)
        #expect(unknown.err.contains("Ghost"), "\(unknown.err)")
    }
}
