extension ResponderGraph {
    /// `target(forAction:withSender:)` asked of `start`: the first responder of the chain from
    /// `start` (itself included) whose `canPerformAction` is true, or `nil`.
    /// - Complexity: O(length of the chain).
    public func target(forAction action: String, from start: Responder) -> Responder? {
        guard responder(withID: start.id) == start else { return nil }
        return chain(from: start).first { traits(of: $0).canPerformAction(action) }
    }

    /// `UIApplication.sendAction(_:to:from:for:)`: the responder that receives `action`, or `nil`
    /// when none does.
    ///
    /// - With a `target`, the action goes to it alone, if it implements the action;
    ///   `canPerformAction` is not asked (UIKit calls the method directly) [C].
    /// - With no target, the search starts at the first responder or, when there is none, at the
    ///   `sender`, and climbs the chain to the first responder that can perform it (vetoes are
    ///   passed over). With neither a first responder nor a sender, nobody receives it.
    /// - Complexity: O(length of the chain).
    public func sendAction(_ action: String, to target: Responder?, from sender: Responder?) -> Responder? {
        if let target {
            guard responder(withID: target.id) == target, traits(of: target).actions.contains(action) else {
                return nil
            }
            return target
        }
        guard let start = firstResponder ?? sender, responder(withID: start.id) == start else { return nil }
        return self.target(forAction: action, from: start)
    }
}
