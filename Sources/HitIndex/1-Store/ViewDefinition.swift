/// One view of a bulk load: plain values, with the superview and the redirect target named by
/// their positions in the same input, so that an engine can describe its tree without creating a
/// `View` object per view.
///
/// ```swift
/// var window = ViewDefinition(frame: Rect(x: 0, y: 0, width: 390, height: 844))
/// window.id = "Window"
/// var button = ViewDefinition(frame: Rect(x: 20, y: 100, width: 120, height: 44), parent: 0)
/// button.userValue = 42
/// let live = try LiveIndex(views: [window, button])
/// live.snapshot.hitTest(Point(x: 30, y: 120))?.userValue   // 42
/// ```
///
/// A definition without a parent is a window. Subviews are ordered back to front by ``order``,
/// then by their positions in the input; windows by ``windowLevel``, then ``order``, then input
/// position (the order they were added, as ``Scene/windows`` lists them).
public struct ViewDefinition: Sendable {
    /// The view's attributes (geometry, flags, hit-region options).
    public var attributes: ViewAttributes
    /// The position of the superview in the input, or nil for a window.
    public var parent: Int?
    /// The view's place among its siblings: smaller is further back. Ties keep input order, so
    /// an input that lists siblings back to front may leave every order at 0.
    public var order: Int
    /// A window's level (ignored for a view with a parent).
    public var windowLevel: Double
    /// The caller's value, returned with every hit on this view.
    public var userValue: UInt64
    /// An optional id, unique among the views that have one; nil or empty for none.
    public var id: String?
    /// The position in the input of the view that takes this view's hits (semantics §7), if any.
    public var redirectTarget: Int?
    /// A declared `point(inside:with:)` override, if any (semantics §5).
    public var hitPredicate: (@Sendable (Point) -> Bool)?

    /// A definition with these attributes; every other field at its default (a window, order 0,
    /// level 0, user value 0, no id, no redirect, no predicate unless given).
    /// - Complexity: O(1).
    public init(
        _ attributes: ViewAttributes, parent: Int? = nil, order: Int = 0, userValue: UInt64 = 0, id: String? = nil
    ) {
        self.attributes = attributes
        self.parent = parent
        self.order = order
        windowLevel = 0
        self.userValue = userValue
        self.id = id
        redirectTarget = nil
        hitPredicate = nil
    }

    /// A definition with bounds `(0, 0, frame.size)` and the center `View.frame`'s setter gives
    /// for the default anchor point; every other field as in
    /// ``init(_:parent:order:userValue:id:)``.
    /// - Complexity: O(1).
    public init(frame: Rect, parent: Int? = nil, order: Int = 0, userValue: UInt64 = 0, id: String? = nil) {
        var attributes = ViewAttributes(bounds: Rect(origin: .zero, size: frame.size), center: .zero)
        // The model's setter, operation for operation (semantics §4).
        attributes.center = Point(
            x: frame.origin.x + attributes.anchorPoint.x * frame.size.width,
            y: frame.origin.y + attributes.anchorPoint.y * frame.size.height)
        self.init(attributes, parent: parent, order: order, userValue: userValue, id: id)
    }
}
