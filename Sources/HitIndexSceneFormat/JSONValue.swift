/// A parsed JSON value, for the small documents read whole: the event-layer keys the scene reader
/// preserves as raw text, and the lines of an events file.
///
/// ``parse(_:)`` is strict where `JSONDecoder` is lenient: a key repeated in one object is an
/// error, not a silent "last one wins". Nesting is limited to ``maximumDepth`` levels: the parser
/// itself never recurses, but a value nested hundreds of thousands deep would overflow the stack
/// when compared or freed (both recurse through the enum).
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Why a text is not one JSON value.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The byte offset where the problem was found.
        public var offset: Int
        /// What is wrong: `duplicate key "id"`, `expected ':', found a number`, ….
        public var message: String

        /// Creates an error.
        /// - Complexity: O(1).
        public init(offset: Int, message: String) {
            self.offset = offset
            self.message = message
        }

        public var description: String { message }
    }

    /// The deepest nesting ``parse(_:)`` accepts.
    public static let maximumDepth = 512

    /// Parses exactly one JSON value (whitespace around it is fine).
    /// - Throws: a ``ParseError`` for bad syntax, a repeated key, nesting deeper than
    ///   ``maximumDepth``, or anything after the value.
    /// - Complexity: O(length of the text).
    public static func parse(_ text: String) throws(ParseError) -> JSONValue {
        var copy = text
        let result: Result<JSONValue, ParseError> = copy.withUTF8 { bytes in
            var scanner = JSONScanner(bytes)
            do throws(JSONScanner.SyntaxError) {
                return .success(try read(&scanner))
            } catch {
                return .failure(ParseError(offset: error.offset, message: error.message))
            }
        }
        return try result.get()
    }

    /// The members of the object `text` holds, in the order written (``parse(_:)`` returns them
    /// as a dictionary), each value as its raw JSON text; nil when `text` is not one JSON object.
    /// - Complexity: O(length of the text).
    public static func objectMembers(_ text: String) -> [(key: String, raw: String)]? {
        var copy = text
        return copy.withUTF8 { bytes -> [(key: String, raw: String)]? in
            var s = JSONScanner(bytes)
            do throws(JSONScanner.SyntaxError) {
                try s.expect(UInt8(ascii: "{"), "an object")
                var members: [(key: String, raw: String)] = []
                while !s.consume(UInt8(ascii: "}")) {
                    if !members.isEmpty { try s.expect(UInt8(ascii: ","), "',' or '}'") }
                    let key = try s.readString()
                    try s.expect(UInt8(ascii: ":"), "':'")
                    s.skipWhitespace()
                    let start = s.offset
                    try s.skipValue()
                    let raw = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<s.offset]), as: UTF8.self)
                    members.append((key, raw))
                }
                s.skipWhitespace()
                return s.isAtEnd ? members : nil
            } catch {
                return nil
            }
        }
    }

    /// An open container while reading: its elements so far, and for an object the key whose
    /// value is being read.
    private enum Open {
        case array([JSONValue])
        case object([String: JSONValue], key: String)
    }

    private static func read(_ s: inout JSONScanner) throws(JSONScanner.SyntaxError) -> JSONValue {
        var open: [Open] = []
        while true {
            guard open.count < maximumDepth else {
                throw s.error("nested deeper than \(maximumDepth) levels")
            }
            // One value: a scalar, an empty container, or the start of a non-empty one.
            var value: JSONValue
            switch s.peek() {
            case UInt8(ascii: "{"):
                _ = s.consume(UInt8(ascii: "{"))
                if s.consume(UInt8(ascii: "}")) {
                    value = .object([:])
                } else {
                    open.append(.object([:], key: try readKey(&s)))
                    continue
                }
            case UInt8(ascii: "["):
                _ = s.consume(UInt8(ascii: "["))
                if s.consume(UInt8(ascii: "]")) {
                    value = .array([])
                } else {
                    open.append(.array([]))
                    continue
                }
            case UInt8(ascii: "\""): value = .string(try s.readString())
            case UInt8(ascii: "t"), UInt8(ascii: "f"): value = .bool(try s.readBool())
            case UInt8(ascii: "n"):
                guard s.matchLiteral("null") else { throw s.error("expected a value, found \(s.found())") }
                value = .null
            case nil: throw s.error("expected a value, found the end of the text")
            default: value = .number(try s.readNumber())
            }
            // Close every container the value completes; stop at the first that goes on.
            closing: while true {
                guard let top = open.popLast() else {
                    s.skipWhitespace()
                    guard s.isAtEnd else { throw s.error("unexpected \(s.found()) after the value") }
                    return value
                }
                switch top {
                case .array(var items):
                    items.append(value)
                    if s.consume(UInt8(ascii: ",")) {
                        open.append(.array(items))
                        break closing
                    }
                    try s.expect(UInt8(ascii: "]"), "',' or ']'")
                    value = .array(items)
                case .object(var fields, let key):
                    guard fields[key] == nil else { throw s.error("duplicate key \"\(key)\"") }
                    fields[key] = value
                    if s.consume(UInt8(ascii: ",")) {
                        open.append(.object(fields, key: try readKey(&s)))
                        break closing
                    }
                    try s.expect(UInt8(ascii: "}"), "',' or '}'")
                    value = .object(fields)
                }
            }
        }
    }

    private static func readKey(_ s: inout JSONScanner) throws(JSONScanner.SyntaxError) -> String {
        let key = try s.readString()
        try s.expect(UInt8(ascii: ":"), "':'")
        return key
    }

    /// A short name of the value's type, for error messages: "a string", "a number", ….
    /// - Complexity: O(1).
    public var typeName: String {
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
