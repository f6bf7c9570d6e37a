import Foundation
import HitIndex
import HitIndexFixtures
import HitIndexSceneFormat
import Testing

@testable import HitIndexCLI

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `hitindex explain --svg`: what each view is coloured as, worked out by hand from the trace of
/// the touch, and a drawing that is well-formed SVG with a title per view and a legend.
@Suite struct ExplainPictureTests {
    static func picture(_ path: String, _ x: Double, _ y: Double, maximumViews: Int = 400) throws -> ExplainPicture {
        ExplainPicture(
            scene: try SceneReader.read(contentsOfFile: path), touch: Point(x: x, y: y), maximumViews: maximumViews)
    }

    static func outcomes(_ p: ExplainPicture) -> [String: ExplainPicture.Outcome] {
        Dictionary(uniqueKeysWithValues: p.items.map { ($0.view.id, $0.outcome) })
    }

    // seed000 at 220,193 (cli.md's trace): TopView entered and inside; SubView4 entered, outside;
    // SubView3 entered, inside, the answer; SubView2 and SubView1 behind it never entered, nor
    // their subviews.
    @Test func seed000sTraceColoursEveryView() throws {
        let p = try Self.picture(CLITests.seed000, 220, 193)
        let o = Self.outcomes(p)
        #expect(o["TopView"] == .path)
        #expect(o["SubView4"] == .outside)
        #expect(o["SubView3"] == .hit)
        for id in ["SubView2", "SubView2Sub1", "SubView1", "SubView1Sub1", "SubView1Sub1Sub1"] {
            #expect(o[id] == .skipped, "\(id)")
        }
        #expect(p.result == "SubView3" && p.omitted == 0)
        // The touch in each entered view's bounds space, as trace prints it.
        #expect(p.items.first { $0.view.id == "SubView4" }?.localTouch == Point(x: 212, y: -185))
    }

    // At 20,200 the touch is between SubView1 (ends at y 167) and SubView2 (starts at 221):
    // every subview is entered and outside; TopView is the answer; the subviews' subviews are
    // under an ancestor that refused the touch.
    @Test func viewsUnderARefusingAncestorAreNotSearched() throws {
        let o = Self.outcomes(try Self.picture(CLITests.seed000, 20, 200))
        #expect(o["TopView"] == .hit)
        for id in ["SubView1", "SubView2", "SubView3", "SubView4"] { #expect(o[id] == .outside, "\(id)") }
        for id in ["SubView1Sub1", "SubView1Sub1Sub1", "SubView2Sub1"] { #expect(o[id] == .notSearched, "\(id)") }
    }

    // passthrough_redirect.json at 20,20: Overlay (front, pass-through) is entered and inside,
    // its Badge (10..30) takes the touch. At 50,50: Badge is outside, Overlay is pass-through
    // and returns nil, PassRedirect and Outer are outside, Pager outside, Target hidden and
    // entered (ineligible), Under is the answer.
    @Test func passThroughIneligibleAndOverlayOutcomes() throws {
        let scene = CLITests.scenarios.appendingPathComponent("passthrough_redirect.json").path
        let a = Self.outcomes(try Self.picture(scene, 20, 20))
        #expect(a["Badge"] == .hit && a["Overlay"] == .path && a["W"] == .path)
        let b = try Self.picture(scene, 50, 50)
        let o = Self.outcomes(b)
        #expect(o["Under"] == .hit)
        #expect(o["Overlay"] == .passThrough)
        #expect(o["Badge"] == .outside)
        #expect(o["Target"] == .ineligible)
        #expect(b.items.first { $0.view.id == "Target" }?.note == "hidden")
        #expect(o["Pager"] == .outside && o["Page"] == .notSearched)
    }

    @Test func theSVGIsWellFormedWithATitlePerViewAndALegend() throws {
        let p = try Self.picture(TestSupport.example("seed000-widened.json"), 220, 193)
        let svg = p.svg()
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        for item in p.items {
            #expect(
                svg.contains("<title>\(item.view.id) (\(item.view.className)): \(item.outcome.label)"),
                "\(item.view.id)")
        }
        // The legend names the outcomes drawn, and only those.
        let drawn = Set(p.items.map(\.outcome))
        for outcome in ExplainPicture.Outcome.allCases {
            #expect(svg.contains(">\(outcome.label)</text>") == drawn.contains(outcome), "\(outcome)")
        }
        #expect(svg.contains(">touch at 220.0, 193.0</text>") && svg.contains(">hit: SubView3</text>"))
        // The hit view is filled with the hit colour.
        #expect(svg.contains("fill=\"\(ExplainPicture.colors(.hit).fill)\""))
    }

    // A declared hit area (seed000-widened's insets) is drawn dashed inside the view; a rotated
    // view is drawn under its screen transform.
    @Test func declaredHitAreasAndTransformsAreDrawn() throws {
        // SubView2's hit area reaches 50 pt above its bounds.
        let widened = try Self.picture(TestSupport.example("seed000-widened.json"), 220, 193).svg()
        #expect(widened.contains("<rect x=\"0\" y=\"-50\" width=\"359\" height=\"200\" rx=\"0\" fill=\"none\""))
        let rotation = CLITests.scenarios.appendingPathComponent("rotation.json").path
        let p = try Self.picture(rotation, 100, 100)
        let r90 = try #require(p.items.first { $0.view.id == "R90" })
        // Bounds space to screen: (0, 0) is the corner at dx = 25, dy = -50 from the center.
        #expect(r90.toScreen.apply(to: Point(x: 0, y: 0)) == Point(x: 125, y: 50))
        #expect(p.svg().contains("matrix(0 1 -1 0 125 50)"))
    }

    // A large scene keeps only what matters and says how much it left out.
    @Test func aLargeSceneIsCutDownAndSaysSo() throws {
        let scene = SceneShape.grid.generate(count: 3_000, seed: 3)
        let p = ExplainPicture(scene: scene, touch: Point(x: 30, y: 30), maximumViews: 100)
        #expect(p.omitted > 2_000)
        #expect(p.items.count + p.omitted == scene.viewCount)
        #expect(p.items.contains { $0.outcome == .hit || $0.outcome == .path })
        #expect(p.svg().contains("\(p.omitted) views not drawn"))
    }

    @Test func theCommandWritesTheFileAndStillPrintsTheText() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let file = dir.appendingPathComponent("e.svg").path
        let r = TestSupport.run(["explain", CLITests.seed000, "220,193", "--svg", file])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out == TestSupport.run(["explain", CLITests.seed000, "220,193"]).out)
        #expect(try String(contentsOfFile: file, encoding: .utf8).hasPrefix("<svg "))
        CLITests.expectUsageError(
            ["explain", CLITests.seed000, "220,193", "--svg", "/nonexistent-dir/e.svg"],
            mentions: ["/nonexistent-dir/e.svg"])
    }

    /// The HTML page embeds every view once, with ids as safe JavaScript strings, and the SVG
    /// with a data-v index per drawn view; the browser script runs its search.
    @Test func theHTMLPageEmbedsTheSceneSafely() throws {
        let json = """
            {"windows": [{"id": "W", "frame": [0, 0, 100, 100], "subviews": [
              {"id": "a\\\"</script><b>", "frame": [10, 10, 20, 20]}
            ]}]}
            """
        let scene = try SceneReader.read(string: json)
        let p = ExplainPicture(scene: scene, touch: Point(x: 15, y: 15), maximumViews: 400)
        let html = p.html(scene: scene)
        #expect(!html.contains("</script><b>"))
        #expect(html.contains("a\\\"\\u003c/script>\\u003cb>"))
        #expect(html.components(separatedBy: "\n").filter { $0.hasPrefix("[") && $0.hasSuffix("],") }.count == 2)
        #expect(html.contains("const WINDOWS = [0];"))
        #expect(html.contains("g data-v=\"0\"") && html.contains("g data-v=\"1\""))
        let r = TestSupport.run(["explain", CLITests.seed000, "220,193", "--html", "/nonexistent-dir/e.html"])
        #expect(r.status == 2 && r.err.contains("/nonexistent-dir/e.html"))
    }

    // tabbar-widened.json at 240,785: TabBar (y 795..844) is searched and the touch is 10 pt
    // above it, so Compose, widened 24 pt upwards, is never reached although its own hit area
    // holds the touch; Content and Feed take it.
    @Test func aClippedWidenedButtonIsShownWithWhyItLost() throws {
        let p = try Self.picture(TestSupport.example("tabbar-widened.json"), 240, 785)
        let o = Self.outcomes(p)
        #expect(o["Feed"] == .hit && o["Content"] == .path && o["W"] == .path)
        #expect(o["TabBar"] == .outside)
        #expect(o["Compose"] == .notSearched && o["Home"] == .notSearched)
        let compose = try #require(p.items.first { $0.view.id == "Compose" })
        #expect(compose.note == "its own hit area holds the touch, but an ancestor refused it")
        #expect(p.items.first { $0.view.id == "Home" }?.note == nil)
        let svg = p.svg()
        #expect(svg.contains(">Compose (UIControl)</text>"))
        #expect(svg.contains(">holds the touch; an ancestor refused it</text>"))
        // Its widened hit area is outlined: 24 pt above its bounds.
        #expect(svg.contains("<rect x=\"0\" y=\"-24\" width=\"97.5\" height=\"73\""))
    }
}
