import Foundation
import HitIndex

// hitindex-bench: the benchmark harness; its output contract is perf/README.md.

/// Standard output, unbuffered, so that the table appears as configurations finish.
func out(_ s: String = "") {
    FileHandle.standardOutput.write(Data((s + "\n").utf8))
}

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("hitindex-bench: \(message)\n".utf8))
    exit(status)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") || arguments.first == "help" {
    out(Options.usage)
    exit(0)
}
if arguments.first == "--version" || arguments.first == "version" {
    out("hitindex-bench \(PackageVersion.current)")
    exit(0)
}
if arguments.first == "compare" {
    guard arguments.count == 3 else {
        FileHandle.standardError.write(Data("hitindex-bench: compare needs two JSON files\n\(Options.usage)\n".utf8))
        exit(2)
    }
    exit(Compare.run(arguments[1], arguments[2]))
}

if arguments.first == "edits" {
    exit(EditProfile.run(Array(arguments.dropFirst())))
}

let options: Options
do {
    options = try Options.parse(arguments)
} catch {
    FileHandle.standardError.write(Data("hitindex-bench: \(error.message)\n\(Options.usage)\n".utf8))
    exit(2)
}

let started = nowNs()
func elapsed() -> Double { Double(nowNs() - started) / 1e9 }
func log(_ s: String) {
    FileHandle.standardError.write(Data(String(format: "[%6.1fs] ", elapsed()).utf8 + Data(s.utf8) + Data("\n".utf8)))
}

// Inputs first: a missing RICO directory is a usage/input error (2), before anything runs.
var rico: RicoLibrary?
if options.shapes.contains("rico") {
    guard let dir = RicoLibrary.locate(override: options.ricoDir) else {
        fail(
            "the rico shape needs the RICO screens (*.json) in \(RicoLibrary.defaultFolder) "
                + "(under the working directory or the package root), or --rico-dir DIR"
                + (options.ricoDir.map { "; '\($0)' has none" } ?? ""), status: 2)
    }
    do {
        rico = try RicoLibrary.load(directory: dir)
    } catch {
        fail("cannot read the RICO screens: \(error)", status: 2)
    }
    log("RICO: \(rico!.screens.count) screens, \(rico!.nodeCount) nodes from \(dir)")
}
if let dir = options.svgDir {
    do {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    } catch {
        fail("--svg: cannot create \(dir): \(error)", status: 2)
    }
}
if !Allocations.available {
    log(
        "note: no malloc interposer on this platform (it needs glibc): allocsPerQuery and heapBytesPerView are not measured"
    )
} else if !Allocations.interposed {
    log("warning: the malloc interposer does not see libc's allocations; allocsPerQuery may undercount")
}

let machine = MachineInfo.current()
out("hitindex-bench — \(machine.cpu), \(machine.cores) cores, Swift \(machine.swift)")
var probed = Probed()
var dramProbe: DramProbe?
if options.probes {
    log("probes: DRAM latency over 512 MiB, then read bandwidth over 1 GiB (a few seconds; --no-probes skips them)")
    dramProbe = DramProbe(seed: options.seed)
    probed.dramLatencyNs = dramProbe!.latencyNs()
    probed.streamGBps = Probes.streamGBps()
    out(
        String(
            format: "probes: DRAM latency %.1f ns per dependent load (512 MiB), stream %.1f GB/s (1 thread)",
            probed.dramLatencyNs, probed.streamGBps))
}
out(
    "shapes \(options.shapes.joined(separator: ",")); counts \(options.counts.map(String.init).joined(separator: ",")); "
        + "engines \(options.engines.joined(separator: ",")); \(options.queries) queries; seed \(options.seed); "
        + "\(options.repetitions) reps; budget \(options.budgetSeconds) s per engine and configuration")
out("")
out(Report.header())

let stream = StreamReader()
var rows: [Row] = []
for shape in options.shapes {
    for count in options.counts {
        let configRows = runConfiguration(
            shape: shape, count: count, options: options, rico: rico, stream: stream, dram: dramProbe, log: log)
        let index = configRows.first { $0.engine == "index" }
        for r in configRows { out(Report.line(r, index: index)) }
        rows += configRows
    }
}
out("")
out(Report.legend)
if rows.contains(where: { $0.live != nil }) {
    out("")
    out(Report.liveHeader())
    for r in rows { if let line = Report.liveLine(r) { out(line) } }
    out("")
    out(Report.liveLegend)
}
let seconds = elapsed()
out(String(format: "total %.1f s", seconds))

if let path = options.jsonPath {
    let text = Report.document(machine: machine, probes: probed, options: options, rows: rows, seconds: seconds)
    do {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        log("wrote \(path)")
    } catch {
        fail("--json: cannot write \(path): \(error)", status: 2)
    }
}
if let dir = options.svgDir {
    do {
        let files = try SVG.write(rows: rows, engines: options.queryEngines, to: dir)
        log("wrote \(files.count) SVG files to \(dir)")
    } catch {
        fail("--svg: cannot write to \(dir): \(error)", status: 2)
    }
}
