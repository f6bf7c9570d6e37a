/// A gesture recognizer attached to a view: its gesture and how it shares touches with the view
/// and with other recognizers (`UIGestureRecognizer`'s configuration).
///
/// The ``TouchDispatcher`` runs it: recognizers of the hit-test view and its ancestors are bound
/// to a touch when it begins and see every event of it before the view does.
public struct GestureRecognizer: Sendable {
    /// The recognizer's id, unique among the recognizers of a dispatcher; logs name it.
    public var id: String
    /// The id of the view it is attached to.
    public var viewID: String
    /// The gesture: its parameters and tracking state (the value it starts from and resets to).
    public var gesture: any GestureLogic
    /// On recognition, cancel the touches the view has been given and withhold the rest;
    /// UIKit's default true.
    public var cancelsTouchesInView: Bool
    /// Hold began-phase touches from the view until the recognizer fails; UIKit's default false.
    public var delaysTouchesBegan: Bool
    /// Hold ended-phase touches from the view until the recognizer decides; UIKit's default true.
    public var delaysTouchesEnded: Bool
    /// A disabled recognizer is bound to no touch (`isEnabled`); default true.
    public var isEnabled: Bool
    /// Recognizers that must fail before this one may recognize (`require(toFail:)`), by id.
    public var requiresFailureOf: [String]
    /// Recognizers allowed to recognize together with this one
    /// (`gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)` answering true), by id. The
    /// relation is symmetric: naming it on either side allows it.
    public var recognizesSimultaneouslyWith: [String]
    /// Recognizers that must wait for this one to fail before they recognize
    /// (`gestureRecognizer(_:shouldBeRequiredToFailBy:)` answering true), by id: the other side of
    /// ``requiresFailureOf``.
    public var requiredToFailBy: [String]
    /// Recognizers this one does not stop when it recognizes (`canPrevent(_:)` answering false),
    /// by id. One-sided: the other may still stop this one.
    public var cannotPrevent: [String]
    /// Recognizers that do not stop this one when they recognize (`canBePrevented(by:)`
    /// answering false), by id. One-sided.
    public var cannotBePreventedBy: [String]
    /// `gestureRecognizerShouldBegin(_:)`: asked when the recognizer would leave `possible`; a
    /// refusal makes it fail.
    public var shouldBegin: BeginDecision
    /// `gestureRecognizer(_:shouldReceive:)`: which touches the recognizer is bound to.
    public var receives: TouchFilter
    /// Who made it: the scene or the caller, or a scroll view for its own use.
    var role: Role = .declared

    /// Who made a recognizer.
    enum Role: Hashable, Sendable {
        /// Declared in the scene or passed to the dispatcher.
        case declared
        /// A scroll view's `panGestureRecognizer`: it moves the content.
        case scrollPan
        /// A scroll view's content-touch delay: never logged.
        case contentTouchDelay
    }

    /// What `gestureRecognizerShouldBegin(_:)` answers.
    public enum BeginDecision: Hashable, Sendable {
        /// Always true (UIKit's default).
        case always
        /// Always false: the recognizer fails whenever it would begin or recognize.
        case never
        /// True when the gesture's translation so far is more horizontal than vertical
        /// (`abs(x) > abs(y)`), the usual delegate for a pan inside a vertical scroll view; false
        /// for gestures that report no translation.
        case horizontal
        /// True when the translation is more vertical than horizontal (`abs(y) > abs(x)`).
        case vertical
    }

    /// What `gestureRecognizer(_:shouldReceive:)` answers for a touch.
    public enum TouchFilter: Hashable, Sendable {
        /// Every touch (UIKit's default).
        case all
        /// No touch: the recognizer is never bound.
        case none
        /// Every touch whose hit-test view is not one of these views or inside one of them (the
        /// usual `touch.view is UIControl` or `isDescendant(of:)` delegate), by id.
        case notIn([String])
    }

    /// Creates a recognizer; the defaults are UIKit's.
    /// - Complexity: O(1).
    public init(
        id: String, viewID: String, gesture: any GestureLogic, cancelsTouchesInView: Bool = true,
        delaysTouchesBegan: Bool = false, delaysTouchesEnded: Bool = true, isEnabled: Bool = true,
        requiresFailureOf: [String] = [], recognizesSimultaneouslyWith: [String] = [], requiredToFailBy: [String] = [],
        cannotPrevent: [String] = [], cannotBePreventedBy: [String] = [], shouldBegin: BeginDecision = .always,
        receives: TouchFilter = .all
    ) {
        self.id = id
        self.viewID = viewID
        self.gesture = gesture
        self.cancelsTouchesInView = cancelsTouchesInView
        self.delaysTouchesBegan = delaysTouchesBegan
        self.delaysTouchesEnded = delaysTouchesEnded
        self.isEnabled = isEnabled
        self.requiresFailureOf = requiresFailureOf
        self.recognizesSimultaneouslyWith = recognizesSimultaneouslyWith
        self.requiredToFailBy = requiredToFailBy
        self.cannotPrevent = cannotPrevent
        self.cannotBePreventedBy = cannotBePreventedBy
        self.shouldBegin = shouldBegin
        self.receives = receives
    }
}

/// A recognizer entering a state: the action UIKit sends (or, for `failed`, the state it
/// records), as `hitindex touch` logs it.
public struct GestureTransition: Hashable, Sendable, CustomStringConvertible {
    /// The recognizer.
    public var recognizerID: String
    /// The view it is attached to.
    public var viewID: String
    /// The state entered.
    public var state: GestureState
    /// The event time at which it happened (a deadline's time for time-based changes).
    public var time: Double
    /// What the gesture reported at that moment (translation, velocity, scale, rotation,
    /// location), or `nil` for a gesture that reports none.
    public var values: GestureValues?

    /// Creates a transition record.
    /// - Complexity: O(1).
    public init(recognizerID: String, viewID: String, state: GestureState, time: Double, values: GestureValues? = nil) {
        self.recognizerID = recognizerID
        self.viewID = viewID
        self.state = state
        self.time = time
        self.values = values
    }

    /// `tap recognized`.
    /// - Complexity: O(length of the line).
    public var logLine: String { "\(recognizerID) \(state.rawValue)" }

    /// The log line with the recognizer's view and the time: `tap recognized (on DView, t 0.1)`.
    /// - Complexity: O(length of the line).
    public var description: String { "\(logLine) (on \(viewID), t \(time))" }
}

/// One thing that happened while replaying input: a touch-method call on a view, a
/// recognizer's state change, an event a control sent, or a first-responder change or action.
public enum TouchLogEntry: Hashable, Sendable, CustomStringConvertible {
    /// A touch-method call and its travel up the responder chain.
    case touches(TouchDelivery)
    /// A gesture recognizer entered a state.
    case gesture(GestureTransition)
    /// A control sent an event while tracking a touch (logged by `hitindex touch --detail`).
    case control(ControlEventRecord)
    /// A first-responder change, or an action sent (by a control's target–action or a
    /// `sendAction` line) and who received it.
    case responder(ResponderEvent)

    /// The touch-method call, or `nil` for a recognizer's state change.
    /// - Complexity: O(1).
    public var delivery: TouchDelivery? {
        if case .touches(let d) = self { return d }
        return nil
    }

    /// The recognizer's state change, or `nil` for a touch-method call.
    /// - Complexity: O(1).
    public var transition: GestureTransition? {
        if case .gesture(let g) = self { return g }
        return nil
    }

    /// The control event, or `nil`.
    /// - Complexity: O(1).
    public var controlEvent: ControlEventRecord? {
        if case .control(let c) = self { return c }
        return nil
    }

    /// The responder change or action, or `nil`.
    /// - Complexity: O(1).
    public var responderEvent: ResponderEvent? {
        if case .responder(let r) = self { return r }
        return nil
    }

    /// The lines `hitindex touch` prints for it: one per logging responder, the recognizer's,
    /// the responder change or action; none for a control event (its actions are the lines).
    /// - Complexity: O(handlers × touches).
    public var logLines: [String] {
        switch self {
        case .touches(let d): return d.logLines
        case .gesture(let g): return [g.logLine]
        case .control: return []
        case .responder(let r): return [r.logLine]
        }
    }

    /// The entry's own description: the delivery, transition, control event or responder event with
    /// its time.
    /// - Complexity: O(length of the description).
    public var description: String {
        switch self {
        case .touches(let d): return d.description
        case .gesture(let g): return g.description
        case .control(let c): return c.description
        case .responder(let r): return r.description
        }
    }
}
