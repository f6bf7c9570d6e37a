import HitIndex

/// The handles a person finds a view by, as an importer reads them from a dump: the words on or
/// for the view (``View/label``), the UI-test identifier (``View/accessibilityIdentifier``) and
/// the `tag`. Hit-testing ignores them; `docs/importers.md` says which field of each format
/// gives which.
struct ViewHandles: Equatable {
    /// The text, title, placeholder or accessibility label, the first of them the dump gives.
    var label: String?
    var accessibilityIdentifier: String?
    var tag = 0

    /// Sets the handles on `view`.
    /// - Complexity: O(1).
    func apply(to view: View) {
        view.label = label
        view.accessibilityIdentifier = accessibilityIdentifier
        view.tag = tag
    }

    /// `text`, or `nil` when it is empty: an empty text gives a person nothing to find the view by.
    /// - Complexity: O(1).
    static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }

    /// `text` with cycript's escapes of non-ASCII characters decoded: `\uXXXX` (a UTF-16 unit,
    /// surrogate pairs joined; a lone surrogate becomes U+FFFD) and `\xNN` (U+0000 to U+00FF). Any
    /// other backslash, `\\` included, is kept as printed: a debugger's own dump prints the text
    /// raw, and only these two escapes have been seen in dumps.
    /// - Complexity: O(length of the text).
    static func decodingEscapes(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "\\")) else { return text }
        let units = Array(text.utf16)
        var out: [UInt16] = []
        out.reserveCapacity(units.count)
        var i = 0
        while i < units.count {
            if units[i] == backslash, i + 1 < units.count {
                if units[i + 1] == lowerU, let unit = hexValue(units, from: i + 2, digits: 4) {
                    out.append(UInt16(unit))
                    i += 6
                    continue
                }
                if units[i + 1] == lowerX, let unit = hexValue(units, from: i + 2, digits: 2) {
                    out.append(UInt16(unit))
                    i += 4
                    continue
                }
            }
            out.append(units[i])
            i += 1
        }
        // Decoding UTF-16 repairs a lone surrogate with U+FFFD.
        return String(decoding: out, as: UTF16.self)
    }

    private static let backslash = UInt16(UInt8(ascii: "\\"))
    private static let lowerU = UInt16(UInt8(ascii: "u"))
    private static let lowerX = UInt16(UInt8(ascii: "x"))

    /// The value of `digits` hexadecimal digits at `start`, or `nil` when there are fewer.
    private static func hexValue(_ units: [UInt16], from start: Int, digits: Int) -> Int? {
        guard start + digits <= units.count else { return nil }
        var value = 0
        for unit in units[start..<(start + digits)] {
            guard unit < 0x80, let digit = Int(String(UnicodeScalar(UInt8(unit))), radix: 16) else { return nil }
            value = value * 16 + digit
        }
        return value
    }
}
