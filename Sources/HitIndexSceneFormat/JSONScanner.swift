/// A pull scanner over JSON bytes, the package's one JSON tokenizer: the scene reader asks for
/// exactly the value it expects next; `JSONValue` and the importers' `JSONDocument` build their
/// trees from its tokens.
///
/// It never recurses (``skipValue()`` counts brackets), so a document nested a million levels
/// deep cannot overflow the stack. It lives only inside the reader's `withUnsafeBufferPointer`
/// closure and never escapes it.
package struct JSONScanner {
    /// A syntax error at a byte offset; the reader adds the JSON path and line/column.
    package struct SyntaxError: Error {
        package var offset: Int
        package var message: String
    }

    package let bytes: UnsafeBufferPointer<UInt8>
    package private(set) var offset = 0

    /// Whether a `\u` escape of a lone surrogate reads as U+FFFD (real UI dumps hold them)
    /// instead of being refused (the scene format's rule).
    package var replacesLoneSurrogates = false

    package init(_ bytes: UnsafeBufferPointer<UInt8>, replacingLoneSurrogates: Bool = false) {
        self.bytes = bytes
        replacesLoneSurrogates = replacingLoneSurrogates
    }

    package var isAtEnd: Bool { offset >= bytes.count }

    package func error(_ message: String) -> SyntaxError { SyntaxError(offset: offset, message: message) }

    /// The next non-whitespace byte, without consuming it; `nil` at the end.
    package mutating func peek() -> UInt8? {
        skipWhitespace()
        return offset < bytes.count ? bytes[offset] : nil
    }

    package mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x0A, 0x0D, 0x09: offset += 1
            default: return
            }
        }
    }

    /// Consumes `byte` (after whitespace) or throws, naming what was expected.
    package mutating func expect(_ byte: UInt8, _ what: @autoclosure () -> String) throws(SyntaxError) {
        guard peek() == byte else { throw error("expected \(what()), found \(found())") }
        offset += 1
    }

    /// Consumes `byte` if it is next (after whitespace).
    package mutating func consume(_ byte: UInt8) -> Bool {
        if peek() == byte {
            offset += 1
            return true
        }
        return false
    }

    /// A short description of what is at the current offset, for error messages.
    package func found() -> String {
        guard offset < bytes.count else { return "the end of the file" }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return "an object"
        case UInt8(ascii: "["): return "an array"
        case UInt8(ascii: "\""): return "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean"
        case UInt8(ascii: "n") where offset + 4 <= bytes.count && bytes[offset + 1] == UInt8(ascii: "u"):
            return "null"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return "a number"
        case let b where b >= 0x20 && b < 0x7F: return "'\(Character(Unicode.Scalar(b)))'"
        case let b: return "byte 0x\(String(b, radix: 16))"
        }
    }

    /// A raw line break inside a string: most often a missing closing quote.
    private static let lineBreakInString = "unterminated string (a line break before the closing quote)"

    /// Reads a string value.
    package mutating func readString() throws(SyntaxError) -> String {
        guard peek() == UInt8(ascii: "\"") else { throw error("expected a string, found \(found())") }
        offset += 1
        let start = offset
        // Fast path: no escapes.
        while offset < bytes.count {
            let b = bytes[offset]
            if b == UInt8(ascii: "\"") {
                let s = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
                offset += 1
                return s
            }
            if b == UInt8(ascii: "\\") { break }
            if b == 0x0A { throw error(Self.lineBreakInString) }
            if b < 0x20 { throw error("control character in a string") }
            offset += 1
        }
        var utf8 = Array(bytes[start..<offset])
        while offset < bytes.count {
            let b = bytes[offset]
            offset += 1
            switch b {
            case UInt8(ascii: "\""):
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard offset < bytes.count else { break }
                let e = bytes[offset]
                offset += 1
                switch e {
                case UInt8(ascii: "\""): utf8.append(0x22)
                case UInt8(ascii: "\\"): utf8.append(0x5C)
                case UInt8(ascii: "/"): utf8.append(0x2F)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try readHex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        // A high surrogate must be followed by an escaped low surrogate.
                        let save = offset
                        if offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"),
                            bytes[offset + 1] == UInt8(ascii: "u")
                        {
                            offset += 2
                            let low = try readHex4()
                            if (0xDC00..<0xE000).contains(low) {
                                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                            } else {
                                offset = save
                            }
                        }
                    }
                    guard let character = Unicode.Scalar(scalar) else {
                        // A lone surrogate is no character.
                        guard replacesLoneSurrogates else { throw error("unpaired surrogate in a \\u escape") }
                        utf8.append(contentsOf: [0xEF, 0xBF, 0xBD])  // U+FFFD
                        continue
                    }
                    utf8.append(contentsOf: String(Character(character)).utf8)
                default:
                    offset -= 1
                    throw error("invalid escape in a string")
                }
            default:
                if b < 0x20 {
                    offset -= 1
                    throw error(b == 0x0A ? Self.lineBreakInString : "control character in a string")
                }
                utf8.append(b)
            }
        }
        throw error("unterminated string")
    }

    /// Reads a string that needs no decoding (no escape, no control character) and returns its
    /// bytes' positions, quotes excluded, without making a `String`; returns nil, having consumed
    /// nothing but whitespace, for any other string, which ``readString()`` then reads (or
    /// refuses, with its own message).
    /// - Complexity: O(length).
    package mutating func readPlainString() -> Range<Int>? {
        guard peek() == UInt8(ascii: "\"") else { return nil }
        var end = offset + 1
        while end < bytes.count {
            let b = bytes[end]
            if b == UInt8(ascii: "\"") {
                let range = (offset + 1)..<end
                offset = end + 1
                return range
            }
            if b == UInt8(ascii: "\\") || b < 0x20 { return nil }
            end += 1
        }
        return nil
    }

    private mutating func readHex4() throws(SyntaxError) -> UInt32 {
        guard offset + 4 <= bytes.count else { throw error("truncated \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[offset]
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw error("invalid \\u escape")
            }
            v = v << 4 | digit
            offset += 1
        }
        return v
    }

    /// Reads a number with JSON's grammar, correctly rounded to the nearest `Double` (values too
    /// large become infinite, for the reader to refuse).
    package mutating func readNumber() throws(SyntaxError) -> Double {
        skipWhitespace()
        let start = offset
        var negative = false
        if offset < bytes.count && bytes[offset] == UInt8(ascii: "-") {
            negative = true
            offset += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0  // significant digits accumulated into `mantissa`
        var exponent = 0  // decimal exponent applied to `mantissa`
        var exact = true  // `mantissa` holds every digit
        let intStart = offset
        while offset < bytes.count, case let b = bytes[offset], b >= 0x30 && b <= 0x39 {
            accumulate(b, &mantissa, &digits, &exponent, &exact, fractional: false)
            offset += 1
        }
        let intDigits = offset - intStart
        guard intDigits > 0 else {
            throw error(
                negative ? "expected digits after '-', found \(found())" : "expected a number, found \(found())")
        }
        if intDigits > 1 && bytes[intStart] == UInt8(ascii: "0") {
            offset = intStart
            throw error("a number may not start with 0")
        }
        if offset < bytes.count && bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            let fracStart = offset
            while offset < bytes.count, case let b = bytes[offset], b >= 0x30 && b <= 0x39 {
                accumulate(b, &mantissa, &digits, &exponent, &exact, fractional: true)
                offset += 1
            }
            guard offset > fracStart else { throw error("expected digits after '.'") }
        }
        if offset < bytes.count && (bytes[offset] | 0x20) == UInt8(ascii: "e") {
            offset += 1
            var expNegative = false
            if offset < bytes.count && (bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-")) {
                expNegative = bytes[offset] == UInt8(ascii: "-")
                offset += 1
            }
            let expStart = offset
            var e = 0
            while offset < bytes.count, case let b = bytes[offset], b >= 0x30 && b <= 0x39 {
                if e < 100_000 { e = e * 10 + Int(b - 0x30) }
                offset += 1
            }
            guard offset > expStart else { throw error("expected digits in the exponent") }
            exponent += expNegative ? -e : e
        }
        // Clinger's fast path: an exact mantissa below 2^53 times an exact power of ten is one
        // correctly rounded IEEE operation.
        if exact && mantissa < (1 << 53) && exponent >= -22 && exponent <= 22 {
            var v = Double(mantissa)
            if exponent >= 0 { v *= Self.powersOfTen[exponent] } else { v /= Self.powersOfTen[-exponent] }
            return negative ? -v : v
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        guard let v = Double(text) else { throw error("invalid number") }
        return v
    }

    @inline(__always)
    private func accumulate(
        _ b: UInt8, _ mantissa: inout UInt64, _ digits: inout Int, _ exponent: inout Int, _ exact: inout Bool,
        fractional: Bool
    ) {
        let d = UInt64(b - 0x30)
        if digits == 0 && d == 0 {
            // Leading zeros carry no significance.
            if fractional { exponent -= 1 }
            return
        }
        if digits < 19 {
            mantissa = mantissa * 10 + d
            digits += 1
            if fractional { exponent -= 1 }
        } else {
            // Further digits are dropped from the mantissa; the slow path handles the rest.
            if d != 0 { exact = false }
            if !fractional { exponent += 1 }
        }
    }

    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
        1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Reads `true` or `false`.
    package mutating func readBool() throws(SyntaxError) -> Bool {
        if matchLiteral("true") { return true }
        if matchLiteral("false") { return false }
        throw error("expected true or false, found \(found())")
    }

    /// Consumes the literal (after whitespace) if it is next.
    package mutating func matchLiteral(_ literal: StaticString) -> Bool {
        skipWhitespace()
        let n = literal.utf8CodeUnitCount
        guard offset + n <= bytes.count else { return false }
        let p = literal.utf8Start
        for i in 0..<n where bytes[offset + i] != p[i] { return false }
        offset += n
        return true
    }

    /// Skips one complete value of any kind, checking its syntax, without recursion.
    package mutating func skipValue() throws(SyntaxError) {
        // Each entry: true for an object, false for an array; `first` tracks the first element.
        var containers: [Bool] = []
        var first = false
        while true {
            if let isObject = containers.last {
                let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if consume(close) {
                    containers.removeLast()
                    first = false
                    if containers.isEmpty { return }
                    continue
                }
                if !first { try expect(UInt8(ascii: ","), "',' or '\(Character(Unicode.Scalar(close)))'") }
                first = false
                if isObject {
                    _ = try readString()
                    try expect(UInt8(ascii: ":"), "':'")
                }
            }
            switch peek() {
            case UInt8(ascii: "{"):
                offset += 1
                containers.append(true)
                first = true
                continue
            case UInt8(ascii: "["):
                offset += 1
                containers.append(false)
                first = true
                continue
            case UInt8(ascii: "\""): _ = try readString()
            case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try readBool()
            case UInt8(ascii: "n"):
                guard matchLiteral("null") else { throw error("expected a value, found \(found())") }
            default: _ = try readNumber()
            }
            if containers.isEmpty { return }
        }
    }

    /// Line and column (1-based) of a byte offset, for error messages.
    package func lineAndColumn(of target: Int) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        var i = 0
        let end = Swift.min(target, bytes.count)
        while i < end {
            if bytes[i] == 0x0A {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        return (line, end - lineStart + 1)
    }
}
