import Foundation
import HitIndex
import HitIndexImport
import HitIndexSceneFormat
import Testing

@testable import HitIndexCLI

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The picture's layout read back from the SVG it writes, so that these checks hold whatever code
/// draws it: the text of labels never overlaps, the legend holds its text, the canvas is the
/// screen, a large hit view is outlined rather than filled, and the touch's crosshair stays off
/// the labels. Text boxes are estimated conservatively (0.6 em per character, 1 em for wide
/// scripts, 0.8 em above the baseline and 0.25 em below); `Tests/Browser/explain-screenshots.py`
/// measures the same boxes with the browser's own font metrics.
@Suite struct ExplainPictureLayoutTests {
    /// One `<text>` element: its position, size and content, and whether it is in the legend.
    struct TextItem {
        var x: Double
        var y: Double
        var size: Double
        var anchor: String
        var text: String
        var inLegend: Bool

        /// The estimated box of the text.
        var box: Box {
            let width = ExplainPictureLayoutTests.estimatedWidth(text, size: size)
            let x0 = anchor == "end" ? x - width : anchor == "middle" ? x - width / 2 : x
            return Box(x0: x0, y0: y - 0.8 * size, x1: x0 + width, y1: y + 0.25 * size)
        }
    }

    struct Box: Equatable, CustomStringConvertible {
        var x0, y0, x1, y1: Double
        func intersects(_ o: Box) -> Bool { x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1 }
        func contains(_ o: Box) -> Bool { x0 <= o.x0 && o.x1 <= x1 && y0 <= o.y0 && o.y1 <= y1 }
        var description: String { "[\(x0), \(y0), \(x1), \(y1)]" }
    }

    /// A conservative width for `text` at `size`: 0.6 em per character, 1 em for wide scripts.
    static func estimatedWidth(_ text: String, size: Double) -> Double {
        text.unicodeScalars.reduce(0.0) { $0 + ($1.value >= 0x2E80 ? 1.0 : 0.6) } * size
    }

    /// What the tests read from an SVG: its texts, its view box, the crosshair, the rectangles
    /// drawn for each view (by the view's id, from its `<title>`), and any legend background.
    struct Parsed {
        var texts: [TextItem] = []
        var viewBox: Box?
        var crosshair: Box?
        /// The first rect of each view's group, by view id: its fill.
        var viewFill: [String: String] = [:]
        var legendBox: Box?
        var labels: [TextItem] { texts.filter { !$0.inLegend } }
        var legend: [TextItem] { texts.filter { $0.inLegend } }
    }

    final class Reader: NSObject, XMLParserDelegate {
        var parsed = Parsed()
        /// Open elements: name, attributes, and for a group the number of texts read before it.
        var stack: [(name: String, attributes: [String: String], firstText: Int)] = []
        var text = ""
        var pendingTitle: String?

        func inherited(_ key: String) -> String? {
            stack.reversed().lazy.compactMap { $0.attributes[key] }.first
        }

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            stack.append((name, attributes, parsed.texts.count))
            text = ""
            func d(_ k: String) -> Double { Double(attributes[k] ?? "") ?? 0 }
            switch name {
            case "svg":
                let v = (attributes["viewBox"] ?? "").split(separator: " ").compactMap { Double($0) }
                if v.count == 4 { parsed.viewBox = Box(x0: v[0], y0: v[1], x1: v[0] + v[2], y1: v[1] + v[3]) }
            case "circle" where inherited("stroke") == "#cf222e":
                let (cx, cy, r) = (d("cx"), d("cy"), d("r"))
                parsed.crosshair = Box(x0: cx - 2 * r, y0: cy - 2 * r, x1: cx + 2 * r, y1: cy + 2 * r)
            case "rect":
                if let title = pendingTitle {
                    parsed.viewFill[title] = attributes["fill"] ?? ""
                    pendingTitle = nil
                }
                if attributes["class"] == "legend-box" {
                    parsed.legendBox = Box(x0: d("x"), y0: d("y"), x1: d("x") + d("width"), y1: d("y") + d("height"))
                }
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(
            _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
        ) {
            let size = Double(inherited("font-size") ?? "") ?? 0
            let anchor = inherited("text-anchor") ?? "start"
            let (_, attributes, firstText) = stack.removeLast()
            switch name {
            case "title" where stack.last?.attributes["data-v"] != nil:
                // "<id> (<class>) …": the view's id.
                pendingTitle = String(text.prefix { $0 != " " })
            case "text":
                parsed.texts.append(
                    TextItem(
                        x: Double(attributes["x"] ?? "") ?? 0, y: Double(attributes["y"] ?? "") ?? 0, size: size,
                        anchor: anchor, text: text, inLegend: false))
            case "g":
                // The innermost group holding the "touch at" header is the legend.
                let inGroup = firstText..<parsed.texts.count
                if inGroup.contains(where: { parsed.texts[$0].text.hasPrefix("touch at") })
                    && !inGroup.contains(where: { parsed.texts[$0].inLegend })
                {
                    for k in inGroup { parsed.texts[k].inLegend = true }
                }
            default: break
            }
            text = ""
        }
    }

    static func parse(_ svg: String) throws -> Parsed {
        let parser = XMLParser(data: Data(svg.utf8))
        let reader = Reader()
        parser.delegate = reader
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        return reader.parsed
    }

    static func dump(_ name: String) throws -> Scene {
        let url = TestSupport.realData("ios-recursivedescription").appendingPathComponent(name)
        return try Importer.parse(try String(contentsOf: url, encoding: .utf8), format: .recursiveDescription).scene
    }

    static let sentry = "sentry-mockViewHierarchyData.extracted.txt"
    static let crifan = "crifan-cycript-output_example.extracted.txt"

    /// The scenes and touches the layout is checked on: real dumps and the repository's examples.
    static let cases: [(name: String, x: Double, y: Double)] = [
        ("dump:" + sentry, 30, 118), ("dump:" + sentry, 187, 400), ("dump:" + crifan, 187, 300),
        ("dump:hitindex-photo-grid.txt", 160, 300), ("seed000.json", 220, 193), ("seed000.json", 160, 105),
        ("seed003.json", 210, 170), ("tabbar-widened.json", 240, 785),
    ]

    static func scene(_ name: String) throws -> Scene {
        name.hasPrefix("dump:")
            ? try dump(String(name.dropFirst(5))) : try SceneReader.read(contentsOfFile: TestSupport.example(name))
    }

    static func svg(_ name: String, _ x: Double, _ y: Double) throws -> String {
        ExplainPicture(scene: try scene(name), touch: Point(x: x, y: y), maximumViews: 400).svg()
    }

    // No two label texts overlap, nor a label and the legend's text, nor a label and the touch's
    // crosshair (which must leave the hit view's label readable).
    @Test(arguments: cases.indices) func labelsDoNotOverlap(_ k: Int) throws {
        let (name, x, y) = Self.cases[k]
        let parsed = try Self.parse(try Self.svg(name, x, y))
        let labels = parsed.labels
        #expect(!labels.isEmpty)
        var overlaps: [String] = []
        for i in labels.indices {
            for j in labels.indices where j > i && labels[i].box.intersects(labels[j].box) {
                overlaps.append("'\(labels[i].text)' \(labels[i].box) and '\(labels[j].text)' \(labels[j].box)")
            }
            for l in parsed.legend where labels[i].box.intersects(l.box) {
                overlaps.append("'\(labels[i].text)' and the legend's '\(l.text)'")
            }
            if let c = parsed.crosshair, labels[i].box.intersects(c) {
                overlaps.append("'\(labels[i].text)' \(labels[i].box) under the crosshair \(c)")
            }
        }
        #expect(overlaps.isEmpty, "\(name) at \(x),\(y): \(overlaps.count) overlaps: \(overlaps.prefix(5))")
    }

    // The legend's text lies inside the picture and inside the legend's own box, however long
    // the title (the answer's id) is.
    @Test(arguments: cases.indices) func theLegendHoldsItsText(_ k: Int) throws {
        let (name, x, y) = Self.cases[k]
        let parsed = try Self.parse(try Self.svg(name, x, y))
        let viewBox = try #require(parsed.viewBox)
        #expect(parsed.legend.count >= 3)
        for t in parsed.legend {
            #expect(viewBox.contains(t.box), "\(name): '\(t.text)' \(t.box) outside the picture \(viewBox)")
            let legendBox = try #require(parsed.legendBox, "\(name): no legend box")
            #expect(legendBox.contains(t.box), "\(name): '\(t.text)' \(t.box) outside the legend's box \(legendBox)")
        }
    }

    // A very long answer id, as imported dumps and generated scenes have.
    @Test func aLongTitleFitsTheLegend() throws {
        let id = "UIViewControllerWrapperView@0x7f893fe32830-with-a-much-longer-suffix-than-usual"
        let scene = try TestSupport.scene(
            """
            {"windows": [{"id": "W", "frame": [0, 0, 200, 100], "subviews": [
              {"id": "\(id)", "frame": [10, 10, 100, 50]}]}]}
            """)
        let parsed = try Self.parse(ExplainPicture(scene: scene, touch: Point(x: 20, y: 20), maximumViews: 400).svg())
        let viewBox = try #require(parsed.viewBox)
        let legendBox = try #require(parsed.legendBox)
        #expect(parsed.legend.contains { $0.text.contains(id) })
        for t in parsed.legend {
            #expect(viewBox.contains(t.box) && legendBox.contains(t.box), "'\(t.text)' \(t.box) in \(legendBox)")
        }
    }

    // Sentry's dump: the old screen is mid-transition at x -112, and a hidden toolbar sits below
    // the 375×667 screen; crifan's has a 1125×2001 dimming view around it. The picture is the
    // screen, with a margin, not everything that extends beyond it.
    @Test(arguments: [sentry, crifan]) func theCanvasIsTheScreen(_ dump: String) throws {
        let scene = try Self.dump(dump)
        let picture = ExplainPicture(scene: scene, touch: Point(x: 187, y: 300), maximumViews: 400)
        let parsed = try Self.parse(picture.svg())
        let viewBox = try #require(parsed.viewBox)
        // The margin is at most a tenth of the screen's longer side.
        #expect(viewBox.x0 >= -66.7 && viewBox.y0 >= -66.7, "\(viewBox)")
        #expect(viewBox.y1 <= 667 + 66.7, "\(viewBox)")
    }

    // The hit view in Sentry's dump covers the screen: drawn filled, it would hide the buttons
    // beneath, so it is outlined; a small hit view (seed000's SubView3) is filled.
    @Test func aLargeHitViewIsOutlinedAndASmallOneFilled() throws {
        let large = try Self.parse(try Self.svg("dump:" + Self.sentry, 30, 118))
        #expect(large.viewFill["UIView@0x7f893fc47fd0"] == "none")
        let small = try Self.parse(try Self.svg("seed000.json", 220, 193))
        #expect(small.viewFill["SubView3"] == ExplainPicture.colors(.hit).fill)
    }

    // The words on a view (the dump's text = 'Message') are shown next to its class: in its
    // label, in its tooltip, and in the HTML page's hover text.
    @Test func aViewsLabelIsShownNextToItsClass() throws {
        let scene = try Self.dump(Self.sentry)
        let message = try #require(
            {
                var found: View?
                scene.forEachView { v, _ in if v.id == "UIButton@0x7f893fe31170" { found = v } }
                return found
            }())
        // The importer keeps the button's title (its tests check that); set here all the same.
        message.label = "Message"
        let picture = ExplainPicture(scene: scene, touch: Point(x: 30, y: 118), maximumViews: 400)
        let svg = picture.svg()
        let parsed = try Self.parse(svg)
        #expect(parsed.labels.contains { $0.text.hasPrefix("UIButton@0x7f893fe31170 \"Message\"") })
        #expect(svg.contains("<title>UIButton@0x7f893fe31170 (UIButton) &quot;Message&quot;"))
        #expect(picture.html(scene: scene).contains("UIButton@0x7f893fe31170 (UIButton) \\\"Message\\\""))
    }

    // The HTML page's hover text rounds coordinates for reading (at most two decimals).
    @Test func theHTMLPageRoundsCoordinates() throws {
        let scene = try TestSupport.scene(
            """
            {"windows": [{"id": "W", "frame": [0, 0, 100, 100], "subviews": [
              {"id": "Third", "frame": [33.333333333333336, 10.123456789, 20, 20]}]}]}
            """)
        let html = ExplainPicture(scene: scene, touch: Point(x: 40.0000001, y: 15), maximumViews: 400).html(
            scene: scene)
        let info = try #require(
            html.components(separatedBy: "const INFO = {").last?.components(separatedBy: "};").first)
        #expect(!info.contains("33.3333") && !info.contains("10.1234") && !info.contains("6.6666"), "\(info)")
        #expect(info.contains("center [43.33, 20.12]"), "\(info)")
    }

    // MARK: - The layout itself

    static func view(_ id: String, in scene: Scene) throws -> View {
        var found: View?
        scene.forEachView { v, _ in if v.id == id { found = v } }
        return try #require(found, "no view \(id)")
    }

    // The canvas is the screen (the window's frame); what extends beyond it is counted and
    // marked at the edges it crosses: Sentry's old screen, 112 pt off to the left, and its hidden
    // toolbar wholly below the screen. `.all` draws every view whole instead.
    @Test func theCanvasIsTheScreenAndViewsBeyondItAreMarked() throws {
        let scene = try Self.dump(Self.sentry)
        let layout = ExplainPicture(scene: scene, touch: Point(x: 30, y: 118), maximumViews: 400).layout()
        #expect(layout.canvas == ExplainPicture.Box(x0: 0, y0: 0, x1: 375, y1: 667))
        #expect(layout.clips)
        #expect(layout.beyond >= 3 && layout.whollyOutside >= 1, "\(layout.beyond) \(layout.whollyOutside)")
        #expect(layout.markers.contains { $0.side == .left } && layout.markers.contains { $0.side == .bottom })
        #expect(!layout.markers.contains { $0.side == .top })
        let svg = ExplainPicture(scene: scene, touch: Point(x: 30, y: 118), maximumViews: 400).svg()
        #expect(svg.contains("<clipPath id=\"hitindex-screen\"><rect x=\"0\" y=\"0\" width=\"375\" height=\"667\"/>"))
        #expect(svg.contains("views extend beyond the screen"))
        let crifan = try Self.dump(Self.crifan)
        let all = ExplainPicture(scene: crifan, touch: Point(x: 187, y: 300), maximumViews: 400, canvas: .all).layout()
        #expect(all.canvas.contains(ExplainPicture.Box(x0: -375, y0: -667, x1: 750, y1: 1334)) && !all.clips)
        #expect(all.beyond == 0 && all.markers.isEmpty)
        let screen = ExplainPicture(scene: crifan, touch: Point(x: 187, y: 300), maximumViews: 400).layout()
        #expect(screen.canvas == ExplainPicture.Box(x0: 0, y0: 0, x1: 375, y1: 667))
    }

    // A touch outside every window stays in the picture: the canvas grows to hold it.
    @Test func aTouchOffTheScreenIsInThePicture() throws {
        let scene = try Self.dump(Self.sentry)
        let layout = ExplainPicture(scene: scene, touch: Point(x: 500, y: -40), maximumViews: 400).layout()
        #expect(layout.canvas == ExplainPicture.Box(x0: 0, y0: -40, x1: 500, y1: 667))
    }

    // The layout's own boxes: labels never intersect each other, the crosshair or the edge
    // markers; each line lies in its label's box; the legend's box holds its lines; labels in the
    // column have a leader to their view.
    @Test(arguments: cases.indices) func labelBoxesAreDisjointAndHoldTheirText(_ k: Int) throws {
        let (name, x, y) = Self.cases[k]
        let picture = ExplainPicture(scene: try Self.scene(name), touch: Point(x: x, y: y), maximumViews: 400)
        let layout = picture.layout()
        let labels = layout.labels
        for i in labels.indices {
            for j in labels.indices where j > i {
                #expect(
                    !labels[i].box.intersects(labels[j].box),
                    "\(name): \(labels[i].lines[0].text) and \(labels[j].lines[0].text)")
            }
            for line in labels[i].lines { #expect(labels[i].box.contains(line.box), "\(name): '\(line.text)'") }
            if let c = layout.crosshair { #expect(!labels[i].box.intersects(c), "\(name): \(labels[i].lines[0].text)") }
            for m in layout.markers { #expect(!labels[i].box.intersects(layout.box(of: m))) }
            if !labels[i].isCallout { #expect(labels[i].leader == nil) }
            #expect(!labels[i].box.intersects(layout.legend.box))
        }
        for line in layout.legend.lines { #expect(layout.legend.box.contains(line.box), "\(name): '\(line.text)'") }
        #expect(layout.viewBox.contains(layout.legend.box))
        // The answer is labelled, beside its view.
        if let hit = picture.items.firstIndex(where: { $0.outcome == .hit }) {
            #expect(labels.contains { $0.items.contains(hit) }, "\(name): the hit view has no label")
        }
    }

    // Views with the same rectangle on screen share one label, one line each: Sentry's window,
    // its containers and the full-screen view hit all fill the screen.
    @Test func viewsSharingARectangleShareALabel() throws {
        let picture = ExplainPicture(scene: try Self.dump(Self.sentry), touch: Point(x: 30, y: 118), maximumViews: 400)
        let layout = picture.layout()
        let hit = try #require(picture.items.firstIndex { $0.outcome == .hit })
        let label = try #require(layout.labels.first { $0.items.contains(hit) })
        let ids = Set(label.items.map { picture.items[$0].view.id })
        #expect(
            ids.isSuperset(of: [
                "UIWindow@0x7f893fc0ebd0", "UILayoutContainerView@0x7f893fe280a0", "UIView@0x7f893fc47fd0",
            ]))
        // Every labelled view is in exactly one label.
        let all = layout.labels.flatMap(\.items)
        #expect(all.count == Set(all).count)
    }

    // A why-not question: the path from the window down to Sentry's "Message" button outlined in
    // its own colour, the button named as the question, and the two views keeping the touch from
    // it tagged with their reasons, all kept when the scene is cut down.
    @Test func aWhyNotPathAndItsBlockingViewsAreDrawn() throws {
        let scene = try Self.dump(Self.sentry)
        let message = try Self.view("UIButton@0x7f893fe31170", in: scene)
        var path: [View] = []
        var v: View? = message
        while let u = v {
            path.insert(u, at: 0)
            v = u.superview
        }
        let disabled = try Self.view("UIView@0x7f893fe59060", in: scene)
        let front = try Self.view("UIView@0x7f893fe58e80", in: scene)
        let whyNot = ExplainPicture.WhyNot(
            path: path, blocking: [(front, "in front: takes the touch"), (disabled, "userInteractionEnabled = NO")])
        for maximumViews in [400, 5] {
            let picture = ExplainPicture(
                scene: scene, touch: Point(x: 30, y: 118), maximumViews: maximumViews, whyNot: whyNot)
            #expect(picture.whyNotTarget == "UIButton@0x7f893fe31170")
            #expect(picture.items.filter(\.onWhyNotPath).count == path.count)
            let svg = picture.svg()
            // To look at it: HITINDEX_PICTURE_DIR=/tmp swift test --filter aWhyNotPath
            if let dir = ProcessInfo.processInfo.environment["HITINDEX_PICTURE_DIR"] {
                try svg.write(toFile: dir + "/why-not-\(maximumViews).svg", atomically: true, encoding: .utf8)
            }
            #expect(svg.components(separatedBy: "class=\"why-not-path\"").count - 1 == path.count)
            #expect(svg.contains(">why not: UIButton@0x7f893fe31170"))
            #expect(svg.contains(">in front: takes the touch</text>"))
            #expect(svg.contains(">userInteractionEnabled = NO</text>"))
            #expect(svg.contains(">the path to UIButton@0x7f893fe31170</text>"))
            let layout = picture.layout()
            let tags = layout.labels.filter(\.isTag)
            #expect(tags.count == 2 || (tags.count == 1 && tags[0].items.count == 2))
            for i in layout.labels.indices {
                for j in layout.labels.indices where j > i {
                    #expect(!layout.labels[i].box.intersects(layout.labels[j].box))
                }
            }
        }
    }

    // A full-screen hit view is drawn as an outline with a band of the hit colour inside its edge.
    @Test func aLargeHitViewHasABandInsideItsEdge() throws {
        let picture = ExplainPicture(scene: try Self.dump(Self.sentry), touch: Point(x: 30, y: 118), maximumViews: 400)
        let layout = picture.layout()
        let hit = try #require(picture.items.firstIndex { $0.outcome == .hit })
        #expect(layout.outlined.contains(hit))
        #expect(picture.svg().contains("<rect class=\"band\""))
        let small = ExplainPicture(
            scene: try Self.scene("seed000.json"), touch: Point(x: 220, y: 193), maximumViews: 400)
        #expect(small.layout().outlined.isEmpty)
    }
}
