import Foundation
import HitIndex
import HitIndexSceneFormat
import Testing

/// Reading scene files (scene-format.md): both forms, every default, geometry from `frame`,
/// preserved event-layer keys, JSON strings and numbers, and very deep scenes.
@Suite struct SceneFormatReadTests {
    // MARK: Forms

    @Test func nestedFormBuildsTheTreeInOrder() throws {
        let scene = try TestSupport.scene(
            """
            {"windows": [
              {"id": "W1", "level": 0, "frame": [0, 0, 375, 667], "subviews": [
                {"id": "A", "frame": [0, 0, 10, 10], "subviews": [
                  {"id": "A1", "frame": [0, 0, 1, 1]},
                  {"id": "A2", "frame": [0, 0, 1, 1]}
                ]},
                {"id": "B", "frame": [0, 0, 10, 10]}
              ]},
              {"id": "W2", "level": 1000, "frame": [0, 0, 10, 10]}
            ]}
            """)
        #expect(scene.windows.map(\.id) == ["W1", "W2"])
        #expect(scene.windows[0].windowLevel == 0)
        #expect(scene.windows[1].windowLevel == 1000)
        let w1 = scene.windows[0]
        #expect(w1.subviews.map(\.id) == ["A", "B"])  // back to front: B is the front-most
        #expect(w1.subviews[0].subviews.map(\.id) == ["A1", "A2"])
        #expect(w1.subviews[0].superview === w1)
        #expect(w1.subviews[0].subviews[1].superview === w1.subviews[0])
        #expect(w1.superview == nil)
        #expect(scene.windows[1].subviews.isEmpty)
        #expect(scene.viewCount == 6)
        #expect(scene.depth == 3)
    }

    @Test func rootShorthandIsOneWindowAtLevelZero() throws {
        let scene = try TestSupport.scene(
            """
            {"root": {"id": "R", "frame": [10, 20, 100, 200], "subviews": [{"id": "C", "frame": [1, 2, 3, 4]}]}}
            """)
        #expect(scene.windows.count == 1)
        let w = try #require(scene.windows.first)
        #expect(w.id == "R")
        #expect(w.windowLevel == 0)
        #expect(w.subviews.map(\.id) == ["C"])
        // Screen points are in the space the windows' frame is given in: center = origin + size/2.
        #expect(w.center == Point(x: 60, y: 120))
        #expect(w.bounds == Rect(x: 0, y: 0, width: 100, height: 200))
    }

    @Test func flatFormAttachesEachViewToItsParent() throws {
        let scene = try TestSupport.scene(
            """
            { "views": [
                { "id": "W", "level": 0, "frame": [0, 0, 375, 667] },
                { "id": "Button", "parent": "W", "frame": [20, 40, 100, 44] },
                { "id": "Label", "parent": "Button", "class": "UILabel", "frame": [0, 0, 100, 44] },
                { "id": "W2", "level": 2000, "frame": [0, 0, 10, 10] },
                { "id": "X", "parent": "W2", "frame": [0, 0, 1, 1] },
                { "id": "Back", "parent": "W", "frame": [0, 0, 1, 1] } ] }
            """)
        // A view without parent is a window, in the listed order.
        #expect(scene.windows.map(\.id) == ["W", "W2"])
        #expect(scene.windows[1].windowLevel == 2000)
        // Siblings are listed back to front: "Back" is listed after "Button", so it is in front.
        #expect(scene.windows[0].subviews.map(\.id) == ["Button", "Back"])
        #expect(scene.windows[0].subviews[0].subviews.map(\.id) == ["Label"])
        #expect(scene.windows[1].subviews.map(\.id) == ["X"])
        let label = try #require(scene.view(withID: "Label"))
        #expect(label.superview?.id == "Button")
        #expect(label.className == "UILabel")
        #expect(!label.isUserInteractionEnabled)
        #expect(!(label is Window))
        #expect(scene.view(withID: "Button").map { $0 is Window } == false)
    }

    static let sameSceneNested = """
        {"application": {"id": "UIApplication"},
         "windows": [
          {"id": "W", "level": 0, "frame": [0, 0, 375, 667], "windowScene": "S", "subviews": [
            {"id": "Button", "class": "UIButton", "frame": [20, 40, 100, 44], "minimumHitSize": [44, 44],
             "hitShape": {"roundedRect": 8}, "redirectTarget": "Rotated", "subviews": [
              {"id": "Label", "class": "UILabel", "frame": [0, 0, 100, 44], "alpha": 0.25}
            ]},
            {"id": "Rotated", "bounds": [1, 2, 100, 50], "center": [187.5, 300], "anchorPoint": [0.25, 1],
             "transform": [0, 1, -1, 0, 3, 4], "hidden": true, "hitTestInsets": [1, 2, 3, 4],
             "hitShape": "ellipse", "hitTestsSubviewsOutsideBounds": true, "passThrough": true,
             "userInteractionEnabled": false, "viewController": {"id": "VC"}},
            {"id": "Scrolled", "frame": [0, 100, 375, 500], "boundsOrigin": [0, 250]}
          ]},
          {"id": "Alert", "level": 2000, "bounds": [0, 0, 300, 200], "center": [187.5, 333.5]}
        ]}
        """

    static let sameSceneFlat = """
        {"views": [
          {"id": "W", "level": 0, "frame": [0, 0, 375, 667], "windowScene": "S"},
          {"id": "Button", "parent": "W", "class": "UIButton", "frame": [20, 40, 100, 44], "minimumHitSize": [44, 44],
           "hitShape": {"roundedRect": 8}, "redirectTarget": "Rotated"},
          {"id": "Label", "parent": "Button", "class": "UILabel", "frame": [0, 0, 100, 44], "alpha": 0.25},
          {"parent": "W", "id": "Rotated", "bounds": [1, 2, 100, 50], "center": [187.5, 300], "anchorPoint": [0.25, 1],
           "transform": [0, 1, -1, 0, 3, 4], "hidden": true, "hitTestInsets": [1, 2, 3, 4],
           "hitShape": "ellipse", "hitTestsSubviewsOutsideBounds": true, "passThrough": true,
           "userInteractionEnabled": false, "viewController": {"id": "VC"}},
          {"id": "Alert", "level": 2000, "bounds": [0, 0, 300, 200], "center": [187.5, 333.5]},
          {"id": "Scrolled", "parent": "W", "frame": [0, 100, 375, 500], "boundsOrigin": [0, 250]}
        ],
        "application": {"id": "UIApplication"}}
        """

    @Test func nestedAndFlatFormsOfOneSceneGiveIdenticalModels() throws {
        let nested = try TestSupport.scene(Self.sameSceneNested)
        let flat = try TestSupport.scene(Self.sameSceneFlat)
        let diffs = SceneFormatTestKit.differences(nested, flat)
        #expect(diffs.isEmpty, "\(diffs)")
        #expect(nested.viewCount == 6)
        #expect(flat.view(withID: "Button")?.redirectTarget === flat.view(withID: "Rotated"))
    }

    // MARK: Defaults (the view-key table)

    @Test func everyDefaultOfTheViewKeyTable() throws {
        let scene = try TestSupport.scene(
            """
            {"windows": [{"id": "W", "frame": [0, 0, 100, 100], "subviews": [
              {"id": "V", "frame": [1, 2, 30, 40]},
              {"id": "Label", "class": "UILabel", "frame": [0, 0, 1, 1]},
              {"id": "Image", "class": "UIImageView", "frame": [0, 0, 1, 1]},
              {"id": "TapLabel", "class": "UILabel", "userInteractionEnabled": true, "frame": [0, 0, 1, 1]},
              {"id": "TapImage", "class": "UIImageView", "userInteractionEnabled": true, "frame": [0, 0, 1, 1]},
              {"id": "Button", "class": "UIButton", "frame": [0, 0, 1, 1]},
              {"id": "OffButton", "class": "UIButton", "userInteractionEnabled": false, "frame": [0, 0, 1, 1]},
              {"id": "LabelLike", "class": "MyUILabel", "frame": [0, 0, 1, 1]},
              {"id": "LowerCase", "class": "uilabel", "frame": [0, 0, 1, 1]}
            ]}]}
            """)
        let w = try #require(scene.windows.first)
        #expect(w.windowLevel == 0)  // level defaults to 0
        #expect(w.className == "UIView")  // class defaults to "UIView", for a window too
        let v = try #require(scene.view(withID: "V"))
        #expect(v.className == "UIView")
        #expect(v.anchorPoint == Point(x: 0.5, y: 0.5))
        #expect(v.transform == .identity)
        #expect(v.isHidden == false)
        #expect(v.alpha == 1)
        #expect(v.isUserInteractionEnabled == true)
        #expect(v.hitTestInsets == EdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
        #expect(v.minimumHitSize == Size(width: 0, height: 0))
        #expect(v.hitShape == .rect)
        #expect(v.hitTestsSubviewsOutsideBounds == false)
        #expect(v.isPassThrough == false)
        #expect(v.redirectTarget == nil)
        #expect(v.subviews.isEmpty)
        #expect(v.preservedJSON.isEmpty)
        #expect(v.bounds.origin == Point(x: 0, y: 0))  // boundsOrigin defaults to [0, 0]
        #expect(scene.preservedJSON.isEmpty)
        // Class presets: UILabel and UIImageView start non-interactive unless told otherwise.
        func interactive(_ id: String) -> Bool? { scene.view(withID: id)?.isUserInteractionEnabled }
        #expect(interactive("Label") == false)
        #expect(interactive("Image") == false)
        #expect(interactive("TapLabel") == true)
        #expect(interactive("TapImage") == true)
        #expect(interactive("Button") == true)
        #expect(interactive("OffButton") == false)
        // Only the exact class names are presets.
        #expect(interactive("LabelLike") == true)
        #expect(interactive("LowerCase") == true)
    }

    // MARK: Geometry

    @Test func frameSetsCenterAndBoundsSize() throws {
        // center = origin + anchorPoint * size; bounds = (boundsOrigin, size) (semantics §2).
        let scene = try TestSupport.scene(
            """
            {"windows": [{"id": "W", "frame": [0, 0, 100, 100], "subviews": [
              {"id": "Default", "frame": [10, 20, 100, 50]},
              {"id": "Anchor01", "frame": [10, 20, 100, 50], "anchorPoint": [0, 1]},
              {"id": "AnchorFirst", "anchorPoint": [0.25, 0.75], "frame": [10, 20, 100, 50]},
              {"id": "AnchorLast", "frame": [10, 20, 100, 50], "anchorPoint": [0.25, 0.75]},
              {"id": "AnchorOutside", "frame": [10, 20, 100, 50], "anchorPoint": [2, -1]},
              {"id": "Scrolled", "frame": [10, 20, 100, 50], "boundsOrigin": [5, -7]},
              {"id": "ScrolledAnchored", "boundsOrigin": [5, -7], "anchorPoint": [0, 0], "frame": [10, 20, 100, 50]},
              {"id": "NegativeSize", "frame": [10, 20, -100, 50]},
              {"id": "IdentityGiven", "frame": [10, 20, 100, 50], "transform": [1, 0, 0, 1, 0, 0]}
            ]}]}
            """)
        func geometry(_ id: String) throws -> (center: Point, bounds: Rect, anchor: Point) {
            let v = try #require(scene.view(withID: id))
            return (v.center, v.bounds, v.anchorPoint)
        }
        #expect(try geometry("Default").center == Point(x: 60, y: 45))  // 10 + 0.5*100, 20 + 0.5*50
        #expect(try geometry("Default").bounds == Rect(x: 0, y: 0, width: 100, height: 50))
        #expect(try geometry("Anchor01").center == Point(x: 10, y: 70))  // 10 + 0*100, 20 + 1*50
        #expect(try geometry("AnchorFirst").center == Point(x: 35, y: 57.5))  // 10 + 25, 20 + 37.5
        #expect(try geometry("AnchorLast").center == Point(x: 35, y: 57.5))  // key order does not matter
        #expect(try geometry("AnchorLast").anchor == Point(x: 0.25, y: 0.75))
        #expect(try geometry("AnchorOutside").center == Point(x: 210, y: -30))  // 10 + 200, 20 - 50
        #expect(try geometry("Scrolled").bounds == Rect(x: 5, y: -7, width: 100, height: 50))
        #expect(try geometry("Scrolled").center == Point(x: 60, y: 45))  // the scroll offset does not move it
        #expect(try geometry("ScrolledAnchored").center == Point(x: 10, y: 20))
        #expect(try geometry("ScrolledAnchored").bounds == Rect(x: 5, y: -7, width: 100, height: 50))
        #expect(try geometry("NegativeSize").center == Point(x: -40, y: 45))  // 10 + 0.5*(-100)
        #expect(try geometry("NegativeSize").bounds == Rect(x: 0, y: 0, width: -100, height: 50))
        #expect(try geometry("IdentityGiven").center == Point(x: 60, y: 45))
        // The frame reads back as given (identity transform).
        #expect(scene.view(withID: "AnchorOutside")?.frame == Rect(x: 10, y: 20, width: 100, height: 50))
        #expect(scene.view(withID: "ScrolledAnchored")?.frame == Rect(x: 10, y: 20, width: 100, height: 50))
    }

    @Test func boundsAndCenterAreTakenAsGiven() throws {
        let scene = try TestSupport.scene(
            """
            {"root": {"id": "W", "bounds": [-3, 4, 30, 40], "center": [5, 6], "subviews": [
              {"id": "V", "center": [7.5, -8], "bounds": [1, 2, 3, 4], "anchorPoint": [0, 0],
               "transform": [0.5, 0.25, -0.25, 2, 10, -20]}
            ]}}
            """)
        let w = try #require(scene.windows.first)
        #expect(w.bounds == Rect(x: -3, y: 4, width: 30, height: 40))
        #expect(w.center == Point(x: 5, y: 6))
        let v = try #require(scene.view(withID: "V"))
        #expect(v.bounds == Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(v.center == Point(x: 7.5, y: -8))
        #expect(v.anchorPoint == Point(x: 0, y: 0))
        #expect(v.transform == AffineTransform(a: 0.5, b: 0.25, c: -0.25, d: 2, tx: 10, ty: -20))
    }

    @Test func everyAttributeIsRead() throws {
        let scene = try TestSupport.scene(
            """
            {"windows": [{"id": "W", "level": -5.5, "frame": [0, 0, 10, 10], "subviews": [
              {"id": "T", "frame": [0, 0, 1, 1]},
              {"id": "V", "class": "Custom", "frame": [0, 0, 1, 1], "hidden": true, "alpha": 0.25,
               "userInteractionEnabled": false, "hitTestInsets": [1, -2, 3.5, -4], "minimumHitSize": [44, 30],
               "hitTestsSubviewsOutsideBounds": true, "passThrough": true, "redirectTarget": "T"}
            ]}]}
            """)
        #expect(scene.windows[0].windowLevel == -5.5)
        let v = try #require(scene.view(withID: "V"))
        #expect(v.className == "Custom")
        #expect(v.isHidden)
        #expect(v.alpha == 0.25)
        #expect(!v.isUserInteractionEnabled)
        #expect(v.hitTestInsets == EdgeInsets(top: 1, left: -2, bottom: 3.5, right: -4))
        #expect(v.minimumHitSize == Size(width: 44, height: 30))
        #expect(v.hitTestsSubviewsOutsideBounds)
        #expect(v.isPassThrough)
        #expect(v.redirectTarget === scene.view(withID: "T"))
    }

    @Test func redirectTargetMayNameAnyViewOfTheScene() throws {
        // A later view, an ancestor, the view itself, and a view of another window.
        let scene = try TestSupport.scene(
            """
            {"windows": [
              {"id": "W1", "frame": [0, 0, 10, 10], "redirectTarget": "Far", "subviews": [
                {"id": "A", "frame": [0, 0, 1, 1], "redirectTarget": "B"},
                {"id": "B", "frame": [0, 0, 1, 1], "redirectTarget": "W1"},
                {"id": "C", "frame": [0, 0, 1, 1], "redirectTarget": "C"}
              ]},
              {"id": "W2", "frame": [0, 0, 10, 10], "subviews": [{"id": "Far", "frame": [0, 0, 1, 1]}]}
            ]}
            """)
        #expect(scene.view(withID: "A")?.redirectTarget === scene.view(withID: "B"))
        #expect(scene.view(withID: "B")?.redirectTarget === scene.windows[0])
        #expect(scene.view(withID: "C")?.redirectTarget === scene.view(withID: "C"))
        #expect(scene.windows[0].redirectTarget === scene.view(withID: "Far"))
    }

    @Test func hitShapeForms() throws {
        let scene = try TestSupport.scene(
            """
            {"root": {"id": "W", "frame": [0, 0, 10, 10], "subviews": [
              {"id": "Rect", "frame": [0, 0, 1, 1], "hitShape": "rect"},
              {"id": "Ellipse", "frame": [0, 0, 1, 1], "hitShape": "ellipse"},
              {"id": "Rounded", "frame": [0, 0, 1, 1], "hitShape": {"roundedRect": 12.5}},
              {"id": "RoundedZero", "frame": [0, 0, 1, 1], "hitShape": {"roundedRect": 0}},
              {"id": "RoundedSpaced", "frame": [0, 0, 1, 1], "hitShape": { "roundedRect" :
                 3e1 }},
              {"id": "Default", "frame": [0, 0, 1, 1]}
            ]}}
            """)
        #expect(scene.view(withID: "Rect")?.hitShape == .rect)
        #expect(scene.view(withID: "Ellipse")?.hitShape == .ellipse)
        #expect(scene.view(withID: "Rounded")?.hitShape == .roundedRect(radius: 12.5))
        #expect(scene.view(withID: "RoundedZero")?.hitShape == .roundedRect(radius: 0))
        #expect(scene.view(withID: "RoundedSpaced")?.hitShape == .roundedRect(radius: 30))
        #expect(scene.view(withID: "Default")?.hitShape == .rect)
    }

    // MARK: The event layer's keys

    @Test func eventLayerKeysArePreservedVerbatim() throws {
        let vc = "{\"id\": \"VC\", \"handlesTouches\": \"consume\"}"
        let gestures = """
            [{"id": "tap", "kind": "tap", "cancelsTouchesInView": false,
                 "delaysTouchesBegan": true, "delaysTouchesEnded": false, "taps": 2}]
            """
        let application = "{\"id\": \"UIApplication\", \"delegate\": \"AppDelegate\", \"delegateIsResponder\": false}"
        let json = """
            {"application":   \(application)  ,
             "windows": [
              {"id": "W", "frame": [0, 0, 10, 10], "windowScene": "Scene1", "subviews": [
                {"id": "Root", "frame": [0, 0, 10, 10], "viewController": \(vc),
                 "gestureRecognizers": \(gestures), "handlesTouches": "forward",
                 "multipleTouchEnabled": true, "exclusiveTouch": false},
                {"id": "Modal", "frame": [0, 0, 10, 10], "viewController":"VC2", "presentedBy": "VC"}
              ]}
            ]}
            """
        let scene = try TestSupport.scene(json)
        #expect(scene.preservedJSON == ["application": application])
        #expect(scene.windows[0].preservedJSON == ["windowScene": "\"Scene1\""])
        let root = try #require(scene.view(withID: "Root"))
        #expect(root.preservedJSON["viewController"] == vc)
        #expect(root.preservedJSON["gestureRecognizers"] == gestures)
        #expect(root.preservedJSON["handlesTouches"] == "\"forward\"")
        #expect(root.preservedJSON["multipleTouchEnabled"] == "true")
        #expect(root.preservedJSON["exclusiveTouch"] == "false")
        #expect(root.preservedJSON.count == 5)
        let modal = try #require(scene.view(withID: "Modal"))
        #expect(modal.preservedJSON == ["viewController": "\"VC2\"", "presentedBy": "\"VC\""])
        // The event-layer keys change nothing in the hit-testing model.
        #expect(root.isUserInteractionEnabled && !root.isHidden && root.alpha == 1)
    }

    @Test func eventLayerKeysInTheFlatForm() throws {
        let scene = try TestSupport.scene(
            """
            {"views": [
              {"id": "W", "frame": [0, 0, 10, 10], "windowScene": "S"},
              {"id": "V", "parent": "W", "frame": [0, 0, 1, 1], "gestureRecognizers": [], "viewController": "VC"}
            ], "application": {"id": "App"}}
            """)
        #expect(scene.preservedJSON == ["application": "{\"id\": \"App\"}"])
        #expect(scene.windows[0].preservedJSON == ["windowScene": "\"S\""])
        #expect(scene.view(withID: "V")?.preservedJSON == ["gestureRecognizers": "[]", "viewController": "\"VC\""])
    }

    @Test func deeplyNestedPreservedValuesAreSkippedWithoutRecursion() throws {
        let depth = 100_000
        let value = String(repeating: "[", count: depth) + "{\"k\": 1}" + String(repeating: "]", count: depth)
        let json = """
            {"application": \(value),
             "root": {"id": "W", "frame": [0, 0, 1, 1], "gestureRecognizers": \(value)}}
            """
        let scene = try TestSupport.scene(json)
        #expect(scene.preservedJSON["application"] == value)
        #expect(scene.windows[0].preservedJSON["gestureRecognizers"] == value)
    }

    // MARK: JSON strings

    @Test func stringEscapes() throws {
        let cases: [(json: String, expected: String)] = [
            (#"q\"uote"#, "q\"uote"),
            (#"back\\slash"#, "back\\slash"),
            (#"sl\/ash"#, "sl/ash"),
            (#"\b\f\n\r\t"#, "\u{8}\u{C}\n\r\t"),
            (#"\u0041\u00e9\u00E9"#, "Aéé"),
            (#"\u20AC"#, "€"),
            (#"\u0000x"#, "\u{0}x"),
            (#"\ud83d\ude00"#, "😀"),  // surrogate pair -> U+1F600
            (#"\uD834\uDD1E"#, "𝄞"),  // U+1D11E, uppercase hex
            (#"a\uD83D\uDE00b\u00e9"#, "a😀bé"),
            ("raw é 😀 日本", "raw é 😀 日本"),  // raw UTF-8 passes through
            ("\u{7F}", "\u{7F}"),  // DEL is not a control character in JSON
        ]
        for (k, c) in cases.enumerated() {
            let json = "{\"root\": {\"id\": \"\(c.json)\", \"frame\": [0, 0, 1, 1], \"class\": \"C\(c.json)\"}}"
            let scene = try TestSupport.scene(json)
            #expect(scene.windows[0].id == c.expected, "case \(k): \(c.json)")
            #expect(scene.windows[0].className == "C" + c.expected, "case \(k): \(c.json)")
        }
    }

    @Test func escapedKeysAreTheSameKeys() throws {
        // "\u0069d" is "id" and "fr\u0061me" is "frame": keys are compared after unescaping.
        let scene = try TestSupport.scene(#"{"root": {"\u0069d": "W", "fr\u0061me": [0, 0, 2, 2]}}"#)
        #expect(scene.windows[0].id == "W")
        #expect(scene.windows[0].center == Point(x: 1, y: 1))
    }

    @Test func whitespaceIsAnyOfTheFourJSONWhitespaceBytes() throws {
        let json = "\r\n\t {\t\"root\"\r\n:\n{ \"id\" :\t\"W\" ,\r\n \"frame\"\t:\t[ 0 ,\n0,\r\n1 ,1\t]\t}\n}\r\n\t "
        let scene = try TestSupport.scene(json)
        #expect(scene.windows[0].bounds.size == Size(width: 1, height: 1))
    }

    // MARK: Numbers

    struct NumberCase: Sendable, CustomTestStringConvertible {
        let text: String
        let expected: Double
        var testDescription: String { text }
    }

    /// Each text must parse to the correctly rounded Double (round-half-to-even), written here as
    /// a Swift literal (the compiler rounds literals correctly) or in hexadecimal where the
    /// rounding is the point.
    static let numberCases: [NumberCase] = [
        NumberCase(text: "0", expected: 0),
        NumberCase(text: "-0", expected: -0.0),
        NumberCase(text: "-0.0", expected: -0.0),
        NumberCase(text: "-0e5", expected: -0.0),
        NumberCase(text: "0e-5", expected: 0),
        NumberCase(text: "1E2", expected: 100),
        NumberCase(text: "1e+2", expected: 100),
        NumberCase(text: "1e-0", expected: 1),
        NumberCase(text: "1.5e-3", expected: 0.0015),
        NumberCase(text: "-2.5E-1", expected: -0.25),
        NumberCase(text: "0.1", expected: 0.1),
        NumberCase(text: "0.30000000000000004", expected: 0.30000000000000004),
        NumberCase(text: "123.456e-2", expected: 1.23456),
        NumberCase(text: "1e22", expected: 1e22),
        NumberCase(text: "1e-22", expected: 1e-22),
        NumberCase(text: "1e23", expected: 1e23),
        NumberCase(text: "8.98846567431158e307", expected: 8.98846567431158e307),
        NumberCase(text: "123456789012345678", expected: 123456789012345678.0),
        NumberCase(text: "12345678901234567890123e-20", expected: 123.45678901234567890123),
        NumberCase(text: "0.0000000000000000000000000000000000001", expected: 1e-37),
        // 2^53 + 1 lies halfway between 2^53 and 2^53 + 2: ties go to the even significand, 2^53.
        NumberCase(text: "9007199254740993", expected: 0x1p53),
        // 2^53 + 3 lies halfway between 2^53 + 2 (odd significand) and 2^53 + 4 (even).
        NumberCase(text: "9007199254740995", expected: 0x1p53 + 4),
        // Just above the halfway point: rounds up. Only the 35th significant digit says so.
        NumberCase(text: "9007199254740993.0000000000000000001", expected: 0x1p53 + 2),
        // The exact decimal value of 1 + 2^-53 (halfway between 1 and 1 + 2^-52): ties to even, 1.
        NumberCase(text: "1.00000000000000011102230246251565404236316680908203125", expected: 1),
        // One unit in the last (56th) digit above halfway: 1 + 2^-52.
        NumberCase(text: "1.00000000000000011102230246251565404236316680908203126", expected: 0x1.0000000000001p0),
        // The exact decimal expansion of the Double 0.1.
        NumberCase(text: "0.1000000000000000055511151231257827021181583404541015625", expected: 0.1),
        NumberCase(text: "18446744073709551615", expected: 0x1p64),  // 2^64 - 1 rounds to 2^64
        NumberCase(text: "18446744073709551616", expected: 0x1p64),
        NumberCase(text: "-9223372036854775809", expected: -0x1p63),
        NumberCase(
            text: "100000000000000000000000000000000000000000000000000000000000000000000000000000000",
            expected: 1e80),
        NumberCase(text: "1.7976931348623157e308", expected: .greatestFiniteMagnitude),
        // Below max + half an ulp (1.797693134862315807937...e308): still the largest finite Double.
        NumberCase(text: "1.7976931348623158e308", expected: .greatestFiniteMagnitude),
        // The largest subnormal.
        NumberCase(text: "2.2250738585072011e-308", expected: Double.leastNormalMagnitude.nextDown),
        NumberCase(text: "2.2250738585072012e-308", expected: 0x1p-1022),  // smallest normal
        NumberCase(text: "4.9e-324", expected: .leastNonzeroMagnitude),
        NumberCase(text: "3e-324", expected: .leastNonzeroMagnitude),  // above half of 4.94e-324: rounds up
        NumberCase(text: "2e-324", expected: 0),  // below half: rounds to zero
        NumberCase(text: "1e-400", expected: 0),
        NumberCase(text: "-1e-400", expected: -0.0),
        NumberCase(text: "0.000001e-300", expected: 1e-306),
        NumberCase(text: "1000000000000000000000.0000000000000000000000001", expected: 1e21),
    ]

    @Test(arguments: numberCases)
    func numbersParseToTheCorrectlyRoundedDouble(_ c: NumberCase) throws {
        // In an array (frame/bounds), alone (level), and in a hitShape object (radius, when >= 0).
        let scene = try TestSupport.scene(
            """
            {"windows": [{"id": "W", "level": \(c.text), "bounds": [\(c.text), 0, 1, 1], "center": [0, \(c.text)],
              "subviews": [{"id": "V", "bounds": [0, 0, 1, 1], "center": [0, 0], "transform": [1, 0, 0, 1, \(c.text), 0]}]}]}
            """)
        let w = scene.windows[0]
        let bits = c.expected.bitPattern
        #expect(w.windowLevel.bitPattern == bits, "level: \(w.windowLevel) vs \(c.expected)")
        #expect(w.bounds.origin.x.bitPattern == bits, "bounds.x: \(w.bounds.origin.x) vs \(c.expected)")
        #expect(w.center.y.bitPattern == bits, "center.y: \(w.center.y) vs \(c.expected)")
        let tx = scene.view(withID: "V")?.transform.tx
        #expect(tx?.bitPattern == bits, "tx: \(String(describing: tx)) vs \(c.expected)")
        if c.expected >= 0 {
            let r = try TestSupport.scene(
                """
                {"root": {"id": "W", "frame": [0, 0, 1, 1], "hitShape": {"roundedRect": \(c.text)}}}
                """)
            if case .roundedRect(let radius) = r.windows[0].hitShape {
                #expect(radius.bitPattern == bits, "radius: \(radius) vs \(c.expected)")
            } else {
                Issue.record("hitShape not read as roundedRect")
            }
        }
    }

    @Test func alphaIsStoredAsTheFloatOfTheNumber() throws {
        let cases: [(String, Float)] = [
            ("0.01", 0.01), ("0.011", 0.011), ("0.1", 0.1), ("1", 1), ("0", 0), ("0.5", 0.5),
            ("0.3333333333333333", Float(1) / 3), ("2", 2), ("1e-45", .leastNonzeroMagnitude),
            ("3.4028234663852886e38", .greatestFiniteMagnitude),
        ]
        for (text, expected) in cases {
            let scene = try TestSupport.scene(
                "{\"root\": {\"id\": \"W\", \"frame\": [0, 0, 1, 1], \"alpha\": \(text)}}")
            #expect(
                scene.windows[0].alpha.bitPattern == expected.bitPattern, "alpha \(text): \(scene.windows[0].alpha)")
        }
        // 0.01 as Float is 0.0099999998 (semantics §3): the stored value is below 0.01.
        let s = try TestSupport.scene("{\"root\": {\"id\": \"W\", \"frame\": [0, 0, 1, 1], \"alpha\": 0.01}}")
        #expect(Double(s.windows[0].alpha) < 0.01)
    }

    // MARK: Depth

    @Test func flatChainOneHundredThousandDeep() throws {
        let n = 100_000
        var json = "{\"views\": [\n{\"id\": \"v0\", \"frame\": [0, 0, 10, 10]}"
        json.reserveCapacity(n * 60)
        for k in 1..<n {
            json += ",\n{\"id\": \"v\(k)\", \"parent\": \"v\(k - 1)\", \"frame\": [0, 0, 10, 10]}"
        }
        json += "\n]}"
        let scene = try TestSupport.scene(json)
        #expect(scene.windows.count == 1)
        #expect(scene.viewCount == n)
        #expect(scene.depth == n)
        var v: View = scene.windows[0]
        var k = 0
        var chainIsIntact = true
        while let next = v.subviews.first {
            k += 1
            if v.subviews.count != 1 || next.id != "v\(k)" || next.superview !== v { chainIsIntact = false }
            v = next
        }
        #expect(chainIsIntact)
        #expect(k == n - 1)
        #expect(v.id == "v\(n - 1)")
    }

    @Test func nestedChainTwentyThousandDeep() throws {
        let n = 20_000
        var json = "{\"windows\": ["
        json.reserveCapacity(n * 70)
        for k in 0..<n {
            json += "{\"id\": \"v\(k)\", \"frame\": [0, 0, 10, 10], \"subviews\": ["
        }
        json += "{\"id\": \"leaf\", \"frame\": [1, 1, 1, 1]}"
        for k in (0..<n).reversed() {
            // Keys after the subviews must still be read: put the class of each view last.
            json += "], \"class\": \"C\(k)\"}"
        }
        json += "]}"
        let scene = try TestSupport.scene(json)
        #expect(scene.viewCount == n + 1)
        #expect(scene.depth == n + 1)
        var v: View = scene.windows[0]
        var k = 0
        var intact = v.id == "v0" && v.className == "C0"
        while let next = v.subviews.first {
            k += 1
            if v.subviews.count != 1 || next.superview !== v { intact = false }
            if k < n && (next.id != "v\(k)" || next.className != "C\(k)") { intact = false }
            v = next
        }
        #expect(intact)
        #expect(v.id == "leaf")
        #expect(v.center == Point(x: 1.5, y: 1.5))
    }
}
