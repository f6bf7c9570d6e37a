import Foundation
import HitIndex
import HitIndexFuzz
import HitIndexSceneFormat

/// `hitindex fuzz --seconds S [--seed K] [--out DIR]` and `hitindex fuzz --self-test`
enum Fuzz {
    static let help = """
        usage: hitindex fuzz --seconds S [--seed K] [--out DIR]
               hitindex fuzz --self-test [--seconds S] [--out DIR]

        Differential fuzzing: random scenes (every attribute and declared behaviour, several
        windows, rotations, flips, scale 0 and near-singular transforms, zero and negative
        sizes, wide containers and chains, huge and tiny coordinates) and points that sit on
        decisions (hit-rect edges and corners carried to the screen, their one-ulp neighbours,
        NaN and infinities, points outside every window). Each point is answered by the index
        (single query, batch API and hitTestAll's first element, which must agree) and by the
        reference. The first disagreement stops the run; it is shrunk to a small scene, written
        to DIR as mismatch.json with the command that reproduces it, and the exit status is 1.
        Last line: 'fuzz: N scenes, M queries, K mismatches'.

        --self-test runs the fuzzer against deliberately broken engines (inclusive max edges,
        alpha compared in Float, bounds.origin ignored, a composed screen-to-view transform
        without the stepwise conversion) and exits 0 only when each is caught within S seconds
        (default 60) and shrunk to at most 3 views.

        options:
          --seconds S    how long to fuzz (a decimal number > 0; default 10)
          --seed K       the random seed (default: from the clock; always printed)
          --out DIR      where a shrunk mismatch is written (default ./hitindex-fuzz); with
                         --self-test, each mutant's counterexample as MUTANT.json (default: none)
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
        let report = Fuzzer.run(engine: .index, seed: seed, seconds: seconds)
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
        let verdict =
            failed.isEmpty ? "all \(Mutant.allCases.count) caught" : "FAILED: \(failed.joined(separator: ", "))"
        console.line("self-test: \(lines.joined(separator: "; ")); \(verdict)")
        if !failed.isEmpty { throw .silent(1) }
    }
}
