import HitIndex

/// The picture as one self-contained SVG file, drawn from the layout: views as their real
/// quadrilaterals (each drawn in its own bounds space under its screen transform, so rotations and
/// scales show as they are) clipped to the screen, declared hit areas dashed, a why-not path
/// outlined, the edge markers, the touch, the labels and the legend.
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
    /// - Complexity: O(n log n) for n views drawn (see ``layout()``).
    func svg() -> String { svg(layout()) }

    /// The SVG document for a layout of this picture.
    func svg(_ layout: Layout) -> String {
        let v = layout.viewBox
        let f = layout.font
        var s = """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="\(n(v.x0)) \(n(v.y0)) \(n(v.width)) \(n(v.height))" \
            width="\(n(v.width * layout.scale))" height="\(n(v.height * layout.scale))" font-family="Helvetica, Arial, sans-serif">
            <title>hitindex explain: touch at \(touch.x.description), \(touch.y.description)</title>
            <rect x="\(n(v.x0))" y="\(n(v.y0))" width="\(n(v.width))" height="\(n(v.height))" fill="white"/>

            """
        let c = layout.canvas
        if layout.clips {
            s += "<defs><clipPath id=\"hitindex-screen\"><rect x=\"\(n(c.x0))\" y=\"\(n(c.y0))\" "
            s += "width=\"\(n(c.width))\" height=\"\(n(c.height))\"/></clipPath></defs>\n"
            s += "<g clip-path=\"url(#hitindex-screen)\">\n"
        } else {
            s += "<g>\n"
        }
        // Back to front in paint order, so later views draw over earlier ones as on screen; the
        // outcomes that matter most are drawn last.
        let order: [Outcome] = [.notSearched, .skipped, .outside, .ineligible, .passThrough, .path, .hit]
        for outcome in order {
            for (k, item) in items.enumerated() where item.outcome == outcome {
                s += shape(item, index: k, font: f, outlined: layout.outlined.contains(k))
            }
        }
        // A why-not question's path, over everything.
        for item in items where item.onWhyNotPath { s += whyNotOutline(item, font: f) }
        s += "</g>\n"
        if layout.clips {
            s += "<rect class=\"screen\" x=\"\(n(c.x0))\" y=\"\(n(c.y0))\" width=\"\(n(c.width))\" "
            s += "height=\"\(n(c.height))\" fill=\"none\" stroke=\"#24292f\" stroke-width=\"\(n(f * 0.1))\"/>\n"
        }
        if !layout.markers.isEmpty {
            s += "<g class=\"markers\" fill=\"#57606a\">"
            for m in layout.markers { s += marker(m, layout) }
            s += "</g>\n"
        }
        // The touch, with a white halo so that it shows over any outline.
        if touch.x.isFinite && touch.y.isFinite {
            let r = f * 0.8
            let (x, y) = (touch.x, touch.y)
            let marks = """
                <circle cx="\(n(x))" cy="\(n(y))" r="\(n(r))" fill="none"/>\
                <line x1="\(n(x - 2 * r))" y1="\(n(y))" x2="\(n(x + 2 * r))" y2="\(n(y))"/>\
                <line x1="\(n(x))" y1="\(n(y - 2 * r))" x2="\(n(x))" y2="\(n(y + 2 * r))"/>
                """
            s += "<g stroke=\"white\" stroke-width=\"\(n(f / 2))\" stroke-opacity=\"0.8\">\(marks)</g>"
            s += "<g class=\"touch\" stroke=\"#cf222e\" stroke-width=\"\(n(f / 5))\">\(marks)</g>\n"
        }
        s += labels(layout)
        s += legend(layout)
        s += "</svg>\n"
        return s
    }

    /// A view's bounds and, dashed, its hit area, in its own bounds space. A large filled view is
    /// outlined, with a band of its colour inside the edge, so the views beneath it show.
    private func shape(_ item: Item, index: Int, font: Double, outlined: Bool) -> String {
        var (stroke, fill, opacity) = Self.colors(item.outcome)
        // A view never reached although its hit area holds the touch is what the picture is
        // about: drawn darker than the faint views around it.
        let faint = item.outcome == .notSearched && item.note == nil
        if item.outcome == .notSearched && !faint { stroke = Self.textColor(item) }
        let t = item.toScreen
        let b = item.view.bounds
        // Strokes keep their width whatever the view's scale.
        let scale = Swift.max(1e-9, (abs(t.a * t.d - t.b * t.c)).squareRoot())
        let width = font * (item.outcome == .hit ? 0.22 : faint ? 0.06 : 0.11) / scale
        var g =
            "<g data-v=\"\(index)\" transform=\"matrix(\(n(t.a)) \(n(t.b)) \(n(t.c)) \(n(t.d)) \(n(t.tx)) \(n(t.ty)))\">"
        g += "<title>\(escape(Self.describe(item.view, alwaysClass: true))): \(item.outcome.label)"
        if let note = item.note { g += "; \(escape(note))" }
        if let reason = item.blockingReason {
            g += "; keeps the touch from \(escape(whyNotTarget ?? "")): \(escape(reason))"
        }
        g += "</title>"
        let dash =
            item.outcome == .skipped || item.outcome == .passThrough
            ? " stroke-dasharray=\"\(n(0.35 * font / scale))\"" : ""
        let drawnFill = outlined ? "none" : fill
        g += "<rect x=\"\(n(b.origin.x))\" y=\"\(n(b.origin.y))\" width=\"\(n(b.size.width))\" "
        g += "height=\"\(n(b.size.height))\" fill=\"\(drawnFill)\" fill-opacity=\"\(n(outlined ? 0 : opacity))\" "
        g += "stroke=\"\(stroke)\" stroke-width=\"\(n(width))\"\(dash)/>"
        if outlined {
            let band = Swift.min(0.7 * font / scale, b.size.width / 2, b.size.height / 2)
            g += "<rect class=\"band\" x=\"\(n(b.origin.x + band / 2))\" y=\"\(n(b.origin.y + band / 2))\" "
            g += "width=\"\(n(b.size.width - band))\" height=\"\(n(b.size.height - band))\" fill=\"none\" "
            g += "stroke=\"\(fill)\" stroke-opacity=\"\(n(Swift.min(1, opacity * 1.3)))\" stroke-width=\"\(n(band))\"/>"
        }
        // The declared hit area, when it is not the bounds.
        if Self.hasDeclaredHitArea(item) {
            let region = item.view.hitRegion
            let e = region.extents
            let common =
                "fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(n(width))\" stroke-dasharray=\"\(n(0.18 * font / scale)) \(n(0.18 * font / scale))\""
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

    /// A view on a why-not path: outlined in the path's colour, inside its edge.
    private func whyNotOutline(_ item: Item, font: Double) -> String {
        let t = item.toScreen
        let b = item.view.bounds
        let scale = Swift.max(1e-9, (abs(t.a * t.d - t.b * t.c)).squareRoot())
        let w = 0.25 * font / scale
        let inset = Swift.min(w, b.size.width / 2, b.size.height / 2)
        var g =
            "<g class=\"why-not-path\" transform=\"matrix(\(n(t.a)) \(n(t.b)) \(n(t.c)) \(n(t.d)) \(n(t.tx)) \(n(t.ty)))\">"
        g += "<rect x=\"\(n(b.origin.x + inset))\" y=\"\(n(b.origin.y + inset))\" "
        g += "width=\"\(n(b.size.width - 2 * inset))\" height=\"\(n(b.size.height - 2 * inset))\" fill=\"none\" "
        g += "stroke=\"\(Self.whyNotPathColor)\" stroke-width=\"\(n(w))\" "
        g += "stroke-dasharray=\"\(n(0.9 * font / scale)) \(n(0.35 * font / scale))\"/></g>\n"
        return g
    }

    /// A stretch of the canvas's edge that views extend beyond: a bar just outside the edge and
    /// a triangle pointing out at its middle.
    private func marker(_ m: Marker, _ layout: Layout) -> String {
        let f = layout.font
        let c = layout.canvas
        let (near, bar, far, half) = (0.15 * f, 0.35 * f, 0.95 * f, 0.5 * f)
        let mid = (m.from + m.to) / 2
        let horizontal = m.side == .top || m.side == .bottom
        // The edge's coordinate and the outward direction.
        let (edge, out): (Double, Double) =
            switch m.side {
            case .top: (c.y0, -1)
            case .bottom: (c.y1, 1)
            case .left: (c.x0, -1)
            case .right: (c.x1, 1)
            }
        func point(_ along: Double, _ away: Double) -> String {
            let (x, y) = horizontal ? (along, edge + out * away) : (edge + out * away, along)
            return "\(n(x)),\(n(y))"
        }
        let barPoints = [point(m.from, near), point(m.to, near), point(m.to, bar), point(m.from, bar)]
        let triangle = [point(mid - half, bar), point(mid + half, bar), point(mid, far)]
        return
            "<polygon points=\"\(barPoints.joined(separator: " "))\"/><polygon points=\"\(triangle.joined(separator: " "))\">"
            + "<title>\(m.count) views extend beyond the screen here</title></polygon>"
    }

    /// The labels: each a box with its lines; those in the column with a leader to their view.
    private func labels(_ layout: Layout) -> String {
        let f = layout.font
        var s = "<g class=\"labels\">\n"
        for label in layout.labels {
            if let (from, to) = label.leader {
                s += "<line x1=\"\(n(from.x))\" y1=\"\(n(from.y))\" x2=\"\(n(to.x))\" y2=\"\(n(to.y))\" "
                s += "stroke=\"\(label.color)\" stroke-width=\"\(n(0.08 * f))\" stroke-opacity=\"0.8\"/>"
                s += "<circle cx=\"\(n(from.x))\" cy=\"\(n(from.y))\" r=\"\(n(0.22 * f))\" fill=\"\(label.color)\"/>\n"
            }
            let b = label.box
            s += "<g class=\"label\"><rect class=\"label-box\" x=\"\(n(b.x0))\" y=\"\(n(b.y0))\" "
            s += "width=\"\(n(b.width))\" height=\"\(n(b.height))\" rx=\"\(n(0.2 * f))\" fill=\"white\" "
            s += "fill-opacity=\"0.85\" stroke=\"\(label.color)\" stroke-width=\"\(n(0.05 * f))\"/>\n"
            // A why-not reason: a tag behind its line.
            for k in label.tagged {
                let t = label.lines[k].box
                s += "<rect class=\"tag\" x=\"\(n(t.x0 - 0.1 * f))\" y=\"\(n(t.y0 - 0.05 * f))\" "
                s += "width=\"\(n(t.width + 0.2 * f))\" height=\"\(n(t.height + 0.1 * f))\" rx=\"\(n(0.15 * f))\" "
                s += "fill=\"\(Self.tagFill)\" stroke=\"\(Self.tagColor)\" stroke-width=\"\(n(0.05 * f))\"/>"
            }
            for line in label.lines { s += text(line) }
            s += "</g>\n"
        }
        return s + "</g>\n"
    }

    /// The legend: a box sized to its text.
    private func legend(_ layout: Layout) -> String {
        let l = layout.legend
        let b = l.box
        var s = "<g class=\"legend\">\n"
        s +=
            "<rect class=\"legend-box\" x=\"\(n(b.x0))\" y=\"\(n(b.y0))\" width=\"\(n(b.width))\" height=\"\(n(b.height))\" "
        s +=
            "fill=\"#f6f8fa\" stroke=\"#d0d7de\" stroke-width=\"\(n(0.08 * layout.font))\" rx=\"\(n(0.3 * layout.font))\"/>\n"
        for w in l.swatches {
            let dash = w.dashed ? " stroke-dasharray=\"\(n(0.3 * layout.font))\"" : ""
            s +=
                "<rect x=\"\(n(w.box.x0))\" y=\"\(n(w.box.y0))\" width=\"\(n(w.box.width))\" height=\"\(n(w.box.height))\" "
            s += "fill=\"\(w.fill)\" fill-opacity=\"\(n(w.opacity))\" stroke=\"\(w.stroke)\" "
            s += "stroke-width=\"\(n(0.12 * layout.font))\"\(dash)/>"
        }
        for line in l.lines { s += text(line) }
        return s + "</g>\n"
    }

    private func text(_ line: TextLine) -> String {
        "<text x=\"\(n(line.x))\" y=\"\(n(line.y))\" font-size=\"\(n(line.size))\" fill=\"\(line.color)\""
            + (line.bold ? " font-weight=\"bold\"" : "") + ">\(escape(line.text))</text>\n"
    }

    /// A number as SVG takes it.
    func n(_ v: Double) -> String {
        guard v.isFinite else { return "0" }
        let r = (v * 1000).rounded() / 1000
        return r == r.rounded() && abs(r) < 1e15 ? String(Int(r)) : String(r)
    }

    func escape(_ text: String) -> String {
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
