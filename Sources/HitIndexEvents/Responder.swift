/// One responder of a ``ResponderGraph``, by kind and id.
///
/// Ids are unique across every kind within one graph (the graph refuses clashes), so the id
/// alone names a responder; the kind is kept so that callers can branch on it.
public struct Responder: Hashable, Sendable, CustomStringConvertible {
    /// What sort of responder this is.
    public var kind: ResponderKind
    /// The id printed by `hitindex chain`.
    public var id: String

    /// Creates a responder reference. It means something only to the graph it came from.
    /// - Complexity: O(1).
    public init(kind: ResponderKind, id: String) {
        self.kind = kind
        self.id = id
    }

    /// The kind and the id: `view "Buy"`.
    /// - Complexity: O(length of the id).
    public var description: String { "\(kind.rawValue) \"\(id)\"" }
}
