import HitIndex

/// A view controller (`UIViewController`): an id, its root view, and who presented it.
///
/// In a scene file a controller exists because a view names it in its `viewController` key; that
/// view is its root view. Through the Swift API the root view may also be a detached view (not in
/// any window), which is how a presented controller whose view has no superview is modelled.
public struct ViewController {
    /// The controller's responder id.
    public var id: String
    /// The controller's root view (`UIViewController.view`).
    public var rootView: View
    /// The id of the controller that presented this one, or `nil`.
    public var presentedBy: String?
    /// Whether the controller overrides the touch methods, and how (`handlesTouches`).
    public var handlesTouches: TouchHandling?

    /// Creates a controller description.
    /// - Complexity: O(1).
    public init(id: String, rootView: View, presentedBy: String? = nil, handlesTouches: TouchHandling? = nil) {
        self.id = id
        self.rootView = rootView
        self.presentedBy = presentedBy
        self.handlesTouches = handlesTouches
    }
}
