import HitIndex
import HitIndexReference
import HitIndexSceneFormat
import Testing

/// One observed step of a reference hit-test, reduced to comparable values.
private struct SeedStep: Equatable, CustomStringConvertible {
    enum Kind: String { case hitTest, pointInside, returned }
    var kind: Kind
    var view: String
    var point: Point?
    /// `pointInside`: "true"/"false"; `returned`: the returned view's id or "nil".
    var result: String?

    var description: String {
        switch kind {
        case .hitTest: "\(view) hitTest \(point!)"
        case .pointInside: "\(view) pointInside \(point!) → \(result!)"
        case .returned: "\(view) hitTest return \(result!)"
        }
    }

    static func hit(_ view: String, _ x: Double, _ y: Double) -> SeedStep {
        SeedStep(kind: .hitTest, view: view, point: Point(x: x, y: y), result: nil)
    }
    static func inside(_ view: String, _ x: Double, _ y: Double, _ result: Bool) -> SeedStep {
        SeedStep(kind: .pointInside, view: view, point: Point(x: x, y: y), result: "\(result)")
    }
    static func ret(_ view: String, _ result: String?) -> SeedStep {
        SeedStep(kind: .returned, view: view, point: nil, result: result ?? "nil")
    }
}

private final class SeedRecorder {
    var steps: [SeedStep] = []

    func record(_ step: HitTestStep) {
        switch step {
        case .hitTest(let v, let p): steps.append(.hit(v.id, p.x, p.y))
        case .pointInside(let v, let p, let r): steps.append(.inside(v.id, p.x, p.y, r))
        case .returned(let v, let r): steps.append(.ret(v.id, r?.id))
        }
    }
}

/// Runs one touch through the reference and returns its result and every step.
private func trace(_ scene: Scene, _ x: Double, _ y: Double) -> (View?, [SeedStep]) {
    let recorder = SeedRecorder()
    let tester = ReferenceHitTester(observer: { recorder.record($0) })
    let hit = tester.hitTest(scene, at: Point(x: x, y: y))
    return (hit, recorder.steps)
}

/// Compares step by step, so that a failure names the first differing call.
private func expectSteps(
    _ actual: [SeedStep], _ expected: [SeedStep], sourceLocation: SourceLocation = #_sourceLocation
) {
    for i in 0..<max(actual.count, expected.count) {
        let a = i < actual.count ? actual[i].description : "(none)"
        let e = i < expected.count ? expected[i].description : "(none)"
        #expect(a == e, "step \(i)", sourceLocation: sourceLocation)
        if a != e { return }
    }
}

/// Seed articles 000, 002, 003 and 004 replayed through the reference, call by call.
@Suite struct ReferenceSeedTests {
    // MARK: - Seed 000
    //
    // TopView (375 × 667 at the origin; it is the window, so screen = TopView space) with subviews
    // added in order SubView1 (8, 17, 359, 150) ⊃ SubView1Sub1 (17, 15, 200, 100) ⊃
    // SubView1Sub1Sub1 (8, 8, 100, 50); SubView2 (8, 221, 359, 150) ⊃ SubView2Sub1 (8, 14, 100, 50);
    // SubView3 (155, 97, 200, 200); SubView4 (8, 378, 359, 200). Every conversion is a frame offset.
    //
    // The article logs only the hitTest and pointInside calls with their points; the pointInside
    // answers and the returns below are derived by hand from the frames.

    private func seed000(_ name: String = "seed000.json") throws -> Scene {
        try SceneReader.read(contentsOfFile: TestSupport.example(name))
    }

    @Test func seed000TapOnSubView3() throws {
        let scene = try seed000()
        // Log "点击SubView3": TopView (220, 193); SubView4 (220 - 8, 193 - 378) = (212, -185): out
        // (y < 0); SubView3 (220 - 155, 193 - 97) = (65, 96): in, no subviews → SubView3.
        let expected: [SeedStep] = [
            .hit("TopView", 220, 193), .inside("TopView", 220, 193, true),
            .hit("SubView4", 212, -185), .inside("SubView4", 212, -185, false), .ret("SubView4", nil),
            .hit("SubView3", 65, 96), .inside("SubView3", 65, 96, true), .ret("SubView3", "SubView3"),
            .ret("TopView", "SubView3"),
        ]
        let (hit, steps) = trace(scene, 220, 193)
        #expect(hit?.id == "SubView3")
        expectSteps(steps, expected)
        // UIKit logs the whole sequence twice (it calls hitTest twice per touch): the second run
        // must be identical.
        let (hit2, steps2) = trace(scene, 220, 193)
        #expect(hit2 === hit)
        expectSteps(steps2, expected)
    }

    @Test func seed000TapOnSubView1Sub1Sub1() throws {
        let scene = try seed000()
        // Log "点击...SubView1Sub1Sub1": TopView (84, 71.5);
        // SubView4 (84 - 8, 71.5 - 378) = (76, -306.5) out; SubView3 (84 - 155, 71.5 - 97) = (-71, -25.5) out;
        // SubView2 (76, 71.5 - 221) = (76, -149.5) out; SubView1 (76, 71.5 - 17) = (76, 54.5) in;
        // SubView1Sub1 (76 - 17, 54.5 - 15) = (59, 39.5) in; SubView1Sub1Sub1 (59 - 8, 39.5 - 8) = (51, 31.5) in.
        let expected: [SeedStep] = [
            .hit("TopView", 84, 71.5), .inside("TopView", 84, 71.5, true),
            .hit("SubView4", 76, -306.5), .inside("SubView4", 76, -306.5, false), .ret("SubView4", nil),
            .hit("SubView3", -71, -25.5), .inside("SubView3", -71, -25.5, false), .ret("SubView3", nil),
            .hit("SubView2", 76, -149.5), .inside("SubView2", 76, -149.5, false), .ret("SubView2", nil),
            .hit("SubView1", 76, 54.5), .inside("SubView1", 76, 54.5, true),
            .hit("SubView1Sub1", 59, 39.5), .inside("SubView1Sub1", 59, 39.5, true),
            .hit("SubView1Sub1Sub1", 51, 31.5), .inside("SubView1Sub1Sub1", 51, 31.5, true),
            .ret("SubView1Sub1Sub1", "SubView1Sub1Sub1"),
            .ret("SubView1Sub1", "SubView1Sub1Sub1"),
            .ret("SubView1", "SubView1Sub1Sub1"),
            .ret("TopView", "SubView1Sub1Sub1"),
        ]
        let (hit, steps) = trace(scene, 84, 71.5)
        #expect(hit?.id == "SubView1Sub1Sub1")
        expectSteps(steps, expected)
        let (hit2, steps2) = trace(scene, 84, 71.5)
        #expect(hit2 === hit)
        expectSteps(steps2, expected)
    }

    @Test func seed000TapBetweenSubView1AndSubView2LandsOnTopView() throws {
        let scene = try seed000()
        // Log "点击SubView1和SubView2之间的蓝色部分" → "I did it========TopView": TopView (85, 188.5);
        // SubView4 (77, -189.5) out; SubView3 (-70, 91.5) out; SubView2 (77, -32.5) out;
        // SubView1 (77, 171.5) out (171.5 >= 150) → TopView itself.
        let expected: [SeedStep] = [
            .hit("TopView", 85, 188.5), .inside("TopView", 85, 188.5, true),
            .hit("SubView4", 77, -189.5), .inside("SubView4", 77, -189.5, false), .ret("SubView4", nil),
            .hit("SubView3", -70, 91.5), .inside("SubView3", -70, 91.5, false), .ret("SubView3", nil),
            .hit("SubView2", 77, -32.5), .inside("SubView2", 77, -32.5, false), .ret("SubView2", nil),
            .hit("SubView1", 77, 171.5), .inside("SubView1", 77, 171.5, false), .ret("SubView1", nil),
            .ret("TopView", "TopView"),
        ]
        let (hit, steps) = trace(scene, 85, 188.5)
        #expect(hit?.id == "TopView")
        expectSteps(steps, expected)
        let (hit2, steps2) = trace(scene, 85, 188.5)
        #expect(hit2 === hit)
        expectSteps(steps2, expected)
    }

    @Test func seed000WidenedSubView2TakesTheTapAboveIt() throws {
        // The article widens SubView2's pointInside 50 pt upwards; Examples/seed000-widened.json
        // declares it as hitTestInsets top -50, i.e. SubView2's hit rect is [0, 359) × [-50, 150).
        let scene = try seed000("seed000-widened.json")
        // Log → "I did it========SubView2": TopView (93.5, 198.5); SubView4 (85.5, -179.5) out;
        // SubView3 (-61.5, 101.5) out; SubView2 (85.5, -22.5) in (-50 <= -22.5);
        // SubView2Sub1 (85.5 - 8, -22.5 - 14) = (77.5, -36.5) out → SubView2 itself.
        let expected: [SeedStep] = [
            .hit("TopView", 93.5, 198.5), .inside("TopView", 93.5, 198.5, true),
            .hit("SubView4", 85.5, -179.5), .inside("SubView4", 85.5, -179.5, false), .ret("SubView4", nil),
            .hit("SubView3", -61.5, 101.5), .inside("SubView3", -61.5, 101.5, false), .ret("SubView3", nil),
            .hit("SubView2", 85.5, -22.5), .inside("SubView2", 85.5, -22.5, true),
            .hit("SubView2Sub1", 77.5, -36.5), .inside("SubView2Sub1", 77.5, -36.5, false), .ret("SubView2Sub1", nil),
            .ret("SubView2", "SubView2"),
            .ret("TopView", "SubView2"),
        ]
        let (hit, steps) = trace(scene, 93.5, 198.5)
        #expect(hit?.id == "SubView2")
        expectSteps(steps, expected)
        let (hit2, steps2) = trace(scene, 93.5, 198.5)
        #expect(hit2 === hit)
        expectSteps(steps2, expected)
        // The same tap on the unwidened scene falls through to TopView: SubView2 (85.5, -22.5) is out
        // and SubView1 (85.5, 181.5) is out.
        #expect(ReferenceHitTester().hitTest(try seed000(), at: Point(x: 93.5, y: 198.5))?.id == "TopView")
    }

    @Test func seed000WidenedEdgeDiffersFromTheArticlesOpenInterval() throws {
        // The article's override answers YES for -50 < y < 0 (an OPEN interval), then falls back to
        // super (y >= 0). Our declarative hitTestInsets top -50 gives the half-open [-50, 150), so
        // y = -50 exactly (TopView y = 221 - 50 = 171) IS in for us but would not have been in the
        // article. This is a deliberate, documented difference: insets follow UIEdgeInsets + the
        // half-open CGRect rule.
        let scene = try seed000("seed000-widened.json")
        // (93.5, 171): SubView3 (-61.5, 74) out; SubView2 (85.5, -50) in; SubView2Sub1 (77.5, -64) out.
        #expect(ReferenceHitTester().hitTest(scene, at: Point(x: 93.5, y: 171))?.id == "SubView2")
        // One ulp above: SubView2 y < -50 → out; SubView1 y = 171 - 17 - ε ≈ 154 ≥ 150 → out → TopView.
        #expect(ReferenceHitTester().hitTest(scene, at: Point(x: 93.5, y: (171.0).nextDown))?.id == "TopView")
        // y = 0 in SubView2 (TopView 221): in for both (the article's super handles y >= 0).
        #expect(ReferenceHitTester().hitTest(scene, at: Point(x: 93.5, y: 221))?.id == "SubView2")
        // The article's override also ignores x: any x with -50 < y < 0 was SubView2's. The insets
        // widen only over SubView2's own x-range [0, 359): TopView (5, 200) is SubView2 (-3, -21),
        // outside, so the tap stays TopView's (the article would have given it to SubView2).
        #expect(ReferenceHitTester().hitTest(scene, at: Point(x: 5, y: 200))?.id == "TopView")
    }

    @Test func seed000EveryLoggedTapIsPure() throws {
        // Run each logged tap many times, interleaved: the answers never change.
        let scene = try seed000()
        let widened = try seed000("seed000-widened.json")
        let taps: [(Scene, Point, String)] = [
            (scene, Point(x: 220, y: 193), "SubView3"), (scene, Point(x: 84, y: 71.5), "SubView1Sub1Sub1"),
            (scene, Point(x: 85, y: 188.5), "TopView"), (widened, Point(x: 93.5, y: 198.5), "SubView2"),
        ]
        let tester = ReferenceHitTester()
        for round in 0..<5 {
            for (s, p, id) in taps {
                #expect(tester.hitTest(s, at: p)?.id == id, "round \(round), tap \(p)")
            }
        }
    }

    // MARK: - Seed 003

    @Test func seed003TraceSkipsBViewAndNeverAsksTheLabel() throws {
        // Examples/seed003.json: UIWindow (390 × 844) ⊃ UITransitionView ⊃ UIDropShadowView (both full
        // screen) ⊃ AView (20, 100, 350, 300) ⊃ [BView (10, 10, 120, 100), CView (150, 10, 180, 200)];
        // CView ⊃ DView (10, 40, 160, 100) ⊃ UILabel (10, 10, 100, 30), class UILabel → interaction off.
        // DView's origin on screen: (20 + 150 + 10, 100 + 10 + 40) = (180, 150).
        let scene = try SceneReader.read(contentsOfFile: TestSupport.example("seed003.json"))
        // A tap on DView inside the label's rect: screen (230, 170) = DView (50, 20) = UILabel (40, 10).
        // AView (210, 70); CView (60, 60); BView is behind CView and is never visited.
        // The log: "UILabel hitTest" then at once "UILabel hitTest return (null)": NO pointInside.
        let expected: [SeedStep] = [
            .hit("UIWindow", 230, 170), .inside("UIWindow", 230, 170, true),
            .hit("UITransitionView", 230, 170), .inside("UITransitionView", 230, 170, true),
            .hit("UIDropShadowView", 230, 170), .inside("UIDropShadowView", 230, 170, true),
            .hit("AView", 210, 70), .inside("AView", 210, 70, true),
            .hit("CView", 60, 60), .inside("CView", 60, 60, true),
            .hit("DView", 50, 20), .inside("DView", 50, 20, true),
            .hit("UILabel", 40, 10),
            .ret("UILabel", nil),
            .ret("DView", "DView"),
            .ret("CView", "DView"),
            .ret("AView", "DView"),
            .ret("UIDropShadowView", "DView"),
            .ret("UITransitionView", "DView"),
            .ret("UIWindow", "DView"),
        ]
        let (hit, steps) = trace(scene, 230, 170)
        #expect(hit?.id == "DView")
        expectSteps(steps, expected)
        #expect(!steps.contains { $0.view == "BView" })
        #expect(!steps.contains { $0.view == "UILabel" && $0.kind == .pointInside })
        // The log shows the sequence twice; the second run is identical.
        let (hit2, steps2) = trace(scene, 230, 170)
        #expect(hit2 === hit)
        expectSteps(steps2, expected)
    }

    @Test func seed003TapOnDViewOutsideTheLabel() throws {
        let scene = try SceneReader.read(contentsOfFile: TestSupport.example("seed003.json"))
        // Screen (300, 230) = DView (120, 80): below/right of the label, which is still asked nothing.
        let (hit, steps) = trace(scene, 300, 230)
        #expect(hit?.id == "DView")
        #expect(steps.contains(.hit("UILabel", 110, 70)))
        #expect(!steps.contains { $0.view == "UILabel" && $0.kind == .pointInside })
        #expect(!steps.contains { $0.view == "BView" })
        // A tap on BView (AView (50, 50) = screen (70, 150)): CView is tried first (front-most) and misses.
        let (hitB, stepsB) = trace(scene, 70, 150)
        #expect(hitB?.id == "BView")
        let visited = stepsB.filter { $0.kind == .hitTest }.map(\.view)
        #expect(visited == ["UIWindow", "UITransitionView", "UIDropShadowView", "AView", "CView", "BView"])
    }

    // MARK: - Seed 002: the forced view

    /// whiteView (50, 50, 200, 200) in a 400 × 400 window, with redView (0, 0, 100, 100) added
    /// first and greenView (100, 100, 100, 100) added second; whiteView.redirectTarget = redView
    /// replaces the article's `return self.subviews[0]` in whiteView's hitTest.
    private func seed002() -> (Scene, white: View, red: View, green: View, window: Window) {
        let window = Window(id: "window", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let white = View(id: "whiteView", frame: Rect(x: 50, y: 50, width: 200, height: 200))
        let red = View(id: "redView", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let green = View(id: "greenView", frame: Rect(x: 100, y: 100, width: 100, height: 100))
        window.addSubview(white)
        white.addSubview(red)
        white.addSubview(green)
        white.redirectTarget = red
        return (Scene(windows: [window]), white, red, green, window)
    }

    @Test func seed002EveryHitInsideWhiteViewReturnsRedView() throws {
        let (scene, _, red, green, window) = seed002()
        try scene.validate()
        let tester = ReferenceHitTester()
        // On greenView (front-most; screen (200, 200) = white (150, 150) = green (50, 50)): red, even so.
        #expect(tester.hitTest(scene, at: Point(x: 200, y: 200)) === red)
        // On redView itself.
        #expect(tester.hitTest(scene, at: Point(x: 60, y: 60)) === red)
        // On whiteView's bare area (white (150, 20)).
        #expect(tester.hitTest(scene, at: Point(x: 200, y: 70)) === red)
        // whiteView's min corner is in, its max corner out.
        #expect(tester.hitTest(scene, at: Point(x: 50, y: 50)) === red)
        #expect(tester.hitTest(scene, at: Point(x: 250, y: 250)) === window)
        // Outside whiteView: whiteView's hitTest returns nil (our redirect applies only when it would
        // return a view; the article's unconditional `return self.subviews[0]` would also grab this
        // tap, since UIWindow asks whiteView for every point inside the window). The parent takes it.
        #expect(tester.hitTest(scene, at: Point(x: 10, y: 10)) === window)
        #expect(tester.hitTest(scene, at: Point(x: 300, y: 300)) === window)
        // Without the redirect, the tap on green is green's.
        let (plain, white, _, _, _) = seed002()
        white.redirectTarget = nil
        #expect(tester.hitTest(plain, at: Point(x: 200, y: 200))?.id == "greenView")
        _ = green
    }

    @Test func seed002RedirectStillSearchesTheSubviews() throws {
        // The redirect replaces the answer, not the search: greenView's hitTest is still called.
        let (scene, _, _, _, _) = seed002()
        let (hit, steps) = trace(scene, 200, 200)
        #expect(hit?.id == "redView")
        #expect(steps.contains(.ret("greenView", "greenView")))
        #expect(steps.contains(.ret("whiteView", "redView")))
        #expect(steps.last == .ret("window", "redView"))
        // A point outside whiteView with the window pass-through: nobody.
        let (scene2, _, _, _, window) = seed002()
        window.isPassThrough = true
        #expect(ReferenceHitTester().hitTest(scene2, at: Point(x: 10, y: 10)) == nil)
        #expect(ReferenceHitTester().hitTest(scene2, at: Point(x: 200, y: 200))?.id == "redView")
    }

    // MARK: - Seed 004

    @Test func seed004MinimumHitSizeButton() throws {
        // A 30 × 30 button at (100, 100) with minimumHitSize 44 × 44: hit rect (-7, -7, 44, 44) in the
        // button, i.e. screen [93, 137) × [93, 137).
        let window = Window(id: "window", frame: Rect(x: 0, y: 0, width: 320, height: 480))
        let button = View(id: "button", className: "UIButton", frame: Rect(x: 100, y: 100, width: 30, height: 30))
        button.minimumHitSize = Size(width: 44, height: 44)
        window.addSubview(button)
        let scene = Scene(windows: [window])
        try scene.validate()
        let tester = ReferenceHitTester()
        #expect(tester.hitTest(scene, at: Point(x: 115, y: 115)) === button)
        #expect(tester.hitTest(scene, at: Point(x: 93, y: 93)) === button)
        // (Not 93.nextDown: the screen → window step (y - 240) + 240 rounds 93 - 1 ulp back to 93.)
        #expect(tester.hitTest(scene, at: Point(x: 92.99, y: 110)) === window)
        #expect(tester.hitTest(scene, at: Point(x: 110, y: 92.99)) === window)
        #expect(tester.hitTest(scene, at: Point(x: 136.5, y: 136.5)) === button)
        #expect(tester.hitTest(scene, at: Point(x: 137, y: 110)) === window)
        #expect(tester.hitTest(scene, at: Point(x: 110, y: 137)) === window)
        // The pointInside call sees the button-local point: (93, 93) → (-7, -7).
        let (_, steps) = trace(scene, 93, 93)
        #expect(steps.contains(.inside("button", -7, -7, true)))
    }

    /// A 320 × 480 window with a tab bar (0, 431, 320, 49) whose centre button (135, -20, 50, 50)
    /// rises 20 pt above the bar.
    private func tabBarScene(outside: Bool) -> (Scene, tabBar: View, button: View, window: Window) {
        let window = Window(id: "window", frame: Rect(x: 0, y: 0, width: 320, height: 480))
        let tabBar = View(id: "tabBar", className: "UITabBar", frame: Rect(x: 0, y: 431, width: 320, height: 49))
        tabBar.hitTestsSubviewsOutsideBounds = outside
        let button = View(id: "raised", className: "UIButton", frame: Rect(x: 135, y: -20, width: 50, height: 50))
        window.addSubview(tabBar)
        tabBar.addSubview(button)
        return (Scene(windows: [window]), tabBar, button, window)
    }

    @Test func seed004RaisedTabBarButton() throws {
        let (scene, tabBar, button, window) = tabBarScene(outside: true)
        try scene.validate()
        let tester = ReferenceHitTester()
        // Screen (160, 420) = tab bar (160, -11): outside the bar, but the subviews are searched;
        // button (25, 9) → the button.
        #expect(tester.hitTest(scene, at: Point(x: 160, y: 420)) === button)
        // The top of the raised part: screen y 411 = tab bar -20 = button 0 (min edge, in).
        #expect(tester.hitTest(scene, at: Point(x: 160, y: 411)) === button)
        #expect(tester.hitTest(scene, at: Point(x: 160, y: (411.0).nextDown)) === window)
        // Above the bar beside the button: the bar is NOT hit there (it is only hit inside itself).
        #expect(tester.hitTest(scene, at: Point(x: 100, y: 420)) === window)
        #expect(tester.hitTest(scene, at: Point(x: 134.5, y: 420)) === window)
        // On the bar: the button where it overlaps the bar, the bar elsewhere.
        #expect(tester.hitTest(scene, at: Point(x: 160, y: 440)) === button)
        #expect(tester.hitTest(scene, at: Point(x: 100, y: 440)) === tabBar)
        // The bar's pointInside answered false, yet its subview was asked.
        let (_, steps) = trace(scene, 160, 420)
        #expect(steps.contains(.inside("tabBar", 160, -11, false)))
        #expect(steps.contains(.inside("raised", 25, 9, true)))
        #expect(steps.contains(.ret("tabBar", "raised")))
    }

    @Test func seed004WithoutTheOverrideTheRaisedPartIsDead() {
        let (scene, tabBar, button, window) = tabBarScene(outside: false)
        let tester = ReferenceHitTester()
        #expect(tester.hitTest(scene, at: Point(x: 160, y: 420)) === window)
        #expect(tester.hitTest(scene, at: Point(x: 160, y: 440)) === button)
        #expect(tester.hitTest(scene, at: Point(x: 100, y: 440)) === tabBar)
        // The button is never asked above the bar.
        let (_, steps) = trace(scene, 160, 420)
        #expect(!steps.contains { $0.view == "raised" })
    }

    /// A 320 × 480 window ⊃ container (0, 100, 320, 200), redirecting to its paging scroll view
    /// (80, 0, 160, 200), scrolled to page 1: bounds origin (160, 0). Pages (0|160|320, 0, 160, 200).
    private func pagingScene() -> (Scene, container: View, scroll: View, pages: [View], window: Window) {
        let window = Window(id: "window", frame: Rect(x: 0, y: 0, width: 320, height: 480))
        let container = View(id: "container", frame: Rect(x: 0, y: 100, width: 320, height: 200))
        let scroll = View(id: "scroll", className: "UIScrollView", frame: Rect(x: 80, y: 0, width: 160, height: 200))
        scroll.bounds.origin = Point(x: 160, y: 0)
        let pages = (0..<3).map {
            View(id: "page\($0)", frame: Rect(x: Double($0) * 160, y: 0, width: 160, height: 200))
        }
        window.addSubview(container)
        container.addSubview(scroll)
        for p in pages { scroll.addSubview(p) }
        container.redirectTarget = scroll
        return (Scene(windows: [window]), container, scroll, pages, window)
    }

    @Test func seed004PagingScrollViewTakesTheSides() throws {
        let (scene, _, scroll, pages, window) = pagingScene()
        try scene.validate()
        let tester = ReferenceHitTester()
        // Left side, outside the scroll view: screen (20, 200) = container (20, 100) =
        // scroll (20 - 80 + 160, 100) = (100, 100): outside scroll's bounds [160, 320) → the container
        // itself would answer → redirected to the scroll view.
        #expect(tester.hitTest(scene, at: Point(x: 20, y: 200)) === scroll)
        // Right side: screen (300, 200) = scroll (380, 100): out → scroll.
        #expect(tester.hitTest(scene, at: Point(x: 300, y: 200)) === scroll)
        // Middle: scroll (240, 100) → page1 (80, 100) → page1, redirected by the container → scroll.
        #expect(tester.hitTest(scene, at: Point(x: 160, y: 200)) === scroll)
        // Outside the container: the window.
        #expect(tester.hitTest(scene, at: Point(x: 160, y: 50)) === window)
        #expect(tester.hitTest(scene, at: Point(x: 160, y: 300)) === window)
        // Without the redirect, the middle is page1's and the sides the container's; page0 (shown
        // off to the left, unclipped) is not hit, since the scroll view's own hit area excludes it.
        let (plain, container, _, plainPages, _) = pagingScene()
        container.redirectTarget = nil
        #expect(tester.hitTest(plain, at: Point(x: 160, y: 200)) === plainPages[1])
        #expect(tester.hitTest(plain, at: Point(x: 20, y: 200)) === container)
        #expect(tester.hitTest(plain, at: Point(x: 300, y: 200)) === container)
        _ = pages
    }
}
