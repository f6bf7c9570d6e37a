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
/// The translation is how far the centroid of the fingers down has moved since that set of
/// fingers formed, plus the translation when it formed: each event first measures the fingers
/// that were down before it (a lifting finger at its lift), then, if fingers landed or lifted,
/// starts the new set from where it is. A finger landing or lifting adds no movement of its own,
/// so the translation stays continuous as fingers join or leave [C: UIKit keeps it continuous;
/// its own formula is private]; for one finger it is exactly `location - startLocation`.
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
    private var fingers = FingerSetTranslation()

    /// Creates a pan gesture.
    /// - Complexity: O(1).
    public init(minimumDistance: Double = 10, minimumTouches: Int = 1, maximumTouches: Int = .max) {
        self.minimumDistance = minimumDistance
        self.minimumTouches = minimumTouches
        self.maximumTouches = maximumTouches
    }

    /// Always true: a pan begins, changes and ends.
    public var isContinuous: Bool { true }

    /// The translation, its velocity and the centroid of the fingers down, as of the last event.
    public var values: GestureValues? {
        GestureValues(location: location, translation: translation, velocity: velocity.rate)
    }

    /// Updates the translation and velocity, begins once the fingers have moved
    /// ``minimumDistance``, changes on each move and ends when fewer than ``minimumTouches``
    /// fingers remain.
    /// - Complexity: O(touches changed and down in `input`).
    public mutating func handle(_ input: GestureInput, state: GestureState) -> GestureState? {
        translation = fingers.update(input, translation)
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

/// A translation that follows the centroid of the fingers down and stays continuous as fingers
/// join or leave: the centroid's movement since the current set of fingers formed, plus the
/// translation when it formed.
struct FingerSetTranslation: Sendable {
    /// The fingers of the current set.
    private var members: Set<Int> = []
    /// Their centroid when the set formed.
    private var anchor: Point?
    /// The translation when the set formed.
    private var base = Point(x: 0, y: 0)

    /// The translation after `input`, `translation` being the one before it.
    mutating func update(_ input: GestureInput, _ translation: Point) -> Point {
        var result = translation
        // The set's fingers where they are now: changed ones (a lifting one at its lift), then
        // the others still down.
        var points: [GestureTouch] = []
        for t in input.changed where members.contains(t.id) { points.append(t) }
        let changed = Set(input.changed.map(\.id))
        for t in input.down where members.contains(t.id) && !changed.contains(t.id) { points.append(t) }
        if let a = anchor, let c = centroid(points) {
            let moved = Point(x: base.x + (c.x - a.x), y: base.y + (c.y - a.y))
            if moved.x.isFinite && moved.y.isFinite { result = moved }
        }
        let now = Set(input.down.map(\.id))
        if now != members {
            members = now
            anchor = centroid(input.down)
            base = result
        }
        return result
    }
}
