import HitIndex

extension Generators {
    /// Random trees that use every attribute the engines must agree on.
    static func random(count: Int, rng: inout SeededGenerator) -> Scene {
        let windowCount = count < 4 ? 1 : rng.int(in: 1...3)
        var windows: [Window] = []
        var all: [View] = []
        for k in 0..<windowCount {
            let w = Window(
                id: "w\(k)",
                bounds: rect(rng.chance(0.2) ? rng.grid(-20, 20) : 0, 0, rng.grid(200, 420), rng.grid(300, 860)),
                center: Point(x: rng.grid(100, 300), y: rng.grid(150, 450)),
                level: rng.pick([0, 0, 0, 1000, -5]))
            if rng.chance(0.15) { w.transform = .rotation(quarterTurns: rng.int(in: 1...3)) }
            if rng.chance(0.1) { w.isPassThrough = true }
            windows.append(w)
            all.append(w)
        }
        var views = 0
        // Recent views are likely parents, which grows both depth and fan-out.
        var recent: [View] = []
        while all.count < Swift.max(count, windowCount) {
            views += 1
            let parent: View
            let roll = rng.unit()
            if recent.isEmpty || roll < 0.15 {
                parent = windows[rng.int(below: windows.count)]
            } else if roll < 0.55 {
                parent = recent[recent.count - 1]
            } else {
                parent = recent[rng.int(below: recent.count)]
            }
            let v = randomView(id: "v\(views)", in: parent, rng: &rng)
            parent.addSubview(v)
            all.append(v)
            recent.append(v)
            if recent.count > 24 { recent.removeFirst() }
        }
        // Redirect targets anywhere in the scene, including other windows and hidden views.
        for v in all where rng.chance(0.03) {
            v.redirectTarget = all[rng.int(below: all.count)]
        }
        return Scene(windows: windows)
    }

    static func randomView(id: String, in parent: View, rng: inout SeededGenerator) -> View {
        let classRoll = rng.int(below: 100)
        let className =
            classRoll < 5 ? "UILabel" : classRoll < 10 ? "UIImageView" : classRoll < 15 ? "UIButton" : "UIView"
        var width = rng.grid(0, 160)
        var height = rng.grid(0, 160)
        if rng.chance(0.05) { width = 0 }
        if rng.chance(0.03) { height = -rng.grid(1, 60) }
        if rng.chance(0.03) { width = -rng.grid(1, 60) }
        let pb = Extents(parent.bounds)
        let spanX = Swift.max(pb.maxX - pb.minX, 1)
        let spanY = Swift.max(pb.maxY - pb.minY, 1)
        // Centers reach 30% beyond the parent: children partly or wholly outside its bounds.
        let center = Point(
            x: rng.grid(pb.minX - 0.3 * spanX, pb.maxX + 0.3 * spanX),
            y: rng.grid(pb.minY - 0.3 * spanY, pb.maxY + 0.3 * spanY))
        let origin = rng.chance(0.2) ? Point(x: rng.grid(-50, 50), y: rng.grid(-50, 50)) : .zero
        let v = View(
            id: id, className: className, bounds: Rect(origin: origin, size: Size(width: width, height: height)),
            center: center)
        if rng.chance(0.2) {
            v.anchorPoint = rng.pick([
                Point(x: 0, y: 0), Point(x: 1, y: 1), Point(x: 0.25, y: 0.75),
                Point(x: rng.grid(-0.5, 1.5, step: 0.25), y: rng.grid(-0.5, 1.5, step: 0.25)),
            ])
        }
        v.transform = randomTransform(rng: &rng)
        if rng.chance(0.04) { v.isHidden = true }
        if rng.chance(0.15) { v.alpha = rng.pick([0, 0.01, 0.0099, 0.011, 0.5, 0.02]) }
        if rng.chance(0.05) { v.isUserInteractionEnabled.toggle() }
        if rng.chance(0.1) {
            v.hitTestInsets = EdgeInsets(
                top: rng.grid(-10, 10), left: rng.grid(-10, 10), bottom: rng.grid(-10, 10), right: rng.grid(-10, 10))
        }
        if rng.chance(0.08) {
            v.minimumHitSize =
                rng.chance(0.5) ? Size(width: 44, height: 44) : Size(width: rng.grid(0, 80), height: rng.grid(0, 80))
        }
        let shapeRoll = rng.int(below: 100)
        if shapeRoll < 8 {
            v.hitShape = .ellipse
        } else if shapeRoll < 14 {
            v.hitShape = .roundedRect(radius: rng.grid(0, 30))
        }
        if rng.chance(0.1) { v.hitTestsSubviewsOutsideBounds = true }
        if rng.chance(0.06) { v.isPassThrough = true }
        return v
    }

    /// `(cos θ, sin θ)` for θ ≈ 30°, 60°, 15°, 120°, -20°, 170° and the 3-4-5 triangle's angle,
    /// as literals to 16-17 digits: what matters is that they are the same on every platform.
    static let rotations: [(Double, Double)] = [
        (0.8660254037844387, 0.5), (0.5, 0.8660254037844386), (0.9659258262890683, 0.25881904510252074),
        (-0.5, 0.8660254037844387), (0.9396926207859084, -0.3420201433256687),
        (-0.984807753012208, 0.17364817766693033), (0.6, 0.8),
    ]

    static func randomTransform(rng: inout SeededGenerator) -> AffineTransform {
        let roll = rng.int(below: 100)
        switch roll {
        case 0..<55: return .identity
        case 55..<63: return .rotation(quarterTurns: rng.int(in: 1...3))
        case 63..<68: return .scale(-1, 1)
        case 68..<73: return .scale(1, -1)
        case 73..<76: return .scale(0, 0)
        case 76..<79: return rng.chance(0.5) ? .scale(1, 0) : .scale(0, 1)
        case 79..<84:
            let s = 0.7071067811865476  // cos 45° = sin 45°, correctly rounded
            return AffineTransform(a: s, b: s, c: -s, d: s, tx: 0, ty: 0)
        case 84..<89:
            // Literal (cos, sin) pairs rather than libm's, so every platform generates the same bytes.
            let (c, s) = rng.pick(rotations)
            return AffineTransform(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
        case 89..<94:
            let s = rng.pick([0.5, 2, 1.5, 0.25, 3])
            return AffineTransform(a: s, b: 0, c: 0, d: s, tx: rng.grid(-10, 10), ty: rng.grid(-10, 10))
        default:
            return AffineTransform(
                a: rng.grid(-2, 2, step: 0.25), b: rng.grid(-2, 2, step: 0.25), c: rng.grid(-2, 2, step: 0.25),
                d: rng.grid(-2, 2, step: 0.25), tx: rng.grid(-20, 20), ty: rng.grid(-20, 20))
        }
    }
}
