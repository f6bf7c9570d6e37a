import Foundation
import HitIndex
import HitIndexEvents
import HitIndexReference
import HitIndexSceneFormat

/// The `hitindex` command line (cli.md): dispatch, help and exit statuses.
public enum HitIndexCommand {
    /// The subcommands, with one line each for `hitindex --help`.
    static let commands: [(name: String, summary: String)] = [
        ("query", "hit-test screen points and print the id of the view hit, or nil"),
        ("trace", "print every hitTest, pointInside and return of the reference, in call order"),
        ("check", "validate a scene and print its size"),
        ("explain", "say why a touch lands where it does, and why the views in front lost"),
        ("convert", "convert a point between views' bounds spaces and the screen, as UIKit's convert does"),
        ("generate", "write a deterministic synthetic scene (ui, grid, deep, overlap, random)"),
        ("fuzz", "compare the index with the reference on random scenes and edge points; shrink a mismatch"),
        ("import", "convert a recursiveDescription, RICO or uiautomator dump into a scene"),
        ("chain", "print the responder chain from a view, controller, window, window scene or the app"),
        ("touch", "replay touch events: the touch methods responders log and the gesture recognizers' states"),
        ("action", "send an action as UIApplication.sendAction does and print who receives it"),
        ("replay", "apply edits, commits and queries to a live index built from a scene"),
    ]

    static let overview = """
        usage: hitindex COMMAND [ARGUMENTS] [--help]

        Answers UIKit's hit-testing question (which view does this touch land on?) exactly.

        commands:
        \(commands.map { "  " + $0.name.padding(toLength: 10, withPad: " ", startingAt: 0) + $0.summary }.joined(separator: "\n"))

        Run 'hitindex COMMAND --help' for a command's arguments, 'hitindex --version' for the
        version. Exit status: 0 success, 1 an internal failure, 2 bad usage or a refused scene.
        """

    /// Runs the command line `arguments` (without the program name) and returns the exit status.
    /// - Complexity: that of the command run.
    public static func run(_ arguments: [String], console: Console) -> Int32 {
        defer { console.flush() }
        guard let name = arguments.first else {
            console.error("hitindex: missing COMMAND (see 'hitindex --help')")
            return 2
        }
        let rest = Array(arguments.dropFirst())
        do throws(CLIError) {
            switch name {
            case "--version", "version":
                console.line("hitindex \(PackageVersion.current)")
                return 0
            case "--help", "-h", "help":
                if let topic = rest.first, let help = help(for: topic) {
                    console.line(help)
                } else {
                    console.line(overview)
                }
                return 0
            case "query": try Query.run(rest, console: console)
            case "trace": try Trace.run(rest, console: console)
            case "check": try Check.run(rest, console: console)
            case "generate": try Generate.run(rest, console: console)
            case "explain": try Explain.run(rest, console: console)
            case "convert": try Convert.run(rest, console: console)
            case "fuzz": try Fuzz.run(rest, console: console)
            case "import": try Import.run(rest, console: console)
            case "chain": try Chain.run(rest, console: console)
            case "touch": try Touch.run(rest, console: console)
            case "action": try Action.run(rest, console: console)
            case "replay": try Replay.run(rest, console: console)
            default:
                console.error("hitindex: unknown command '\(name)' (see 'hitindex --help')")
                return 2
            }
            return 0
        } catch {
            // Every command throws only CLIError, which carries its own message and exit status.
            if case .silent = error {} else { console.error(error.message) }
            return error.exitStatus
        }
    }

    static func help(for command: String) -> String? {
        switch command {
        case "query": return Query.help
        case "trace": return Trace.help
        case "check": return Check.help
        case "generate": return Generate.help
        case "explain": return Explain.help
        case "convert": return Convert.help
        case "fuzz": return Fuzz.help
        case "import": return Import.help
        case "chain": return Chain.help
        case "touch": return Touch.help
        case "action": return Action.help
        case "replay": return Replay.help
        default: return nil
        }
    }

    /// Builds the flattened index, mapping a refusal to exit status 2.
    static func buildIndex(_ scene: Scene) throws(CLIError) -> HitTestIndex {
        do {
            return try HitTestIndex(scene)
        } catch {
            throw .scene(error)
        }
    }

    /// Reads a scene file straight into an index (no object model), mapping a refusal to exit
    /// status 2 with the reader's error.
    static func loadIndex(_ path: String, command: String) throws(CLIError) -> HitTestIndex {
        try requireFile(path, command: command)
        do {
            return try HitTestIndex(views: SceneReader.readDefinitions(contentsOfFile: path))
        } catch {
            throw .scene(error)
        }
    }

    /// Whether the file's bytes contain `text` (false when it cannot be read: the command's own
    /// read reports that).
    /// - Complexity: O(file size).
    static func file(_ path: String, mentions text: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else { return false }
        return data.range(of: Data(text.utf8)) != nil
    }

    /// Refuses an input file that is missing, a directory or unreadable, naming the command and
    /// the path as given: a base name alone does not say which folder was searched.
    /// - Complexity: O(1) (two file-system queries).
    static func requireFile(_ path: String, command: String) throws(CLIError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .input(command, "\(path): no such file")
        }
        guard !isDirectory.boolValue else { throw .input(command, "\(path): is a directory, not a file") }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw .input(command, "\(path): cannot read the file (permission denied)")
        }
    }

    /// Writes `text` to the output file `path`, refusing a missing folder in words instead of
    /// Foundation's sentence.
    /// - Complexity: O(text).
    static func write(_ text: String, toFile path: String, command: String, option: String) throws(CLIError) {
        let folder = (path as NSString).deletingLastPathComponent
        var isDirectory: ObjCBool = false
        if !folder.isEmpty
            && !(FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) && isDirectory.boolValue)
        {
            throw .input(command, "\(option) \(path): no folder \(folder) to write into (create it first)")
        }
        do {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw .input(command, "\(option) \(path): cannot write the file (\(error.localizedDescription))")
        }
    }

    /// Reads and validates a scene file, mapping its refusal to exit status 2.
    /// How errors name a scene file: its last path component, as ``SceneReader`` does, so the
    /// reader's and the event layer's refusals look alike.
    static func sceneFileName(_ path: String) -> String { (path as NSString).lastPathComponent }

    static func loadScene(_ path: String, command: String) throws(CLIError) -> Scene {
        try requireFile(path, command: command)
        do {
            return try SceneReader.read(contentsOfFile: path)
        } catch {
            throw .scene(error)
        }
    }
}
