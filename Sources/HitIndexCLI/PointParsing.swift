import Foundation
import HitIndex

enum PointParsing {
    /// Parses `X,Y`; each coordinate is a decimal number, `nan`, `inf` or `-inf`.
    static func point(_ text: Substring) -> Point? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let x = coordinate(parts[0]), let y = coordinate(parts[1]) else { return nil }
        return Point(x: x, y: y)
    }

    private static func coordinate(_ text: Substring) -> Double? {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        switch t {
        case "nan", "+nan", "-nan": return .nan
        case "inf", "+inf", "infinity", "+infinity": return .infinity
        case "-inf", "-infinity": return -.infinity
        default:
            // Decimal numbers only: Swift's parser would also take hexadecimal and "infinity"
            // spellings that a points file should not silently contain.
            guard !t.isEmpty, t.allSatisfy({ "0123456789+-.e".contains($0) }) else { return nil }
            return Double(t)
        }
    }

    /// Reads a points file: one `X,Y` per line; blank lines and lines starting with `#` are
    /// skipped.
    static func points(file path: String, command: String) throws(CLIError) -> [Point] {
        try HitIndexCommand.requireFile(path, command: command)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .usage(command, "cannot read points file '\(path)'")
        }
        var result: [Point] = []
        let text = String(decoding: data, as: UTF8.self)
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard let p = point(Substring(trimmed)) else {
                throw .usage(command, "\(path):\(n + 1): expected X,Y, got '\(trimmed)'")
            }
            result.append(p)
        }
        return result
    }
}
