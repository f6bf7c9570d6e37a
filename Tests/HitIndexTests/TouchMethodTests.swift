import HitIndex
import HitIndexEvents
import Testing

/// `handlesTouches` per method: a view that overrides `touchesBegan` and not `touchesEnded` (or
/// the reverse). UIKit's `UIResponder` default for a method the view does not override forwards
/// the call to the next responder; an override that does not call `super` stops it there.
@Suite struct TouchMethodTests {
    typealias G = GestureRecognizerTests

    /// W consumes every method; V, inside it, has `handling` as its `handlesTouches`.
    static func scene(_ handling: String) -> String {
        #"""
        {"windows": [{"id": "W", "frame": [0, 0, 400, 800], "handlesTouches": "consume", "subviews": [
          {"id": "V", "frame": [0, 0, 400, 400], "handlesTouches": \#(handling)}]}]}
        """#
    }

    static let drag = [
        G.line(0, [(1, "began", 100, 100)]), G.line(0.1, [(1, "moved", 100, 120)]),
        G.line(0.2, [(1, "ended", 100, 120)]),
    ]

    @Test func aViewOverridingOnlyTouchesBeganStopsOnlyThatCall() throws {
        // V overrides touchesBegan without super: the began stops at V. It does not override
        // touchesMoved or touchesEnded: UIKit's default forwards them to W, silently at V.
        #expect(
            try G.log(Self.drag, Self.scene(#"{"began": "consume"}"#)) == [
                "V touchesBegan 1", "W touchesMoved 1", "W touchesEnded 1",
            ])
    }

    @Test func aViewOverridingOnlyTouchesEndedWithSuperLogsThenForwards() throws {
        // V overrides touchesEnded and calls super: began and moved reach W silently through V;
        // the ended is logged by V, then forwarded to W.
        #expect(
            try G.log(Self.drag, Self.scene(#"{"ended": "forward"}"#)) == [
                "W touchesBegan 1", "W touchesMoved 1", "V touchesEnded 1", "W touchesEnded 1",
            ])
    }

    @Test func aCancelledCallFollowsTheCancelledMethod() throws {
        // A tap on V cancels its touch; V overrides touchesCancelled only, consuming it: W gets
        // the began but not the cancellation.
        let json = #"""
            {"windows": [{"id": "W", "frame": [0, 0, 400, 800], "handlesTouches": "consume", "subviews": [
              {"id": "V", "frame": [0, 0, 400, 400], "handlesTouches": {"cancelled": "consume"},
               "gestureRecognizers": [{"id": "tap", "kind": "tap"}]}]}]}
            """#
        #expect(
            try G.log([G.line(0, [(1, "began", 100, 100)]), G.line(0.05, [(1, "ended", 100, 100)])], json) == [
                "W touchesBegan 1", "tap recognized", "V touchesCancelled 1",
            ])
    }

    @Test func theTraitsSayWhichMethodsAreOverridden() throws {
        let d = try G.dispatcher(Self.scene(#"{"began": "consume", "cancelled": "forward"}"#))
        let traits = d.traits(ofView: "V")
        #expect(traits.handlesTouches == nil)
        #expect(traits.handling(for: .began) == .consume)
        #expect(traits.handling(for: .moved) == nil)
        #expect(traits.handling(for: .ended) == nil)
        #expect(traits.handling(for: .cancelled) == .forward)
        #expect(d.traits(ofView: "W").handling(for: .moved) == .consume)
    }

    @Test(arguments: [
        (#"{"begin": "consume"}"#, "handlesTouches.begin", "expected a phase"),
        (#"{"stationary": "consume"}"#, "handlesTouches.stationary", "expected a phase"),
        (#"{"began": "maybe"}"#, "handlesTouches.began", #"got "maybe""#),
        (#"{"began": true}"#, "handlesTouches.began", "got a bool"),
        ("[\"began\"]", "handlesTouches", "an object by phase"),
    ])
    func badPerMethodValuesAreRefused(value: String, field: String, fragment: String) throws {
        let error = try #require(try G.refusal(Self.scene(value)))
        #expect(error.description.contains("view \"V\""), "\(error)")
        #expect(error.description.contains(field), "\(error)")
        #expect(error.description.contains(fragment), "\(error)")
    }
}
