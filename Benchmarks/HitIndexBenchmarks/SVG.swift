import Foundation

/// Standalone SVG plots, written by the harness itself (no plotting dependency).
enum SVG {
    struct Series {
        var name: String
        var color: String
        var dash: String = ""
        /// A secondary series: lighter line, hollow markers.
        var secondary = false
        /// (x, y) points; a NaN y breaks the line.
        var points: [(Double, Double)]
    }

    static let colors = ["index": "#d62728", "tree": "#1f77b4", "linear": "#2ca02c", "reference": "#7f7f7f"]
    static let dashes = ["index": "", "tree": "6,3", "linear": "2,3", "reference": "8,3,2,3"]

    /// Writes `query-<shape>.svg` (p50 of random and walk queries), `build-<shape>.svg` per
    /// shape, and `query-all.svg`, `build-all.svg` overviews; returns the paths written.
    static func write(rows: [Row], engines: [String], to dir: String) throws -> [String] {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        var written: [String] = []
        var shapes: [String] = []
        for r in rows where !shapes.contains(r.shape) { shapes.append(r.shape) }
        func series(_ shape: String, _ value: (Row) -> Double, suffix: String = "", dashed: Bool = false) -> [Series] {
            engines.compactMap { e in
                let pts = rows.filter { $0.shape == shape && $0.engine == e }.sorted { $0.views < $1.views }
                    .map { (Double($0.views), value($0)) }
                guard pts.contains(where: { $0.1.isFinite && $0.1 > 0 }) else { return nil }
                return Series(
                    name: e + suffix, color: colors[e] ?? "#000", dash: dashes[e] ?? "", secondary: dashed, points: pts)
            }
        }
        for shape in shapes {
            let q = series(shape, { $0.skipped ? .nan : $0.queryNsP50 })
            let c = series(shape, { $0.skipped ? .nan : $0.coherentNsP50 }, suffix: " (walk)", dashed: true)
            let path = "\(dir)/query-\(shape).svg"
            try plot(
                title: "\(shape): query time (p50) vs views", xLabel: "views", yLabel: "time per query",
                series: q + c, yTime: true
            ).write(toFile: path, atomically: true, encoding: .utf8)
            written.append(path)
            let b = series(shape, { $0.engine == "reference" ? .nan : $0.buildMs })
            let bpath = "\(dir)/build-\(shape).svg"
            try plot(
                title: "\(shape): build time vs views", xLabel: "views", yLabel: "build ms", series: b, yTime: false
            ).write(toFile: bpath, atomically: true, encoding: .utf8)
            written.append(bpath)
        }
        return written
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func countLabel(_ v: Double) -> String {
        if v >= 1e9 { return String(format: "%gG", v / 1e9) }
        if v >= 1e6 { return String(format: "%gM", v / 1e6) }
        if v >= 1e3 { return String(format: "%gk", v / 1e3) }
        return String(format: "%g", v)
    }

    static func timeLabel(_ ns: Double) -> String {
        if ns >= 1e9 { return String(format: "%g s", ns / 1e9) }
        if ns >= 1e6 { return String(format: "%g ms", ns / 1e6) }
        if ns >= 1e3 { return String(format: "%g", ns / 1e3) + " µs" }
        return String(format: "%g ns", ns)
    }

    static func msLabel(_ ms: Double) -> String {
        if ms >= 1000 { return String(format: "%g s", ms / 1000) }
        return String(format: "%g ms", ms)
    }

    static func stroke(_ se: Series) -> String {
        let dash = se.dash.isEmpty ? "" : " stroke-dasharray=\"\(se.dash)\""
        let opacity = se.secondary ? " stroke-opacity=\"0.5\"" : ""
        return "stroke=\"\(se.color)\" stroke-width=\"\(se.secondary ? "1.5" : "2")\"\(dash)\(opacity)"
    }

    static func marker(_ se: Series, _ x: Double, _ y: Double) -> String {
        let fill = se.secondary ? "white" : se.color
        let cx = String(format: "%.1f", x)
        let cy = String(format: "%.1f", y)
        return
            "<circle cx=\"\(cx)\" cy=\"\(cy)\" r=\"3.5\" fill=\"\(fill)\" stroke=\"\(se.color)\" stroke-width=\"1.5\"/>\n"
    }

    /// A log–log line plot.
    static func plot(title: String, xLabel: String, yLabel: String, series: [Series], yTime: Bool) -> String {
        let width = 760.0
        let height = 480.0
        let left = 90.0
        let right = 200.0
        let top = 50.0
        let bottom = 60.0
        let pw = width - left - right
        let ph = height - top - bottom
        let xs = series.flatMap { $0.points.map(\.0) }.filter { $0 > 0 && $0.isFinite }
        let ys = series.flatMap { $0.points.map(\.1) }.filter { $0 > 0 && $0.isFinite }
        // Whole decades around the data, or ±half a decade around data within one decade.
        func range(_ v: [Double]) -> (Double, Double) {
            let lo = log10(v.min() ?? 1)
            let hi = log10(v.max() ?? 10)
            var a = floor(lo)
            var b = ceil(hi)
            if b - a <= 1 && hi - lo < 0.5 {
                a = lo - 0.5
                b = hi + 0.5
            }
            if b <= a {
                a -= 0.5
                b += 0.5
            }
            return (a, b)
        }
        let (x0, x1) = range(xs)
        let (y0, y1) = range(ys)
        // Over less than ~2.5 decades, 2 and 5 are labelled too.
        let labelX: Set<Int> = x1 - x0 < 2.5 ? [1, 2, 5] : [1]
        let labelY: Set<Int> = y1 - y0 < 2.5 ? [1, 2, 5] : [1]
        func px(_ x: Double) -> Double { left + (log10(x) - x0) / (x1 - x0) * pw }
        func py(_ y: Double) -> Double { top + ph - (log10(y) - y0) / (y1 - y0) * ph }
        func f(_ v: Double) -> String { String(format: "%.1f", v) }
        var s = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" viewBox="0 0 \(Int(width)) \(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">
            <rect x="0" y="0" width="\(Int(width))" height="\(Int(height))" fill="white"/>
            <text x="\(f(left + pw / 2))" y="28" text-anchor="middle" font-size="15" font-weight="bold">\(escape(title))</text>

            """
        // Grid and ticks: decades labelled, 2…9 as minor ticks.
        var d = floor(x0)
        while d <= ceil(x1) {
            for m in 1...9 {
                let v = Double(m) * pow(10, d)
                let lv = log10(v)
                guard lv >= x0 - 1e-9 && lv <= x1 + 1e-9 else { continue }
                let x = px(v)
                if labelX.contains(m) {
                    let grid = m == 1 ? "#ddd" : "#f0f0f0"
                    s +=
                        "<line x1=\"\(f(x))\" y1=\"\(f(top))\" x2=\"\(f(x))\" y2=\"\(f(top + ph))\" stroke=\"\(grid)\"/>\n"
                    s +=
                        "<line x1=\"\(f(x))\" y1=\"\(f(top + ph))\" x2=\"\(f(x))\" y2=\"\(f(top + ph + 6))\" stroke=\"black\"/>\n"
                    s +=
                        "<text x=\"\(f(x))\" y=\"\(f(top + ph + 20))\" text-anchor=\"middle\">\(countLabel(v))</text>\n"
                } else {
                    s +=
                        "<line x1=\"\(f(x))\" y1=\"\(f(top + ph))\" x2=\"\(f(x))\" y2=\"\(f(top + ph + 3))\" stroke=\"black\"/>\n"
                }
            }
            d += 1
        }
        d = floor(y0)
        while d <= ceil(y1) {
            for m in 1...9 {
                let v = Double(m) * pow(10, d)
                let lv = log10(v)
                guard lv >= y0 - 1e-9 && lv <= y1 + 1e-9 else { continue }
                let y = py(v)
                if labelY.contains(m) {
                    let grid = m == 1 ? "#ddd" : "#f0f0f0"
                    s +=
                        "<line x1=\"\(f(left))\" y1=\"\(f(y))\" x2=\"\(f(left + pw))\" y2=\"\(f(y))\" stroke=\"\(grid)\"/>\n"
                    s +=
                        "<line x1=\"\(f(left - 6))\" y1=\"\(f(y))\" x2=\"\(f(left))\" y2=\"\(f(y))\" stroke=\"black\"/>\n"
                    let label = yTime ? timeLabel(v) : msLabel(v)
                    s += "<text x=\"\(f(left - 9))\" y=\"\(f(y + 4))\" text-anchor=\"end\">\(escape(label))</text>\n"
                } else {
                    s +=
                        "<line x1=\"\(f(left - 3))\" y1=\"\(f(y))\" x2=\"\(f(left))\" y2=\"\(f(y))\" stroke=\"black\"/>\n"
                }
            }
            d += 1
        }
        s +=
            "<rect x=\"\(f(left))\" y=\"\(f(top))\" width=\"\(f(pw))\" height=\"\(f(ph))\" fill=\"none\" stroke=\"black\"/>\n"
        s +=
            "<text x=\"\(f(left + pw / 2))\" y=\"\(f(height - 15))\" text-anchor=\"middle\">\(escape(xLabel)) (log)</text>\n"
        s +=
            "<text x=\"20\" y=\"\(f(top + ph / 2))\" text-anchor=\"middle\" transform=\"rotate(-90 20 \(f(top + ph / 2)))\">\(escape(yLabel)) (log)</text>\n"
        // Lines and markers.
        for se in series {
            var segments: [[(Double, Double)]] = [[]]
            for (x, y) in se.points {
                if y.isFinite && y > 0 && x > 0 {
                    segments[segments.count - 1].append((px(x), py(y)))
                } else if !segments[segments.count - 1].isEmpty {
                    segments.append([])
                }
            }
            for seg in segments where !seg.isEmpty {
                let pts = seg.map { "\(f($0.0)),\(f($0.1))" }.joined(separator: " ")
                s += "<polyline points=\"\(pts)\" fill=\"none\" \(stroke(se))/>\n"
                for (x, y) in seg { s += marker(se, x, y) }
            }
        }
        // Legend.
        let lx = left + pw + 15
        var ly = top + 10
        s +=
            "<rect x=\"\(f(lx - 5))\" y=\"\(f(top - 5))\" width=\"\(f(right - 20))\" height=\"\(f(Double(series.count) * 20 + 15))\" fill=\"white\" stroke=\"#999\"/>\n"
        for se in series {
            s += "<line x1=\"\(f(lx))\" y1=\"\(f(ly))\" x2=\"\(f(lx + 28))\" y2=\"\(f(ly))\" \(stroke(se))/>\n"
            s += marker(se, lx + 14, ly)
            s += "<text x=\"\(f(lx + 36))\" y=\"\(f(ly + 4))\">\(escape(se.name))</text>\n"
            ly += 20
        }
        if series.isEmpty {
            s += "<text x=\"\(f(left + pw / 2))\" y=\"\(f(top + ph / 2))\" text-anchor=\"middle\">no data</text>\n"
        }
        s += "</svg>\n"
        return s
    }
}
