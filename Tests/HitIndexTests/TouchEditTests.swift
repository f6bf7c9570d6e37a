import Foundation
import HitIndex
import HitIndexEvents
import HitIndexSceneFormat
import Testing

/// Edits between input events (`TouchDispatcher.apply(_:)`, edit lines in an events file, and
/// `hitindex touch`): the rules in the doc comment of `TouchDispatcher+Edits.swift` and
/// events.md's binding rule. Every expected log is worked out by hand from `scene`; the comments
/// give the reasoning.
@Suite struct TouchEditTests {
    /// Screen coordinates; siblings back to front, none overlapping.
    ///
    ///     W         window (0,0)-(400,400), consume
    ///       Box       (0,0)-(200,200), forward
    ///         Leaf      (0,0)-(100,100), forward (multipleTouchEnabled false)
    ///       Side      (200,0)-(400,200), consume, multipleTouchEnabled
    ///       Scroller  (0,200)-(200,400), no key; its content, bounds origin (0,0):
    ///         RowA      (0,0)-(200,100) of the content, consume
    ///         RowB      (0,100)-(200,200) of the content, consume
    ///       Panel     (200,200)-(400,400), no key, root view of PanelVC (forward)
    ///         Knob      (200,200)-(300,300), forward
    ///     W2        window (500,0)-(600,100), consume
    ///       Far       (500,0)-(600,100), forward
    ///
    /// Chains (logging responders): Leaf → Box → W (consume); Knob → Panel (silent) → PanelVC →
    /// W; Far → W2. `w`, `box`, `leaf`, `side`, `far` add keys to those views (e.g. recognizers).
    static func scene(w: String = "", box: String = "", leaf: String = "", side: String = "", far: String = "")
        -> String
    {
        """
        {"windows": [
          {"id": "W", "frame": [0, 0, 400, 400], "handlesTouches": "consume"\(w), "subviews": [
            {"id": "Box", "frame": [0, 0, 200, 200], "handlesTouches": "forward"\(box), "subviews": [
              {"id": "Leaf", "frame": [0, 0, 100, 100], "handlesTouches": "forward"\(leaf)}
            ]},
            {"id": "Side", "frame": [200, 0, 200, 200], "handlesTouches": "consume",
             "multipleTouchEnabled": true\(side)},
            {"id": "Scroller", "frame": [0, 200, 200, 200], "subviews": [
              {"id": "RowA", "frame": [0, 0, 200, 100], "handlesTouches": "consume"},
              {"id": "RowB", "frame": [0, 100, 200, 100], "handlesTouches": "consume"}
            ]},
            {"id": "Panel", "frame": [200, 200, 200, 200],
             "viewController": {"id": "PanelVC", "handlesTouches": "forward"}, "subviews": [
              {"id": "Knob", "frame": [0, 0, 100, 100], "handlesTouches": "forward"}
            ]}
          ]},
          {"id": "W2", "frame": [500, 0, 100, 100], "handlesTouches": "consume", "subviews": [
            {"id": "Far", "frame": [0, 0, 100, 100], "handlesTouches": "forward"\(far)}
          ]}
        ]}
        """
    }

    static func recognizers(_ list: String) -> String { ", \"gestureRecognizers\": [\(list)]" }

    static func dispatcher(_ json: String = scene()) throws -> TouchDispatcher {
        try TouchDispatcher(graph: ResponderGraph(reading: TestSupport.scene(json), file: "test.json"))
    }

    /// One event line: `(id, phase, x, y)` per touch.
    static func line(_ t: Double, _ touches: [(Int, String, Double, Double)]) -> String {
        TouchDeliveryTests.line(t, touches)
    }

    /// Feeds one line (an event or an edit) and returns its log lines, checking the dispatcher's
    /// invariants afterwards.
    static func feed(
        _ d: TouchDispatcher, _ line: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String] {
        let out = try d.replay(jsonLines: line).flatMap(\.logLines)
        #expect(d.invariantViolations() == [], "after \(line)", sourceLocation: sourceLocation)
        return out
    }

    /// Applies one edit through the API and returns what it caused, checking the invariants.
    static func apply(
        _ d: TouchDispatcher, _ edit: SceneEdit, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [TouchLogEntry] {
        let out = try d.apply(edit)
        #expect(d.invariantViolations() == [], "after \(edit)", sourceLocation: sourceLocation)
        return out
    }

    static func point(_ x: Double, _ y: Double) -> JSONValue { .array([.number(x), .number(y)]) }

    /// Runs `hitindex touch` on the scene and the events, written to a fresh directory.
    static func runTouch(_ events: [String], scene: String = scene()) throws -> (
        status: Int32, out: String, err: String
    ) {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let scenePath = dir.appendingPathComponent("scene.json").path
        let eventsPath = dir.appendingPathComponent("events.jsonl").path
        try scene.write(toFile: scenePath, atomically: true, encoding: .utf8)
        try (events.joined(separator: "\n") + "\n").write(toFile: eventsPath, atomically: true, encoding: .utf8)
        return TestSupport.run(["touch", scenePath, eventsPath])
    }

    // MARK: - Scroll

    /// The scroll script: touch 1 begins on RowA; Scroller scrolls by 100; touch 1 moves (still
    /// RowA's); touch 2 begins where touch 1 began, now over RowB; touch 3 lands below the content.
    static let scrollEvents = [
        line(0, [(1, "began", 50, 250)]),  // Scroller (50,50) > RowA (50,50)
        #"{"scroll": "Scroller", "to": [0, 100]}"#,
        line(0.1, [(1, "moved", 50, 260)]),  // bound to RowA, though RowB is under it now
        line(0.2, [(2, "began", 50, 250)]),  // (50,50) + origin (0,100) = (50,150): RowB (50,50)
        line(0.3, [(3, "began", 50, 350)]),  // (50,250): below RowB: Scroller (silent) → W
        line(0.4, [(1, "ended", 50, 260), (2, "ended", 50, 250), (3, "ended", 50, 350)]),
    ]

    static let scrollLog = [
        "RowA touchesBegan 1", "RowA touchesMoved 1", "RowB touchesBegan 2", "W touchesBegan 3", "RowA touchesEnded 1",
        "RowB touchesEnded 2", "W touchesEnded 3",
    ]

    @Test func aScrollKeepsLiveTouchesBoundAndMovesTheNextHitTests() throws {
        let d = try Self.dispatcher()
        var log: [String] = []
        log += try Self.feed(d, Self.scrollEvents[0])
        // The edit through the API: nothing leaves its window, so it causes no call.
        #expect(try Self.apply(d, .scroll("Scroller", Self.point(0, 100))).isEmpty)
        for line in Self.scrollEvents[2...4] { log += try Self.feed(d, line) }
        #expect(d.boundViewID(ofTouch: 1) == "RowA")
        #expect(d.boundViewID(ofTouch: 2) == "RowB")
        #expect(d.boundViewID(ofTouch: 3) == "Scroller")
        log += try Self.feed(d, Self.scrollEvents[5])
        #expect(log == Self.scrollLog)
        #expect(d.liveTouchIDs.isEmpty)
    }

    @Test func theTouchCommandReadsEditLines() throws {
        let r = try Self.runTouch(Self.scrollEvents)
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err.isEmpty)
        #expect(CLITests.lines(r.out) == Self.scrollLog)
    }

    // MARK: - Removing views under live touches

    @Test func removingTheTouchedViewCancelsWhatItWasGivenOnlyThere() throws {
        let d = try Self.dispatcher()
        // Touches 1 and 2 on Leaf together: single touch, so only 1 is given (2 is withheld).
        // Touch 3 on Side.
        #expect(
            try Self.feed(d, Self.line(0, [(1, "began", 50, 50), (2, "began", 60, 60), (3, "began", 300, 100)])) == [
                "Leaf touchesBegan 1", "Box touchesBegan 1", "W touchesBegan 1", "Side touchesBegan 3",
            ])
        // Leaf leaves the window: touchesCancelled for touch 1 only, on Leaf only (a removed view
        // has no superview, so the call cannot reach Box or W).
        let removal = try Self.apply(d, .remove("Leaf"))
        #expect(removal.flatMap(\.logLines) == ["Leaf touchesCancelled 1"])
        #expect(removal.count == 1)
        if let call = removal.first?.delivery {
            #expect(call.view.id == "Leaf")
            #expect(call.phase == .cancelled)
            #expect(call.touchIDs == [1])
            #expect(call.reached.map(\.id) == ["Leaf"])
        } else {
            Issue.record("not a delivery: \(removal)")
        }
        // The touches stay down, but nothing more reaches anyone for 1 and 2; 3 goes on.
        #expect(d.liveTouchIDs == [1, 2, 3])
        #expect(
            try Self.feed(d, Self.line(0.1, [(1, "moved", 70, 70), (2, "moved", 80, 80), (3, "moved", 310, 100)])) == [
                "Side touchesMoved 3"
            ])
        #expect(
            try Self.feed(d, Self.line(0.2, [(1, "ended", 70, 70), (2, "ended", 80, 80), (3, "ended", 310, 100)])) == [
                "Side touchesEnded 3"
            ])
        // A new touch where Leaf was is Box's.
        #expect(try Self.feed(d, Self.line(0.3, [(4, "began", 50, 50)])) == ["Box touchesBegan 4", "W touchesBegan 4"])
    }

    @Test func removingAViewCancelsSeveralTouchesInOneCall() throws {
        // Side has multipleTouchEnabled: touches 2 and 1 are both given; the removal cancels them in
        // one call, ids ascending; touch 3 on Box is not affected.
        let d = try Self.dispatcher()
        #expect(
            try Self.feed(d, Self.line(0, [(2, "began", 300, 100), (1, "began", 250, 50), (3, "began", 150, 150)]))
                == ["Side touchesBegan 1,2", "Box touchesBegan 3", "W touchesBegan 3"])
        #expect(try Self.feed(d, #"{"remove": "Side"}"#) == ["Side touchesCancelled 1,2"])
        #expect(
            try Self.feed(d, Self.line(1, [(1, "ended", 250, 50), (2, "ended", 300, 100), (3, "ended", 150, 150)])) == [
                "Box touchesEnded 3", "W touchesEnded 3",
            ])
    }

    @Test func removingAnAncestorCancelsAlongWhatIsLeftOfTheChain() throws {
        let d = try Self.dispatcher()
        #expect(
            try Self.feed(d, Self.line(0, [(1, "began", 50, 50), (2, "began", 250, 250)])) == [
                "Leaf touchesBegan 1", "Box touchesBegan 1", "W touchesBegan 1", "Knob touchesBegan 2",
                "PanelVC touchesBegan 2", "W touchesBegan 2",
            ])
        // Box leaves with Leaf: the call starts on Leaf and climbs to Box, whose superview is gone.
        let box = try Self.apply(d, .remove("Box"))
        #expect(box.flatMap(\.logLines) == ["Leaf touchesCancelled 1", "Box touchesCancelled 1"])
        #expect(box.first?.delivery?.reached.map(\.id) == ["Leaf", "Box"])
        // Panel is PanelVC's root view: Knob → Panel → PanelVC, and no further (PanelVC's root view
        // has no superview now, and PanelVC was not presented).
        let panel = try Self.apply(d, .remove("Panel"))
        #expect(panel.flatMap(\.logLines) == ["Knob touchesCancelled 2", "PanelVC touchesCancelled 2"])
        #expect(panel.first?.delivery?.reached.map(\.id) == ["Knob", "Panel", "PanelVC"])
        // Later phases of 1 and 2 reach nobody.
        #expect(try Self.feed(d, Self.line(0.1, [(1, "moved", 60, 60), (2, "moved", 260, 260)])) == [])
        #expect(try Self.feed(d, Self.line(0.2, [(1, "ended", 60, 60), (2, "cancelled", 260, 260)])) == [])
        // Where Box was, W answers (Box and Leaf are gone from the hit-tests).
        #expect(try Self.feed(d, Self.line(0.3, [(3, "began", 50, 50)])) == ["W touchesBegan 3"])
    }

    @Test func aTouchHeldByADelayingRecognizerGetsNoCancel() throws {
        // The tap on W delays began phases: touch 1's began on Leaf is held while the tap is
        // possible, so Leaf has been given nothing when it is removed: no cancel. When the tap then
        // fails (the finger moves 40 pt, beyond the 10-pt tolerance), the held began is not
        // delivered late to the removed view either.
        let d = try Self.dispatcher(
            Self.scene(w: Self.recognizers(#"{"id": "hold", "kind": "tap", "delaysTouchesBegan": true}"#)))
        #expect(try Self.feed(d, Self.line(0, [(1, "began", 50, 50)])) == [])
        #expect(try Self.feed(d, #"{"remove": "Leaf"}"#) == [])
        #expect(d.state(ofRecognizer: "hold") == .possible)
        #expect(try Self.feed(d, Self.line(0.1, [(1, "moved", 90, 50)])) == ["hold failed"])
        #expect(try Self.feed(d, Self.line(0.2, [(1, "ended", 90, 50)])) == [])
    }

    @Test func aTouchHeldByTheRemovedViewsOwnRecognizerGetsNoCancel() throws {
        // The delaying tap is Leaf's own: the removal fails it (it was possible), and Leaf, given
        // nothing, gets no cancel.
        let d = try Self.dispatcher(
            Self.scene(leaf: Self.recognizers(#"{"id": "hold", "kind": "tap", "delaysTouchesBegan": true}"#)))
        #expect(try Self.feed(d, Self.line(0, [(1, "began", 50, 50)])) == [])
        #expect(try Self.feed(d, #"{"remove": "Leaf"}"#) == ["hold failed"])
        #expect(d.state(ofRecognizer: "hold") == .failed)
        #expect(try Self.feed(d, Self.line(0.1, [(1, "ended", 50, 50)])) == [])
    }

    // MARK: - Moving views under live touches

    @Test func movingTheTouchedViewToAnotherWindowCancels() throws {
        let d = try Self.dispatcher()
        _ = try Self.feed(d, Self.line(0, [(1, "began", 50, 50)]))
        // Leaf goes under Far in W2: it left W. The call travels Leaf's chain after the move:
        // Leaf → Far → W2.
        let moved = try Self.apply(d, .move("Leaf", into: "Far", at: nil))
        #expect(
            moved.flatMap(\.logLines) == ["Leaf touchesCancelled 1", "Far touchesCancelled 1", "W2 touchesCancelled 1"])
        #expect(moved.first?.delivery?.reached.map(\.id) == ["Leaf", "Far", "W2"])
        #expect(try Self.feed(d, Self.line(0.1, [(1, "moved", 55, 55)])) == [])
        #expect(try Self.feed(d, Self.line(0.2, [(1, "ended", 55, 55)])) == [])
        // Leaf is now at W2's (500,0)-(600,100), over Far.
        #expect(
            try Self.feed(d, Self.line(0.3, [(2, "began", 510, 10)])) == [
                "Leaf touchesBegan 2", "Far touchesBegan 2", "W2 touchesBegan 2",
            ])
        #expect(try Self.feed(d, Self.line(0.4, [(3, "began", 50, 50)])) == ["Box touchesBegan 3", "W touchesBegan 3"])
    }

    @Test func movingAnAncestorToAnotherWindowCancels() throws {
        let d = try Self.dispatcher()
        _ = try Self.feed(d, Self.line(0, [(1, "began", 50, 50)]))
        // Box (with Leaf) goes into W2 directly: Leaf → Box → W2.
        #expect(
            try Self.feed(d, #"{"move": "Box", "into": "W2"}"#) == [
                "Leaf touchesCancelled 1", "Box touchesCancelled 1", "W2 touchesCancelled 1",
            ])
        #expect(try Self.feed(d, Self.line(0.1, [(1, "ended", 50, 50)])) == [])
    }

    @Test func movingTheTouchedViewWithinItsWindowDoesNotCancel() throws {
        let d = try Self.dispatcher()
        _ = try Self.feed(d, Self.line(0, [(1, "began", 50, 50)]))
        // Leaf under Side, still in W: no call; the touch stays Leaf's, and its calls now climb
        // Leaf → Side (consume).
        #expect(try Self.apply(d, .move("Leaf", into: "Side", at: nil)).isEmpty)
        #expect(d.boundViewID(ofTouch: 1) == "Leaf")
        #expect(
            try Self.feed(d, Self.line(0.1, [(1, "moved", 55, 55)])) == ["Leaf touchesMoved 1", "Side touchesMoved 1"])
        // A reorder among siblings changes nothing either.
        #expect(try Self.feed(d, #"{"move": "Leaf", "into": "Side", "at": 0}"#) == [])
        #expect(
            try Self.feed(d, Self.line(0.2, [(1, "ended", 55, 55)])) == ["Leaf touchesEnded 1", "Side touchesEnded 1"])
        // Leaf is at (200,0)-(300,100) now.
        #expect(
            try Self.feed(d, Self.line(0.3, [(2, "began", 250, 50)])) == ["Leaf touchesBegan 2", "Side touchesBegan 2"])
    }

    @Test func removingAWindowCancelsTheTouchesOfItsViews() throws {
        let d = try Self.dispatcher()
        #expect(try Self.feed(d, Self.line(0, [(1, "began", 550, 50)])) == ["Far touchesBegan 1", "W2 touchesBegan 1"])
        // W2 leaves with Far: Far → W2 (consume).
        #expect(try Self.feed(d, #"{"remove": "W2"}"#) == ["Far touchesCancelled 1", "W2 touchesCancelled 1"])
        #expect(try Self.feed(d, Self.line(0.1, [(1, "ended", 550, 50)])) == [])
        // Nothing is at (550,50) any more.
        #expect(try Self.feed(d, Self.line(0.2, [(2, "began", 550, 50)])) == [])
        #expect(d.boundViewID(ofTouch: 2) == nil)
    }

    @Test func recognizersFollowAViewMovedWithinItsWindowAndStopWhenItLeaves() throws {
        let tap = Self.recognizers(#"{"id": "leafTap", "kind": "tap"}"#)
        // Within W: the tap stays bound and recognizes on the lift; the held end becomes a cancel,
        // which now climbs Leaf → Side (consume).
        let d = try Self.dispatcher(Self.scene(leaf: tap))
        #expect(
            try Self.feed(d, Self.line(0, [(1, "began", 50, 50)])) == [
                "Leaf touchesBegan 1", "Box touchesBegan 1", "W touchesBegan 1",
            ])
        #expect(try Self.feed(d, #"{"move": "Leaf", "into": "Side"}"#) == [])
        #expect(d.state(ofRecognizer: "leafTap") == .possible)
        #expect(
            try Self.feed(d, Self.line(0.1, [(1, "ended", 50, 50)])) == [
                "leafTap recognized", "Leaf touchesCancelled 1", "Side touchesCancelled 1",
            ])
        // Into W2: the touch is cancelled and the tap, possible, fails.
        let e = try Self.dispatcher(Self.scene(leaf: tap))
        _ = try Self.feed(e, Self.line(0, [(1, "began", 50, 50)]))
        let out = try Self.feed(e, #"{"move": "Leaf", "into": "Far"}"#)
        #expect(
            out.sorted() == [
                "Far touchesCancelled 1", "Leaf touchesCancelled 1", "W2 touchesCancelled 1", "leafTap failed",
            ])
        #expect(try Self.feed(e, Self.line(0.1, [(1, "ended", 50, 50)])) == [])
    }

    @Test func aTouchCancelledByAMoveDoesNotKeepAnExclusiveViewFromItsTouch() throws {
        // events.md rule 5: a view is tracking while it holds a touch it was given that has not
        // ended or been cancelled. Leaf's touch 1 is cancelled when Leaf moves into W2, so Leaf is
        // not tracking, and Far (exclusive, in W2) gets touch 2.
        let d = try Self.dispatcher(Self.scene(far: #", "exclusiveTouch": true"#))
        _ = try Self.feed(d, Self.line(0, [(1, "began", 50, 50)]))
        // At W2's back: Far covers it. Leaf → W2 (consume).
        #expect(
            try Self.feed(d, #"{"move": "Leaf", "into": "W2", "at": 0}"#) == [
                "Leaf touchesCancelled 1", "W2 touchesCancelled 1",
            ])
        let far = try Self.feed(d, Self.line(0.1, [(2, "began", 550, 50)]))
        #expect(far == ["Far touchesBegan 2", "W2 touchesBegan 2"])
    }

    // MARK: - Recognizers of views that leave

    @Test func recognizersOfARemovedViewStopUnderWayCancelledPossibleFailed() throws {
        // pan on Leaf (cancelsTouchesInView false, so Leaf keeps its touches); tap on Side.
        let d = try Self.dispatcher(
            Self.scene(
                leaf: Self.recognizers(#"{"id": "pan", "kind": "pan", "cancelsTouchesInView": false}"#),
                side: Self.recognizers(#"{"id": "tap", "kind": "tap"}"#)))
        #expect(
            try Self.feed(d, Self.line(0, [(1, "began", 50, 50), (2, "began", 300, 100)])) == [
                "Leaf touchesBegan 1", "Box touchesBegan 1", "W touchesBegan 1", "Side touchesBegan 2",
            ])
        // Touch 1 moves 30 pt ≥ 10: the pan begins; the move still reaches Leaf.
        #expect(
            try Self.feed(d, Self.line(0.1, [(1, "moved", 80, 50)])) == [
                "pan began", "Leaf touchesMoved 1", "Box touchesMoved 1", "W touchesMoved 1",
            ])
        #expect(d.state(ofRecognizer: "pan") == .began)
        // Leaf leaves: its touch is cancelled and its pan, under way, is cancelled.
        let leaf = try Self.apply(d, .remove("Leaf")).flatMap(\.logLines)
        #expect(leaf.sorted() == ["Leaf touchesCancelled 1", "pan cancelled"])
        #expect(d.state(ofRecognizer: "pan") == .cancelled)
        // Side leaves: its tap, still possible, fails.
        let side = try Self.apply(d, .remove("Side")).flatMap(\.logLines)
        #expect(side.sorted() == ["Side touchesCancelled 2", "tap failed"])
        #expect(d.state(ofRecognizer: "tap") == .failed)
        // Nothing more for either touch, nor for the stopped recognizers.
        #expect(try Self.feed(d, Self.line(0.2, [(1, "moved", 120, 50), (2, "moved", 300, 110)])) == [])
        #expect(try Self.feed(d, Self.line(0.3, [(1, "ended", 120, 50), (2, "ended", 300, 110)])) == [])
    }

    @Test func aRecognizerOfAnAncestorThatStaysKeepsItsTouch() throws {
        // The pan is W's, which stays: removing Leaf cancels Leaf's touch, not the pan.
        let d = try Self.dispatcher(
            Self.scene(w: Self.recognizers(#"{"id": "wpan", "kind": "pan", "cancelsTouchesInView": false}"#)))
        _ = try Self.feed(d, Self.line(0, [(1, "began", 50, 50)]))
        #expect(
            try Self.feed(d, Self.line(0.1, [(1, "moved", 80, 50)])) == [
                "wpan began", "Leaf touchesMoved 1", "Box touchesMoved 1", "W touchesMoved 1",
            ])
        #expect(try Self.feed(d, #"{"remove": "Leaf"}"#) == ["Leaf touchesCancelled 1"])
        #expect(d.state(ofRecognizer: "wpan") == .began)
        #expect(try Self.feed(d, Self.line(0.2, [(1, "moved", 100, 50)])) == ["wpan changed"])
        #expect(try Self.feed(d, Self.line(0.3, [(1, "ended", 100, 50)])) == ["wpan ended"])
    }

    @Test func aRecognizerOfARemovedAncestorStops() throws {
        // The long press is Box's; Leaf's touch began it (0.5 s held). Removing Box cancels it.
        let d = try Self.dispatcher(
            Self.scene(box: Self.recognizers(#"{"id": "press", "kind": "longPress", "cancelsTouchesInView": false}"#)))
        #expect(d.recognizerIDs == ["press"])
        #expect(
            try Self.feed(d, Self.line(0, [(1, "began", 50, 50)])) == [
                "Leaf touchesBegan 1", "Box touchesBegan 1", "W touchesBegan 1",
            ])
        #expect(try Self.feed(d, #"{"t": 0.6}"#) == ["press began"])
        let out = try Self.feed(d, #"{"remove": "Box"}"#)
        #expect(out.sorted() == ["Box touchesCancelled 1", "Leaf touchesCancelled 1", "press cancelled"])
        #expect(try Self.feed(d, Self.line(0.7, [(1, "ended", 50, 50)])) == [])
    }

    // MARK: - Inserting views

    @Test func anInsertedViewWithTouchKeysReceivesTouches() throws {
        let d = try Self.dispatcher()
        // New at Box's (120,120)-(170,170), in front of Leaf.
        let view = #"{"id": "New", "frame": [120, 120, 50, 50], "handlesTouches": "consume"}"#
        #expect(try Self.apply(d, .insert(view: view, into: "Box", at: nil)).isEmpty)
        #expect(d.traits(ofView: "New").handlesTouches == .consume)
        #expect(try Self.feed(d, Self.line(0, [(1, "began", 130, 130)])) == ["New touchesBegan 1"])
        #expect(try Self.feed(d, Self.line(0.1, [(1, "ended", 130, 130)])) == ["New touchesEnded 1"])
        // A forwarding one with multiple touch, inserted by an events line into Far: at
        // (550,50)-(600,100) of the screen.
        #expect(
            try Self.feed(
                d,
                #"{"insert": {"id": "Multi", "frame": [50, 50, 50, 50], "handlesTouches": "forward", "#
                    + #""multipleTouchEnabled": true}, "into": "Far"}"#
            ) == [])
        #expect(
            try Self.feed(d, Self.line(0.2, [(1, "began", 560, 60), (2, "began", 570, 70)])) == [
                "Multi touchesBegan 1,2", "Far touchesBegan 1,2", "W2 touchesBegan 1,2",
            ])
    }

    @Test func anInsertedViewWithGestureRecognizersIsRefusedAndNothingChanges() throws {
        let d = try Self.dispatcher()
        let cases: [(view: String, named: String)] = [
            (#"{"id": "G", "frame": [120, 120, 50, 50], "gestureRecognizers": [{"id": "t2", "kind": "tap"}]}"#, "G"),
            (#"{"id": "G", "frame": [120, 120, 50, 50], "gestureRecognizers": []}"#, "G"),
            (
                #"{"id": "G", "frame": [120, 120, 50, 50], "subviews": [{"id": "G1", "frame": [0, 0, 10, 10], "#
                    + #""gestureRecognizers": [{"id": "t2", "kind": "tap"}]}]}"#,
                "G1"
            ),
        ]
        for c in cases {
            do {
                _ = try d.apply(.insert(view: c.view, into: "Box", at: nil))
                Issue.record("accepted: \(c.view)")
            } catch {
                #expect(error.message.hasPrefix("view \"\(c.named)\": gestureRecognizers"), "\(error)")
            }
            #expect(d.invariantViolations() == [])
        }
        // Nothing changed: the point is Box's, and no recognizer was added.
        #expect(d.recognizerIDs == [])
        #expect(try Self.feed(d, Self.line(0, [(1, "began", 130, 130)])) == ["Box touchesBegan 1", "W touchesBegan 1"])
        // The id G is still free.
        #expect(try Self.apply(d, .insert(view: #"{"id": "G", "frame": [0, 0, 1, 1]}"#, into: "W", at: 0)).isEmpty)
    }

    @Test func anInsertedViewWithABadTouchKeyIsRefused() throws {
        let d = try Self.dispatcher()
        #expect(throws: TouchInputError.self) {
            try d.apply(
                .insert(view: #"{"id": "N", "frame": [0, 0, 10, 10], "handlesTouches": "maybe"}"#, into: "W", at: nil))
        }
        #expect(
            try Self.feed(d, Self.line(0, [(1, "began", 5, 5)])) == [
                "Leaf touchesBegan 1", "Box touchesBegan 1", "W touchesBegan 1",
            ])
    }

    // MARK: - Refused edit lines

    @Test func anInvalidEditLineIsRefusedWithItsLineNumber() throws {
        let began = Self.line(0, [(1, "began", 50, 50)])
        let cases: [([String], String)] = [
            ([began, "", #"{"remove": "Ghost"}"#], #"line 3: view "Ghost": no view has this id"#),
            ([began, #"{"move": "Leaf", "into": "Ghost"}"#], #"line 2: view "Ghost": into: no view has this id"#),
            ([began, #"{"move": "Box", "into": "Leaf"}"#], #"line 2: view "Box": into: "Leaf" is the view itself"#),
            ([#"{"set": "Leaf", "hidden": true, "alpha": -1}"#], #"line 1: view "Leaf": alpha: "#),
            ([#"{"set": "Leaf", "colour": "red"}"#], #"line 1: view "Leaf": colour: unknown key"#),
            ([#"{"insert": {"id": "Box", "frame": [0, 0, 1, 1]}, "into": "W"}"#], #"line 1: view "Box": id: "#),
            ([#"{"scroll": "Scroller", "to": [0, 1e999]}"#], #"line 1: view "Scroller": to: "#),
            ([began, #"{"move": "Leaf"}"#], #"line 2: move: "into" must be a string"#),
            ([#"{"remove": "Leaf", "scroll": "Box", "to": [0, 0]}"#], "line 1: more than one operation"),
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
        // The refused set changed nothing (hidden came before the bad alpha): Leaf is still hit.
        let d = try Self.dispatcher()
        #expect(throws: TouchInputError.self) {
            try d.replay(jsonLines: #"{"set": "Leaf", "hidden": true, "alpha": -1}"#)
        }
        #expect(try Self.feed(d, began) == ["Leaf touchesBegan 1", "Box touchesBegan 1", "W touchesBegan 1"])
    }

    @Test func theTouchCommandRefusesAnInvalidEditLine() throws {
        let r = try Self.runTouch([Self.line(0, [(1, "began", 50, 50)]), "", #"{"remove": "Ghost"}"#])
        #expect(r.status == 2)
        #expect(r.out.isEmpty)
        #expect(r.err.hasSuffix("\n") && r.err.filter { $0 == "\n" }.count == 1, "\(r.err)")
        for fragment in ["events.jsonl", "line 3", #"view "Ghost""#] {
            #expect(r.err.contains(fragment), "\(r.err) lacks \(fragment)")
        }
        let g = try Self.runTouch([
            #"{"insert": {"id": "G", "frame": [0, 0, 10, 10], "gestureRecognizers": [{"id": "t", "kind": "tap"}]}, "#
                + #""into": "W"}"#
        ])
        #expect(g.status == 2)
        #expect(g.out.isEmpty)
        #expect(g.err.contains("line 1") && g.err.contains(#"view "G": gestureRecognizers"#), "\(g.err)")
    }

    // MARK: - Identity of views across edits

    @Test func aViewInsertedWithARemovedViewsIDDoesNotInheritItsRecognizers() throws {
        // Leaf's tap belongs to the removed Leaf. A new view that reuses the id "Leaf" is another
        // view, inserted between events, so it has no recognizer: a tap on it reaches it plainly.
        let d = try Self.dispatcher(Self.scene(leaf: Self.recognizers(#"{"id": "leafTap", "kind": "tap"}"#)))
        #expect(try Self.feed(d, #"{"remove": "Leaf"}"#) == [])
        #expect(
            try Self.feed(
                d, #"{"insert": {"id": "Leaf", "frame": [0, 0, 100, 100], "handlesTouches": "consume"}, "into": "Box"}"#
            )
                == [])
        var log = try Self.feed(d, Self.line(0, [(1, "began", 50, 50)]))
        log += try Self.feed(d, Self.line(0.1, [(1, "ended", 50, 50)]))
        #expect(log == ["Leaf touchesBegan 1", "Leaf touchesEnded 1"])
    }

    @Test func aViewInAnInsertedWindowHasTheFullResponderChain() throws {
        // A window inserted between events is a window like the scene's: its next responder is the
        // application (UIApplication, no delegate), as for W.
        let graph = try ResponderGraph(reading: TestSupport.scene(Self.scene()), file: "test.json")
        #expect(graph.chain(from: Responder(kind: .window, id: "W")).map(\.id) == ["W", "UIApplication"])
        let d = try TouchDispatcher(graph: graph)
        let window =
            #"{"id": "W3", "frame": [0, 0, 50, 50], "handlesTouches": "forward", "subviews": ["#
            + #"{"id": "N", "frame": [0, 0, 50, 50], "handlesTouches": "forward"}]}"#
        #expect(try Self.apply(d, .insertWindow(view: window, level: 1)).isEmpty)
        let out = try d.replay(jsonLines: Self.line(0.1, [(1, "began", 10, 10)]))
        #expect(out.flatMap(\.logLines) == ["N touchesBegan 1", "W3 touchesBegan 1"])
        #expect(out.first?.delivery?.reached.map(\.id) == ["N", "W3", "UIApplication"])
        #expect(out.first?.delivery?.reached.map(\.kind) == [.view, .window, .application])
        // The graph itself knows the new window as one (the kind decides the chain).
        #expect(graph.responder(withID: "W3")?.kind == .window)
        #expect(graph.chain(from: Responder(kind: .window, id: "W3")).map(\.id) == ["W3", "UIApplication"])
    }
}
