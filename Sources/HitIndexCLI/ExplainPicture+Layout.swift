import HitIndex

/// Where everything goes on the picture, worked out once and drawn by the SVG: the canvas (the
/// screen, or every view), the size of text, the labels (beside their views where they fit,
/// else in a column beside the canvas with a leader line to the view; never overlapping each
/// other, the touch or the edge markers), the large views drawn as outlines, the markers where
/// views extend beyond the screen, and the legend sized to its text.
///
/// Text is measured with a conservative estimate (``textWidth(_:size:bold:)``): wider than
/// Helvetica or Arial set it, so a box sized with it holds its text.
extension ExplainPicture {
    /// A box on the picture, in screen points (the SVG's user units).
    struct Box: Equatable, CustomStringConvertible {
        var x0: Double
        var y0: Double
        var x1: Double
        var y1: Double

        init(x0: Double, y0: Double, x1: Double, y1: Double) {
            (self.x0, self.y0, self.x1, self.y1) = (x0, y0, x1, y1)
        }

        init(_ e: Extents) { self.init(x0: e.minX, y0: e.minY, x1: e.maxX, y1: e.maxY) }

        var width: Double { x1 - x0 }
        var height: Double { y1 - y0 }
        var area: Double { width * height }

        func intersects(_ o: Box) -> Bool { x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1 }
        func contains(_ o: Box) -> Bool { x0 <= o.x0 && o.x1 <= x1 && y0 <= o.y0 && o.y1 <= y1 }
        func expanded(by d: Double) -> Box { Box(x0: x0 - d, y0: y0 - d, x1: x1 + d, y1: y1 + d) }
        func union(_ o: Box) -> Box {
            Box(x0: min(x0, o.x0), y0: min(y0, o.y0), x1: max(x1, o.x1), y1: max(y1, o.y1))
        }
        /// The common part, or `nil` when the boxes do not overlap.
        func intersection(_ o: Box) -> Box? {
            let b = Box(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
            return b.x0 < b.x1 && b.y0 < b.y1 ? b : nil
        }
        var description: String { "[\(x0), \(y0), \(x1), \(y1)]" }
    }

    /// One line of text, its baseline at `y`, starting at `x`.
    struct TextLine {
        var text: String
        var x: Double
        var y: Double
        var size: Double
        var bold = false
        var color = "#24292f"

        /// The estimated box of the text: ``textWidth(_:size:bold:)`` wide, 0.8 em above the
        /// baseline and 0.25 em below.
        var box: Box {
            Box(
                x0: x, y0: y - 0.8 * size, x1: x + ExplainPicture.textWidth(text, size: size, bold: bold),
                y1: y + 0.25 * size)
        }
    }

    /// A label: one or more views (views with the same quadrilateral on screen share one), each
    /// named on a line, with a line under it saying why it matters when there is something to say.
    struct Label {
        /// The labelled items, by index in ``ExplainPicture/items``.
        var items: [Int]
        /// The label's background box; its text lies inside it.
        var box: Box
        var lines: [TextLine]
        /// Placed in the column beside the canvas rather than beside its views.
        var isCallout: Bool
        /// For a label in the column: from the view (on its visible part) to the label.
        var leader: (from: Point, to: Point)?
        /// The lines giving a why-not reason (by index in ``lines``): each drawn as a tag.
        var tagged: [Int]
        /// The colour of its border and leader: the first view's, or the tag colour for a label
        /// of one view keeping the touch from the view asked about.
        var color: String

        /// Carries a why-not reason.
        var isTag: Bool { !tagged.isEmpty }

        /// Moves the lines, laid out from the box's top left corner, to the box.
        mutating func moveLines() {
            for j in lines.indices {
                lines[j].x += box.x0
                lines[j].y += box.y0
            }
        }
    }

    /// A side of the canvas.
    enum Side: CaseIterable { case top, right, bottom, left }

    /// A stretch of the canvas's edge that views extend beyond: drawn as a bar just outside the
    /// edge with a triangle pointing out at its middle.
    struct Marker {
        var side: Side
        /// Where along the edge: x for the top and bottom, y for the sides.
        var from: Double
        var to: Double
        /// The views extending beyond this stretch.
        var count: Int
    }

    /// A legend entry's colour swatch.
    struct Swatch {
        var box: Box
        var stroke: String
        var fill: String
        var opacity: Double
        var dashed: Bool
    }

    /// The legend: its box, its lines and swatches.
    struct Legend {
        var box: Box
        var lines: [TextLine]
        var swatches: [Swatch]
    }

    /// The whole layout.
    struct Layout {
        /// The part of the scene drawn: the screen (and the touch) or every view.
        var canvas: Box
        /// Views are clipped to ``canvas`` (the screen canvas with a screen).
        var clips: Bool
        /// The space around the canvas that labels and markers may use.
        var margin: Double
        /// The text size for names, in screen points; the picture is shown at ``scale`` so that
        /// it reads at about 13 pixels.
        var font: Double
        var labels: [Label]
        /// Views that would have been labelled, left without one to keep the picture readable.
        var unlabelled: Int
        /// The box the touch's crosshair covers, labels kept off it.
        var crosshair: Box?
        var markers: [Marker]
        /// Drawn views that extend beyond the canvas, and of those, the ones wholly outside it.
        var beyond: Int
        var whollyOutside: Int
        /// Items drawn as an outline with a band inside the edge rather than filled: filled views
        /// (the hit, ineligible views) covering at least a quarter of the canvas.
        var outlined: Set<Int>
        var legend: Legend
        /// The SVG's view box.
        var viewBox: Box
        /// Pixels per screen point when shown.
        var scale: Double

        /// The box of an edge marker: its bar and its triangle, in the margin.
        func box(of m: Marker) -> Box {
            let (near, far) = (0.15 * font, 0.95 * font)
            let (lo, hi) = (min(m.from, (m.from + m.to) / 2 - 0.5 * font), max(m.to, (m.from + m.to) / 2 + 0.5 * font))
            switch m.side {
            case .top: return Box(x0: lo, y0: canvas.y0 - far, x1: hi, y1: canvas.y0 - near)
            case .bottom: return Box(x0: lo, y0: canvas.y1 + near, x1: hi, y1: canvas.y1 + far)
            case .left: return Box(x0: canvas.x0 - far, y0: lo, x1: canvas.x0 - near, y1: hi)
            case .right: return Box(x0: canvas.x1 + near, y0: lo, x1: canvas.x1 + far, y1: hi)
            }
        }
    }

    /// Labels at most: beyond them the picture cannot be read (hover in the HTML page instead).
    static let maximumLabels = 40
    /// Views named in one shared label at most.
    static let maximumLinesPerLabel = 8
    /// A filled view covering at least this share of the canvas is outlined instead.
    static let outlineShare = 0.25

    /// A conservative width of `text` at `size`: each character at least as wide as Arial
    /// (Helvetica's metric twin) sets it, regular or bold: 0.62 em (0.66 em bold), or 5 % more
    /// than Arial for its wider letters (`W`, `M`, `@`, capitals); 1.05 em for
    /// symbols and wide scripts (from U+2000: arrows, shapes, CJK, emoji). Ids like
    /// `UIButton@0x7f893fe31170` set at about 0.55 em a character.
    static func textWidth(_ text: String, size: Double, bold: Bool = false) -> Double {
        var em = 0.0
        let floor = bold ? 0.66 : 0.62
        for s in text.unicodeScalars {
            if s.value >= 0x2000 {
                em += 1.05
            } else if s.value < 128, let wide = wideGlyphs[Int(s.value)] {
                em += max(floor, 1.05 * wide)
            } else {
                em += floor
            }
        }
        return em * size
    }

    /// Arial's widest setting (regular or bold), in em, of the ASCII characters wider than 0.6 em.
    private static let wideGlyphs: [Int: Double] = {
        var widths: [Int: Double] = [:]
        let table: [(String, Double)] = [
            ("AKRUCDHNV&", 0.722), ("BEPSXY", 0.667), ("FTZL", 0.611), ("GOQw", 0.778), ("M", 0.833), ("W", 0.944),
            ("m%", 0.889), ("@", 1.015), ("=+<>~^", 0.584),
        ]
        for (characters, width) in table {
            for c in characters.unicodeScalars { widths[Int(c.value)] = width }
        }
        return widths
    }()

    /// Splits `text` at spaces into lines of at most `width` characters (a longer word stays
    /// whole).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        lines.append(line)
        return lines
    }

    /// The colour a view's name is written in.
    static func textColor(_ item: Item) -> String {
        // The faint outlines' colours are too light to read as text.
        switch item.outcome {
        case .notSearched: "#57606a"
        case .skipped: "#6e7781"
        default: colors(item.outcome).stroke
        }
    }

    /// The why-not colours: the path's outline, and the tags of views keeping the touch from it.
    static let whyNotPathColor = "#bf3989"
    static let tagColor = "#a40e26"
    static let tagFill = "#ffebe9"

    /// What a label says under a view's name, if anything.
    func labelNote(_ item: Item) -> String? {
        if let reason = item.blockingReason { return reason }
        switch item.outcome {
        case .ineligible: return item.note
        case .passThrough: return "pass-through"
        case .notSearched where item.note != nil: return "holds the touch; an ancestor refused it"
        case .skipped where item.note != nil: return "holds the touch; a view in front took it"
        default: return nil
        }
    }

    /// The order labels are placed in (lower first), or `nil` for a view left unlabelled: the
    /// answer; the why-not view and the views keeping the touch from it; views holding the touch
    /// that lost, smallest first (the button, before the containers around it); the accepted
    /// path from the answer up; the why-not path; views searched and missed, smallest first.
    func labelRank(_ k: Int, area: Double) -> (Int, Double)? {
        let item = items[k]
        if item.outcome == .hit { return (0, 0) }
        if item.blockingReason != nil || (item.onWhyNotPath && item.view.id == whyNotTarget) { return (1, area) }
        if labelNote(item) != nil { return (2, area) }
        if item.outcome == .path { return (3, -Double(k)) }
        if item.onWhyNotPath { return (4, -Double(k)) }
        if item.outcome == .outside { return (5, area) }
        return nil
    }

    /// Works out the layout.
    /// - Complexity: O(n log n) for n views drawn (sorting the labels' order), plus
    ///   O(``maximumLabels``²) to place the labels.
    func layout() -> Layout {
        // The canvas.
        let touchBox: Box? =
            touch.x.isFinite && touch.y.isFinite ? Box(x0: touch.x, y0: touch.y, x1: touch.x, y1: touch.y) : nil
        var extents: [Box?] = items.map { Self.screenExtents($0.view, $0.toScreen).map(Box.init) }
        let clips = canvas == .screen && screen != nil
        var canvasBox: Box
        if clips, let screen {
            canvasBox = Box(screen)
        } else {
            canvasBox = extents.lazy.compactMap { $0 }.reduce(touchBox ?? Box(x0: 0, y0: 0, x1: 0, y1: 0)) {
                $0.union($1)
            }
        }
        if let touchBox { canvasBox = canvasBox.union(touchBox) }
        // A point or a line (a scene of empty windows): at least one point each way.
        if canvasBox.width < 1 {
            let grow = (1 - canvasBox.width) / 2
            (canvasBox.x0, canvasBox.x1) = (canvasBox.x0 - grow, canvasBox.x1 + grow)
        }
        if canvasBox.height < 1 {
            let grow = (1 - canvasBox.height) / 2
            (canvasBox.y0, canvasBox.y1) = (canvasBox.y0 - grow, canvasBox.y1 + grow)
        }
        let font = max(canvasBox.width, canvasBox.height) / 55
        let margin = 2.5 * font
        let region = canvasBox.expanded(by: margin)
        // Views beyond the canvas: clipped, counted and marked at the edge.
        var beyond = 0
        var whollyOutside = 0
        // Per side, the stretches of the edge that views cross, merged where they touch.
        var spans: [Side: [(Double, Double)]] = [:]
        var visible = [Box?](repeating: nil, count: items.count)
        for k in items.indices {
            guard let e = extents[k] else { continue }
            guard clips else {
                visible[k] = e
                continue
            }
            visible[k] = e.intersection(canvasBox)
            let tolerance = 1e-6 * max(canvasBox.width, canvasBox.height)
            let sides: [Side] = [
                e.y0 < canvasBox.y0 - tolerance ? .top : nil, e.x1 > canvasBox.x1 + tolerance ? .right : nil,
                e.y1 > canvasBox.y1 + tolerance ? .bottom : nil, e.x0 < canvasBox.x0 - tolerance ? .left : nil,
            ].compactMap { $0 }
            guard !sides.isEmpty else { continue }
            beyond += 1
            if visible[k] == nil { whollyOutside += 1 }
            for side in sides {
                let (lo, hi, from, to) =
                    side == .top || side == .bottom
                    ? (e.x0, e.x1, canvasBox.x0, canvasBox.x1) : (e.y0, e.y1, canvasBox.y0, canvasBox.y1)
                spans[side, default: []].append((min(max(lo, from), to), max(min(hi, to), from)))
            }
        }
        extents = []
        var markers: [Marker] = []
        for side in Side.allCases {
            for (lo, hi) in (spans[side] ?? []).sorted(by: { $0.0 < $1.0 }) {
                if var last = markers.last, last.side == side, lo <= last.to + font {
                    last.to = max(last.to, hi)
                    last.count += 1
                    markers[markers.count - 1] = last
                } else {
                    markers.append(Marker(side: side, from: lo, to: hi, count: 1))
                }
            }
        }
        // Large filled views: outlined.
        var outlined = Set<Int>()
        for k in items.indices where Self.colors(items[k].outcome).fill != "none" {
            if let v = visible[k], v.area >= Self.outlineShare * canvasBox.area { outlined.insert(k) }
        }
        // The crosshair.
        let crosshair = touchBox.map { $0.expanded(by: 1.6 * font + 0.3 * font) }
        var layout = Layout(
            canvas: canvasBox, clips: clips, margin: margin, font: font, labels: [], unlabelled: 0,
            crosshair: crosshair, markers: markers, beyond: beyond, whollyOutside: whollyOutside, outlined: outlined,
            legend: Legend(box: Box(x0: 0, y0: 0, x1: 0, y1: 0), lines: [], swatches: []),
            viewBox: region, scale: 1)
        let callouts = placeLabels(&layout, visible: visible, region: region)
        placeLegend(&layout, region: region)
        placeCallouts(&layout, callouts, region: region)
        // The picture: the canvas and its margin, the labels' column and the legend.
        var all = region.union(layout.legend.box.expanded(by: font))
        for label in layout.labels { all = all.union(label.box.expanded(by: 0.5 * font)) }
        layout.viewBox = all
        layout.scale = min(13 / font, 1600 / all.width)
        return layout
    }

    /// Groups the views to label, then places each group beside its views where it fits (inside
    /// a corner, else just outside an edge); returns the others, for the column beside the canvas
    /// (``placeCallouts(_:_:region:)``).
    private func placeLabels(_ layout: inout Layout, visible: [Box?], region: Box) -> [Callout] {
        let font = layout.font
        var ranked: [(k: Int, rank: (Int, Double))] = []
        for k in items.indices {
            let area = visible[k]?.area ?? 0
            if let rank = labelRank(k, area: area) { ranked.append((k, rank)) }
        }
        ranked.sort { $0.rank != $1.rank ? $0.rank < $1.rank : $0.k > $1.k }
        // Views with the same quadrilateral on screen share a label.
        var groups: [[Int]] = []
        var groupOf: [[Int64]: Int] = [:]
        var unlabelled = 0
        for (k, _) in ranked {
            let t = items[k].toScreen
            let b = items[k].view.bounds
            var key: [Int64] = []
            for (x, y) in [(0.0, 0.0), (1.0, 1.0)] {
                let p = t.apply(to: Point(x: b.origin.x + x * b.size.width, y: b.origin.y + y * b.size.height))
                key += [Int64(clamping: Int((p.x * 100).rounded())), Int64(clamping: Int((p.y * 100).rounded()))]
            }
            key += [t.a, t.b, t.c, t.d].map { Int64(clamping: Int(($0 * 1000).rounded())) }
            if !(t.a.isFinite && t.b.isFinite && t.c.isFinite && t.d.isFinite && t.tx.isFinite && t.ty.isFinite) {
                key = [Int64(k), Int64.min]
            }
            if let g = groupOf[key] {
                groups[g].append(k)
            } else if groups.count < Self.maximumLabels {
                groupOf[key] = groups.count
                groups.append([k])
            } else {
                unlabelled += 1
            }
        }
        var obstacles: [Box] = layout.markers.map { layout.box(of: $0) }
        if let c = layout.crosshair { obstacles.append(c) }
        // The answer's fill stays in sight, unless it is outlined (it then covers much of the
        // screen); its own label is placed first, before this applies.
        let hit = items.indices.first { items[$0].outcome == .hit }
        let hitBox = hit.flatMap { layout.outlined.contains($0) ? nil : visible[$0] }
        var callouts: [Callout] = []
        let pad = 0.25 * font
        for group in groups {
            var members = group.sorted()
            var more = 0
            if members.count > Self.maximumLinesPerLabel {
                // Keep the most important (the group's order), shown in paint order.
                more = members.count - Self.maximumLinesPerLabel + 1
                members = Array(group.prefix(Self.maximumLinesPerLabel - 1)).sorted()
            }
            // The lines, relative to the box's top left corner.
            var lines: [TextLine] = []
            var cursor = pad
            var width = 0.0
            func add(_ text: String, size: Double, indent: Double, bold: Bool, color: String) {
                // 1.25 em from one baseline to the next: more than a line of Arial or Helvetica
                // takes (1.15 em with its line gap).
                let line = TextLine(
                    text: text, x: pad + indent, y: cursor + 0.95 * size, size: size, bold: bold, color: color)
                lines.append(line)
                cursor = line.y + 0.3 * size
                width = max(width, line.box.x1 + pad)
            }
            var tagged: [Int] = []
            for k in members {
                let item = items[k]
                let major =
                    item.outcome == .hit || item.outcome == .path || item.onWhyNotPath || item.blockingReason != nil
                let isTarget = item.onWhyNotPath && item.view.id == whyNotTarget
                let color = isTarget ? Self.whyNotPathColor : Self.textColor(item)
                add(
                    (isTarget ? "why not: " : "") + Self.describe(item.view), size: major ? font : 0.85 * font,
                    indent: 0,
                    bold: item.outcome == .hit || isTarget, color: color)
                if let note = labelNote(item) {
                    if item.blockingReason != nil { tagged.append(lines.count) }
                    add(
                        note, size: 0.8 * font, indent: 0.6 * font, bold: false,
                        color: item.blockingReason != nil ? Self.tagColor : color)
                }
            }
            if more > 0 { add("and \(more) more here", size: 0.8 * font, indent: 0, bold: false, color: "#57606a") }
            let view = visible[group[0]]
            if view == nil, layout.clips {
                add("(beyond the screen)", size: 0.8 * font, indent: 0.6 * font, bold: false, color: "#57606a")
            }
            let (w, h) = (width, cursor + pad)
            var label = Label(
                items: group, box: Box(x0: 0, y0: 0, x1: w, y1: h), lines: lines, isCallout: false, leader: nil,
                tagged: tagged,
                color: !tagged.isEmpty && group.count == 1 ? Self.tagColor : Self.textColor(items[group[0]]))
            let avoidsHit = hit.map { !group.contains($0) } ?? false
            func free(_ b: Box) -> Bool {
                region.contains(b) && !obstacles.contains { $0.intersects(b) }
                    && !(avoidsHit && hitBox?.intersects(b) == true)
                    && !layout.labels.contains { $0.box.expanded(by: 0.1 * font).intersects(b) }
            }
            var placed: Box?
            if let v = view {
                let p = 0.15 * font
                var candidates: [(Double, Double)] = []
                let t = items[group[0]].toScreen
                if abs(t.b) > 1e-9 || abs(t.c) > 1e-9 {
                    // Rotated or skewed: the corners of its box on screen are outside it; its
                    // centre is inside.
                    candidates.append(((v.x0 + v.x1 - w) / 2, (v.y0 + v.y1 - h) / 2))
                } else if w + 2 * p <= v.width && h + 2 * p <= v.height {
                    candidates += [
                        (v.x0 + p, v.y0 + p), (v.x1 - p - w, v.y0 + p), (v.x0 + p, v.y1 - p - h),
                        (v.x1 - p - w, v.y1 - p - h),
                    ]
                }
                candidates += [
                    (v.x0, v.y0 - p - h), (v.x0, v.y1 + p), (v.x1 + p, v.y0), (v.x0 - p - w, v.y0),
                    (v.x1 - w, v.y0 - p - h),
                    (v.x1 - w, v.y1 + p), (v.x1 + p, v.y1 - h), (v.x0 - p - w, v.y1 - h),
                ]
                for (x, y) in candidates where placed == nil {
                    let b = Box(x0: x, y0: y, x1: x + w, y1: y + h)
                    if free(b) { placed = b }
                }
            }
            if let b = placed {
                label.box = b
                layout.labels.append(label)
            } else {
                let anchor = view.map { Point(x: $0.x1, y: ($0.y0 + $0.y1) / 2) }
                callouts.append((label, anchor, anchor.map { $0.y - h / 2 } ?? .infinity))
            }
        }
        for k in layout.labels.indices { layout.labels[k].moveLines() }
        layout.unlabelled = unlabelled
        return callouts
    }

    /// A label for the column beside the canvas: its view's anchor for the leader line, and the
    /// height it would like.
    private typealias Callout = (label: Label, anchor: Point?, wanted: Double)

    /// The column beside the canvas, under the legend's left edge: labels in the order of their
    /// views' heights, each as near its view's as the ones above allow, passing below the legend
    /// where they would meet it.
    private func placeCallouts(_ layout: inout Layout, _ callouts: [Callout], region: Box) {
        let font = layout.font
        let x = region.x1 + 1.8 * font
        let legend = layout.legend.box.expanded(by: 0.5 * font)
        var top = region.y0
        for callout in callouts.sorted(by: { $0.wanted < $1.wanted }) {
            var label = callout.label
            let (w, h) = (label.box.width, label.box.height)
            var y = max(top, callout.wanted.isFinite ? callout.wanted : top)
            if y < legend.y1 && legend.y0 < y + h { y = legend.y1 }
            label.box = Box(x0: x, y0: y, x1: x + w, y1: y + h)
            label.isCallout = true
            if let anchor = callout.anchor { label.leader = (anchor, Point(x: x, y: y + min(h / 2, 0.9 * font))) }
            label.moveLines()
            top = y + h + 0.3 * font
            layout.labels.append(label)
        }
    }

    private func placeLegend(_ layout: inout Layout, region: Box) {
        let font = layout.font
        let x = region.x1 + 1.8 * font
        let pad = 0.6 * font
        var lines: [TextLine] = []
        var swatches: [Swatch] = []
        var cursor = region.y0 + pad
        func add(_ text: String, bold: Bool = false, color: String = "#24292f", swatch: Swatch? = nil) {
            for (n, part) in Self.wrap(text, width: 56).enumerated() {
                // Continuation lines are indented.
                let indent = (swatch == nil ? 0 : 2.2 * font) + (n > 0 ? font : 0)
                let line = TextLine(
                    text: part, x: x + pad + indent, y: cursor + 0.9 * font, size: font, bold: bold, color: color)
                if n == 0, var s = swatch {
                    s.box = Box(
                        x0: x + pad, y0: cursor + 0.15 * font, x1: x + pad + 1.6 * font, y1: cursor + 1.05 * font)
                    swatches.append(s)
                }
                lines.append(line)
                cursor += 1.4 * font
            }
        }
        add("touch at \(touch.x.description), \(touch.y.description)", bold: true)
        add(
            "hit: " + (resultDescription ?? "nil (no window's hit-test returned a view)"), bold: true,
            color: Self.colors(.hit).stroke)
        if let redirect { add(redirect) }
        if let whyNotTarget {
            add(
                "the path to \(whyNotTarget)",
                swatch: Swatch(
                    box: Box(x0: 0, y0: 0, x1: 0, y1: 0), stroke: Self.whyNotPathColor, fill: "none", opacity: 0,
                    dashed: true))
            if items.contains(where: { $0.blockingReason != nil }) {
                add(
                    "tagged: why a view keeps the touch from it",
                    swatch: Swatch(
                        box: Box(x0: 0, y0: 0, x1: 0, y1: 0), stroke: Self.tagColor, fill: Self.tagFill, opacity: 1,
                        dashed: false))
            }
        }
        cursor += 0.4 * font
        let present = Set(items.map(\.outcome))
        for o in Outcome.allCases where present.contains(o) {
            let (stroke, fill, opacity) = Self.colors(o)
            add(
                o.label,
                swatch: Swatch(
                    box: Box(x0: 0, y0: 0, x1: 0, y1: 0), stroke: stroke, fill: fill, opacity: opacity,
                    dashed: o == .skipped || o == .passThrough))
        }
        cursor += 0.4 * font
        if items.contains(where: { Self.hasDeclaredHitArea($0) }) { add("dashed inside a view: its declared hit area") }
        if !layout.outlined.isEmpty {
            add("a band inside the edge: a large view, outlined so the views beneath it show")
        }
        if layout.clips {
            let c = layout.canvas
            add("black frame: the screen, \(Self.readable(c.width)) × \(Self.readable(c.height)) pt")
            if layout.beyond > 0 {
                let wholly = layout.whollyOutside > 0 ? " (\(layout.whollyOutside) wholly outside)" : ""
                add(
                    "grey bars outside its edge: \(layout.beyond) views extend beyond the screen there\(wholly), drawn clipped"
                )
            }
        }
        if omitted > 0 { add("\(omitted) views not drawn (not searched, off the path)") }
        if layout.unlabelled > 0 { add("\(layout.unlabelled) drawn views without a label (hover in --html)") }
        var box = Box(x0: x, y0: region.y0, x1: x, y1: cursor + pad)
        for line in lines { box = box.union(line.box.expanded(by: pad)) }
        layout.legend = Legend(box: box, lines: lines, swatches: swatches)
    }

    /// Whether a view declares a hit area other than its bounds, drawn dashed inside it.
    static func hasDeclaredHitArea(_ item: Item) -> Bool {
        let region = item.view.hitRegion
        return (region.shape != .rect || region.extents != item.view.bounds.extents)
            && (item.outcome != .notSearched || item.note != nil)
    }

    /// A number for reading: at most two decimals, no trailing zeros ("37.5", "210", "0.33").
    static func readable(_ v: Double) -> String {
        guard v.isFinite else { return v.isNaN ? "nan" : v < 0 ? "-inf" : "inf" }
        // As JavaScript's Math.round(v * 100) / 100, which the HTML page uses: halves go up.
        let r = (v * 100 + 0.5).rounded(.down) / 100
        if r == r.rounded() && abs(r) < 1e15 { return String(Int(r)) }
        return String(r)
    }
}
