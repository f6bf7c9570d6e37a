import HitIndex

/// A pan (`UIPanGestureRecognizer`), continuous: it begins on an event in which a finger moves,
/// once between `minimumTouches` and `maximumTouches` fingers are down and their translation
/// reaches `minimumDistance` points; each later move changes it; it ends when fewer than
/// `minimumTouches` fingers remain.
///
/// Before it begins it fails when every finger lifts or a touch is cancelled; after, a cancelled
/// touch cancels it. It reports its translation, velocity (the translation's change per second
/// over the last step in which time advanced) and location (the down fingers' centroid).
///
/// The translation is the sum, over the events, of how far the centroid of the fingers that were
/// down before and after each part of the event moved: a finger landing or lifting adds no
/// movement of its own, so the translation stays continuous as fingers join or leave [C: UIKit
/// keeps it continuous; its own formula is private].
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
        translation = centroidStep(translation, input)
        velocity.record(translation, at: input.time)
        if !input.down.isEmpty { location = centroid(input.down) }
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

/// `translation` plus how far the centroid of the fingers that were down before the event moved
/// in it: each such finger's step (`location - previousLocation` for one that changed, zero for
/// one that did not) averaged over them. Fingers that land in the event are not counted.
func centroidStep(_ translation: Point, _ input: GestureInput) -> Point {
    var dx = 0.0
    var dy = 0.0
    var count = 0
    for t in input.changed where t.phase != .began {
        dx += t.location.x - t.previousLocation.x
        dy += t.location.y - t.previousLocation.y
        count += 1
    }
    // Down fingers that did not change this event stood still.
    let changed = Set(input.changed.map(\.id))
    count += input.down.filter { !changed.contains($0.id) }.count
    guard count > 0 else { return translation }
    let step = Point(x: translation.x + dx / Double(count), y: translation.y + dy / Double(count))
    return step.x.isFinite && step.y.isFinite ? step : translation
}
