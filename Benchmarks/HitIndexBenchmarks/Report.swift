import Foundation
import HitIndex

/// One configuration × engine: every figure of the JSON `results` array.
struct Row {
    var shape: String
    var views: Int
    var engine: String
    var buildMs = Double.nan
    var streamMs = Double.nan
    var bytesPerView = Double.nan
    /// Net heap bytes the build left allocated (measured through the malloc interposer), per view.
    var heapBytesPerView = Double.nan
    /// Index rows: `bytesPerView`'s two parts, what published snapshots read and what only the
    /// writer keeps (bench.md's `snapshotBytesPerView`, `writerBytesPerView`).
    var snapshotBytesPerView = Double.nan
    var writerBytesPerView = Double.nan
    /// Index rows: resident memory the process gained while one index was built and held (the
    /// OS's view: pages touched, allocator overhead included), per view; NaN where not measured.
    var osBytesPerView = Double.nan
    /// Index rows: allocating and writing once `bytesPerView × views` fresh bytes (ms), the floor
    /// of a fresh build; and rebuilding into resident memory (NaN: the store has no such path yet).
    var firstTouchMs = Double.nan
    var rebuildMs = Double.nan
    /// The process's maximum resident size after the configuration (bytes).
    var peakRSSBytes = Double.nan
    /// The least any flattening of the object model costs: one walk reading every view's
    /// attributes and id (ms; the same for every engine of a configuration).
    var modelReadMs = Double.nan
    /// Index rows: plain records (``ViewDefinition``s, made from the scene beforehand) → a live
    /// index ready to answer, the build an engine that has its own tree pays (ms).
    var bulkBuildMs = Double.nan
    var bulkBuildMs1 = Double.nan
    /// Index rows: the scene's JSON file → an index ready to answer, and one pass over the file's
    /// bytes (bench.md's `loadMs`, `fileScanMs`; ms).
    var loadMs = Double.nan
    var fileScanMs = Double.nan
    /// The DRAM latency measured just before this configuration's timing (ns; NaN with
    /// `--no-probes`): the denominator for its latency targets.
    var dramNs = Double.nan
    var queryNsP50 = Double.nan
    var queryNsP99 = Double.nan
    var coherentNsP50 = Double.nan
    var coherentNsP99 = Double.nan
    var batchQps1 = Double.nan
    var batchQps2 = Double.nan
    var allocsPerQuery = Double.nan
    var validated = false
    var skipped = false
    var note = ""
    /// Random (and walk) points timed; the configuration's --queries unless the budget cut it.
    var queries = 0
    /// Queries per timed batch for the latency figures.
    var batchSize = 0
    /// Points whose answer was compared with an oracle, and which oracle(s).
    var validatedQueries = 0
    var validatedAgainst = ""
    var memory: [(String, Int)] = []
    /// The live index's figures (index rows only).
    var live: LiveResults?
}

struct Probed {
    var dramLatencyNs = Double.nan
    var streamGBps = Double.nan
}

enum Report {
    // MARK: table

    static func fmt(_ x: Double, _ digits: Int = 1) -> String {
        guard x.isFinite else { return "-" }
        return String(format: "%.\(digits)f", x)
    }

    static func si(_ x: Double) -> String {
        guard x.isFinite else { return "-" }
        if x >= 1e9 { return String(format: "%.2fG", x / 1e9) }
        if x >= 1e6 { return String(format: "%.2fM", x / 1e6) }
        if x >= 1e3 { return String(format: "%.1fk", x / 1e3) }
        return String(format: "%.0f", x)
    }

    static func ns(_ x: Double) -> String {
        guard x.isFinite else { return "-" }
        if x >= 1e6 { return String(format: "%.2fms", x / 1e6) }
        if x >= 1e4 { return String(format: "%.1fus", x / 1e3) }
        return String(format: "%.0f", x)
    }

    static func header() -> String {
        let cols = [
            pad("shape", 8, left: true), pad("views", 9), pad("engine", 10, left: true), pad("build ms", 10),
            pad("B/view", 8), pad("strm ms", 8), pad("q p50", 9), pad("q p99", 9), pad("coh p50", 9),
            pad("qps 1t", 9), pad("qps 2t", 9), pad("alloc/q", 8), pad("x idx", 7), "  valid",
        ]
        return cols.joined(separator: " ")
    }

    static func line(_ r: Row, index: Row?) -> String {
        var ratio = "-"
        if let index, r.engine != "index", index.queryNsP50.isFinite, r.queryNsP50.isFinite {
            ratio = String(format: "%.1f", r.queryNsP50 / index.queryNsP50)
        }
        let valid = r.validated ? "yes(\(r.validatedQueries))" : (r.validatedAgainst == "none" ? "n/a" : "NO")
        var cols = [
            pad(r.shape, 8, left: true), pad(String(r.views), 9), pad(r.engine, 10, left: true),
            pad(fmt(r.buildMs, 2), 10), pad(fmt(r.bytesPerView, 1), 8), pad(fmt(r.streamMs, 3), 8),
        ]
        if r.skipped {
            cols += [pad("skipped", 9), "", "", "", "", "", "", "  " + valid]
        } else {
            cols += [
                pad(ns(r.queryNsP50), 9), pad(ns(r.queryNsP99), 9), pad(ns(r.coherentNsP50), 9),
                pad(si(r.batchQps1), 9),
                pad(si(r.batchQps2), 9), pad(fmt(r.allocsPerQuery, 2), 8), pad(ratio, 7), "  " + valid,
            ]
        }
        var s = cols.joined(separator: " ")
        if !r.note.isEmpty { s += "  [\(r.note)]" }
        return s
    }

    static func pad(_ s: String, _ w: Int, left: Bool = false) -> String {
        if s.count >= w { return s }
        let sp = String(repeating: " ", count: w - s.count)
        return left ? s + sp : sp + s
    }

    static func liveHeader() -> String {
        [
            pad("shape", 8, left: true), pad("views", 9), pad("attr", 8), pad("frame", 8), pad("scroll", 8),
            pad("insert", 8), pad("remove", 8), pad("move", 8), pad("1k ms", 7), pad("frm p50", 9), pad("frm p99", 9),
            pad("q/fresh", 8), pad("q/cmp", 6), pad("rdr/w", 6),
        ].joined(separator: " ")
    }

    static func liveLine(_ r: Row) -> String? {
        guard let live = r.live else { return nil }
        let edits = ["attribute", "frame", "scroll", "insert", "remove", "move"].map { kind in
            pad(ns(live.editNsP50.first { $0.0 == kind }?.1 ?? .nan), 8)
        }
        return
            ([pad(r.shape, 8, left: true), pad(String(r.views), 9)] + edits + [
                pad(fmt(live.batchEditsMs, 2), 7), pad(fmt(live.frameUsP50, 1) + "us", 9),
                pad(fmt(live.frameUsP99, 1) + "us", 9), pad(fmt(live.queryAfterEditsRatio, 2), 8),
                pad(fmt(live.queryAfterCompactRatio, 2), 6), pad(fmt(live.readerUnderWriterRatio, 2), 6),
            ]).joined(separator: " ")
    }

    static let liveLegend = """
        Live index: one edit of each kind plus its commit (p50), 1,000 random edits plus one commit,
        the engine frame (scroll, move a visible view, insert one, remove one, commit, 100 random
        queries; p50 and p99), query p50 after many random edits ÷ a fresh build of the same scene
        (q/fresh) and after compact() too (q/cmp), and one reader's throughput while a writer
        commits continuously ÷ alone.
        """

    static let legend = """
        Times in ns unless marked (us = microseconds, ms = milliseconds). q = uniformly random screen
        points, coh = pointer-like walk (±10 pt steps); p50/p99 over batch means, median of the
        repetitions. qps = batch throughput with 1 and 2 threads. B/view = the engine's resident
        bytes per view; strm ms = time to read that many bytes once. x idx = q p50 ÷ index's q p50.
        valid = answers compared with the oracle (reference, then tree where the reference ran out
        of budget) on that many points.
        """

    // MARK: JSON

    static func json(_ x: Double) -> String {
        guard x.isFinite else { return "null" }
        if x == x.rounded() && abs(x) < 1e15 { return String(Int64(x)) }
        return String(format: "%.6g", x)
    }

    static func json(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 { out += String(format: "\\u%04x", u.value) } else { out.unicodeScalars.append(u) }
            }
        }
        return out + "\""
    }

    static func document(machine: MachineInfo, probes: Probed, options: Options, rows: [Row], seconds: Double) -> String
    {
        var s = "{\n"
        s +=
            "  \"machine\": { \"cpu\": \(json(machine.cpu)), \"cores\": \(machine.cores), \"swift\": \(json(machine.swift)) },\n"
        s +=
            "  \"probes\": { \"dramLatencyNs\": \(json(probes.dramLatencyNs)), \"streamGBps\": \(json(probes.streamGBps)) },\n"
        // What produced these numbers: the tool's version, the commit when run from a checkout,
        // and when (UTC, ISO 8601).
        let date = ISO8601DateFormatter().string(from: Date())
        let commit = MachineInfo.gitCommit().map(json) ?? "null"
        s +=
            "  \"run\": { \"tool\": \"hitindex-bench\", \"version\": \(json(PackageVersion.current)), "
        s += "\"commit\": \(commit), \"date\": \(json(date)), "
        s +=
            "\"queries\": \(options.queries), \"seed\": \(options.seed), \"repetitions\": \(options.repetitions), "
        s +=
            "\"budgetSeconds\": \(json(options.budgetSeconds)), \"quick\": \(options.quick), "
        s += "\"heavy\": \(options.heavy), \"seconds\": \(json(seconds)) },\n"
        s += "  \"results\": [\n"
        for (k, r) in rows.enumerated() {
            let index = rows.first { $0.shape == r.shape && $0.views == r.views && $0.engine == "index" }
            var f: [String] = [
                "\"shape\": \(json(r.shape))", "\"views\": \(r.views)", "\"engine\": \(json(r.engine))",
                "\"buildMs\": \(json(r.buildMs))", "\"streamMs\": \(json(r.streamMs))",
                "\"bytesPerView\": \(json(r.bytesPerView))", "\"queryNsP50\": \(json(r.queryNsP50))",
                "\"queryNsP99\": \(json(r.queryNsP99))", "\"coherentNsP50\": \(json(r.coherentNsP50))",
                "\"batchQps1\": \(json(r.batchQps1))", "\"batchQps2\": \(json(r.batchQps2))",
                "\"allocsPerQuery\": \(json(r.allocsPerQuery))", "\"validated\": \(r.validated)",
                "\"skipped\": \(r.skipped)", "\"note\": \(json(r.note))", "\"coherentNsP99\": \(json(r.coherentNsP99))",
                "\"heapBytesPerView\": \(json(r.heapBytesPerView))", "\"modelReadMs\": \(json(r.modelReadMs))",
                "\"dramNs\": \(json(r.dramNs))", "\"bulkBuildMs\": \(json(r.bulkBuildMs))",
                "\"bulkBuildMs1\": \(json(r.bulkBuildMs1))",
                "\"loadMs\": \(json(r.loadMs))", "\"fileScanMs\": \(json(r.fileScanMs))",
                "\"snapshotBytesPerView\": \(json(r.snapshotBytesPerView))",
                "\"writerBytesPerView\": \(json(r.writerBytesPerView))",
                "\"osBytesPerView\": \(json(r.osBytesPerView))", "\"firstTouchMs\": \(json(r.firstTouchMs))",
                "\"rebuildMs\": \(json(r.rebuildMs))", "\"peakRSSBytes\": \(json(r.peakRSSBytes))",
                "\"queries\": \(r.queries)",
                "\"batchSize\": \(r.batchSize)", "\"validatedQueries\": \(r.validatedQueries)",
                "\"validatedAgainst\": \(json(r.validatedAgainst))",
            ]
            let mem = r.memory.map { "\(json($0.0)): \($0.1)" }.joined(separator: ", ")
            f.append("\"memoryBytes\": { \(mem) }")
            if let live = r.live {
                let edits = live.editNsP50.map { "\(json($0.0)): \(json($0.1))" }.joined(separator: ", ")
                let scrolls = live.scrollNsByDescendants.map { "\"\($0.0)\": \(json($0.1))" }.joined(separator: ", ")
                f += [
                    "\"editNsP50\": { \(edits) }", "\"scrollNsByDescendants\": { \(scrolls) }",
                    "\"batchEditsMs\": \(json(live.batchEditsMs))", "\"frameUsP50\": \(json(live.frameUsP50))",
                    "\"frameUsP99\": \(json(live.frameUsP99))",
                    "\"queryAfterEditsRatio\": \(json(live.queryAfterEditsRatio))",
                    "\"editsBeforeRatio\": \(live.editsBeforeRatio)",
                    "\"compactMs\": \(json(live.compactMs))",
                    "\"bytesPerViewAfterEdits\": \(json(live.bytesPerViewAfterEdits))",
                    "\"queryAfterCompactRatio\": \(json(live.queryAfterCompactRatio))",
                    "\"readerUnderWriterRatio\": \(json(live.readerUnderWriterRatio))",
                    "\"liveValidatedQueries\": \(live.validatedQueries)",
                    "\"capiQueryNs\": \(json(live.capi.cQueryNs))",
                    "\"swiftQueryNs\": \(json(live.capi.swiftQueryNs))",
                    "\"capiOverheadNs\": \(json(live.capi.overheadNs))",
                    "\"capiFrameUs\": \(json(live.capi.cFrameUs))",
                    "\"swiftFrameUs\": \(json(live.capi.swiftFrameUs))",
                ]
            }
            if let index, r.engine != "index" {
                let ratios = [
                    ("queryNsP50", r.queryNsP50 / index.queryNsP50), ("queryNsP99", r.queryNsP99 / index.queryNsP99),
                    ("coherentNsP50", r.coherentNsP50 / index.coherentNsP50), ("buildMs", r.buildMs / index.buildMs),
                    ("bytesPerView", r.bytesPerView / index.bytesPerView), ("batchQps1", r.batchQps1 / index.batchQps1),
                ]
                f.append(
                    "\"overIndex\": { " + ratios.map { "\"\($0.0)\": \(json($0.1))" }.joined(separator: ", ") + " }")
            }
            s += "    { " + f.joined(separator: ", ") + " }" + (k == rows.count - 1 ? "\n" : ",\n")
        }
        s += "  ]\n}\n"
        return s
    }
}
