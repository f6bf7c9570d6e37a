import Foundation

/// A parsed JSON value: what the scene reader preserved as raw text for an event-layer key.
enum EventJSONValue: Decodable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([EventJSONValue])
    case object([String: EventJSONValue])

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let n = try? c.decode(Double.self) {
            self = .number(n)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([EventJSONValue].self) {
            self = .array(a)
        } else {
            self = .object(try c.decode([String: EventJSONValue].self))
        }
    }

    /// Parses raw JSON text (a fragment such as `"VC"` is fine); `nil` when it is not JSON.
    static func parse(_ text: String) -> EventJSONValue? {
        try? JSONDecoder().decode(EventJSONValue.self, from: Data(text.utf8))
    }

    /// A short name of the value's type, for error messages: "a string", "a number", ….
    var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a bool"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
