import HitIndex

/// A swipe (`UISwipeGestureRecognizer`), discrete: exactly `touches` fingers travel at least
/// `minimumDistance` points in one of the allowed directions within `maximumDuration` seconds of
/// the first finger landing, staying within about 26.6° of it (sideways movement at most half
/// the distance along).
///
/// It fails once the fingers have moved `tolerance` points and no allowed direction is within
/// 45° of the movement, when too many fingers land, when every finger lifts first, at the time
/// limit, or on a cancelled touch.
public struct SwipeGesture: GestureLogic {
    /// A swipe direction, in screen coordinates (y grows downwards).
    public enum Direction: String, Hashable, Sendable, CaseIterable {
        /// A direction on the screen, named as `UISwipeGestureRecognizer.Direction` names it.
        case right, left, up, down

        /// The unit vector of the direction.
        var unit: Point {
            switch self {
            case .right: return Point(x: 1, y: 0)
            case .left: return Point(x: -1, y: 0)
            case .up: return Point(x: 0, y: -1)
            case .down: return Point(x: 0, y: 1)
            }
        }
    }

    /// The allowed directions (`direction`); UIKit's default is right.
    public var directions: Set<Direction>
    /// Fingers required (`numberOfTouchesRequired`); UIKit's default 1.
    public var touches: Int
    /// The distance along the direction that recognizes, in points; 50 by default [C].
    public var minimumDistance: Double
    /// The time limit from the first finger down, in seconds; 0.5 by default [C].
    public var maximumDuration: Double
    /// The movement after which a wrong direction fails the swipe, in points; 10 by default [C].
    public var tolerance: Double

    private var fingers: Set<Int> = []
    private var due: Double?

    /// Creates a swipe gesture.
    /// - Complexity: O(1).
    public init(
        directions: Set<Direction> = [.right], touches: Int = 1, minimumDistance: Double = 50,
        maximumDuration: Double = 0.5, tolerance: Double = 10
    ) {
        self.directions = directions
        self.touches = touches
        self.minimumDistance = minimumDistance
        self.maximumDuration = maximumDuration
        self.tolerance = tolerance
    }

    /// Always false: a swipe is recognized once.
    public var isContinuous: Bool { false }
    /// ``maximumDuration`` after the first finger landed, once one has.
    public var deadline: Double? { due }

    /// Recognizes once ``touches`` fingers have moved ``minimumDistance`` in an allowed direction;
    /// fails on a wrong direction, an extra finger, a cancelled touch, or every finger lifting
    /// first.
    /// - Complexity: O(touches changed and down in `input`).
    public mutating func handle(_ input: GestureInput, state: GestureState) -> GestureState? {
        guard state == .possible else { return nil }
        if input.changed.contains(where: { $0.phase == .cancelled }) { return .failed }
        for t in input.changed where t.phase == .began {
            if fingers.isEmpty && due == nil { due = input.time + maximumDuration }
            fingers.insert(t.id)
        }
        if fingers.count > touches { return .failed }
        // The fingers' movement, counting those lifting now at their last location.
        var current = input.down
        for t in input.changed where t.phase == .ended && !current.contains(where: { $0.id == t.id }) {
            current.append(t)
        }
        let move = meanTranslation(current)
        if fingers.count == touches {
            for d in Direction.allCases where directions.contains(d) {
                let along = move.x * d.unit.x + move.y * d.unit.y
                let aside = abs(move.x * d.unit.y - move.y * d.unit.x)
                if along >= minimumDistance && aside <= along / 2 { return .recognized }
            }
        }
        if length(move) >= tolerance {
            let plausible = directions.contains { d in
                let along = move.x * d.unit.x + move.y * d.unit.y
                return along > 0 && abs(move.x * d.unit.y - move.y * d.unit.x) <= along
            }
            if !plausible { return .failed }
        }
        if input.down.isEmpty { return .failed }
        return nil
    }

    /// Fails the swipe: ``maximumDuration`` passed before it was recognized.
    /// - Complexity: O(1).
    public mutating func timeReached(_ time: Double, state: GestureState) -> GestureState? {
        due = nil
        return state == .possible ? .failed : nil
    }
}
