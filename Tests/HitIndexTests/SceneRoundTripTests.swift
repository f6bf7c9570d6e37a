import Foundation
import HitIndex
import HitIndexFixtures
import HitIndexSceneFormat
import Testing

/// Structural comparison of two scenes, attribute by attribute, comparing every `Double` (and the
/// `Float` alpha) by bit pattern. Shared by the scene-format and CLI suites.
enum SceneFormatTestKit {
    /// Up to `limit` human-readable differences between `a` and `b`; empty when they are the same
    /// scene. Iterative, so any depth is fine.
    static func differences(_ a: Scene, _ b: Scene, limit: Int = 8) -> [String] {
        var found: [String] = []
        func note(_ s: String) { if found.count < limit { found.append(s) } }

        if a.windows.count != b.windows.count {
            note("window count \(a.windows.count) vs \(b.windows.count)")
        }
        if a.preservedJSON != b.preservedJSON {
            note("scene preservedJSON \(a.preservedJSON) vs \(b.preservedJSON)")
        }
        var membersOfB = Set<ObjectIdentifier>()
        b.forEachView { v, _ in membersOfB.insert(ObjectIdentifier(v)) }

        var stack: [(View, View, View?)] = zip(a.windows, b.windows).reversed().map { ($0, $1, nil) }
        while let (x, y, parentOfY) = stack.popLast(), found.count < limit {
            let at = "view \"\(x.id)\""
            func bits(_ name: String, _ p: Double, _ q: Double) {
                if p.bitPattern != q.bitPattern {
                    note(
                        "\(at): \(name) \(p) (0x\(String(p.bitPattern, radix: 16))) vs \(q) (0x\(String(q.bitPattern, radix: 16)))"
                    )
                }
            }
            func same<T: Equatable>(_ name: String, _ p: T, _ q: T) {
                if p != q { note("\(at): \(name) \(p) vs \(q)") }
            }
            same("id", x.id, y.id)
            same("class", x.className, y.className)
            same("is a window", x is Window, y is Window)
            if let wx = x as? Window, let wy = y as? Window { bits("level", wx.windowLevel, wy.windowLevel) }
            if y.superview !== parentOfY { note("\(at): superview is not the parent it was listed under") }
            bits("bounds.x", x.bounds.origin.x, y.bounds.origin.x)
            bits("bounds.y", x.bounds.origin.y, y.bounds.origin.y)
            bits("bounds.width", x.bounds.size.width, y.bounds.size.width)
            bits("bounds.height", x.bounds.size.height, y.bounds.size.height)
            bits("center.x", x.center.x, y.center.x)
            bits("center.y", x.center.y, y.center.y)
            bits("anchorPoint.x", x.anchorPoint.x, y.anchorPoint.x)
            bits("anchorPoint.y", x.anchorPoint.y, y.anchorPoint.y)
            bits("transform.a", x.transform.a, y.transform.a)
            bits("transform.b", x.transform.b, y.transform.b)
            bits("transform.c", x.transform.c, y.transform.c)
            bits("transform.d", x.transform.d, y.transform.d)
            bits("transform.tx", x.transform.tx, y.transform.tx)
            bits("transform.ty", x.transform.ty, y.transform.ty)
            same("hidden", x.isHidden, y.isHidden)
            if x.alpha.bitPattern != y.alpha.bitPattern {
                note(
                    "\(at): alpha \(x.alpha) (0x\(String(x.alpha.bitPattern, radix: 16))) vs \(y.alpha) (0x\(String(y.alpha.bitPattern, radix: 16)))"
                )
            }
            same("userInteractionEnabled", x.isUserInteractionEnabled, y.isUserInteractionEnabled)
            bits("hitTestInsets.top", x.hitTestInsets.top, y.hitTestInsets.top)
            bits("hitTestInsets.left", x.hitTestInsets.left, y.hitTestInsets.left)
            bits("hitTestInsets.bottom", x.hitTestInsets.bottom, y.hitTestInsets.bottom)
            bits("hitTestInsets.right", x.hitTestInsets.right, y.hitTestInsets.right)
            bits("minimumHitSize.width", x.minimumHitSize.width, y.minimumHitSize.width)
            bits("minimumHitSize.height", x.minimumHitSize.height, y.minimumHitSize.height)
            switch (x.hitShape, y.hitShape) {
            case (.rect, .rect), (.ellipse, .ellipse): break
            case (.roundedRect(let r1), .roundedRect(let r2)): bits("roundedRect radius", r1, r2)
            default: note("\(at): hitShape \(x.hitShape) vs \(y.hitShape)")
            }
            same("hitTestsSubviewsOutsideBounds", x.hitTestsSubviewsOutsideBounds, y.hitTestsSubviewsOutsideBounds)
            same("passThrough", x.isPassThrough, y.isPassThrough)
            same("redirectTarget", x.redirectTarget?.id, y.redirectTarget?.id)
            if let t = y.redirectTarget, !membersOfB.contains(ObjectIdentifier(t)) {
                note("\(at): redirectTarget \"\(t.id)\" is not a view of the second scene")
            }
            same("preservedJSON", x.preservedJSON, y.preservedJSON)
            same("subview ids", x.subviews.map(\.id), y.subviews.map(\.id))
            if x.subviews.count == y.subviews.count {
                for (s, t) in zip(x.subviews, y.subviews).reversed() { stack.append((s, t, y)) }
            }
        }
        return found
    }

    /// Writes `scene` in `form` and reads it back, recording an issue if either step fails.
    static func roundTrip(
        _ scene: Scene, form: SceneWriter.Form, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (text: String, scene: Scene) {
        let text = try SceneWriter.string(scene, form: form)
        let back = try SceneReader.read(string: text, file: "roundtrip.json")
        return (text, back)
    }
}

@Suite struct SceneRoundTripTests {
    static let forms: [SceneWriter.Form] = [.nested, .flat, .automatic]

    // MARK: Generated scenes

    @Test(arguments: SceneShape.allCases, [SceneWriter.Form.nested, .flat, .automatic])
    func generatedScenesRoundTripBitExactly(shape: SceneShape, form: SceneWriter.Form) throws {
        for count in [1, 7, 150, 1200] {
            for seed: UInt64 in [1, 42, 0xFFFF_FFFF_FFFF_FFFF] {
                let scene = shape.generate(count: count, seed: seed)
                let context = "shape \(shape), count \(count), seed \(seed), form \(form)"
                let (text, back) = try SceneFormatTestKit.roundTrip(scene, form: form)
                let diffs = SceneFormatTestKit.differences(scene, back)
                #expect(diffs.isEmpty, "\(context): \(diffs.joined(separator: "; "))")
                // Writing the read-back scene gives the same bytes: nothing drifts on a second trip.
                let again = try SceneWriter.string(back, form: form)
                #expect(again == text, "\(context): second write differs from the first")
                switch form {
                case .flat:
                    #expect(text.contains("\"views\""), "\(context)")
                    #expect(!text.contains("\"subviews\""), "\(context)")
                case .nested:
                    #expect(text.contains("\"windows\""), "\(context)")
                    #expect(!text.contains("\"parent\""), "\(context)")
                case .automatic:
                    // scene-format.md: the flat form for anything deeper than 100 levels.
                    if scene.depth > 100 {
                        #expect(text.contains("\"views\""), "\(context): depth \(scene.depth) must be written flat")
                    }
                }
            }
        }
    }

    @Test func nestedAndFlatWritingsReadToTheSameScene() throws {
        for shape in SceneShape.allCases {
            for seed: UInt64 in [3, 77] {
                let scene = shape.generate(count: 300, seed: seed)
                let nested = try SceneFormatTestKit.roundTrip(scene, form: .nested).scene
                let flat = try SceneFormatTestKit.roundTrip(scene, form: .flat).scene
                let diffs = SceneFormatTestKit.differences(nested, flat)
                #expect(diffs.isEmpty, "shape \(shape), seed \(seed): \(diffs)")
            }
        }
    }

    // MARK: Random bit patterns

    /// A scene whose every number is a random finite bit pattern (any exponent, subnormals, -0.0),
    /// with random flags, shapes, classes, ids that need escaping, preserved keys and redirects.
    static func randomBitScene(seed: UInt64, views: Int) -> Scene {
        var rng = SeededGenerator(seed: seed)
        func anyDouble() -> Double {
            while true {
                let d = Double(bitPattern: rng.next())
                if d.isFinite { return d }
            }
        }
        func niceOrAny() -> Double {
            // Mix in ordinary values so that the frame form is exercised too.
            rng.chance(0.5) ? anyDouble() : rng.pick([0, -0.0, 0.1, 1.0 / 3, 1e-300, 5e20, 44, -7.25, 0.5])
        }
        func nonNegative() -> Double { abs(niceOrAny()) }
        func alpha() -> Float {
            while true {
                let f = Float(bitPattern: UInt32(truncatingIfNeeded: rng.next()) & 0x7FFF_FFFF)
                if f.isFinite { return rng.chance(0.5) ? f : rng.pick([0, 0.01, 0.5, 1, Float(1) / 3]) }
            }
        }
        let awkwardIDPieces = ["a", "\"", "\\", "/", "\n", "\t", "\u{1}", "é", "😀", " ", "{", "]", ","]
        func id(_ k: Int) -> String {
            var s = "v\(k)-"
            for _ in 0..<rng.int(in: 0...3) { s += rng.pick(awkwardIDPieces) }
            return s
        }
        let classes = ["UIView", "UILabel", "UIImageView", "UIButton", "My\"Class"]
        let preservedSnippets: [(String, String)] = [
            ("viewController", "\"VC\""),
            ("viewController", "{\"id\": \"VC2\", \"handlesTouches\": \"consume\"}"),
            ("handlesTouches", "\"forward\""),
            ("multipleTouchEnabled", "true"),
            ("exclusiveTouch", "false"),
            ("gestureRecognizers", "[{\"id\": \"tap\", \"kind\": \"tap\", \"cancelsTouchesInView\": false}]"),
        ]
        func decorate(_ v: View) {
            if rng.chance(0.3) { v.anchorPoint = Point(x: niceOrAny(), y: niceOrAny()) }
            if rng.chance(0.4) {
                v.transform = AffineTransform(
                    a: niceOrAny(), b: niceOrAny(), c: niceOrAny(), d: niceOrAny(), tx: niceOrAny(), ty: niceOrAny())
            }
            v.isHidden = rng.chance(0.2)
            if rng.chance(0.5) { v.alpha = alpha() }
            if rng.chance(0.3) { v.isUserInteractionEnabled.toggle() }
            if rng.chance(0.3) {
                v.hitTestInsets = EdgeInsets(
                    top: anyDouble(), left: anyDouble(), bottom: anyDouble(), right: anyDouble())
            }
            if rng.chance(0.3) { v.minimumHitSize = Size(width: niceOrAny(), height: niceOrAny()) }
            switch rng.int(below: 3) {
            case 0: v.hitShape = .rect
            case 1: v.hitShape = .ellipse
            default: v.hitShape = .roundedRect(radius: nonNegative())
            }
            v.hitTestsSubviewsOutsideBounds = rng.chance(0.3)
            v.isPassThrough = rng.chance(0.3)
            if rng.chance(0.3) {
                let (key, value) = rng.pick(preservedSnippets)
                v.preservedJSON[key] = value
            }
        }
        var all: [View] = []
        var windows: [Window] = []
        for k in 0..<rng.int(in: 1...3) {
            let w = Window(
                id: "w\(k)-" + rng.pick(awkwardIDPieces), className: rng.pick(["UIView", "UIWindow"]),
                bounds: Rect(x: niceOrAny(), y: niceOrAny(), width: niceOrAny(), height: niceOrAny()),
                center: Point(x: niceOrAny(), y: niceOrAny()), level: niceOrAny())
            if rng.chance(0.5) { w.preservedJSON["windowScene"] = "\"scene-\(k)\"" }
            decorate(w)
            windows.append(w)
            all.append(w)
        }
        for k in 0..<views {
            let v = View(
                id: id(k), className: rng.pick(classes),
                bounds: Rect(x: niceOrAny(), y: niceOrAny(), width: niceOrAny(), height: niceOrAny()),
                center: Point(x: niceOrAny(), y: niceOrAny()))
            decorate(v)
            rng.pick(all).addSubview(v)
            all.append(v)
        }
        for v in all where rng.chance(0.1) { v.redirectTarget = rng.pick(all) }
        let scene = Scene(windows: windows)
        if rng.chance(0.5) {
            scene.preservedJSON["application"] = "{\"id\": \"UIApplication\", \"delegate\": \"AppDelegate\"}"
        }
        return scene
    }

    @Test(arguments: [SceneWriter.Form.nested, .flat])
    func randomBitPatternScenesRoundTrip(form: SceneWriter.Form) throws {
        for seed: UInt64 in 1...40 {
            let scene = Self.randomBitScene(seed: seed, views: 60)
            try scene.validate()
            let (_, back) = try SceneFormatTestKit.roundTrip(scene, form: form)
            let diffs = SceneFormatTestKit.differences(scene, back)
            #expect(diffs.isEmpty, "seed \(seed), form \(form): \(diffs.joined(separator: "; "))")
        }
    }

    // MARK: Awkward numbers, one field at a time

    struct Awkward: Sendable, CustomTestStringConvertible {
        let name: String
        let apply: @Sendable (View, Window) -> Void
        var testDescription: String { name }
    }

    static let awkwardCases: [Awkward] = [
        Awkward(name: "frame origin 0.1 and size 1/3 (frame form)") { v, _ in
            v.frame = Rect(x: 0.1, y: 0.2, width: 1.0 / 3, height: 2.0 / 3)
        },
        Awkward(name: "center 0.1, 1/3 (explicit form)") { v, _ in v.center = Point(x: 0.1, y: 1.0 / 3) },
        Awkward(name: "center -0.0") { v, _ in
            v.bounds = Rect(x: 0, y: 0, width: 0, height: 0)
            v.center = Point(x: -0.0, y: -0.0)
        },
        Awkward(name: "bounds origin -0.0 with a frame") { v, _ in
            v.bounds.origin = Point(x: -0.0, y: -0.0)
        },
        Awkward(name: "bounds size -0.0") { v, _ in v.bounds.size = Size(width: -0.0, height: 10) },
        Awkward(name: "1e-300 and 5e20") { v, _ in
            v.bounds = Rect(x: 1e-300, y: 5e20, width: 5e20, height: 1e-300)
            v.center = Point(x: -1e-300, y: -5e20)
        },
        Awkward(name: "subnormal and extreme magnitudes") { v, _ in
            v.bounds = Rect(
                x: Double.leastNonzeroMagnitude, y: -Double.greatestFiniteMagnitude,
                width: Double.leastNormalMagnitude.nextDown,
                height: Double.greatestFiniteMagnitude)
            v.center = Point(x: 9007199254740993.0, y: 123456789012345678901234567890.0)
        },
        Awkward(name: "anchorPoint 1/3, 0.1") { v, _ in v.anchorPoint = Point(x: 1.0 / 3, y: 0.1) },
        Awkward(name: "transform with 1/3 and 1e-300") { v, _ in
            v.transform = AffineTransform(a: 1.0 / 3, b: 1e-300, c: -0.1, d: 5e20, tx: -0.0, ty: 0.1)
        },
        Awkward(name: "identity transform spelled with -0.0") { v, _ in
            v.transform = AffineTransform(a: 1, b: -0.0, c: -0.0, d: 1, tx: -0.0, ty: -0.0)
        },
        Awkward(name: "hitTestInsets -0.0") { v, _ in
            v.hitTestInsets = EdgeInsets(top: -0.0, left: -0.0, bottom: -0.0, right: -0.0)
        },
        Awkward(name: "hitTestInsets 0.1, 1/3, -1e-300, 5e20") { v, _ in
            v.hitTestInsets = EdgeInsets(top: 0.1, left: 1.0 / 3, bottom: -1e-300, right: 5e20)
        },
        Awkward(name: "minimumHitSize -0.0") { v, _ in v.minimumHitSize = Size(width: -0.0, height: -0.0) },
        Awkward(name: "minimumHitSize 0.1, 1/3") { v, _ in v.minimumHitSize = Size(width: 0.1, height: 1.0 / 3) },
        Awkward(name: "alpha 0.01 as Float") { v, _ in v.alpha = 0.01 },
        Awkward(name: "alpha 0.1 as Float") { v, _ in v.alpha = 0.1 },
        Awkward(name: "alpha 1/3 as Float") { v, _ in v.alpha = Float(1) / 3 },
        Awkward(name: "alpha 0") { v, _ in v.alpha = 0 },
        Awkward(name: "alpha smallest subnormal Float") { v, _ in v.alpha = .leastNonzeroMagnitude },
        Awkward(name: "alpha largest Float") { v, _ in v.alpha = .greatestFiniteMagnitude },
        Awkward(name: "alpha next Float above 1") { v, _ in v.alpha = Float(1).nextUp },
        Awkward(name: "roundedRect radius 1/3") { v, _ in v.hitShape = .roundedRect(radius: 1.0 / 3) },
        Awkward(name: "roundedRect radius -0.0") { v, _ in v.hitShape = .roundedRect(radius: -0.0) },
        Awkward(name: "window level -0.0") { _, w in w.windowLevel = -0.0 },
        Awkward(name: "window level 1e-300") { _, w in w.windowLevel = 1e-300 },
        Awkward(name: "window level 5e20") { _, w in w.windowLevel = 5e20 },
        Awkward(name: "window level -5.5") { _, w in w.windowLevel = -5.5 },
        Awkward(name: "window frame 0.1") { _, w in w.frame = Rect(x: 0.1, y: 0.1, width: 0.1, height: 0.1) },
    ]

    @Test(arguments: awkwardCases, [SceneWriter.Form.nested, .flat])
    func awkwardNumbersRoundTripBitExactly(_ c: Awkward, form: SceneWriter.Form) throws {
        let w = Window(id: "W", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let v = View(id: "V", frame: Rect(x: 10, y: 10, width: 20, height: 20))
        w.addSubview(v)
        c.apply(v, w)
        let scene = Scene(windows: [w])
        let (text, back) = try SceneFormatTestKit.roundTrip(scene, form: form)
        let diffs = SceneFormatTestKit.differences(scene, back)
        #expect(diffs.isEmpty, "\(c.name), form \(form): \(diffs.joined(separator: "; "))\n\(text)")
    }

    @Test func idsThatNeedEscapingRoundTrip() throws {
        let ids = [
            "quote\"", "back\\slash", "slash/", "new\nline", "tab\t", "cr\r", "nul\u{0}", "bell\u{7}",
            "\u{1F}", "é", "😀", "𝄞", "\u{7F}", "\u{2028}", "日本語", " ",
        ]
        let w = Window(id: "W", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        var views: [View] = []
        for id in ids {
            let v = View(id: id, className: id + "Class", frame: Rect(x: 1, y: 2, width: 3, height: 4))
            w.addSubview(v)
            views.append(v)
        }
        views[0].redirectTarget = views[5]
        let scene = Scene(windows: [w])
        for form in [SceneWriter.Form.nested, .flat] {
            let (text, back) = try SceneFormatTestKit.roundTrip(scene, form: form)
            let diffs = SceneFormatTestKit.differences(scene, back)
            #expect(diffs.isEmpty, "form \(form): \(diffs)\n\(text)")
            #expect(back.view(withID: "nul\u{0}") != nil)
        }
    }

    @Test func preservedEventLayerKeysSurviveReadWriteRead() throws {
        let json = """
            {"application": {"id": "UIApplication",
                             "delegate": "AppDelegate"},
             "windows": [
              {"id": "W", "frame": [0, 0, 100, 100], "windowScene": "S1", "subviews": [
                {"id": "Root", "frame": [0, 0, 100, 100], "viewController": {"id": "VC", "handlesTouches": "consume"},
                 "gestureRecognizers": [ {"id": "tap", "kind": "tap", "delaysTouchesBegan": true} ],
                 "multipleTouchEnabled": true, "exclusiveTouch": false, "handlesTouches": "forward",
                 "subviews": [
                  {"id": "Modal", "frame": [0, 0, 10, 10], "viewController": "VC2", "presentedBy": "VC"}
                ]}
              ]}
            ]}
            """
        let scene = try TestSupport.scene(json)
        for form in [SceneWriter.Form.nested, .flat] {
            let (text, back) = try SceneFormatTestKit.roundTrip(scene, form: form)
            #expect(SceneFormatTestKit.differences(scene, back).isEmpty, "form \(form)\n\(text)")
            #expect(
                back.preservedJSON["application"]
                    == "{\"id\": \"UIApplication\",\n                 \"delegate\": \"AppDelegate\"}")
            #expect(
                back.view(withID: "Root")?.preservedJSON["gestureRecognizers"]
                    == "[ {\"id\": \"tap\", \"kind\": \"tap\", \"delaysTouchesBegan\": true} ]")
            #expect(
                back.view(withID: "Modal")?.preservedJSON == ["viewController": "\"VC2\"", "presentedBy": "\"VC\""])
            #expect(back.windows[0].preservedJSON == ["windowScene": "\"S1\""])
        }
    }

    @Test func examplesRoundTrip() throws {
        for name in ["seed000.json", "seed000-widened.json", "seed003.json"] {
            let scene = try SceneReader.read(contentsOfFile: TestSupport.example(name))
            for form in [SceneWriter.Form.nested, .flat] {
                let (_, back) = try SceneFormatTestKit.roundTrip(scene, form: form)
                #expect(SceneFormatTestKit.differences(scene, back).isEmpty, "\(name), form \(form)")
            }
        }
    }

    @Test func deepChainRoundTripsInBothForms() throws {
        // 5,000 levels: deep enough that a recursive writer or reader would be at risk in a debug build.
        let w = Window(id: "W", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        var parent: View = w
        for k in 1..<5_000 {
            let v = View(id: "d\(k)", frame: Rect(x: Double(k % 3) - 1, y: 0.5, width: 10, height: 10))
            parent.addSubview(v)
            parent = v
        }
        let scene = Scene(windows: [w])
        for form in [SceneWriter.Form.nested, .flat, .automatic] {
            let (text, back) = try SceneFormatTestKit.roundTrip(scene, form: form)
            #expect(back.depth == 5_000)
            #expect(SceneFormatTestKit.differences(scene, back).isEmpty, "form \(form)")
            if form == .automatic { #expect(text.contains("\"views\""), "depth 5000 > 100 must be written flat") }
        }
    }

    @Test func theComparisonHelperNoticesADifference() throws {
        // The helper must not be vacuous: a one-ulp change and a reordering are both reported.
        let a = SceneShape.random.generate(count: 50, seed: 9)
        let b = try SceneReader.read(string: SceneWriter.string(a), file: "b.json")
        #expect(SceneFormatTestKit.differences(a, b).isEmpty)
        let victim = b.windows[0]
        victim.center.x = victim.center.x.nextUp
        #expect(!SceneFormatTestKit.differences(a, b).isEmpty)
        victim.center.x = victim.center.x.nextDown
        #expect(SceneFormatTestKit.differences(a, b).isEmpty)
        let c = try SceneReader.read(string: SceneWriter.string(a), file: "c.json")
        if let withTwo = c.windows.first(where: { $0.subviews.count >= 2 }) {
            withTwo.sendSubviewToBack(withTwo.subviews.last!)
            #expect(!SceneFormatTestKit.differences(a, c).isEmpty)
        }
        let d = try SceneReader.read(string: SceneWriter.string(a), file: "d.json")
        d.windows[0].alpha = 0.5
        d.windows[0].preservedJSON["exclusiveTouch"] = "true"
        #expect(SceneFormatTestKit.differences(a, d).count >= 1)
    }
}
