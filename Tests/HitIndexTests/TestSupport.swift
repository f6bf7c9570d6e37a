import Foundation
import HitIndex
import HitIndexCLI
import HitIndexSceneFormat

/// Paths and helpers shared by the test suites.
enum TestSupport {
    /// The repository root, found from this file's path.
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The dumps the suites read (`Tests/Data`, one folder per source, each with a SOURCE.md
    /// giving every file's origin and licence; README.md there says what each folder holds).
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
