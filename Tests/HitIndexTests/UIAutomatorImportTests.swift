import Foundation
import HitIndex
import HitIndexImport
import HitIndexReference
import Testing

/// The uiautomator importer against the four real dumps, crafted files and malformed input.
@Suite("Import: uiautomator")
struct UIAutomatorImportTests {
    static let folder = "android-uiautomator"

    /// The node counts stated in SOURCE.md, checked against the files' own `<node` count below.
    static let expectedCounts = [
        "vivo-launcher-current_ui.xml": 98, "nora-localagent-window_dump.xml": 28, "nora-localagent-chat_dump.xml": 30,
        "termux-flutter-ide-window_dump.xml": 17,
    ]

    static func scene(_ name: String) throws -> Scene {
        try AndroidImportTesting.uiautomator(try AndroidImportTesting.text(folder, name)).scene
    }

    @Test("the four dumps are present")
    func samplesPresent() {
        #expect(AndroidImportTesting.files(Self.folder, ext: "xml") == Self.expectedCounts.keys.sorted())
    }

    @Test(
        "each dump imports one view per node, validates and hit-tests the same through both engines",
        arguments: expectedCounts.keys.sorted())
    func sample(_ name: String) throws {
        let text = try AndroidImportTesting.text(Self.folder, name)
        let imported = try AndroidImportTesting.uiautomator(text)
        let scene = imported.scene
        // Independent count: every node starts with "<node " in these files.
        let tagCount = text.components(separatedBy: "<node ").count - 1
        #expect(tagCount == Self.expectedCounts[name])
        #expect(scene.viewCount == Self.expectedCounts[name])
        #expect(scene.windows.count == 1)
        #expect(imported.warnings.isEmpty)
        try scene.validate()
        var ids = Set<String>()
        scene.forEachView { view, _ in ids.insert(view.id) }
        #expect(ids.count == scene.viewCount)
        // Every view's rect on screen is exactly its recorded bounds; the number after '#' is the
        // node's position in the file, where the bounds are read here with a regular expression.
        let pattern = /bounds="\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]"/
        let recorded = text.matches(of: pattern).map { m in
            let (l, t, r, b) = (Double(m.1) ?? .nan, Double(m.2) ?? .nan, Double(m.3) ?? .nan, Double(m.4) ?? .nan)
            return Extents(Rect(x: l, y: t, width: r - l, height: b - t))
        }
        #expect(recorded.count == scene.viewCount)
        scene.forEachView { view, _ in
            let ordinal = Int(view.id.split(separator: "#").last ?? "") ?? 0
            #expect(recorded.indices.contains(ordinal - 1))
            if recorded.indices.contains(ordinal - 1) {
                #expect(AndroidImportTesting.screenExtents(view) == recorded[ordinal - 1], "\(view.id)")
            }
        }
        try AndroidImportTesting.expectEnginesAgree(scene, grid: 48)
    }

    @Test("hand-checked frames (vivo, Nora, termux)")
    func frames() throws {
        // vivo node 18 is RelativeLayout card1 [76,153][190,267], node 19 its ImageView [83,160][183,260];
        // node 14, the com.vivo.appsuggestion FrameLayout [64,141][327,404], sits inside node 13,
        // the launcher's AppWidgetHostView with the same bounds: one window for both packages.
        let vivo = try Self.scene("vivo-launcher-current_ui.xml")
        #expect(vivo.view(withID: "ImageView#19")?.frame == Rect(x: 7, y: 7, width: 100, height: 100))
        #expect(vivo.view(withID: "FrameLayout#14")?.superview?.id == "AppWidgetHostView#13")
        #expect(vivo.view(withID: "FrameLayout#14")?.frame == Rect(x: 0, y: 0, width: 263, height: 263))
        // Nora's model list: node 11, the clickable model row [53,344][1027,548], holds node 15, the
        // "Selected" mark [922,415][985,478]; node 26, the clickable Rescan button [944,85][1070,211],
        // sits in node 23, the top bar's row [0,63][1080,231].
        let nora = try Self.scene("nora-localagent-window_dump.xml")
        #expect(nora.view(withID: "View#15")?.frame == Rect(x: 869, y: 71, width: 63, height: 63))
        #expect(nora.view(withID: "View#26")?.frame == Rect(x: 944, y: 22, width: 126, height: 126))
        #expect(nora.windows.first?.frame == Rect(x: 0, y: 0, width: 1080, height: 2400))
        // Nora's chat: node 9, the scrollable message list [42,231][1038,2190], in node 8
        // [0,0][1080,2400]; node 11, the TextView "nihaohello" [824,257][1001,315], in its bubble,
        // node 10 [787,231][1038,341].
        let chat = try Self.scene("nora-localagent-chat_dump.xml")
        #expect(chat.view(withID: "View#9")?.frame == Rect(x: 42, y: 231, width: 996, height: 1959))
        #expect(chat.view(withID: "TextView#11")?.frame == Rect(x: 37, y: 26, width: 177, height: 58))
        #expect(chat.view(withID: "TextView#11")?.className == "android.widget.TextView")
        // termux: node 12, a Button with NAF="true" [675,86][810,221], in the top bar, node 9
        // [0,0][1080,233]; node 15, the Explorer tab [0,2195][360,2358], in node 8 [0,0][1080,2400].
        let termux = try Self.scene("termux-flutter-ide-window_dump.xml")
        #expect(termux.view(withID: "Button#12")?.frame == Rect(x: 675, y: 86, width: 135, height: 135))
        #expect(termux.view(withID: "Button#15")?.frame == Rect(x: 0, y: 2195, width: 360, height: 163))
    }

    @Test("drawing-order on every node is read, and siblings are drawn in that order (Nora)")
    func drawingOrder() throws {
        let scene = try Self.scene("nora-localagent-window_dump.xml")
        // Node 8 [0,0][1080,2400] holds, with drawing-order 0 to 4: node 9 the "Select a model to
        // load" TextView, node 10 the model list, node 16 the "Load Model & Start Chat" button,
        // node 19 the Rescan row and node 22 the top bar, drawn last (in front). This dumper wrote
        // them in document order too; crafted() has siblings whose drawing-order reorders them.
        let container = try #require(scene.view(withID: "View#8"))
        #expect(container.subviews.map(\.id) == ["TextView#9", "View#10", "View#16", "View#19", "View#22"])
        // In the top bar, node 26 (the Rescan button [944,85][1070,211]) draws node 27, its icon
        // [975,116][1038,179], first and node 28, a Button [954,95][1059,200], over it: a tap on the
        // icon lands on the Button.
        let p = Point(x: 1000, y: 150)
        #expect(try HitTestIndex(scene).hitTestID(p) == "Button#28")
        #expect(ReferenceHitTester().hitTest(scene, at: p)?.id == "Button#28")
        #expect(scene.view(withID: "View#26")?.subviews.map(\.id) == ["View#27", "Button#28"])
    }

    @Test("a hand-made dump: windows, entities, flags, drawing-order ties, negative sizes")
    func crafted() throws {
        let text = """
            <?xml version='1.0' encoding='UTF-8' standalone='yes' ?>
            <!-- two windows: the second is in front -->
            <hierarchy rotation="0">
              <node index="0" class="android.widget.FrameLayout"
                    text="a &amp; b &lt;&gt; &quot;q&quot; &apos;s&apos; &#10;&#x41;" bounds="[0,0][100,200]">
                <node class="android.widget.Button" bounds="[10,10][50,50]" enabled="false" />
                <node class="android.view.View" bounds="[60,10][90,50]" visible-to-user="false"/>
                <node class="android.view.View" bounds="[30,100][10,120]"/>
              </node>
              <node class="android.widget.FrameLayout" bounds='[0,150][100,200]'>
                <node class="b.Back" bounds="[0,150][100,200]" drawing-order="2"/>
                <node class="b.Front" bounds="[0,150][100,200]" drawing-order="5"/>
                <node class="b.Tie" bounds="[0,150][100,200]" drawing-order="2"/>
                <node class="" bounds="[0,150][-10,140]" drawing-order="1"/>
              </node>
            </hierarchy>
            """
        let imported = try AndroidImportTesting.uiautomator(text)
        #expect(imported.warnings.isEmpty)
        let scene = imported.scene
        #expect(scene.windows.map(\.id) == ["FrameLayout#1", "FrameLayout#5"])
        #expect(scene.windows[1].frame == Rect(x: 0, y: 150, width: 100, height: 50))
        #expect(scene.view(withID: "Button#2")?.isUserInteractionEnabled == false)
        #expect(scene.view(withID: "View#3")?.isHidden == true)
        // right < left: imported as a negative width, which the model accepts.
        #expect(scene.view(withID: "View#4")?.frame == Rect(x: 30, y: 100, width: -20, height: 20))
        #expect(scene.view(withID: "node#9")?.frame == Rect(x: 0, y: 0, width: -10, height: -10))
        // Stable sort: the two 2s keep document order; 5 is in front.
        #expect(scene.windows[1].subviews.map(\.id) == ["node#9", "Back#6", "Tie#8", "Front#7"])
        let index = try HitTestIndex(scene)
        #expect(index.hitTestID(Point(x: 50, y: 175)) == "Front#7")
        #expect(index.hitTestID(Point(x: 20, y: 20)) == "FrameLayout#1")
        #expect(index.hitTestID(Point(x: 70, y: 20)) == "FrameLayout#1")
        #expect(index.hitTestID(Point(x: 20, y: 110)) == "View#4")
        try AndroidImportTesting.expectEnginesAgree(scene)
    }

    @Test("entities in attribute values are decoded")
    func entities() throws {
        let text = """
            <hierarchy><node class="x.&lt;A&amp;B&gt;&#x2E;&quot;C&apos;&#33;" bounds="[0,0][10,10]"/></hierarchy>
            """
        let window = try #require(try AndroidImportTesting.uiautomator(text).scene.windows.first)
        #expect(window.className == "x.<A&B>.\"C'!")
        #expect(window.id == "\"C'!#1")
    }

    @Test("siblings with only some drawing-orders keep document order, with a warning")
    func partialDrawingOrder() throws {
        let text = """
            <hierarchy><node class="W" bounds="[0,0][10,10]"><node class="A" bounds="[0,0][10,10]" drawing-order="9"/>
            <node class="B" bounds="[0,0][10,10]"/></node></hierarchy>
            """
        let imported = try AndroidImportTesting.uiautomator(text)
        #expect(imported.scene.windows.first?.subviews.map(\.id) == ["A#2", "B#3"])
        #expect(imported.warnings.count == 1)
        #expect(imported.warnings.first?.hasPrefix("W#1:") == true)
    }

    @Test("malformed input is refused with the line of the problem")
    func malformed() {
        let parse = AndroidImportTesting.uiautomator
        let head = "<?xml version='1.0' ?>\n<hierarchy rotation=\"0\">\n"
        AndroidImportTesting.expectError(line: 0, "no XML element") { () throws(ImportError) in try parse("") }
        AndroidImportTesting.expectError(line: 2, "expected <hierarchy>") { () throws(ImportError) in
            try parse("<?xml version='1.0' ?>\n<foo/>")
        }
        AndroidImportTesting.expectError(line: 2, "holds no <node>") { () throws(ImportError) in
            try parse(head + "</hierarchy>")
        }
        // Unterminated start tag: the input ends inside it.
        AndroidImportTesting.expectError(line: 4, "opened on line 3") { () throws(ImportError) in
            try parse(head + "<node class=\"a\" bounds=\"[0,0][1,1]\"\n")
        }
        // Unterminated attribute value: found at the next '<'.
        AndroidImportTesting.expectError(line: 4, "opened on line 3") { () throws(ImportError) in
            try parse(head + "<node bounds=\"[0,0][1,1]/>\n</hierarchy>")
        }
        AndroidImportTesting.expectError(line: 3, "[left,top][right,bottom]") { () throws(ImportError) in
            try parse(head + "<node bounds=\"[0,0][10]\"/>\n</hierarchy>")
        }
        AndroidImportTesting.expectError(line: 4, "[left,top][right,bottom]") { () throws(ImportError) in
            try parse(head + "<node bounds=\"[0,0][10,10]\">\n<node bounds=\"[a,0][10,10]\"/></node></hierarchy>")
        }
        AndroidImportTesting.expectError(line: 3, "no bounds") { () throws(ImportError) in
            try parse(head + "<node class=\"a\"/>\n</hierarchy>")
        }
        // A multi-line tag: the error is at the attribute's line.
        AndroidImportTesting.expectError(line: 5, "expected true or false") { () throws(ImportError) in
            try parse(head + "<node\n  bounds=\"[0,0][1,1]\"\n  enabled=\"maybe\"/>\n</hierarchy>")
        }
        AndroidImportTesting.expectError(line: 3, "expected an integer") { () throws(ImportError) in
            try parse(head + "<node bounds=\"[0,0][1,1]\" drawing-order=\"top\"/>\n</hierarchy>")
        }
        AndroidImportTesting.expectError(line: 3, "unknown entity") { () throws(ImportError) in
            try parse(head + "<node bounds=\"[0,0][1,1]\" text=\"&nbsp;\"/>\n</hierarchy>")
        }
        AndroidImportTesting.expectError(line: 4, "does not match <node>") { () throws(ImportError) in
            try parse(head + "<node bounds=\"[0,0][1,1]\">\n</hierarchy>")
        }
        AndroidImportTesting.expectError(line: 3, "expected <node>") { () throws(ImportError) in
            try parse(head + "<window bounds=\"[0,0][1,1]\"/>\n</hierarchy>")
        }
        AndroidImportTesting.expectError(line: 4, "unexpected text") { () throws(ImportError) in
            try parse(head + "<node bounds=\"[0,0][1,1]\">\nhello</node>\n</hierarchy>")
        }
        AndroidImportTesting.expectError(line: 4, "second root") { () throws(ImportError) in
            try parse(head + "<node bounds=\"[0,0][1,1]\"/></hierarchy>\n<hierarchy/>")
        }
        AndroidImportTesting.expectError(line: 3, "appears twice") { () throws(ImportError) in
            try parse(head + "<node bounds=\"[0,0][1,1]\" bounds=\"[0,0][1,1]\"/>\n</hierarchy>")
        }
        AndroidImportTesting.expectError(line: 3, "within ±1e15") { () throws(ImportError) in
            try parse(head + "<node bounds=\"[0,0][1,10000000000000000]\"/>\n</hierarchy>")
        }
        AndroidImportTesting.expectError(line: 5, "ends inside <node> opened on line 4") { () throws(ImportError) in
            try parse(head + "<node bounds=\"[0,0][1,1]\">\n<node bounds=\"[0,0][1,1]\">\n")
        }
    }

    @Test("a deep chain of nodes imports without recursion")
    func deepChain() throws {
        let depth = 50_000
        var text = "<hierarchy>"
        for i in 0..<depth { text += "<node class=\"V\" bounds=\"[\(i % 7),0][100,100]\">" }
        text += String(repeating: "</node>", count: depth) + "</hierarchy>"
        let scene = try AndroidImportTesting.uiautomator(text).scene
        #expect(scene.viewCount == depth)
        #expect(try HitTestIndex(scene).hitTestID(Point(x: 50, y: 50)) == "V#\(depth)")
    }
}
