/// Why `becomeFirstResponder` was refused (semantics §6).
public enum FirstResponderRefusal: Hashable, Sendable {
    /// The responder is not in this graph.
    case unknownResponder
    /// Its `canBecomeFirstResponder` is false.
    case cannotBecomeFirstResponder
    /// It is not in a window: a detached view or a controller whose root view is detached, a
    /// window scene, the application or its delegate.
    case notInWindow
    /// The current first responder will not resign (`canResignFirstResponder` is false).
    case currentWillNotResign(Responder)
}
