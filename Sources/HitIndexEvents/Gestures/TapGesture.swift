import HitIndex

/// A tap (`UITapGestureRecognizer`), discrete: `taps` taps of exactly `touches` fingers, each
/// finger staying within `tolerance` points of where it came down, each tap shorter than
/// `maximumDuration` and each next tap starting within `maximumInterval` of the last one's lift
/// and within `maximumTapDistance` (by default `tolerance`) of the first tap.
///
/// It recognizes when the last finger of the last tap lifts, and fails as soon as any condition
/// breaks: too many fingers, too far, too long (at the deadline, in event time), a cancelled
/// touch, or a tap of the wrong finger count.
public struct TapGesture: GestureLogic {
    /// Taps required (`numberOfTapsRequired`), at least 1; UIKit's default 1.
    public var taps: Int
    /// Fingers per tap (`numberOfTouchesRequired`), at least 1; UIKit's default 1.
    public var touches: Int
    /// How far, in points, a finger may move from where it came down; 10 by default [C: UIKit's
    /// own value is private].
    public var tolerance: Double
    /// How far, in points, a later tap may land from the first, or `nil` for ``tolerance``
    /// [C: UIKit's own value is private, and separate from the movement allowed].
    public var maximumTapDistance: Double?
    /// The longest a tap may be held, in seconds; 1.5 by default [C].
    public var maximumDuration: Double
    /// The longest gap between one tap's lift and the next tap, in seconds; 0.35 by default [C].
    public var maximumInterval: Double

    private var counter = TapCounter()

    /// Creates a tap gesture.
    /// - Complexity: O(1).
    public init(
        taps: Int = 1, touches: Int = 1, tolerance: Double = 10, maximumDuration: Double = 1.5,
        maximumInterval: Double = 0.35, maximumTapDistance: Double? = nil
    ) {
        self.taps = taps
        self.touches = touches
        self.tolerance = tolerance
        self.maximumTapDistance = maximumTapDistance
        self.maximumDuration = maximumDuration
        self.maximumInterval = maximumInterval
    }

    /// Always false: a tap is recognized once.
    public var isContinuous: Bool { false }
    /// The time limit that comes next: the current tap's lift, or the next tap's landing.
    public var deadline: Double? { counter.due }

    /// Counts taps, recognizing when the last finger of the last tap lifts and failing as soon as a
    /// condition breaks.
    /// - Complexity: O(touches changed in `input`).
    public mutating func handle(_ input: GestureInput, state: GestureState) -> GestureState? {
        guard state == .possible else { return nil }
        switch counter.see(
            input, touches: touches, tolerance: tolerance, tapDistance: maximumTapDistance ?? tolerance,
            maximumDuration: maximumDuration, maximumInterval: maximumInterval)
        {
        case .failed: return .failed
        case .tapped where counter.completed == taps:
            counter.due = nil
            return .recognized
        case .tapped, .undecided: return nil
        }
    }

    /// Fails the tap: a tap was held too long, or the next one did not come in time.
    /// - Complexity: O(1).
    public mutating func timeReached(_ time: Double, state: GestureState) -> GestureState? {
        counter.due = nil
        return state == .possible ? .failed : nil
    }
}

/// The taps of a multi-tap gesture so far, shared by ``TapGesture`` and a ``LongPressGesture``'s
/// taps before its press: each tap has exactly `touches` fingers that stay within `tolerance` of
/// where they landed, lifts before `maximumDuration`, and lands within `tapDistance` of the first
/// tap and within `maximumInterval` of the last lift (the deadline ``due`` says which limit is
/// next).
struct TapCounter: Sendable {
    /// What one event did to the taps.
    enum Step {
        /// A condition broke: the gesture fails.
        case failed
        /// A tap completed (``completed`` counts it); ``due`` is the next tap's deadline.
        case tapped
        /// Nothing decided yet.
        case undecided
    }

    /// Taps completed.
    private(set) var completed = 0
    /// Where the first tap landed.
    private(set) var firstLocation: Point?
    /// The next time limit: the current tap's lift, or the next tap's landing.
    var due: Double?
    private var fingers: Set<Int> = []
    private var mostFingers = 0

    /// Sees one event's touches.
    mutating func see(
        _ input: GestureInput, touches: Int, tolerance: Double, tapDistance: Double, maximumDuration: Double,
        maximumInterval: Double
    ) -> Step {
        for t in input.changed {
            switch t.phase {
            case .began:
                if fingers.isEmpty {
                    // A new tap: it must land near the first and be lifted before the time limit.
                    if let first = firstLocation {
                        if distance(t.location, first) > tapDistance { return .failed }
                    } else {
                        firstLocation = t.location
                    }
                    due = input.time + maximumDuration
                }
                fingers.insert(t.id)
                mostFingers = max(mostFingers, fingers.count)
                if fingers.count > touches { return .failed }
            case .moved, .stationary, .ended:
                if length(t.translation) > tolerance { return .failed }
            case .cancelled:
                return .failed
            }
        }
        for t in input.changed where t.phase == .ended { fingers.remove(t.id) }
        guard fingers.isEmpty, input.changed.contains(where: { $0.phase == .ended }) else { return .undecided }
        // The tap is complete.
        if mostFingers != touches { return .failed }
        completed += 1
        mostFingers = 0
        due = input.time + maximumInterval
        return .tapped
    }
}
