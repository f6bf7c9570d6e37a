/// The forms a `recursiveDescription` dump takes when it is pasted from a debugger, a log or
/// another tool, turned back into the plain dump the line grammar reads.
///
/// Every rule removes only text the grammar would refuse (a view line starts, after its
/// indentation, with `<` or `{{`), so a plain dump is never changed, and each rewrite keeps one
/// line for one line, so errors still name the line as pasted; the one exception is a quoted
/// string, whose `\n` escapes become lines, and line numbers then count those lines.
///
/// ## Each line
/// In this order:
/// 1. A log prefix is cut: `YYYY-MM-DD hh:mm:ss`, optionally `.` and digits, optionally a zone
///    (`+hhmm`, `-hhmm` or `Z`), a space, a process name (no `[` or `]`), `[`, digits, `:`,
///    letters or digits, `] ` (NSLog's `2024-05-01 10:11:12.345 App[123:4567] ` and the Xcode
///    console's `2026-11-25 10:00:00.123456+0100 App[1234:56789] `).
/// 2. After leading blanks, a line that starts with a prompt is a command, not output, and becomes
///    blank: lldb's `(lldb)`, cycript's `cy#`, Frida's `[…]->` (`[iPhone::App ]-> `: a `[` whose
///    first `]` is followed by `->`).
/// 3. After leading blanks, a line that is a header of Swift's `po` output (`▿ Optional<…>`) or a
///    cycript object reference (`#"<UIWindow: …>"`, which cycript prints for an object, not for
///    the dump's string) becomes blank.
/// 4. After leading blanks, the wrappers of Swift's `po` and `print` output are cut when, after
///    any blanks, `<`, `{{`, `"` or `@"` follows them: `- some : ` (or `- some: `), then
///    `Optional(`. The `)` that closes `Optional(` is trailing text after the last view's `>`,
///    which the grammar ignores.
/// 5. An instance-variable name between the indentation and the view (`   | _subview1 <UIView: …`,
///    `_name = <…`, `name: <…`) is cut.
///
/// ## A quoted string
/// When, after that, the first non-blank line starts with `"` or `@"` and the last non-blank line
/// ends with `"` or `")`, the text between the opening and the last quote is a string literal (a
/// cycript `@"…"`, a Frida or JSON `"…"`, a Swift `Optional("…")` or `- some : "…"`): its escapes
/// `\n`, `\t`, `\"`, `\'`, `\\` and `\/` are decoded and `\r` dropped, and its lines replace the
/// quoted lines and go through the line rules above. Other escapes (cycript's `\u7535`, `\xa0`)
/// are kept for the view's text to decode.
extension RecursiveDescriptionImporter {
    /// The dump inside a pasted `text` (see the extension's documentation for the rules).
    /// - Complexity: O(length of the text).
    static func unwrapPaste(_ text: String) -> String {
        // A byte-order mark from an editor is not part of the first line.
        let body =
            text.unicodeScalars.first == "\u{FEFF}" ? Substring(text.unicodeScalars.dropFirst()) : Substring(text)
        var lines = splitLines(body).map(unwrapLine)
        if let (first, last) = quotedRange(lines) {
            let firstLine = lines[first]
            let open = firstLine.firstIndex(of: "\"") ?? firstLine.endIndex
            let lastLine = lines[last]
            let close = lastLine.lastIndex(of: "\"") ?? lastLine.startIndex
            var literal: Substring
            if first == last {
                literal = firstLine[firstLine.index(after: open)..<close]
            } else {
                literal = firstLine[firstLine.index(after: open)...] + "\n"
                for k in (first + 1)..<last { literal += lines[k] + "\n" }
                literal += lastLine[..<close]
            }
            let decoded = splitLines(Substring(unescape(literal))).map(unwrapLine)
            lines.replaceSubrange(first...last, with: decoded)
        }
        return lines.joined(separator: "\n")
    }

    /// The lines of `text`, split at LF or CRLF (a Swift `Character` holds CRLF as one).
    private static func splitLines(_ text: Substring) -> [Substring] {
        text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
    }

    /// Whether `c` is a space or a tab.
    private static func isBlank(_ c: Character) -> Bool { c == " " || c == "\t" }

    /// The first and last non-blank lines when together they hold one quoted string.
    private static func quotedRange(_ lines: [String]) -> (Int, Int)? {
        guard let first = lines.firstIndex(where: { !$0.allSatisfy(isBlank) }),
            let last = lines.lastIndex(where: { !$0.allSatisfy(isBlank) })
        else { return nil }
        let head = lines[first].drop(while: isBlank)
        var tail = Substring(lines[last])
        while let c = tail.last, isBlank(c) { tail = tail.dropLast() }
        guard head.hasPrefix("\"") || head.hasPrefix("@\""), tail.hasSuffix("\"") || tail.hasSuffix("\")") else {
            return nil
        }
        // One line must hold both quotes: `"` alone is not a string.
        if first == last, lines[first].filter({ $0 == "\"" }).count < 2 { return nil }
        return (first, last)
    }

    /// One pasted line as the dump's line (rules 1 to 5).
    static func unwrapLine(_ line: Substring) -> String {
        var rest = line
        if rest.last == "\r" { rest = rest.dropLast() }
        if let message = afterLogPrefix(rest) { rest = message }
        let content = rest.drop(while: isBlank)
        if content.hasPrefix("(lldb)") || content.hasPrefix("cy#") || isFridaPrompt(content)
            || content.hasPrefix("#\"") || (content.hasPrefix("▿ Optional<") && content.hasSuffix(">"))
        {
            return ""
        }
        var body = content
        for wrapper in ["- some : ", "- some: ", "Optional("] where body.hasPrefix(wrapper) {
            let next = body.dropFirst(wrapper.count)
            let start = next.drop(while: isBlank)
            if start.hasPrefix("<") || start.hasPrefix("{{") || start.hasPrefix("\"") || start.hasPrefix("@\"") {
                body = next
            }
        }
        if body.startIndex != content.startIndex { return String(body) }
        return cuttingInstanceVariableName(rest)
    }

    /// The line after an NSLog or Xcode console prefix (rule 1), or `nil` when it has none.
    private static func afterLogPrefix(_ line: Substring) -> Substring? {
        var s = line.unicodeScalars[...]
        /// Consumes `count` ASCII digits.
        func digits(_ count: Int) -> Bool {
            for _ in 0..<count {
                guard let c = s.first, ("0"..."9").contains(c) else { return false }
                s = s.dropFirst()
            }
            return true
        }
        /// Consumes `c`.
        func literal(_ c: Unicode.Scalar) -> Bool {
            guard s.first == c else { return false }
            s = s.dropFirst()
            return true
        }
        guard digits(4), literal("-"), digits(2), literal("-"), digits(2), literal(" "), digits(2), literal(":"),
            digits(2), literal(":"), digits(2)
        else { return nil }
        if literal(".") {
            guard digits(1) else { return nil }
            while let c = s.first, ("0"..."9").contains(c) { s = s.dropFirst() }
        }
        if s.first == "+" || s.first == "-" {
            s = s.dropFirst()
            guard digits(4) else { return nil }
        } else {
            _ = literal("Z")
        }
        guard literal(" ") else { return nil }
        let name = s.prefix { $0 != "[" && $0 != "]" }
        guard !name.isEmpty else { return nil }
        s = s[name.endIndex...]
        guard literal("["), digits(1) else { return nil }
        while let c = s.first, ("0"..."9").contains(c) { s = s.dropFirst() }
        guard literal(":") else { return nil }
        let thread = s.prefix { $0.properties.isASCIIHexDigit || $0 == "x" }
        guard !thread.isEmpty else { return nil }
        s = s[thread.endIndex...]
        guard literal("]"), literal(" ") else { return nil }
        return Substring(s)
    }

    /// Whether `content` starts with a Frida REPL prompt: `[`, then text up to the first `]`, then `->`.
    private static func isFridaPrompt(_ content: Substring) -> Bool {
        guard content.first == "[", let close = content.firstIndex(of: "]") else { return false }
        return content[content.index(after: close)...].hasPrefix("->")
    }

    /// Rule 5: `| | _name <View: …` (also `_name = <…`, `name: <…`) without the name.
    private static func cuttingInstanceVariableName(_ rest: Substring) -> String {
        let indentation = rest.prefix { $0 == " " || $0 == "|" || $0 == "\t" || $0 == "`" || $0 == "-" }
        let after = rest[indentation.endIndex...]
        if let first = after.first, first == "_" || first.isLetter {
            let name = after.prefix { $0 == "_" || $0.isLetter || $0.isNumber }
            let next = after[name.endIndex...].drop { $0 == " " || $0 == "=" || $0 == ":" }
            if next.first == "<" && !name.isEmpty && after[name.endIndex...].first != "<" {
                return String(indentation) + String(next)
            }
        }
        return String(rest)
    }

    /// A string literal's body with the escapes of the quoted-string rule decoded.
    static func unescape(_ s: Substring) -> String {
        var out = ""
        var escaped = false
        for c in s {
            if escaped {
                switch c {
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "r": break
                case "\"", "'", "\\", "/": out.append(c)
                default:
                    out.append("\\")
                    out.append(c)
                }
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else {
                out.append(c)
            }
        }
        if escaped { out.append("\\") }
        return out
    }
}
