/// The forms a `recursiveDescription` dump takes when it is pasted from a debugger or a log,
/// turned back into the plain dump the line grammar reads. Each rewrite keeps one output line per
/// input line (a quoted paste excepted: its `\n` escapes become the lines), so errors still name
/// the line as pasted.
extension RecursiveDescriptionImporter {
    /// The dump inside `text`:
    /// - `(lldb) po …` / `(lldb) expr …` command lines are dropped (left blank);
    /// - an NSLog prefix (`2024-05-01 10:11:12.345 App[123:4567] `) before a line's view is cut;
    /// - a whole paste quoted as a string (`@"<UIWindow: …"` from cycript, `"<UIWindow: …\n…"` from
    ///   Frida or a JSON log) is unquoted and its escapes (`\n`, `\t`, `\"`, `\\`) decoded;
    /// - an instance-variable name between the indentation and the view (`| _subview1 <UIView: …`)
    ///   is cut.
    /// - Complexity: O(length of the text).
    static func unwrapPaste(_ text: String) -> String {
        var body = Substring(text)
        // A quoted paste: the first non-blank character is `@"` or `"`, the last is `"`.
        let trimmed = body.drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }
        let last = trimmed.last { $0 != " " && $0 != "\n" && $0 != "\r" && $0 != "\t" }
        if last == "\"", trimmed.hasPrefix("\"") || trimmed.hasPrefix("@\"") {
            let inner = trimmed.dropFirst(trimmed.hasPrefix("@") ? 2 : 1)
            let end = inner.lastIndex(of: "\"") ?? inner.endIndex
            body = Substring(unescape(inner[..<end]))
        }
        var lines: [String] = []
        for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
            lines.append(unwrapLine(line))
        }
        return lines.joined(separator: "\n")
    }

    /// One pasted line as the dump's line.
    static func unwrapLine(_ line: Substring) -> String {
        if line.hasPrefix("(lldb)") { return "" }
        var rest = line
        // NSLog: `YYYY-MM-DD hh:mm:ss.mmm Process[pid:tid] ` before the dump's text.
        if rest.count > 20, rest.prefix(4).allSatisfy(\.isNumber), rest.dropFirst(4).first == "-",
            let close = rest.firstIndex(of: "]"), rest[rest.index(after: close)...].first == " "
        {
            rest = rest[rest.index(close, offsetBy: 2)...]
        }
        // An instance-variable name after the indentation: `| | _name <View: …`.
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

    /// A string literal's body with its escapes decoded.
    static func unescape(_ s: Substring) -> String {
        var out = ""
        var escaped = false
        for c in s {
            if escaped {
                switch c {
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "r": break
                default: out.append(c)
                }
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else {
                out.append(c)
            }
        }
        return out
    }
}
