import HitIndex
import HitIndexEvents
import HitIndexSceneFormat
import Testing

/// First responder and actions (semantics §6), on one small scene:
///
///     W (window scene S) > Form (root view of FormVC) > Field, Button
///     detached: Sheet (root view of SheetVC, presented by FormVC, not in a window)
///
/// Chains, by the `next` rules: Field → Form → FormVC → W → S → UIApplication → AppDelegate;
/// Button → Form → …; Sheet → SheetVC → FormVC → W → ….
@Suite struct FirstResponderTests {
    static func graph() throws -> ResponderGraph {
        let w = Window(id: "W", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let form = View(id: "Form", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        form.addSubview(View(id: "Field", frame: Rect(x: 0, y: 0, width: 100, height: 20)))
        form.addSubview(View(id: "Button", frame: Rect(x: 0, y: 50, width: 40, height: 20)))
        w.addSubview(form)
        let sheet = View(id: "Sheet", frame: Rect(x: 0, y: 0, width: 50, height: 50))
        return try ResponderGraph(
            scene: Scene(windows: [w]), application: Application(delegate: "AppDelegate"),
            controllers: [
                ViewController(id: "FormVC", rootView: form),
                ViewController(id: "SheetVC", rootView: sheet, presentedBy: "FormVC"),
            ],
            windowScenes: ["W": "S"])
    }

    static func r(_ g: ResponderGraph, _ id: String) throws -> Responder {
        try #require(g.responder(withID: id))
    }

    // MARK: first responder

    @Test func defaultsAreUIResponders() throws {
        let g = try Self.graph()
        let t = g.traits(of: try Self.r(g, "Field"))
        // UIResponder: canBecomeFirstResponder false, canResignFirstResponder true, no actions.
        #expect(t == ResponderTraits(canBecomeFirstResponder: false, canResignFirstResponder: true))
        #expect(g.firstResponder == nil)
        #expect(!g.becomeFirstResponder(try Self.r(g, "Field")))
        #expect(g.refusalToBecomeFirstResponder(try Self.r(g, "Field")) == .cannotBecomeFirstResponder)
    }

    @Test func becomesFirstResponderInAWindow() throws {
        let g = try Self.graph()
        let field = try Self.r(g, "Field")
        let formVC = try Self.r(g, "FormVC")
        g.setTraits(ResponderTraits(canBecomeFirstResponder: true), for: field)
        g.setTraits(ResponderTraits(canBecomeFirstResponder: true), for: formVC)
        #expect(g.becomeFirstResponder(field))
        #expect(g.firstResponder == field)
        // Asking again succeeds and changes nothing, even after its traits say it could not
        // become first responder now: it already is.
        #expect(g.becomeFirstResponder(field))
        g.setTraits(ResponderTraits(canBecomeFirstResponder: false), for: field)
        #expect(g.becomeFirstResponder(field) && g.firstResponder == field)
        g.setTraits(ResponderTraits(canBecomeFirstResponder: true), for: field)
        // FormVC's root view Form is in W, so the controller is in a window; Field resigns (default).
        #expect(g.becomeFirstResponder(formVC))
        #expect(g.firstResponder == formVC)
    }

    @Test func refusedOutsideAWindow() throws {
        let g = try Self.graph()
        // Sheet is detached, SheetVC's root view is Sheet, and a window scene, the application and
        // the delegate are never in a window: all refused even when they could become it.
        for id in ["Sheet", "SheetVC", "S", "UIApplication", "AppDelegate"] {
            let responder = try Self.r(g, id)
            g.setTraits(ResponderTraits(canBecomeFirstResponder: true), for: responder)
            #expect(g.refusalToBecomeFirstResponder(responder) == .notInWindow, "\(id)")
            #expect(!g.becomeFirstResponder(responder))
        }
        #expect(g.firstResponder == nil)
        // A window itself is in a window.
        let w = try Self.r(g, "W")
        g.setTraits(ResponderTraits(canBecomeFirstResponder: true), for: w)
        #expect(g.becomeFirstResponder(w))
    }

    @Test func refusedWhenTheCurrentOneWillNotResign() throws {
        let g = try Self.graph()
        let field = try Self.r(g, "Field")
        let button = try Self.r(g, "Button")
        g.setTraits(ResponderTraits(canBecomeFirstResponder: true, canResignFirstResponder: false), for: field)
        g.setTraits(ResponderTraits(canBecomeFirstResponder: true), for: button)
        #expect(g.becomeFirstResponder(field))
        #expect(g.refusalToBecomeFirstResponder(button) == .currentWillNotResign(field))
        #expect(!g.becomeFirstResponder(button))
        #expect(g.firstResponder == field)
        // Nor will it resign when asked directly.
        #expect(!g.resignFirstResponder(field))
        #expect(g.firstResponder == field)
        // Once it agrees, the button takes over.
        g.setTraits(ResponderTraits(canBecomeFirstResponder: true, canResignFirstResponder: true), for: field)
        #expect(g.becomeFirstResponder(button))
        #expect(g.firstResponder == button)
    }

    @Test func resigning() throws {
        let g = try Self.graph()
        let field = try Self.r(g, "Field")
        g.setTraits(ResponderTraits(canBecomeFirstResponder: true), for: field)
        // Not the first responder: nothing to do, true (UIResponder's default).
        #expect(g.resignFirstResponder(field))
        #expect(g.becomeFirstResponder(field))
        #expect(g.resignFirstResponder(field))
        #expect(g.firstResponder == nil)
    }

    @Test func unknownResponderIsRefused() throws {
        let g = try Self.graph()
        #expect(g.refusalToBecomeFirstResponder(Responder(kind: .view, id: "Nope")) == .unknownResponder)
        // The right id with the wrong kind is not that responder either.
        #expect(g.refusalToBecomeFirstResponder(Responder(kind: .view, id: "FormVC")) == .unknownResponder)
    }

    // MARK: actions

    @Test func nilTargetedActionStartsAtTheFirstResponder() throws {
        let g = try Self.graph()
        let field = try Self.r(g, "Field")
        let button = try Self.r(g, "Button")
        let formVC = try Self.r(g, "FormVC")
        g.setTraits(ResponderTraits(canBecomeFirstResponder: true), for: field)
        g.setTraits(ResponderTraits(actions: ["copy:"]), for: formVC)
        g.setTraits(ResponderTraits(actions: ["copy:"]), for: button)
        #expect(g.becomeFirstResponder(field))
        // Field → Form → FormVC: FormVC is the first that implements copy:. The sender Button also
        // implements it, but with a first responder the sender's chain is not used.
        #expect(g.sendAction("copy:", to: nil, from: button) == formVC)
        #expect(g.target(forAction: "copy:", from: field) == formVC)
        // Nobody implements paste:.
        #expect(g.sendAction("paste:", to: nil, from: button) == nil)
        // A responder this graph does not know starts no search, even with traits set on it.
        let stranger = Responder(kind: .view, id: "Stranger")
        g.setTraits(ResponderTraits(actions: ["copy:"]), for: stranger)
        #expect(g.target(forAction: "copy:", from: stranger) == nil)
    }

    @Test func nilTargetedActionStartsAtTheSenderWithoutAFirstResponder() throws {
        let g = try Self.graph()
        let button = try Self.r(g, "Button")
        let delegate = try Self.r(g, "AppDelegate")
        g.setTraits(ResponderTraits(actions: ["save:"]), for: delegate)
        g.setTraits(ResponderTraits(actions: ["tap:"]), for: button)
        // Button → Form → FormVC → W → S → UIApplication → AppDelegate: the delegate implements save:.
        #expect(g.sendAction("save:", to: nil, from: button) == delegate)
        // The sender itself is the first candidate.
        #expect(g.sendAction("tap:", to: nil, from: button) == button)
        // No first responder and no sender: nobody.
        #expect(g.sendAction("save:", to: nil, from: nil) == nil)
    }

    @Test func canPerformActionVetoPassesTheActionOn() throws {
        let g = try Self.graph()
        let field = try Self.r(g, "Field")
        let form = try Self.r(g, "Form")
        let w = try Self.r(g, "W")
        g.setTraits(
            ResponderTraits(canBecomeFirstResponder: true, actions: ["cut:"], vetoedActions: ["cut:"]), for: field)
        g.setTraits(ResponderTraits(actions: ["cut:"], vetoedActions: ["cut:"]), for: form)
        g.setTraits(ResponderTraits(actions: ["cut:"]), for: w)
        #expect(g.becomeFirstResponder(field))
        // Field and Form implement cut: but veto it; FormVC does not implement it; W does.
        #expect(g.sendAction("cut:", to: nil, from: nil) == w)
        #expect(!g.traits(of: field).canPerformAction("cut:"))
        // An explicit target receives the action without being asked canPerformAction [C] …
        #expect(g.sendAction("cut:", to: form, from: nil) == form)
        // … but only if it implements it.
        #expect(g.sendAction("cut:", to: try Self.r(g, "FormVC"), from: nil) == nil)
    }

    @Test func theDocsExampleOnSeed003() throws {
        // docs/events.md: DView becomes first responder (it is under UIWindow); copy: climbs
        // DView → CView → AView → ViewController, the first that implements it.
        let graph = try ResponderGraph(reading: SceneReader.read(contentsOfFile: TestSupport.example("seed003.json")))
        let d = try #require(graph.responder(withID: "DView"))
        graph.setTraits(ResponderTraits(canBecomeFirstResponder: true), for: d)
        graph.setTraits(
            ResponderTraits(actions: ["copy:"]), for: try #require(graph.responder(withID: "ViewController")))
        #expect(graph.becomeFirstResponder(d))
        #expect(graph.sendAction("copy:", to: nil, from: nil)?.id == "ViewController")
    }
}
