import Foundation
import HitIndex
import HitIndexFuzz
import HitIndexSceneFormat

/// `hitindex fuzz --seconds S [--seed K] [--out DIR]` and `hitindex fuzz --self-test`
enum Fuzz {
    static let help = """
        usage: hitindex fuzz --seconds S [--seed K] [--out DIR]
               hitindex fuzz --self-test [--seconds S] [--out DIR]

        Differential fuzzing of the index against the reference, half the time on random scenes,
        half on random edit sequences.

        Scenes: every attribute and declared behaviour, several windows, rotations, flips, scale 0
        and near-singular transforms, zero and negative sizes, wide containers and chains, huge
        and tiny coordinates. Points sit on decisions: hit-rect edges and corners carried to the
        screen, their one-ulp neighbours, NaN and infinities, points outside every window. Each
        point is answered by the index (single query, batch API and hitTestAll's first element,
        which must agree) and by the reference.

        Edit sequences: inserts, removals, moves across windows, reorders, every attribute
        (transforms with det = 0 among them), scrolls, redirects and window levels, applied to a
        live index and to the object model alike. After every commit the new snapshot is compared
        with the reference, after every edit the invariant checker runs, and the snapshot held
        from before the edits must not change.

        The first disagreement stops the run. It is shrunk to a small scene (and an edit sequence
        to few edits), written to DIR (mismatch.json, or edit-mismatch.json and edit-mismatch.txt)
        with how to reproduce it, and the exit status is 1. The scene and sequence counts are
        printed; the last line counts both as scenes.
        Last line: 'fuzz: N scenes, M queries, K mismatches'.

        --self-test runs the fuzzer against deliberately broken engines (inclusive max edges,
        alpha compared in Float, bounds.origin ignored, a composed screen-to-view transform
        without the stepwise conversion) and broken edit handling (scrolls forgotten, reorders
        ignored), and exits 0 only when each is caught within S seconds (default 60) and shrunk
        to at most 3 views.

        options:
          --seconds S    how long to fuzz (a decimal number > 0; default 10)
          --seed K       the random seed (default: from the clock; always printed)
          --out DIR      where a shrunk mismatch is written (default ./hitindex-fuzz); with
                         --self-test, each mutant's counterexample as MUTANT.json (and the edit
                         mutants' edits as MUTANT.txt; default: none)
        """

    static func run(_ args: [String], console: Console) throws(CLIError) {
        let a = try Arguments(args, command: "fuzz", options: ["seconds", "seed", "out"], flags: ["self-test"])
        if a.has("help") { return console.line(help) }
        guard a.positional.isEmpty else { throw .usage("fuzz", "unexpected argument '\(a.positional[0])'") }
        var seconds = a.has("self-test") ? 60.0 : 10.0
        if let text = a.value("seconds") {
            guard let s = Double(text), s > 0, s.isFinite else {
                throw .usage("fuzz", "--seconds expects a number > 0, got '\(text)'")
            }
            seconds = s
        }
        var seed = UInt64(Date().timeIntervalSince1970 * 1000) % 1_000_000
        if let text = a.value("seed") {
            guard let s = UInt64(text) else {
                throw .usage("fuzz", "--seed expects a whole number >= 0, got '\(text)'")
            }
            seed = s
        }
        if a.has("self-test") { return try selfTest(seconds: seconds, out: a.value("out"), console: console) }
        let out = a.value("out") ?? "hitindex-fuzz"

        console.line("fuzz: seed \(seed), \(seconds) s")
        var report = Fuzzer.run(engine: .index, seed: seed, seconds: seconds / 2)
        if report.found == nil {
            let edits = EditFuzzer.run(seed: seed, seconds: seconds / 2)
            report.scenes += edits.sequences
            report.queries += edits.queries
            console.line("fuzz: \(edits.sequences) edit sequences, \(edits.edits) edits")
            if let found = edits.found, let shrunk = edits.shrunk {
                console.line("edit sequence \(edits.sequences) (seed \(seed)) failed: \(found)")
                let written = try write(shrunk, to: out, seed: seed)
                console.line(
                    "shrunk (\(edits.shrinkChecks) checks) to \(shrunk.sequence.scene.viewCount) views and "
                        + "\(shrunk.sequence.edits.count) edits: \(shrunk)")
                console.line("reproduce: \(written)")
                report.mismatches = 1
            }
        }
        if let found = report.found, let shrunk = report.shrunk ?? report.found {
            console.line(
                "mismatch in scene \(report.failingScene) (seed \(seed)) at \(format(found.point)): "
                    + "reference \(found.expected ?? "nil"), index \(found.got ?? "nil")")
            let written = try write(shrunk, to: out)
            console.line(
                "shrunk in \(String(format: "%.2f", report.secondsToShrink)) s (\(report.shrinkChecks) checks) "
                    + "to \(shrunk.scene.viewCount) views: reference \(shrunk.expected ?? "nil"), "
                    + "index \(shrunk.got ?? "nil")")
            console.line("reproduce: \(written)")
        }
        console.line("fuzz: \(report.scenes) scenes, \(report.queries) queries, \(report.mismatches) mismatches")
        if report.mismatches > 0 { throw .silent(1) }
    }

    /// Writes a shrunk edit sequence's scene to `dir/NAME.json` and its edits, one a line, to
    /// `dir/NAME.txt`; returns where and how to reproduce it.
    private static func write(
        _ f: EditFuzzer.Failure, to dir: String, seed: UInt64, name: String = "edit-mismatch"
    ) throws(CLIError) -> String {
        let scenePath = (dir as NSString).appendingPathComponent("\(name).json")
        let editsPath = (dir as NSString).appendingPathComponent("\(name).txt")
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try SceneWriter.string(f.sequence.scene.makeScene()).write(
                toFile: scenePath, atomically: true, encoding: .utf8)
            let lines = f.sequence.edits.enumerated().map { "\($0.offset): \($0.element)" }
            let point =
                f.point.map { "point \(format($0)): reference \(f.expected ?? "nil"), index \(f.got ?? "nil")\n" } ?? ""
            try (point + lines.joined(separator: "\n") + "\n").write(
                toFile: editsPath, atomically: true, encoding: .utf8)
        } catch {
            throw .failure("fuzz", "cannot write \(scenePath): \(error)")
        }
        return "scene \(scenePath), edits \(editsPath); hitindex fuzz --seed \(seed) finds it again"
    }

    /// Writes the shrunk scene to `dir/mismatch.json` and returns the commands that replay it.
    private static func write(_ m: Mismatch, to dir: String, name: String = "mismatch") throws(CLIError) -> String {
        let path = (dir as NSString).appendingPathComponent("\(name).json")
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            let text = try SceneWriter.string(m.scene.makeScene())
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw .failure("fuzz", "cannot write \(path): \(error)")
        }
        let p = format(m.point)
        return "hitindex query \(path) --engine index \(p); hitindex query \(path) --engine reference \(p)"
    }

    /// A point as `query` reads it back bit for bit (Swift prints the shortest round-trip form).
    static func format(_ p: Point) -> String { "\(p.x),\(p.y)" }

    private static func selfTest(seconds: Double, out: String?, console: Console) throws(CLIError) {
        var lines: [String] = []
        var failed: [String] = []
        for mutant in Mutant.allCases {
            let report = Fuzzer.run(engine: mutant.engine, seed: 1, seconds: seconds)
            guard let shrunk = report.shrunk else {
                failed.append(mutant.rawValue)
                lines.append("\(mutant.rawValue): NOT caught in \(report.scenes) scenes (\(seconds) s)")
                continue
            }
            let views = shrunk.scene.viewCount
            if let out { _ = try write(shrunk, to: out, name: mutant.rawValue) }
            if views > 3 { failed.append(mutant.rawValue) }
            let summary =
                "\(mutant.rawValue): caught in \(String(format: "%.2f", report.secondsToFind)) s "
                + "(scene \(report.failingScene)), shrunk in \(String(format: "%.2f", report.secondsToShrink)) s "
                + "to \(views) view\(views == 1 ? "" : "s")"
            console.line(
                "\(summary) at \(format(shrunk.point)): reference \(shrunk.expected ?? "nil"), mutant \(shrunk.got ?? "nil")"
            )
            lines.append(summary)
        }
        for mutant in EditMutant.allCases {
            let report = EditFuzzer.run(seed: 1, seconds: seconds, mutant: mutant)
            guard let shrunk = report.shrunk else {
                failed.append(mutant.rawValue)
                lines.append("\(mutant.rawValue): NOT caught in \(report.sequences) edit sequences (\(seconds) s)")
                continue
            }
            let views = shrunk.sequence.scene.viewCount
            if let out { _ = try write(shrunk, to: out, seed: 1, name: mutant.rawValue) }
            if views > 3 { failed.append(mutant.rawValue) }
            let summary =
                "\(mutant.rawValue): caught in edit sequence \(report.sequences), shrunk to \(views) "
                + "view\(views == 1 ? "" : "s") and \(shrunk.sequence.edits.count) edits"
            console.line("\(summary): \(shrunk)")
            lines.append(summary)
        }
        let total = Mutant.allCases.count + EditMutant.allCases.count
        let verdict = failed.isEmpty ? "all \(total) caught" : "FAILED: \(failed.joined(separator: ", "))"
        console.line("self-test: \(lines.joined(separator: "; ")); \(verdict)")
        if !failed.isEmpty { throw .silent(1) }
    }
}
