import Foundation
import HitIndex
import HitIndexImport
import HitIndexReference
import Testing

/// Shared by the Android import tests: where the dumps are, and the two-engine check.
enum AndroidImportTesting {
    /// The dumps' folder (`Tests/Data`).
    static let realData: URL = TestSupport.realDataRoot

    /// The files of one real-data folder with the given extension, sorted by name.
    static func files(_ folder: String, ext: String) -> [String] {
        let dir = realData.appendingPathComponent(folder).path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        return names.filter { $0.hasSuffix("." + ext) }.sorted()
    }

    /// The text of a real-data file.
    static func text(_ folder: String, _ name: String) throws -> String {
        let url = realData.appendingPathComponent(folder).appendingPathComponent(name)
        return String(decoding: try Data(contentsOf: url), as: UTF8.self)
    }

    /// Imports RICO JSON through the public entry point, as the CLI does.
    static func rico(_ text: String) throws(ImportError) -> ImportedScene {
        try Importer.parse(text, format: .rico)
    }

    /// Imports uiautomator XML through the public entry point, as the CLI does.
    static func uiautomator(_ text: String) throws(ImportError) -> ImportedScene {
        try Importer.parse(text, format: .uiautomator)
    }

    /// The first view in preorder that matches, for finding a view by what the dump says about it.
    static func find(_ scene: Scene, _ matches: (View) -> Bool) -> View? {
        var found: View?
        scene.forEachView { view, _ in if found == nil, matches(view) { found = view } }
        return found
    }

    /// A view's rect on screen (every imported transform is the identity), standardized.
    static func screenExtents(_ view: View) -> Extents {
        let b = view.bounds
        let a = view.convertToScreen(b.origin)
        return Extents(Rect(origin: a, size: b.size))
    }

    /// Whether `view` is `ancestor` or inside its subtree.
    static func isInSubtree(_ view: View?, of ancestor: View) -> Bool {
        var v = view
        while let current = v {
            if current === ancestor { return true }
            v = current.superview
        }
        return false
    }

    /// Checks that the index and the recursive reference agree on a grid over every window and on
    /// points on, just inside and just outside every view's edges; returns how many points.
    @discardableResult
    static func expectEnginesAgree(_ scene: Scene, grid: Int = 24, sourceLocation: SourceLocation = #_sourceLocation)
        throws -> Int
    {
        let index = try HitTestIndex(scene)
        let reference = ReferenceHitTester()
        var points: [Point] = []
        for window in scene.windows {
            let e = screenExtents(window)
            for i in 0...grid {
                for j in 0...grid {
                    let x = e.minX + (e.maxX - e.minX) * Double(i) / Double(grid)
                    let y = e.minY + (e.maxY - e.minY) * Double(j) / Double(grid)
                    points.append(Point(x: x, y: y))
                    points.append(Point(x: x + 0.5, y: y + 0.5))
                }
            }
        }
        scene.forEachView { view, _ in
            let e = screenExtents(view)
            // Edges are integers in these dumps: the half-open rule decides exactly there.
            points += [
                Point(x: e.minX, y: e.minY), Point(x: e.maxX, y: e.maxY), Point(x: e.maxX - 0.5, y: e.maxY - 0.5),
                Point(x: e.minX - 0.5, y: e.minY), Point(x: e.maxX, y: e.minY), Point(x: e.minX, y: e.maxY),
                Point(x: (e.minX + e.maxX) / 2, y: (e.minY + e.maxY) / 2),
            ]
        }
        var disagreements = 0
        for p in points {
            let fast = index.hitTestID(p)
            let slow = reference.hitTest(scene, at: p)?.id
            if fast != slow {
                disagreements += 1
                if disagreements <= 3 {
                    Issue.record(
                        "at \(p): index \(fast ?? "nil"), reference \(slow ?? "nil")", sourceLocation: sourceLocation)
                }
            }
        }
        #expect(disagreements == 0, sourceLocation: sourceLocation)
        return points.count
    }

    /// Expects `body` to throw an ``ImportError`` at `line` whose message contains `fragment`.
    static func expectError(
        line: Int, _ fragment: String = "", sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () throws(ImportError) -> ImportedScene
    ) {
        do {
            _ = try body()
            Issue.record(
                "expected an error at line \(line), but the input was accepted", sourceLocation: sourceLocation)
        } catch {
            #expect(error.line == line, "\(error)", sourceLocation: sourceLocation)
            #expect(error.message.contains(fragment), "\(error)", sourceLocation: sourceLocation)
        }
    }
}

/// The RICO importer against the eight RICO-format screens of Tests/Data/rico-hitindex (written by
/// the project; `screens.py` there derives each node's recorded bounds from its layout), crafted
/// files and malformed input.
@Suite("Import: RICO")
struct RicoImportTests {
    static let folder = "rico-hitindex"
    static let files = AndroidImportTesting.files(folder, ext: "json")

    /// The `bounds` of every node of a RICO file in document order, read with Foundation's JSON
    /// reader, independently of the importer.
    static func recordedBounds(_ text: String) throws -> [Extents] {
        let top = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        let activity = top?["activity"] as? [String: Any]
        var pending: [[String: Any]] = [(activity?["root"] as? [String: Any]) ?? [:]]
        var result: [Extents] = []
        while let node = pending.popLast() {
            let b = (node["bounds"] as? [Double]) ?? []
            result.append(
                b.count == 4 ? Extents(Rect(x: b[0], y: b[1], width: b[2] - b[0], height: b[3] - b[1])) : Extents(.zero)
            )
            pending += ((node["children"] as? [[String: Any]]) ?? []).reversed()
        }
        return result
    }

    /// Counts the nodes of a RICO file independently of the importer.
    static func nodeCount(_ text: String) throws -> Int { try recordedBounds(text).count }

    static func screen(_ name: String) throws -> ImportedScene {
        try AndroidImportTesting.rico(try AndroidImportTesting.text(Self.folder, name))
    }

    @Test("all eight screens are present")
    func samplesPresent() {
        #expect(
            Self.files == [
                "article.json", "drawer.json", "feed.json", "login.json", "map.json", "pager.json", "player.json",
                "settings.json",
            ])
    }

    @Test(
        "each screen imports one view per node, validates and hit-tests the same through both engines",
        arguments: files)
    func sample(_ name: String) throws {
        let text = try AndroidImportTesting.text(Self.folder, name)
        let imported = try AndroidImportTesting.rico(text)
        let scene = imported.scene
        #expect(scene.windows.count == 1)
        #expect(scene.viewCount == (try Self.nodeCount(text)))
        try scene.validate()
        var ids = Set<String>()
        scene.forEachView { view, _ in ids.insert(view.id) }
        #expect(ids.count == scene.viewCount)
        // Every view's rect on screen is exactly its recorded bounds (document order = preorder).
        let recorded = try Self.recordedBounds(text)
        var onScreen: [Extents] = []
        scene.forEachView { view, _ in onScreen.append(AndroidImportTesting.screenExtents(view)) }
        #expect(onScreen == recorded)
        try AndroidImportTesting.expectEnginesAgree(scene)
    }

    @Test("the screens hold 462 nodes in all (screens.py prints the count of each)")
    func totalCount() throws {
        var imported = 0
        var counted = 0
        for name in Self.files {
            let text = try AndroidImportTesting.text(Self.folder, name)
            imported += try AndroidImportTesting.rico(text).scene.viewCount
            counted += try Self.nodeCount(text)
        }
        #expect(counted == 462)
        #expect(imported == 462)
    }

    @Test("the screens give exactly the two warnings they were written to give")
    func designedWarnings() throws {
        var warnings: [String: [String]] = [:]
        for name in Self.files { warnings[name] = try Self.screen(name).warnings }
        // settings.json: the SwitchCompat (node 48) that says visible-to-user false; map.json: the
        // chip strip (node 15), whose fourth chip is translated 40 px during an animation.
        #expect(warnings.values.reduce(0) { $0 + $1.count } == 2, "\(warnings)")
        #expect(warnings["settings.json"]?.count == 1)
        #expect(warnings["settings.json"]?.first?.hasPrefix("SwitchCompat#48:") == true)
        #expect(warnings["map.json"]?.count == 1)
        #expect(warnings["map.json"]?.first?.hasPrefix("LinearLayout#15:") == true)
    }

    @Test("a ViewPager's scroll offset is recovered from rel-bounds (pager.json)")
    func viewPagerScroll() throws {
        let scene = try Self.screen("pager.json").scene
        // pager.json line 25: the ViewPager, bounds [0, 420, 1440, 2392] under the
        // CoordinatorLayout at [0, 84, 1440, 2392]. Its three pages have rel-bounds x 0…1440,
        // 1440…2880 and 2880…4320; the middle page's bounds are [0, 420, 1440, 2392], so the pager
        // is scrolled to x = 1440 (its second page of 1440 px); the others are clipped to empty at
        // the screen's edges, [0, 420, 0, 2392] and [1440, 420, 1440, 2392].
        let pager = try #require(
            AndroidImportTesting.find(scene) { $0.className == "android.support.v4.view.ViewPager" })
        #expect(pager.bounds.origin == Point(x: 1440, y: 0))
        #expect(pager.frame == Rect(x: 0, y: 336, width: 1440, height: 1972))
        #expect(pager.subviews.count == 3)
        let frames = pager.subviews.map(\.frame)
        // In the pager's content space each page sits at its recorded bounds (clipped pages: empty).
        #expect(frames[0] == Rect(x: 1440, y: 0, width: 0, height: 1972))
        #expect(frames[1] == Rect(x: 1440, y: 0, width: 1440, height: 1972))
        #expect(frames[2] == Rect(x: 2880, y: 0, width: 0, height: 1972))
        // And on screen the visible page is where the dump says.
        let visible = AndroidImportTesting.screenExtents(pager.subviews[1])
        #expect(visible == Extents(minX: 0, minY: 420, maxX: 1440, maxY: 2392))
    }

    @Test("scrolled lists and a clipped container get their offsets (settings, feed, article, map)")
    func scrollOffsets() throws {
        // settings.json: the ListView at [0, 280, 1440, 2392] scrolled down by 140 (row 1, rel top
        // 252, is recorded at 392 = 280 + 252 - 140).
        let list = try #require(
            AndroidImportTesting.find(try Self.screen("settings.json").scene) {
                $0.className == "android.widget.ListView"
            })
        #expect(list.bounds.origin == Point(x: 0, y: 140))
        // feed.json: the RecyclerView at [0, 280, 1440, 2224] scrolled by 900 (post 2, rel top 952,
        // recorded at 332).
        let feed = try #require(
            AndroidImportTesting.find(try Self.screen("feed.json").scene) {
                $0.className == "android.support.v7.widget.RecyclerView"
            })
        #expect(feed.bounds.origin == Point(x: 0, y: 900))
        // article.json: the WebView scrolled by 1200 holds one 5600 px document view, cut at both
        // ends, so the WebView's own offset stays 0; the document's recorded top is 280 where its
        // layout top is on screen at 280 - 1200, so its offset, from its uncut paragraphs, is 1200.
        let article = try Self.screen("article.json").scene
        let web = try #require(AndroidImportTesting.find(article) { $0.className == "android.webkit.WebView" })
        #expect(web.bounds.origin == Point(x: 0, y: 0))
        #expect(web.subviews.count == 1 && web.subviews[0].bounds.origin == Point(x: 0, y: 1200))
        // map.json: the chips' LinearLayout (node 15, 2380 px wide) in a HorizontalScrollView
        // scrolled by 280: the uncut chips say 280, the translated fourth chip says 240.
        let chips = try #require(try Self.screen("map.json").scene.view(withID: "LinearLayout#15"))
        #expect(chips.bounds.origin == Point(x: 280, y: 0))
        #expect(chips.subviews.count == 7)
    }

    @Test("visible views under a gone parent are never the hit (player.json)")
    func goneParent() throws {
        let scene = try Self.screen("player.json").scene
        // player.json: the queue panel, a gone LinearLayout [0, 299, 1440, 2388] drawn last in the
        // RelativeLayout, holds a visible header with a visible SearchView$SearchAutoComplete
        // [56, 313, 1384, 471] and a visible ListView [0, 499, 1440, 2388] of rows.
        let gone = try #require(
            AndroidImportTesting.find(scene) { v in
                v.className == "android.widget.LinearLayout" && v.isHidden
                    && AndroidImportTesting.screenExtents(v) == Extents(minX: 0, minY: 299, maxX: 1440, maxY: 2388)
            })
        let search = try #require(AndroidImportTesting.find(scene) { $0.className.hasSuffix("SearchAutoComplete") })
        #expect(!search.isHidden)
        #expect(AndroidImportTesting.isInSubtree(search, of: gone))
        let queue = try #require(AndroidImportTesting.find(scene) { $0.className == "android.widget.ListView" })
        #expect(!queue.isHidden && AndroidImportTesting.isInSubtree(queue, of: gone))
        let index = try HitTestIndex(scene)
        let reference = ReferenceHitTester()
        for x in stride(from: 0.0, to: 1440, by: 37) {
            for y in stride(from: 299.0, to: 2388, by: 41) {
                let p = Point(x: x, y: y)
                let hit = reference.hitTest(scene, at: p)
                #expect(!AndroidImportTesting.isInSubtree(hit, of: gone), "\(p) hit \(hit?.id ?? "nil")")
                #expect(index.hitTestID(p) == hit?.id)
            }
        }
        // Not vacuous: with the parent visible, the same subtree does take touches.
        gone.isHidden = false
        let inside = Point(x: 700, y: 400)
        #expect(ReferenceHitTester().hitTest(scene, at: inside)?.id == search.id)
    }

    @Test("a disabled view is not a target (map.json)")
    func disabled() throws {
        let scene = try Self.screen("map.json").scene
        // map.json: the zoom controls, LinearLayout node 24 [1258, 2059, 1405, 2339], hold "Zoom
        // in" (node 25, [1258, 2059, 1405, 2197]) and "Zoom out" (node 26, [1258, 2197, 1405, 2339]),
        // which has enabled false (the map is at its smallest zoom).
        func imageView(_ e: Extents) -> View? {
            AndroidImportTesting.find(scene) {
                $0.className == "android.widget.ImageView" && AndroidImportTesting.screenExtents($0) == e
            }
        }
        let zoomOut = try #require(imageView(Extents(minX: 1258, minY: 2197, maxX: 1405, maxY: 2339)))
        let zoomIn = try #require(imageView(Extents(minX: 1258, minY: 2059, maxX: 1405, maxY: 2197)))
        #expect(!zoomOut.isUserInteractionEnabled)
        #expect(zoomIn.isUserInteractionEnabled)
        let index = try HitTestIndex(scene)
        #expect(index.hitTestID(Point(x: 1331, y: 2128)) == zoomIn.id)
        #expect(index.hitTestID(Point(x: 1331, y: 2268)) == "LinearLayout#24")
    }

    @Test("a view not visible to the user but visible with area stays hittable, with a warning (settings.json)")
    func notVisibleToUser() throws {
        let imported = try Self.screen("settings.json")
        // settings.json: row 5's SwitchCompat [1228, 1442, 1412, 1610], "visibility": "visible"
        // under visible ancestors, says "visible-to-user": false.
        let switchView = try #require(
            AndroidImportTesting.find(imported.scene) {
                $0.className == "android.support.v7.widget.SwitchCompat"
                    && AndroidImportTesting.screenExtents($0)
                        == Extents(minX: 1228, minY: 1442, maxX: 1412, maxY: 1610)
            })
        #expect(switchView.id == "SwitchCompat#48")
        #expect(!switchView.isHidden)
        #expect(imported.warnings.filter { $0.hasPrefix(switchView.id + ":") }.count == 1)
        #expect(try HitTestIndex(imported.scene).hitTestID(Point(x: 1320, y: 1526)) == switchView.id)
    }

    @Test("a hand-made file: frames, scroll offset, visibility, enabled, ids")
    func crafted() throws {
        // A 100×200 window; a scroll container at (10, 20) scrolled down by 30 whose first child
        // is recorded unclipped, whose second is clipped at the container's top, and a gone
        // panel with a visible, enabled button that must never be hit.
        let text = """
            {"activity": {"root": {"class": "com.android.internal.policy.PhoneWindow$DecorView",
              "bounds": [0, 0, 100, 200], "rel-bounds": [0, 0, 100, 200], "children": [
                {"class": "android.widget.ScrollView", "bounds": [10, 20, 90, 120], "rel-bounds": [10, 20, 90, 120],
                 "children": [
                   {"class": "android.widget.TextView", "bounds": [10, 30, 90, 60], "rel-bounds": [0, 40, 80, 70]},
                   {"class": "android.widget.TextView", "bounds": [10, 20, 90, 30], "rel-bounds": [0, 0, 80, 40]}
                 ]},
                {"class": "android.widget.FrameLayout", "bounds": [0, 150, 100, 200], "rel-bounds": [0, 150, 100, 200],
                 "visibility": "gone", "children": [
                   {"class": "android.widget.Button", "bounds": [0, 150, 100, 200], "rel-bounds": [0, 0, 100, 50],
                    "visibility": "visible", "enabled": true}
                 ]},
                {"class": "android.widget.Button", "bounds": [0, 130, 50, 150], "rel-bounds": [0, 130, 50, 150],
                 "enabled": false, "visibility": "visible"}
              ]}}}
            """
        let imported = try AndroidImportTesting.rico(text)
        #expect(imported.warnings.isEmpty)
        let scene = imported.scene
        let ids = scene.windows.flatMap { w in [w.id] + w.subviews.map(\.id) }
        #expect(ids == ["PhoneWindow$DecorView#1", "ScrollView#2", "FrameLayout#5", "Button#7"])
        let scroll = try #require(scene.view(withID: "ScrollView#2"))
        // First child: rel top 40, recorded top 30 = 10 below the container's 20, so offset 30.
        #expect(scroll.bounds.origin == Point(x: 0, y: 30))
        #expect(scroll.frame == Rect(x: 10, y: 20, width: 80, height: 100))
        #expect(scene.view(withID: "TextView#3")?.frame == Rect(x: 0, y: 40, width: 80, height: 30))
        // The second child is cut at the container's top edge: frame = its visible part.
        #expect(scene.view(withID: "TextView#4")?.frame == Rect(x: 0, y: 30, width: 80, height: 10))
        #expect(scene.view(withID: "FrameLayout#5")?.isHidden == true)
        #expect(scene.view(withID: "Button#6")?.isHidden == false)
        #expect(scene.view(withID: "Button#7")?.isUserInteractionEnabled == false)
        let index = try HitTestIndex(scene)
        #expect(index.hitTestID(Point(x: 50, y: 45)) == "TextView#3")
        #expect(index.hitTestID(Point(x: 50, y: 25)) == "TextView#4")
        #expect(index.hitTestID(Point(x: 50, y: 175)) == "PhoneWindow$DecorView#1")
        #expect(index.hitTestID(Point(x: 25, y: 140)) == "PhoneWindow$DecorView#1")
        try AndroidImportTesting.expectEnginesAgree(scene)
    }

    @Test("children that disagree on the scroll offset: the majority wins, with a warning")
    func disagreeingChildren() throws {
        let text = """
            {"activity": {"root": {"class": "W", "bounds": [0, 0, 100, 100], "children": [
              {"class": "a.Box", "bounds": [0, 0, 100, 100], "rel-bounds": [0, 0, 100, 100], "children": [
                {"class": "a.A", "bounds": [0, 10, 10, 20], "rel-bounds": [0, 15, 10, 25]},
                {"class": "a.B", "bounds": [0, 30, 10, 40], "rel-bounds": [0, 35, 10, 45]},
                {"class": "a.C", "bounds": [0, 50, 10, 60], "rel-bounds": [0, 90, 10, 100]}
              ]}]}}}
            """
        let imported = try AndroidImportTesting.rico(text)
        let box = try #require(imported.scene.view(withID: "Box#2"))
        #expect(box.bounds.origin == Point(x: 0, y: 5))
        #expect(imported.warnings.count == 1)
        #expect(imported.warnings.first?.hasPrefix("Box#2:") == true)
        // Whatever the offset, every child stays where the dump put it.
        let c = try #require(imported.scene.view(withID: "C#5"))
        #expect(AndroidImportTesting.screenExtents(c) == Extents(minX: 0, minY: 50, maxX: 10, maxY: 60))
    }

    @Test("JSON string escapes are decoded")
    func escapes() throws {
        // \u00e9 is é, \ud83d\ude00 the surrogate pair of U+1F600, a lone \udc00 becomes U+FFFD.
        let text = #"{"activity": {"root": {"class": "a.\u00e9\ud83d\ude00\"\\\/\t\udc00", "bounds": [0, 0, 1, 1]}}}"#
        let window = try #require(try AndroidImportTesting.rico(text).scene.windows.first)
        #expect(window.className == "a.é\u{1F600}\"\\/\t\u{FFFD}")
    }

    @Test("malformed input is refused with the line of the problem")
    func malformed() {
        let parse = AndroidImportTesting.rico
        AndroidImportTesting.expectError(line: 0, "empty") { () throws(ImportError) in try parse("") }
        AndroidImportTesting.expectError(line: 1, "RICO") { () throws(ImportError) in try parse("[1, 2]") }
        AndroidImportTesting.expectError(line: 1, "activity") { () throws(ImportError) in try parse("{\"a\": 1}") }
        AndroidImportTesting.expectError(line: 2, "root") { () throws(ImportError) in
            try parse("{\n\"activity\": {}}")
        }
        // Truncated: the input ends inside the node opened on line 3.
        AndroidImportTesting.expectError(line: 5, "opened on line 3") { () throws(ImportError) in
            try parse("{\"activity\": {\n\"root\":\n  {\"class\": \"a\",\n   \"bounds\": [0, 0, 1, 1],\n")
        }
        AndroidImportTesting.expectError(line: 2, "unterminated string") { () throws(ImportError) in
            try parse("{\"activity\": {\"root\":\n{\"class\": \"android.widget\n\"}}}")
        }
        let node = { (fields: String) in "{\"activity\": {\"root\": {\"class\": \"a\",\n\(fields)}}}" }
        AndroidImportTesting.expectError(line: 2, "found 3 elements") { () throws(ImportError) in
            try parse(node("\"bounds\": [0, 0, 10]"))
        }
        AndroidImportTesting.expectError(line: 3, "found a string") { () throws(ImportError) in
            try parse(node("\"bounds\": [0,\n\"0\", 10, 10]"))
        }
        AndroidImportTesting.expectError(line: 1, "no \"bounds\"") { () throws(ImportError) in
            try parse(node("\"text\": \"x\""))
        }
        AndroidImportTesting.expectError(line: 2, "within ±1e15") { () throws(ImportError) in
            try parse(node("\"bounds\": [0, 0, 1e999, 10]"))
        }
        AndroidImportTesting.expectError(line: 3, "unknown visibility") { () throws(ImportError) in
            try parse(node("\"bounds\": [0, 0, 10, 10],\n\"visibility\": \"hidden\""))
        }
        AndroidImportTesting.expectError(line: 3, "true or false") { () throws(ImportError) in
            try parse(node("\"bounds\": [0, 0, 10, 10],\n\"enabled\": \"yes\""))
        }
        AndroidImportTesting.expectError(line: 3, "\"children\" to be an array") { () throws(ImportError) in
            try parse(node("\"bounds\": [0, 0, 10, 10],\n\"children\": {}"))
        }
        AndroidImportTesting.expectError(line: 5, "expected a node") { () throws(ImportError) in
            try parse(
                node("\"bounds\": [0, 0, 10, 10],\n\"children\": [\n{\"class\": \"b\", \"bounds\": [0, 0, 1, 1]},\n7]"))
        }
        AndroidImportTesting.expectError(line: 3, "duplicate key") { () throws(ImportError) in
            try parse(node("\"bounds\": [0, 0, 10, 10],\n\"bounds\": [0, 0, 10, 10]"))
        }
        AndroidImportTesting.expectError(line: 4, "end of the input") { () throws(ImportError) in
            try parse(node("\"bounds\": [0, 0, 10, 10]") + "\n\n}")
        }
        AndroidImportTesting.expectError(line: 2, "expected ',' or '}'") { () throws(ImportError) in
            try parse(node("\"bounds\": [0, 0, 10, 10] \"x\": 1"))
        }
        AndroidImportTesting.expectError(line: 2, "digits") { () throws(ImportError) in
            try parse(node("\"bounds\": [0, 0, 10, -]"))
        }
    }

    @Test("absurd nesting is an error, not a stack overflow")
    func deepNesting() {
        let deep = String(repeating: "[", count: 200_000) + "\n" + String(repeating: "]", count: 199_999)
        AndroidImportTesting.expectError(line: 2, "opened on line 1") { () throws(ImportError) in
            try AndroidImportTesting.rico(deep)
        }
        let deepObjects =
            "{\"activity\": {\"root\": " + String(repeating: "{\"x\": ", count: 100_000) + "1"
            + String(repeating: "}", count: 100_000) + "}}"
        AndroidImportTesting.expectError(line: 1, "no \"class\"") { () throws(ImportError) in
            try AndroidImportTesting.rico(deepObjects)
        }
    }
}
