import Foundation
import HitIndex
import HitIndexEvents
import Testing

/// The recognizers and values added for real apps' tests: pinch, rotation, screen-edge pan, long
/// press after taps, a tap's distance between taps apart from its movement tolerance, a pan's
/// translation and velocity, and the rule for when a pan begins. Each expected log is worked out
/// by hand in a comment from UIKit's documentation (and, where it is silent, from the choice
/// docs/events.md states).
@Suite struct GestureKindsTests {
    typealias G = GestureRecognizerTests

    /// V (0,0,400,400) in W (0,0,400,800), consuming touches, with these recognizers.
    static func wide(_ recognizers: String) -> String { G.wide(recognizers) }

    /// The transitions of replaying `lines`, invariants checked after each line.
    static func transitions(_ lines: [String], _ json: String) throws -> [GestureTransition] {
        let d = try G.dispatcher(json)
        var out: [GestureTransition] = []
        for (i, line) in lines.enumerated() {
            out += try d.replay(jsonLines: line).compactMap(\.transition)
            #expect(d.invariantViolations() == [], "after line \(i + 1): \(line)")
        }
        return out
    }

    // MARK: pan values and the rule for when a pan begins

    @Test func aPanReportsTranslationVelocityAndLocation() throws {
        // One finger from (100, 100): t 0.1 to (100, 105) (5 pt: below the 10 pt threshold), t 0.2
        // to (100, 130): translation (0, 30) ≥ 10, a move: began. Velocity over the last step in
        // which time advanced: (30 − 5) / 0.1 = 250 pt/s down. t 0.3 to (120, 130): changed,
        // translation (20, 30), velocity (200, 0). t 0.4 lifts at (120, 130): ended; the
        // translation stands, and over that last step (0.1 s, no movement) the velocity is zero.
        let t = try Self.transitions(
            [
                G.line(0, [(1, "began", 100, 100)]), G.line(0.1, [(1, "moved", 100, 105)]),
                G.line(0.2, [(1, "moved", 100, 130)]), G.line(0.3, [(1, "moved", 120, 130)]),
                G.line(0.4, [(1, "ended", 120, 130)]),
            ], Self.wide(#"{"id": "pan", "kind": "pan"}"#))
        #expect(t.map(\.state) == [.began, .changed, .ended])
        #expect(t[0].values?.translation == Point(x: 0, y: 30))
        #expect(t[0].values?.location == Point(x: 100, y: 130))
        let v0 = try #require(t[0].values?.velocity)
        #expect(abs(v0.x) < 1e-9 && abs(v0.y - 250) < 1e-9, "\(v0)")
        #expect(t[1].values?.translation == Point(x: 20, y: 30))
        let v1 = try #require(t[1].values?.velocity)
        #expect(abs(v1.x - 200) < 1e-9 && abs(v1.y) < 1e-9, "\(v1)")
        #expect(t[2].values?.translation == Point(x: 20, y: 30))
        #expect(t[2].values?.velocity == Point(x: 0, y: 0))
        #expect(t[2].values?.location == Point(x: 120, y: 130))
    }

    @Test func aOneFingerPanDoesNotBeginWhenTheSecondFingerLifts() throws {
        // The case the issue names: maximumTouches 1. Two fingers land at t 0 and both move 30 pt
        // right at t 0.1: two fingers are too many, so no begin. t 0.2: finger 2 lifts and
        // nothing moves. One finger is down and its translation is (30, 0) ≥ 10, but Apple's pan
        // begins once the fingers "have moved enough", and this event moves none [C: a recognizer
        // changes state on the events UIKit delivers to it, and a lift is not a move]. t 0.3:
        // finger 1 moves 1 pt: began, with translation (31, 0). t 0.4 lifts: ended.
        let lines = [
            G.line(0, [(1, "began", 100, 100), (2, "began", 200, 100)]),
            G.line(0.1, [(1, "moved", 130, 100), (2, "moved", 230, 100)]),
            G.line(0.2, [(2, "ended", 230, 100)]), G.line(0.3, [(1, "moved", 131, 100)]),
            G.line(0.4, [(1, "ended", 131, 100)]),
        ]
        let json = Self.wide(#"{"id": "pan", "kind": "pan", "maximumTouches": 1}"#)
        let t = try Self.transitions(lines, json)
        #expect(t.map(\.state) == [.began, .ended])
        #expect(t[0].time == 0.3)
        #expect(t[0].values?.translation == Point(x: 31, y: 0))
        // The view: began 1,2 at t 0 (multipleTouchEnabled is false: touch 2 is withheld), moved
        // 1 at 0.1 (nothing withholds it yet), then the pan begins at 0.3 and cancels touch 1.
        #expect(
            try G.log(lines, json) == [
                "V touchesBegan 1", "V touchesMoved 1", "pan began", "V touchesCancelled 1", "pan ended",
            ])
    }

    @Test func aPansTranslationStaysContinuousAsFingersJoinAndLeave() throws {
        // Finger 1 pans 100 pt right: translation (100, 0). Finger 2 lands at t 0.2: it adds no
        // movement of its own. t 0.3: both move 10 pt down: the centroid moves (0, 10):
        // translation (100, 10), not the mean of each finger's own translation ((50, 5)). t 0.4:
        // finger 1 lifts in place: nothing moves. t 0.5: finger 2 moves 4 pt right: (104, 10).
        let t = try Self.transitions(
            [
                G.line(0, [(1, "began", 0, 100)]), G.line(0.1, [(1, "moved", 100, 100)]),
                G.line(0.2, [(2, "began", 300, 300)]),
                G.line(0.3, [(1, "moved", 100, 110), (2, "moved", 300, 310)]), G.line(0.4, [(1, "ended", 100, 110)]),
                G.line(0.5, [(2, "moved", 304, 310)]), G.line(0.6, [(2, "ended", 304, 310)]),
            ], Self.wide(#"{"id": "pan", "kind": "pan"}"#))
        #expect(t.map(\.state) == [.began, .changed, .changed, .ended])
        #expect(
            t.compactMap { $0.values?.translation } == [
                Point(x: 100, y: 0), Point(x: 100, y: 10), Point(x: 104, y: 10), Point(x: 104, y: 10),
            ])
    }

    // MARK: pinch

    @Test func aPinchReportsScaleFromTheDistanceWhenTheSecondFingerLanded() throws {
        // Fingers at (100, 200) and (200, 200): distance 100. t 0.1: (95, 200)–(205, 200),
        // distance 110: changed by 10 ≥ minimumDistance 10, on a move: began, scale 1.1. t 0.2:
        // (50, 200)–(250, 200): distance 200, scale 2, rate (2 − 1.1) / 0.1 = 9 per second.
        // t 0.3: finger 2 lifts, fewer than two fingers: ended. A one-finger tap recognizer
        // (UIKit's default) fails when the second finger lands (too many fingers), so it never
        // competes.
        let t = try Self.transitions(
            [
                G.line(0, [(1, "began", 100, 200), (2, "began", 200, 200)]),
                G.line(0.1, [(1, "moved", 95, 200), (2, "moved", 205, 200)]),
                G.line(0.2, [(1, "moved", 50, 200), (2, "moved", 250, 200)]), G.line(0.3, [(2, "ended", 250, 200)]),
                G.line(0.4, [(1, "ended", 50, 200)]),
            ],
            Self.wide(#"{"id": "pinch", "kind": "pinch"}, {"id": "tap", "kind": "tap"}"#))
        #expect(t.map(\.logLine) == ["tap failed", "pinch began", "pinch changed", "pinch ended"])
        #expect(t[1].values?.scale == 1.1)
        #expect(t[2].values?.scale == 2)
        let rate = try #require(t[2].values?.rate)
        #expect(abs(rate - 9) < 1e-9, "\(rate)")
        #expect(t[2].values?.location == Point(x: 150, y: 200))
    }

    @Test func aPinchWaitsForASecondFingerAndFailsWhenAllLift() throws {
        // One finger lands and moves 50 pt: a pinch needs two, so it stays possible; it lifts:
        // every finger is up, failed.
        let t = try Self.transitions(
            [
                G.line(0, [(1, "began", 100, 100)]), G.line(0.1, [(1, "moved", 150, 100)]),
                G.line(0.2, [(1, "ended", 150, 100)]),
            ], Self.wide(#"{"id": "pinch", "kind": "pinch"}"#))
        #expect(t.map(\.logLine) == ["pinch failed"])
        #expect(t[0].time == 0.2)
    }

    @Test func aFingerThatLiftsAndLandsAgainWithTheSameIDStartsANewPair() throws {
        // Fingers 1 and 2, 100 pt apart; finger 2 lifts (one finger: the pinch waits) and a new
        // finger 2 lands 200 pt from finger 1. The pair is new: its distance 200 is where the
        // scale counts from, so nothing has changed yet; a move of 5 pt (distance 205, change 5 <
        // 10) does not begin it, 12 pt (212) does, with scale 212 / 200.
        let t = try Self.transitions(
            [
                G.line(0, [(1, "began", 100, 100), (2, "began", 200, 100)]), G.line(0.1, [(2, "ended", 200, 100)]),
                G.line(0.2, [(2, "began", 300, 100)]), G.line(0.3, [(2, "moved", 305, 100)]),
                G.line(0.4, [(2, "moved", 312, 100)]),
                G.line(0.5, [(1, "ended", 100, 100), (2, "ended", 312, 100)]),
            ], Self.wide(#"{"id": "pinch", "kind": "pinch"}"#))
        #expect(t.map(\.logLine) == ["pinch began", "pinch ended"])
        #expect(t[0].time == 0.4)
        #expect(t[0].values?.scale == 212.0 / 200.0)
    }

    // MARK: rotation

    @Test func aRotationAccumulatesPastHalfATurn() throws {
        // Fingers at (100, 200) and (200, 200): angle 0. t 0.1: finger 2 to (150, 250): the line
        // points at atan2(50, 50) = π/4, clockwise on screen (y grows down), past 5°: began,
        // rotation π/4. Then finger 2 goes on round finger 1 by quarter turns: (100, 300) is
        // π/2, (50, 200) is π, (100, 100) is 3π/2 (atan2 says −π/2; the accumulated angle goes
        // on). Finger 1 lifts: ended.
        let t = try Self.transitions(
            [
                G.line(0, [(1, "began", 100, 200), (2, "began", 200, 200)]),
                G.line(0.1, [(2, "moved", 150, 250)]), G.line(0.2, [(2, "moved", 100, 300)]),
                G.line(0.3, [(2, "moved", 50, 200)]), G.line(0.4, [(2, "moved", 100, 100)]),
                G.line(0.5, [(1, "ended", 100, 200)]),
            ], Self.wide(#"{"id": "rot", "kind": "rotation"}"#))
        #expect(t.map(\.state) == [.began, .changed, .changed, .changed, .ended])
        let angles = t.compactMap { $0.values?.rotation }
        let expected = [Double.pi / 4, .pi / 2, .pi, 3 * .pi / 2, 3 * .pi / 2]
        #expect(angles.count == expected.count)
        for (a, e) in zip(angles, expected) { #expect(abs(a - e) < 1e-12, "\(angles)") }
        // Rate over the last step: π/2 per 0.1 s.
        let rate = try #require(t[3].values?.rate)
        #expect(abs(rate - 5 * .pi) < 1e-9, "\(rate)")
    }

    @Test func aRotationBelowItsThresholdDoesNotBegin() throws {
        // minimumRotation 0.5 rad. Finger 2 moves from (200, 200) to (200, 240) round finger 1 at
        // (100, 200): atan2(40, 100) ≈ 0.3805 < 0.5, still possible. To (200, 260): atan2(60,
        // 100) ≈ 0.5404 ≥ 0.5: began. Both lift: ended.
        let t = try Self.transitions(
            [
                G.line(0, [(1, "began", 100, 200), (2, "began", 200, 200)]),
                G.line(0.1, [(2, "moved", 200, 240)]), G.line(0.2, [(2, "moved", 200, 260)]),
                G.line(0.3, [(1, "ended", 100, 200), (2, "ended", 200, 260)]),
            ], Self.wide(#"{"id": "rot", "kind": "rotation", "minimumRotation": 0.5}"#))
        #expect(t.map(\.logLine) == ["rot began", "rot ended"])
        #expect(t[0].time == 0.2)
    }

    @Test func pinchAndRotationRecognizeTogetherWhenAllowed() throws {
        // The classic photo view: pinch and rotation simultaneous. Fingers (100, 200)–(200, 200);
        // t 0.1 finger 2 to (200, 250): distance √(100² + 50²) ≈ 111.8 (changed by ≥ 10) and
        // angle atan2(50, 100) ≈ 0.4636 (≥ 5°): both ask to begin in the same event. The pinch
        // was declared first and sees the event first: began; the rotation may recognize with
        // it: began. Without simultaneousWith the rotation would fail instead.
        let lines = [
            G.line(0, [(1, "began", 100, 200), (2, "began", 200, 200)]), G.line(0.1, [(2, "moved", 200, 250)]),
            G.line(0.2, [(1, "ended", 100, 200), (2, "ended", 200, 250)]),
        ]
        let together = try Self.transitions(
            lines,
            Self.wide(
                #"{"id": "pinch", "kind": "pinch", "simultaneousWith": "rot"}, {"id": "rot", "kind": "rotation"}"#))
        #expect(together.map(\.logLine) == ["pinch began", "rot began", "pinch ended", "rot ended"])
        let apart = try Self.transitions(
            lines, Self.wide(#"{"id": "pinch", "kind": "pinch"}, {"id": "rot", "kind": "rotation"}"#))
        #expect(apart.map(\.logLine) == ["pinch began", "rot failed", "pinch ended"])
    }

    // MARK: screen-edge pan

    static let edgeScene = #"""
        {"windows": [{"id": "W", "frame": [0, 0, 400, 800], "handlesTouches": "consume", "gestureRecognizers": [
          {"id": "back", "kind": "screenEdgePan", "edges": "left"}]}]}
        """#

    @Test func aScreenEdgePanStartsAtItsEdgeAndMovesInward() throws {
        // W is the screen (0,0,400,800). A finger lands 5 pt from the left edge (< 20) and moves
        // 40 pt right: inward, began; on, changed; lifts, ended.
        let t = try Self.transitions(
            [
                G.line(0, [(1, "began", 5, 300)]), G.line(0.1, [(1, "moved", 45, 300)]),
                G.line(0.2, [(1, "moved", 80, 310)]), G.line(0.3, [(1, "ended", 80, 310)]),
            ], Self.edgeScene)
        #expect(t.map(\.logLine) == ["back began", "back changed", "back ended"])
        #expect(t[1].values?.translation == Point(x: 75, y: 10))
    }

    @Test func aScreenEdgePanInACornerMayLeaveByEitherEdge() throws {
        // edges left and top; a finger lands at (5, 5), near both, and moves straight down: away
        // from the top edge, so it begins.
        let json = Self.edgeScene.replacingOccurrences(of: #""edges": "left""#, with: #""edges": ["left", "top"]"#)
        let t = try Self.transitions(
            [
                G.line(0, [(1, "began", 5, 5)]), G.line(0.1, [(1, "moved", 5, 45)]),
                G.line(0.2, [(1, "ended", 5, 45)]),
            ], json)
        #expect(t.map(\.logLine) == ["back began", "back ended"])
    }

    @Test(arguments: [
        // Lands 30 pt from the edge (≥ 20): failed at once, on the began event.
        ([G.line(0, [(1, "began", 30, 300)])], 0.0),
        // Lands at the edge but moves down (inward 0 ≤ sideways 40): failed when the pan would begin.
        ([G.line(0, [(1, "began", 5, 300)]), G.line(0.1, [(1, "moved", 5, 340)])], 0.1),
        // The right edge is not among its edges: failed at once.
        ([G.line(0, [(1, "began", 395, 300)])], 0.0),
    ])
    func aScreenEdgePanFailsAwayFromItsEdge(lines: [String], failedAt: Double) throws {
        let t = try Self.transitions(lines + [G.line(1, [(1, "ended", 0, 0)])], Self.edgeScene)
        #expect(t.map(\.logLine) == ["back failed"])
        #expect(t.first?.time == failedAt)
    }

    // MARK: long press after taps, tap distance

    @Test func aLongPressAfterOneTap() throws {
        // numberOfTapsRequired 1: t 0 down, t 0.1 up (a tap); t 0.3 down again within 0.35 s of
        // the lift and within 10 pt of the first tap: the press; held 0.5 s: began at 0.8; lifts
        // at 1.0: ended.
        let t = try Self.transitions(
            [
                G.line(0, [(1, "began", 100, 100)]), G.line(0.1, [(1, "ended", 100, 100)]),
                G.line(0.3, [(2, "began", 104, 100)]), G.advance(0.9), G.line(1.0, [(2, "ended", 104, 100)]),
            ], Self.wide(#"{"id": "lp", "kind": "longPress", "taps": 1}"#))
        #expect(t.map(\.logLine) == ["lp began", "lp ended"])
        #expect(t[0].time == 0.8)
        #expect(t[0].values?.location == Point(x: 104, y: 100))
    }

    @Test(arguments: [
        // Held without the tap first: the first touch is the tap, held past 1.5 s: failed at 1.5.
        ([G.line(0, [(1, "began", 100, 100)]), G.advance(2)], 1.5),
        // No press after the tap: failed at the lift plus the interval, 0.1 + 0.35 in doubles
        // (0.44999999999999996), the deadline's own arithmetic.
        ([G.line(0, [(1, "began", 100, 100)]), G.line(0.1, [(1, "ended", 100, 100)]), G.advance(2)], 0.1 + 0.35),
        // The press lands 30 pt from the tap: failed when it lands.
        (
            [
                G.line(0, [(1, "began", 100, 100)]), G.line(0.1, [(1, "ended", 100, 100)]),
                G.line(0.2, [(2, "began", 130, 100)]),
            ], 0.2
        ),
    ])
    func aLongPressAfterATapFails(lines: [String], at time: Double) throws {
        let t = try Self.transitions(lines, Self.wide(#"{"id": "lp", "kind": "longPress", "taps": 1}"#))
        #expect(t.map(\.logLine) == ["lp failed"])
        #expect(t.first?.time == time)
    }

    @Test func aTapSeparatesItsMovementToleranceFromItsTapDistance() throws {
        // A double tap whose second tap lands 25 pt from the first. tolerance 10 (movement) with
        // tapDistance 40: the second tap is close enough, and neither finger moves: recognized.
        // With the tolerance alone (tapDistance unset, so 10): the second tap is too far: failed.
        let lines = [
            G.line(0, [(1, "began", 100, 100)]), G.line(0.05, [(1, "ended", 100, 100)]),
            G.line(0.2, [(2, "began", 125, 100)]), G.line(0.25, [(2, "ended", 125, 100)]),
        ]
        let separate = try Self.transitions(
            lines, Self.wide(#"{"id": "dt", "kind": "tap", "taps": 2, "tolerance": 10, "tapDistance": 40}"#))
        #expect(separate.map(\.logLine) == ["dt recognized"])
        let single = try Self.transitions(lines, Self.wide(#"{"id": "dt", "kind": "tap", "taps": 2}"#))
        #expect(single.map(\.logLine) == ["dt failed"])
        // And a finger that moves 15 pt fails even with tapDistance 40: movement is the tolerance's.
        let moved = try Self.transitions(
            [G.line(0, [(1, "began", 100, 100)]), G.line(0.05, [(1, "moved", 115, 100)])],
            Self.wide(#"{"id": "dt", "kind": "tap", "taps": 2, "tolerance": 10, "tapDistance": 40}"#))
        #expect(moved.map(\.logLine) == ["dt failed"])
    }

    // MARK: keys

    @Test(arguments: [
        (#"{"id": "g", "kind": "screenEdgePan"}"#, "gestureRecognizers[0].edges", "required"),
        (#"{"id": "g", "kind": "screenEdgePan", "edges": "middle"}"#, "gestureRecognizers[0].edges", "left, right"),
        (#"{"id": "g", "kind": "screenEdgePan", "edges": []}"#, "gestureRecognizers[0].edges", "at least one"),
        (#"{"id": "g", "kind": "pinch", "minimumDistance": -1}"#, "gestureRecognizers[0].minimumDistance", "0 or more"),
        (#"{"id": "g", "kind": "rotation", "scale": 2}"#, "gestureRecognizers[0].scale", "unknown key"),
        (#"{"id": "g", "kind": "longPress", "taps": -1}"#, "gestureRecognizers[0].taps", "from 0"),
        (#"{"id": "g", "kind": "tap", "tapDistance": "far"}"#, "gestureRecognizers[0].tapDistance", "number"),
    ])
    func newKeysAreRefusedNamingTheField(recognizer: String, field: String, fragment: String) throws {
        let error = try #require(try G.refusal(Self.wide(recognizer)))
        #expect(error.description.contains(field), "\(error)")
        #expect(error.description.contains(fragment), "\(error)")
        #expect(error.description.contains("view \"V\""), "\(error)")
    }

    @Test func detailPrintsTheValues() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let scene = try dir.write(Self.wide(#"{"id": "pan", "kind": "pan"}"#), to: "pan.json")
        let events = try dir.write(
            [
                G.line(0, [(1, "began", 100, 100)]), G.line(0.1, [(1, "moved", 100, 140)]),
                G.line(0.2, [(1, "ended", 100, 140)]),
            ].joined(separator: "\n") + "\n", to: "pan.jsonl")
        let r = TestSupport.run(["touch", "--detail", scene, events])
        #expect(r.status == 0, "\(r.err)")
        // began: translation (0, 40), velocity 40 / 0.1 = 400 pt/s, at the finger.
        #expect(r.out.contains("t 0.1 pan began on V translation (0, 40) velocity (0, 400) at (100, 140)"), "\(r.out)")
        // ended: the lift 0.1 s later without movement: velocity 0.
        #expect(r.out.contains("t 0.2 pan ended on V translation (0, 40) velocity (0, 0) at (100, 140)"), "\(r.out)")
    }
}
