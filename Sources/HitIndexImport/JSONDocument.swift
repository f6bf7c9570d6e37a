/// A parsed JSON text: every value in one flat array, each with the 1-based line it starts on.
///
/// Containers refer to their elements by index into ``values`` instead of holding them, so that
/// neither parsing (an explicit stack), reading (index lookups) nor releasing (one array) recurses:
/// a document nested a million levels deep is refused or read, never a stack overflow. The parser
/// follows RFC 8259 strictly (no comments, no trailing commas, no bare control characters in
/// strings) except that duplicate keys are refused: a dump that names a field twice is ambiguous.
struct JSONDocument {
    /// One value; arrays and objects hold the indices of their elements in ``JSONDocument/values``.
    enum Value {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([Int])
        case object([Member])
    }

    /// One `"key": value` pair of an object, in document order.
    struct Member {
        var key: String
        var value: Int
    }

    /// Every value; elements come before the container that holds them.
    private(set) var values: [Value] = []
    /// The 1-based line where each value starts, parallel to ``values``.
    private(set) var lines: [Int] = []
    /// The index of the top-level value.
    private(set) var root = 0

    /// Parses `text`; a syntax error is an ``ImportError`` at the line where it is found.
    /// - Complexity: O(length of the text), iterative.
    init(parsing text: String) throws(ImportError) {
        var parser = JSONParser(Array(text.utf8))
        root = try parser.parseDocument(into: &self)
    }

    /// The value at `index`.
    /// - Complexity: O(1).
    subscript(_ index: Int) -> Value { values[index] }

    /// The line where the value at `index` starts.
    /// - Complexity: O(1).
    func line(of index: Int) -> Int { lines[index] }

    /// The member named `key` of the object at `index`, or `nil` when it is absent or the value is
    /// not an object.
    /// - Complexity: O(number of members).
    func member(_ key: String, of index: Int) -> Int? {
        guard case .object(let members) = values[index] else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// What kind of value is at `index`, for error messages ("expected an array, found a string").
    /// - Complexity: O(1).
    func kindName(of index: Int) -> String {
        switch values[index] {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// Appends a value and returns its index.
    fileprivate mutating func append(_ value: Value, line: Int) -> Int {
        values.append(value)
        lines.append(line)
        return values.count - 1
    }
}

/// The scanner behind ``JSONDocument``: bytes, an offset and the current line.
private struct JSONParser {
    /// A container whose elements are still being read. A struct mutated in place on the stack
    /// (not an enum re-pushed) so that appending an element never copies the ones read so far.
    private struct OpenContainer {
        var isObject: Bool
        /// The line of the `[` or `{`.
        var line: Int
        var elements: [Int] = []
        var members: [JSONDocument.Member] = []
        var keys: Set<String> = []
        /// The name of the member whose value is being read.
        var pendingKey = ""
        /// "an array" or "an object", for messages.
        var name: String { isObject ? "an object" : "an array" }
    }

    private let bytes: [UInt8]
    private var offset = 0
    /// The 1-based line of `bytes[offset]`; only whitespace can hold a line break (strings may not).
    private var line = 1

    /// A parser at the start of `bytes`.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        // A UTF-8 byte-order mark is not JSON, but editors on some systems write one.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
    }

    /// Reads the one top-level value, appending every value to `document`; returns the root index.
    mutating func parseDocument(into document: inout JSONDocument) throws(ImportError) -> Int {
        skipWhitespace()
        guard offset < bytes.count else { throw ImportError(line: 0, "the input is empty") }
        var stack: [OpenContainer] = []
        while true {
            // Read one value; a non-empty container is opened and its first element read next.
            let valueLine = line
            if offset >= bytes.count, let innermost = stack.last {
                throw unclosed(innermost.name, openedOn: innermost.line, expected: "a value")
            }
            var completed: Int
            switch peek() {
            case UInt8(ascii: "["):
                offset += 1
                skipWhitespace()
                if peek() == UInt8(ascii: "]") {
                    offset += 1
                    completed = document.append(.array([]), line: valueLine)
                } else {
                    stack.append(OpenContainer(isObject: false, line: valueLine))
                    continue
                }
            case UInt8(ascii: "{"):
                offset += 1
                skipWhitespace()
                if peek() == UInt8(ascii: "}") {
                    offset += 1
                    completed = document.append(.object([]), line: valueLine)
                } else {
                    let key = try readKey(after: "'{'", objectLine: valueLine)
                    stack.append(OpenContainer(isObject: true, line: valueLine, keys: [key], pendingKey: key))
                    continue
                }
            default:
                completed = document.append(try readScalar(), line: valueLine)
            }
            // Hand the value to the innermost open container; close every container that ends here.
            while true {
                guard let top = stack.indices.last else {
                    skipWhitespace()
                    guard offset >= bytes.count else {
                        throw ImportError(
                            line: line, "expected the end of the input after the top-level value, found \(found())")
                    }
                    return completed
                }
                if stack[top].isObject {
                    stack[top].members.append(JSONDocument.Member(key: stack[top].pendingKey, value: completed))
                } else {
                    stack[top].elements.append(completed)
                }
                skipWhitespace()
                let closing = stack[top].isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if peek() == UInt8(ascii: ",") {
                    offset += 1
                    skipWhitespace()
                    if stack[top].isObject {
                        let keyLine = line
                        let key = try readKey(after: "','", objectLine: stack[top].line)
                        guard stack[top].keys.insert(key).inserted else {
                            throw ImportError(
                                line: keyLine,
                                "duplicate key \"\(key)\" in the object opened on line \(stack[top].line)")
                        }
                        stack[top].pendingKey = key
                    }
                    break
                }
                guard peek() == closing else {
                    let expected = stack[top].isObject ? "',' or '}'" : "',' or ']'"
                    throw unclosed(stack[top].name, openedOn: stack[top].line, expected: expected)
                }
                offset += 1
                // popLast hands over the container's arrays without copying them.
                guard let done = stack.popLast() else { break }
                let value: JSONDocument.Value = done.isObject ? .object(done.members) : .array(done.elements)
                completed = document.append(value, line: done.line)
            }
        }
    }

    /// The error for a container that neither continues nor closes: at the end of the input it
    /// names where the container was opened (the usual sign of a truncated file).
    private func unclosed(_ container: String, openedOn openLine: Int, expected: String) -> ImportError {
        if offset >= bytes.count {
            return ImportError(line: line, "the input ends inside \(container) opened on line \(openLine)")
        }
        return ImportError(
            line: line, "expected \(expected) in \(container) opened on line \(openLine), found \(found())")
    }

    /// Reads `"key"` and the `:` after it, leaving the offset at the member's value.
    private mutating func readKey(after what: String, objectLine: Int) throws(ImportError) -> String {
        guard offset < bytes.count else {
            throw ImportError(line: line, "the input ends inside an object opened on line \(objectLine)")
        }
        guard peek() == UInt8(ascii: "\"") else {
            throw ImportError(line: line, "expected a member name (a string) after \(what), found \(found())")
        }
        let key = try readString()
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else {
            throw ImportError(line: line, "expected ':' after the member name \"\(key)\", found \(found())")
        }
        offset += 1
        skipWhitespace()
        return key
    }

    /// Reads a string, number, boolean or null.
    private mutating func readScalar() throws(ImportError) -> JSONDocument.Value {
        guard let next = peek() else { throw ImportError(line: line, "expected a value, found the end of the input") }
        switch next {
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): return try readLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try readLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try readLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try readNumber())
        default: throw ImportError(line: line, "expected a value, found \(found())")
        }
    }

    /// Reads `true`, `false` or `null`, spelled out in full.
    private mutating func readLiteral(_ word: String, _ value: JSONDocument.Value) throws(ImportError)
        -> JSONDocument.Value
    {
        let expected = Array(word.utf8)
        guard offset + expected.count <= bytes.count, bytes[offset..<offset + expected.count].elementsEqual(expected)
        else { throw ImportError(line: line, "expected a value, found \(found())") }
        offset += expected.count
        return value
    }

    /// Reads a number with RFC 8259's grammar, then converts the checked text (so that Swift's
    /// wider `Double(_:)` syntax — hex, "inf", "nan" — can never be reached).
    private mutating func readNumber() throws(ImportError) -> Double {
        let start = offset
        /// Consumes a run of ASCII digits and returns its length.
        func digits() -> Int {
            let first = offset
            while let b = peek(), b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") { offset += 1 }
            return offset - first
        }
        if peek() == UInt8(ascii: "-") { offset += 1 }
        if peek() == UInt8(ascii: "0") {
            offset += 1
        } else if digits() == 0 {
            throw ImportError(line: line, "expected digits in a number, found \(found())")
        }
        if peek() == UInt8(ascii: ".") {
            offset += 1
            guard digits() > 0 else { throw ImportError(line: line, "expected digits after '.', found \(found())") }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            offset += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { offset += 1 }
            guard digits() > 0 else {
                throw ImportError(line: line, "expected digits in an exponent, found \(found())")
            }
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        // Only an exponent too large overflows; it becomes ±infinity, which the importers refuse
        // with the field's name.
        guard let value = Double(text) else { throw ImportError(line: line, "unreadable number \(text)") }
        return value
    }

    /// Reads a string with its escapes; the offset is at the opening quote.
    private mutating func readString() throws(ImportError) -> String {
        let openLine = line
        offset += 1
        var utf8: [UInt8] = []
        var runStart = offset
        while offset < bytes.count {
            let b = bytes[offset]
            if b == UInt8(ascii: "\"") {
                utf8.append(contentsOf: bytes[runStart..<offset])
                offset += 1
                // Invalid UTF-8 was already repaired when the text became a String.
                return String(decoding: utf8, as: UTF8.self)
            }
            if b == 0x0A {
                throw ImportError(line: line, "unterminated string (a line break before the closing quote)")
            }
            if b < 0x20 {
                throw ImportError(
                    line: line, "control character 0x\(String(b, radix: 16)) in a string (JSON needs it escaped)")
            }
            if b == UInt8(ascii: "\\") {
                utf8.append(contentsOf: bytes[runStart..<offset])
                offset += 1
                try readEscape(into: &utf8)
                runStart = offset
                continue
            }
            offset += 1
        }
        throw ImportError(line: line, "the input ends inside a string opened on line \(openLine)")
    }

    /// Reads the escape after a backslash and appends its UTF-8.
    private mutating func readEscape(into utf8: inout [UInt8]) throws(ImportError) {
        guard offset < bytes.count else { throw ImportError(line: line, "the input ends inside an escape") }
        let e = bytes[offset]
        offset += 1
        switch e {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(e)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try readHex4()
            if (0xD800..<0xDC00).contains(scalar),
                bytes[offset...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")])
            {
                let save = offset
                offset += 2
                let low = try readHex4()
                if (0xDC00..<0xE000).contains(low) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    offset = save
                }
            }
            // A lone surrogate is no character: it becomes U+FFFD rather than refusing the file.
            let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
            utf8.append(contentsOf: Array(String(Character(character)).utf8))
        default:
            throw ImportError(line: line, "unknown escape '\\\(Character(Unicode.Scalar(e)))' in a string")
        }
    }

    /// Reads the 4 hex digits of a `\u` escape.
    private mutating func readHex4() throws(ImportError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard offset < bytes.count, let digit = hexValue(bytes[offset]) else {
                throw ImportError(line: line, "expected 4 hex digits after \\u, found \(found())")
            }
            value = value << 4 | digit
            offset += 1
        }
        return value
    }

    /// The value of one hex digit, or `nil`.
    private func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(b - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// The byte at the offset, or `nil` at the end.
    private func peek() -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    /// Skips JSON whitespace, counting line breaks.
    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x0A: line += 1
            case 0x20, 0x09, 0x0D: break
            default: return
            }
            offset += 1
        }
    }

    /// A short description of what is at the offset, for error messages.
    private func found() -> String {
        guard let b = peek() else { return "the end of the input" }
        switch b {
        case UInt8(ascii: "{"): return "'{'"
        case UInt8(ascii: "["): return "'['"
        case UInt8(ascii: "\""): return "a string"
        case 0x21..<0x7F: return "'\(Character(Unicode.Scalar(b)))'"
        default: return "byte 0x\(String(b, radix: 16))"
        }
    }
}
