import HitIndex

// atan2 from the C library: the event layer does not depend on Foundation.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#else
    #error("a C library module is needed: Glibc, Musl or Darwin")
#endif

/// A pinch (`UIPinchGestureRecognizer`), continuous: it begins on an event in which a finger
/// moves, once two fingers are down and the distance between them has changed by
/// `minimumDistance` points since the second came down; each later move changes it; it ends when
/// fewer than two fingers remain.
///
/// Before it begins it fails when every finger lifts or a touch is cancelled (one finger down
/// waits for a second); after, a cancelled touch cancels it. With more than two fingers the two
/// with the lowest ids count [C]. It reports `scale` (the distance over the distance when the
/// pair formed; kept continuous when the pair changes), its rate per second and the centroid.
public struct PinchGesture: GestureLogic {
    /// The change in the fingers' distance that begins the pinch, in points; 10 by default
    /// [C: UIKit's hysteresis is private].
    public var minimumDistance: Double

    private var pair: TouchPair?
    private var scale = 1.0
    private var rate = RateTracker()
    private var location: Point?

    /// Creates a pinch gesture.
    /// - Complexity: O(1).
    public init(minimumDistance: Double = 10) { self.minimumDistance = minimumDistance }

    /// Always true: a pinch begins, changes and ends.
    public var isContinuous: Bool { true }

    /// The scale, its rate per second and the centroid of the fingers down, as of the last event.
    public var values: GestureValues? {
        GestureValues(location: location, scale: scale, rate: rate.rate.x)
    }

    /// Updates the scale, begins once the fingers' distance has changed by ``minimumDistance``,
    /// changes on each move and ends when fewer than two fingers remain.
    /// - Complexity: O(touches changed and down in `input`).
    public mutating func handle(_ input: GestureInput, state: GestureState) -> GestureState? {
        var spread = 0.0
        // Fewer than two fingers ends the pair: ids are reused, so a later finger with the same
        // id is a new pair.
        if input.down.count < 2 { pair = nil }
        if let (a, b) = TouchPair.lowest(input.down), distance(a.location, b.location).isFinite {
            let d = distance(a.location, b.location)
            if pair?.ids != [a.id, b.id] {
                // A new pair: the scale carries on from where it was.
                pair = TouchPair(ids: [a.id, b.id], start: d, anchor: d > 0 && scale > 0 ? d / scale : nil)
            } else if pair!.anchor == nil, d > 0, scale > 0 {
                pair!.anchor = d / scale
            }
            if let anchor = pair!.anchor, (d / anchor).isFinite { scale = d / anchor }
            spread = abs(d - pair!.start)
            rate.record(Point(x: scale, y: 0), at: input.time)
        }
        if !input.down.isEmpty { location = centroid(input.down) }
        return TouchPair.decide(
            input, state: state, ready: pair != nil && input.down.count >= 2 && spread >= minimumDistance)
    }
}

/// A rotation (`UIRotationGestureRecognizer`), continuous: it begins on an event in which a
/// finger moves, once two fingers are down and the line between them has turned by
/// `minimumRotation` radians since the second came down; each later move changes it; it ends
/// when fewer than two fingers remain.
///
/// Before it begins it fails when every finger lifts or a touch is cancelled; after, a cancelled
/// touch cancels it. With more than two fingers the two with the lowest ids count [C]. It
/// reports `rotation` (radians, clockwise on screen positive, accumulated step by step so it
/// can pass ±π), its rate per second and the centroid.
public struct RotationGesture: GestureLogic {
    /// The turn that begins the rotation, in radians; π/36 (5°) by default [C: UIKit's is private].
    public var minimumRotation: Double

    private var pairIDs: [Int] = []
    private var lastAngle = 0.0
    private var rotation = 0.0
    private var sinceStart = 0.0
    private var rate = RateTracker()
    private var location: Point?

    /// Creates a rotation gesture.
    /// - Complexity: O(1).
    public init(minimumRotation: Double = Double.pi / 36) { self.minimumRotation = minimumRotation }

    /// Always true: a rotation begins, changes and ends.
    public var isContinuous: Bool { true }

    /// The rotation, its rate per second and the centroid of the fingers down, as of the last
    /// event.
    public var values: GestureValues? {
        GestureValues(location: location, rotation: rotation, rate: rate.rate.x)
    }

    /// Updates the rotation, begins once the line between the fingers has turned by
    /// ``minimumRotation``, changes on each move and ends when fewer than two fingers remain.
    /// - Complexity: O(touches changed and down in `input`).
    public mutating func handle(_ input: GestureInput, state: GestureState) -> GestureState? {
        if input.down.count < 2 { pairIDs = [] }
        if let (a, b) = TouchPair.lowest(input.down) {
            let angle = atan2(b.location.y - a.location.y, b.location.x - a.location.x)
            if pairIDs != [a.id, b.id] {
                pairIDs = [a.id, b.id]
                sinceStart = 0
            } else {
                // The smallest turn from the last angle: steps are small between events.
                var delta = angle - lastAngle
                if delta > .pi { delta -= 2 * .pi } else if delta <= -.pi { delta += 2 * .pi }
                rotation += delta
                sinceStart += delta
            }
            lastAngle = angle
            rate.record(Point(x: rotation, y: 0), at: input.time)
        }
        if !input.down.isEmpty { location = centroid(input.down) }
        return TouchPair.decide(
            input, state: state, ready: !pairIDs.isEmpty && input.down.count >= 2 && abs(sinceStart) >= minimumRotation)
    }
}

/// The two fingers a pinch or rotation follows, and the state rule both share.
struct TouchPair: Sendable {
    var ids: [Int]
    /// The fingers' distance when the pair formed (the pinch's threshold counts from it).
    var start: Double
    /// The distance at which the scale is 1, or `nil` while the fingers touch (distance 0).
    var anchor: Double?

    /// The two down touches with the lowest ids.
    static func lowest(_ down: [GestureTouch]) -> (GestureTouch, GestureTouch)? {
        down.count >= 2 ? (down[0], down[1]) : nil
    }

    /// `possible`: fails when every finger lifts or a touch is cancelled, begins when `ready` on
    /// an event that moves a finger. Under way: a cancelled touch cancels, fewer than two fingers
    /// end, a move changes.
    static func decide(_ input: GestureInput, state: GestureState, ready: Bool) -> GestureState? {
        let cancelled = input.changed.contains { $0.phase == .cancelled }
        let moved = input.changed.contains { $0.phase == .moved }
        switch state {
        case .possible:
            if cancelled || input.down.isEmpty { return .failed }
            return moved && ready ? .began : nil
        case .began, .changed:
            if cancelled { return .cancelled }
            if input.down.count < 2 { return .ended }
            return moved ? .changed : nil
        default:
            return nil
        }
    }
}
