import Foundation
import HitIndex
import HitIndexReference

/// An engine after build, with its measurements bound to its concrete type (so that every loop
/// is specialized for it).
struct BuiltEngine {
    let name: String
    let buildMs: Double
    /// Net heap bytes the build left allocated; nil where the malloc interposer is not built.
    let heapBytes: Int?
    let memory: MemoryAccount
    let recursionDepth: Int
    /// Paint-order answers (-1 for none) for the points, run on a stack deep enough for the engine.
    let answers: ([Point]) -> [Int32]
    /// Estimated ns per query, from a few queries.
    let estimate: ([Point], UInt64) -> Double
    /// Latencies, throughput and allocations, on the first `n` points of each set.
    let measure: (QuerySets, Int, Int, Int, Double, Double) -> Measurement
    /// The id of a paint-order position (when the engine has a FlatScene or a view table).
    let idOf: ((Int) -> String)?
}

func bind<E: BenchEngine>(
    _ engine: E, name: String, buildMs: Double, heapBytes: Int?, idOf: ((Int) -> String)?
) -> BuiltEngine {
    let depth = engine.recursionDepth
    let stackBytes = depth >= 256 ? 16 << 20 + depth * ReferenceHitTester.stackBytesPerLevel : 8 << 20
    return BuiltEngine(
        name: name, buildMs: buildMs, heapBytes: heapBytes, memory: engine.memory, recursionDepth: depth,
        answers: { points in
            onEngineStack(depth: depth) {
                var ctx = engine.makeContext()
                return points.map { Int32(engine.paintIndex(engine.hitTest($0, &ctx))) }
            }
        },
        estimate: { points, limit in
            onEngineStack(depth: depth) { estimateQueryNs(engine, points, limitNs: limit) }
        },
        measure: { sets, n, repetitions, batch, estimate, throughputNs in
            onEngineStack(depth: depth) {
                measureEngine(
                    engine, sets, n: n, repetitions: repetitions, batch: batch, estimateNs: estimate,
                    throughputNs: throughputNs, stackBytes: stackBytes)
            }
        },
        idOf: idOf)
}

/// Warm-up, then per repetition a pass of random and a pass of walk points in timed batches;
/// then throughput with one and two threads, and allocations.
func measureEngine<E: BenchEngine>(
    _ engine: E, _ sets: QuerySets, n: Int, repetitions: Int, batch: Int, estimateNs: Double, throughputNs: Double,
    stackBytes: Int
) -> Measurement {
    var m = Measurement()
    m.batchSize = batch
    let random = sets.random[0..<n]
    let walk = sets.walk[0..<n]
    var ctx = engine.makeContext()
    _ = timePass(engine, random, &ctx)
    var p50 = [Double]()
    var p99 = [Double]()
    var c50 = [Double]()
    var c99 = [Double]()
    for _ in 0..<repetitions {
        let r = batchLatencies(engine, random, batch: batch, &ctx)
        p50.append(quantile(r, 0.5))
        p99.append(quantile(r, 0.99))
        let c = batchLatencies(engine, walk, batch: batch, &ctx)
        c50.append(quantile(c, 0.5))
        c99.append(quantile(c, 0.99))
    }
    m.queryNsP50 = median(p50)
    m.queryNsP99 = median(p99)
    m.coherentNsP50 = median(c50)
    m.coherentNsP99 = median(c99)
    // Throughput runs last at least `throughputNs` (40 ms; 15 ms with --quick) (the point set is gone over several times if needed),
    // so that scheduling noise on a shared machine does not dominate.
    let points = Array(random)
    let rounds = max(1, Int((throughputNs / (estimateNs * Double(n))).rounded(.up)))
    var q1 = [Double]()
    var q2 = [Double]()
    // As many runs as latency repetitions: on a shared two-core machine one run in three can
    // lose the second core for part of its 40 ms.
    for _ in 0..<max(3, repetitions) {
        // Both through the same thread loop, so that the ratio measures the second thread alone.
        q1.append(batchQps(engine, points, threads: 1, rounds: rounds, stackBytes: stackBytes))
        q2.append(batchQps(engine, points, threads: 2, rounds: 2 * rounds, stackBytes: stackBytes))
    }
    m.batchQps1 = median(q1)
    m.batchQps2 = median(q2)
    m.allocsPerQuery = countAllocations(engine, random.prefix(1000))
    return m
}

/// Builds an engine 5 times or for about `maxSeconds`, whichever is less (at least twice unless
/// the first build took 5 × `maxSeconds`),
/// and returns the last build with the median build time. The first build is done with
/// live-heap tracking and is not timed.
func timedBuild<E>(maxSeconds: Double, _ build: () throws -> E) rethrows -> (E, Double, Int?) {
    var heap: Int?
    do {
        let (first, bytes) = try Allocations.liveBytes(build)
        heap = bytes
        withExtendedLifetime(first) {}
    }
    var times: [Double] = []
    var spent = 0.0
    var last: E?
    // At least two timed builds unless one is very slow: a single build at large sizes is at the
    // mercy of page faults and of whatever else the machine runs.
    while times.count < 5 && (times.count < 2 && spent < 5 * maxSeconds || spent < maxSeconds) {
        last = nil
        let t0 = nowNs()
        let e = try build()
        let ms = Double(nowNs() - t0) / 1e6
        last = e
        times.append(ms)
        spent += ms / 1000
    }
    return (last!, median(times), heap)
}

/// Runs every engine of one configuration; exits with status 1 on a validation mismatch.
func runConfiguration(
    shape: String, count: Int, options: Options, rico: RicoLibrary?, stream: StreamReader, dram: DramProbe?,
    log: (String) -> Void
) -> [Row] {
    var (rows, sets) = measureEngines(
        shape: shape, count: count, options: options, rico: rico, stream: stream, dram: dram, log: log)
    // The live phases make their own scene and index, after the engines, their scene and their
    // builds are gone: a configuration then holds one model and one live index at a time, not
    // two of each (at 10M views, a model is about 3 GB and an index about 2 GB).
    if options.live, let k = rows.firstIndex(where: { $0.engine == "index" }) {
        rows[k].live = measureLive(
            makeScene: { makeScene(shape: shape, count: count, seed: options.seed, rico: rico) }, count: count,
            sets: sets, options: options, log: log)
    }
    // After every engine and the live measures: the configuration's high-water mark.
    let peak = Double(peakResidentBytes())
    for k in rows.indices where rows[k].engine == "index" { rows[k].peakRSSBytes = peak }
    return rows
}

/// Builds, validates and times the query engines on one configuration's scene: their rows, and
/// the query sets the live phases reuse.
func measureEngines(
    shape: String, count: Int, options: Options, rico: RicoLibrary?, stream: StreamReader, dram: DramProbe?,
    log: (String) -> Void
) -> ([Row], QuerySets) {
    let (scene, modelBytes) = Allocations.liveBytes {
        makeScene(shape: shape, count: count, seed: options.seed, rico: rico)
    }
    let views = scene.viewCount
    let idBytes = totalIDBytes(scene)
    let area = screenArea(of: scene)
    let sets = QuerySets(area: area, count: options.queries, seed: options.seed ^ UInt64(count))
    log(
        "\(shape) \(views) views (depth \(scene.depth)), screen area \(Report.fmt(area.maxX - area.minX))×\(Report.fmt(area.maxY - area.minY))"
    )

    let buildSeconds = options.quick ? 0.1 : 1.0
    let modelReadMs = timeModelRead(scene)
    // Build. The reference is always there (the oracle); the others as asked.
    var engines: [BuiltEngine] = []
    var bulkBuildMs = Double.nan
    var bulkBuildMs1 = Double.nan
    var osBytes: Int?
    var indexBytes: (snapshot: Int, writer: Int)?
    func build(_ name: String) -> BuiltEngine {
        switch name {
        case "index":
            // The OS's view first, before other builds leave freed memory for this one to reuse.
            if let before = currentResidentBytes() {
                let probe = try! IndexEngine(scene, idBytes: idBytes)
                if let after = currentResidentBytes() { osBytes = after - before }
                withExtendedLifetime(probe) {}
            }
            let (e, ms, heap) = try! timedBuild(maxSeconds: buildSeconds) { try IndexEngine(scene, idBytes: idBytes) }
            indexBytes = (e.snapshotBytes, e.writerBytes)
            // The same views as plain records, made beforehand: what an engine with its own tree
            // pays to build. Records in paint order give each view the slot the model path gives
            // it, so the two indexes must name the same slot for every point.
            let definitions = try! scene.viewDefinitions()
            let bulk: LiveIndex
            (bulk, bulkBuildMs, _) = try! timedBuild(maxSeconds: buildSeconds) {
                try LiveIndex(views: definitions, threads: 2)
            }
            // The same load on the calling thread alone: what the second thread saves.
            let single: LiveIndex
            (single, bulkBuildMs1, _) = try! timedBuild(maxSeconds: buildSeconds) {
                try LiveIndex(views: definitions, threads: 1)
            }
            precondition(single.viewCount == bulk.viewCount, "both loads hold every view")
            let snapshot = bulk.snapshot
            for p in (sets.random.prefix(2_000) + sets.edges.prefix(2_000)) {
                let a = e.index.hitTest(p).map { $0.rawValue + 1 }
                let b = snapshot.hitTest(p)?.handle.slot
                if a != b {
                    FileHandle.standardError.write(
                        Data(
                            "hitindex-bench: VALIDATION FAILED: \(shape) \(count) seed \(options.seed): at \(p) the bulk-loaded index answers slot \(b.map(String.init) ?? "none"), the model-built one \(a.map(String.init) ?? "none")\n"
                                .utf8))
                    exit(1)
                }
            }
            return bind(e, name: name, buildMs: ms, heapBytes: heap, idOf: { e.index.id(of: ViewIndex($0)) })
        case "tree":
            let (e, ms, heap) = try! timedBuild(maxSeconds: buildSeconds) { try TreeEngine(scene, idBytes: idBytes) }
            return bind(e, name: name, buildMs: ms, heapBytes: heap, idOf: { e.flat.id(of: ViewIndex($0)) })
        case "linear":
            let (e, ms, heap) = try! timedBuild(maxSeconds: buildSeconds) { try LinearEngine(scene, idBytes: idBytes) }
            return bind(e, name: name, buildMs: ms, heapBytes: heap, idOf: { e.flat.id(of: ViewIndex($0)) })
        default:
            let e = ReferenceEngine(scene, modelBytes: modelBytes)
            return bind(e, name: name, buildMs: 0, heapBytes: modelBytes, idOf: { e.ordered[$0].id })
        }
    }
    for name in options.queryEngines where name != "reference" { engines.append(build(name)) }
    // Loading from a file (index rows): what `hitindex query` pays before its first answer.
    var loading: LoadingTimes?
    if options.queryEngines.contains("index") {
        loading = timeLoading(scene, name: "\(shape)-\(count)")
        if let l = loading {
            log(
                String(
                    format: "loading: %.1f MB file, file -> index %.1f ms, one pass over the bytes %.2f ms (%.0fx)",
                    Double(l.fileBytes) / 1e6, l.loadMs, l.fileScanMs, l.loadMs / l.fileScanMs))
        } else {
            log("loading: the scene could not be written to a temporary file; loadMs and fileScanMs are absent")
        }
    }
    let reference = build("reference")
    if options.queryEngines.contains("reference") { engines.append(reference) }

    // Budgets: each engine gets the largest prefix of the query sets that fits.
    let budgetNs = options.budgetSeconds * 1e9
    let passes = 5.5 + 2 * Double(options.repetitions)
    let minimum = min(options.queries, options.quick ? 100 : 500)
    var timedQueries: [String: Int] = [:]
    var validQueries: [String: Int] = [:]
    var estimates: [String: Double] = [:]
    for e in engines + (options.queryEngines.contains("reference") ? [] : [reference]) {
        let est = max(e.estimate(sets.random, UInt64(min(budgetNs * 0.05, 5e8))), 1)
        estimates[e.name] = est
        // About 60% of the budget for timing, 35% for validation (three sets of points).
        let timed = min(options.queries, Int(0.6 * budgetNs / (est * passes)))
        timedQueries[e.name] = timed
        validQueries[e.name] = max(timed, min(options.queries, Int(0.35 * budgetNs / (est * 3))))
    }

    // Validation: the reference's answers, then tree's where the reference's budget ended.
    var oracleTree: BuiltEngine? = engines.first { $0.name == "tree" }
    let nRef = validQueries["reference"] ?? 0
    let needed = engines.map { validQueries[$0.name] ?? 0 }.max() ?? 0
    if oracleTree == nil && nRef < needed {
        oracleTree = build("tree")
        let est = max(oracleTree!.estimate(sets.random, UInt64(min(budgetNs * 0.05, 5e8))), 1)
        validQueries["tree"] = min(options.queries, Int(0.35 * budgetNs / (est * 3)))
    }
    let nTree = validQueries["tree"] ?? 0
    let setNames = ["random", "walk", "edge"]
    let setPoints = [sets.random, sets.walk, sets.edges]
    func prefix(_ set: [Point], _ n: Int) -> [Point] { Array(set.prefix(n)) }
    let refAnswers = setPoints.map { reference.answers(prefix($0, nRef)) }
    let treeAnswers = oracleTree.map { t in setPoints.map { t.answers(prefix($0, nTree)) } }
    let idOf = engines.first { $0.idOf != nil && $0.name != "reference" }?.idOf ?? reference.idOf!
    var rows: [Row] = []
    var mismatches: [String] = []
    var mismatchCount = 0
    // The tree oracle must itself agree with the reference where both ran.
    var order = engines
    if let t = oracleTree, !engines.contains(where: { $0.name == "tree" }) { order.insert(t, at: 0) }
    for e in order {
        let isValidationOnly = !options.queryEngines.contains(e.name)
        let n = validQueries[e.name] ?? 0
        var checked = 0
        var against: Set<String> = []
        var bad = 0
        if e.name == "reference" {
            checked = n * 2 + min(n, sets.edges.count)
            against.insert("self (oracle)")
        } else if n > 0 {
            for (k, set) in setPoints.enumerated() {
                let mine = e.name == "tree" && treeAnswers != nil ? treeAnswers![k] : e.answers(prefix(set, n))
                for i in 0..<mine.count {
                    let expected: Int32
                    if i < refAnswers[k].count {
                        expected = refAnswers[k][i]
                        against.insert("reference")
                    } else if e.name != "tree", let ta = treeAnswers, i < ta[k].count {
                        expected = ta[k][i]
                        against.insert("tree")
                    } else {
                        continue
                    }
                    checked += 1
                    if mine[i] != expected {
                        bad += 1
                        mismatchCount += 1
                        if mismatches.count < 8 {
                            let p = set[i]
                            func name(_ a: Int32) -> String { a < 0 ? "nil" : "\"\(idOf(Int(a)))\" (#\(a))" }
                            mismatches.append(
                                "  \(shape) count \(count) seed \(options.seed): engine \(e.name), \(setNames[k]) point \(i) "
                                    + "(\(p.x), \(p.y)): got \(name(mine[i])), expected \(name(expected)) "
                                    + "(from \(i < refAnswers[k].count ? "reference" : "tree"))")
                        }
                    }
                }
            }
        }
        if isValidationOnly { continue }
        var row = Row(shape: shape, views: views, engine: e.name)
        row.validated = bad == 0 && checked > 0
        row.validatedQueries = checked
        row.validatedAgainst = against.sorted().joined(separator: "+")
        if checked == 0 { row.validatedAgainst = "none" }
        rows.append(row)
    }
    if !mismatches.isEmpty {
        FileHandle.standardError.write(
            Data(
                ("hitindex-bench: VALIDATION FAILED: \(mismatchCount) answer(s) differ from the oracle; first ones:\n"
                    + mismatches.joined(separator: "\n") + "\n").utf8))
        exit(1)
    }

    // Timing, after a fresh DRAM latency (1M loads, best of 3: about half a second) for the
    // ratios of this configuration.
    let dramNow = dram.map { $0.latencyNs(loads: 1_000_000) } ?? .nan
    if !dramNow.isNaN { log(String(format: "DRAM latency now %.1f ns", dramNow)) }
    for (k, e) in engines.enumerated() {
        var row = rows[k]
        let n = timedQueries[e.name] ?? 0
        let est = estimates[e.name] ?? .nan
        row.buildMs = e.buildMs
        row.memory = e.memory.items
        // An empty account is an unmeasured one (the reference's model without the interposer).
        row.bytesPerView = e.memory.items.isEmpty ? .nan : Double(e.memory.total) / Double(views)
        row.heapBytesPerView = e.heapBytes.map { Double($0) / Double(views) } ?? .nan
        row.streamMs = stream.readMs(bytes: e.memory.total)
        row.modelReadMs = modelReadMs
        if e.name == "index" {
            row.bulkBuildMs = bulkBuildMs
            row.bulkBuildMs1 = bulkBuildMs1
            row.loadMs = loading?.loadMs ?? .nan
            row.fileScanMs = loading?.fileScanMs ?? .nan
            if let (snapshot, writer) = indexBytes {
                row.snapshotBytesPerView = Double(snapshot) / Double(views)
                row.writerBytesPerView = Double(writer) / Double(views)
                row.firstTouchMs = firstTouchMs(bytes: snapshot + writer)
                log(
                    String(
                        format:
                            "memory: snapshot %.1f + writer %.1f = %.1f B/view (heap measured %.1f, OS %.1f); first touch of %.1f MB %.1f ms, bulk build %.1f ms (%.1fx)",
                        row.snapshotBytesPerView, row.writerBytesPerView, row.bytesPerView, row.heapBytesPerView,
                        osBytes.map { Double($0) / Double(views) } ?? .nan, Double(snapshot + writer) / 1e6,
                        row.firstTouchMs, bulkBuildMs, bulkBuildMs / row.firstTouchMs))
            }
            row.osBytesPerView = osBytes.map { Double($0) / Double(views) } ?? .nan
        }
        row.dramNs = dramNow
        if n < minimum {
            row.skipped = true
            row.note = String(
                format: "skipped: ~%@ per query; %d of %d queries fit the %.1f s budget (minimum %d)",
                Report.ns(est), max(n, 0), options.queries, options.budgetSeconds, minimum)
            if e.name == "reference" && e.recursionDepth >= 256 { row.note += "; recursion \(e.recursionDepth) deep" }
        } else {
            // Batches long enough (~20 us) that the clock's cost is negligible, and at least 100
            // batches per pass so that p99 means something.
            let batch = max(1, min(1000, Int((20_000 / est).rounded(.up)), n / 100))
            let m = e.measure(sets, n, options.repetitions, batch, est, options.quick ? 15e6 : 40e6)
            row.queries = n
            row.batchSize = m.batchSize
            row.queryNsP50 = m.queryNsP50
            row.queryNsP99 = m.queryNsP99
            row.coherentNsP50 = m.coherentNsP50
            row.coherentNsP99 = m.coherentNsP99
            row.batchQps1 = m.batchQps1
            row.batchQps2 = m.batchQps2
            row.allocsPerQuery = m.allocsPerQuery
            if n < options.queries { row.note = "budget: \(n) of \(options.queries) queries" }
        }
        rows[k] = row
    }
    return (rows, sets)
}

/// The time to walk a scene's object model once, reading each view's attributes and id: a floor
/// for any build that starts from the model. Median of 3.
func timeModelRead(_ scene: Scene) -> Double {
    var times: [Double] = []
    var sink = 0.0
    for _ in 0..<3 {
        let t0 = fencedNowNs()
        scene.forEachView { v, _ in
            let a = v.attributes
            sink += a.center.x + a.bounds.size.width + Double(v.id.utf8.count)
        }
        times.append(Double(fencedNowNs() - t0) / 1e6)
    }
    blackHole(UInt(sink.bitPattern & 1))
    return median(times)
}
