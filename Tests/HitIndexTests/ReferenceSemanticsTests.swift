import HitIndex
import HitIndexReference
import Testing

/// Records the ids of every view whose `hitTest` / `pointInside` the reference called.
private final class CallLog {
    var hitTests: [String] = []
    var pointInsides: [String] = []

    var tester: ReferenceHitTester {
        ReferenceHitTester(observer: { [self] step in
            switch step {
            case .hitTest(let v, _): hitTests.append(v.id)
            case .pointInside(let v, _, _): pointInsides.append(v.id)
            case .returned: break
            }
        })
    }
}

/// Semantics §3 and §4 through the recursive reference, one rule at a time.
@Suite struct ReferenceSemanticsTests {
    private let tester = ReferenceHitTester()

    /// A 300 × 300 window at the screen origin (so screen = window space).
    private func window(_ id: String = "W", level: Double = 0) -> Window {
        Window(id: id, frame: Rect(x: 0, y: 0, width: 300, height: 300), level: level)
    }

    private func view(_ id: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double) -> View {
        View(id: id, frame: Rect(x: x, y: y, width: w, height: h))
    }

    private func hit(_ scene: Scene, _ x: Double, _ y: Double) -> String? {
        tester.hitTest(scene, at: Point(x: x, y: y))?.id
    }

    // MARK: - Eligibility before pointInside

    enum Ineligibility: String, CaseIterable, Sendable { case hidden, interactionOff, alphaZero, alphaTiny }

    @Test(arguments: Ineligibility.allCases)
    func ineligibleViewIsNeverAskedAndItsSubtreeNeverVisited(_ reason: Ineligibility) throws {
        let w = window()
        let c = view("C", 10, 10, 100, 100)
        let g = view("G", 0, 0, 50, 50)
        w.addSubview(c)
        c.addSubview(g)
        switch reason {
        case .hidden: c.isHidden = true
        case .interactionOff: c.isUserInteractionEnabled = false
        case .alphaZero: c.alpha = 0
        case .alphaTiny: c.alpha = 0.005
        }
        let scene = Scene(windows: [w])
        try scene.validate()
        let log = CallLog()
        // (20, 20) is inside C and G: without the rule it would be G's.
        #expect(log.tester.hitTest(scene, at: Point(x: 20, y: 20))?.id == "W")
        #expect(log.hitTests == ["W", "C"])
        #expect(log.pointInsides == ["W"])
    }

    @Test func eligibilityIsCheckedOnTheWindowToo() {
        let w = window()
        w.addSubview(view("C", 0, 0, 100, 100))
        w.isHidden = true
        let scene = Scene(windows: [w])
        let log = CallLog()
        #expect(log.tester.hitTest(scene, at: Point(x: 10, y: 10)) == nil)
        #expect(log.hitTests == ["W"] && log.pointInsides.isEmpty)
    }

    @Test func alphaThreshold() {
        func hits(_ alpha: Float) -> Bool {
            let w = window()
            let c = view("C", 0, 0, 100, 100)
            c.alpha = alpha
            w.addSubview(c)
            return ReferenceHitTester().hitTest(Scene(windows: [w]), at: Point(x: 50, y: 50))?.id == "C"
        }
        // Float(0.01) = 0.0099999998 < 0.01 → not hittable, as on iOS.
        #expect(Double(Float(0.01)) < 0.01)
        #expect(!hits(0.01))
        #expect(hits(0.011))
        // The next Float above 0.01 is 0.010000001 >= 0.01.
        #expect(hits(Float(0.01).nextUp))
        #expect(!hits(0.0099))
        #expect(!hits(0))
        #expect(hits(1))
        #expect(hits(0.5))
        #expect(hits(2))  // above 1 is unusual but valid
    }

    @Test func onlyTheViewsOwnAlphaCounts() {
        let w = window()
        let parent = view("P", 0, 0, 200, 200)
        let child = view("Child", 10, 10, 50, 50)
        parent.alpha = 0.5
        child.alpha = 1
        w.addSubview(parent)
        parent.addSubview(child)
        let scene = Scene(windows: [w])
        #expect(hit(scene, 20, 20) == "Child")
        #expect(hit(scene, 100, 100) == "P")
        // Inherited opacity 0.5 × 0.03 = 0.015 would be above the threshold, own 0.009 is not:
        child.alpha = 0.009
        #expect(hit(scene, 20, 20) == "P")
        // A parent below the threshold hides its whole subtree, whatever the child's own alpha.
        child.alpha = 1
        parent.alpha = 0.009
        #expect(hit(scene, 20, 20) == "W")
        // A child at 0.02 under a parent at 0.6: product 0.012 would pass; own 0.02 passes too.
        parent.alpha = 0.6
        child.alpha = 0.02
        #expect(hit(scene, 20, 20) == "Child")
    }

    // MARK: - Geometry of the search

    @Test func aSubviewOutsideItsParentIsNotHit() {
        // Child (80, 80, 50, 50) in P (10, 10, 100, 100) sticks out to P-local 130. There is no
        // clipsToBounds in the model: clipped or not, the part outside P is dead.
        let w = window()
        let p = view("P", 10, 10, 100, 100)
        let child = view("Child", 80, 80, 50, 50)
        w.addSubview(p)
        p.addSubview(child)
        let scene = Scene(windows: [w])
        #expect(hit(scene, 100, 100) == "Child")  // P (90, 90), Child (10, 10)
        #expect(hit(scene, 130, 130) == "W")  // P (120, 120): out of P, so Child is never asked
        #expect(hit(scene, 109.5, 109.5) == "Child")
        #expect(hit(scene, 110, 100) == "W")  // P-local x = 100: P's max edge
    }

    @Test func frontMostSubviewWinsOnOverlap() {
        let w = window()
        let a = view("A", 10, 10, 100, 100)
        let b = view("B", 50, 50, 100, 100)
        w.addSubview(a)
        w.addSubview(b)
        let scene = Scene(windows: [w])
        #expect(hit(scene, 60, 60) == "B")  // both contain it; B was added last
        #expect(hit(scene, 20, 20) == "A")
        #expect(hit(scene, 140, 140) == "B")
        w.bringSubviewToFront(a)
        #expect(hit(scene, 60, 60) == "A")
        w.sendSubviewToBack(a)
        #expect(hit(scene, 60, 60) == "B")
        // The reference visits the subviews last to first, and stops at the first hit.
        let log = CallLog()
        _ = log.tester.hitTest(scene, at: Point(x: 60, y: 60))
        #expect(log.hitTests == ["W", "B"])
        let log2 = CallLog()
        _ = log2.tester.hitTest(scene, at: Point(x: 20, y: 20))
        #expect(log2.hitTests == ["W", "B", "A"])
    }

    @Test func transparentContentIsIrrelevantAndZeroSizeViewsAreNeverHit() {
        let w = window()
        let zero = view("Zero", 50, 50, 0, 0)
        let line = view("Line", 60, 50, 0, 100)
        zero.addSubview(view("InZero", -10, -10, 20, 20))
        w.addSubview(zero)
        w.addSubview(line)
        let scene = Scene(windows: [w])
        #expect(hit(scene, 50, 50) == "W")
        #expect(hit(scene, 45, 45) == "W")  // the child lies outside its zero-size parent's hit area
        #expect(hit(scene, 60, 60) == "W")
    }

    // MARK: - passThrough

    @Test func passThroughViewIsNeverTheResultButItsSubviewsAre() throws {
        let w = window()
        let behind = view("Behind", 0, 0, 150, 150)
        let overlay = view("Overlay", 0, 0, 300, 300)
        overlay.isPassThrough = true
        let button = view("Button", 200, 200, 50, 50)
        overlay.addSubview(button)
        w.addSubview(behind)
        w.addSubview(overlay)
        let scene = Scene(windows: [w])
        try scene.validate()
        #expect(hit(scene, 210, 210) == "Button")
        #expect(hit(scene, 50, 50) == "Behind")  // the overlay answers nil, so the search goes on
        #expect(hit(scene, 250, 100) == "W")
        // A pass-through window with nothing under the point answers nil.
        w.isPassThrough = true
        #expect(hit(scene, 250, 100) == nil)
        #expect(hit(scene, 210, 210) == "Button")
    }

    @Test func passThroughWindowLetsTheTouchFallToTheWindowBehind() throws {
        let back = window("Back")
        back.addSubview(view("BackButton", 0, 0, 100, 100))
        let front = window("Front", level: Window.alertLevel)
        front.isPassThrough = true
        front.addSubview(view("FrontButton", 200, 200, 50, 50))
        let scene = Scene(windows: [back, front])
        try scene.validate()
        #expect(hit(scene, 210, 210) == "FrontButton")
        #expect(hit(scene, 50, 50) == "BackButton")
        #expect(hit(scene, 150, 150) == "Back")
        let log = CallLog()
        _ = log.tester.hitTest(scene, at: Point(x: 50, y: 50))
        #expect(log.hitTests == ["Front", "FrontButton", "Back", "BackButton"])
    }

    // MARK: - redirectTarget

    @Test func redirectReturnsTheTargetWheneverTheViewWouldReturnAView() throws {
        let w = window()
        let target = view("Target", 250, 250, 10, 10)
        let r = view("R", 10, 10, 100, 100)
        let child = view("Child", 0, 0, 20, 20)
        r.addSubview(child)
        r.redirectTarget = target
        w.addSubview(target)
        w.addSubview(r)
        let scene = Scene(windows: [w])
        try scene.validate()
        #expect(hit(scene, 15, 15) == "Target")  // would be Child
        #expect(hit(scene, 80, 80) == "Target")  // would be R
        #expect(hit(scene, 150, 150) == "W")  // R would return nil: no redirect
        #expect(hit(scene, 255, 255) == "Target")  // the target itself, directly
        // The target is returned even when it could not be hit itself.
        target.isHidden = true
        #expect(hit(scene, 80, 80) == "Target")
        #expect(hit(scene, 255, 255) == "W")
    }

    @Test func redirectOfAPassThroughViewAppliesOnlyToItsSubviewsHits() {
        let w = window()
        let target = view("Target", 280, 280, 10, 10)
        let r = view("R", 10, 10, 100, 100)
        r.isPassThrough = true
        r.redirectTarget = target
        r.addSubview(view("Child", 0, 0, 20, 20))
        w.addSubview(target)
        w.addSubview(r)
        let scene = Scene(windows: [w])
        #expect(hit(scene, 15, 15) == "Target")
        #expect(hit(scene, 80, 80) == "W")  // R would return nil
    }

    @Test func outerRedirectWins() {
        // Outer ⊃ Inner ⊃ Leaf; Inner redirects to X, Outer to Y: Inner's answer X is replaced by Y.
        let w = window()
        let x = view("X", 290, 0, 5, 5)
        let y = view("Y", 0, 290, 5, 5)
        let outer = view("Outer", 10, 10, 200, 200)
        let inner = view("Inner", 10, 10, 100, 100)
        inner.addSubview(view("Leaf", 0, 0, 10, 10))
        outer.addSubview(inner)
        inner.redirectTarget = x
        outer.redirectTarget = y
        for v in [x, y, outer] { w.addSubview(v) }
        let scene = Scene(windows: [w])
        #expect(hit(scene, 25, 25) == "Y")
        outer.redirectTarget = nil
        #expect(hit(scene, 25, 25) == "X")
        #expect(hit(scene, 150, 150) == "Outer")
    }

    @Test func redirectToAViewInAnotherWindow() throws {
        let back = window("Back")
        let elsewhere = view("Elsewhere", 0, 0, 10, 10)
        back.addSubview(elsewhere)
        let front = window("Front", level: 1)
        let r = view("R", 100, 100, 50, 50)
        r.redirectTarget = elsewhere
        front.addSubview(r)
        let scene = Scene(windows: [back, front])
        try scene.validate()
        #expect(hit(scene, 120, 120) == "Elsewhere")
    }

    // MARK: - hitTestsSubviewsOutsideBounds

    @Test func subviewsOutsideBoundsAreSearchedButTheViewIsNotHitThere() {
        let w = window()
        let p = view("P", 100, 100, 50, 50)
        p.hitTestsSubviewsOutsideBounds = true
        let outside = view("Outside", -60, 0, 40, 40)  // screen [40, 80) × [100, 140)
        p.addSubview(outside)
        w.addSubview(p)
        let scene = Scene(windows: [w])
        #expect(hit(scene, 50, 110) == "Outside")
        #expect(hit(scene, 90, 110) == "W")  // outside P and outside its child: P is not the answer
        #expect(hit(scene, 120, 120) == "P")
        p.hitTestsSubviewsOutsideBounds = false
        #expect(hit(scene, 50, 110) == "W")
    }

    @Test func subviewsOutsideBoundsStillRequireEligibility() {
        let w = window()
        let p = view("P", 100, 100, 50, 50)
        p.hitTestsSubviewsOutsideBounds = true
        p.isUserInteractionEnabled = false
        p.addSubview(view("Outside", -60, 0, 40, 40))
        w.addSubview(p)
        #expect(hit(Scene(windows: [w]), 50, 110) == "W")
    }

    @Test func subviewsOutsideBoundsOfAWindow() {
        // A window searching outside itself: a screen point outside the window can reach a subview
        // that sticks out of it.
        let w = Window(id: "Small", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        w.hitTestsSubviewsOutsideBounds = true
        w.addSubview(view("Sticking", 90, 90, 50, 50))
        let scene = Scene(windows: [w])
        #expect(hit(scene, 120, 120) == "Sticking")
        #expect(hit(scene, 150, 150) == nil)
    }

    // MARK: - Custom predicate

    @Test func hitPredicateNarrowsInLocalCoordinates() {
        let w = window()
        let v = view("V", 100, 100, 100, 100)
        // Local x < 50 only. Screen x is >= 100 inside V, so this proves the point is local.
        v.hitPredicate = { p in p.x < 50 }
        w.addSubview(v)
        let scene = Scene(windows: [w])
        #expect(hit(scene, 120, 150) == "V")
        #expect(hit(scene, 150, 150) == "W")
        #expect(hit(scene, 149.5, 150) == "V")
    }

    @Test func hitPredicateCannotEnlarge() {
        let w = window()
        let v = view("V", 100, 100, 100, 100)
        v.hitPredicate = { _ in true }
        w.addSubview(v)
        let scene = Scene(windows: [w])
        #expect(hit(scene, 50, 50) == "W")
        #expect(hit(scene, 200, 150) == "W")
        #expect(hit(scene, 150, 150) == "V")
    }

    @Test func hitPredicateNarrowsTheViewNotItsSubviews() {
        // The predicate is the view's pointInside: where it says no, the subviews are not searched
        // (unless hitTestsSubviewsOutsideBounds), exactly as for the shape.
        let w = window()
        let v = view("V", 0, 0, 200, 200)
        v.hitPredicate = { p in p.y < 100 }
        v.addSubview(view("Low", 0, 150, 50, 50))
        w.addSubview(v)
        let scene = Scene(windows: [w])
        #expect(hit(scene, 10, 160) == "W")
        v.hitTestsSubviewsOutsideBounds = true
        #expect(hit(scene, 10, 160) == "Low")
        #expect(hit(scene, 100, 160) == "W")
        // With an ellipse shape the predicate can only remove more.
        v.hitTestsSubviewsOutsideBounds = false
        v.hitShape = .ellipse
        #expect(hit(scene, 2, 2) == "W")  // outside the ellipse; predicate would say yes
        #expect(hit(scene, 100, 50) == "V")
        #expect(hit(scene, 100, 150) == "W")  // inside the ellipse; predicate says no
    }

    // MARK: - Singular transforms

    @Test func scaleZeroViewIsHitEverywhereWhenItsAnchorIsInside() {
        // bounds (0, 0, 100, 100), center (150, 150), scale(0, 0): every point maps to the anchor
        // (50, 50), which is inside → the view takes every point its parent searches.
        let w = window()
        let v = View(id: "V", bounds: Rect(x: 0, y: 0, width: 100, height: 100), center: Point(x: 150, y: 150))
        v.transform = .scale(0, 0)
        w.addSubview(v)
        let scene = Scene(windows: [w])
        for (x, y) in [(1.0, 1.0), (150, 150), (299.5, 0), (0, 299.5), (0, 0)] {
            #expect(hit(scene, x, y) == "V", "(\(x), \(y))")
        }
        // Outside the window the window's own test fails first.
        #expect(hit(scene, 300, 10) == nil)
        // A subview around the anchor is hit everywhere too: (40, 40, 20, 20) → (50, 50) is its (10, 10).
        v.addSubview(view("Sub", 40, 40, 20, 20))
        #expect(hit(scene, 3, 250) == "Sub")
        // A subview not containing the anchor is never hit.
        v.subviews[0].frame = Rect(x: 60, y: 60, width: 20, height: 20)
        #expect(hit(scene, 3, 250) == "V")
    }

    @Test(arguments: [
        // (anchor, bounds origin, hittable?): the anchor lands on anchorOffset = origin + anchor * size.
        (Point(x: 0, y: 0), Point(x: 0, y: 0), true),  // (0, 0): the min corner, in
        (Point(x: 1, y: 1), Point(x: 0, y: 0), false),  // (100, 100): the max corner, out
        (Point(x: 1, y: 0.5), Point(x: 0, y: 0), false),  // (100, 50): the max x edge
        (Point(x: 0.999, y: 0.5), Point(x: 0, y: 0), true),  // (99.9, 50)
        (Point(x: 1.5, y: 0.5), Point(x: 0, y: 0), false),  // (150, 50)
        (Point(x: -0.01, y: 0.5), Point(x: 0, y: 0), false),  // (-1, 50)
        (Point(x: 0.5, y: 0.5), Point(x: -50, y: -50), true),  // (0, 0) in [-50, 50)
        (Point(x: 1, y: 1), Point(x: -50, y: -50), false),  // (50, 50): the max corner
    ])
    func scaleZeroHittableExactlyWhenTheAnchorIsInside(_ anchor: Point, _ origin: Point, _ hittable: Bool) {
        let w = window()
        let v = View(
            id: "V", bounds: Rect(origin: origin, size: Size(width: 100, height: 100)), center: Point(x: 150, y: 150))
        v.anchorPoint = anchor
        v.transform = .scale(0, 0)
        w.addSubview(v)
        let scene = Scene(windows: [w])
        for (x, y) in [(10.0, 10.0), (150, 150), (290, 20)] {
            #expect(
                (hit(scene, x, y) == "V") == hittable, "anchor \(anchor), bounds origin \(origin), point (\(x), \(y))")
        }
    }

    @Test func scaleZeroWithInsetsThatExcludeTheAnchor() {
        // Anchor (50, 50); insets top 60 make the hit rect y ∈ [60, 100): the anchor is out.
        let w = window()
        let v = View(id: "V", bounds: Rect(x: 0, y: 0, width: 100, height: 100), center: Point(x: 150, y: 150))
        v.transform = .scale(0, 0)
        v.hitTestInsets = EdgeInsets(top: 60, left: 0, bottom: 0, right: 0)
        w.addSubview(v)
        let scene = Scene(windows: [w])
        #expect(hit(scene, 150, 150) == "W")
        v.hitTestInsets = EdgeInsets(top: -10, left: 0, bottom: 0, right: 0)
        #expect(hit(scene, 5, 5) == "V")
    }

    @Test func scaleOneZeroCatchesAVerticalBand() {
        // bounds (0, 0, 100, 100), center (150, 150), scale(1, 0): local = (x - 150 + 50, 50), so the
        // view is hit for x ∈ [100, 200) at EVERY y of the window.
        let w = window()
        let v = View(id: "V", bounds: Rect(x: 0, y: 0, width: 100, height: 100), center: Point(x: 150, y: 150))
        v.transform = .scale(1, 0)
        w.addSubview(v)
        let scene = Scene(windows: [w])
        #expect(hit(scene, 150, 5) == "V")
        #expect(hit(scene, 150, 295) == "V")
        #expect(hit(scene, 100, 0) == "V")
        #expect(hit(scene, (200.0).nextDown, 299.5) == "V")
        #expect(hit(scene, (100.0).nextDown, 150) == "W")
        #expect(hit(scene, 200, 150) == "W")
        // scale(0, 1) is the horizontal band y ∈ [100, 200).
        v.transform = .scale(0, 1)
        #expect(hit(scene, 5, 150) == "V")
        #expect(hit(scene, 295, 100) == "V")
        #expect(hit(scene, 150, 200) == "W")
        #expect(hit(scene, 150, 99.5) == "W")
    }

    // MARK: - Rotations and flips, exactly on the edges

    @Test func quarterTurnEdgesAreExact() {
        // bounds (0, 0, 100, 50), center (150, 150), rotation(quarterTurns: 1):
        // local = (dy + 50, -dx + 25) with dx = x - 150, dy = y - 150.
        // 0 <= dy + 50 < 100 → y ∈ [100, 200); 0 <= -dx + 25 < 50 → dx ∈ (-25, 25] → x ∈ (125, 175].
        let w = window()
        let v = View(id: "V", bounds: Rect(x: 0, y: 0, width: 100, height: 50), center: Point(x: 150, y: 150))
        v.transform = .rotation(quarterTurns: 1)
        w.addSubview(v)
        let scene = Scene(windows: [w])
        #expect(hit(scene, 150, 150) == "V")
        // x edges: 125 is out (local y = 50, the max edge), 175 is in (local y = 0, the min edge).
        #expect(hit(scene, 125, 150) == "W")
        #expect(hit(scene, (125.0).nextUp, 150) == "V")
        #expect(hit(scene, 175, 150) == "V")
        #expect(hit(scene, (175.0).nextUp, 150) == "W")
        // y edges: 100 is in (local x = 0), 200 is out (local x = 100).
        #expect(hit(scene, 150, 100) == "V")
        #expect(hit(scene, 150, (100.0).nextDown) == "W")
        #expect(hit(scene, 150, (200.0).nextDown) == "V")
        #expect(hit(scene, 150, 200) == "W")
        // The corners: (175, 100) is local (0, 0) → in; (125, 200) is local (100, 50) → out.
        #expect(hit(scene, 175, 100) == "V")
        #expect(hit(scene, 125, 200) == "W")
        // The unrotated footprint [100, 200) × [125, 175) is not the hit area: (110, 130) is out.
        #expect(hit(scene, 110, 130) == "W")
    }

    @Test func threeQuarterTurnEdges() {
        // rotation(quarterTurns: 3) = (0, -1, 1, 0): inverse (0, 1, -1, 0): lx = -dy, ly = dx.
        // local = (-dy + 50, dx + 25): y ∈ (100, 200], x ∈ [125, 175).
        let w = window()
        let v = View(id: "V", bounds: Rect(x: 0, y: 0, width: 100, height: 50), center: Point(x: 150, y: 150))
        v.transform = .rotation(quarterTurns: 3)
        w.addSubview(v)
        let scene = Scene(windows: [w])
        #expect(hit(scene, 125, 150) == "V")
        #expect(hit(scene, 175, 150) == "W")
        #expect(hit(scene, 150, 100) == "W")
        #expect(hit(scene, 150, 200) == "V")
    }

    @Test func halfTurnEdges() {
        // rotation(quarterTurns: 2): local = (-dx + 50, -dy + 25): x ∈ (100, 200], y ∈ (125, 175].
        let w = window()
        let v = View(id: "V", bounds: Rect(x: 0, y: 0, width: 100, height: 50), center: Point(x: 150, y: 150))
        v.transform = .rotation(quarterTurns: 2)
        w.addSubview(v)
        let scene = Scene(windows: [w])
        #expect(hit(scene, 100, 150) == "W")
        #expect(hit(scene, 200, 150) == "V")
        #expect(hit(scene, 150, 125) == "W")
        #expect(hit(scene, 150, 175) == "V")
        #expect(hit(scene, 200, 175) == "V")
    }

    @Test func fortyFiveDegreeRotation() {
        // bounds (0, 0, 100, 100), center (150, 150), rotation(π/4): a diamond with half-diagonal
        // 50√2 ≈ 70.71 around (150, 150). local = R(-45°)(dx, dy) + (50, 50).
        let w = window()
        let v = View(id: "V", bounds: Rect(x: 0, y: 0, width: 100, height: 100), center: Point(x: 150, y: 150))
        v.transform = .rotation(.pi / 4)
        w.addSubview(v)
        let scene = Scene(windows: [w])
        #expect(hit(scene, 150, 150) == "V")
        // (210, 150): dx = 60 → local (50 + 60 cos45, 50 - 60 sin45) = (92.4, 7.6): in, although
        // outside the unrotated square [100, 200).
        #expect(hit(scene, 210, 150) == "V")
        #expect(hit(scene, 150, 215) == "V")  // (50 + 45.96, 50 + 45.96)
        // (222, 150): dx = 72 > 70.71 → local x = 50 + 50.91 = 100.9: out.
        #expect(hit(scene, 222, 150) == "W")
        #expect(hit(scene, 78, 150) == "W")
        // (195, 195): inside the unrotated square but dx = dy = 45 → local x = 50 + 63.6 → out.
        #expect(hit(scene, 195, 195) == "W")
        // (150, 90): dy = -60 → local (50 - 42.43, 50 - 42.43) = (7.57, 7.57): in.
        #expect(hit(scene, 150, 90) == "V")
        #expect(hit(scene, 150, 78) == "W")
    }

    @Test func horizontalFlipMovesTheHalfOpenEdges() {
        // scale(-1, 1), bounds (0, 0, 100, 50), center (150, 150): local = (-dx + 50, dy + 25).
        // x: 0 <= -dx + 50 < 100 → dx ∈ (-50, 50] → x ∈ (100, 200]; y ∈ [125, 175).
        let w = window()
        let v = View(id: "V", bounds: Rect(x: 0, y: 0, width: 100, height: 50), center: Point(x: 150, y: 150))
        v.transform = .scale(-1, 1)
        let leftStrip = view("LeftStrip", 0, 0, 10, 50)  // local x ∈ [0, 10) → screen x ∈ (190, 200]
        v.addSubview(leftStrip)
        w.addSubview(v)
        let scene = Scene(windows: [w])
        #expect(hit(scene, 100, 150) == "W")
        #expect(hit(scene, (100.0).nextUp, 150) == "V")
        #expect(hit(scene, 200, 150) == "LeftStrip")  // local x = 0: the strip's min edge, in
        #expect(hit(scene, (200.0).nextUp, 150) == "W")
        #expect(hit(scene, 190, 150) == "V")  // local x = 10: the strip's max edge, out
        #expect(hit(scene, (190.0).nextUp, 150) == "LeftStrip")
        #expect(hit(scene, 150, 125) == "V")
        #expect(hit(scene, 150, 175) == "W")
    }

    @Test func verticalFlipMovesTheHalfOpenEdges() {
        // scale(1, -1): local = (dx + 50, -dy + 25): x ∈ [100, 200), y ∈ (125, 175].
        let w = window()
        let v = View(id: "V", bounds: Rect(x: 0, y: 0, width: 100, height: 50), center: Point(x: 150, y: 150))
        v.transform = .scale(1, -1)
        w.addSubview(v)
        let scene = Scene(windows: [w])
        #expect(hit(scene, 100, 150) == "V")
        #expect(hit(scene, 200, 150) == "W")
        #expect(hit(scene, 150, 125) == "W")
        #expect(hit(scene, 150, (125.0).nextUp) == "V")
        #expect(hit(scene, 150, 175) == "V")
        #expect(hit(scene, 150, (175.0).nextUp) == "W")
    }

    // MARK: - Windows (semantics §4)

    /// A (0, 0, 100, 100) level 0, B (50, 50, 100, 100) level 1000, C (25, 25, 100, 100) level 0,
    /// listed A, B, C: front to back B, C, A.
    private func threeWindows() -> (Scene, a: Window, b: Window, c: Window) {
        let a = Window(id: "A", frame: Rect(x: 0, y: 0, width: 100, height: 100), level: 0)
        let b = Window(id: "B", frame: Rect(x: 50, y: 50, width: 100, height: 100), level: 1000)
        let c = Window(id: "C", frame: Rect(x: 25, y: 25, width: 100, height: 100), level: 0)
        return (Scene(windows: [a, b, c]), a, b, c)
    }

    @Test func higherLevelThenLaterListedWindowWins() {
        let (scene, _, _, _) = threeWindows()
        #expect(hit(scene, 60, 60) == "B")  // in all three: the highest level
        #expect(hit(scene, 30, 30) == "C")  // in A and C, both level 0: C is listed later
        #expect(hit(scene, 10, 10) == "A")
        #expect(hit(scene, 140, 140) == "B")
        #expect(hit(scene, 200, 200) == nil)
        // Windows are tried front to back until one answers; each gets the point in its own space.
        let log = CallLog()
        #expect(log.tester.hitTest(scene, at: Point(x: 120, y: 10)) == nil)
        #expect(log.hitTests == ["B", "C", "A"])
    }

    @Test func aWindowAnsweringNilLetsTheNextOneTry() {
        let (scene, _, b, c) = threeWindows()
        b.isUserInteractionEnabled = false
        #expect(hit(scene, 60, 60) == "C")
        c.isHidden = true
        #expect(hit(scene, 60, 60) == "A")
        c.isHidden = false
        c.alpha = 0
        #expect(hit(scene, 60, 60) == "A")
    }

    @Test func windowPointsAreConvertedIntoEachWindow() {
        let (scene, _, b, _) = threeWindows()
        let inB = view("InB", 0, 0, 10, 10)  // screen [50, 60)
        b.addSubview(inB)
        #expect(hit(scene, 55, 55) == "InB")
        #expect(hit(scene, 60, 55) == "B")
        // A scrolled window: bounds origin (5, 5) moves its content up/left by 5 on screen.
        b.bounds.origin = Point(x: 5, y: 5)
        #expect(hit(scene, 52, 52) == "InB")  // B-local (7, 7)
        #expect(hit(scene, 55, 55) == "B")  // B-local (10, 10): InB's max corner
    }

    @Test func rotatedWindow() {
        // R: bounds (0, 0, 100, 200), center (100, 100), a quarter turn; anchorOffset (50, 100).
        // local = (dy + 50, -dx + 100): y ∈ [50, 150), x ∈ (0, 200].
        let r = Window(id: "R", bounds: Rect(x: 0, y: 0, width: 100, height: 200), center: Point(x: 100, y: 100))
        r.transform = .rotation(quarterTurns: 1)
        // Child at local (0, 0, 10, 10): local y ∈ [0, 10) → x ∈ (190, 200]; local x ∈ [0, 10) → y ∈ [50, 60).
        r.addSubview(view("Corner", 0, 0, 10, 10))
        let scene = Scene(windows: [r])
        #expect(hit(scene, 100, 100) == "R")
        #expect(hit(scene, 1, 100) == "R")  // local (50, 199)
        #expect(hit(scene, 0, 100) == nil)  // local y = 200: out
        #expect(hit(scene, 200, 100) == "R")  // local (50, 0)
        #expect(hit(scene, 200.5, 100) == nil)
        #expect(hit(scene, 100, 50) == "R")  // local x = 0
        #expect(hit(scene, 100, 150) == nil)  // local x = 100
        #expect(hit(scene, 195, 55) == "Corner")  // local (5, 5)
        #expect(hit(scene, 200, 50) == "Corner")  // local (0, 0)
        #expect(hit(scene, 190, 55) == "R")  // local (5, 10): the corner's max y edge
    }

    @Test func nonFiniteScreenPointsHitNothing() {
        let w = window()
        w.addSubview(view("V", 0, 0, 300, 300))
        // A scale(0, 0) window would map every finite point onto its anchor; non-finite ones give NaN.
        let collapsed = Window(
            id: "Collapsed", bounds: Rect(x: 0, y: 0, width: 10, height: 10), center: Point(x: 0, y: 0), level: 1)
        collapsed.transform = .scale(0, 0)
        let outside = Window(id: "Outside", frame: Rect(x: 0, y: 0, width: 10, height: 10), level: 2)
        outside.hitTestsSubviewsOutsideBounds = true
        let sub = View(id: "ZeroScaled", bounds: Rect(x: 0, y: 0, width: 10, height: 10), center: Point(x: 5, y: 5))
        sub.transform = .scale(0, 0)
        outside.addSubview(sub)
        let scene = Scene(windows: [w, collapsed, outside])
        // Finite points do land (on the front-most window that answers).
        #expect(hit(scene, 150, 150) == "ZeroScaled")
        let bad: [Double] = [.nan, .infinity, -.infinity]
        for x in bad {
            #expect(hit(scene, x, 150) == nil, "x = \(x)")
            #expect(hit(scene, 150, x) == nil, "y = \(x)")
            #expect(hit(scene, x, x) == nil, "(\(x), \(x))")
        }
        #expect(hit(scene, .infinity, -.infinity) == nil)
        #expect(hit(scene, .greatestFiniteMagnitude, 0) == "ZeroScaled")
    }

    @Test func emptySceneHitsNothing() {
        #expect(hit(Scene(), 0, 0) == nil)
    }
}
