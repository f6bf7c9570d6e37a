/// A first-responder or action request in an events file, between touches: what a text field's
/// tap, a keyboard shortcut or a menu command asks of UIKit's responder machinery.
public enum ResponderCommand: Hashable, Sendable {
    /// `{"becomeFirstResponder": "ID"}`: `becomeFirstResponder()` on that responder.
    case becomeFirstResponder(String)
    /// `{"resignFirstResponder": "ID"}`: `resignFirstResponder()` on that responder.
    case resignFirstResponder(String)
    /// `{"sendAction": "copy:", "to": "ID", "from": "ID"}`: `UIApplication.sendAction(_:to:from:for:)`,
    /// `to` and `from` optional (no target: the first responder's chain).
    case sendAction(String, to: String?, from: String?)

    /// The keys that make an events line a responder command.
    static let keys: Set<String> = ["becomeFirstResponder", "resignFirstResponder", "sendAction"]

    /// Parses the fields of one line that has a command key.
    static func parse(_ fields: [String: EventJSONValue]) throws(TouchInputError) -> ResponderCommand {
        let present = keys.filter { fields[$0] != nil }.sorted()
        guard present.count == 1, let key = present.first else {
            throw TouchInputError(
                message: "expected one of becomeFirstResponder, resignFirstResponder or sendAction, "
                    + "got \(present.joined(separator: " and "))")
        }
        let allowed: Set<String> = key == "sendAction" ? [key, "to", "from"] : [key]
        for other in fields.keys.sorted() where !allowed.contains(other) {
            throw TouchInputError(
                message: "\(key): unknown key \"\(other)\" (expected \(allowed.sorted().joined(separator: ", ")))")
        }
        func id(_ name: String) throws(TouchInputError) -> String? {
            guard let v = fields[name] else { return nil }
            guard case .string(let s) = v, !s.isEmpty else {
                throw TouchInputError(message: "\(name): expected a non-empty string, got \(v.typeName)")
            }
            return s
        }
        switch key {
        case "becomeFirstResponder": return .becomeFirstResponder(try id(key)!)
        case "resignFirstResponder": return .resignFirstResponder(try id(key)!)
        default: return .sendAction(try id(key)!, to: try id("to"), from: try id("from"))
        }
    }
}

/// What a ``ResponderCommand`` did, or an action a control sent, as `hitindex touch` logs it.
public struct ResponderEvent: Hashable, Sendable, CustomStringConvertible {
    /// What happened.
    public enum Outcome: Hashable, Sendable {
        /// The responder became first responder (or already was).
        case becameFirstResponder(Responder)
        /// `becomeFirstResponder` was refused, and why.
        case refusedFirstResponder(String, FirstResponderRefusal)
        /// The responder resigned (or was not first responder).
        case resigned(Responder)
        /// The first responder would not resign.
        case refusedToResign(Responder)
        /// An action was sent: its name, the control and event that sent it (for a control's
        /// target–action), and the responder that received it, or `nil` for nobody.
        case action(String, sender: String?, event: ControlEvent?, receiver: Responder?)
    }

    /// What happened.
    public var outcome: Outcome
    /// The time of the last event or advance before it (0 before any).
    public var time: Double

    /// Creates a record.
    /// - Complexity: O(1).
    public init(outcome: Outcome, time: Double) {
        self.outcome = outcome
        self.time = time
    }

    /// `Field becomeFirstResponder`, `copy: -> ViewController`, `Buy touchUpInside buy: -> Cart`.
    /// - Complexity: O(length of the line).
    public var logLine: String {
        switch outcome {
        case .becameFirstResponder(let r): return "\(r.id) becomeFirstResponder"
        case .refusedFirstResponder(let id, let refusal):
            let why: String
            switch refusal {
            case .unknownResponder: why = "no such responder"
            case .cannotBecomeFirstResponder: why = "canBecomeFirstResponder is false"
            case .notInWindow: why = "not in a window"
            case .currentWillNotResign(let current): why = "\(current.id) will not resign"
            }
            return "\(id) becomeFirstResponder refused: \(why)"
        case .resigned(let r): return "\(r.id) resignFirstResponder"
        case .refusedToResign(let r): return "\(r.id) resignFirstResponder refused: canResignFirstResponder is false"
        case .action(let name, let sender, let event, let receiver):
            let from = [sender, event?.rawValue].compactMap { $0 }.joined(separator: " ")
            return (from.isEmpty ? "" : from + " ") + "\(name) -> \(receiver?.id ?? "nobody")"
        }
    }

    /// The log line with the time: `Field becomeFirstResponder (t 0.2)`.
    /// - Complexity: O(length of the line).
    public var description: String { "\(logLine) (t \(time))" }
}
