import Foundation
import HitIndex
import HitIndexCLI
import HitIndexSceneFormat

/// Paths and helpers shared by the test suites.
enum TestSupport {
    /// The repository root, found from this file's path.
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The real dumps the suites read (`Tests/Data`, one folder per source, each with its
    /// SOURCE.md; README.md there says how they were derived from the captured originals).
    static let realDataRoot = repositoryRoot.appendingPathComponent("Tests").appendingPathComponent("Data")

    /// One source's folder under ``realDataRoot``.
    static func realData(_ folder: String) -> URL { realDataRoot.appendingPathComponent(folder) }

    /// A file under `Examples/`.
    static func example(_ name: String) -> String {
        repositoryRoot.appendingPathComponent("Examples").appendingPathComponent(name).path
    }

    /// Reads a scene from JSON text, failing the test with the error when it is refused.
    static func scene(_ json: String) throws -> Scene {
        try SceneReader.read(string: json, file: "test.json")
    }

    /// Runs `hitindex` in-process; returns the exit status, standard output and standard error.
    static func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        var out: [UInt8] = []
        var err = ""
        let console = Console(out: { out += $0 }, err: { err += $0 })
        let status = HitIndexCommand.run(arguments, console: console)
        return (status, String(decoding: out, as: UTF8.self), err)
    }
}
