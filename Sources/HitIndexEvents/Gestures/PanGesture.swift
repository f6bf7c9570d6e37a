import HitIndex

/// A pan (`UIPanGestureRecognizer`), continuous: it begins once between `minimumTouches` and
/// `maximumTouches` fingers are down and their mean translation reaches `minimumDistance`
/// points; each later move changes it; it ends when fewer than `minimumTouches` fingers remain.
///
/// Before it begins it fails when every finger lifts or a touch is cancelled; after, a cancelled
/// touch cancels it.
public struct PanGesture: GestureLogic {
    /// The distance the fingers must travel before the pan begins, in points; 10 by default
    /// [C: UIKit's hysteresis is private].
    public var minimumDistance: Double
    /// Fewest fingers (`minimumNumberOfTouches`); UIKit's default 1.
    public var minimumTouches: Int
    /// Most fingers (`maximumNumberOfTouches`); UIKit's default is unlimited (`Int.max`).
    public var maximumTouches: Int

    /// Creates a pan gesture.
    /// - Complexity: O(1).
    public init(minimumDistance: Double = 10, minimumTouches: Int = 1, maximumTouches: Int = .max) {
        self.minimumDistance = minimumDistance
        self.minimumTouches = minimumTouches
        self.maximumTouches = maximumTouches
    }

    public var isContinuous: Bool { true }

    public mutating func handle(_ input: GestureInput, state: GestureState) -> GestureState? {
        let cancelled = input.changed.contains { $0.phase == .cancelled }
        switch state {
        case .possible:
            if cancelled || input.down.isEmpty { return .failed }
            let n = input.down.count
            if n >= minimumTouches, n <= maximumTouches, length(meanTranslation(input.down)) >= minimumDistance {
                return .began
            }
            return nil
        case .began, .changed:
            if cancelled { return .cancelled }
            if input.down.count < minimumTouches { return .ended }
            if input.changed.contains(where: { $0.phase == .moved }) { return .changed }
            return nil
        default:
            return nil
        }
    }
}
