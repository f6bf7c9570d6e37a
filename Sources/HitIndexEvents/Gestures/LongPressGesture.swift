import HitIndex

/// A long press (`UILongPressGestureRecognizer`), continuous: after `taps` taps, `touches`
/// fingers held down for `minimumDuration` seconds without moving more than `tolerance` points
/// begin it; moving then changes it; lifting a finger ends it.
///
/// Before it begins it fails on a lift, a cancelled touch, too many fingers or too much
/// movement. The duration counts from the moment the required number of fingers is down.
///
/// The taps (`numberOfTapsRequired`, 0 by default) come first, each with `touches` fingers that
/// stay within `tolerance` of where the first tap landed; each tap must lift within
/// `maximumTapDuration` of landing and the next finger land within `maximumInterval` of the lift,
/// the last tap's next finger being the press itself [C: the limits are ``TapGesture``'s
/// defaults, since UIKit's are private].
public struct LongPressGesture: GestureLogic {
    /// How long the fingers must be held, in seconds; UIKit's default 0.5.
    public var minimumDuration: Double
    /// How far a finger may move before the press begins, in points; UIKit's default 10.
    public var tolerance: Double
    /// Fingers required (`numberOfTouchesRequired`), at least 1; UIKit's default 1.
    public var touches: Int
    /// Taps before the press (`numberOfTapsRequired`); UIKit's default 0.
    public var taps: Int
    /// The longest a tap before the press may be held, in seconds; 1.5 by default [C].
    public var maximumTapDuration: Double
    /// The longest gap between a tap's lift and the next finger, in seconds; 0.35 by default [C].
    public var maximumInterval: Double

    private var fingers: Set<Int> = []
    private var due: Double?
    private var tapCounter = TapCounter()
    private var location: Point?

    /// Creates a long-press gesture.
    /// - Complexity: O(1).
    public init(
        minimumDuration: Double = 0.5, tolerance: Double = 10, touches: Int = 1, taps: Int = 0,
        maximumTapDuration: Double = 1.5, maximumInterval: Double = 0.35
    ) {
        self.minimumDuration = minimumDuration
        self.tolerance = tolerance
        self.touches = touches
        self.taps = taps
        self.maximumTapDuration = maximumTapDuration
        self.maximumInterval = maximumInterval
    }

    /// Always true: a long press begins, changes and ends.
    public var isContinuous: Bool { true }
    /// When the press begins if the fingers are still held, or when a tap before it runs out of
    /// time.
    public var deadline: Double? { due }
    /// The centroid of the fingers down, as `location`.
    public var values: GestureValues? { GestureValues(location: location) }

    /// Counts the taps before the press, then fails on a lift, a cancelled touch, an extra finger
    /// or movement beyond ``tolerance``; once begun, changes on a move and ends when a finger
    /// lifts.
    /// - Complexity: O(touches changed and down in `input`).
    public mutating func handle(_ input: GestureInput, state: GestureState) -> GestureState? {
        if !input.down.isEmpty { location = centroid(input.down) }
        if state == .possible, tapCounter.completed < taps {
            let step = tapCounter.see(
                input, touches: touches, tolerance: tolerance, tapDistance: tolerance,
                maximumDuration: maximumTapDuration, maximumInterval: maximumInterval)
            // After the last tap, `due` is the press's landing limit.
            due = tapCounter.due
            return step == .failed ? .failed : nil
        }
        for t in input.changed where t.phase == .began { fingers.insert(t.id) }
        for t in input.changed where t.phase == .ended || t.phase == .cancelled { fingers.remove(t.id) }
        let cancelled = input.changed.contains { $0.phase == .cancelled }
        let lifted = input.changed.contains { $0.phase == .ended }
        switch state {
        case .possible:
            if cancelled || lifted || fingers.count > touches { return .failed }
            if input.changed.contains(where: { $0.phase != .began && length($0.translation) > tolerance }) {
                return .failed
            }
            if taps > 0, let first = tapCounter.firstLocation,
                input.changed.contains(where: { $0.phase == .began && distance($0.location, first) > tolerance })
            {
                return .failed
            }
            if fingers.count == touches, input.changed.contains(where: { $0.phase == .began }) {
                due = input.time + minimumDuration
            }
            return nil
        case .began, .changed:
            if cancelled { return .cancelled }
            if fingers.count < touches { return .ended }
            if input.changed.contains(where: { $0.phase == .moved }) { return .changed }
            return nil
        default:
            return nil
        }
    }

    /// Begins the press when the fingers were held for ``minimumDuration``, or fails when a tap
    /// before it ran out of time.
    /// - Complexity: O(1).
    public mutating func timeReached(_ time: Double, state: GestureState) -> GestureState? {
        due = nil
        guard state == .possible else { return nil }
        // A tap held too long, or no finger after a tap: the taps failed.
        if tapCounter.completed < taps || fingers.count < touches { return .failed }
        return .began
    }
}
