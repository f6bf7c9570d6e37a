import HitIndex

/// What the `scrollView` key says about a view: it is a `UIScrollView`, whose own pan recognizer
/// moves its content (`contentOffset`, the bounds origin) and whose touch-delay and cancel
/// settings decide what its content views receive.
public struct ScrollViewTraits: Hashable, Sendable {
    /// `delaysContentTouches`: hold a touch's began phase from the content for
    /// ``contentTouchDelay`` seconds, or until the touch lifts, and drop it if scrolling starts
    /// first; UIKit's default true.
    public var delaysContentTouches: Bool
    /// `canCancelContentTouches`: once the content has a touch, scrolling may still start and
    /// cancel it; UIKit's default true.
    public var canCancelContentTouches: Bool
    /// `touchesShouldCancel(in:)` for a control: UIKit's default answers false for a `UIControl`
    /// (a drag that starts on a button after the delay does not scroll); apps override it to
    /// answer true. Default false.
    public var touchesShouldCancelInControls: Bool
    /// `isScrollEnabled`: without it the pan recognizer is disabled; default true.
    public var isScrollEnabled: Bool

    /// How long a touch's began is held from the content, in seconds: 0.15 [C: UIKit's value is
    /// private; 150 ms is the commonly measured one].
    public static let contentTouchDelay = 0.15

    /// Creates scroll-view traits; the defaults are UIKit's.
    /// - Complexity: O(1).
    public init(
        delaysContentTouches: Bool = true, canCancelContentTouches: Bool = true,
        touchesShouldCancelInControls: Bool = false, isScrollEnabled: Bool = true
    ) {
        self.delaysContentTouches = delaysContentTouches
        self.canCancelContentTouches = canCancelContentTouches
        self.touchesShouldCancelInControls = touchesShouldCancelInControls
        self.isScrollEnabled = isScrollEnabled
    }
}

/// The scroll view's private delay (`delaysContentTouches`): a discrete recognizer that never
/// recognizes; it holds its touches' began phases (`delaysTouchesBegan`) and fails
/// ``ScrollViewTraits/contentTouchDelay`` seconds after the first touch lands, or when a touch
/// lifts or is cancelled, which releases them.
struct ContentTouchDelay: GestureLogic {
    private var due: Double?

    var isContinuous: Bool { false }
    var deadline: Double? { due }

    mutating func handle(_ input: GestureInput, state: GestureState) -> GestureState? {
        guard state == .possible else { return nil }
        if due == nil, input.changed.contains(where: { $0.phase == .began }) {
            due = input.time + ScrollViewTraits.contentTouchDelay
        }
        return input.changed.contains(where: { $0.phase == .ended || $0.phase == .cancelled }) ? .failed : nil
    }

    mutating func timeReached(_ time: Double, state: GestureState) -> GestureState? {
        due = nil
        return state == .possible ? .failed : nil
    }
}
