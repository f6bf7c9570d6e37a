import HitIndex

/// One call of a touch method on a hit-test view, and how far it travelled up the chain.
///
/// The call is made on ``view`` with exactly that view's touches that changed in ``phase``
/// (ids ascending). Each responder's default touch method forwards the same call to its next
/// responder, so the call reaches ``reached`` in order until a responder that consumes it, or
/// the end of the chain. ``handlers`` are the responders among them that override the method
/// (`handlesTouches`): they are the ones that log.
public struct TouchDelivery: Hashable, Sendable, CustomStringConvertible {
    /// The hit-test view the touches are bound to.
    public var view: Responder
    /// `began`, `moved`, `ended` or `cancelled` (never `stationary`).
    public var phase: TouchPhase
    /// The touches delivered, ids ascending.
    public var touchIDs: [Int]
    /// Every responder whose touch method ran, ``view`` first, in chain order.
    public var reached: [Responder]
    /// The responders of ``reached`` with `handlesTouches` (`consume` or `forward`), in order.
    public var handlers: [Responder]
    /// The time of the input event the touches changed in (for a late delivery, the original
    /// time, as UIKit keeps the touch's timestamp).
    public var time: Double
    /// Where each touch of ``touchIDs`` was, in screen coordinates, at ``time`` (the original
    /// location for a late delivery).
    public var locations: [Point]
    /// Whether the call was held back by a recognizer (`delaysTouchesBegan`/`Ended`) and made
    /// after the event it belongs to.
    public var isLate: Bool

    /// Creates a delivery record.
    /// - Complexity: O(1).
    public init(
        view: Responder, phase: TouchPhase, touchIDs: [Int], reached: [Responder], handlers: [Responder],
        time: Double = 0, locations: [Point] = [], isLate: Bool = false
    ) {
        self.time = time
        self.locations = locations
        self.isLate = isLate
        self.view = view
        self.phase = phase
        self.touchIDs = touchIDs
        self.reached = reached
        self.handlers = handlers
    }

    /// The log lines of this delivery, one per handler, as `hitindex touch` prints them:
    /// `AView touchesBegan 1,2`.
    /// - Complexity: O(handlers × touches).
    public var logLines: [String] {
        let ids = touchIDs.map(String.init).joined(separator: ",")
        return handlers.map { "\($0.id) \(phase.methodName ?? phase.rawValue) \(ids)" }
    }

    /// The call and the responders it reached: `AView touchesBegan 1 → AView → ViewController`.
    /// - Complexity: O(reached + touches).
    public var description: String {
        "\(view.id) \(phase.methodName ?? phase.rawValue) \(touchIDs.map(String.init).joined(separator: ",")) → "
            + reached.map(\.id).joined(separator: " → ")
    }
}
