import HitIndex

/// A live touch as UIKit's `UITouch` shows it: where it is, where it was, when, how many taps,
/// and the view it is bound to.
public struct TouchSnapshot {
    /// The touch's id in the input events.
    public var id: Int
    /// Its phase in the last event that carried it.
    public var phase: TouchPhase
    /// Where it is, in screen coordinates.
    public var location: Point
    /// Where it was at the event before, in screen coordinates.
    public var previousLocation: Point
    /// The time of the last event that changed it.
    public var timestamp: Double
    /// `tapCount` [C]: one more than the previous touch's when that one was a tap (it ended, not
    /// cancelled, less than 1.5 s after it began, within 10 pt of where it began), lifted less
    /// than 0.35 s before this one began, on the same view (a touch that hits nothing always has
    /// 1), and began within 10 pt of where this one begins; otherwise 1. The limits are
    /// ``TapGesture``'s defaults, so a default double-tap recognizer and the tap count agree at
    /// every boundary.
    public var tapCount: Int
    /// The hit-test view it is bound to, or `nil` when it began where nothing was hit.
    public var view: View?

    /// `location(in:)`: the location in `view`'s bounds space, by the hit-testing conversion
    /// (semantics §3), or the screen location when `view` is `nil`.
    /// - Complexity: O(depth of `view`).
    public func location(in view: View?) -> Point { view.map { $0.convert(fromScreen: location) } ?? location }

    /// `previousLocation(in:)`: the previous location, converted the same way.
    /// - Complexity: O(depth of `view`).
    public func previousLocation(in view: View?) -> Point {
        view.map { $0.convert(fromScreen: previousLocation) } ?? previousLocation
    }
}
