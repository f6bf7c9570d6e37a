import HitIndex

/// A long press (`UILongPressGestureRecognizer`), continuous: `touches` fingers held down for
/// `minimumDuration` seconds without moving more than `tolerance` points begin it; moving then
/// changes it; lifting a finger ends it.
///
/// Before it begins it fails on a lift, a cancelled touch, too many fingers or too much
/// movement. The duration counts from the moment the required number of fingers is down.
public struct LongPressGesture: GestureLogic {
    /// How long the fingers must be held, in seconds; UIKit's default 0.5.
    public var minimumDuration: Double
    /// How far a finger may move before the press begins, in points; UIKit's default 10.
    public var tolerance: Double
    /// Fingers required (`numberOfTouchesRequired`), at least 1; UIKit's default 1.
    public var touches: Int

    private var fingers: Set<Int> = []
    private var due: Double?

    /// Creates a long-press gesture.
    /// - Complexity: O(1).
    public init(minimumDuration: Double = 0.5, tolerance: Double = 10, touches: Int = 1) {
        self.minimumDuration = minimumDuration
        self.tolerance = tolerance
        self.touches = touches
    }

    public var isContinuous: Bool { true }
    public var deadline: Double? { due }

    public mutating func handle(_ input: GestureInput, state: GestureState) -> GestureState? {
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

    public mutating func timeReached(_ time: Double, state: GestureState) -> GestureState? {
        due = nil
        return state == .possible && fingers.count == touches ? .began : nil
    }
}
