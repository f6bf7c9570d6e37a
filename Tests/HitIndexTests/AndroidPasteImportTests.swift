import Foundation
import HitIndex
import HitIndexImport
import HitIndexReference
import HitIndexSceneFormat
import Testing

/// The uiautomator forms people paste (`uiautomator dump /dev/tty` output, Appium page sources)
/// and the Android touch-dispatch mapping (`--android-dispatch`), from samples written here in
/// those forms and from the real dumps.
@Suite("Import: Android pastes and touch dispatch")
struct AndroidPasteImportTests {
    static let dumps = [
        "nora-localagent-chat_dump.xml", "nora-localagent-window_dump.xml", "termux-flutter-ide-window_dump.xml",
        "vivo-launcher-current_ui.xml",
    ]

    static func written(_ imported: ImportedScene) throws -> String { try SceneWriter.string(imported.scene) }

    static func plain(_ name: String) throws -> String {
        try AndroidImportTesting.text(UIAutomatorImportTests.folder, name)
    }

    static func dispatch(_ text: String, _ format: ImportFormat = .uiautomator) throws(ImportError) -> ImportedScene {
        try Importer.parse(text, format: format, options: ImportOptions(androidDispatch: true))
    }

    // MARK: uiautomator dump /dev/tty

    @Test(
        "`uiautomator dump /dev/tty` output, its trailer on the closing tag's line, imports as the plain dump",
        arguments: dumps)
    func devTTY(_ name: String) throws {
        let text = try Self.plain(name).trimmingCharacters(in: .whitespacesAndNewlines)
        let expected = try Self.written(AndroidImportTesting.uiautomator(text))
        // What the shell shows: the XML, then the tool's message right after `</hierarchy>`
        // (spelled "hierchary" by the tool), with a newline or a CRLF from `adb shell`.
        for trailer in [
            "UI hierchary dumped to: /dev/tty\n", "UI hierchary dumped to: /dev/tty\r\n",
            "\nUI hierarchy dumped to: /dev/tty", "UI hierchary dumped to: /sdcard/window_dump.xml",
        ] {
            #expect(try Self.written(AndroidImportTesting.uiautomator(text + trailer)) == expected, "\(trailer)")
        }
    }

    @Test("other text after the hierarchy is still refused, at its line")
    func otherTrailers() throws {
        let dump = """
            <?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">
            <node class="android.widget.FrameLayout" bounds="[0,0][100,100]" /></hierarchy>
            """
        #expect(try AndroidImportTesting.uiautomator(dump).scene.viewCount == 1)
        for (suffix, line) in [
            ("ERROR: could not get idle state.", 2), ("\n\nUI hierchary dumped to: /dev/tty\nmore", 4),
            ("UI hierchary dumped to: /dev/tty <node/>", 2),
        ] {
            #expect(throws: ImportError.self, "\(suffix)") { try AndroidImportTesting.uiautomator(dump + suffix) }
            do {
                _ = try AndroidImportTesting.uiautomator(dump + suffix)
            } catch {
                #expect(error.line == line, "\(suffix): \(error)")
            }
        }
    }

    // MARK: Appium page sources

    /// Rewrites a uiautomator dump as Appium's UiAutomator2 driver writes its page source: each
    /// `<node … class="C" …>` becomes `<C … class="C" …>` (with `$` written `_`), its end tag
    /// `</C>`, and `visible-to-user` is called `displayed`. Written from Appium's page sources,
    /// independently of the importer.
    static func appium(_ dump: String) -> String {
        var out = ""
        var open: [String] = []
        var rest = Substring(dump)
        while let lt = rest.firstIndex(of: "<") {
            out += rest[..<lt]
            let gt = rest[lt...].firstIndex(of: ">")!
            var tag = String(rest[lt...gt])
            rest = rest[rest.index(after: gt)...]
            if tag.hasPrefix("<node") {
                let className = tag.firstMatch(of: /class="([^"]*)"/).map { String($0.1) } ?? "android.view.View"
                let name = className.replacingOccurrences(of: "$", with: "_")
                tag = "<" + name + tag.dropFirst("<node".count)
                if !tag.hasSuffix("/>") { open.append(name) }
            } else if tag == "</node>" {
                tag = "</\(open.popLast()!)>"
            }
            out += tag.replacingOccurrences(of: "visible-to-user=", with: "displayed=")
        }
        return out + rest
    }

    @Test("a page source Appium would write for each real dump imports as the dump", arguments: dumps)
    func appiumFromRealDump(_ name: String) throws {
        let text = try Self.plain(name)
        let page = Self.appium(text)
        #expect(!page.contains("<node"))
        #expect(page.contains("<android.widget.FrameLayout"))
        #expect(
            try Self.written(AndroidImportTesting.uiautomator(page))
                == Self.written(AndroidImportTesting.uiautomator(text)))
    }

    @Test("a hand-written Appium page source: inner classes, displayed, a class-less element")
    func appiumSample() throws {
        let page = """
            <?xml version="1.0" encoding="UTF-8"?>
            <hierarchy index="0" class="hierarchy" rotation="0" width="400" height="800">
              <android.widget.FrameLayout index="0" package="com.example" class="android.widget.FrameLayout" text="" clickable="false" enabled="true" bounds="[0,0][400,800]" displayed="true">
                <com.example.Outer_Inner index="0" class="com.example.Outer$Inner" clickable="true" bounds="[0,100][400,300]" displayed="true"/>
                <android.view.View index="1" bounds="[0,300][400,500]" displayed="false"/>
              </android.widget.FrameLayout>
            </hierarchy>
            """
        let scene = try AndroidImportTesting.uiautomator(page).scene
        #expect(scene.viewCount == 3)
        let inner = try #require(scene.view(withID: "Outer$Inner#2"))
        #expect(inner.className == "com.example.Outer$Inner")
        #expect(inner.frame == Rect(x: 0, y: 100, width: 400, height: 200))
        let hidden = try #require(scene.view(withID: "View#3"))
        #expect(hidden.className == "android.view.View")
        #expect(hidden.isHidden)
        #expect(ReferenceHitTester().hitTest(scene, at: Point(x: 10, y: 400))?.id == "FrameLayout#1")
    }

    @Test("an element that is neither <node> nor named by its class is refused at its line")
    func appiumRefusals() throws {
        for (element, line) in [
            ("<widget class=\"android.widget.Button\" bounds=\"[0,0][1,1]\"/>", 3),
            ("<Button bounds=\"[0,0][1,1]\"/>", 3), ("<Button class=\"Image\" bounds=\"[0,0][1,1]\"/>", 3),
        ] {
            let page = """
                <hierarchy rotation="0">
                <node class="android.widget.FrameLayout" bounds="[0,0][100,100]">
                \(element)
                </node></hierarchy>
                """
            do {
                _ = try AndroidImportTesting.uiautomator(page)
                Issue.record("accepted \(element)")
            } catch {
                #expect(error.line == line, "\(element): \(error)")
                #expect(error.description.contains("Appium"), "\(error)")
            }
        }
    }

    // MARK: Android touch dispatch

    /// A systemui-like screen: a list with a clickable row under a full-screen scrim that is
    /// neither clickable nor long-clickable, a disabled but clickable button, a disabled
    /// container holding a clickable switch, and a scrollable pane. Written in uiautomator's form.
    static let scrimDump = """
        <?xml version='1.0' encoding='UTF-8' standalone='yes' ?>
        <hierarchy rotation="0">
          <node index="0" class="android.widget.FrameLayout" clickable="false" long-clickable="false" scrollable="false" enabled="true" bounds="[0,0][400,800]">
            <node index="0" class="android.widget.LinearLayout" clickable="false" long-clickable="false" scrollable="false" enabled="true" bounds="[0,0][400,400]">
              <node index="0" class="android.widget.TextView" clickable="true" long-clickable="false" scrollable="false" enabled="true" bounds="[0,0][400,100]" />
              <node index="1" class="android.widget.Button" clickable="true" long-clickable="false" scrollable="false" enabled="false" bounds="[0,100][400,200]" />
              <node index="2" class="android.widget.LinearLayout" clickable="false" long-clickable="false" scrollable="false" enabled="false" bounds="[0,200][400,300]">
                <node index="0" class="android.widget.Switch" clickable="true" long-clickable="false" scrollable="false" enabled="true" bounds="[300,200][400,300]" />
              </node>
            </node>
            <node index="1" class="android.widget.ScrollView" clickable="false" long-clickable="false" scrollable="true" enabled="true" bounds="[0,400][400,600]" />
            <node index="2" class="com.android.systemui.scrim.ScrimView" clickable="false" long-clickable="false" scrollable="false" enabled="true" bounds="[0,0][400,800]" />
          </node>
        </hierarchy>
        """

    @Test("touch dispatch: a non-clickable scrim lets taps through; disabled views still take them")
    func scrim() throws {
        let reference = ReferenceHitTester()
        let plain = try AndroidImportTesting.uiautomator(Self.scrimDump).scene
        let android = try Self.dispatch(Self.scrimDump).scene
        // Worked out from Android's dispatch (ViewGroup offers the touch to its children front to
        // back; View.onTouchEvent returns true only for a clickable or long-clickable view, enabled
        // or not; a ScrollView takes the down it is offered):
        //   (50, 50):  the scrim (front, not clickable) passes; the row TextView#3 is clickable.
        //   (50, 150): the disabled Button#4 is clickable: it swallows the touch.
        //   (350, 250): the disabled LinearLayout#5 still dispatches to Switch#6.
        //   (50, 250): LinearLayout#5 and its parents take nothing: no view.
        //   (50, 500): ScrollView#7 is scrollable.
        //   (50, 700): only non-clickable views: no view.
        let expected: [(Point, String?)] = [
            (Point(x: 50, y: 50), "TextView#3"), (Point(x: 50, y: 150), "Button#4"),
            (Point(x: 350, y: 250), "Switch#6"), (Point(x: 50, y: 250), nil), (Point(x: 50, y: 500), "ScrollView#7"),
            (Point(x: 50, y: 700), nil),
        ]
        for (p, id) in expected {
            #expect(reference.hitTest(android, at: p)?.id == id, "\(p)")
            // The plain mapping answers the scrim everywhere, as before the option.
            #expect(reference.hitTest(plain, at: p)?.id == "ScrimView#8", "\(p)")
        }
        try AndroidImportTesting.expectEnginesAgree(android, grid: 40)
        // The option shows in the written scene as passThrough, so any tool reads the same answers.
        let text = try SceneWriter.string(android)
        #expect(text.components(separatedBy: "\"passThrough\": true").count - 1 == 4)
    }

    @Test(
        "touch dispatch on the real dumps: every answer takes touches, and a taking answer is kept",
        arguments: dumps)
    func realDumps(_ name: String) throws {
        let text = try Self.plain(name)
        let plain = try AndroidImportTesting.uiautomator(text).scene
        let android = try Self.dispatch(text)
        #expect(android.warnings.isEmpty)
        // Which nodes take a touch, read from the XML here by position (the number after '#').
        let takes = text.matches(of: /<node [^>]*>/).map { m in
            let tag = String(m.0)
            return tag.contains(" clickable=\"true\"") || tag.contains("long-clickable=\"true\"")
                || tag.contains("scrollable=\"true\"")
        }
        func taking(_ view: View?) -> Bool {
            guard let id = view?.id, let n = Int(id.split(separator: "#").last ?? "") else { return false }
            return takes[n - 1]
        }
        let reference = ReferenceHitTester()
        let e = AndroidImportTesting.screenExtents(plain.windows[0])
        var answered = 0
        for i in 0...40 {
            for j in 0...40 {
                let p = Point(
                    x: e.minX + (e.maxX - e.minX) * Double(i) / 40, y: e.minY + (e.maxY - e.minY) * Double(j) / 40)
                let a = reference.hitTest(android.scene, at: p)
                let b = reference.hitTest(plain, at: p)
                if let a {
                    answered += 1
                    #expect(taking(a), "\(name) \(p): \(a.id) takes no touch")
                }
                // The one disabled sample node, the chat dump's Send button (View#28), overlaps no view
                // that takes touches, so a plain answer that takes touches is Android's too.
                if taking(b) { #expect(a?.id == b?.id, "\(name) \(p)") }
            }
        }
        #expect(answered > 0)
        try AndroidImportTesting.expectEnginesAgree(android.scene, grid: 24)
    }

    @Test("touch dispatch, Nora: the non-clickable Buttons drawn over a row let the tap reach the row")
    func noraButtons() throws {
        // Node 16, the clickable View [53,2010][1027,2147] of "Load Model & Start Chat", holds its
        // label (node 17, TextView [342,2052][739,2105]) and node 18, a Button with the row's own
        // bounds drawn last, clickable="false" long-clickable="false" scrollable="false". The plain
        // mapping answers the Button; on the device the touch goes through it and its label to the
        // clickable row. Same in the top bar: node 28, a non-clickable Button [954,95][1059,200],
        // over node 26, the clickable Rescan button [944,85][1070,211].
        let text = try Self.plain("nora-localagent-window_dump.xml")
        let plain = try AndroidImportTesting.uiautomator(text).scene
        let android = try Self.dispatch(text).scene
        let reference = ReferenceHitTester()
        for (p, plainID, androidID) in [
            (Point(x: 540, y: 2078), "Button#18", "View#16"), (Point(x: 1000, y: 150), "Button#28", "View#26"),
        ] {
            #expect(reference.hitTest(plain, at: p)?.id == plainID, "\(p)")
            #expect(reference.hitTest(android, at: p)?.id == androidID, "\(p)")
        }
    }

    @Test("touch dispatch, Nora chat: the disabled Send button swallows the tap")
    func noraDisabledSend() throws {
        // Node 28, the Send button View [923,2223][1049,2349], is clickable="true" enabled="false"
        // (nothing typed yet), inside node 22, the input bar [0,2190][1080,2400], which takes
        // nothing. The plain mapping skips the disabled view and its subtree: the bar answers.
        // Android delivers the touch to the disabled clickable view, which consumes it.
        let text = try Self.plain("nora-localagent-chat_dump.xml")
        let p = Point(x: 980, y: 2280)
        let reference = ReferenceHitTester()
        #expect(reference.hitTest(try AndroidImportTesting.uiautomator(text).scene, at: p)?.id == "View#22")
        #expect(reference.hitTest(try Self.dispatch(text).scene, at: p)?.id == "View#28")
    }

    @Test("touch dispatch on RICO reads clickable, long-clickable and the scrollable axes")
    func rico() throws {
        let screen = """
            {"activity": {"root": {"class": "com.android.internal.policy.PhoneWindow$DecorView", "bounds": [0, 0, 100, 300],
              "clickable": false, "children": [
                {"class": "android.widget.TextView", "bounds": [0, 0, 100, 100], "clickable": false, "long-clickable": true},
                {"class": "android.support.v7.widget.RecyclerView", "bounds": [0, 100, 100, 200], "clickable": false,
                 "long-clickable": false, "scrollable-horizontal": false, "scrollable-vertical": true},
                {"class": "android.widget.ImageView", "bounds": [0, 200, 100, 300], "clickable": false,
                 "long-clickable": false, "scrollable-horizontal": false, "scrollable-vertical": false, "enabled": false}
              ]}}}
            """
        let scene = try Self.dispatch(screen, .rico).scene
        let reference = ReferenceHitTester()
        #expect(reference.hitTest(scene, at: Point(x: 50, y: 50))?.id == "TextView#2")
        #expect(reference.hitTest(scene, at: Point(x: 50, y: 150))?.id == "RecyclerView#3")
        #expect(reference.hitTest(scene, at: Point(x: 50, y: 250)) == nil)
        #expect(
            reference.hitTest(try AndroidImportTesting.rico(screen).scene, at: Point(x: 50, y: 250))?.id
                == "PhoneWindow$DecorView#1")
        // A mistyped flag is refused at its line, with or without the option.
        let bad = screen.replacingOccurrences(of: "\"long-clickable\": true", with: "\"long-clickable\": 1")
        for options in [ImportOptions(), ImportOptions(androidDispatch: true)] {
            do {
                _ = try Importer.parse(bad, format: .rico, options: options)
                Issue.record("accepted long-clickable: 1")
            } catch {
                #expect(error.line == 3, "\(error)")
                #expect(error.description.contains("long-clickable"), "\(error)")
            }
        }
    }

    @Test("touch dispatch on the RICO-format screens: every answer takes touches")
    func ricoScreens() throws {
        let folder = "rico-hitindex"
        var answered = 0
        for name in AndroidImportTesting.files(folder, ext: "json").prefix(20) {
            let text = try AndroidImportTesting.text(folder, name)
            let scene = try Self.dispatch(text, .rico).scene
            // The nodes' flags in document preorder, read with Foundation's JSON parser.
            let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            var takes: [Bool] = []
            var stack = [((json["activity"] as? [String: Any])?["root"] as? [String: Any]) ?? [:]]
            while let node = stack.popLast() {
                takes.append(
                    ["clickable", "long-clickable", "scrollable-horizontal", "scrollable-vertical"].contains {
                        node[$0] as? Bool == true
                    })
                stack += ((node["children"] as? [Any]) ?? []).compactMap { $0 as? [String: Any] }.reversed()
            }
            #expect(takes.count == scene.viewCount, "\(name)")
            let e = AndroidImportTesting.screenExtents(scene.windows[0])
            for i in 0...16 {
                for j in 0...16 {
                    let p = Point(
                        x: e.minX + (e.maxX - e.minX) * Double(i) / 16, y: e.minY + (e.maxY - e.minY) * Double(j) / 16)
                    guard let hit = ReferenceHitTester().hitTest(scene, at: p) else { continue }
                    answered += 1
                    let n = Int(hit.id.split(separator: "#").last ?? "") ?? 0
                    #expect(takes.indices.contains(n - 1) && takes[n - 1], "\(name) \(p): \(hit.id)")
                }
            }
        }
        #expect(answered > 100)
    }

    @Test("touch dispatch: nodes that record no flag keep taking touches, with one warning; iOS dumps refuse it")
    func unrecorded() throws {
        let dump = """
            <hierarchy rotation="0">
            <node class="android.widget.FrameLayout" bounds="[0,0][100,100]">
            <node class="android.view.View" bounds="[0,0][50,50]" clickable="false"/>
            <node class="android.view.View" bounds="[50,50][100,100]"/>
            </node></hierarchy>
            """
        let imported = try Self.dispatch(dump)
        #expect(
            imported.warnings == [
                "FrameLayout#1 and 1 more: no clickable, long-clickable or scrollable recorded; "
                    + "kept as taking touches (Android touch dispatch)"
            ])
        #expect(ReferenceHitTester().hitTest(imported.scene, at: Point(x: 10, y: 10))?.id == "FrameLayout#1")
        #expect(ReferenceHitTester().hitTest(imported.scene, at: Point(x: 60, y: 60))?.id == "View#3")
        #expect(throws: ImportError.self) {
            try Importer.parse(
                "<UIWindow: 0x1; frame = (0 0; 10 10); layer = <CALayer: 0x2>>", format: .recursiveDescription,
                options: ImportOptions(androidDispatch: true))
        }
    }

    @Test("hitindex import --android-dispatch, and its refusal for recursive-description")
    func cli() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let file = dir.appendingPathComponent("scrim.xml").path
        try Self.scrimDump.write(toFile: file, atomically: true, encoding: .utf8)
        let plain = TestSupport.run(["import", "--from", "uiautomator", file])
        let android = TestSupport.run(["import", "--from", "uiautomator", "--android-dispatch", file])
        #expect(plain.status == 0 && android.status == 0, "\(plain.err)\(android.err)")
        #expect(!plain.out.contains("passThrough"))
        #expect(android.out == (try SceneWriter.string(try Self.dispatch(Self.scrimDump).scene)) + "\n")
        let ios = TestSupport.run(["import", "--from", "recursive-description", "--android-dispatch", file])
        #expect(ios.status == 2)
        #expect(ios.err.contains("rico and uiautomator"), "\(ios.err)")
    }
}
