import Foundation
import HitIndex
import HitIndexSceneFormat
import Testing

/// `hitindex import` end to end: every sample in `Tests/Data` converts, the output reads back and
/// passes `check` with one view per node of the dump, and bad input exits 2 with its line.
@Suite struct ImportCLITests {
    static let realdata = TestSupport.realDataRoot.path

    /// Nodes in a dump, counted without the importer: view lines (`<`… after the indentation, not
    /// `(layer)`) for recursiveDescription, `<node` tags for uiautomator, `"class"` keys for RICO.
    static func independentCount(_ text: String, format: String) -> Int {
        switch format {
        case "uiautomator":
            return text.components(separatedBy: "<node ").count - 1
        case "rico":
            return text.components(separatedBy: "\"class\":").count - 1
        default:
            return text.split(separator: "\n").filter { line in
                let body = line.drop { " \t|/`".contains($0) }
                return (body.hasPrefix("<") || body.hasPrefix("{{")) && !line.hasSuffix("(layer)")
            }.count
        }
    }

    static let samples: [(String, String)] = {
        var out: [(String, String)] = []
        let fm = FileManager.default
        for (dir, format, ext) in [
            ("ios-recursivedescription", "recursive-description", ".txt"),
            ("android-uiautomator", "uiautomator", ".xml"), ("rico-hitindex", "rico", ".json"),
        ] {
            let path = "\(realdata)/\(dir)"
            let files = ((try? fm.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(ext) }.sorted()
            out += files.map { ("\(path)/\($0)", format) }
        }
        return out
    }()

    @Test func samplesArePresent() {
        // 4 recursiveDescription dumps, 4 uiautomator dumps, 8 RICO-format screens.
        #expect(Self.samples.count == 16, "\(Self.samples.map(\.0))")
    }

    @Test(arguments: samples)
    func sampleImportsReadsBackAndChecks(path: String, format: String) throws {
        let r = TestSupport.run(["import", "--from", format, path])
        #expect(r.status == 0, "\(path): \(r.err)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let expected = Self.independentCount(text, format: format)
        let scene = try SceneReader.read(string: r.out)
        var views = 0
        scene.forEachView { _, _ in views += 1 }
        #expect(views == expected, "\(path)")
        // Warnings go to standard error only, one line each, naming the file.
        for line in r.err.split(separator: "\n") { #expect(line.hasPrefix("hitindex import: \(path): warning: ")) }
        // The written scene passes `hitindex check`.
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let out = try dir.write(r.out, to: "imported.json")
        let check = TestSupport.run(["check", out])
        #expect(check.status == 0 && check.out.hasPrefix("ok: \(expected) views"), "\(check.out)\(check.err)")
    }

    @Test func malformedInputExitsTwoWithItsLine() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let cases: [(String, String, String)] = [
            // Line 3 holds the node without a second bracket pair.
            (
                "uiautomator",
                "<?xml version='1.0' ?>\n<hierarchy rotation=\"0\">\n<node bounds=\"[0,0][10]\"/>\n</hierarchy>\n",
                "line 3: "
            ),
            // The frame on line 2 is missing its height.
            (
                "recursive-description",
                "<UIWindow: 0x1; frame = (0 0; 10 10); layer = <L: 0x2>>\n   | <UIView: 0x3; frame = (0 0; 5); layer = <L: 0x4>>\n",
                "line 2: "
            ),
            // The JSON ends inside the root's object, which starts on line 2.
            ("rico", "{\"activity\": {\"root\":\n {\"class\": \"A\", \"bounds\": [0, 0, 10, 10]\n", "line "),
        ]
        for (k, (format, text, fragment)) in cases.enumerated() {
            let path = dir.appendingPathComponent("bad\(k)").path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let r = TestSupport.run(["import", "--from", format, path])
            #expect(r.status == 2, "\(format)")
            #expect(r.err.hasPrefix("hitindex import: \(path): \(fragment)"), "\(format): \(r.err)")
            #expect(r.err.split(separator: "\n").count == 1 && r.out.isEmpty, "\(format): \(r.err)")
        }
    }

    @Test(arguments: [
        ["import"], ["import", "--from", "xml", "f"], ["import", "--from", "rico"],
        ["import", "--from", "rico", "a", "b"],
        ["import", "--from", "rico", "/nonexistent/file.json"],
    ])
    func badUsageExitsTwo(arguments: [String]) {
        let r = TestSupport.run(arguments)
        #expect(r.status == 2, "\(arguments)")
        #expect(r.err.hasPrefix("hitindex import: "), "\(r.err)")
        #expect(r.out.isEmpty)
    }
}
