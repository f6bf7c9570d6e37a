import HitIndex

/// The picture as one self-contained SVG file: views as their real quadrilaterals (each drawn in
/// its own bounds space under its screen transform, so rotations and scales show as they are),
/// declared hit areas dashed, the touch, labels and a legend.
extension ExplainPicture {
    /// Stroke and fill per outcome.
    static func colors(_ o: Outcome) -> (stroke: String, fill: String, opacity: Double) {
        switch o {
        case .hit: ("#1a7f37", "#2da44e", 0.35)
        case .path: ("#0969da", "none", 0)
        case .outside: ("#bc4c00", "none", 0)
        case .ineligible: ("#8250df", "#c297ff", 0.15)
        case .passThrough: ("#1b7c83", "none", 0)
        case .skipped: ("#8c959f", "none", 0)
        case .notSearched: ("#d0d7de", "none", 0)
        }
    }

    /// The SVG document.
    /// - Complexity: O(views drawn).
    func svg() -> String {
        // The drawing's extent: every drawn view's corners and the touch, with a margin.
        var minX = touch.x.isFinite ? touch.x : 0
        var minY = touch.y.isFinite ? touch.y : 0
        var maxX = minX
        var maxY = minY
        for item in items {
            let b = item.view.bounds
            for (x, y) in [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)] {
                let p = item.toScreen.apply(
                    to: Point(x: b.origin.x + x * b.size.width, y: b.origin.y + y * b.size.height))
                guard p.x.isFinite && p.y.isFinite else { continue }
                minX = Swift.min(minX, p.x)
                minY = Swift.min(minY, p.y)
                maxX = Swift.max(maxX, p.x)
                maxY = Swift.max(maxY, p.y)
            }
        }
        let margin = Swift.max(20, 0.04 * Swift.max(maxX - minX, maxY - minY))
        let legendWidth = 330.0
        let width = maxX - minX + 2 * margin
        let height = Swift.max(maxY - minY + 2 * margin, 260)
        let font = Swift.max(9, Swift.min(14, width / 45))
        var s = """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="\(n(minX - margin)) \(n(minY - margin)) \(n(width + legendWidth)) \(n(height))" \
            width="\(n(Swift.min(1400, width + legendWidth)))" font-family="Helvetica, Arial, sans-serif">
            <title>hitindex explain: touch at \(touch.x.description), \(touch.y.description)</title>
            <rect x="\(n(minX - margin))" y="\(n(minY - margin))" width="\(n(width + legendWidth))" height="\(n(height))" fill="white"/>

            """
        // Back to front in paint order (windows as listed, each in preorder), so later views
        // draw over earlier ones as on screen; the outcomes that matter most are drawn last.
        let order: [Outcome] = [.notSearched, .skipped, .outside, .ineligible, .passThrough, .path, .hit]
        for outcome in order {
            for (k, item) in items.enumerated() where item.outcome == outcome { s += shape(item, index: k, font: font) }
        }
        // Labels for the views that matter, the answer first, then the path from the answer up;
        // a label that would overlap one already placed moves down a line (nested views share a
        // corner). At most `maximumLabels`: more could not be read, and placing each against all
        // the others is quadratic.
        var placed: [(x0: Double, y0: Double, x1: Double, y1: Double)] = []
        var labelled = 0
        var unlabelled = 0
        for outcome in order.reversed() {
            for item in outcome == .path ? items.reversed() : items where item.outcome == outcome {
                // Views not searched are labelled only when their hit area holds the touch.
                if (outcome == .notSearched || outcome == .skipped) && item.note == nil { continue }
                guard labelled < Self.maximumLabels else {
                    unlabelled += 1
                    continue
                }
                s += label(item, font: font, avoiding: &placed)
                labelled += 1
            }
        }
        // The touch.
        if touch.x.isFinite && touch.y.isFinite {
            let r = font * 0.8
            s += """
                <g stroke="#cf222e" stroke-width="\(n(font / 5))"><circle cx="\(n(touch.x))" cy="\(n(touch.y))" r="\(n(r))" fill="none"/>\
                <line x1="\(n(touch.x - 2 * r))" y1="\(n(touch.y))" x2="\(n(touch.x + 2 * r))" y2="\(n(touch.y))"/>\
                <line x1="\(n(touch.x))" y1="\(n(touch.y - 2 * r))" x2="\(n(touch.x))" y2="\(n(touch.y + 2 * r))"/></g>

                """
        }
        s += legend(x: maxX + margin + 10, y: minY - margin + 10, font: font, unlabelled: unlabelled)
        s += "</svg>\n"
        return s
    }

    /// A view's bounds and, dashed, its hit area, in its own bounds space.
    private func shape(_ item: Item, index: Int, font: Double) -> String {
        let (stroke, fill, opacity) = Self.colors(item.outcome)
        let t = item.toScreen
        let b = item.view.bounds
        // Strokes keep their width whatever the view's scale.
        let scale = Swift.max(1e-9, (abs(t.a * t.d - t.b * t.c)).squareRoot())
        let width = (item.outcome == .hit ? 3 : item.outcome == .notSearched ? 0.75 : 1.5) / scale
        var g =
            "<g data-v=\"\(index)\" transform=\"matrix(\(n(t.a)) \(n(t.b)) \(n(t.c)) \(n(t.d)) \(n(t.tx)) \(n(t.ty)))\">"
        g += "<title>\(escape(item.view.id)) (\(escape(item.view.className))): \(item.outcome.label)"
        if let note = item.note { g += "; \(escape(note))" }
        g += "</title>"
        let dash =
            item.outcome == .skipped || item.outcome == .passThrough ? " stroke-dasharray=\"\(n(4 / scale))\"" : ""
        g += "<rect x=\"\(n(b.origin.x))\" y=\"\(n(b.origin.y))\" width=\"\(n(b.size.width))\" "
        g += "height=\"\(n(b.size.height))\" fill=\"\(fill)\" fill-opacity=\"\(n(opacity))\" stroke=\"\(stroke)\" "
        g += "stroke-width=\"\(n(width))\"\(dash)/>"
        // The declared hit area, when it is not the bounds.
        let region = item.view.hitRegion
        let e = region.extents
        let declared = region.shape != .rect || e != b.extents
        if declared && (item.outcome != .notSearched || item.note != nil) {
            let common =
                "fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(n(width))\" stroke-dasharray=\"\(n(2 / scale)) \(n(2 / scale))\""
            let w = e.maxX - e.minX
            let h = e.maxY - e.minY
            switch region.shape {
            case .ellipse:
                g +=
                    "<ellipse cx=\"\(n(e.minX + w / 2))\" cy=\"\(n(e.minY + h / 2))\" rx=\"\(n(w / 2))\" ry=\"\(n(h / 2))\" \(common)/>"
            case .rect, .roundedRect:
                var radius = 0.0
                if case .roundedRect(let r) = region.shape { radius = Swift.min(r, Swift.min(w, h) / 2) }
                g +=
                    "<rect x=\"\(n(e.minX))\" y=\"\(n(e.minY))\" width=\"\(n(w))\" height=\"\(n(h))\" rx=\"\(n(radius))\" \(common)/>"
            }
        }
        return g + "</g>\n"
    }

    /// The view's id and class, upright, at its bounds' first corner on screen, below any label
    /// it would overlap.
    private func label(
        _ item: Item, font: Double, avoiding placed: inout [(x0: Double, y0: Double, x1: Double, y1: Double)]
    ) -> String {
        // Not-searched views are drawn faint; their labels (only ever for a view whose hit area
        // holds the touch) must still be read.
        let stroke = item.outcome == .notSearched ? "#57606a" : Self.colors(item.outcome).stroke
        let b = item.view.bounds
        let corner = item.toScreen.apply(to: Point(x: b.origin.x, y: b.origin.y))
        guard corner.x.isFinite && corner.y.isFinite else { return "" }
        var text = item.view.id
        // Imported ids already start with the class ("UIButton@0x…").
        if item.view.className != "UIView" && !text.hasPrefix(item.view.className) {
            text += " (\(item.view.className))"
        }
        if let note = item.note, item.outcome != .path && item.outcome != .hit { text += ": \(note)" }
        let size = item.outcome == .hit || item.outcome == .path ? font : font * 0.85
        let x = corner.x + 2
        var y = corner.y + size
        let width = Double(text.count) * size * 0.55
        while placed.contains(where: { x < $0.x1 && $0.x0 < x + width && y - size < $0.y1 && $0.y0 < y }) {
            y += size * 1.15
        }
        placed.append((x, y - size, x + width, y + size * 0.2))
        return "<text x=\"\(n(x))\" y=\"\(n(y))\" font-size=\"\(n(size))\" fill=\"\(stroke)\" "
            + "font-weight=\"\(item.outcome == .hit ? "bold" : "normal")\">\(escape(text))</text>\n"
    }

    /// Labels drawn at most: the answer's, the path's nearest the answer, then the others.
    static let maximumLabels = 150

    private func legend(x: Double, y: Double, font: Double, unlabelled: Int) -> String {
        var s = "<g font-size=\"\(n(font))\">"
        var line = y + font
        let header = "touch at \(touch.x.description), \(touch.y.description): hit \(result ?? "nil")"
        s += "<text x=\"\(n(x))\" y=\"\(n(line))\" font-weight=\"bold\">\(escape(header))</text>"
        if let redirect {
            line += font * 1.4
            s += "<text x=\"\(n(x))\" y=\"\(n(line))\">\(escape(redirect))</text>"
        }
        for o in Outcome.allCases {
            line += font * 1.6
            let (stroke, fill, opacity) = Self.colors(o)
            s += "<rect x=\"\(n(x))\" y=\"\(n(line - font))\" width=\"\(n(font * 1.6))\" height=\"\(n(font))\" "
            s += "fill=\"\(fill)\" fill-opacity=\"\(n(opacity))\" stroke=\"\(stroke)\" stroke-width=\"1.5\"/>"
            s += "<text x=\"\(n(x + font * 2.2))\" y=\"\(n(line - 1))\">\(escape(o.label))</text>"
        }
        line += font * 1.6
        s += "<text x=\"\(n(x))\" y=\"\(n(line))\">dashed inside a view: its declared hit area</text>"
        if omitted > 0 {
            line += font * 1.6
            s += "<text x=\"\(n(x))\" y=\"\(n(line))\">\(omitted) views not drawn (not searched, off the path)</text>"
        }
        if unlabelled > 0 {
            line += font * 1.6
            s +=
                "<text x=\"\(n(x))\" y=\"\(n(line))\">\(unlabelled) drawn views without a label (hover in --html)</text>"
        }
        return s + "</g>\n"
    }

    /// A number as SVG takes it.
    private func n(_ v: Double) -> String {
        guard v.isFinite else { return "0" }
        let r = (v * 1000).rounded() / 1000
        return r == r.rounded() && abs(r) < 1e15 ? String(Int(r)) : String(r)
    }

    private func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
