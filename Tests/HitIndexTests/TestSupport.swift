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

/// A fresh, empty directory under the system's temporary directory, for the files a test writes.
/// Remove it as soon as it is made, so that it goes whether the test passes, fails or throws:
///
///     let dir = try TemporaryDirectory()
///     defer { dir.remove() }
struct TemporaryDirectory {
    let url: URL
    var path: String { url.path }

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("hitindex-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// `name` inside this directory; nothing is created.
    func appendingPathComponent(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Writes `text` to the file `name` in this directory and returns the file's path.
    func write(_ text: String, to name: String) throws -> String {
        let file = appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    /// Removes the directory and everything in it.
    func remove() { try? FileManager.default.removeItem(at: url) }
}
