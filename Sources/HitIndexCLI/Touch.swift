import Foundation
import HitIndex
import HitIndexEvents

/// `hitindex touch SCENE EVENTS`
enum Touch {
    static let help = """
        usage: hitindex touch [--detail] SCENE EVENTS

        Replays the input events in EVENTS (JSON lines, one event per line:
        {"t": 0.0, "touches": [{"id": 1, "phase": "began", "x": 50, "y": 50}]}) on SCENE and
        prints what happens, in order, one line each:

          RESPONDER touchesBegan 1,2        a touch method (ids ascending); only responders
                                            with handlesTouches ("consume" or "forward") log,
                                            the others forward silently
          RECOGNIZER recognized             a gesture recognizer's state change (recognized,
                                            began, changed, ended, failed or cancelled)

        A line with t alone ({"t": 1.5}) lets time pass with no input: long presses begin,
        tap and swipe time limits fail, held touches are released. Recognizers come from the
        views' gestureRecognizers key (docs/scene-format.md). See docs/events.md.

        A control (the control key) tracks its touch and sends its actions; each action sent
        prints one line, CONTROL EVENT ACTION -> RECEIVER (e.g. Buy touchUpInside buy: -> Cart).
        A line {"becomeFirstResponder": ID}, {"resignFirstResponder": ID} or {"sendAction":
        "copy:", "to": ID, "from": ID} asks the responders between events and prints what
        happened (Field becomeFirstResponder, copy: -> Form, or the refusal).

        Between events, a line may edit the views as a 'hitindex replay' script does (insert,
        remove, move, set, scroll; no commit: each edit is seen by the next event). A view that
        leaves its window gets touchesCancelled for its touches and its recognizers stop.

        --detail prints every touch-method call, logged or silent, every control event, and every
        recognizer change
        with its time, the touches' screen locations, whether the call came late (held by a
        recognizer), and the responders it reached (* marks those that log):

          t 0.07 DView touchesCancelled 1 at (300, 220) reached DView CView AView* ViewController …
          t 0.07 tap recognized on DView
          t 0.3 pan changed on List translation (0, -40) velocity (0, -400) at (50, 60)

        Continuous recognizers add what they report: a pan its translation, velocity and
        location (the fingers' centroid), a pinch its scale, a rotation its angle in radians,
        each with its rate per second.

        A refused scene or event (with its line number) exits 2.
        """

    static func run(_ args: [String], console: Console) throws(CLIError) {
        let a = try Arguments(args, command: "touch", options: [], flags: ["detail"])
        if a.has("help") { return console.line(help) }
        guard a.positional.count == 2 else {
            throw .usage(
                "touch",
                a.positional.isEmpty
                    ? "missing SCENE and EVENTS"
                    : a.positional.count == 1 ? "missing EVENTS" : "expected SCENE and EVENTS"
            )
        }
        let path = a.positional[0]
        let eventsPath = a.positional[1]
        let scene = try HitIndexCommand.loadScene(path, command: "touch")
        let dispatcher: TouchDispatcher
        do {
            dispatcher = try TouchDispatcher(
                graph: ResponderGraph(reading: scene, file: HitIndexCommand.sceneFileName(path)))
        } catch {
            throw .scene(error.inFile(HitIndexCommand.sceneFileName(path)))
        }
        try HitIndexCommand.requireFile(eventsPath, command: "touch")
        guard let data = FileManager.default.contents(atPath: eventsPath) else {
            throw .input("touch", "\(eventsPath): cannot read the file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .input("touch", "\(eventsPath): not UTF-8 text")
        }
        let entries: [TouchLogEntry]
        do {
            entries = try dispatcher.replay(jsonLines: text)
        } catch {
            throw .input("touch", "\(eventsPath): \(error)")
        }
        for entry in entries {
            if a.has("detail") {
                console.line(detail(entry))
            } else {
                for line in entry.logLines { console.line(line) }
            }
        }
    }

    /// One `--detail` line.
    static func detail(_ entry: TouchLogEntry) -> String {
        switch entry {
        case .gesture(let g):
            return "t \(number(g.time)) \(g.recognizerID) \(g.state.rawValue) on \(g.viewID)" + values(g)
        case .control(let c):
            return "t \(number(c.time)) \(c.logLine)"
        case .responder(let r):
            return "t \(number(r.time)) \(r.logLine)"
        case .touches(let d):
            let ids = d.touchIDs.map(String.init).joined(separator: ",")
            let at = d.locations.map { "(\(number($0.x)), \(number($0.y)))" }.joined(separator: " ")
            let logging = Set(d.handlers.map(\.id))
            let reached = d.reached.map { logging.contains($0.id) ? "\($0.id)*" : $0.id }.joined(separator: " ")
            return "t \(number(d.time)) \(d.view.id) \(d.phase.methodName ?? d.phase.rawValue) \(ids) at \(at)"
                + (d.isLate ? " late" : "") + " reached \(reached)"
        }
    }

    /// What a continuous gesture reports with a state it enters under way (began, changed,
    /// ended, cancelled): ` translation (0, 30) velocity (0, 300) at (50, 80)` for a pan,
    /// ` scale 1.5 velocity 2.5 at (…)` for a pinch, ` rotation 0.5 velocity 1 at (…)` for a
    /// rotation, ` at (…)` for a long press; empty otherwise.
    static func values(_ g: GestureTransition) -> String {
        guard let v = g.values, [.began, .changed, .ended, .cancelled].contains(g.state) else { return "" }
        func point(_ p: Point) -> String { "(\(number(p.x)), \(number(p.y)))" }
        var out = ""
        if let t = v.translation { out += " translation \(point(t))" }
        if let s = v.scale { out += " scale \(number(s))" }
        if let r = v.rotation { out += " rotation \(number(r))" }
        if let velocity = v.velocity { out += " velocity \(point(velocity))" }
        if let rate = v.rate { out += " velocity \(number(rate))" }
        if let at = v.location { out += " at \(point(at))" }
        return out
    }

    /// `0.07`, `300`: the shortest text that reads back as the same number.
    private static func number(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : "\(x)"
    }
}
