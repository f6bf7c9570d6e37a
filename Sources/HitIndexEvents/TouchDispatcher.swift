import HitIndex

/// Touch delivery without gesture recognizers (events.md, "Touches"): replays input events on
/// a ``ResponderGraph`` and reports each touch-method call, deterministically.
///
/// - A touch is hit-tested once, when it begins, and stays bound to that view and its window
///   until it ends or is cancelled, wherever it moves. A touch that begins where nothing is hit
///   is bound to nothing: its later phases are accepted and deliver nothing.
/// - Within one event, phases are delivered in the order began, moved, ended, cancelled
///   (`stationary` touches deliver nothing). Within a phase, each view gets one call with its
///   touches of that phase, ids ascending; views are ordered by their smallest touch id [C].
/// - A view whose `multipleTouchEnabled` is false (the default) is not given a touch that
///   begins on it while it is tracking another one: that touch stays undelivered for life.
/// - `exclusiveTouch`: a touch that begins on an exclusive view is not delivered while another
///   view of the same window tracks a touch; a touch that begins on any other view of a window
///   is not delivered while an exclusive view of that window tracks one.
/// - "Tracking" means holding a delivered touch that has not ended or been cancelled. Touches
///   that begin in the same event are decided in ascending id order, each seeing the ones
///   before it; touches that end in the same event still count [C].
/// - A call on a view travels up the responder chain: a responder without `handlesTouches`
///   forwards it silently (UIKit's default), `"forward"` logs and forwards, `"consume"` logs and
///   stops it.
///
/// The view keys are read from the views' preserved JSON (scene-format.md): `handlesTouches`
/// (`"consume"` or `"forward"`), `multipleTouchEnabled` and `exclusiveTouch` (bools). A view
/// controller's `handlesTouches` comes from ``ViewController/handlesTouches``.
/// `gestureRecognizers` other than `[]` is refused: recognizers are not built yet.
///
/// The dispatcher holds state (the live touches, the last time): use it from one thread at a
/// time. It never reads a clock.
public final class TouchDispatcher {
    /// What the touch keys say about one view.
    public struct ViewTouchTraits: Hashable, Sendable {
        /// `handlesTouches`, or `nil` when the view keeps UIKit's forwarding default.
        public var handlesTouches: TouchHandling?
        /// `isMultipleTouchEnabled`; false by default, as in UIKit.
        public var isMultipleTouchEnabled: Bool
        /// `isExclusiveTouch`; false by default, as in UIKit.
        public var isExclusiveTouch: Bool

        /// Creates traits; the defaults are UIKit's.
        /// - Complexity: O(1).
        public init(
            handlesTouches: TouchHandling? = nil, isMultipleTouchEnabled: Bool = false, isExclusiveTouch: Bool = false
        ) {
            self.handlesTouches = handlesTouches
            self.isMultipleTouchEnabled = isMultipleTouchEnabled
            self.isExclusiveTouch = isExclusiveTouch
        }
    }

    /// A live touch: bound at `began` until `ended` or `cancelled`.
    private struct LiveTouch {
        /// The hit-test view, or `nil` when the touch began where nothing was hit.
        var view: View?
        /// Whether the view is given this touch (multiple and exclusive touch can refuse it).
        var delivered: Bool
    }

    /// The responders.
    public let graph: ResponderGraph
    private let index: HitTestIndex
    private var traitsByViewID: [String: ViewTouchTraits] = [:]
    private var live: [Int: LiveTouch] = [:]
    private var lastTime: Double?

    /// Prepares delivery on `graph`, reading the touch keys of its views.
    /// - Throws: a ``SceneError`` naming the view and the field for a bad touch key or for
    ///   `gestureRecognizers`, which this version does not build; or the hit-testing index's
    ///   refusal of an invalid scene.
    /// - Complexity: O(n) for n views.
    public init(graph: ResponderGraph) throws(SceneError) {
        self.graph = graph
        self.index = try HitTestIndex(graph.scene)
        for id in graph.viewsByID.keys.sorted() {
            let view = graph.viewsByID[id]!
            let traits = try Self.parseTraits(view)
            if traits != ViewTouchTraits() { traitsByViewID[id] = traits }
        }
    }

    /// The touch traits of the view with this id (the defaults for an unknown id).
    /// - Complexity: O(1) expected.
    public func traits(ofView id: String) -> ViewTouchTraits { traitsByViewID[id] ?? ViewTouchTraits() }

    /// The ids of the touches that have begun and not yet ended or been cancelled, ascending.
    /// - Complexity: O(t log t) for t live touches.
    public var liveTouchIDs: [Int] { live.keys.sorted() }

    /// The id of the view a live touch is bound to, or `nil` (not live, or bound to nothing).
    /// - Complexity: O(1) expected.
    public func boundViewID(ofTouch id: Int) -> String? { live[id]?.view?.id }

    /// Delivers one input event and returns the calls made, in order.
    ///
    /// The event is checked in full before anything changes: on error the dispatcher's state is
    /// as before the call.
    /// - Throws: a ``TouchInputError`` (without a line number) when time goes backwards, a
    ///   touch begins while it is live, or a touch that is not live moves, stays, ends or is
    ///   cancelled, or an id appears twice.
    /// - Complexity: O(k log k + k × (hit test + chain length)) for k touches in the event.
    public func deliver(_ event: TouchInputEvent) throws(TouchInputError) -> [TouchDelivery] {
        guard event.time.isFinite else { throw TouchInputError(message: "t: expected a finite number") }
        if let last = lastTime, event.time < last {
            throw TouchInputError(message: "time goes backwards: t \(event.time) after t \(last)")
        }
        let samples = event.touches.sorted { $0.id < $1.id }
        for (a, b) in zip(samples, samples.dropFirst()) where a.id == b.id {
            throw TouchInputError(message: "touch \(a.id) appears twice in one event")
        }
        for s in samples {
            if s.phase == .began {
                if live[s.id] != nil {
                    throw TouchInputError(message: "touch \(s.id) began twice (it has not ended or been cancelled)")
                }
            } else if live[s.id] == nil {
                throw TouchInputError(
                    message: "touch \(s.id) is \(s.phase.rawValue) but is not live (it never began, or it has ended)")
            }
        }

        lastTime = event.time
        for s in samples where s.phase == .began {
            live[s.id] = begin(at: s.location)
        }
        var deliveries: [TouchDelivery] = []
        for phase in [TouchPhase.began, .moved, .ended, .cancelled] {
            // Views in order of their smallest touch id; touches ascending (samples are sorted).
            var order: [ObjectIdentifier] = []
            var groups: [ObjectIdentifier: (view: View, ids: [Int])] = [:]
            for s in samples where s.phase == phase {
                guard let t = live[s.id], t.delivered, let v = t.view else { continue }
                let key = ObjectIdentifier(v)
                if groups[key] == nil {
                    order.append(key)
                    groups[key] = (v, [])
                }
                groups[key]!.ids.append(s.id)
            }
            for key in order {
                let (v, ids) = groups[key]!
                deliveries.append(call(phase, ids, on: v))
            }
        }
        for s in samples where s.phase == .ended || s.phase == .cancelled {
            live[s.id] = nil
        }
        return deliveries
    }

    /// Hit-tests a beginning touch and decides whether its view is given it.
    private func begin(at point: Point) -> LiveTouch {
        guard let id = index.hitTestID(point), let view = graph.view(withID: id) else {
            return LiveTouch(view: nil, delivered: false)
        }
        let traits = self.traits(ofView: view.id)
        let window = view.window.map(ObjectIdentifier.init)
        var delivered = true
        for other in live.values {
            guard other.delivered, let ov = other.view else { continue }
            if ov === view {
                // Multiple touch: only the first touch of a sequence that starts in the view.
                if !traits.isMultipleTouchEnabled { delivered = false }
            } else if ov.window.map(ObjectIdentifier.init) == window {
                // Exclusive touch: either side being exclusive blocks the new touch.
                if traits.isExclusiveTouch || self.traits(ofView: ov.id).isExclusiveTouch { delivered = false }
            }
        }
        return LiveTouch(view: view, delivered: delivered)
    }

    /// The call on `view` and its travel up the chain.
    private func call(_ phase: TouchPhase, _ ids: [Int], on view: View) -> TouchDelivery {
        let start = graph.viewResponder(view)
        var reached: [Responder] = []
        var handlers: [Responder] = []
        for r in graph.chain(from: start) {
            reached.append(r)
            guard let handling = handling(of: r) else { continue }
            handlers.append(r)
            if handling == .consume { break }
        }
        return TouchDelivery(view: start, phase: phase, touchIDs: ids, reached: reached, handlers: handlers)
    }

    /// A responder's `handlesTouches`: views and windows from their key, controllers from
    /// theirs; window scenes, the application and its delegate never override (nil).
    private func handling(of r: Responder) -> TouchHandling? {
        switch r.kind {
        case .view, .window: return traitsByViewID[r.id]?.handlesTouches
        case .viewController: return graph.viewController(withID: r.id)?.handlesTouches
        case .windowScene, .application, .applicationDelegate: return nil
        }
    }

    private static func parseTraits(_ view: View) throws(SceneError) -> ViewTouchTraits {
        var traits = ViewTouchTraits()
        func value(_ field: String) throws(SceneError) -> EventJSONValue? {
            guard let raw = view.preservedJSON[field] else { return nil }
            guard let v = EventJSONValue.parse(raw) else {
                throw SceneError(location: .view(view.id), field: field, message: "not valid JSON")
            }
            return v
        }
        func bool(_ field: String) throws(SceneError) -> Bool? {
            guard let v = try value(field) else { return nil }
            guard case .bool(let b) = v else {
                throw SceneError(location: .view(view.id), field: field, message: "expected a bool, got \(v.typeName)")
            }
            return b
        }
        if let v = try value("handlesTouches") {
            guard case .string(let s) = v, let h = TouchHandling(rawValue: s) else {
                let got: String
                if case .string(let s) = v { got = "\"\(s)\"" } else { got = v.typeName }
                throw SceneError(
                    location: .view(view.id), field: "handlesTouches",
                    message: "expected \"consume\" or \"forward\", got \(got)")
            }
            traits.handlesTouches = h
        }
        if let b = try bool("multipleTouchEnabled") { traits.isMultipleTouchEnabled = b }
        if let b = try bool("exclusiveTouch") { traits.isExclusiveTouch = b }
        if let v = try value("gestureRecognizers"), v != .array([]) {
            throw SceneError(
                location: .view(view.id), field: "gestureRecognizers",
                message: "gesture recognizers are not built yet in this version")
        }
        return traits
    }
}

extension TouchDispatcher {
    /// Replays an events file (JSON lines, one ``TouchInputEvent`` per line; blank lines are
    /// skipped but counted) and returns every delivery in order.
    /// - Throws: a ``TouchInputError`` naming the 1-based line of the first refused event.
    /// - Complexity: that of ``deliver(_:)`` per event.
    public func replay(jsonLines text: String) throws(TouchInputError) -> [TouchDelivery] {
        var result: [TouchDelivery] = []
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.allSatisfy({ $0.isWhitespace }) { continue }
            do throws(TouchInputError) {
                let event = try TouchInputEvent(jsonLine: String(line))
                result += try deliver(event)
            } catch {
                throw TouchInputError(line: i + 1, message: error.message)
            }
        }
        return result
    }
}
