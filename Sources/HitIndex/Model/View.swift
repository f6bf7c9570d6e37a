/// A view: UIKit's `UIView`, reduced to what decides where a touch lands.
///
/// A view owns its subviews (back to front: the last is the front-most) and knows its superview
/// weakly, as in UIKit. Attribute setters accept any value; ``Scene/validate()`` refuses bad ones
/// (NaN, infinities, negative alpha, …) with an error naming the view and the field. The scene
/// reader and the flattened index validate; the recursive reference assumes a valid scene.
///
/// A view is a plain mutable object: mutate it from one thread at a time.
public class View {
    /// The view's identifier: unique within its scene, printed by every tool.
    public let id: String
    /// The class name, informative except for the presets (`UILabel` and `UIImageView` start with
    /// user interaction disabled).
    public let className: String

    /// Every attribute that decides hit-testing, as one value: read it once to see a view whole.
    ///
    /// The properties below (``bounds``, ``center``, …, ``isPassThrough``) read and write it.
    public var attributes: ViewAttributes

    /// The bounds: `origin` is the scroll offset, `size` the view's size in its own space.
    public var bounds: Rect {
        get { attributes.bounds }
        set { attributes.bounds = newValue }
    }
    /// The layer position, in the superview's bounds space (for a window: in screen space).
    public var center: Point {
        get { attributes.center }
        set { attributes.center = newValue }
    }
    /// The point of the bounds, in unit coordinates, that sits at ``center``. Default `(0.5, 0.5)`.
    public var anchorPoint: Point {
        get { attributes.anchorPoint }
        set { attributes.anchorPoint = newValue }
    }
    /// The transform around the anchor point. Default identity.
    public var transform: AffineTransform {
        get { attributes.transform }
        set { attributes.transform = newValue }
    }
    /// A hidden view and its subtree are never hit.
    public var isHidden: Bool {
        get { attributes.isHidden }
        set { attributes.isHidden = newValue }
    }
    /// The view's own opacity, stored as `Float` like `CALayer.opacity`; below 0.01 it is never hit.
    public var alpha: Float {
        get { attributes.alpha }
        set { attributes.alpha = newValue }
    }
    /// A view with interaction disabled and its subtree are never hit.
    public var isUserInteractionEnabled: Bool {
        get { attributes.isUserInteractionEnabled }
        set { attributes.isUserInteractionEnabled = newValue }
    }
    /// Insets of the hit rect from the bounds, like `UIEdgeInsets`; negative values enlarge it.
    public var hitTestInsets: EdgeInsets {
        get { attributes.hitTestInsets }
        set { attributes.hitTestInsets = newValue }
    }
    /// After insets, the hit rect grows symmetrically to at least this size (44×44 targets).
    public var minimumHitSize: Size {
        get { attributes.minimumHitSize }
        set { attributes.minimumHitSize = newValue }
    }
    /// The shape of the hit area over the hit rect.
    public var hitShape: HitShape {
        get { attributes.hitShape }
        set { attributes.hitShape = newValue }
    }
    /// Subviews are searched even when the point is outside this view's hit area (raised tab-bar
    /// button); the view itself is still only hit inside it.
    public var hitTestsSubviewsOutsideBounds: Bool {
        get { attributes.hitTestsSubviewsOutsideBounds }
        set { attributes.hitTestsSubviewsOutsideBounds = newValue }
    }
    /// The view is never the result itself; its subviews still are (transparent overlays).
    public var isPassThrough: Bool {
        get { attributes.isPassThrough }
        set { attributes.isPassThrough = newValue }
    }
    /// Whenever this view's `hitTest` would return a view, it returns this one instead (paging
    /// scroll view, seed 002's forced view). Must be a view of the same scene.
    public weak var redirectTarget: View?
    /// An extra test that can only narrow the hit area (a pixel mask, a polygon), called with the
    /// point in this view's bounds space after the shape test has passed.
    public var hitPredicate: (@Sendable (Point) -> Bool)?

    /// The subviews, back to front.
    public internal(set) var subviews: [View] = []
    /// The superview, or `nil` for a window or a detached view.
    public internal(set) weak var superview: View?

    /// The words a person reads on or hears for the view (a label's text, a button's title, a
    /// field's placeholder, else its accessibility label), kept by the importers so that people
    /// can find their view; `nil` when the dump says none. Hit-testing ignores it.
    public var label: String?
    /// The identifier UI tests find the view by (`accessibilityIdentifier`; Android's
    /// `resource-id`), or `nil`. Hit-testing ignores it.
    public var accessibilityIdentifier: String?
    /// The view's `tag`, 0 when it has none. Hit-testing ignores it.
    public var tag: Int = 0

    /// Keys this version does not interpret (the event layer's, in scene files), kept as raw JSON
    /// text so that reading and writing a scene loses nothing.
    public var preservedJSON: [String: String] = [:]

    /// Creates a detached view with explicit bounds and center.
    ///
    /// `UILabel` and `UIImageView` start with ``isUserInteractionEnabled`` false, every other
    /// class with true.
    /// - Complexity: O(1).
    public init(id: String, className: String = "UIView", bounds: Rect, center: Point) {
        self.id = id
        self.className = className
        self.attributes = ViewAttributes(
            bounds: bounds, center: center,
            isUserInteractionEnabled: View.defaultUserInteractionEnabled(forClass: className))
    }

    /// Creates a detached view from a frame (identity transform, default anchor point).
    /// - Complexity: O(1).
    public convenience init(id: String, className: String = "UIView", frame: Rect) {
        self.init(id: id, className: className, bounds: Rect(origin: .zero, size: frame.size), center: .zero)
        self.frame = frame
    }

    /// Whether views of `className` start with user interaction enabled: false for `UILabel` and
    /// `UIImageView`, true otherwise.
    /// - Complexity: O(1).
    public static func defaultUserInteractionEnabled(forClass className: String) -> Bool {
        className != "UILabel" && className != "UIImageView"
    }

    // Releasing a chain a million views deep one `deinit` inside another would overflow the stack:
    // detach the subtree iteratively instead, so that each released view has no subviews left.
    deinit {
        guard !subviews.isEmpty else { return }
        var pending = subviews
        subviews = []
        while var view = pending.popLast() {
            if isKnownUniquelyReferenced(&view) {
                pending.append(contentsOf: view.subviews)
                view.subviews = []
            }
        }
    }
}

extension View: CustomStringConvertible {
    /// The class name and the id, as `<UIButton "Buy">`.
    /// - Complexity: O(length of the id and class name).
    public var description: String { "<\(className) \"\(id)\">" }
}
