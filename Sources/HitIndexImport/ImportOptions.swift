import HitIndex

/// Choices an import can make differently from its default mapping.
public struct ImportOptions: Hashable, Sendable {
    /// Map Android's touch dispatch instead of keeping every view that holds the point as a
    /// candidate: a view that does not take a touch (not clickable, long-clickable or
    /// scrollable) becomes pass-through, and `enabled` no longer makes a view ineligible.
    /// Only the Android formats (RICO, uiautomator) read it; `false` by default, which keeps the
    /// mapping every earlier import produced (docs/importers.md, "Android touch dispatch").
    public var androidDispatch: Bool

    /// Options; the defaults are the plain mapping.
    /// - Complexity: O(1).
    public init(androidDispatch: Bool = false) {
        self.androidDispatch = androidDispatch
    }
}

/// What an Android dump says about whether a view takes a touch, for
/// ``ImportOptions/androidDispatch``.
///
/// Android offers a touch to the children of a container front to back; a child that does not
/// consume it (`View.onTouchEvent` returns false) is passed over and the touch goes on to the
/// views behind it, and then to the container itself. `onTouchEvent` returns true for a view that
/// is clickable or long-clickable, enabled or not (a disabled clickable view swallows the touch
/// without acting), and scrolling containers consume the touches they are offered. A view that
/// consumes nothing, with no consuming descendant under the point, is therefore transparent to
/// touches: UIKit's pass-through rule (a view that never returns itself from `hitTest`, while its
/// subviews still can) gives the same answer. A disabled container still dispatches to its
/// children, so `enabled` does not make a subtree ineligible under this mapping.
struct AndroidTouchFlags: Equatable {
    /// `clickable`, or `nil` when the dump does not record it.
    var clickable: Bool?
    /// `long-clickable`.
    var longClickable: Bool?
    /// `scrollable` (uiautomator), or either `scrollable-horizontal`/`scrollable-vertical` (RICO).
    var scrollable: Bool?

    /// Whether Android's dispatch would stop at this view: any flag that says so, or, when the
    /// dump records none of them, true (the view keeps the plain mapping's answer).
    /// - Complexity: O(1).
    var consumesTouches: Bool {
        guard clickable != nil || longClickable != nil || scrollable != nil else { return true }
        return clickable == true || longClickable == true || scrollable == true
    }

    /// Applies the dispatch mapping to `view`: pass-through unless it consumes touches, and
    /// eligible whatever `enabled` says.
    /// - Complexity: O(1).
    func apply(to view: View) {
        view.isPassThrough = !consumesTouches
        view.isUserInteractionEnabled = true
    }

    /// One warning naming the views whose dump records none of the flags (they keep the plain
    /// mapping), or `nil` when every view records one.
    /// - Complexity: O(n).
    static func unrecordedWarning(_ flags: [AndroidTouchFlags], _ views: [View]) -> String? {
        let unrecorded = zip(flags, views).filter {
            $0.0.clickable == nil && $0.0.longClickable == nil && $0.0.scrollable == nil
        }
        guard let first = unrecorded.first else { return nil }
        let more = unrecorded.count > 1 ? " and \(unrecorded.count - 1) more" : ""
        return "\(first.1.id)\(more): no clickable, long-clickable or scrollable recorded; "
            + "kept as taking touches (Android touch dispatch)"
    }
}
