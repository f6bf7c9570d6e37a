import HitIndex

/// A pan (`UIPanGestureRecognizer`), continuous: it begins on an event in which a finger moves,
/// once between `minimumTouches` and `maximumTouches` fingers are down and their mean
/// translation reaches `minimumDistance` points; each later move changes it; it ends when fewer
/// than `minimumTouches` fingers remain.
///
/// Before it begins it fails when every finger lifts or a touch is cancelled; after, a cancelled
/// touch cancels it. It reports its translation (the mean of the down fingers' translations
/// since each came down), velocity (the translation's change per second over the last step in
/// which time advanced) and location (the fingers' centroid).
public struct PanGesture: GestureLogic {
    /// The distance the fingers must travel before the pan begins, in points; 10 by default
    /// [C: UIKit's hysteresis is private].
    public var minimumDistance: Double
    /// Fewest fingers (`minimumNumberOfTouches`); UIKit's default 1.
    public var minimumTouches: Int
    /// Most fingers (`maximumNumberOfTouches`); UIKit's default is unlimited (`Int.max`).
    public var maximumTouches: Int

    private var translation = Point(x: 0, y: 0)
    private var location: Point?
    private var velocity = RateTracker()

    /// Creates a pan gesture.
    /// - Complexity: O(1).
    public init(minimumDistance: Double = 10, minimumTouches: Int = 1, maximumTouches: Int = .max) {
        self.minimumDistance = minimumDistance
        self.minimumTouches = minimumTouches
        self.maximumTouches = maximumTouches
    }

    public var isContinuous: Bool { true }

    public var values: GestureValues? {
        GestureValues(location: location, translation: translation, velocity: velocity.rate)
    }

    public mutating func handle(_ input: GestureInput, state: GestureState) -> GestureState? {
        // The values follow the fingers that are down; once all lift, the last ones stand.
        if !input.down.isEmpty {
            translation = meanTranslation(input.down)
            location = centroid(input.down)
            velocity.record(translation, at: input.time)
        }
        let cancelled = input.changed.contains { $0.phase == .cancelled }
        let moved = input.changed.contains { $0.phase == .moved }
        switch state {
        case .possible:
            if cancelled || input.down.isEmpty { return .failed }
            let n = input.down.count
            // "Once the fingers have moved enough" (Apple): only an event that moves a finger
            // can begin it, not one in which a finger lifts or lands [C].
            if moved, n >= minimumTouches, n <= maximumTouches, length(translation) >= minimumDistance {
                return .began
            }
            return nil
        case .began, .changed:
            if cancelled { return .cancelled }
            if input.down.count < minimumTouches { return .ended }
            if moved { return .changed }
            return nil
        default:
            return nil
        }
    }
}
