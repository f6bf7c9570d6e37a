import Foundation
import HitIndex
import HitIndexSceneFormat
import Testing

/// Hand-written scenes in `Tests/HitIndexTests/Scenarios/`, each `NAME.json` paired with
/// `NAME.points`: lines `X,Y EXPECTED-ID-or-nil # why`, the answers worked out by hand from
/// semantics.md (the arithmetic is in the comments). Each scenario is run through
/// `hitindex query NAME.json --engine reference|index --points ...`.
@Suite struct ScenarioTests {
    static let folder = TestSupport.repositoryRoot.appendingPathComponent("Tests/HitIndexTests/Scenarios")

    /// The scenario names: every `.json` file in the folder.
    static var names: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    struct Expectation {
        var point: String
        var expected: String
        var line: Int
        var text: String
    }

    /// Parses a `.points` file; blank lines and lines starting with `#` are comments.
    static func expectations(_ name: String) throws -> [Expectation] {
        let text = try String(contentsOf: folder.appendingPathComponent("\(name).points"), encoding: .utf8)
        var result: [Expectation] = []
        for (n, raw) in text.components(separatedBy: "\n").enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let body = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let fields = body.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count == 2 else {
                Issue.record("\(name).points:\(n + 1): expected 'X,Y ID # why', got '\(line)'")
                continue
            }
            result.append(Expectation(point: String(fields[0]), expected: String(fields[1]), line: n + 1, text: line))
        }
        return result
    }

    @Test func theFolderHoldsEnoughScenariosEachWithAnswers() throws {
        let names = Self.names
        #expect(names.count >= 8, "\(names)")
        for name in names {
            let points = Self.folder.appendingPathComponent("\(name).points").path
            #expect(FileManager.default.fileExists(atPath: points), "\(name).json has no \(name).points")
            let expectations = try Self.expectations(name)
            #expect(expectations.count >= 5, "\(name): too few points")
            // Each scenario checks both a hit and a miss of some kind.
            #expect(expectations.contains { $0.expected != "nil" }, "\(name)")
        }
        // Every answer file has its scene.
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
        for file in files where file.hasSuffix(".points") {
            let scene = String(file.dropLast(7)) + ".json"
            #expect(files.contains(scene), "\(file) has no \(scene)")
        }
    }

    @Test(arguments: names)
    func scenario(_ name: String) throws {
        let scenePath = Self.folder.appendingPathComponent("\(name).json").path
        let expectations = try Self.expectations(name)
        try #require(!expectations.isEmpty, "\(name): no points")

        // The scene is valid, and every expected id is a view of it.
        let scene = try SceneReader.read(contentsOfFile: scenePath)
        for e in expectations where e.expected != "nil" {
            #expect(scene.view(withID: e.expected) != nil, "\(name).points:\(e.line): no view \"\(e.expected)\"")
        }
        let check = TestSupport.run(["check", scenePath])
        #expect(check.status == 0 && check.out.hasPrefix("ok: "), "\(name): \(check.err)")

        // The points go to the CLI through a points file of plain X,Y lines.
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let pointsFile = dir.appendingPathComponent("\(name).xy")
        try expectations.map(\.point).joined(separator: "\n").write(to: pointsFile, atomically: true, encoding: .utf8)

        // Both engines must give the hand-worked answers.
        for engine in ["reference", "index"] {
            let r = TestSupport.run(["query", scenePath, "--engine", engine, "--points", pointsFile.path])
            #expect(r.status == 0, "\(name) [\(engine)]: \(r.err)")
            #expect(r.err.isEmpty, "\(name) [\(engine)]: \(r.err)")
            var answers = r.out.components(separatedBy: "\n")
            if answers.last == "" { answers.removeLast() }
            #expect(
                answers.count == expectations.count,
                "\(name) [\(engine)]: \(answers.count) answers for \(expectations.count) points")
            for (e, answer) in zip(expectations, answers) {
                #expect(answer == e.expected, "\(name).points:\(e.line) [\(engine)]: got \(answer) for `\(e.text)`")
            }
        }
    }
}
