import Foundation

/// The command line of `hitindex-bench` (documented in perf/README.md), parsed by hand.
struct Options {
    static let allShapes = ["ui", "grid", "deep", "overlap", "random", "rico"]
    /// The engines, and `live`: the live index's edits, frames, readers under a writer and the C
    /// API's overhead, measured on the index (so `live` needs `index`).
    static let allEngines = ["index", "tree", "linear", "reference", "live"]
    /// The view count of `--heavy`.
    static let heavyCounts = [10_000_000]

    var shapes = Options.allShapes
    var counts = [1000, 10000, 100_000, 1_000_000]
    var engines = Options.allEngines
    var queries = 100_000
    var seed: UInt64 = 1
    var jsonPath: String?
    var svgDir: String?
    var quick = false
    /// The 10M-view runs: ``heavyCounts`` of ui and grid, the index and its live phases.
    var heavy = false
    /// Repetitions of each latency measurement; the reported figure is their median.
    var repetitions = 5
    /// Seconds one engine may spend on one configuration (validation and timing) before it is
    /// given fewer queries, or skipped.
    var budgetSeconds = 20.0
    /// Overrides the RICO directory search.
    var ricoDir: String?
    /// Skips the DRAM/bandwidth probes (their JSON fields are then null).
    var probes = true
    /// Measures the live index (edits, frames, readers under a writer) for the index engine.
    var live = true

    /// The engines that answer queries (the list without `live`).
    var queryEngines: [String] { engines.filter { $0 != "live" } }

    static let usage = """
        usage: hitindex-bench [--shapes ui,grid,deep,overlap,random,rico] [--counts 1000,10000,100000,1000000]
                              [--engines index,tree,linear,reference,live] [--queries N] [--seed S]
                              [--json FILE] [--svg DIR] [--quick | --heavy]
                              [--reps N] [--budget SECONDS] [--rico-dir DIR] [--no-probes] [--no-live]
               hitindex-bench compare A.json B.json
               hitindex-bench edits SHAPE COUNT KIND N [SEED]
               hitindex-bench --help | --version

        Benchmarks the HitIndex engines (index, tree, linear, reference) on generated scenes and on
        Android screens in RICO's JSON format. Every engine's answers are checked against the
        reference before anything is timed; a disagreement exits with status 1.

          --shapes LIST     scene shapes (default: all of ui,grid,deep,overlap,random,rico)
          --counts LIST     view counts per shape (default: 1000,10000,100000,1000000)
          --engines LIST    engines (default: index,tree,linear,reference,live); live is the live
                            index's phases (edits, frames, readers under a writer, the C API's
                            overhead), measured on the index: a list without it skips them
          --queries N       random points, and pointer-walk points, per configuration (default 100000)
          --seed S          seed for scenes and queries (default 1)
          --json FILE       write the results as JSON (the fields perf/README.md lists)
          --svg DIR         write SVG plots: query time and build time against view count
          --quick           CI smoke test: counts 1000,10000, 2000 queries, 3 repetitions, 1.5 s
                            budget; every shape and engine, under a minute
          --heavy           the 10M-view runs: shapes ui,grid, counts 10000000, engines index,live,
                            20000 queries, 3 repetitions (each overridable by its own option);
                            about 18 GB of memory at the peak and 7-9 minutes a shape here
          --reps N          repetitions per latency measurement (default 5; quick 3)
          --budget SECONDS  time one engine may take on one configuration (default 20; quick 1.5):
                            a slower engine runs on a prefix of the query set, and is skipped
                            (not failed) when even the minimum does not fit
          --rico-dir DIR    directory of the RICO JSON files (default: Tests/Data/rico-hitindex
                            under the working directory or the package root)
          --no-probes       skip the DRAM latency and bandwidth probes
          --no-live         skip the live index's measurements, as a list without live does (their
                            JSON fields are then absent)
          compare A B       print per-configuration ratios B/A of two --json files
          edits SHAPE COUNT KIND N [SEED]
                            N edits of one kind (attribute, frame, scroll, insert, remove, move),
                            each with its commit, on a fresh index, and their p50 and p90: the
                            unit perf/edit-instructions.sh counts under callgrind

        Exit status: 0 success, 1 validation failure, 2 usage or input error.
        """

    struct UsageError: Error {
        var message: String
    }

    /// Parses `arguments` (without the program name).
    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var o = Options()
        var explicitCounts = false
        var explicitShapes = false
        var explicitEngines = false
        var explicitQueries = false
        var explicitReps = false
        var explicitBudget = false
        var i = 0
        func value(_ name: String, _ inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            i += 1
            guard i < arguments.count else { throw UsageError(message: "\(name) needs a value") }
            return arguments[i]
        }
        func list(_ name: String, _ text: String) throws(UsageError) -> [String] {
            let items = text.split(separator: ",", omittingEmptySubsequences: false).map {
                String($0).trimmingCharacters(in: .whitespaces)
            }
            guard !items.isEmpty, !items.contains(where: \.isEmpty) else {
                throw UsageError(message: "\(name): expected a comma-separated list, got '\(text)'")
            }
            return items
        }
        while i < arguments.count {
            var arg = arguments[i]
            var inline: String?
            if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                inline = String(arg[arg.index(after: eq)...])
                arg = String(arg[..<eq])
            }
            switch arg {
            case "--shapes":
                var shapes = try list(arg, value(arg, inline))
                if shapes == ["all"] { shapes = allShapes }
                for s in shapes where !allShapes.contains(s) {
                    throw UsageError(
                        message: "--shapes: unknown shape '\(s)' (expected \(allShapes.joined(separator: ",")))")
                }
                o.shapes = unique(shapes)
                explicitShapes = true
            case "--counts":
                let items = try list(arg, value(arg, inline))
                var counts: [Int] = []
                for item in items {
                    guard let n = Int(item.replacingOccurrences(of: "_", with: "")), n >= 1, n <= 50_000_000 else {
                        throw UsageError(message: "--counts: expected whole numbers from 1 to 50000000, got '\(item)'")
                    }
                    counts.append(n)
                }
                o.counts = unique(counts)
                explicitCounts = true
            case "--engines":
                var engines = try list(arg, value(arg, inline))
                if engines == ["all"] { engines = allEngines }
                for e in engines where !allEngines.contains(e) {
                    throw UsageError(
                        message: "--engines: unknown engine '\(e)' (expected \(allEngines.joined(separator: ",")))")
                }
                o.engines = allEngines.filter(engines.contains)
                if o.engines.contains("live") && !o.engines.contains("index") {
                    throw UsageError(message: "--engines: live measures the index's live phases; list index too")
                }
                o.live = o.engines.contains("live")
                explicitEngines = true
            case "--queries":
                let v = try value(arg, inline)
                guard let n = Int(v), n >= 1, n <= 100_000_000 else {
                    throw UsageError(message: "--queries: expected a whole number from 1 to 100000000, got '\(v)'")
                }
                o.queries = n
                explicitQueries = true
            case "--seed":
                let v = try value(arg, inline)
                guard let s = UInt64(v) else {
                    throw UsageError(message: "--seed: expected a whole number >= 0, got '\(v)'")
                }
                o.seed = s
            case "--json":
                o.jsonPath = try value(arg, inline)
            case "--svg":
                o.svgDir = try value(arg, inline)
            case "--quick":
                guard inline == nil else { throw UsageError(message: "--quick takes no value") }
                o.quick = true
            case "--heavy":
                guard inline == nil else { throw UsageError(message: "--heavy takes no value") }
                o.heavy = true
            case "--reps":
                let v = try value(arg, inline)
                guard let n = Int(v), n >= 1, n <= 1000 else {
                    throw UsageError(message: "--reps: expected a whole number from 1 to 1000, got '\(v)'")
                }
                o.repetitions = n
                explicitReps = true
            case "--budget":
                let v = try value(arg, inline)
                guard let s = Double(v), s > 0, s.isFinite else {
                    throw UsageError(message: "--budget: expected a positive number of seconds, got '\(v)'")
                }
                o.budgetSeconds = s
                explicitBudget = true
            case "--rico-dir":
                o.ricoDir = try value(arg, inline)
            case "--no-probes":
                guard inline == nil else { throw UsageError(message: "--no-probes takes no value") }
                o.probes = false
            case "--no-live":
                guard inline == nil else { throw UsageError(message: "--no-live takes no value") }
                o.live = false
            default:
                throw UsageError(message: "unknown argument '\(arguments[i])'")
            }
            i += 1
        }
        if o.quick && o.heavy { throw UsageError(message: "--quick and --heavy exclude each other") }
        if o.heavy {
            if !explicitShapes { o.shapes = ["ui", "grid"] }
            if !explicitCounts { o.counts = heavyCounts }
            if !explicitEngines { o.engines = o.live ? ["index", "live"] : ["index"] }
            if !explicitQueries { o.queries = 20_000 }
            if !explicitReps { o.repetitions = 3 }
        }
        if !o.live { o.engines.removeAll { $0 == "live" } }
        if o.quick {
            if !explicitCounts { o.counts = [1000, 10000] }
            if !explicitQueries { o.queries = 2000 }
            if !explicitReps { o.repetitions = 3 }
            if !explicitBudget { o.budgetSeconds = 1.5 }
        }
        return o
    }

    private static func unique<T: Hashable>(_ xs: [T]) -> [T] {
        var seen = Set<T>()
        return xs.filter { seen.insert($0).inserted }
    }
}
