/// What sort of object a responder is. The order of the cases is the order in which a chain
/// climbs: views, then view controllers, up to the application and its delegate.
public enum ResponderKind: String, Hashable, Sendable, CaseIterable {
    /// A view or a window's content (`UIView`).
    case view
    /// A view controller (`UIViewController`), named by a root view's `viewController` key.
    case viewController
    /// A window (`UIWindow`): one of the scene's windows.
    case window
    /// A window scene (`UIWindowScene`), named by a window's `windowScene` key.
    case windowScene
    /// The application (`UIApplication`).
    case application
    /// The application delegate, when it is a responder of its own (not a view, a view controller
    /// or the application).
    case applicationDelegate
}
