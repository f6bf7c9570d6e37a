/// What a responder answers to the first-responder and action questions of UIKit's
/// `UIResponder`, as data instead of overridden methods.
///
/// The defaults are `UIResponder`'s: a plain responder cannot become first responder, always
/// agrees to resign, and implements no actions.
public struct ResponderTraits: Hashable, Sendable {
    /// `canBecomeFirstResponder`. Default false, as in UIKit (text fields and the like override it).
    public var canBecomeFirstResponder: Bool
    /// `canResignFirstResponder`. Default true, as in UIKit.
    public var canResignFirstResponder: Bool
    /// The action names the responder implements (UIKit: the selectors it responds to).
    public var actions: Set<String>
    /// Implemented actions for which `canPerformAction(_:withSender:)` nevertheless answers false.
    /// A vetoed action is passed on up the chain as if the responder did not implement it.
    public var vetoedActions: Set<String>

    /// Creates traits; every argument defaults to `UIResponder`'s behaviour.
    /// - Complexity: O(a) for a actions.
    public init(
        canBecomeFirstResponder: Bool = false, canResignFirstResponder: Bool = true, actions: Set<String> = [],
        vetoedActions: Set<String> = []
    ) {
        self.canBecomeFirstResponder = canBecomeFirstResponder
        self.canResignFirstResponder = canResignFirstResponder
        self.actions = actions
        self.vetoedActions = vetoedActions
    }

    /// `canPerformAction(_:withSender:)`: implemented and not vetoed.
    /// - Complexity: O(1) expected.
    public func canPerformAction(_ action: String) -> Bool {
        actions.contains(action) && !vetoedActions.contains(action)
    }
}
