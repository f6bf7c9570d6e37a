import HitIndexSceneFormat

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
        var copy = text
        var document = JSONDocument()
        let root = copy.withUTF8 { bytes -> Result<Int, ImportError> in
            // A UTF-8 byte-order mark is not JSON, but editors on some systems write one.
            let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? UnsafeBufferPointer(rebasing: bytes[3...]) : bytes
            // Lone surrogates become U+FFFD rather than refusing a dump over one character.
            var parser = JSONParser(JSONScanner(body, replacingLoneSurrogates: true))
            do throws(ImportError) {
                return .success(try parser.parseDocument(into: &document))
            } catch {
                return .failure(error)
            }
        }
        self = document
        self.root = try root.get()
    }

    private init() {}

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

/// The container structure behind ``JSONDocument``, over the package's one JSON tokenizer
/// (``JSONScanner``, which reads the strings, numbers and literals): an explicit stack of open
/// containers, each value's line, duplicate keys, and errors that say where a container began.
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

    private var scanner: JSONScanner
    /// Line breaks are counted up to here; only whitespace can hold one (strings may not).
    private var countedTo = 0
    private var countedLine = 1

    init(_ scanner: JSONScanner) {
        self.scanner = scanner
    }

    /// The 1-based line of the scanner's offset (offsets only move forward).
    private var line: Int {
        mutating get {
            let end = min(scanner.offset, scanner.bytes.count)
            while countedTo < end {
                if scanner.bytes[countedTo] == 0x0A { countedLine += 1 }
                countedTo += 1
            }
            return countedLine
        }
    }

    private var atEnd: Bool { scanner.offset >= scanner.bytes.count }

    /// A tokenizer error as an import error, at the line of the byte it names.
    private mutating func imported(_ error: JSONScanner.SyntaxError) -> ImportError {
        var lineOfError = 1
        for b in scanner.bytes[..<min(error.offset, scanner.bytes.count)] where b == 0x0A { lineOfError += 1 }
        return ImportError(line: lineOfError, error.message)
    }

    /// Reads the one top-level value, appending every value to `document`; returns the root index.
    mutating func parseDocument(into document: inout JSONDocument) throws(ImportError) -> Int {
        scanner.skipWhitespace()
        guard !atEnd else { throw ImportError(line: 0, "the input is empty") }
        var stack: [OpenContainer] = []
        while true {
            // Read one value; a non-empty container is opened and its first element read next.
            scanner.skipWhitespace()
            let valueLine = line
            if atEnd, let innermost = stack.last {
                throw unclosed(innermost.name, openedOn: innermost.line, expected: "a value")
            }
            var completed: Int
            if scanner.consume(UInt8(ascii: "[")) {
                if scanner.consume(UInt8(ascii: "]")) {
                    completed = document.append(.array([]), line: valueLine)
                } else {
                    stack.append(OpenContainer(isObject: false, line: valueLine))
                    continue
                }
            } else if scanner.consume(UInt8(ascii: "{")) {
                if scanner.consume(UInt8(ascii: "}")) {
                    completed = document.append(.object([]), line: valueLine)
                } else {
                    let key = try readKey(after: "'{'", objectLine: valueLine)
                    stack.append(OpenContainer(isObject: true, line: valueLine, keys: [key], pendingKey: key))
                    continue
                }
            } else {
                completed = document.append(try readScalar(), line: valueLine)
            }
            // Hand the value to the innermost open container; close every container that ends here.
            while true {
                guard let top = stack.indices.last else {
                    scanner.skipWhitespace()
                    guard atEnd else {
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
                let closing = stack[top].isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if scanner.consume(UInt8(ascii: ",")) {
                    if stack[top].isObject {
                        scanner.skipWhitespace()
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
                guard scanner.consume(closing) else {
                    let expected = stack[top].isObject ? "',' or '}'" : "',' or ']'"
                    throw unclosed(stack[top].name, openedOn: stack[top].line, expected: expected)
                }
                // popLast hands over the container's arrays without copying them.
                guard let done = stack.popLast() else { break }
                let value: JSONDocument.Value = done.isObject ? .object(done.members) : .array(done.elements)
                completed = document.append(value, line: done.line)
            }
        }
    }

    /// The error for a container that neither continues nor closes: at the end of the input it
    /// names where the container was opened (the usual sign of a truncated file).
    private mutating func unclosed(_ container: String, openedOn openLine: Int, expected: String) -> ImportError {
        scanner.skipWhitespace()
        if atEnd {
            return ImportError(line: line, "the input ends inside \(container) opened on line \(openLine)")
        }
        return ImportError(
            line: line, "expected \(expected) in \(container) opened on line \(openLine), found \(found())")
    }

    /// Reads `"key"` and the `:` after it, leaving the offset at the member's value.
    private mutating func readKey(after what: String, objectLine: Int) throws(ImportError) -> String {
        guard let next = scanner.peek() else {
            throw ImportError(line: line, "the input ends inside an object opened on line \(objectLine)")
        }
        guard next == UInt8(ascii: "\"") else {
            throw ImportError(line: line, "expected a member name (a string) after \(what), found \(found())")
        }
        let key: String
        do throws(JSONScanner.SyntaxError) {
            key = try scanner.readString()
        } catch {
            throw imported(error)
        }
        guard scanner.consume(UInt8(ascii: ":")) else {
            throw ImportError(line: line, "expected ':' after the member name \"\(key)\", found \(found())")
        }
        return key
    }

    /// Reads a string, number, boolean or null.
    private mutating func readScalar() throws(ImportError) -> JSONDocument.Value {
        guard let next = scanner.peek() else {
            throw ImportError(line: line, "expected a value, found the end of the input")
        }
        do throws(JSONScanner.SyntaxError) {
            switch next {
            case UInt8(ascii: "\""): return .string(try scanner.readString())
            case UInt8(ascii: "t"):
                guard scanner.matchLiteral("true") else { break }
                return .bool(true)
            case UInt8(ascii: "f"):
                guard scanner.matchLiteral("false") else { break }
                return .bool(false)
            case UInt8(ascii: "n"):
                guard scanner.matchLiteral("null") else { break }
                return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try scanner.readNumber())
            default: break
            }
        } catch {
            throw imported(error)
        }
        throw ImportError(line: line, "expected a value, found \(found())")
    }

    /// A short description of what is next, for error messages.
    private mutating func found() -> String {
        scanner.skipWhitespace()
        return atEnd ? "the end of the input" : scanner.found()
    }
}
