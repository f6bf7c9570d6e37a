import HitIndex

/// A touch's phase in an input event (`UITouch.Phase`).
public enum TouchPhase: String, Hashable, Sendable, CaseIterable {
    /// The finger came down.
    case began
    /// The finger moved.
    case moved
    /// The finger is down and did not move: nothing is delivered for it.
    case stationary
    /// The finger lifted.
    case ended
    /// The system cancelled the touch.
    case cancelled

    /// The responder method that delivers this phase (`touchesBegan`, …), or `nil` for
    /// `stationary`, which UIKit delivers to no method.
    /// - Complexity: O(1).
    public var methodName: String? {
        switch self {
        case .began: return "touchesBegan"
        case .moved: return "touchesMoved"
        case .stationary: return nil
        case .ended: return "touchesEnded"
        case .cancelled: return "touchesCancelled"
        }
    }
}

/// One touch of an input event: which finger, what happened to it, and where, in screen
/// coordinates.
public struct TouchSample: Hashable, Sendable {
    /// The touch's id: the same finger keeps the same id from `began` to `ended`/`cancelled`.
    public var id: Int
    /// What happened to the touch at this event's time.
    public var phase: TouchPhase
    /// Where it is, in screen coordinates.
    public var location: Point

    /// Creates a touch sample.
    /// - Complexity: O(1).
    public init(id: Int, phase: TouchPhase, location: Point) {
        self.id = id
        self.phase = phase
        self.location = location
    }
}

/// An input event: the touches that changed at one timestamp (`UIEvent` of type touches).
public struct TouchInputEvent: Hashable, Sendable {
    /// The timestamp, in seconds. The event layer reads no clock: this is the only time.
    public var time: Double
    /// The touches, each id at most once.
    public var touches: [TouchSample]

    /// Creates an input event.
    /// - Complexity: O(1).
    public init(time: Double, touches: [TouchSample]) {
        self.time = time
        self.touches = touches
    }
}

/// A refused input event: bad JSON, a bad field, or an impossible sequence (a touch that
/// begins twice, an unknown touch that moves, time that goes backwards).
public struct TouchInputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line of the events file, 1-based, when the event came from one.
    public var line: Int?
    /// What is wrong.
    public var message: String

    /// Creates an error.
    /// - Complexity: O(1).
    public init(line: Int? = nil, message: String) {
        self.line = line
        self.message = message
    }

    /// `line 3: touch 2 began twice (it has not ended)`, or the message alone with no line.
    /// - Complexity: O(length of the message).
    public var description: String { line.map { "line \($0): \(message)" } ?? message }
}
