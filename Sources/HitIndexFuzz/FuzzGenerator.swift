import HitIndex
import HitIndexFixtures

/// Random scenes and points biased towards the places where two engines can disagree.
///
/// Scenes: one to three windows at mixed levels; random trees, wide containers (which the index
/// searches through its hierarchies, deciding plain subviews from exact intervals), chains; every
/// attribute of semantics §2 and every declared behaviour, with values drawn from tables that
/// favour decisions: zero and negative sizes, scroll offsets, anchors, quarter and eighth turns,
/// flips, scale 0 and near-singular transforms, alpha around 0.01 in `Float`, huge and tiny
/// coordinates. Points: the edges and corners of views' hit rects carried to screen space,
/// their one-ulp neighbours, points outside every window, NaN and infinities.
public struct FuzzGenerator {
    var rng: SeededGenerator
    var nextID = 0

    /// A generator for one seed; the same seed gives the same scenes and points.
    /// - Complexity: O(1).
    public init(seed: UInt64) { rng = SeededGenerator(seed: seed) }

    // MARK: - Scenes

    /// The next random scene.
    /// - Complexity: O(views), at most a few thousand.
    public mutating func scene() -> FuzzScene {
        nextID = 0
        let windowCount = rng.pick([1, 1, 1, 2, 2, 3])
        var windows: [FuzzScene.WindowNode] = []
        for _ in 0..<windowCount {
            var root = FuzzScene.Node(id: "", bounds: .zero, center: .zero)
            root.id = freshID("W")
            root.className = "UIWindow"
            let w = rng.pick([390.0, 100, 20, 1000])
            let h = rng.pick([844.0, 100, 20, 1000])
            root.attributes = ViewAttributes(
                bounds: Rect(x: 0, y: 0, width: w, height: h),
                center: Point(x: rng.pick([w / 2, w / 2 + 7, 0, w]), y: rng.pick([h / 2, h / 2 - 3, 0])))
            decorate(&root.attributes, window: true)
            let budget = rng.pick([3, 6, 12, 30, 60, 200, 600])
            root.subviews = children(depth: 0, budget: budget, parentSize: Size(width: w, height: h))
            windows.append(FuzzScene.WindowNode(root: root, level: rng.pick([0, 0, 0, 1000, -1, 0.5])))
        }
        var scene = FuzzScene(windows: windows)
        addRedirects(&scene)
        return scene
    }

    mutating func freshID(_ prefix: String) -> String {
        nextID += 1
        return "\(prefix)\(nextID)"
    }

    /// Subviews of one container: a wide run of plain siblings, a chain, or a few random ones.
    mutating func children(depth: Int, budget: Int, parentSize: Size) -> [FuzzScene.Node] {
        guard budget > 0, depth < 40 else { return [] }
        let style = rng.int(below: 10)
        if style < 3 && budget >= 8 {
            // A wide container's subviews: mostly plain rectangles, some decorated.
            let n = min(budget, rng.int(in: 8...60))
            let grid = rng.chance(0.5)
            let cell = rng.pick([10.0, 7.5, 1, 0.1, 33.3])
            return (0..<n).map { k in
                var node = leaf(parentSize: parentSize)
                if grid {
                    let columns = 8
                    node.attributes.bounds.size = Size(width: cell, height: cell)
                    node.attributes.center = Point(
                        x: Double(k % columns) * cell + cell / 2, y: Double(k / columns) * cell + cell / 2)
                }
                if rng.chance(0.15) { decorate(&node.attributes, window: false) }
                if rng.chance(0.1) {
                    node.subviews = children(depth: depth + 1, budget: 3, parentSize: node.attributes.bounds.size)
                }
                return node
            }
        }
        if style < 4 && budget >= 10 {
            // A chain: one subview per level.
            var node = leaf(parentSize: parentSize)
            decorate(&node.attributes, window: false)
            node.subviews = children(depth: depth + 1, budget: budget - 1, parentSize: node.attributes.bounds.size)
            if node.subviews.count > 1 { node.subviews.removeLast(node.subviews.count - 1) }
            return [node]
        }
        let n = min(budget, rng.int(in: 1...4))
        var remaining = budget - n
        var result: [FuzzScene.Node] = []
        for _ in 0..<n {
            var node = leaf(parentSize: parentSize)
            if rng.chance(0.6) { decorate(&node.attributes, window: false) }
            if remaining > 0 && rng.chance(0.6) {
                let share = rng.int(in: 1...remaining)
                remaining -= share
                node.subviews = children(depth: depth + 1, budget: share, parentSize: node.attributes.bounds.size)
            }
            result.append(node)
        }
        return result
    }

    /// A view placed somewhere in (or around) its parent, every other attribute at its default.
    mutating func leaf(parentSize: Size) -> FuzzScene.Node {
        let pw = parentSize.width.isFinite && abs(parentSize.width) > 0 ? abs(parentSize.width) : 100
        let ph = parentSize.height.isFinite && abs(parentSize.height) > 0 ? abs(parentSize.height) : 100
        let x: Double
        let y: Double
        let w: Double
        let h: Double
        if rng.chance(0.2) {
            // Whole pixels of a screen whose scale is not a power of two (thirds on a 3× phone,
            // k / 3.5 on a 560-dpi one), as real dumps place views: the store keeps such
            // geometry as scaled `Float`s, and the decoder must give back these very values.
            let s = rng.pick([3, 3.5, 2.625, 1.5])
            (w, h) = (pixels(within: pw, scale: s), pixels(within: ph, scale: s))
            (x, y) = (pixels(within: pw, scale: s), pixels(within: ph, scale: s))
        } else {
            (w, h) = (size(pw), size(ph))
            (x, y) = (coordinate(pw), coordinate(ph))
        }
        var node = FuzzScene.Node(id: freshID("v"), bounds: Rect(x: 0, y: 0, width: w, height: h), center: .zero)
        node.attributes.center = Point(x: x + w / 2, y: y + h / 2)
        if rng.chance(0.05) { node.className = rng.pick(["UILabel", "UIImageView", "UIButton"]) }
        return node
    }

    /// A whole number of pixels, at most `extent` points' worth (and 2,000), in points.
    private mutating func pixels(within extent: Double, scale: Double) -> Double {
        Double(rng.int(in: 0...Int(min(extent, 2_000) * scale))) / scale
    }

    private mutating func size(_ parent: Double) -> Double {
        switch rng.int(below: 12) {
        case 0: return 0
        case 1: return -rng.grid(1, 40)
        case 2: return 1e-300
        case 3: return 0x1p-20
        case 4: return parent
        case 5: return rng.double(0, parent)
        default: return rng.grid(1, max(2, parent / 2))
        }
    }

    private mutating func coordinate(_ parent: Double) -> Double {
        switch rng.int(below: 14) {
        case 0: return 0
        case 1: return -rng.grid(0, 50)
        case 2: return parent
        case 3: return rng.double(-parent, 2 * parent)
        case 4: return rng.pick([1e15, -1e15, 3.4e38, 1e-300, 0x1p52 + 0.5])
        case 5: return Double(rng.int(in: 0...20)) * 0.1
        default: return rng.grid(0, parent)
        }
    }

    /// Changes some attributes away from their defaults.
    mutating func decorate(_ a: inout ViewAttributes, window: Bool) {
        if rng.chance(0.25) {
            a.bounds.origin = Point(x: rng.pick([0, 10, -7.5, 0.1, 1e9, rng.grid(-100, 100)]), y: rng.grid(-100, 100))
        }
        if rng.chance(0.2) {
            a.anchorPoint = rng.pick([
                Point(x: 0, y: 0), Point(x: 1, y: 1), Point(x: 0.25, y: 0.75), Point(x: rng.unit(), y: rng.unit()),
                Point(x: -1, y: 2),
            ])
        }
        if rng.chance(0.3) { a.transform = transform() }
        if rng.chance(0.06) { a.isHidden = true }
        if rng.chance(0.1) {
            let nearThreshold = Float(0.01)
            a.alpha = rng.pick([0, nearThreshold, nearThreshold.nextUp, nearThreshold.nextDown, 0.5, 0.02, 0.001])
        }
        if rng.chance(0.06) { a.isUserInteractionEnabled = false }
        if rng.chance(0.15) {
            a.hitTestInsets = EdgeInsets(
                top: rng.grid(-10, 10), left: rng.grid(-10, 10), bottom: rng.grid(-10, 10), right: rng.grid(-10, 10))
        }
        if rng.chance(0.1) {
            a.minimumHitSize = rng.pick([Size(width: 44, height: 44), Size(width: rng.grid(0, 60), height: 0)])
        }
        if rng.chance(0.12) {
            a.hitShape = rng.chance(0.5) ? .ellipse : .roundedRect(radius: rng.pick([0, 4, 10, 1e6, rng.grid(0, 30)]))
        }
        if rng.chance(0.15) { a.hitTestsSubviewsOutsideBounds = true }
        if !window && rng.chance(0.1) { a.isPassThrough = true }
    }

    private mutating func transform() -> AffineTransform {
        switch rng.int(below: 12) {
        case 0: return .rotation(quarterTurns: rng.int(in: 1...3))
        case 1: return .rotation(Double.pi / 4)
        case 2: return .rotation(rng.double(-Double.pi, Double.pi))
        case 3: return .scale(-1, 1)
        case 4: return .scale(1, -1)
        case 5: return .scale(0, 0)
        case 6: return .scale(0, rng.pick([1, 2]))
        case 7: return .scale(1e-200, 1e-200)
        case 8: return .scale(rng.pick([2, 0.5, 3, 1e-3]), rng.pick([2, 0.5, 1]))
        case 9: return .translation(rng.grid(-50, 50), rng.grid(-50, 50))
        case 10:
            // Nearly singular: a tiny determinant from large, almost parallel rows.
            return AffineTransform(a: 1e8, b: 1e8 + 1, c: 1e8 - 1, d: 1e8, tx: 0, ty: 0)
        default:
            return AffineTransform(
                a: rng.double(-2, 2), b: rng.double(-2, 2), c: rng.double(-2, 2), d: rng.double(-2, 2),
                tx: rng.grid(-20, 20), ty: rng.grid(-20, 20))
        }
    }

    /// Points some views' hits at other views of the scene (or at themselves).
    private mutating func addRedirects(_ scene: inout FuzzScene) {
        var ids: [String] = []
        func collect(_ n: FuzzScene.Node) {
            ids.append(n.id)
            n.subviews.forEach(collect)
        }
        for w in scene.windows { collect(w.root) }
        guard rng.chance(0.3) else { return }
        func visit(_ n: inout FuzzScene.Node) {
            if rng.chance(0.08) { n.redirectTarget = rng.pick(ids) }
            for i in n.subviews.indices { visit(&n.subviews[i]) }
        }
        for i in scene.windows.indices { visit(&scene.windows[i].root) }
    }

    // MARK: - Points

    /// Points for one scene: edges, corners and their neighbours for up to `edgeViews` views,
    /// plus `uniform` points over and around the windows, plus non-finite ones.
    /// - Complexity: O(views + points).
    public mutating func points(for scene: Scene, edgeViews: Int = 24, uniform: Int = 16) -> [Point] {
        var views: [View] = []
        scene.forEachView { v, _ in views.append(v) }
        var points: [Point] = []
        for _ in 0..<min(edgeViews, views.count) {
            let v = rng.pick(views)
            let e = v.hitRegion.extents
            guard e.minX.isFinite, e.maxX.isFinite, e.minY.isFinite, e.maxY.isFinite else { continue }
            let xs = [e.minX, e.maxX, e.minX * 0.5 + e.maxX * 0.5]
            let ys = [e.minY, e.maxY, e.minY * 0.5 + e.maxY * 0.5]
            for _ in 0..<3 {
                let s = v.convertToScreen(Point(x: rng.pick(xs), y: rng.pick(ys)))
                points.append(s)
                switch rng.int(below: 4) {
                case 0: points.append(Point(x: s.x.nextUp, y: s.y))
                case 1: points.append(Point(x: s.x.nextDown, y: s.y.nextDown))
                case 2: points.append(Point(x: s.x, y: s.y.nextUp))
                default: points.append(Point(x: s.x.nextDown, y: s.y.nextUp))
                }
            }
        }
        for _ in 0..<uniform {
            let w = rng.pick(scene.windows)
            let f = w.frame
            let (x0, x1) = (f.origin.x - 20, f.origin.x + f.size.width + 20)
            let (y0, y1) = (f.origin.y - 20, f.origin.y + f.size.height + 20)
            if x0.isFinite && x1.isFinite && y0.isFinite && y1.isFinite && x0 < x1 && y0 < y1 {
                points.append(Point(x: rng.double(x0, x1), y: rng.double(y0, y1)))
            }
        }
        points.append(
            rng.pick([
                Point(x: .nan, y: 1), Point(x: .infinity, y: 0), Point(x: 0, y: -.infinity), Point(x: -1e308, y: 1e308),
            ]))
        return points
    }
}
