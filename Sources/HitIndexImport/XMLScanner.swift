/// A pull scanner for the small XML subset that hierarchy dumps use: elements with attributes,
/// self-closing elements, the `<?xml …?>` declaration, comments and whitespace between elements.
///
/// It checks well-formedness as it goes (one root element, end tags that match, quoted attribute
/// values, no duplicate attributes, known entities) and reports each problem with the 1-based line
/// where it is found. Text content, CDATA and DOCTYPE declarations do not occur in dumps and are
/// refused rather than guessed at. It never recurses: open elements are a stack of names.
struct XMLScanner {
    /// One element start tag.
    struct StartTag {
        /// The element name, e.g. `node`.
        var name: String
        /// The attributes in document order, entities already decoded.
        var attributes: [Attribute]
        /// The line of the `<`.
        var line: Int
        /// `<name …/>`: no end tag follows (and no ``Event/end(name:line:)`` is reported for it).
        var isSelfClosing: Bool

        /// The attribute `name`, or `nil`.
        /// - Complexity: O(number of attributes).
        func attribute(_ name: String) -> Attribute? { attributes.first { $0.name == name } }
    }

    /// One `name="value"` of a start tag.
    struct Attribute {
        var name: String
        /// The value with entities decoded.
        var value: String
        /// The line of the attribute's name, for errors about its value.
        var line: Int
    }

    /// What ``next()`` found.
    enum Event {
        case start(StartTag)
        /// An end tag, already matched against its start tag.
        case end(name: String, line: Int)
        /// The input is over, after a complete root element.
        case endOfInput
    }

    private let bytes: [UInt8]
    private var offset = 0
    /// The 1-based line of `bytes[offset]`.
    private var line = 1
    /// The names of the open elements, with the line of each start tag.
    private var open: [(name: String, line: Int)] = []
    private var sawRoot = false

    /// A scanner over `text`.
    /// - Complexity: O(length of the text) to copy its UTF-8.
    init(_ text: String) {
        bytes = Array(text.utf8)
        // A UTF-8 byte-order mark may precede the XML declaration.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
    }

    /// The current 1-based line (the end of the input once ``Event/endOfInput`` was returned).
    var currentLine: Int { line }

    /// The next start tag, end tag or the end of the input; skips whitespace, comments and
    /// processing instructions.
    /// - Complexity: O(length of what it reads).
    mutating func next() throws(ImportError) -> Event {
        while true {
            skipWhitespace()
            guard offset < bytes.count else {
                if let innermost = open.last {
                    throw ImportError(
                        line: line, "the input ends inside <\(innermost.name)> opened on line \(innermost.line)")
                }
                guard sawRoot else { throw ImportError(line: 0, "the input holds no XML element") }
                return .endOfInput
            }
            guard bytes[offset] == UInt8(ascii: "<") else {
                let context = open.last.map { " inside <\($0.name)> opened on line \($0.line)" } ?? ""
                throw ImportError(line: line, "unexpected text\(context): expected '<'")
            }
            if starts(with: "<?") {
                try skip(past: "?>", what: "a processing instruction")
            } else if starts(with: "<!--") {
                try skip(past: "-->", what: "a comment")
            } else if starts(with: "<!") {
                throw ImportError(line: line, "DOCTYPE and CDATA sections are not supported in a hierarchy dump")
            } else if starts(with: "</") {
                return try readEndTag()
            } else {
                return .start(try readStartTag())
            }
        }
    }

    /// Reads `<name attr="v" …>` or `<name …/>`; the offset is at the `<`.
    private mutating func readStartTag() throws(ImportError) -> StartTag {
        let tagLine = line
        if sawRoot && open.isEmpty {
            throw ImportError(line: line, "a second root element: the document already ended")
        }
        offset += 1
        let name = try readName("an element name after '<'")
        var attributes: [Attribute] = []
        while true {
            let hadSpace = skipWhitespace()
            guard offset < bytes.count else {
                throw ImportError(line: line, "the input ends inside the start tag <\(name)> opened on line \(tagLine)")
            }
            if bytes[offset] == UInt8(ascii: ">") {
                offset += 1
                sawRoot = true
                open.append((name, tagLine))
                return StartTag(name: name, attributes: attributes, line: tagLine, isSelfClosing: false)
            }
            if starts(with: "/>") {
                offset += 2
                sawRoot = true
                return StartTag(name: name, attributes: attributes, line: tagLine, isSelfClosing: true)
            }
            guard hadSpace else {
                throw ImportError(line: line, "expected a space, '>' or '/>' in <\(name)>, found \(found())")
            }
            let attributeLine = line
            let attributeName = try readName("an attribute name, '>' or '/>' in <\(name)>")
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "=") else {
                throw ImportError(line: line, "expected '=' after the attribute \(attributeName), found \(found())")
            }
            offset += 1
            skipWhitespace()
            let value = try readAttributeValue(attributeName)
            if attributes.contains(where: { $0.name == attributeName }) {
                throw ImportError(line: line, "the attribute \(attributeName) appears twice in <\(name)>")
            }
            attributes.append(Attribute(name: attributeName, value: value, line: attributeLine))
        }
    }

    /// Reads `</name>` and checks it against the innermost open element.
    private mutating func readEndTag() throws(ImportError) -> Event {
        let tagLine = line
        offset += 2
        let name = try readName("an element name after '</'")
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: ">") else {
            throw ImportError(line: line, "expected '>' to end </\(name)>, found \(found())")
        }
        offset += 1
        guard let innermost = open.popLast() else {
            throw ImportError(line: tagLine, "</\(name)> closes no open element")
        }
        guard innermost.name == name else {
            throw ImportError(
                line: tagLine, "</\(name)> does not match <\(innermost.name)> opened on line \(innermost.line)")
        }
        return .end(name: name, line: tagLine)
    }

    /// Reads a quoted value, decoding entities; `<` is refused as XML requires, which also catches
    /// a missing closing quote at the next tag.
    private mutating func readAttributeValue(_ attribute: String) throws(ImportError) -> String {
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") || bytes[offset] == UInt8(ascii: "'") else {
            throw ImportError(line: line, "expected a quoted value for the attribute \(attribute), found \(found())")
        }
        let quote = bytes[offset]
        let openLine = line
        offset += 1
        var utf8: [UInt8] = []
        while offset < bytes.count {
            let b = bytes[offset]
            switch b {
            case quote:
                offset += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "<"):
                throw ImportError(
                    line: line, "'<' in the value of \(attribute) (opened on line \(openLine)): unterminated value?")
            case UInt8(ascii: "&"):
                utf8.append(contentsOf: try readEntity())
            default:
                if b == 0x0A { line += 1 }
                utf8.append(b)
                offset += 1
            }
        }
        throw ImportError(line: line, "the input ends inside the value of \(attribute) opened on line \(openLine)")
    }

    /// Reads `&name;` or `&#NN;` / `&#xHH;` and returns its UTF-8.
    private mutating func readEntity() throws(ImportError) -> [UInt8] {
        let start = offset
        offset += 1
        while offset < bytes.count, bytes[offset] != UInt8(ascii: ";"), offset - start <= 10 {
            offset += 1
        }
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: ";") else {
            throw ImportError(line: line, "'&' without an entity ending in ';' (a bare '&' must be written &amp;)")
        }
        let name = String(decoding: bytes[(start + 1)..<offset], as: UTF8.self)
        offset += 1
        switch name {
        case "amp": return [UInt8(ascii: "&")]
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "quot": return [UInt8(ascii: "\"")]
        case "apos": return [UInt8(ascii: "'")]
        default:
            var code: UInt32?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                code = UInt32(name.dropFirst(2), radix: 16)
            } else if name.hasPrefix("#") {
                code = UInt32(name.dropFirst(), radix: 10)
            }
            guard let code, !name.dropFirst().contains("+"), !name.dropFirst().contains("-") else {
                throw ImportError(line: line, "unknown entity &\(name);")
            }
            guard code != 0, let scalar = Unicode.Scalar(code) else {
                throw ImportError(line: line, "&\(name); is not a character")
            }
            return Array(String(Character(scalar)).utf8)
        }
    }

    /// Reads an XML name (ASCII letters, digits, `_ - . :`, and any non-ASCII byte).
    private mutating func readName(_ what: String) throws(ImportError) -> String {
        let start = offset
        while offset < bytes.count {
            let b = bytes[offset]
            let isNameByte =
                (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
                || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "_")
                || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b == UInt8(ascii: ":") || b >= 0x80
            guard isNameByte else { break }
            offset += 1
        }
        guard offset > start else { throw ImportError(line: line, "expected \(what), found \(found())") }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    /// Skips to just past `terminator`, counting lines.
    private mutating func skip(past terminator: String, what: String) throws(ImportError) {
        let openLine = line
        let end = Array(terminator.utf8)
        while offset < bytes.count {
            if bytes[offset...].starts(with: end) {
                offset += end.count
                return
            }
            if bytes[offset] == 0x0A { line += 1 }
            offset += 1
        }
        throw ImportError(line: line, "the input ends inside \(what) opened on line \(openLine)")
    }

    /// Whether the input continues with `prefix` at the offset.
    private func starts(with prefix: String) -> Bool { bytes[offset...].starts(with: prefix.utf8) }

    /// Skips spaces, tabs and line breaks; returns whether there were any.
    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        let start = offset
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x0A: line += 1
            case 0x20, 0x09, 0x0D: break
            default: return offset > start
            }
            offset += 1
        }
        return offset > start
    }

    /// A short description of what is at the offset, for error messages.
    private func found() -> String {
        guard offset < bytes.count else { return "the end of the input" }
        let b = bytes[offset]
        return b > 0x20 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x\(String(b, radix: 16))"
    }
}
