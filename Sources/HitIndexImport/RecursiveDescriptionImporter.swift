import HitIndex

/// Reads `-[UIView recursiveDescription]` dumps (lldb `po`, cycript, pasted into posts or source
/// comments) and FTAdditions' `explode` variant of them into scenes.
///
/// ## Lines
/// A view line is an indentation, then `<Class: 0xADDR; key = value; …; layer = <CALayer: 0x…>>`,
/// then any trailing text, which is ignored (` collection view layout: <…>`, ` - (null)`,
/// ` layout=0x…`, a cycript closing backtick).
/// - The indentation may hold spaces, tabs, `|`, `/` (`//` comment prefixes) and backticks
///   (cycript's string delimiter). The depth is the number of `|` in it; everything else in it is
///   ignored, so the root may be indented by spaces or a markdown tab. A line's depth may be at
///   most one more than the previous non-blank line's; the first line must be at depth 0. A
///   line holding only indentation characters is blank and skipped.
/// - `<<_UITextContainerView: …>> minSize = …` (iOS 14+) is read from its inner description.
/// - FTAdditions' `explode` lines, `{{x, y}, {w, h}} --Class:Superclass (<description>)`, are
///   recognized by their leading `{{`: the depth is the number of `-` before the class, and the
///   window-space rect in front is checked for shape but not used (the scene is built from the
///   frames, as for a plain dump).
/// - A line whose description is followed by `(layer)` (`<_UILabelContentLayer: 0x…> (layer)`) is
///   a pure layer, not a view: it is skipped, keeps its place in the depth sequence, and a view
///   line nested under it is an error.
/// - Anything else after the indentation (a comment, a wrapped line) is an error. Prompts, log
///   prefixes, Swift's `Optional` wrappers and quoted pastes are removed before these rules
///   apply (`RecursiveDescriptionImporter+Pastes.swift`).
///
/// ## Descriptions
/// The description is scanned with a small state machine rather than split on `"; "`: it tracks
/// `<…>`, `(…)`, `[…]` and `{…}` nesting and quoted values, and splits fields only at a `;` directly
/// inside the outer `<…>`, so `frame = (0 0; 375 667)`, `animations = { position=<…>; }`,
/// `configuration = <…; backgroundColor = <…>>` and `text = 'a; b > c'` each stay one field.
/// - A quote opens only where a value starts (`= '`); it closes at the first `'` directly followed
///   by `;`, `>` or the end of the line, so `'` inside the text (`'Don't'`) and `\u` escapes are
///   kept. A `<` followed by a space or `=`, or a `>` preceded by a space, `-` or `=`, is a
///   character, not a bracket (`a < b`, `->`). A stray closing bracket is ignored; a `>` closes
///   any bracket still open inside its `<`.
/// - The class is the text before the first `:` outside nested brackets, kept as printed
///   (`ModuleName.ClassName`, `_TtC…` mangled names). The address is the text after it when it
///   starts with `0x`; otherwise the view has no address and that text is read as the first field.
/// - A field is `key = value` or `key: value` (`contentOffset: {0, -56}`); unknown keys are ignored.
///
/// ## Mapping to the model
/// - Ids: `Class@0xADDR` (`UIButton@0x7fd1c8c0b2a0`), or `Class` without an address; when an id is
///   taken already, `#2`, `#3`, … is appended, so ids are unique and stable for a given dump.
/// - `className` is the dump's own class. `baseClass = X` is read but not needed: the model's
///   class only chooses the default of `isUserInteractionEnabled`, and the dump prints that flag
///   itself (next item).
/// - `userInteractionEnabled = NO` disables interaction; without the key the view is enabled,
///   whatever its class. UIKit prints the key whenever the flag is NO, not when it differs from the
///   class's default: every `UILabel` and `UIImageView` in the published sample dumps prints
///   `userInteractionEnabled = NO`, so a label printed without it had interaction turned on.
/// - `hidden = YES` hides the view; `alpha = a` sets the alpha (missing: 1; negative: an error).
/// - `anchorPoint = (x, y)` (missing: 0.5, 0.5); `transform = [a, b, c, d, tx, ty]` (missing:
///   identity); `contentOffset: {x, y}` becomes `bounds.origin` (scroll views; missing: 0, 0).
/// - `frame = (x y; w h)` is the frame in the superview's bounds space. With an identity transform,
///   `bounds.size = (w, h)` and `center = (x, y) + anchorPoint * (w, h)`, as the model's frame
///   setter does.
/// - With another transform the printed frame is the bounding box of the transformed bounds, which
///   fixes `W = |a|·w + |c|·h` and `H = |b|·w + |d|·h` for the bounds size (w, h). For scales,
///   flips and quarter turns (`b = c = 0` or `a = d = 0`) this is solved exactly, with no warning;
///   a zero scale leaves its axis unknown, imported as 0 with a warning. For any other transform
///   (rotations, shears) the 2×2 system is solved when it is well conditioned and otherwise (45°
///   rotations: only `w + h` is known) a square bounds of the same bounding box is chosen; either
///   way the view is named in a warning, since the printed numbers are rounded to about 6 digits.
///   The center is then the one that puts the transformed bounds' bounding box at the printed
///   frame's origin, so the model's `frame` getter gives back the printed frame.
/// - Non-finite numbers (`nan`, `inf`, seen in real dumps) are accepted by the parser. A view whose
///   geometry (frame, contentOffset, anchorPoint, transform, or what is computed from them) is not
///   finite gets 0 in place of each non-finite bounds or center component (anchor point 0.5, and
///   the identity for a non-finite transform) and is imported **hidden**, with a warning: on iOS a
///   NaN there makes every point converted into the view NaN, so neither it nor its subtree can be
///   hit, which is exactly what hidden does. A non-finite alpha becomes 1 (a NaN alpha passes
///   UIKit's `alpha < 0.01` test), with a warning. Text that is not a number is an error.
/// - Handles people find a view by, which hit-testing ignores: `label` is the first of `text`,
///   `title`, `placeholder` and `accessibilityLabel` that the description gives and that is not
///   empty or `(null)`; `accessibilityIdentifier` and `tag = N` map to the same names. A quoted
///   value loses its quotes, keeps a `...` truncation as printed, and has cycript's `\uXXXX` and
///   `\xNN` escapes decoded. A `UIButtonLabel` (a button's title label) also gives its label to its
///   superview, the button, when that has none of its own.
/// - Each depth-0 view becomes a `Window`, in order, at level 0, placed in screen space at its
///   frame, whatever its class. A root whose class (or `baseClass`) does not end in `Window` (a
///   dump of a subtree, like `[topView recursiveDescription]`) is still a window, and its view is
///   named in a warning, since its real position on screen is not in the dump.
///
/// ## Errors
/// Every refusal is an ``ImportError`` naming the 1-based line: text that is not a view line, a
/// depth jump, an unterminated `<…>` or quoted value, a missing class name or frame, a malformed
/// `frame`/`transform`/`anchorPoint`/`contentOffset`/`alpha`/flag, a `tag` that is not an integer,
/// a view under a layer line. Input with no view line at all is refused at line 0. The parser
/// never traps on its input.
enum RecursiveDescriptionImporter {
    /// Parses a dump: one window per depth-0 view line, one view per nested view line, in order.
    /// - Complexity: O(length of the text).
    static func parse(_ text: String) throws(ImportError) -> ImportedScene {
        var builder = TreeBuilder()
        var number = 0
        for raw in unwrapPaste(text).utf8.split(separator: Byte.newline, omittingEmptySubsequences: false) {
            number += 1
            var bytes = Array(raw)
            if bytes.last == Byte.carriageReturn { bytes.removeLast() }
            // A byte-order mark from an editor is not part of the first line's indentation.
            if number == 1, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
            guard let entry = try LineParser.entry(bytes, line: number) else { continue }
            try builder.add(entry)
        }
        return try builder.finish()
    }
}

/// The ASCII bytes the grammar is made of; a UTF-8 multi-byte sequence never contains them.
private enum Byte {
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let bar = UInt8(ascii: "|")
    static let slash = UInt8(ascii: "/")
    static let backtick = UInt8(ascii: "`")
    static let less = UInt8(ascii: "<")
    static let greater = UInt8(ascii: ">")
    static let openParen = UInt8(ascii: "(")
    static let closeParen = UInt8(ascii: ")")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let quote = UInt8(ascii: "'")
    static let semicolon = UInt8(ascii: ";")
    static let colon = UInt8(ascii: ":")
    static let equals = UInt8(ascii: "=")
    static let dash = UInt8(ascii: "-")

    /// Whether `b` may appear in the indentation in front of a description.
    static func isIndentation(_ b: UInt8) -> Bool {
        b == space || b == tab || b == bar || b == slash || b == backtick
    }

    /// Whether `b` is a space or a tab.
    static func isBlank(_ b: UInt8) -> Bool { b == space || b == tab }

    /// Whether `b` is `0`-`9`, `a`-`f` or `A`-`F`.
    static func isHexDigit(_ b: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(b)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(b)
    }
}

/// One non-blank line of a dump: its depth and its parsed description.
private struct Entry {
    /// 1-based line number.
    var line: Int
    var depth: Int
    /// A `(layer)` line: a layer, not a view.
    var isLayer: Bool
    var description: ParsedDescription
}

/// The parts of one `<Class: 0xADDR; key = value; …>` description.
private struct ParsedDescription {
    var className: String
    var address: String?
    /// The top-level fields in order, as trimmed `key` and `value` text.
    var fields: [(key: String, value: String)]
}

/// Splits lines into indentation, description and trailing text.
private enum LineParser {
    /// The entry on one line, or `nil` for a blank line.
    static func entry(_ b: [UInt8], line: Int) throws(ImportError) -> Entry? {
        var i = 0
        var bars = 0
        while i < b.count, Byte.isIndentation(b[i]) {
            if b[i] == Byte.bar { bars += 1 }
            i += 1
        }
        guard i < b.count else { return nil }
        var depth = bars
        if b[i] == Byte.less {
            // `<<_UITextContainerView: …>> minSize = …`: the view's own description is the inner one.
            if i + 1 < b.count, b[i + 1] == Byte.less { i += 1 }
        } else if b[i] == Byte.openBrace, i + 1 < b.count, b[i + 1] == Byte.openBrace {
            (depth, i) = try explodePrefix(b, from: i, line: line)
        } else {
            throw ImportError(
                line: line,
                "expected a view description `<Class: 0x…; frame = (x y; w h); …>` after the indentation, found "
                    + excerpt(b, from: i))
        }
        let (end, segments) = try scanDescription(b, from: i, line: line)
        let isLayer = trimmed(b, end..<b.count).starts(with: Array("(layer)".utf8))
        let description = try parts(b, segments, line: line)
        return Entry(line: line, depth: depth, isLayer: isLayer, description: description)
    }

    /// Reads FTAdditions' `{{x, y}, {w, h}} --Class:Superclass (` prefix starting at `start`,
    /// returning the depth (the number of `-`) and the index of the description's `<`.
    static func explodePrefix(_ b: [UInt8], from start: Int, line: Int) throws(ImportError) -> (Int, Int) {
        var i = start
        while i + 1 < b.count, !(b[i] == Byte.closeBrace && b[i + 1] == Byte.closeBrace) { i += 1 }
        guard i + 1 < b.count else {
            throw ImportError(line: line, "unterminated window rect `{{x, y}, {w, h}}`: no closing `}}`")
        }
        let rectText = String(decoding: b[start..<(i + 2)], as: UTF8.self)
        let numbers = rectText.split(whereSeparator: { "{}, \t".contains($0) })
        guard numbers.count == 4, numbers.allSatisfy({ Double($0) != nil }) else {
            throw ImportError(
                line: line, "expected a window rect `{{x, y}, {w, h}}` with 4 numbers, found `\(rectText)`")
        }
        i += 2
        while i < b.count, Byte.isBlank(b[i]) { i += 1 }
        var dashes = 0
        while i < b.count, b[i] == Byte.dash {
            dashes += 1
            i += 1
        }
        // The class and superclass (`UIImageView:UIView`) repeat what the description says.
        while i < b.count, !Byte.isBlank(b[i]), b[i] != Byte.less { i += 1 }
        while i < b.count, Byte.isBlank(b[i]) || b[i] == Byte.openParen { i += 1 }
        guard i < b.count, b[i] == Byte.less else {
            throw ImportError(
                line: line,
                "expected `(<Class: 0x…; …>)` after the window rect and class, found " + excerpt(b, from: i)
            )
        }
        return (dashes, i)
    }

    /// Scans the description whose `<` is at `start`: returns the index just past its closing `>`
    /// and the ranges of its top-level `;`-separated segments (the first one is `Class: 0xADDR`).
    static func scanDescription(_ b: [UInt8], from start: Int, line: Int) throws(ImportError) -> (Int, [Range<Int>]) {
        // The closers still expected, innermost last; the description's own `>` is at the bottom.
        var expected: [UInt8] = [Byte.greater]
        var segments: [Range<Int>] = []
        var segmentStart = start + 1
        var i = start + 1
        while i < b.count {
            let c = b[i]
            switch c {
            case Byte.quote where startsValue(b, at: i, after: start):
                i = try closingQuote(b, from: i, line: line)
            case Byte.less where i + 1 < b.count && b[i + 1] != Byte.space && b[i + 1] != Byte.equals:
                expected.append(Byte.greater)
            case Byte.openParen: expected.append(Byte.closeParen)
            case Byte.openBracket: expected.append(Byte.closeBracket)
            case Byte.openBrace: expected.append(Byte.closeBrace)
            case Byte.closeParen, Byte.closeBracket, Byte.closeBrace:
                if expected.last == c { expected.removeLast() }
            case Byte.greater where ![Byte.space, Byte.dash, Byte.equals].contains(b[i - 1]):
                // `lastIndex` always finds the bottom entry: a `>` also closes brackets left open
                // inside its `<…>`, which keeps one odd value from swallowing the rest of the line.
                if let k = expected.lastIndex(of: Byte.greater) { expected.removeSubrange(k...) }
                if expected.isEmpty {
                    segments.append(segmentStart..<i)
                    return (i + 1, segments)
                }
            case Byte.semicolon where expected.count == 1:
                segments.append(segmentStart..<i)
                segmentStart = i + 1
            default:
                break
            }
            i += 1
        }
        throw ImportError(
            line: line,
            "unterminated description: the `<` that starts " + excerpt(b, from: start) + " has no closing `>`")
    }

    /// Whether the quote at `i` starts a value: the last non-blank byte before it is `=`.
    static func startsValue(_ b: [UInt8], at i: Int, after start: Int) -> Bool {
        var j = i - 1
        while j > start, Byte.isBlank(b[j]) { j -= 1 }
        return b[j] == Byte.equals
    }

    /// The index of the quote that closes the value opened at `open`: the first `'` directly
    /// followed by `;`, `>` or the end of the line.
    static func closingQuote(_ b: [UInt8], from open: Int, line: Int) throws(ImportError) -> Int {
        var j = open + 1
        while j < b.count {
            if b[j] == Byte.quote, j + 1 == b.count || b[j + 1] == Byte.semicolon || b[j + 1] == Byte.greater {
                return j
            }
            j += 1
        }
        throw ImportError(line: line, "unterminated quoted value starting " + excerpt(b, from: open))
    }

    /// The class, address and fields of a scanned description.
    static func parts(_ b: [UInt8], _ segments: [Range<Int>], line: Int) throws(ImportError) -> ParsedDescription {
        // `scanDescription` always returns at least the first segment.
        let head = segments.first ?? b.endIndex..<b.endIndex
        var nesting = 0
        var colon: Int? = nil
        for i in head {
            if b[i] == Byte.less { nesting += 1 }
            if b[i] == Byte.greater { nesting -= 1 }
            if b[i] == Byte.colon, nesting == 0 {
                colon = i
                break
            }
        }
        let className = String(decoding: trimmed(b, head.lowerBound..<(colon ?? head.upperBound)), as: UTF8.self)
        guard let first = className.unicodeScalars.first, first == "_" || first.properties.isAlphabetic,
            !className.contains(where: { $0 == " " || $0 == "\t" })
        else {
            throw ImportError(
                line: line, "expected a class name after `<`, found " + excerpt(b, from: head.lowerBound))
        }
        var address: String? = nil
        var fieldSegments = Array(segments.dropFirst())
        if let colon {
            let rest = (colon + 1)..<head.upperBound
            let text = trimmed(b, rest)
            if text.starts(with: Array("0x".utf8)) {
                // The address is the hex token; anything after it in this segment is not a field.
                let token = text.prefix { $0 == UInt8(ascii: "x") || Byte.isHexDigit($0) }
                address = String(decoding: token, as: UTF8.self)
            } else {
                // Without an address the first field follows the class directly (`<UIView: frame = …>`).
                fieldSegments.insert(rest, at: 0)
            }
        }
        var fields: [(key: String, value: String)] = []
        for segment in fieldSegments {
            guard let sign = segment.first(where: { b[$0] == Byte.equals || b[$0] == Byte.colon }) else { continue }
            let key = String(decoding: trimmed(b, segment.lowerBound..<sign), as: UTF8.self)
            let value = String(decoding: trimmed(b, (sign + 1)..<segment.upperBound), as: UTF8.self)
            fields.append((key, value))
        }
        return ParsedDescription(className: className, address: address, fields: fields)
    }

    /// `range` of `b` without leading and trailing blanks.
    static func trimmed(_ b: [UInt8], _ range: Range<Int>) -> ArraySlice<UInt8> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, Byte.isBlank(b[lower]) { lower += 1 }
        while upper > lower, Byte.isBlank(b[upper - 1]) { upper -= 1 }
        return b[lower..<upper]
    }

    /// Up to 40 characters of the line from `start`, quoted for an error message.
    static func excerpt(_ b: [UInt8], from start: Int) -> String {
        let rest = String(decoding: b[min(start, b.count)...], as: UTF8.self)
        if rest.isEmpty { return "the end of the line" }
        return "`" + (rest.count > 40 ? rest.prefix(40) + "…" : rest) + "`"
    }
}

/// The attributes one description gives, before they become a view.
private struct ViewSpec {
    var frame: Rect?
    var contentOffset = Point.zero
    var anchorPoint = Point(x: 0.5, y: 0.5)
    var transform = AffineTransform.identity
    var isHidden = false
    var alpha = 1.0
    var isUserInteractionEnabled = true
    var baseClass: String?
    var text: String?
    var title: String?
    var placeholder: String?
    var accessibilityLabel: String?
    var handles = ViewHandles()

    /// Reads the known keys of `description`; unknown keys are ignored, the last of a repeated key wins.
    init(_ description: ParsedDescription, line: Int) throws(ImportError) {
        for (key, value) in description.fields {
            switch key {
            case "frame":
                let n = try Self.numbers(
                    value, key: key, open: "(", close: ")", count: 4, form: "(x y; w h)", line: line)
                frame = Rect(x: n[0], y: n[1], width: n[2], height: n[3])
            case "contentOffset":
                let n = try Self.numbers(value, key: key, open: "{", close: "}", count: 2, form: "{x, y}", line: line)
                contentOffset = Point(x: n[0], y: n[1])
            case "anchorPoint":
                let n = try Self.numbers(value, key: key, open: "(", close: ")", count: 2, form: "(x, y)", line: line)
                anchorPoint = Point(x: n[0], y: n[1])
            case "transform":
                let n = try Self.numbers(
                    value, key: key, open: "[", close: "]", count: 6, form: "[a, b, c, d, tx, ty]", line: line)
                transform = AffineTransform(a: n[0], b: n[1], c: n[2], d: n[3], tx: n[4], ty: n[5])
            case "alpha":
                guard let a = Double(value) else {
                    throw ImportError(line: line, "alpha: expected a number, found `\(value)`")
                }
                guard !(a < 0) else { throw ImportError(line: line, "alpha: expected a number >= 0, found `\(value)`") }
                alpha = a
            case "hidden":
                isHidden = try Self.flag(value, key: key, line: line)
            case "userInteractionEnabled":
                isUserInteractionEnabled = try Self.flag(value, key: key, line: line)
            case "baseClass":
                baseClass = value
            case "text":
                text = Self.handle(value)
            case "title":
                title = Self.handle(value)
            case "placeholder":
                placeholder = Self.handle(value)
            case "accessibilityLabel":
                accessibilityLabel = Self.handle(value)
            case "accessibilityIdentifier":
                handles.accessibilityIdentifier = Self.handle(value)
            case "tag":
                guard let n = Int(value) else {
                    throw ImportError(line: line, "tag: expected an integer, found `\(value)`")
                }
                handles.tag = n
            default:
                break
            }
        }
        handles.label = text ?? title ?? placeholder ?? accessibilityLabel
    }

    /// A text value as a person reads it: `'…'` without its quotes (an unquoted value as printed),
    /// cycript's `\uXXXX` and `\xNN` escapes decoded; `nil` for an empty text and for `(null)`,
    /// which is how `%@` prints nil.
    static func handle(_ value: String) -> String? {
        if value == "(null)" { return nil }
        var text = Substring(value)
        if text.count >= 2, text.first == "'", text.last == "'" { text = text.dropFirst().dropLast() }
        return ViewHandles.nonEmpty(ViewHandles.decodingEscapes(String(text)))
    }

    /// The numbers of a bracketed list such as `(x y; w h)`: blanks, `,` and `;` separate them.
    static func numbers(
        _ value: String, key: String, open: Character, close: Character, count: Int, form: String, line: Int
    ) throws(ImportError) -> [Double] {
        let problem = ImportError(line: line, "\(key): expected `\(form)` with \(count) numbers, found `\(value)`")
        guard value.first == open, value.last == close, value.count >= 2 else { throw problem }
        let tokens = value.dropFirst().dropLast().split(whereSeparator: { " \t,;".contains($0) })
        guard tokens.count == count else { throw problem }
        var result: [Double] = []
        for token in tokens {
            // `Double` also reads `nan` and `inf`: they are real dump content, handled when the view is
            // built. It also reads hexadecimal (`0x10`), which a dump never prints for a number.
            guard !token.lowercased().contains("0x"), let x = Double(token) else {
                throw ImportError(line: line, "\(key): `\(token)` is not a number (in `\(value)`)")
            }
            result.append(x)
        }
        return result
    }

    /// `YES` or `NO` (also `true` or `false`).
    static func flag(_ value: String, key: String, line: Int) throws(ImportError) -> Bool {
        switch value {
        case "YES", "true": return true
        case "NO", "false": return false
        default: throw ImportError(line: line, "\(key): expected YES or NO, found `\(value)`")
        }
    }
}

/// Bounds sizes and centers from printed frames.
private enum FrameGeometry {
    /// The bounds size and center that give `frame` under `anchor` and `t`, and, when they are not
    /// exactly determined by it, why.
    static func solve(frame: Rect, anchor: Point, transform t: AffineTransform) -> (Size, Point, String?) {
        if t.isIdentity {
            let size = frame.size
            let center = Point(
                x: frame.origin.x + anchor.x * size.width, y: frame.origin.y + anchor.y * size.height)
            return (size, center, nil)
        }
        // The printed frame is the standardized bounding box of the transformed bounds.
        let e = Extents(frame)
        let boxW = e.maxX - e.minX
        let boxH = e.maxY - e.minY
        let (a, b, c, d) = (abs(t.a), abs(t.b), abs(t.c), abs(t.d))
        var w = 0.0
        var h = 0.0
        var note: String? = nil
        if (b == 0 && c == 0) || (a == 0 && d == 0) {
            // Scales, flips, quarter turns: each bounds side maps onto one box side.
            let (scaleW, scaleH, sideW, sideH) = b == 0 && c == 0 ? (a, d, boxW, boxH) : (b, c, boxH, boxW)
            var unknown: [String] = []
            if scaleW != 0 { w = sideW / scaleW } else { unknown.append("width") }
            if scaleH != 0 { h = sideH / scaleH } else { unknown.append("height") }
            if !unknown.isEmpty {
                note =
                    "a zero scale in the transform hides the bounds \(unknown.joined(separator: " and "));"
                    + " imported as 0"
            }
        } else {
            // boxW = a*w + c*h, boxH = b*w + d*h: well conditioned away from 45° rotations.
            let det = a * d - b * c
            let conditioning = abs(det) / ((a + c) * (b + d))
            let solvedW = (d * boxW - c * boxH) / det
            let solvedH = (a * boxH - b * boxW) / det
            if conditioning > 1e-3, solvedW >= 0, solvedH >= 0 {
                (w, h) = (solvedW, solvedH)
                note =
                    "the frame is the bounding box under a rotation or shear; bounds size \(w) x \(h) solved from it"
                    + " (approximate: the printed numbers are rounded)"
            } else {
                // Only a combination of w and h is known (45°): a square with the same bounding box.
                // (A degenerate shear may leave `a + c` zero; the other row then gives the side.)
                w = a + c > 0 ? boxW / (a + c) : b + d > 0 ? boxH / (b + d) : 0
                h = w
                note =
                    "the frame is the bounding box under a rotation by about 45 degrees or a shear, which does not"
                    + " determine the bounds size; imported as a square \(w) x \(h) with the same bounding box"
            }
        }
        // Place the box's top-left at the frame's: corners relative to the anchor, transformed.
        let xs = [-anchor.x * w, (1 - anchor.x) * w]
        let ys = [-anchor.y * h, (1 - anchor.y) * h]
        var minX = Double.infinity
        var minY = Double.infinity
        for x in xs {
            for y in ys {
                minX = min(minX, t.a * x + t.c * y + t.tx)
                minY = min(minY, t.b * x + t.d * y + t.ty)
            }
        }
        let center = Point(x: e.minX - minX, y: e.minY - minY)
        let detail = note.map { "\($0); transform \(t)" }
        return (Size(width: w, height: h), center, detail)
    }
}

/// Builds the windows from entries in dump order, checking depths and making ids unique.
private struct TreeBuilder {
    var windows: [Window] = []
    var warnings: [String] = []
    /// The open ancestors of the next line: entry k is the latest line at depth k, `nil` for a layer.
    var open: [View?] = []
    /// The previous non-blank line's depth; -1 before the first.
    var lastDepth = -1
    var usedIDs: Set<String> = []
    /// The next `#n` suffix to try for an id base, so repeated addresses stay O(1) each.
    var nextSuffix: [String: Int] = [:]

    /// Adds one line's view (or records a layer line's place).
    mutating func add(_ entry: Entry) throws(ImportError) {
        let depth = entry.depth
        if depth > lastDepth + 1 {
            if lastDepth < 0 {
                throw ImportError(
                    line: entry.line,
                    "the first view is at depth \(depth); the root must have no `|` in its indentation")
            }
            throw ImportError(
                line: entry.line,
                "depth jumps from \(lastDepth) to \(depth): a line can be at most one level deeper than the line above")
        }
        lastDepth = depth
        open.removeSubrange(depth...)
        if entry.isLayer {
            open.append(nil)
            return
        }
        let parent: View?
        if depth > 0 {
            guard let p = open[depth - 1] else {
                throw ImportError(line: entry.line, "a view nested under a `(layer)` line, which is not a view")
            }
            parent = p
        } else {
            parent = nil
        }
        let view = try makeView(entry, isRoot: parent == nil)
        if let parent {
            parent.addSubview(view)
            // A button's title is printed on its `UIButtonLabel` subview only: the button, printed
            // first, gets it too unless it has words of its own.
            if view.className == "UIButtonLabel", parent.label == nil { parent.label = view.label }
        }
        open.append(view)
    }

    /// The scene, or an error at line 0 when the dump had no view line.
    func finish() throws(ImportError) -> ImportedScene {
        guard !windows.isEmpty else {
            throw ImportError(
                line: 0, "no view description found: expected lines like `<UIWindow: 0x…; frame = (…); …>`")
        }
        return ImportedScene(scene: Scene(windows: windows), warnings: warnings)
    }

    /// A unique id: `Class@0xADDR` (or `Class`), with `#2`, `#3`, … when taken.
    mutating func uniqueID(_ description: ParsedDescription) -> String {
        let base = description.address.map { "\(description.className)@\($0)" } ?? description.className
        var id = base
        if usedIDs.contains(base) {
            var n = nextSuffix[base, default: 2]
            while usedIDs.contains("\(base)#\(n)") { n += 1 }
            nextSuffix[base] = n + 1
            id = "\(base)#\(n)"
        }
        usedIDs.insert(id)
        return id
    }

    /// The view (a window for a root) for a view line; appends roots to `windows`.
    mutating func makeView(_ entry: Entry, isRoot: Bool) throws(ImportError) -> View {
        let spec = try ViewSpec(entry.description, line: entry.line)
        guard let frame = spec.frame else {
            throw ImportError(line: entry.line, "missing `frame = (x y; w h)` in the view description")
        }
        let className = entry.description.className
        let id = uniqueID(entry.description)
        func warn(_ message: String) { warnings.append("view \"\(id)\" (line \(entry.line)): \(message)") }

        var anchor = spec.anchorPoint
        var transform = spec.transform
        let (size, solvedCenter, note) = FrameGeometry.solve(frame: frame, anchor: anchor, transform: transform)
        if let note { warn(note) }
        var bounds = Rect(origin: spec.contentOffset, size: size)
        var center = solvedCenter
        var isHidden = spec.isHidden
        if !(bounds.isFinite && center.isFinite && anchor.isFinite && transform.isFinite) {
            func finite(_ x: Double) -> Double { x.isFinite ? x : 0 }
            bounds = Rect(
                x: finite(bounds.origin.x), y: finite(bounds.origin.y),
                width: finite(bounds.size.width), height: finite(bounds.size.height))
            center = Point(x: finite(center.x), y: finite(center.y))
            if !anchor.isFinite { anchor = Point(x: 0.5, y: 0.5) }
            if !transform.isFinite { transform = .identity }
            isHidden = true
            warn(
                "non-finite geometry (nan or inf) in the dump: imported with 0 in its place and hidden, since on iOS"
                    + " a NaN makes the view and its subtree unhittable")
        }
        var alpha = Float(spec.alpha)
        if !spec.alpha.isFinite {
            alpha = 1
            warn("non-finite alpha in the dump: imported as 1 (a NaN alpha passes UIKit's `alpha < 0.01` test)")
        } else if !alpha.isFinite {
            // A finite alpha beyond Float's range: UIKit clamps opacity to 1.
            alpha = 1
        }

        let view: View
        if isRoot {
            let window = Window(id: id, className: className, bounds: bounds, center: center, level: 0)
            let isWindowClass = className.hasSuffix("Window") || (spec.baseClass?.hasSuffix("Window") ?? false)
            if !isWindowClass {
                warn("the root is a \(className), not a window; imported as a window placed on screen at its frame")
            }
            windows.append(window)
            view = window
        } else {
            view = View(id: id, className: className, bounds: bounds, center: center)
        }
        view.anchorPoint = anchor
        view.transform = transform
        view.isHidden = isHidden
        view.alpha = alpha
        // Set explicitly: the model's class default (false for UILabel) does not apply to a dump,
        // which prints the flag whenever it is NO.
        view.isUserInteractionEnabled = spec.isUserInteractionEnabled
        spec.handles.apply(to: view)
        return view
    }
}
