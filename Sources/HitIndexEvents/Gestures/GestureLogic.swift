import HitIndex

/// One touch as a recognizer sees it: where it is now, where it was, and where and when it
/// began, all in screen coordinates.
public struct GestureTouch: Hashable, Sendable {
    /// The touch's id in the input events.
    public var id: Int
    /// What happened to it in this event (`stationary` for a touch that did not change).
    public var phase: TouchPhase
    /// Where it is now.
    public var location: Point
    /// Where it was at the event before (its began location for a touch that just began).
    public var previousLocation: Point
    /// Where it began.
    public var startLocation: Point
    /// When it began, in event time (seconds).
    public var startTime: Double

    /// Creates a touch as a recognizer sees it.
    /// - Complexity: O(1).
    public init(
        id: Int, phase: TouchPhase, location: Point, previousLocation: Point, startLocation: Point,
        startTime: Double
    ) {
        self.id = id
        self.phase = phase
        self.location = location
        self.previousLocation = previousLocation
        self.startLocation = startLocation
        self.startTime = startTime
    }

    /// How far the touch is from where it began, per axis.
    /// - Complexity: O(1).
    public var translation: Point { Point(x: location.x - startLocation.x, y: location.y - startLocation.y) }
}

/// What one input event means to one recognizer: the touches of the recognizer that changed, and
/// the ones still down afterwards.
public struct GestureInput: Hashable, Sendable {
    /// The event's time.
    public var time: Double
    /// The recognizer's touches that changed in this event, ids ascending.
    public var changed: [GestureTouch]
    /// The recognizer's touches still down after this event (not ended or cancelled), ids
    /// ascending.
    public var down: [GestureTouch]
    /// The frame of the window of the recognizer's view, in screen coordinates (the screen's
    /// edges for ``ScreenEdgePanGesture``), or `nil` when the view is in no window.
    public var windowFrame: Rect?

    /// Creates an input.
    /// - Complexity: O(1).
    public init(time: Double, changed: [GestureTouch], down: [GestureTouch], windowFrame: Rect? = nil) {
        self.time = time
        self.changed = changed
        self.down = down
        self.windowFrame = windowFrame
    }

    /// The changed touches in `phase`.
    /// - Complexity: O(changed).
    public func changed(in phase: TouchPhase) -> [GestureTouch] { changed.filter { $0.phase == phase } }
}

/// The gesture-specific part of a recognizer: it watches touches and time and asks for state
/// changes; the ``TouchDispatcher`` owns the state machine, the arbitration between recognizers
/// and what the views receive.
///
/// The built-in gestures (``TapGesture``, ``LongPressGesture``, ``PanGesture``,
/// ``ScreenEdgePanGesture``, ``SwipeGesture``, ``PinchGesture``, ``RotationGesture``) and
/// ``ScriptedGesture`` conform; a custom recognizer is any other conforming
/// value. A value is its own configuration and its own tracking state: the dispatcher resets a
/// recognizer by going back to the value it was given, so a conforming type needs no reset.
///
/// A request the state machine does not allow from the current state (see
/// ``GestureState/allows(_:continuous:)``) is ignored. Asking for `recognized` or `began` is a
/// request: the dispatcher may defer it (`require(toFail:)`) or turn it into `failed` (another
/// recognizer already holds the touches).
public protocol GestureLogic: Sendable {
    /// Whether the gesture is continuous (`began`, `changed`, `ended`) rather than discrete
    /// (`recognized`).
    var isContinuous: Bool { get }

    /// The next event time at which ``timeReached(_:state:)`` must be called, or `nil`.
    var deadline: Double? { get }

    /// The values the gesture reports with its state changes (translation, velocity, scale, …),
    /// as of the last event it saw, or `nil` when it reports none.
    var values: GestureValues? { get }

    /// Sees one event's touches, before any view does; returns the state it asks for, or `nil`
    /// to stay where it is.
    /// - Parameters:
    ///   - input: the event's touches, as this recognizer sees them.
    ///   - state: the recognizer's current state.
    mutating func handle(_ input: GestureInput, state: GestureState) -> GestureState?

    /// Time reached ``deadline`` (called with the deadline, never later than the next event).
    /// - Parameters:
    ///   - time: the deadline reached, in event time (seconds).
    ///   - state: the recognizer's current state.
    mutating func timeReached(_ time: Double, state: GestureState) -> GestureState?
}

extension GestureLogic {
    /// No deadline by default.
    public var deadline: Double? { nil }

    /// No values by default.
    public var values: GestureValues? { nil }

    /// Nothing happens at a deadline by default.
    public mutating func timeReached(_ time: Double, state: GestureState) -> GestureState? { nil }
}

/// The mean of the touches' translations since each came down (a swipe's measure: it jumps when
/// a finger joins or leaves).
func meanTranslation(_ touches: [GestureTouch]) -> Point {
    guard !touches.isEmpty else { return Point(x: 0, y: 0) }
    var x = 0.0
    var y = 0.0
    for t in touches {
        x += t.translation.x
        y += t.translation.y
    }
    let n = Double(touches.count)
    return Point(x: x / n, y: y / n)
}

/// Euclidean length, without overflow for coordinates whose squares would overflow.
func length(_ p: Point) -> Double {
    let a = abs(p.x)
    let b = abs(p.y)
    let big = a > b ? a : b
    guard big > 1e150, big.isFinite else { return (p.x * p.x + p.y * p.y).squareRoot() }
    let (u, v) = (a / big, b / big)
    return big * (u * u + v * v).squareRoot()
}

/// The Euclidean distance between two points.
func distance(_ a: Point, _ b: Point) -> Double { length(Point(x: a.x - b.x, y: a.y - b.y)) }
