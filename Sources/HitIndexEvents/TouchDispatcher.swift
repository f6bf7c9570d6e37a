import HitIndex
import HitIndexSceneFormat

/// Touch delivery with gesture recognizers (events.md): replays input events on a
/// ``ResponderGraph`` and reports each touch-method call and each recognizer state change,
/// deterministically.
///
/// Touches (`TouchDispatcher+Views.swift`):
/// - A touch is hit-tested once, when it begins, and stays bound to that view and its window
///   until it ends or is cancelled, wherever it moves. A touch that begins where nothing is hit
///   is bound to nothing: its later phases are accepted and deliver nothing.
/// - Within one event, phases are delivered in the order began, moved, ended, cancelled
///   (`stationary` touches deliver nothing). Within a phase, each view gets one call with its
///   touches of that phase, ids ascending; views are ordered by their smallest touch id [C].
/// - A view whose `multipleTouchEnabled` is false (the default) is given only the first touch of
///   a sequence: a touch that begins on it while another finger bound to it is down (given to it
///   or withheld by this rule) is withheld for life; its recognizers still see it.
/// - `exclusiveTouch`: a touch that begins on an exclusive view is not delivered while another
///   view of the same window tracks a touch; a touch that begins on any other view of a window
///   is not delivered while an exclusive view of that window tracks one. Such a touch reaches no
///   recognizer either [C].
/// - "Tracking" means holding a touch given to the view that has not ended or been cancelled.
///   Touches that begin in the same event are decided in ascending id order, each seeing the
///   ones before it; touches that end in the same event still count [C].
/// - A call on a view travels up the responder chain: a responder without `handlesTouches`
///   forwards it silently (UIKit's default), `"forward"` logs and forwards, `"consume"` logs and
///   stops it.
///
/// Recognizers (`TouchDispatcher+Gestures.swift`): those of the hit-test view and its ancestors
/// are bound to a touch when it begins and see each event before the view; their state changes
/// are logged as they happen, then the view's calls for the event follow. Time is the events'
/// timestamps and ``advance(to:)``: deadlines (long press, tap and swipe limits) fire when time
/// reaches them, before the touches of an event at that time.
///
/// The dispatcher holds state (the live touches, the recognizers, the last time): use it from one
/// thread at a time. It never reads a clock.
public final class TouchDispatcher {
    /// What the touch keys say about one view.
    public struct ViewTouchTraits: Hashable, Sendable {
        /// `handlesTouches` as one word for all four touch methods, or `nil` when the view keeps
        /// UIKit's forwarding default (or overrides only some methods: ``handlesTouchesByPhase``).
        public var handlesTouches: TouchHandling?
        /// The touch methods the view overrides one by one (`handlesTouches` as an object,
        /// `{"began": "consume"}`), by phase; a phase not listed keeps UIKit's default. Used when
        /// ``handlesTouches`` is `nil`.
        public var handlesTouchesByPhase: [TouchPhase: TouchHandling] = [:]

        /// What the view's method for `phase` does: `nil` when it is UIKit's default (forward
        /// silently).
        /// - Complexity: O(1).
        public func handling(for phase: TouchPhase) -> TouchHandling? {
            handlesTouches ?? handlesTouchesByPhase[phase]
        }
        /// `isMultipleTouchEnabled`; false by default, as in UIKit.
        public var isMultipleTouchEnabled: Bool
        /// `isExclusiveTouch`; false by default, as in UIKit.
        public var isExclusiveTouch: Bool
        /// The `control` key: the view is a `UIControl`, or `nil`.
        public var control: ControlTraits?
        /// The `scrollView` key: the view is a `UIScrollView`, or `nil`.
        public var scrollView: ScrollViewTraits?

        /// Creates traits; the defaults are UIKit's.
        /// - Complexity: O(1).
        public init(
            handlesTouches: TouchHandling? = nil, isMultipleTouchEnabled: Bool = false, isExclusiveTouch: Bool = false,
            control: ControlTraits? = nil, scrollView: ScrollViewTraits? = nil
        ) {
            self.handlesTouches = handlesTouches
            self.isMultipleTouchEnabled = isMultipleTouchEnabled
            self.isExclusiveTouch = isExclusiveTouch
            self.control = control
            self.scrollView = scrollView
        }
    }

    /// A control tracking a touch: which one (by serial: input ids are reused), and whether it
    /// was inside the enlarged tracking area at its last call.
    struct ControlTrack {
        var serial: Int
        var isInside: Bool
    }

    /// What the view of a touch has been given so far.
    enum ViewState {
        /// Not decided yet (the touch began in the event being processed).
        case fresh
        /// Its began phase is held by a recognizer (`delaysTouchesBegan`), with every later phase
        /// queued behind it, in order.
        case held([HeldCall])
        /// The view has its began phase and gets the rest as it comes.
        case receiving
        /// The view has everything but its ended phase, held by a recognizer
        /// (`delaysTouchesEnded`).
        case endHeld(HeldCall)
        /// The view gets nothing more: the touch ended or was cancelled for it, or a recognizer
        /// withheld it.
        case done
    }

    /// A phase held back from a view, with the time and location of the event it belongs to.
    struct HeldCall {
        var phase: TouchPhase
        var time: Double
        var location: Point
    }

    /// One touch, from its began until nothing refers to it any more. Touches are keyed by a
    /// serial number, since an input id can be reused once its touch ends while the old touch
    /// still has a held phase.
    struct TouchRecord {
        let inputID: Int
        /// The hit-test view, or `nil` when the touch began where nothing was hit.
        let view: View?
        /// Whether the view may be given this touch (multiple and exclusive touch can refuse it).
        let allowed: Bool
        /// Whether exclusive touch blocked it: then it reaches no recognizer either, and is not
        /// part of its view's touch sequence.
        let blocked: Bool
        /// The recognizers bound at began, by slot, hit view's first, then its ancestors'.
        var recognizers: [Int]
        var phase: TouchPhase
        var location: Point
        var previousLocation: Point
        let startLocation: Point
        let startTime: Double
        var time: Double
        let tapCount: Int
        /// Not yet ended or cancelled in the input.
        var isDown: Bool { phase != .ended && phase != .cancelled }
        /// What the view has been given; change it with ``TouchDispatcher/setViewState(_:_:)``.
        var viewState: ViewState = .fresh
        /// The view left its window while the touch was down (the touch was cancelled for it).
        var leftWindow = false
        /// How many recognizers hold this touch in their current gesture: the record stays while
        /// any does.
        var holders = 0

        func gestureTouch() -> GestureTouch {
            GestureTouch(
                id: inputID, phase: phase, location: location, previousLocation: previousLocation,
                startLocation: startLocation, startTime: startTime)
        }
    }

    /// A recognizer while it runs.
    struct Slot {
        let config: GestureRecognizer
        let view: View
        var gesture: any GestureLogic
        var state: GestureState = .possible
        /// The touches of the current gesture, by serial, in binding order; cleared on reset.
        var touches: [Int] = []
        /// The same touches, for membership tests.
        var touchSet: Set<Int> = []
        /// Those of them still down.
        var down: Set<Int> = []
        /// Requests deferred by `require(toFail:)`, applied in order once the others fail.
        var deferred: [GestureState] = []
        /// The last deadline fired, so a gesture that keeps a past deadline is not called again.
        var firedDeadline: Double?
        /// Slots named by `requiresFailureOf`.
        var requires: [Int] = []
        /// Slots it may recognize together with (both directions merged).
        var simultaneous: Set<Int> = []
        /// Slots it does not stop when it recognizes (its `cannotPrevent` and their
        /// `cannotBePreventedBy` merged).
        var cannotPrevent: Set<Int> = []

        var isContinuous: Bool { config.gesture.isContinuous }
        /// The deadline still to fire, if any.
        var pendingDeadline: Double? {
            guard let d = gesture.deadline, d.isFinite else { return nil }
            if let fired = firedDeadline, d <= fired { return nil }
            return d
        }
    }

    /// The responders.
    public let graph: ResponderGraph
    /// The views as the hit-tests see them; ``apply(_:)`` edits them and ``graph``'s scene alike.
    let live: LiveIndex
    /// The graph's scene, edited by id.
    let model: EditableScene
    var traitsByViewID: [String: ViewTouchTraits] = [:]
    var slots: [Slot] = []
    var slotsByViewID: [String: [Int]] = [:]
    /// The recognizers holding touches (a gesture under way since their reset): the only ones
    /// the end of a step, deadlines and arbitration have to look at, so a scene with a
    /// recognizer on each of a hundred thousand cells costs per step what is engaged.
    var engaged: Set<Int> = []
    var records: [Int: TouchRecord] = [:]
    /// Touches whose view has a held phase (`.held` or `.endHeld`): the ones ``settle()`` visits.
    var heldSerials: Set<Int> = []
    /// Set when a recognizer changes state or resets: only then can a held phase be released,
    /// so ``settle()`` does nothing until it is set.
    var gatesChanged = false
    /// Touches whose record may have become unused this step (lifted, let go by a recognizer,
    /// or released from holding): the only ones ``finishStep()`` considers dropping, so a step
    /// costs what changed in it, not the number of kept records.
    var maybeUnused: Set<Int> = []
    /// Input id → serial, for touches that are down.
    var serialByInputID: [Int: Int] = [:]
    var nextSerial = 0
    var lastTime: Double?
    /// The last touch to lift, when it was a tap: when it lifted, where it began, its view and
    /// its tap count.
    var lastLift: (time: Double, location: Point, view: ObjectIdentifier?, tapCount: Int)?  // view nil: hit nothing
    /// The controls tracking a touch, by view id.
    var controlTracks: [String: ControlTrack] = [:]
    /// The bounds origin each scroll pan under way started from, by slot.
    var scrollStart: [Int: Point] = [:]
    /// What happened in the step being processed.
    var log: [TouchLogEntry] = []
    /// The time of the step being processed.
    var now: Double = 0

    /// Prepares delivery on `graph`, reading the touch keys and `gestureRecognizers` of its views,
    /// then applying `traits` (the Swift form of the touch keys, `control` and `scrollView`
    /// included: each replaces the view's traits from its keys) and adding `recognizers` after
    /// the scene's (a scroll view given here gets its own recognizers first).
    /// - Throws: a `SceneError` naming the view and the field for a bad touch key or
    ///   recognizer (an unknown view, a duplicate id, an unknown or circular `requiresFailureOf`),
    ///   a control target that is no responder, traits for an unknown view; or the hit-testing
    ///   index's refusal of an invalid scene.
    /// - Complexity: O(n + r²) for n views and r recognizers.
    public init(
        graph: ResponderGraph, recognizers: [GestureRecognizer] = [], traits: [String: ViewTouchTraits] = [:]
    ) throws(SceneError) {
        var keys = try Self.readTouchKeys(of: graph)
        if !traits.isEmpty {
            var added: [GestureRecognizer] = []
            for id in traits.keys.sorted() {
                guard let view = graph.view(withID: id) else {
                    throw SceneError(location: .view(id), field: "traits", message: "no view with this id")
                }
                // The scroll view's own recognizers follow the traits given here.
                keys.recognizers.removeAll { $0.viewID == id && $0.role != .declared }
                if let scroll = traits[id]!.scrollView { added += Self.scrollViewRecognizers(view, scroll) }
                keys.traits[id] = traits[id]!
            }
            // In the order the keys would have put them: by view, as readTouchKeys visits the
            // views, a scroll view's own recognizers before the ones it declares.
            var order: [String: Int] = [:]
            for v in Self.viewsInKeyOrder(of: graph) where order[v.id] == nil { order[v.id] = order.count }
            keys.recognizers = (keys.recognizers + added).enumerated().sorted { a, b in
                let (va, vb) = (order[a.element.viewID] ?? .max, order[b.element.viewID] ?? .max)
                if va != vb { return va < vb }
                let (ia, ib) = (a.element.role == .declared, b.element.role == .declared)
                if ia != ib { return !ia }
                return a.offset < b.offset
            }.map(\.element)
        }
        let (slots, slotsByViewID) = try Self.install(keys.recognizers + recognizers, graph: graph)
        self.graph = graph
        self.live = try LiveIndex(graph.scene)
        self.model = EditableScene(graph.scene)
        self.traitsByViewID = keys.traits
        self.slots = slots
        self.slotsByViewID = slotsByViewID
        try checkControls()
    }

    /// Checks the touch keys and `gestureRecognizers` of `graph`'s views as ``init(graph:recognizers:traits:)``
    /// does, without building anything: what `hitindex check` runs.
    /// - Throws: the `SceneError` the dispatcher would throw for these keys.
    /// - Complexity: O(n + r²) for n views and r recognizers.
    public static func checkTouchKeys(of graph: ResponderGraph) throws(SceneError) {
        let keys = try readTouchKeys(of: graph)
        _ = try install(keys.recognizers, graph: graph)
        try checkControlTargets(keys.traits, graph: graph)
    }

    /// Every view's touch traits (those that differ from the defaults) and recognizers: the
    /// scene's views in preorder, then the subtrees of controller root views outside every window
    /// (never hit, but their keys are still checked), by their top view's id, each in preorder.
    static func readTouchKeys(of graph: ResponderGraph) throws(SceneError) -> (
        traits: [String: ViewTouchTraits], recognizers: [GestureRecognizer]
    ) {
        var traitsByViewID: [String: ViewTouchTraits] = [:]
        var all: [GestureRecognizer] = []
        func read(_ view: View) throws(SceneError) {
            guard !view.preservedJSON.isEmpty else { return }  // most views: no key at all
            let traits = try parseTraits(view)
            if traits != ViewTouchTraits() { traitsByViewID[view.id] = traits }
            if let scroll = traits.scrollView { all += scrollViewRecognizers(view, scroll) }
            all += try parseRecognizers(view)
        }
        for view in viewsInKeyOrder(of: graph) { try read(view) }
        return (traitsByViewID, all)
    }

    /// The views whose keys are read, in reading order: the scene's views in preorder, then the
    /// subtrees of controller root views outside every window (never hit, but their keys are
    /// still checked), by their top view's id, each in preorder.
    /// - Complexity: O(n) for n views.
    static func viewsInKeyOrder(of graph: ResponderGraph) -> [View] {
        var views: [View] = []
        graph.scene.forEachView { view, _ in views.append(view) }
        var detachedTops: [String: View] = [:]
        for c in graph.controllers {
            var top = c.rootView
            while let s = top.superview { top = s }
            if !graph.windowIDs.contains(ObjectIdentifier(top)) { detachedTops[top.id] = top }
        }
        for id in detachedTops.keys.sorted() {
            var stack = [detachedTops[id]!]
            while let v = stack.popLast() {
                views.append(v)
                stack.append(contentsOf: v.subviews.reversed())
            }
        }
        return views
    }

    /// The touch traits of the view with this id (the defaults for an unknown id).
    /// - Complexity: O(1) expected.
    public func traits(ofView id: String) -> ViewTouchTraits { traitsByViewID[id] ?? ViewTouchTraits() }

    /// The ids of the touches that are down (began, not yet ended or cancelled), ascending.
    /// - Complexity: O(t log t) for t live touches.
    public var liveTouchIDs: [Int] { serialByInputID.keys.sorted() }

    /// The id of the view a live touch is bound to, or `nil` (not live, or bound to nothing).
    /// - Complexity: O(1) expected.
    public func boundViewID(ofTouch id: Int) -> String? {
        serialByInputID[id].flatMap { records[$0]?.view?.id }
    }

    /// A live touch as UIKit's `UITouch` shows it, or `nil` when no touch with this id is down.
    /// - Complexity: O(1) expected.
    public func touch(withID id: Int) -> TouchSnapshot? {
        guard let serial = serialByInputID[id], let r = records[serial] else { return nil }
        return TouchSnapshot(
            id: id, phase: r.phase, location: r.location, previousLocation: r.previousLocation,
            timestamp: r.time, tapCount: r.tapCount, view: r.view)
    }

    /// The recognizers' ids in declaration order: the scene's (preorder of their views, array
    /// order within a view), then the added ones. (A touch consults its hit view's first, then
    /// each ancestor's.)
    /// - Complexity: O(r).
    public var recognizerIDs: [String] { slots.map(\.config.id) }

    /// The state of the recognizer with this id, or `nil` for an unknown id.
    /// - Complexity: O(r).
    public func state(ofRecognizer id: String) -> GestureState? {
        slots.first { $0.config.id == id }?.state  // O(r): an inspection call, not on the event path
    }

    /// Delivers one input event and returns what happened, in order: deadlines that time
    /// reached, recognizer state changes, then the views' calls.
    ///
    /// The event is checked in full before anything changes: on error the dispatcher's state is
    /// as before the call.
    /// - Throws: a ``TouchInputError`` (without a line number) when time goes backwards, a
    ///   touch begins while it is live, or a touch that is not live moves, stays, ends or is
    ///   cancelled, or an id appears twice.
    /// - Complexity: O(k log k + k × (hit test + chain length + r)) for k touches in the event
    ///   and r recognizers, plus the deadlines reached.
    public func deliver(_ event: TouchInputEvent) throws(TouchInputError) -> [TouchLogEntry] {
        try checkTime(event.time)
        let samples = event.touches.sorted { $0.id < $1.id }
        for (a, b) in zip(samples, samples.dropFirst()) where a.id == b.id {
            throw TouchInputError(message: "touch \(a.id) appears twice in one event")
        }
        for s in samples {
            guard s.location.x.isFinite, s.location.y.isFinite else {
                throw TouchInputError(message: "touch \(s.id): expected a finite location")
            }
            if s.phase == .began {
                if serialByInputID[s.id] != nil {
                    throw TouchInputError(message: "touch \(s.id) began twice (it has not ended or been cancelled)")
                }
            } else if serialByInputID[s.id] == nil {
                throw TouchInputError(
                    message: "touch \(s.id) is \(s.phase.rawValue) but is not live (it never began, or it has ended)")
            }
        }

        log = []
        fireDeadlines(upTo: event.time)
        now = event.time
        lastTime = event.time
        var serials: [Int] = []
        for s in samples where s.phase == .began {
            serials.append(begin(s))
        }
        for s in samples where s.phase != .began {
            let serial = serialByInputID[s.id]!
            records[serial]!.previousLocation = records[serial]!.location
            records[serial]!.location = s.location
            records[serial]!.phase = s.phase
            records[serial]!.time = event.time
            serials.append(serial)
        }
        for s in samples where s.phase == .ended || s.phase == .cancelled {
            let serial = serialByInputID.removeValue(forKey: s.id)!
            let r = records[serial]!
            maybeUnused.insert(serial)
            for slot in r.recognizers { slots[slot].down.remove(serial) }
            // Only a tap (ended, short, still) can be followed by a second one.
            let tap = TapGesture()
            let isTap =
                s.phase == .ended && event.time - r.startTime < tap.maximumDuration
                && distance(r.location, r.startLocation)
                    <= tap.tolerance
            lastLift = isTap ? (event.time, r.startLocation, r.view.map(ObjectIdentifier.init), r.tapCount) : nil
        }
        serials.sort { records[$0]!.inputID < records[$1]!.inputID }
        recognizersSee(serials)
        deliverToViews(serials)
        // Deadlines the event itself set at its own time (a zero-length long press).
        fireDeadlines(upTo: event.time)
        finishStep()
        return log
    }

    /// Lets time pass to `time` without input: fires the recognizers' deadlines up to it (a long
    /// press begins, a tap's time limit fails it, held touches are released) and returns what
    /// happened.
    /// - Throws: a ``TouchInputError`` when `time` is not finite or is before the last time.
    /// - Complexity: O(d × r) for d deadlines reached and r recognizers.
    public func advance(to time: Double) throws(TouchInputError) -> [TouchLogEntry] {
        try checkTime(time)
        log = []
        fireDeadlines(upTo: time)
        now = time
        lastTime = time
        finishStep()
        return log
    }

    private func checkTime(_ time: Double) throws(TouchInputError) {
        guard time.isFinite else { throw TouchInputError(message: "t: expected a finite number") }
        if let last = lastTime, time < last {
            throw TouchInputError(message: "time goes backwards: t \(time) after t \(last)")
        }
    }

    /// Creates the record of a beginning touch: hit test, whether its view may have it, its tap
    /// count, and the recognizers it binds.
    private func begin(_ s: TouchSample) -> Int {
        let serial = nextSerial
        nextSerial += 1
        serialByInputID[s.id] = serial
        let snapshot = live.snapshot
        let view = snapshot.hitTest(s.location).flatMap { snapshot.id(of: $0.handle) }.flatMap {
            graph.view(withID: $0)
        }
        let (allowed, exclusiveBlocked) = view.map(admission(of:)) ?? (false, true)
        let tapCount: Int
        // `last.time + interval` is the double tap's deadline, computed the same way, so the two
        // agree to the last bit.
        if let last = lastLift, now < last.time + TapGesture().maximumInterval,
            distance(s.location, last.location)
                <= TapGesture().tolerance,
            let hit = view, last.view == ObjectIdentifier(hit)
        {
            tapCount = last.tapCount + 1
        } else {
            tapCount = 1
        }
        var record = TouchRecord(
            inputID: s.id, view: view, allowed: allowed, blocked: exclusiveBlocked, recognizers: [], phase: .began,
            location: s.location,
            previousLocation: s.location, startLocation: s.location, startTime: now, time: now,
            tapCount: tapCount)
        // A touch its view may not have (nothing hit, multiple or exclusive touch) is done for
        // the view from the start.
        if view == nil || !allowed { record.viewState = .done }
        if let view, !exclusiveBlocked {
            record.recognizers = bind(serial, on: view)
            record.holders = record.recognizers.count
            // A touch joining a gesture already under way that cancels touches never reaches the view.
            if record.recognizers.contains(where: { slots[$0].state.isSuccess && slots[$0].config.cancelsTouchesInView }
            ) {
                record.viewState = .done  // Safe: not yet in `heldSerials`, nothing to update.
            }
        }
        records[serial] = record
        return serial
    }

    /// Whether `view` may be given a new touch (multiple and exclusive touch), and whether
    /// exclusive touch blocks it altogether.
    private func admission(of view: View) -> (allowed: Bool, exclusiveBlocked: Bool) {
        let traits = self.traits(ofView: view.id)
        let window = view.window.map(ObjectIdentifier.init)
        var allowed = true
        var blocked = false
        // The touches down (the one beginning has no record yet; those ending in this event
        // still count).
        for serial in serialByInputID.values {
            guard let other = records[serial], !other.blocked, !other.leftWindow, let ov = other.view else { continue }
            if ov === view {
                // Multiple touch: only the first touch of a sequence that starts in the view; the
                // sequence lasts while any finger bound to the view is down, given to it or not.
                if !traits.isMultipleTouchEnabled { allowed = false }
            } else if other.allowed, ov.window.map(ObjectIdentifier.init) == window {
                // Exclusive touch: either side being exclusive blocks the new touch.
                if traits.isExclusiveTouch || self.traits(ofView: ov.id).isExclusiveTouch {
                    allowed = false
                    blocked = true
                }
            }
        }
        return (allowed, blocked)
    }

    /// The end of every step: recognizers left undecided with nothing more to see are decided
    /// (repeatedly, since deciding one can release another waiting on it), held phases are
    /// released, finished recognizers reset, and forgotten touches dropped.
    func finishStep() {
        var changed = true
        while changed {
            changed = false
            for s in engaged.sorted() where slots[s].state != .possible || slots[s].deferred.isEmpty {
                guard !slots[s].touches.isEmpty, slots[s].down.isEmpty else { continue }
                switch slots[s].state {
                case .possible where slots[s].pendingDeadline == nil:
                    // Nothing can decide it any more: no touch down and no deadline.
                    request(s, .failed)
                    changed = true
                case .began, .changed:
                    // A continuous gesture whose touches all lifted without ending it.
                    request(s, .cancelled)
                    changed = true
                default: break
                }
            }
        }
        settle()
        for s in engaged.sorted() where slots[s].state.isFinal && slots[s].down.isEmpty { reset(s) }
        for serial in maybeUnused {
            guard let r = records[serial], !r.isDown, r.holders == 0, !heldSerials.contains(serial) else { continue }
            records[serial] = nil
        }
        maybeUnused = []
    }

    /// Changes what the view of a touch has been given, keeping ``heldSerials`` in step.
    func setViewState(_ serial: Int, _ state: ViewState) {
        records[serial]!.viewState = state
        switch state {
        case .held, .endHeld: heldSerials.insert(serial)
        case .fresh, .receiving, .done:
            if heldSerials.remove(serial) != nil { maybeUnused.insert(serial) }
        }
    }
}

extension TouchDispatcher {
    /// Replays an events file (JSON lines; blank lines are skipped but counted) and returns
    /// everything that happened, in order. A line is an input event
    /// (`{"t": …, "touches": […]}`), with `t` alone ``advance(to:)``, or an edit (``apply(_:)``).
    /// - Throws: a ``TouchInputError`` naming the 1-based line of the first refused event.
    /// - Complexity: that of ``deliver(_:)`` per event.
    public func replay(jsonLines text: String) throws(TouchInputError) -> [TouchLogEntry] {
        var result: [TouchLogEntry] = []
        // Split by scalars: "\r\n" is one Character, which a split on Characters would not see.
        for (i, scalars) in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(String.UnicodeScalarView(scalars))
            if line.allSatisfy({ $0.isWhitespace }) { continue }
            do throws(TouchInputError) {
                switch try TouchInputLine(jsonLine: String(line)) {
                case .event(let event): result += try deliver(event)
                case .advance(let time): result += try advance(to: time)
                case .edit(let edit): result += try apply(edit)
                case .responder(let command): result += try perform(command)
                }
            } catch {
                throw TouchInputError(line: i + 1, message: error.message)
            }
        }
        return result
    }
}
