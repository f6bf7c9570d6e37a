import Foundation
import HitIndex
import HitIndexImport
import HitIndexSceneFormat
import Testing

/// The importers keep the handles people find their views by (issue 25, "Views people can find"):
/// `label`, `accessibilityIdentifier` and `tag`, on every real dump in Tests/Data that has them
/// (counted from the raw files, independently of the importers), on crafted input for each rule,
/// and through a round trip of the scene format.
@Suite("Import: labels, accessibility identifiers and tags")
struct ImportLabelTests {
    /// How many views of a scene have each handle.
    struct Counts: Equatable, CustomStringConvertible {
        var labels = 0
        var identifiers = 0
        var tags = 0

        var description: String { "\(labels) labels, \(identifiers) identifiers, \(tags) tags" }
    }

    /// The handles the importer kept.
    static func counts(_ scene: Scene) -> Counts {
        var c = Counts()
        scene.forEachView { v, _ in
            if v.label != nil { c.labels += 1 }
            if v.accessibilityIdentifier != nil { c.identifiers += 1 }
            if v.tag != 0 { c.tags += 1 }
        }
        return c
    }

    static func view(_ scene: Scene, _ id: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> View {
        try #require(scene.view(withID: id), "no view \(id)", sourceLocation: sourceLocation)
    }

    static func ios(_ text: String) throws -> Scene { try Importer.parse(text, format: .recursiveDescription).scene }

    // MARK: - recursiveDescription dumps

    /// The handles of each `recursiveDescription` sample, worked out from the files with grep:
    /// - labels: `grep -c "; text = '[^']"` (texts that are not empty), plus the views whose only
    ///   words are a `placeholder` (`grep "; placeholder = " | grep -vc "; text = "`), plus one per
    ///   `UIButtonLabel` with a text (`grep -c "<UIButtonLabel: [^;]*; frame = ([^)]*); text = '[^']"`),
    ///   whose superview, the line above it, prints no words of its own in these dumps;
    /// - identifiers: `grep -c accessibilityIdentifier` (none of the dumps prints one);
    /// - tags: `grep -c "; tag = "` (FTAdditions' UIWebView, `tag = 7`).
    ///
    /// Sentry 30 + 0 + 24, crifan 10 (2 more are `text = ''`) + 1 + 3, photo grid 4 + 0 + 2,
    /// FTAdditions 2 + 0 + 0.
    static let iosCounts: [String: Counts] = [
        "sentry-mockViewHierarchyData.extracted.txt": Counts(labels: 54),
        "crifan-cycript-output_example.extracted.txt": Counts(labels: 14),
        "hitindex-photo-grid.txt": Counts(labels: 6),
        "FTAdditions-explode.extracted.txt": Counts(labels: 2, tags: 1),
    ]

    /// The same counts computed at test time from the raw text, by the rule above (not by the
    /// importer): own words are a `text`, `title`, `placeholder` or `accessibilityLabel` whose value
    /// is not `''` or `(null)`.
    static func rawCounts(_ text: String) -> Counts {
        let ownWords = /; (?:text|title|placeholder|accessibilityLabel) = (?!''|\(null\)|;|>)/
        let buttonTitle = /<UIButtonLabel: [^;]*;.*; text = '[^']/
        var c = Counts()
        for line in text.split(separator: "\n") {
            if line.contains(ownWords) { c.labels += 1 }
            if line.contains(buttonTitle) { c.labels += 1 }
            if line.contains(/; accessibilityIdentifier = [^;>]/) { c.identifiers += 1 }
            if let m = line.firstMatch(of: /; tag = (-?\d+)/), Int(m.1) != 0 { c.tags += 1 }
        }
        return c
    }

    @Test(
        "every recursiveDescription sample keeps its labels and tags (counted from the raw file)",
        arguments: RecursiveDescriptionImportTests.samples)
    func iosSampleCounts(_ name: String) throws {
        let text = try RecursiveDescriptionImportTests.text(name)
        let expected = try #require(Self.iosCounts[name])
        #expect(Self.rawCounts(text) == expected, "the grep counts no longer match the file")
        #expect(Self.counts(try Self.ios(text)) == expected)
    }

    @Test("Sentry: a UIButton gets its title label's text, which keeps its own; texts are kept as printed")
    func sentry() throws {
        let scene = try Self.ios(try RecursiveDescriptionImportTests.text("sentry-mockViewHierarchyData.extracted.txt"))
        // Lines 12-13: <UIButton: 0x7f893fe31170; …> and under it
        // <UIButtonLabel: 0x7f893fc44ef0; …; text = 'Message'; …>.
        #expect(try Self.view(scene, "UIButton@0x7f893fe31170").label == "Message")
        #expect(try Self.view(scene, "UIButtonLabel@0x7f893fc44ef0").label == "Message")
        // Line 10-11: the button above it, 'add Breadcrumb'.
        #expect(try Self.view(scene, "UIButton@0x7f893fe269a0").label == "add Breadcrumb")
        // Line 62: a text the dump truncated, kept with its "...".
        #expect(try Self.view(scene, "UILabel@0x7f893fd275d0").label == "Frames Total:197 Slow:6 F...")
        // Line 56: trailing blanks inside the quotes are the text's.
        #expect(try Self.view(scene, "UILabel@0x7f893fc319d0").label == "DSN  ")
        // Line 57: a text field's text.
        #expect(try Self.view(scene, "UITextField@0x7f8940016200").label == "https://6cc9bae94def43cab...")
        // Lines 84-85: the back button's _UIModernBarButton holds the UIButtonLabel 'Back'; the
        // _UIButtonBarButton of line 80 is two levels up and gets nothing.
        #expect(try Self.view(scene, "_UIModernBarButton@0x7f893fe60e80").label == "Back")
        #expect(try Self.view(scene, "_UIButtonBarButton@0x7f893fe60390").label == nil)
        // Line 1: the window prints no words.
        #expect(scene.windows[0].label == nil && scene.windows[0].tag == 0)
        #expect(scene.windows[0].accessibilityIdentifier == nil)
    }

    @Test("crifan (cycript): \\u and \\x escapes become the characters")
    func crifan() throws {
        let scene = try Self.ios(
            try RecursiveDescriptionImportTests.text("crifan-cycript-output_example.extracted.txt"))
        // Lines 80-81: _UIModernBarButton 0x107db1ef0 over UIButtonLabel text = '\u4e0b\u4e00\u6b65'.
        let next = "\u{4E0B}\u{4E00}\u{6B65}"
        #expect(try Self.view(scene, "UIButtonLabel@0x107d37c60").label == next)
        #expect(try Self.view(scene, "_UIModernBarButton@0x107db1ef0").label == next)
        // Line 77: '\u53d6\u6d88'.
        #expect(try Self.view(scene, "UIButtonLabel@0x107ed0070").label == "\u{53D6}\u{6D88}")
        // Line 17: a UITextField with no text but `placeholder = \u7535…\u8bdd`, unquoted.
        let placeholder = "\u{7535}\u{5B50}\u{90AE}\u{4EF6}\u{6216}\u{7535}\u{8BDD}"
        #expect(try Self.view(scene, "UITextField@0x10814f400").label == placeholder)
        #expect(try Self.view(scene, "UITextFieldLabel@0x107dadc40").label == placeholder)
        // Lines 37-38: AAUIButton (baseClass = UIButton) gets '\u6ca1\u6709\u6216\u5fd8\u8bb0Apple ID\uff1f'.
        #expect(
            try Self.view(scene, "AAUIButton@0x107d9de50").label
                == "\u{6CA1}\u{6709}\u{6216}\u{5FD8}\u{8BB0}Apple ID\u{FF1F}")
        // Line 25: `text = ''` is no label.
        #expect(try Self.view(scene, "UITableViewHeaderFooterView@0x107dc4a40").label == nil)
        // `\xa0` is U+00A0 (a no-break space), and the "..." of the truncation stays.
        let withNoBreakSpace = try #require(
            try RecursiveDescriptionImportTests.text("crifan-cycript-output_example.extracted.txt")
                .split(separator: "\n").first { $0.contains("\\u4f7f\\u7528Apple\\xa0ID") })
        let address = try #require(withNoBreakSpace.firstMatch(of: /<(\w+): (0x[0-9a-f]+);/))
        let label = try Self.view(scene, "\(address.1)@\(address.2)").label
        #expect(label?.hasPrefix("\u{4F7F}\u{7528}Apple\u{00A0}ID\u{767B}\u{5F55}") == true, "\(label ?? "nil")")
        #expect(label?.hasSuffix("A...") == true, "\(label ?? "nil")")
    }

    @Test("photo grid and FTAdditions: non-ASCII text, a button title, a tag")
    func photoGridAndFTAdditions() throws {
        let grid = try Self.ios(try RecursiveDescriptionImportTests.text("hitindex-photo-grid.txt"))
        // Lines 70-71: the back button's _UIModernBarButton and its UIButtonLabel 'Álbumes'.
        #expect(try Self.view(grid, "_UIModernBarButton@0x7fa1c5d14200").label == "\u{C1}lbumes")
        #expect(try Self.view(grid, "UILabel@0x7fa1c5d0ea80").label == "0:42")
        let explode = try Self.ios(try RecursiveDescriptionImportTests.text("FTAdditions-explode.extracted.txt"))
        // Line 1: <UIWebView: 0x1b42cdd0; …; text = 'We are open, all right. W...'; opaque = NO; tag = 7; …>.
        let web = try Self.view(explode, "UIWebView@0x1b42cdd0")
        #expect(web.label == "We are open, all right. W..." && web.tag == 7)
    }

    @Test("crafted descriptions: each field, their order of preference, escapes and refusals")
    func craftedDescriptions() throws {
        let scene = try Self.ios(
            RecursiveDescriptionImportTests.dump(
                "   | <UIButton: 0x1; frame = (0 0; 10 10); title = 'Own'; accessibilityIdentifier = 'send'; tag = -3>",
                "   |    | <UIButtonLabel: 0x2; frame = (0 0; 10 10); text = 'Other'>",
                "   | <UIButton: 0x3; frame = (0 0; 10 10)>",
                "   |    | <UIButtonLabel: 0x4; frame = (0 0; 10 10); text = ''>",
                "   | <UIView: 0x5; frame = (0 0; 10 10); accessibilityLabel = 'Close'; accessibilityIdentifier = close>",
                "   | <UILabel: 0x6; frame = (0 0; 10 10); text = 'Shown'; accessibilityLabel = 'Spoken'>",
                "   | <UITextField: 0x7; frame = (0 0; 10 10); placeholder = 'Name'; accessibilityLabel = (null)>",
                "   | <UILabel: 0x8; frame = (0 0; 10 10); text = 'caf\\u00e9 \\ud83d\\ude00 \\xa0 \\ud83d! a\\b \\u12'>",
                "   | <UILabel: 0x9; frame = (0 0; 10 10); text = 'Don't; stop > now'; tag = 0>",
                "   | <UIView: 0xa; frame = (0 0; 10 10); accessibilityLabel = (null); accessibilityIdentifier = ''>"))
        func handles(_ id: String) throws -> (String?, String?, Int) {
            let v = try Self.view(scene, id)
            return (v.label, v.accessibilityIdentifier, v.tag)
        }
        // A button's own title wins over its title label's text; the label keeps its own.
        #expect(try handles("UIButton@0x1") == ("Own", "send", -3))
        #expect(try handles("UIButtonLabel@0x2") == ("Other", nil, 0))
        // An empty title label gives nothing.
        #expect(try handles("UIButton@0x3") == (nil, nil, 0))
        #expect(try handles("UIView@0x5") == ("Close", "close", 0))
        // The text a person reads comes before the accessibility label.
        #expect(try handles("UILabel@0x6") == ("Shown", nil, 0))
        #expect(try handles("UITextField@0x7") == ("Name", nil, 0))
        // é, a surrogate pair, a no-break space, a lone surrogate (U+FFFD); other backslashes and
        // short escapes as printed.
        #expect(try handles("UILabel@0x8").0 == "caf\u{E9} \u{1F600} \u{A0} \u{FFFD}! a\\b \\u12")
        #expect(try handles("UILabel@0x9") == ("Don't; stop > now", nil, 0))
        #expect(try handles("UIView@0xa") == (nil, nil, 0))
        // A tag that is not an integer is refused at its line.
        let error = RecursiveDescriptionImportTests.failure(
            RecursiveDescriptionImportTests.dump("   | <UIView: 0x1; frame = (0 0; 1 1); tag = seven>"))
        #expect(error?.line == 2 && error?.message.contains("tag") == true, "\(String(describing: error))")
    }

    // MARK: - uiautomator dumps

    /// The handles of each uiautomator dump, counted by a Python one-off over the raw files (each
    /// `<node …>` tag's attributes, not the importer): labels are nodes with a non-empty `text`,
    /// `content-desc` or `hint`; identifiers nodes with a non-empty `resource-id`. Attribute values
    /// may be in single quotes (uiautomator writes `text='…'` when the text holds a `"`, as two of
    /// Nora's chat messages do) and may hold `>`:
    /// ```
    /// tags = re.findall(r'<node\b(?:[^>"\']|"[^"]*"|\'[^\']*\')*>', s)
    /// a = {k: v[1:-1] for k, v in re.findall(r'\s([\w-]+)=("[^"]*"|\'[^\']*\')', tag)}
    /// ```
    /// Nora chat: 6 texts + 1 content-desc only ("Send"); Nora window: 7 + 2 ("Selected",
    /// "Rescan"); termux: 0 + 7; vivo: 43 + 16 (one of them `content-desc="null"`, kept as
    /// written). No node has a `hint`. In each dump the root's grandchild is `android:id/content`.
    static let androidCounts: [String: Counts] = [
        "nora-localagent-chat_dump.xml": Counts(labels: 7, identifiers: 1),
        "nora-localagent-window_dump.xml": Counts(labels: 9, identifiers: 1),
        "termux-flutter-ide-window_dump.xml": Counts(labels: 7, identifiers: 1),
        "vivo-launcher-current_ui.xml": Counts(labels: 59, identifiers: 38),
    ]

    /// The same counts at test time, from the raw attributes of each `<node` tag.
    static func rawAndroidCounts(_ text: String) -> Counts {
        var c = Counts()
        for tag in text.matches(of: /<node\b(?:[^>"']|"[^"]*"|'[^']*')*>/) {
            let s = tag.output
            if s.contains(/\s(?:text|content-desc|hint)=(?:"[^"]|'[^'])/) { c.labels += 1 }
            if s.contains(/\sresource-id=(?:"[^"]|'[^'])/) { c.identifiers += 1 }
        }
        return c
    }

    @Test(
        "every uiautomator dump keeps its labels and resource ids (counted from the raw file)",
        arguments: ImportLabelTests.androidCounts.keys.sorted())
    func androidDumpCounts(_ name: String) throws {
        let text = try AndroidImportTesting.text(UIAutomatorImportTests.folder, name)
        let expected = try #require(Self.androidCounts[name])
        #expect(Self.rawAndroidCounts(text) == expected, "the counts no longer match the file")
        #expect(Self.counts(try AndroidImportTesting.uiautomator(text).scene) == expected)
    }

    @Test("uiautomator spot checks: text before content-desc, entities decoded, resource ids")
    func androidSpotChecks() throws {
        func scene(_ name: String) throws -> Scene {
            try AndroidImportTesting.uiautomator(try AndroidImportTesting.text(UIAutomatorImportTests.folder, name))
                .scene
        }
        // Ids are the short class and the node's position in document order.
        // Node 13 of Nora's chat: a single-quoted text='&lt;|im_start|&gt;system&#10;You are…'.
        let chat = try scene("nora-localagent-chat_dump.xml")
        #expect(
            try Self.view(chat, "TextView#13").label?.hasPrefix("<|im_start|>system\nYou are a helpful assistant.")
                == true)
        let nora = try scene("nora-localagent-window_dump.xml")
        #expect(try Self.view(nora, "TextView#17").label == "Load Model & Start Chat")  // &amp;
        #expect(try Self.view(nora, "View#27").label == "Rescan")  // content-desc only
        #expect(try Self.view(nora, "FrameLayout#3").accessibilityIdentifier == "android:id/content")
        #expect(try Self.view(nora, "Button#28").label == nil)
        let termux = try scene("termux-flutter-ide-window_dump.xml")
        #expect(try Self.view(termux, "Button#15").label == "Explorer\nTab 1 of 3")  // &#10;
        let vivo = try scene("vivo-launcher-current_ui.xml")
        // Node 33: text="闹钟时钟" content-desc="闹钟时钟,[c1]9:54": the text wins.
        #expect(try Self.view(vivo, "TextView#33").label == "\u{95F9}\u{949F}\u{65F6}\u{949F}")
        // Node 76: leading blanks of the text are kept.
        #expect(try Self.view(vivo, "TextView#76").label?.hasPrefix("  ") == true)
        // Node 11: text="应用建议" resource-id="com.bbk.launcher2:id/card_title".
        let card = try Self.view(vivo, "TextView#11")
        #expect(card.label == "\u{5E94}\u{7528}\u{5EFA}\u{8BAE}")
        #expect(card.accessibilityIdentifier == "com.bbk.launcher2:id/card_title")
        // Node 6: content-desc="null" as the dump writes it.
        #expect(try Self.view(vivo, "FrameLayout#6").label == "null")
    }

    @Test("uiautomator crafted: hint as the last resort, empty values, Appium's page source")
    func androidCrafted() throws {
        let nodes = """
            <node class="a.EditText" bounds="[0,0][10,10]" text="" content-desc="" hint="Search" resource-id="app:id/q" />
            <node class="a.View" bounds="[0,0][10,10]" text="" content-desc="" hint="" resource-id="" />
            <node class="a.Button" bounds="[0,0][10,10]" content-desc="Go" />
            """
        let dump = "<hierarchy><node class=\"a.Root\" bounds=\"[0,0][10,10]\">\n\(nodes)\n</node></hierarchy>"
        let scene = try AndroidImportTesting.uiautomator(dump).scene
        #expect(try Self.view(scene, "EditText#2").label == "Search")
        #expect(try Self.view(scene, "EditText#2").accessibilityIdentifier == "app:id/q")
        #expect(try Self.view(scene, "View#3").label == nil)
        #expect(try Self.view(scene, "View#3").accessibilityIdentifier == nil)
        #expect(try Self.view(scene, "Button#4").label == "Go")
        // Appium names each element by its class; the attributes are the same.
        let appium = AndroidPasteImportTests.appium(
            try AndroidImportTesting.text(UIAutomatorImportTests.folder, "termux-flutter-ide-window_dump.xml"))
        #expect(Self.counts(try AndroidImportTesting.uiautomator(appium).scene) == Counts(labels: 7, identifiers: 1))
    }

    // MARK: - RICO

    @Test("RICO: text, content-desc as RICO records it (an array) or a string, resource-id; mistyped values refused")
    func rico() throws {
        func node(_ fields: String) -> String {
            "{\"class\": \"a.View\", \"bounds\": [0, 0, 10, 10]\(fields.isEmpty ? "" : ", " + fields)}"
        }
        let children = [
            node("\"text\": \"Sign in\", \"content-desc\": [\"Log in\"], \"resource-id\": \"app:id/login\""),
            node("\"text\": \"\", \"content-desc\": [null, \"\", \"Navigate up\"], \"resource-id\": null"),
            node("\"text\": null, \"content-desc\": [null]"),
            node("\"content-desc\": \"Menu\", \"resource-id\": \"\""),
            node(""),
        ]
        let json =
            "{\"activity\": {\"root\": " + node("\"children\": [\n" + children.joined(separator: ",\n") + "\n]")
            + "}}"
        let scene = try AndroidImportTesting.rico(json).scene
        func handles(_ ordinal: Int) throws -> (String?, String?) {
            let v = try Self.view(scene, "View#\(ordinal)")
            return (v.label, v.accessibilityIdentifier)
        }
        #expect(try handles(2) == ("Sign in", "app:id/login"))
        #expect(try handles(3) == ("Navigate up", nil))
        #expect(try handles(4) == (nil, nil))
        #expect(try handles(5) == ("Menu", nil))
        #expect(try handles(6) == (nil, nil))
        for (fields, fragment) in [
            ("\"text\": 5", "\"text\" to be a string"), ("\"content-desc\": [1]", "\"content-desc\" to be a string"),
            ("\"content-desc\": {}", "\"content-desc\" to be a string"),
            ("\"resource-id\": true", "\"resource-id\" to be a string"),
        ] {
            let bad = "{\"activity\": {\"root\":\n" + node(fields) + "}}"
            AndroidImportTesting.expectError(line: 2, fragment) { () throws(ImportError) in
                try AndroidImportTesting.rico(bad)
            }
        }
    }

    @Test("the RICO-format screens record no text, content-desc or resource-id, and import none")
    func ricoScreens() throws {
        for name in RicoImportTests.files {
            let text = try AndroidImportTesting.text(RicoImportTests.folder, name)
            // `grep -c '"text"\|"content-desc"\|"resource-id"' Tests/Data/rico-hitindex/*.json` is 0 for each.
            #expect(
                !text.contains("\"text\"") && !text.contains("\"content-desc\"") && !text.contains("\"resource-id\""))
            #expect(Self.counts(try AndroidImportTesting.rico(text).scene) == Counts(), "\(name)")
        }
    }

    // MARK: - Round trip

    /// Every view's id and handles, in preorder.
    static func handles(_ scene: Scene) -> [String] {
        var out: [String] = []
        scene.forEachView { v, _ in
            out.append("\(v.id)|\(v.label ?? "-")|\(v.accessibilityIdentifier ?? "-")|\(v.tag)")
        }
        return out
    }

    @Test("the handles survive SceneWriter and SceneReader on every real dump")
    func roundTrip() throws {
        var scenes: [(String, Scene)] = []
        for name in RecursiveDescriptionImportTests.samples {
            scenes.append((name, try Self.ios(try RecursiveDescriptionImportTests.text(name))))
        }
        for name in Self.androidCounts.keys.sorted() {
            let text = try AndroidImportTesting.text(UIAutomatorImportTests.folder, name)
            scenes.append((name, try AndroidImportTesting.uiautomator(text).scene))
        }
        scenes.append(
            (
                "crafted",
                try Self.ios(
                    RecursiveDescriptionImportTests.dump(
                        "   | <UIView: 0x1; frame = (0 0; 1 1); accessibilityLabel = 'Say \"hi\"\\u000a'; "
                            + "accessibilityIdentifier = 'a\\\\b'; tag = 2147483648>"))
            ))
        for (name, scene) in scenes {
            let written = try SceneWriter.string(scene)
            let read = try SceneReader.read(string: written)
            #expect(Self.handles(read) == Self.handles(scene), "\(name)")
            #expect(try SceneWriter.string(read) == written, "\(name)")
            #expect(Self.counts(read) == Self.counts(scene), "\(name)")
        }
        let crafted = try Self.view(try #require(scenes.last?.1), "UIView@0x1")
        #expect(
            crafted.label == "Say \"hi\"\n" && crafted.accessibilityIdentifier == "a\\\\b" && crafted.tag == 1 << 31)
    }
}
