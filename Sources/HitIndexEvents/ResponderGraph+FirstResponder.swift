import HitIndex

extension ResponderGraph {
    /// The traits of a responder: those set with ``setTraits(_:for:)``, else the defaults.
    /// - Complexity: O(1) expected.
    public func traits(of responder: Responder) -> ResponderTraits {
        traitsByResponder[responder] ?? ResponderTraits()
    }

    /// Sets what a responder answers to the first-responder and action questions.
    /// - Complexity: O(1) expected.
    public func setTraits(_ traits: ResponderTraits, for responder: Responder) {
        traitsByResponder[responder] = traits
    }

    /// Whether the responder is in one of the scene's windows: a window, a view under one, or a
    /// view controller whose root view is. Window scenes, the application and its delegate are not.
    /// - Complexity: O(depth).
    public func isInWindow(_ responder: Responder) -> Bool {
        let view: View?
        switch responder.kind {
        case .view, .window: view = viewsByID[responder.id]
        case .viewController: view = viewController(withID: responder.id)?.rootView
        case .windowScene, .application, .applicationDelegate: view = nil
        }
        guard var top = view else { return false }
        while let s = top.superview { top = s }
        return windowIDs.contains(ObjectIdentifier(top))
    }

    /// Why `becomeFirstResponder` would be refused now, or `nil` when it would succeed. Checks
    /// in order: known, `canBecomeFirstResponder`, in a window, the current one agrees to resign.
    /// Asking for the current first responder again succeeds.
    /// - Complexity: O(depth).
    public func refusalToBecomeFirstResponder(_ responder: Responder) -> FirstResponderRefusal? {
        guard self.responder(withID: responder.id) == responder else { return .unknownResponder }
        // Already the first responder: nothing to decide, whatever its traits say now.
        if firstResponder == responder { return nil }
        guard traits(of: responder).canBecomeFirstResponder else { return .cannotBecomeFirstResponder }
        guard isInWindow(responder) else { return .notInWindow }
        if let current = firstResponder, current != responder, !traits(of: current).canResignFirstResponder {
            return .currentWillNotResign(current)
        }
        return nil
    }

    /// `becomeFirstResponder()`: makes `responder` the first responder, after the current one
    /// resigns, unless ``refusalToBecomeFirstResponder(_:)`` has a reason. Returns whether it is
    /// the first responder now.
    /// - Complexity: O(depth).
    @discardableResult
    public func becomeFirstResponder(_ responder: Responder) -> Bool {
        guard refusalToBecomeFirstResponder(responder) == nil else { return false }
        firstResponder = responder
        return true
    }

    /// `resignFirstResponder()`: the first responder gives up its status unless its
    /// `canResignFirstResponder` is false. Returns false only for that refusal; resigning a
    /// responder that is not the first responder changes nothing and returns true, as
    /// `UIResponder`'s default does.
    /// - Complexity: O(1) expected.
    @discardableResult
    public func resignFirstResponder(_ responder: Responder) -> Bool {
        guard firstResponder == responder else { return true }
        guard traits(of: responder).canResignFirstResponder else { return false }
        firstResponder = nil
        return true
    }
}
