import Foundation

/// `hitindex-bench compare A.json B.json`: per configuration (shape, views, engine), the ratios
/// B/A of the main figures. For times and bytes, below 1 means B is better; for throughput,
/// above 1 means B is better.
enum Compare {
    static let metrics = [
        "queryNsP50", "queryNsP99", "coherentNsP50", "batchQps1", "batchQps2", "buildMs", "bytesPerView",
        "allocsPerQuery",
    ]

    static func run(_ a: String, _ b: String) -> Int32 {
        func load(_ path: String) -> [String: [String: Any]]? {
            guard let data = FileManager.default.contents(atPath: path),
                let doc = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let results = doc["results"] as? [[String: Any]]
            else {
                FileHandle.standardError.write(Data("hitindex-bench compare: cannot read results from \(path)\n".utf8))
                return nil
            }
            var out: [String: [String: Any]] = [:]
            for r in results {
                let key = "\(r["shape"] ?? "?")\t\(r["views"] ?? "?")\t\(r["engine"] ?? "?")"
                out[key] = r
            }
            return out
        }
        guard let ra = load(a), let rb = load(b) else { return 2 }
        out("ratios B/A   A = \(a)   B = \(b)")
        out("(times, bytes: < 1 means B is faster/smaller; qps: > 1 means B is faster)")
        let short = [
            "queryNsP50": "q p50", "queryNsP99": "q p99", "coherentNsP50": "coh p50", "batchQps1": "qps1",
            "batchQps2": "qps2", "buildMs": "build", "bytesPerView": "B/view", "allocsPerQuery": "allocs",
        ]
        var head =
            Report.pad("shape", 8, left: true) + " " + Report.pad("views", 9) + " "
            + Report.pad("engine", 10, left: true)
        for m in metrics { head += " " + Report.pad(short[m]!, 8) }
        out(head)
        var logSums: [String: (Double, Int)] = [:]
        func num(_ v: Any?) -> Double? { (v as? NSNumber)?.doubleValue }
        let keys = Set(ra.keys).intersection(rb.keys).sorted { x, y in
            let px = x.split(separator: "\t")
            let py = y.split(separator: "\t")
            if px[0] != py[0] { return px[0] < py[0] }
            if px[1] != py[1] { return (Int(px[1]) ?? 0) < (Int(py[1]) ?? 0) }
            return px[2] < py[2]
        }
        for key in keys {
            let parts = key.split(separator: "\t").map(String.init)
            var line =
                Report.pad(parts[0], 8, left: true) + " " + Report.pad(parts[1], 9) + " "
                + Report.pad(parts[2], 10, left: true)
            for m in metrics {
                var cell = "-"
                if let x = num(ra[key]![m]), let y = num(rb[key]![m]) {
                    if x > 0 && y > 0 {
                        let r = y / x
                        cell = String(format: "%.3f", r)
                        if m == "queryNsP50" {
                            let s = logSums[parts[2]] ?? (0, 0)
                            logSums[parts[2]] = (s.0 + log(r), s.1 + 1)
                        }
                    } else if x == y {
                        cell = "="
                    }
                }
                line += " " + Report.pad(cell, 8)
            }
            out(line)
        }
        let onlyA = Set(ra.keys).subtracting(rb.keys).count
        let onlyB = Set(rb.keys).subtracting(ra.keys).count
        if onlyA + onlyB > 0 { out("(\(onlyA) configuration(s) only in A, \(onlyB) only in B: not compared)") }
        for (engine, s) in logSums.sorted(by: { $0.key < $1.key }) {
            out(
                "geometric mean of q p50 ratio, \(engine): \(String(format: "%.3f", exp(s.0 / Double(s.1)))) over \(s.1) configurations"
            )
        }
        return 0
    }
}
