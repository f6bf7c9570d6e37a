import Foundation
import HitIndex
import HitIndexImport
import HitIndexSceneFormat
import Testing

/// The forms people paste a `recursiveDescription` in (issue "The event layer and the importers,
/// complete"): each, made from the photo-grid dump of Tests/Data (`hitindex-photo-grid.txt`), must
/// import to exactly the scene the plain dump imports to.
@Suite struct RecursiveDescriptionPasteTests {
    static func plain() throws -> String {
        try RecursiveDescriptionImportTests.text("hitindex-photo-grid.txt")
    }

    static func json(_ text: String) throws -> String {
        try SceneWriter.string(try Importer.parse(text, format: .recursiveDescription).scene)
    }

    static func lines(_ text: String) -> [String] { text.components(separatedBy: "\n") }

    @Test func anLLDBCommandLineIsDropped() throws {
        let dump = try Self.plain()
        #expect(
            try Self.json("(lldb) po [[UIApplication sharedApplication].keyWindow recursiveDescription]\n" + dump)
                == Self.json(dump))
        #expect(
            try Self.json("(lldb) expr -l objc -O -- [UIWindow.keyWindow recursiveDescription]\n" + dump)
                == Self.json(dump))
    }

    @Test func nsLogPrefixesAreCut() throws {
        let dump = try Self.plain()
        let logged = Self.lines(dump).map { $0.isEmpty ? $0 : "2024-05-01 10:11:12.345 Photos[1234:56789] " + $0 }
        #expect(try Self.json(logged.joined(separator: "\n")) == Self.json(dump))
    }

    @Test func quotedPastesAreUnquoted() throws {
        let dump = try Self.plain().trimmingCharacters(in: .newlines)
        let escaped = dump.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
        #expect(try Self.json("@\"" + escaped + "\"") == Self.json(dump))  // cycript
        #expect(try Self.json("\"" + escaped + "\"\n") == Self.json(dump))  // Frida, a JSON log
    }

    @Test func instanceVariableNamesAreCut() throws {
        let dump = try Self.plain()
        var k = 0
        let named = Self.lines(dump).map { line -> String in
            guard let open = line.firstIndex(of: "<"), open != line.startIndex else { return line }
            k += 1
            return String(line[..<open]) + "_subview\(k) " + String(line[open...])
        }
        #expect(k > 10)
        #expect(try Self.json(named.joined(separator: "\n")) == Self.json(dump))
    }

    /// A line that is none of these is still refused with its line number.
    @Test func otherTextIsStillRefused() throws {
        let dump = try Self.plain()
        let broken = Self.lines(dump).enumerated().map { $0.offset == 3 ? "   | what is this" : $0.element }
        do throws(ImportError) {
            _ = try Importer.parse(broken.joined(separator: "\n"), format: .recursiveDescription)
            Issue.record("accepted")
        } catch {
            #expect(error.description.contains("line 4"), "\(error)")
        }
    }
}
