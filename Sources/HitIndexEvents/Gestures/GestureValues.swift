import HitIndex

/// What a continuous recognizer reports with a state change: the values UIKit's recognizers
/// expose (`location(in:)`, `translation(in:)`, `velocity(in:)`, `scale`, `rotation`), in screen
/// coordinates. A value a gesture does not have is `nil`.
public struct GestureValues: Hashable, Sendable {
    /// The centroid of the gesture's touches that are down (`location(in: nil)`).
    public var location: Point?
    /// How far the fingers have moved since they came down (pans).
    public var translation: Point?
    /// How fast the translation changes, in points per second, over the last step in which time
    /// advanced (pans).
    public var velocity: Point?
    /// The distance between the two fingers over their distance when the second came down (pinch).
    public var scale: Double?
    /// The angle the line between the two fingers has turned since the second came down, in
    /// radians, clockwise on screen positive (rotation).
    public var rotation: Double?
    /// The scalar velocity of a pinch (scale per second) or a rotation (radians per second).
    public var rate: Double?

    /// Values; every one optional.
    /// - Complexity: O(1).
    public init(
        location: Point? = nil, translation: Point? = nil, velocity: Point? = nil, scale: Double? = nil,
        rotation: Double? = nil, rate: Double? = nil
    ) {
        self.location = location
        self.translation = translation
        self.velocity = velocity
        self.scale = scale
        self.rotation = rotation
        self.rate = rate
    }
}

/// The centroid of some touches, or `nil` for none.
func centroid(_ touches: [GestureTouch]) -> Point? {
    guard !touches.isEmpty else { return nil }
    var x = 0.0
    var y = 0.0
    for t in touches {
        x += t.location.x
        y += t.location.y
    }
    return Point(x: x / Double(touches.count), y: y / Double(touches.count))
}

/// A rate of change over the last step in which time advanced: the change per second from the
/// last value recorded at an earlier time to the latest value.
struct RateTracker: Sendable {
    /// The latest value recorded at a time before ``current``'s.
    private var anchor: (value: Point, time: Double)?
    private var current: (value: Point, time: Double)?
    /// The rate; zero until time has advanced once.
    private(set) var rate = Point(x: 0, y: 0)

    /// Records `value` at `time` (never before the last time recorded).
    mutating func record(_ value: Point, at time: Double) {
        if let current, time > current.time { anchor = current }
        current = (value, time)
        if let anchor {
            let r = Point(
                x: (value.x - anchor.value.x) / (time - anchor.time),
                y: (value.y - anchor.value.y) / (time - anchor.time))
            // A step too short for a finite rate keeps the last one.
            if r.x.isFinite && r.y.isFinite { rate = r }
        }
    }
}
