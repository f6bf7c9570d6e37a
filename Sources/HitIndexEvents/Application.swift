/// The application (`UIApplication`) and its delegate, from the scene's `application` key.
public struct Application: Hashable, Sendable {
    /// The application's responder id. `UIApplication` when the scene does not say.
    public var id: String
    /// The delegate's id, or `nil` when the application has none.
    public var delegate: String?
    /// False when the delegate is not a `UIResponder` (`"delegateIsResponder": false`): then it is
    /// never in the chain.
    public var delegateIsResponder: Bool

    /// Creates an application description.
    /// - Complexity: O(1).
    public init(id: String = "UIApplication", delegate: String? = nil, delegateIsResponder: Bool = true) {
        self.id = id
        self.delegate = delegate
        self.delegateIsResponder = delegateIsResponder
    }
}
