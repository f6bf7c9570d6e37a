/// The attributes of a view that decide where a touch lands, as one value.
///
/// A ``View`` stores them together so that an engine reads a view once (one access to a class
/// property instead of twelve, each with its exclusivity check), and so that they can be
/// compared, copied and, later, handed to a live index as a unit.
public struct ViewAttributes: Hashable, Sendable {
    /// The bounds: `origin` is the scroll offset, `size` the view's size in its own space.
    public var bounds: Rect
    /// The layer position, in the superview's bounds space.
    public var center: Point
    /// The point of the bounds, in unit coordinates, that sits at `center`.
    public var anchorPoint = Point(x: 0.5, y: 0.5)
    /// The transform around the anchor point.
    public var transform = AffineTransform.identity
    /// A hidden view and its subtree are never hit.
    public var isHidden = false
    /// Stored as `Float`, like `CALayer.opacity`.
    public var alpha: Float = 1
    /// A view with interaction disabled and its subtree are never hit.
    public var isUserInteractionEnabled = true
    /// Insets of the hit rect from the bounds, like `UIEdgeInsets`; negative values enlarge it.
    public var hitTestInsets = EdgeInsets.zero
    /// After insets, the hit rect grows symmetrically to at least this size (44×44 targets).
    public var minimumHitSize = Size.zero
    /// The shape of the hit area over the hit rect.
    public var hitShape = HitShape.rect
    /// Subviews are searched even when the point is outside this view's hit area; the view itself
    /// is still only hit inside it.
    public var hitTestsSubviewsOutsideBounds = false
    /// The view is never the result itself; its subviews still are (transparent overlays).
    public var isPassThrough = false

    /// Attributes with the given geometry and every other attribute at its default.
    /// - Complexity: O(1).
    public init(bounds: Rect, center: Point, isUserInteractionEnabled: Bool = true) {
        self.bounds = bounds
        self.center = center
        self.isUserInteractionEnabled = isUserInteractionEnabled
    }

    /// The data of the canonical superview→view conversion.
    /// - Complexity: O(1).
    @inlinable
    public var placement: ViewPlacement {
        ViewPlacement(bounds: bounds, center: center, anchorPoint: anchorPoint, transform: transform)
    }

    /// The hit area (hit rect and shape) in the view's bounds space.
    /// - Complexity: O(1).
    @inlinable
    public var hitRegion: HitRegion {
        HitRegion(bounds: bounds, insets: hitTestInsets, minimumHitSize: minimumHitSize, shape: hitShape)
    }

    /// The eligibility rule: `!hidden && userInteractionEnabled && Double(alpha) >= 0.01`.
    /// - Complexity: O(1).
    @inlinable
    public var isHitTestable: Bool {
        View.isHitTestable(hidden: isHidden, userInteractionEnabled: isUserInteractionEnabled, alpha: alpha)
    }
}
