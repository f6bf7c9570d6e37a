/// How a responder that overrides the touch methods treats a touch (scene key `handlesTouches`).
///
/// ``TouchDispatcher`` acts on it; a responder without it forwards touches silently.
public enum TouchHandling: String, Hashable, Sendable {
    /// Overrides the touch methods without calling the default: the touch stops here.
    case consume
    /// Logs, then calls the default, which forwards to the next responder.
    case forward
}
