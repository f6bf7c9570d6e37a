/// A gesture recognizer's state (`UIGestureRecognizer.State`), as events.md describes it.
///
/// Discrete recognizers go `possible → recognized` or `possible → failed`; continuous ones go
/// `possible → began → changed… → ended` (or `cancelled`), or `possible → failed`. Every state
/// but `possible` is reported once when entered, under its raw value (`tap recognized`).
public enum GestureState: String, Hashable, Sendable, CaseIterable {
    /// Still watching the touches; the initial state and the state after a reset.
    case possible
    /// A discrete gesture was recognized (UIKit's `.recognized`, which equals `.ended`).
    case recognized
    /// A continuous gesture started.
    case began
    /// A continuous gesture changed.
    case changed
    /// A continuous gesture finished.
    case ended
    /// A continuous gesture was cancelled after it began.
    case cancelled
    /// The touches are not this gesture.
    case failed

    /// Whether the recognizer has decided: anything but `possible`.
    /// - Complexity: O(1).
    public var isDecided: Bool { self != .possible }

    /// Whether the gesture has been recognized (discrete) or is or was under way (continuous).
    /// - Complexity: O(1).
    public var isSuccess: Bool { self != .possible && self != .failed }

    /// Whether the recognizer is finished with this gesture and resets once its touches lift.
    /// - Complexity: O(1).
    public var isFinal: Bool {
        switch self {
        case .recognized, .ended, .cancelled, .failed: return true
        case .possible, .began, .changed: return false
        }
    }

    /// Whether a recognizer may move from `self` to `next`; discrete recognizers may enter only
    /// `recognized` and `failed`, continuous ones everything but `recognized`.
    /// - Complexity: O(1).
    public func allows(_ next: GestureState, continuous: Bool) -> Bool {
        switch (self, next) {
        case (.possible, .failed): return true
        case (.possible, .recognized): return !continuous
        case (.possible, .began): return continuous
        case (.began, .changed), (.began, .ended), (.began, .cancelled),
            (.changed, .changed), (.changed, .ended), (.changed, .cancelled):
            return continuous
        default: return false
        }
    }
}
