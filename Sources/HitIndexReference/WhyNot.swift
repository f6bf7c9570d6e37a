import HitIndex

/// Why one view does not get a touch at a point: every reason, in the order UIKit's search meets
/// them, and the smallest changes, each checked with the reference, that would give it the touch.
///
/// The search (semantics §3) tries windows front to back, and in each view it tries the
/// subviews front-most first. For the view `V` at the end of the path window → … → `V`, it
/// meets, in order: the windows in front of `V`'s window that return a view; then, going down
/// the path, each view's eligibility and hit area, and the subviews in front of the next view on
/// the path that return a view; at `V` itself, its eligibility, its hit area, a subview that
/// takes the touch first and pass-through; and on the way back up, any redirect. The analysis
/// lists all of them, not just the first, because each one has to change before `V` gets the
/// touch.
public struct WhyNot {
    /// One view on the path from the window down to the view asked about.
    public struct Step {
        /// The view.
        public let view: View
        /// The touch in the view's bounds space, converted exactly as the search converts it.
        public let point: Point
        /// Whether the touch is in the view's hit area (its hit rect, shape and predicate).
        public let isInside: Bool
    }

    /// A property that makes a view ineligible, so neither it nor its subtree is ever hit.
    public enum Ineligibility: Hashable, Sendable {
        /// `isHidden` is true.
        case hidden
        /// `alpha` is below 0.01 (the value it has).
        case transparent(alpha: Float)
        /// `userInteractionEnabled` is false.
        case interactionDisabled
    }

    /// How a view that the search tries first ends up returning a view.
    public struct Capture {
        /// The view the search returns from it (after any redirect).
        public let result: View
        /// The deepest view on the way down whose own hit area holds the touch.
        public let deepest: View
        /// The outermost view on the way whose redirect decides the result, if any.
        public let redirectedBy: View?
        /// Views on the way whose hit area does not hold the touch, searched because they
        /// hit-test subviews outside their bounds.
        public let outsideBounds: [View]
    }

    /// One reason the view does not get the touch.
    public enum Reason {
        /// The touch is outside the hit area of every window.
        case outsideEveryWindow
        /// A window in front of the view's window returns a view first.
        case windowInFront(Window, Capture)
        /// A subview of `container` in front of the path (`frontView`) returns a view first.
        case viewInFront(View, Capture, container: View)
        /// A view on the path, or the view itself, is ineligible.
        case ineligible(View, Ineligibility)
        /// The touch is outside the hit area of a view on the path (which does not search its
        /// subviews outside it) or of the view itself; the point is in that view's space.
        case outsideHitArea(View, point: Point, hitRect: Rect)
        /// The view's custom predicate refuses a point that is inside its hit rect and shape.
        case predicateRefuses(View, point: Point)
        /// A subview of the view returns a view first, so the view itself is never reached.
        case subviewTakesIt(View, Capture)
        /// The view is pass-through: never the result itself.
        case passThrough(View)
        /// A view on the path (the outermost that matters) redirects every hit in its subtree.
        case redirected(by: View, to: View)
        /// A view on the path redirects every hit in its subtree to the view asked about, but
        /// nothing in its subtree takes this touch.
        case nothingHitUnder(View)

        /// The view the reason is about: the one to change.
        /// - Complexity: O(1).
        public var view: View? {
            switch self {
            case .outsideEveryWindow: return nil
            case .windowInFront(let w, _): return w
            case .viewInFront(let v, _, _), .ineligible(let v, _), .outsideHitArea(let v, _, _),
                .predicateRefuses(let v, _), .subviewTakesIt(let v, _), .passThrough(let v), .redirected(let v, _),
                .nothingHitUnder(let v):
                return v
            }
        }
    }

    /// A change to one view, which ``suggestions`` only lists when the reference then gives the
    /// view the touch.
    public enum Change: Hashable, Sendable {
        /// Sets `isHidden` to false.
        case show(String)
        /// Sets `alpha` to 1.
        case makeOpaque(String)
        /// Sets `userInteractionEnabled` to true.
        case enableInteraction(String)
        /// Sets `userInteractionEnabled` to false (a view that takes the touch first).
        case disableInteraction(String)
        /// Makes the view pass-through (its subviews still take touches).
        case makePassThrough(String)
        /// Clears pass-through.
        case clearPassThrough(String)
        /// Clears the redirect.
        case clearRedirect(String)
        /// Sets `hitTestsSubviewsOutsideBounds`.
        case searchSubviewsOutsideBounds(String)
        /// Grows the hit area by these amounts (points, each ≥ 0) on each edge, through the
        /// hit-test insets.
        case growHitArea(String, by: EdgeInsets)
        /// Moves the first view just above its sibling, the second.
        case raise(String, above: String)
    }

    /// The view asked about.
    public let view: View
    /// The touch, in screen space.
    public let screenPoint: Point
    /// What the reference returns for the touch: the view itself when it gets the touch.
    public let result: View?
    /// The view's window down to the view, with the touch in each one's space.
    public let path: [Step]
    /// Every reason, in the order the search meets them; empty when the view gets the touch.
    public let reasons: [Reason]
    /// Changes that give the view the touch, each checked with the reference on a copy of the
    /// scene: single changes first (one per line), or, when no single change is enough, one set
    /// of changes that together are; empty when the view already gets it or nothing was found.
    public let suggestions: [[Change]]

    /// Whether the view gets the touch.
    /// - Complexity: O(1).
    public var getsTheTouch: Bool { result === view }
}
