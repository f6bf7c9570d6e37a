import Foundation
import HitIndex
import HitIndexImport
import HitIndexSceneFormat
import Testing

/// The forms people paste a `recursiveDescription` in (issues "The event layer and the importers,
/// complete" and 25, "Every common paste imports"): each, made here from the dumps of Tests/Data,
/// must import to exactly the scene the plain dump imports to (compared as written scene files,
/// labels included), and text that is none of them is still refused at its line.
@Suite struct RecursiveDescriptionPasteTests {
    static func plain() throws -> String {
        try RecursiveDescriptionImportTests.text("hitindex-photo-grid.txt")
    }

    static func json(_ text: String) throws -> String {
        try SceneWriter.string(try Importer.parse(text, format: .recursiveDescription).scene)
    }

    static func lines(_ text: String) -> [String] { text.components(separatedBy: "\n") }

    /// A sample without its final newline, so that a wrapper can close right after its last line.
    static func sample(_ name: String) throws -> String {
        try RecursiveDescriptionImportTests.text(name).trimmingCharacters(in: .newlines)
    }

    /// `text` as the body of a double-quoted string literal (JSON's, Frida's, cycript's `@"…"`).
    static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: "\\t")
    }

    /// The error importing `text` gives, or `nil`.
    static func failure(_ text: String) -> ImportError? { RecursiveDescriptionImportTests.failure(text) }

    // MARK: - Forms read since "The event layer and the importers, complete"

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

    // MARK: - lldb (issue 25)

    /// The command lines of docs/importers.md, each followed by the output and the next prompt.
    @Test(
        "lldb: po, expr -l objc -O and e -l objc -O with their command lines",
        arguments: RecursiveDescriptionImportTests.samples)
    func lldbObjectiveC(_ name: String) throws {
        let dump = try Self.sample(name)
        let expected = try Self.json(dump)
        for command in [
            "po [[UIWindow keyWindow] recursiveDescription]",
            "expr -l objc -O -- [[UIWindow keyWindow] recursiveDescription]",
            "e -l objc -O -- [[[UIApplication sharedApplication] keyWindow] recursiveDescription]",
        ] {
            #expect(try Self.json("(lldb) \(command)\n\(dump)\n(lldb) ") == expected, "\(command)")
        }
    }

    @Test("Swift po: ▿ Optional<Any> and - some : before the dump", arguments: RecursiveDescriptionImportTests.samples)
    func swiftPo(_ name: String) throws {
        let dump = try Self.sample(name)
        let expected = try Self.json(dump)
        let command = "(lldb) po UIApplication.shared.keyWindow?.value(forKey: \"recursiveDescription\")\n"
        #expect(try Self.json(command + "▿ Optional<Any>\n  - some : " + dump + "\n(lldb) ") == expected)
        // `dump`'s spelling, `- some: `, and CRLF line ends.
        let crlf = ("▿ Optional<Any>\n  - some: " + dump + "\n").replacingOccurrences(of: "\n", with: "\r\n")
        #expect(try Self.json(crlf) == expected)
        // A Swift String inside the optional, quoted and escaped on one line.
        #expect(try Self.json("▿ Optional<String>\n  - some : \"" + Self.quoted(dump) + "\"\n") == expected)
    }

    @Test("Swift print: Optional(…) around the dump, raw or quoted", arguments: RecursiveDescriptionImportTests.samples)
    func swiftOptional(_ name: String) throws {
        let dump = try Self.sample(name)
        let expected = try Self.json(dump)
        #expect(try Self.json("Optional(" + dump + ")\n") == expected)
        #expect(try Self.json("Optional(\"" + Self.quoted(dump) + "\")") == expected)
        // A quoted string with the Optional inside it (`String(describing:)` of the optional).
        #expect(try Self.json("(lldb) po x\n\"Optional(" + Self.quoted(dump) + ")\"\n(lldb)") == expected)
    }

    // MARK: - cycript, Frida, the Xcode console (issue 25)

    @Test("cycript: cy# prompts, @\"…\" and `…` results", arguments: RecursiveDescriptionImportTests.samples)
    func cycript(_ name: String) throws {
        let dump = try Self.sample(name)
        let expected = try Self.json(dump)
        let string = "cy# [[UIApp keyWindow] recursiveDescription]\n@\"" + Self.quoted(dump) + "\"\ncy# "
        #expect(try Self.json(string) == expected)
        let template = "cy# [[UIApp keyWindow] recursiveDescription].toString()\n`" + dump + "`\ncy#\n"
        #expect(try Self.json(template) == expected)
    }

    /// crifan's post shows the cycript session around the dump: a command whose result is an
    /// object (`#"<UITransitionView: …>"`), a blank line, the command that prints the dump, the dump
    /// between backticks and the last prompt. Pasted whole, the code block imports as the dump.
    @Test("cycript: the whole code block of crifan's post imports as the extracted dump")
    func crifanSession() throws {
        let post = try RecursiveDescriptionImportTests.text("crifan-cycript-output_example.md")
        let lines = Self.lines(post)
        let open = try #require(lines.firstIndex(of: "```bash"))
        let close = try #require(lines[(open + 1)...].firstIndex(of: "```"))
        let block = lines[(open + 1)..<close]
        #expect(block.first?.hasPrefix("cy# var topView") == true && block.last == "cy#")
        #expect(block.contains { $0.hasPrefix("#\"<UITransitionView: 0x11f9059e0;") })
        let expected = try Self.json(try Self.sample("crifan-cycript-output_example.extracted.txt"))
        #expect(try Self.json(block.joined(separator: "\n")) == expected)
    }

    @Test(
        "Frida: [device::process]-> prompts, a quoted result or console.log output",
        arguments: RecursiveDescriptionImportTests.samples)
    func frida(_ name: String) throws {
        let dump = try Self.sample(name)
        let expected = try Self.json(dump)
        let prompt = "[iPhone::Photos ]-> "
        let expression = "ObjC.classes.UIWindow.keyWindow().recursiveDescription().toString()"
        #expect(try Self.json(prompt + expression + "\n\"" + Self.quoted(dump) + "\"\n" + prompt) == expected)
        #expect(
            try Self.json("[Local::PID::4242 ]-> console.log(" + expression + ")\n" + dump + "\n" + prompt) == expected)
    }

    @Test(
        "the Xcode console: a prefix before each line, or before the first only",
        arguments: RecursiveDescriptionImportTests.samples)
    func xcodeConsole(_ name: String) throws {
        let dump = try Self.sample(name)
        let expected = try Self.json(dump)
        let prefix = "2026-11-25 10:00:00.123456+0100 Photos[1234:56789] "
        let each = Self.lines(dump).map { prefix + $0 }.joined(separator: "\n")
        #expect(try Self.json(each) == expected)
        // One NSLog of the whole description: the prefix before its first line only.
        #expect(try Self.json(prefix + dump) == expected)
        // Other clocks and thread ids: no fraction, a Z zone, a hexadecimal thread.
        #expect(try Self.json("2026-11-25 10:00:00Z My App[77:a0b] " + dump) == expected)
        // Mixed: the prefix before a Swift Optional(…), instance-variable names after it.
        // (Only lines whose `<` follows the indentation: not FTAdditions' `{{…}} Class (<…>)`.)
        var k = 0
        let named = Self.lines(dump).map { line -> String in
            guard let open = line.firstIndex(of: "<"), open != line.startIndex,
                line[..<open].allSatisfy({ " |\t".contains($0) })
            else { return line }
            k += 1
            return String(line[..<open]) + "_view\(k) = " + String(line[open...])
        }
        #expect(try Self.json(prefix + "Optional(" + named.joined(separator: "\n") + ")") == expected)
    }

    @Test("mixed: lldb's prompt, Swift's po header, CRLF, blank lines and a trailing prompt")
    func mixed() throws {
        let dump = try Self.sample("sentry-mockViewHierarchyData.extracted.txt")
        let expected = try Self.json(dump)
        let paste = [
            "", "(lldb) po UIApplication.shared.keyWindow?.value(forKey: \"recursiveDescription\")", "▿ Optional<Any>",
            "  - some : " + dump, "", "(lldb) ",
        ].joined(separator: "\r\n")
        #expect(try Self.json(paste) == expected)
        // A byte-order mark before a prompt.
        #expect(try Self.json("\u{FEFF}cy# x\n" + dump) == expected)
    }

    // MARK: - Still refused, at the line as pasted

    @Test("text that none of the rules covers is refused at its line")
    func stillRefused() throws {
        let dump = try Self.sample("sentry-mockViewHierarchyData.extracted.txt")
        let cases: [(String, Int)] = [
            ("(gdb) po [[UIWindow keyWindow] recursiveDescription]\n" + dump, 1),
            (">>> print(window)\n" + dump, 1),
            ("▿ UIWindow\n" + dump, 1),
            ("▿ Optional<Any>\n  - some : 42\n" + dump, 2),
            ("cy# x\n[1] <UIWindow: 0x1; frame = (0 0; 1 1)>\n" + dump, 2),
            ("Optional(nil)\n" + dump, 1),
            ("2026-11-25 10:00 Photos[1:2] " + dump, 1),
            ("(NSString *) $0 = 0x600000c0 @\"" + Self.quoted(dump) + "\"", 1),
            ("(lldb) po x\n▿ Optional<Any>\n  - some : " + dump + "\n  - extra : 1", 99),
        ]
        for (text, line) in cases {
            let error = Self.failure(text)
            #expect(error?.line == line, "\(text.prefix(60)): \(String(describing: error))")
        }
        // The same line in the middle of a Swift po paste: its own line number.
        var pasted = Self.lines("(lldb) po x\n▿ Optional<Any>\n  - some : " + dump)
        pasted[9] = "   | what is this"
        #expect(Self.failure(pasted.joined(separator: "\n"))?.line == 10)
        // In a quoted result the decoded lines count from the quote's line: the dump's 7th line
        // is the 8th line after a Frida prompt.
        var decoded = Self.lines(dump)
        decoded[6] = "   | what is this"
        let frida =
            "[iPhone::Photos ]-> x\n\"" + Self.quoted(decoded.joined(separator: "\n")) + "\"\n[iPhone::Photos ]->"
        #expect(Self.failure(frida)?.line == 8)
    }
}
