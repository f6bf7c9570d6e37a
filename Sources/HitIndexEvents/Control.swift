/// A `UIControl` event (`UIControl.Event`), as a control sends it while it tracks a touch.
public enum ControlEvent: String, Hashable, Sendable, CaseIterable {
    /// The touch-tracking events, named as `UIControl.Event` names them: a touch down
    /// (`touchDownRepeat` for a second tap), a drag inside or outside the control, and a drag
    /// crossing its edge.
    case touchDown, touchDownRepeat, touchDragInside, touchDragOutside, touchDragEnter, touchDragExit
    /// The closing and value events, named as `UIControl.Event` names them: a lift inside or
    /// outside, a cancelled touch, a changed value and the control's primary action.
    case touchUpInside, touchUpOutside, touchCancel, valueChanged, primaryActionTriggered
}

/// What the `control` key says about a view: it is a `UIControl` of some kind, with target–action
/// pairs (`addTarget(_:action:for:)`).
public struct ControlTraits: Hashable, Sendable {
    /// The kind of control: it decides which events its tracking sends beyond the touch events,
    /// and which recognizers of its ancestors its default action overrides.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// `UIButton`: `primaryActionTriggered` after `touchUpInside`.
        case button
        /// `UISwitch`: toggles on a touch up inside (`valueChanged`, `primaryActionTriggered`).
        case `switch`
        /// `UISlider`: `valueChanged` on every move while tracking (`isContinuous`).
        case slider
        /// `UIStepper`: `valueChanged` on a touch up inside.
        case stepper
        /// `UISegmentedControl`: `valueChanged` on a touch up inside.
        case segmentedControl
        /// `UIPageControl`: `valueChanged` on a touch up inside.
        case pageControl
        /// `UITextField`: becomes first responder on a touch up inside (it can by default).
        case textField
        /// Any other `UIControl`: the touch events only.
        case control
    }

    /// One `addTarget(_:action:for:)`.
    public struct Action: Hashable, Sendable {
        /// The event that sends it.
        public var event: ControlEvent
        /// The action name, e.g. `buy:`.
        public var action: String
        /// The target's responder id, or `nil` for a nil target (the first responder's chain).
        public var target: String?

        /// Creates a target–action pair.
        /// - Complexity: O(1).
        public init(event: ControlEvent, action: String, target: String? = nil) {
            self.event = event
            self.action = action
            self.target = target
        }
    }

    /// The kind.
    public var kind: Kind
    /// The target–action pairs, in the order they were added (UIKit sends in that order).
    public var actions: [Action]
    /// `isEnabled`: a disabled control tracks nothing and sends nothing; default true.
    public var isEnabled: Bool

    /// How far beyond its bounds a touch being tracked still counts as inside, in points:
    /// 70 [C: UIKit's value is private; 70 is the commonly measured one].
    public static let trackingOutset = 70.0

    /// Creates control traits.
    /// - Complexity: O(1).
    public init(kind: Kind = .control, actions: [Action] = [], isEnabled: Bool = true) {
        self.kind = kind
        self.actions = actions
        self.isEnabled = isEnabled
    }

    /// The events a touch up inside sends after the touch event itself, for this kind.
    var valueEventsOnTouchUpInside: [ControlEvent] {
        switch kind {
        case .switch, .stepper, .segmentedControl, .pageControl: return [.valueChanged, .primaryActionTriggered]
        case .button: return [.primaryActionTriggered]
        case .slider, .textField, .control: return []
        }
    }
}

/// One event a control sent while tracking a touch, for `hitindex touch --detail`.
public struct ControlEventRecord: Hashable, Sendable, CustomStringConvertible {
    /// The control's view id.
    public var controlID: String
    /// The event.
    public var event: ControlEvent
    /// The time of the touch call that caused it.
    public var time: Double

    /// Creates a record.
    /// - Complexity: O(1).
    public init(controlID: String, event: ControlEvent, time: Double) {
        self.controlID = controlID
        self.event = event
        self.time = time
    }

    /// `Buy touchUpInside`.
    /// - Complexity: O(length of the line).
    public var logLine: String { "\(controlID) \(event.rawValue)" }

    /// The log line with the event's time: `Buy touchUpInside (t 0.1)`.
    /// - Complexity: O(length of the line).
    public var description: String { "\(logLine) (t \(time))" }
}
