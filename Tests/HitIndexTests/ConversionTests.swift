import HitIndex
import HitIndexFixtures
import Testing

/// Semantics §2: the ONE superview → view conversion (`ViewPlacement.toLocal`), its inverse
/// `toParent`, and `View.convert` between any two views, through screen space between windows.
@Suite struct ConversionTests {
    private func placement(
        bounds: Rect, center: Point, anchor: Point = Point(x: 0.5, y: 0.5), transform: AffineTransform = .identity
    ) -> ViewPlacement {
        ViewPlacement(bounds: bounds, center: center, anchorPoint: anchor, transform: transform)
    }

    // MARK: - toLocal against hand-computed values

    @Test func identityPlacementIsAFrameOffset() {
        // bounds (0, 0, 100, 50), center (60, 45): frame origin (60 - 50, 45 - 25) = (10, 20).
        let p = placement(bounds: Rect(x: 0, y: 0, width: 100, height: 50), center: Point(x: 60, y: 45))
        #expect(p.anchorOffset == Point(x: 50, y: 25))
        #expect(p.inverse == .identity)
        #expect(p.toLocal(Point(x: 10, y: 20)) == Point(x: 0, y: 0))
        #expect(p.toLocal(Point(x: 60, y: 45)) == Point(x: 50, y: 25))
        #expect(p.toLocal(Point(x: 110, y: 70)) == Point(x: 100, y: 50))
        #expect(p.toLocal(Point(x: 0, y: 0)) == Point(x: -10, y: -20))
        #expect(p.toLocal(Point(x: 10.25, y: 20.75)) == Point(x: 0.25, y: 0.75))
    }

    @Test func anchorPointChoosesWhichBoundsPointSitsAtTheCenter() {
        let bounds = Rect(x: 0, y: 0, width: 100, height: 50)
        // anchor (0, 0): the bounds origin sits at center (10, 20).
        let topLeft = placement(bounds: bounds, center: Point(x: 10, y: 20), anchor: Point(x: 0, y: 0))
        #expect(topLeft.toLocal(Point(x: 10, y: 20)) == Point(x: 0, y: 0))
        #expect(topLeft.toLocal(Point(x: 15, y: 27)) == Point(x: 5, y: 7))
        // anchor (1, 1): the bounds' max corner (100, 50) sits at center (110, 70).
        let bottomRight = placement(bounds: bounds, center: Point(x: 110, y: 70), anchor: Point(x: 1, y: 1))
        #expect(bottomRight.toLocal(Point(x: 110, y: 70)) == Point(x: 100, y: 50))
        #expect(bottomRight.toLocal(Point(x: 10, y: 20)) == Point(x: 0, y: 0))
        // anchor (0.25, 2): anchorOffset = (25, 100), outside the bounds; still a plain offset.
        let odd = placement(bounds: bounds, center: Point(x: 0, y: 0), anchor: Point(x: 0.25, y: 2))
        #expect(odd.anchorOffset == Point(x: 25, y: 100))
        #expect(odd.toLocal(Point(x: 1, y: 1)) == Point(x: 26, y: 101))
    }

    @Test func anchorPointRotatesAroundTheAnchor() {
        // bounds (0, 0, 100, 50), anchor (0, 0), center (10, 20), quarter turn.
        // inverse (0, -1, 1, 0): lx = dy, ly = -dx. The anchor (bounds origin) stays at (10, 20).
        let p = placement(
            bounds: Rect(x: 0, y: 0, width: 100, height: 50), center: Point(x: 10, y: 20), anchor: Point(x: 0, y: 0),
            transform: .rotation(quarterTurns: 1))
        #expect(p.toLocal(Point(x: 10, y: 20)) == Point(x: 0, y: 0))
        // (10, 30): dx = 0, dy = 10 → (10, 0): the local x axis points down the screen.
        #expect(p.toLocal(Point(x: 10, y: 30)) == Point(x: 10, y: 0))
        // (0, 20): dx = -10, dy = 0 → (0, 10): the local y axis points left.
        #expect(p.toLocal(Point(x: 0, y: 20)) == Point(x: 0, y: 10))
    }

    @Test func boundsOriginIsAScrollOffset() {
        // bounds (30, 40, 100, 50), center (60, 45): anchorOffset = (30 + 50, 40 + 25) = (80, 65).
        let p = placement(bounds: Rect(x: 30, y: 40, width: 100, height: 50), center: Point(x: 60, y: 45))
        #expect(p.anchorOffset == Point(x: 80, y: 65))
        // The frame's top-left (10, 20) shows bounds point (30, 40): content moved up/left by the offset.
        #expect(p.toLocal(Point(x: 10, y: 20)) == Point(x: 30, y: 40))
        #expect(p.toLocal(Point(x: 0, y: 0)) == Point(x: 20, y: 20))
        // So a subview at bounds-space (30, 40) appears at parent (10, 20).
        #expect(p.toParent(Point(x: 30, y: 40)) == Point(x: 10, y: 20))
    }

    @Test func quarterTurnAroundTheCenter() {
        // bounds (0, 0, 100, 50), center (200, 100), rotation(quarterTurns: 1).
        // inverse (0, -1, 1, 0, 0, 0): lx = 0*dx + 1*dy = dy, ly = -1*dx + 0*dy = -dx.
        // p = (dy + 50, -dx + 25).
        let p = placement(
            bounds: Rect(x: 0, y: 0, width: 100, height: 50), center: Point(x: 200, y: 100),
            transform: .rotation(quarterTurns: 1))
        #expect(p.inverse == AffineTransform.rotation(quarterTurns: 3))
        #expect(p.toLocal(Point(x: 200, y: 100)) == Point(x: 50, y: 25))
        #expect(p.toLocal(Point(x: 210, y: 100)) == Point(x: 50, y: 15))  // dx = 10
        #expect(p.toLocal(Point(x: 200, y: 130)) == Point(x: 80, y: 25))  // dy = 30
        // Local (0, 0): offset (-50, -25) → T → (0*-50 + -1*-25, 1*-50 + 0*-25) = (25, -50) → (225, 50).
        #expect(p.toLocal(Point(x: 225, y: 50)) == Point(x: 0, y: 0))
        #expect(p.toParent(Point(x: 0, y: 0)) == Point(x: 225, y: 50))
        // Local (100, 50): offset (50, 25) → (-25, 50) → (175, 150).
        #expect(p.toParent(Point(x: 100, y: 50)) == Point(x: 175, y: 150))
    }

    @Test func translationTransform() {
        // translation(10, 20): inverse tx = -10, ty = -20. The view appears shifted by (10, 20):
        // its top-left moves from (10, 20) to (20, 40).
        let p = placement(
            bounds: Rect(x: 0, y: 0, width: 100, height: 50), center: Point(x: 60, y: 45),
            transform: .translation(10, 20))
        #expect(p.toLocal(Point(x: 20, y: 40)) == Point(x: 0, y: 0))  // dx = -40, dy = -5 → (-50, -25) + (50, 25)
        #expect(p.toLocal(Point(x: 10, y: 20)) == Point(x: -10, y: -20))
    }

    @Test func scaleTransformScalesAroundTheAnchor() {
        // scale(2, 2), bounds (0, 0, 100, 50), center (100, 100): inverse scale(0.5, 0.5).
        // The frame is (0, 50, 200, 100); (0, 50) → dx = -100, dy = -50 → (-50, -25) + (50, 25) = (0, 0).
        let p = placement(
            bounds: Rect(x: 0, y: 0, width: 100, height: 50), center: Point(x: 100, y: 100), transform: .scale(2, 2))
        #expect(p.toLocal(Point(x: 0, y: 50)) == Point(x: 0, y: 0))
        #expect(p.toLocal(Point(x: 100, y: 100)) == Point(x: 50, y: 25))
        #expect(p.toLocal(Point(x: 200, y: 150)) == Point(x: 100, y: 50))
        #expect(p.toLocal(Point(x: 101, y: 101)) == Point(x: 50.5, y: 25.5))
    }

    @Test func flipsMirrorAroundTheAnchor() {
        // scale(-1, 1), bounds (0, 0, 100, 50), center (50, 25): p = (-dx + 50, dy + 25).
        let p = placement(
            bounds: Rect(x: 0, y: 0, width: 100, height: 50), center: Point(x: 50, y: 25), transform: .scale(-1, 1))
        #expect(p.toLocal(Point(x: 0, y: 0)) == Point(x: 100, y: 0))
        #expect(p.toLocal(Point(x: 10, y: 5)) == Point(x: 90, y: 5))
        #expect(p.toLocal(Point(x: 100, y: 50)) == Point(x: 0, y: 50))
        // scale(1, -1): p = (dx + 50, -dy + 25).
        let q = placement(
            bounds: Rect(x: 0, y: 0, width: 100, height: 50), center: Point(x: 50, y: 25), transform: .scale(1, -1))
        #expect(q.toLocal(Point(x: 10, y: 5)) == Point(x: 10, y: 45))
    }

    @Test func scaleZeroMapsEveryPointOntoTheAnchor() {
        // inverse of scale(0, 0) is scale(0, 0) (det 0 → unchanged), so lx = ly = 0 and p = anchorOffset.
        let p = placement(
            bounds: Rect(x: 0, y: 0, width: 100, height: 50), center: Point(x: 150, y: 150), transform: .scale(0, 0))
        var rng = SeededGenerator(seed: 0x5CA1E0)
        for i in 0..<1000 {
            let q = Point(x: (rng.unit() - 0.5) * 1e6, y: (rng.unit() - 0.5) * 1e6)
            #expect(p.toLocal(q) == Point(x: 50, y: 25), "seed 0x5CA1E0, sample \(i): \(q)")
        }
        #expect(p.toLocal(Point(x: .greatestFiniteMagnitude, y: -.greatestFiniteMagnitude)) == Point(x: 50, y: 25))
        // With anchor (1, 0) and bounds origin (5, 5): anchorOffset = (5 + 100, 5 + 0) = (105, 5).
        let a = placement(
            bounds: Rect(x: 5, y: 5, width: 100, height: 50), center: Point(x: 0, y: 0), anchor: Point(x: 1, y: 0),
            transform: .scale(0, 0))
        #expect(a.toLocal(Point(x: 3, y: -77)) == Point(x: 105, y: 5))
    }

    @Test func scaleOneZeroCollapsesOnlyY() {
        // scale(1, 0) is singular, so its "inverse" is itself: lx = dx, ly = 0 → p = (dx + 50, 25).
        let p = placement(
            bounds: Rect(x: 0, y: 0, width: 100, height: 50), center: Point(x: 150, y: 150), transform: .scale(1, 0))
        #expect(p.toLocal(Point(x: 100, y: 0)) == Point(x: 0, y: 25))
        #expect(p.toLocal(Point(x: 199, y: 9999)) == Point(x: 99, y: 25))
        #expect(p.toLocal(Point(x: 250, y: -3)) == Point(x: 150, y: 25))
    }

    @Test func fortyFiveDegreesAgainstHandValues() {
        // rotation(π/4) around center (0, 0), bounds (0, 0, 100, 100): p = R(-45°)(q) + (50, 50).
        // q = (10, 0): R(-45°)(10, 0) = (10 cos45, -10 sin45) = (7.0710678, -7.0710678).
        let p = placement(
            bounds: Rect(x: 0, y: 0, width: 100, height: 100), center: Point(x: 0, y: 0), transform: .rotation(.pi / 4))
        let r = p.toLocal(Point(x: 10, y: 0))
        #expect(abs(r.x - 57.0710678118654755) < 1e-12)
        #expect(abs(r.y - 42.9289321881345245) < 1e-12)
        // q = (0, 10): R(-45°)(0, 10) = (7.0710678, 7.0710678).
        let s = p.toLocal(Point(x: 0, y: 10))
        #expect(abs(s.x - 57.0710678118654755) < 1e-12)
        #expect(abs(s.y - 57.0710678118654755) < 1e-12)
    }

    @Test func toLocalFollowsTheSpecifiedOperationOrder() {
        // The contract fixes the order dx = q.x - c.x, lx = ia*dx + ic*dy + itx, p = lx + offset,
        // so that engines round identically. With a non-dyadic center and point the order shows:
        // dx = 0.1 - 0.2 = -0.1; + offset (0.5 * 2.3 = 1.15) → 1.0499999999999998, whereas
        // 0.1 - (0.2 - 1.15) and (0.1 + 1.15) - 0.2 both give 1.05.
        let p = placement(bounds: Rect(x: 0, y: 0, width: 2.3, height: 2.3), center: Point(x: 0.2, y: 0.2))
        #expect(p.anchorOffset == Point(x: 1.15, y: 1.15))
        let r = p.toLocal(Point(x: 0.1, y: 0.1))
        #expect(r.x == 1.0499999999999998)
        #expect(r.y == 1.0499999999999998)
        #expect(r.x != 0.1 - (0.2 - 1.15))
        #expect(r.x != (0.1 + 1.15) - 0.2)
    }

    // MARK: - Round trips

    private static let exactTransforms: [AffineTransform] = [
        .identity, .rotation(quarterTurns: 1), .rotation(quarterTurns: 2), .rotation(quarterTurns: 3),
        .scale(2, 0.5), .scale(-1, 1), .scale(1, -1), .scale(-4, 0.25), .translation(3.5, -7.25),
        AffineTransform(a: 0, b: 2, c: -0.5, d: 0, tx: 1.5, ty: -2),
    ]

    @Test func roundTripIsExactForDyadicInputs() {
        // Every operand is a multiple of 1/8 below 2^12 and the transforms have dyadic entries
        // (and dyadic inverses), so every product and sum is exact.
        let seed: UInt64 = 20_240_601
        var rng = SeededGenerator(seed: seed)
        func dyadic() -> Double { Double(rng.int(in: -4096...4096)) / 8 }
        for (ti, t) in Self.exactTransforms.enumerated() {
            for i in 0..<200 {
                let bounds = Rect(x: dyadic(), y: dyadic(), width: abs(dyadic()), height: abs(dyadic()))
                let anchor = Point(x: Double(rng.int(in: 0...4)) / 4, y: Double(rng.int(in: 0...4)) / 4)
                let p = placement(bounds: bounds, center: Point(x: dyadic(), y: dyadic()), anchor: anchor, transform: t)
                let q = Point(x: dyadic(), y: dyadic())
                #expect(p.toParent(p.toLocal(q)) == q, "seed \(seed), transform #\(ti) \(t), sample \(i), q \(q)")
                #expect(p.toLocal(p.toParent(q)) == q, "seed \(seed), transform #\(ti) \(t), sample \(i), q \(q)")
            }
        }
    }

    @Test func roundTripIsCloseForArbitraryAngles() {
        let seed: UInt64 = 0xA9_61E5
        var rng = SeededGenerator(seed: seed)
        var transforms: [AffineTransform] = [.rotation(.pi / 4), .rotation(-.pi / 4), .rotation(1), .rotation(.pi / 6)]
        for _ in 0..<20 {
            let angle = (rng.unit() - 0.5) * 4 * .pi
            let scale = 0.25 + rng.unit() * 4
            transforms.append(AffineTransform.rotation(angle).concatenating(.scale(scale, 1 / scale)))
        }
        for (ti, t) in transforms.enumerated() {
            for i in 0..<100 {
                let p = placement(
                    bounds: Rect(
                        x: (rng.unit() - 0.5) * 200, y: (rng.unit() - 0.5) * 200, width: rng.unit() * 500,
                        height: rng.unit() * 500),
                    center: Point(x: (rng.unit() - 0.5) * 2000, y: (rng.unit() - 0.5) * 2000),
                    anchor: Point(x: rng.unit(), y: rng.unit()), transform: t)
                let q = Point(x: (rng.unit() - 0.5) * 2000, y: (rng.unit() - 0.5) * 2000)
                let back = p.toParent(p.toLocal(q))
                // Magnitudes are below ~10^4 and the scale below 16: 1e-8 is thousands of ulps.
                #expect(
                    abs(back.x - q.x) < 1e-8 && abs(back.y - q.y) < 1e-8,
                    "seed \(seed), transform #\(ti), sample \(i): \(q) → \(back)")
            }
        }
    }

    // MARK: - View.convert between views

    /// W (0, 0, 400, 800) at the screen origin, with
    ///   A frame (10, 20, 100, 100) ⊃ A1 frame (5, 5, 50, 50)
    ///   B frame (200, 300, 100, 100) ⊃ B1 frame (10, 10, 20, 20) ⊃ B2 frame (1, 2, 5, 5)
    private final class Tree {
        let w = Window(id: "W", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        let a = View(id: "A", frame: Rect(x: 10, y: 20, width: 100, height: 100))
        let a1 = View(id: "A1", frame: Rect(x: 5, y: 5, width: 50, height: 50))
        let b = View(id: "B", frame: Rect(x: 200, y: 300, width: 100, height: 100))
        let b1 = View(id: "B1", frame: Rect(x: 10, y: 10, width: 20, height: 20))
        let b2 = View(id: "B2", frame: Rect(x: 1, y: 2, width: 5, height: 5))
        init() {
            w.addSubview(a)
            a.addSubview(a1)
            w.addSubview(b)
            b.addSubview(b1)
            b1.addSubview(b2)
        }
    }

    @Test func convertBetweenSiblings() {
        let t = Tree()
        // A's (0, 0) is W's (10, 20), which is B's (10 - 200, 20 - 300).
        #expect(t.a.convert(Point(x: 0, y: 0), to: t.b) == Point(x: -190, y: -280))
        #expect(t.b.convert(Point(x: 0, y: 0), from: t.a) == Point(x: -190, y: -280))
        #expect(t.b.convert(Point(x: -190, y: -280), to: t.a) == Point(x: 0, y: 0))
        #expect(t.a.convert(Point(x: 0, y: 0), from: t.b) == Point(x: 190, y: 280))
    }

    @Test func convertBetweenCousins() {
        let t = Tree()
        // A1 (1, 2) → A (6, 7) → W (16, 27); B1's origin is W (210, 310) → B1 (-194, -283).
        #expect(t.a1.convert(Point(x: 1, y: 2), to: t.b1) == Point(x: -194, y: -283))
        #expect(t.b1.convert(Point(x: 1, y: 2), from: t.a1) == Point(x: -194, y: -283))
        // B2's origin is W (211, 312) → A1 (211 - 15, 312 - 25) = (196, 287).
        #expect(t.b2.convert(Point(x: 0, y: 0), to: t.a1) == Point(x: 196, y: 287))
    }

    @Test func convertBetweenNestedViews() {
        let t = Tree()
        #expect(t.a1.convert(Point(x: 1, y: 2), to: t.a) == Point(x: 6, y: 7))
        #expect(t.a.convert(Point(x: 6, y: 7), to: t.a1) == Point(x: 1, y: 2))
        #expect(t.a1.convert(Point(x: 1, y: 2), to: t.w) == Point(x: 16, y: 27))
        #expect(t.w.convert(Point(x: 16, y: 27), to: t.a1) == Point(x: 1, y: 2))
        #expect(t.b2.convert(Point(x: 0, y: 0), to: t.b) == Point(x: 11, y: 12))
        #expect(t.a1.convert(Point(x: 3, y: 4), to: t.a1) == Point(x: 3, y: 4))
    }

    @Test func convertWithNilMeansTheWindow() {
        let t = Tree()
        #expect(t.a1.convert(Point(x: 1, y: 2), to: nil) == Point(x: 16, y: 27))
        #expect(t.a1.convert(Point(x: 16, y: 27), from: nil) == Point(x: 1, y: 2))
        #expect(t.b2.convert(Point(x: 0, y: 0), to: nil) == Point(x: 211, y: 312))
    }

    @Test func convertHonoursScrollOffsets() {
        let t = Tree()
        // A scrolled by (0, 10): A's bounds point (x, y) shows at W (10 + x, 20 + y - 10).
        t.a.bounds.origin = Point(x: 0, y: 10)
        #expect(t.a1.convert(Point(x: 1, y: 2), to: t.w) == Point(x: 16, y: 17))
        #expect(t.a1.convert(Point(x: 1, y: 2), to: t.a) == Point(x: 6, y: 7))  // unchanged inside A
        #expect(t.w.convert(Point(x: 16, y: 17), to: t.a1) == Point(x: 1, y: 2))
    }

    @Test func convertThroughATransformedView() {
        let t = Tree()
        // B1 re-placed: bounds (0, 0, 20, 10), center (50, 50) in B, a quarter turn.
        // B1 local (0, 0): offset (-10, -5) → T → (0*-10 + -1*-5, 1*-10 + 0*-5) = (5, -10)
        //   → B (55, 40) → W (255, 340) → A (245, 320).
        t.b1.bounds = Rect(x: 0, y: 0, width: 20, height: 10)
        t.b1.center = Point(x: 50, y: 50)
        t.b1.transform = .rotation(quarterTurns: 1)
        #expect(t.b1.convert(Point(x: 0, y: 0), to: t.w) == Point(x: 255, y: 340))
        #expect(t.b1.convert(Point(x: 0, y: 0), to: t.a) == Point(x: 245, y: 320))
        #expect(t.a.convert(Point(x: 245, y: 320), to: t.b1) == Point(x: 0, y: 0))
        // B1 local (20, 0): offset (10, -5) → (5, 10) → B (55, 60).
        #expect(t.b1.convert(Point(x: 20, y: 0), to: t.b) == Point(x: 55, y: 60))
        // B2 inside B1 (frame (1, 2, 5, 5)): its (0, 0) is B1 (1, 2): offset (-9, -3) → (3, -9) → B (53, 41).
        #expect(t.b2.convert(Point(x: 0, y: 0), to: t.b) == Point(x: 53, y: 41))
    }

    @Test func convertBetweenTwoWindowsGoesThroughScreenSpace() {
        let t = Tree()
        // W2: frame (200, 350, 200, 100) on screen; V in W2 at frame (10, 10, 50, 50).
        let w2 = Window(id: "W2", frame: Rect(x: 200, y: 350, width: 200, height: 100), level: 1)
        let v = View(id: "V", frame: Rect(x: 10, y: 10, width: 50, height: 50))
        w2.addSubview(v)
        _ = Scene(windows: [t.w, w2])
        // V (0, 0) → W2 (10, 10) → screen (210, 360) → W (210, 360) → A (200, 340).
        #expect(v.convert(Point(x: 0, y: 0), to: t.w) == Point(x: 210, y: 360))
        #expect(v.convert(Point(x: 0, y: 0), to: t.a) == Point(x: 200, y: 340))
        // A (0, 0) → screen (10, 20) → W2 (-190, -330) → V (-200, -340).
        #expect(t.a.convert(Point(x: 0, y: 0), to: v) == Point(x: -200, y: -340))
        #expect(v.convert(Point(x: 0, y: 0), from: t.a) == Point(x: -200, y: -340))
        #expect(t.a1.convert(Point(x: 0, y: 0), to: w2) == Point(x: -185, y: -325))
    }

    @Test func convertBetweenARotatedWindowAndAnother() {
        // R: bounds (0, 0, 100, 200), center (50, 100) on screen, a quarter turn.
        // R local (0, 0): offset (-50, -100) → T → (0*-50 + -1*-100, 1*-50 + 0) = (100, -50) → screen (150, 50).
        let r = Window(id: "R", bounds: Rect(x: 0, y: 0, width: 100, height: 200), center: Point(x: 50, y: 100))
        r.transform = .rotation(quarterTurns: 1)
        let plain = Window(id: "P", frame: Rect(x: 100, y: 0, width: 100, height: 100))
        #expect(r.convertToScreen(Point(x: 0, y: 0)) == Point(x: 150, y: 50))
        #expect(r.convert(fromScreen: Point(x: 150, y: 50)) == Point(x: 0, y: 0))
        #expect(r.convert(Point(x: 0, y: 0), to: plain) == Point(x: 50, y: 50))
        #expect(plain.convert(Point(x: 50, y: 50), to: r) == Point(x: 0, y: 0))
        // R local (10, 0): offset (-40, -100) → (100, -40) → screen (150, 60) → P (50, 60).
        #expect(r.convert(Point(x: 10, y: 0), to: plain) == Point(x: 50, y: 60))
    }

    @Test func screenConversions() {
        let t = Tree()
        #expect(t.a1.convertToScreen(Point(x: 1, y: 2)) == Point(x: 16, y: 27))
        #expect(t.a1.convert(fromScreen: Point(x: 16, y: 27)) == Point(x: 1, y: 2))
        // Move the window: W frame (100, 50, 400, 800) → everything shifts by (100, 50) on screen.
        t.w.frame = Rect(x: 100, y: 50, width: 400, height: 800)
        #expect(t.a1.convertToScreen(Point(x: 1, y: 2)) == Point(x: 116, y: 77))
        #expect(t.a1.convert(fromScreen: Point(x: 116, y: 77)) == Point(x: 1, y: 2))
        #expect(t.w.convert(fromScreen: Point(x: 100, y: 50)) == Point(x: 0, y: 0))
        // Window-relative conversion is unaffected by where the window is.
        #expect(t.a1.convert(Point(x: 1, y: 2), to: nil) == Point(x: 16, y: 27))
        // Scaled window: W scale(2, 2) about its center (300, 450): screen = 300 + 2 * (wx - 200).
        t.w.transform = .scale(2, 2)
        // A1 (1, 2) → W (16, 27) → screen (300 + 2*(16-200), 450 + 2*(27-400)) = (-68, -296).
        #expect(t.a1.convertToScreen(Point(x: 1, y: 2)) == Point(x: -68, y: -296))
        #expect(t.a1.convert(fromScreen: Point(x: -68, y: -296)) == Point(x: 1, y: 2))
    }

    @Test func convertToScreenAndBackAgreesWithToLocalChain() {
        // convert(fromScreen:) must be exactly the chain of canonical toLocal steps, root first.
        let t = Tree()
        t.w.transform = .rotation(quarterTurns: 3)
        t.a.transform = .scale(-1, 2)
        t.a1.bounds.origin = Point(x: 2.5, y: -1.5)
        let s = Point(x: 123.25, y: 456.75)
        let manual = t.a1.placement.toLocal(t.a.placement.toLocal(t.w.placement.toLocal(s)))
        #expect(t.a1.convert(fromScreen: s) == manual)
        #expect(t.a1.convertToScreen(manual) == s)  // dyadic throughout: exact
    }
}
