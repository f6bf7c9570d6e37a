import Foundation
import HitIndex
import HitIndexFixtures
import HitIndexReference
import Testing

/// Converts RICO-format view hierarchies (Android; the screens of Tests/Data/rico-hitindex, see its
/// SOURCE.md) into scenes.
///
/// A node's `bounds` are absolute screen pixels `[left, top, right, bottom]`; a child's frame is
/// its bounds relative to its parent's (left, top), so every view's screen rect is exactly its
/// `bounds` (identity transforms, zero bounds origins). `right < left` (a node clipped away) gives a
/// negative width, which the model standardizes. `visibility` other than "visible" makes the
/// view hidden (its subtree follows, as Android's visibility is inherited); `enabled: false`
/// disables interaction. In the `clickableOnly` variant every non-clickable view is
/// pass-through: the touch goes to the front-most clickable view, roughly as Android dispatches
/// clicks, and the engines must agree on many more pass-through views.
private enum RICOConverter {
    struct Node: Decodable {
        let className: String
        let bounds: [Double]
        let visibility: String
        let visibleToUser: Bool
        let enabled: Bool
        let clickable: Bool
        let children: [Node]?

        enum CodingKeys: String, CodingKey {
            case className = "class"
            case bounds, visibility, enabled, clickable, children
            case visibleToUser = "visible-to-user"
        }
    }

    struct File: Decodable {
        struct Activity: Decodable { let root: Node }
        let activity: Activity
    }

    static let screen = Rect(x: 0, y: 0, width: 1440, height: 2560)

    static func folder() -> URL {
        TestSupport.realData("rico-hitindex")
    }

    /// The screens, by file name, sorted.
    static func load() throws -> [(name: String, root: Node)] {
        let dir = folder()
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        let decoder = JSONDecoder()
        return try names.map { name in
            let data = try Data(contentsOf: dir.appendingPathComponent(name))
            return (name, try decoder.decode(File.self, from: data).activity.root)
        }
    }

    /// The subtree of `node` as a view whose frame is relative to `origin` (the parent's
    /// left-top), ids `prefix.<n>.<short class>` numbered in creation order (root 0, then each
    /// parent's subviews together). Iterative: any depth.
    static func view(_ root: Node, origin: Point, prefix: String, clickableOnly: Bool, count: inout Int) -> View {
        func make(_ n: Node, _ origin: Point) -> View {
            let b = n.bounds
            let short = n.className.split(separator: ".").last.map(String.init) ?? n.className
            let v = View(
                id: "\(prefix).\(count).\(short)", className: n.className,
                frame: Rect(x: b[0] - origin.x, y: b[1] - origin.y, width: b[2] - b[0], height: b[3] - b[1]))
            count += 1
            v.isHidden = n.visibility != "visible"
            v.isUserInteractionEnabled = n.enabled
            if clickableOnly && !n.clickable { v.isPassThrough = true }
            return v
        }
        let top = make(root, origin)
        var stack: [(Node, View)] = [(root, top)]
        while let (n, v) = stack.popLast() {
            let here = Point(x: n.bounds[0], y: n.bounds[1])
            var made: [(Node, View)] = []
            for c in n.children ?? [] {
                let cv = make(c, here)
                v.addSubview(cv)
                made.append((c, cv))
            }
            stack.append(contentsOf: made.reversed())
        }
        return top
    }

    /// One screen as one window at the screen origin.
    static func scene(_ root: Node, name: String, clickableOnly: Bool) -> Scene {
        let w = Window(id: "W.\(name)", frame: screen)
        var count = 0
        w.addSubview(view(root, origin: .zero, prefix: name, clickableOnly: clickableOnly, count: &count))
        return Scene(windows: [w])
    }

    /// Every screen side by side in one window (screen k at x = 1440·k): one container with
    /// ~100 subviews, which the index searches through a ChildBVH.
    static func sideBySide(_ screens: [(name: String, root: Node)], clickableOnly: Bool) -> Scene {
        let w = Window(
            id: "W",
            frame: Rect(x: 0, y: 0, width: screen.size.width * Double(screens.count), height: screen.size.height))
        var count = 0
        for (k, s) in screens.enumerated() {
            // A slot view per screen, so that the screen's absolute bounds stay relative to it.
            let slot = View(
                id: "slot\(k)", frame: Rect(x: screen.size.width * Double(k), y: 0, width: 1440, height: 2560))
            slot.isPassThrough = true
            slot.addSubview(view(s.root, origin: .zero, prefix: s.name, clickableOnly: clickableOnly, count: &count))
            w.addSubview(slot)
        }
        return Scene(windows: [w])
    }
}

/// The index against the reference on the eight RICO-format Android screens of Tests/Data/rico-hitindex.
@Suite(.serialized) struct IndexRealDataTests {
    /// Edge-biased points for every view (its screen rect's edges, ± 1 ulp, at the other axis's
    /// middle, and corners) plus uniform points over the window.
    static func points(_ scene: Scene, rng: inout SeededGenerator, uniform: Int) -> [Point] {
        var out: [Point] = []
        scene.forEachView { v, depth in
            guard depth > 0 else { return }
            let e = v.hitRegion.extents
            let lo = v.convertToScreen(Point(x: e.minX, y: e.minY))
            let hi = v.convertToScreen(Point(x: e.maxX, y: e.maxY))
            let midX = lo.x * 0.5 + hi.x * 0.5
            let midY = lo.y * 0.5 + hi.y * 0.5
            for x in [lo.x.nextDown, lo.x, lo.x.nextUp, hi.x.nextDown, hi.x, hi.x.nextUp] {
                out.append(Point(x: x, y: midY))
            }
            for y in [lo.y.nextDown, lo.y, lo.y.nextUp, hi.y.nextDown, hi.y, hi.y.nextUp] {
                out.append(Point(x: midX, y: y))
            }
            out += [
                Point(x: lo.x, y: lo.y), Point(x: hi.x.nextDown, y: hi.y.nextDown),
                Point(x: lo.x.nextDown, y: lo.y.nextDown),
                Point(x: hi.x, y: hi.y), Point(x: midX, y: midY),
            ]
        }
        let f = scene.windows[0].frame
        for _ in 0..<uniform {
            out.append(
                Point(
                    x: rng.double(f.origin.x - 10, f.origin.x + f.size.width + 10),
                    y: rng.double(-10, f.size.height + 10)))
        }
        return out
    }

    struct MissingData: Error, CustomStringConvertible {
        var description: String
    }

    /// The screens; a missing folder fails the test (it is not skipped).
    fileprivate static func loadOrFail() throws -> [(name: String, root: RICOConverter.Node)] {
        let dir = RICOConverter.folder()
        guard FileManager.default.fileExists(atPath: dir.path) else {
            throw MissingData(
                description:
                    "The RICO-format screens are missing: expected 8 JSON files in \(dir.path) "
                    + "(see Tests/Data/README.md)"
            )
        }
        let screens = try RICOConverter.load()
        #expect(screens.count == 8, "SOURCE.md lists 8 screens in \(dir.path)")
        return screens
    }

    @Test(arguments: [false, true])
    func everyScreenAgrees(clickableOnly: Bool) throws {
        let screens = try Self.loadOrFail()
        var views = 0
        var pointCount = 0
        var hits = 0
        var leafHits = 0
        var hiddenViews = 0
        var failingScreens: [String] = []
        for (k, s) in screens.enumerated() {
            let scene = RICOConverter.scene(s.root, name: s.name, clickableOnly: clickableOnly)
            let index = try HitTestIndex(scene)
            let problems = index.invariantViolations()
            #expect(problems.isEmpty, "\(s.name): \(problems.prefix(3))")
            var rng = SeededGenerator(seed: UInt64(k) &+ 2_000)
            let points = Self.points(scene, rng: &rng, uniform: 150)
            let tester = ReferenceHitTester()
            let expected = points.map { tester.hitTest(scene, at: $0)?.id }
            let label = "RICO \(s.name) (clickableOnly \(clickableOnly), uniform seed \(UInt64(k) &+ 2_000))"
            if IndexAgreement.check(
                scene, index: index, points: points, expected: expected, label: label, maxReports: 2) > 0
            {
                failingScreens.append(s.name)
            }
            scene.forEachView { v, _ in
                views += 1
                if v.isHidden { hiddenViews += 1 }
            }
            pointCount += points.count
            hits += expected.filter { $0 != nil && !$0!.hasPrefix("W.") }.count
            var leaves = Set<String>()
            scene.forEachView { v, _ in if v.subviews.isEmpty { leaves.insert(v.id) } }
            leafHits += expected.filter { $0.map(leaves.contains) ?? false }.count
        }
        print(
            "RICO clickableOnly=\(clickableOnly): \(screens.count) screens, \(views) views (\(hiddenViews) hidden), \(pointCount) points, \(hits) on a view below the window, \(leafHits) on leaves"
        )
        #expect(failingScreens.isEmpty, "screens with disagreements: \(failingScreens)")
        // The data really exercises the engines: most points land on real views.
        // 462 nodes (screens.py) and one window per screen.
        #expect(views == 462 + screens.count)
        // 97 enabled clickable views are on screen (54 of them leaves); each gets some 17 points on
        // and around its edges, about half of them inside it, so several hundred hits at the least.
        if clickableOnly {
            #expect(hits > 400)
        } else {
            #expect(hits > pointCount / 3)
        }
        #expect(leafHits > 300)
    }

    /// The screens side by side in one window, each four times (32 slots, well over the indexed
    /// child threshold): the window's container of slots is indexed.
    @Test func allScreensSideBySide() throws {
        let screens = try Self.loadOrFail().flatMap { s in
            (1...4).map { (name: "\(s.name)-\($0)", root: s.root) }
        }
        let scene = RICOConverter.sideBySide(screens, clickableOnly: false)
        let index = try HitTestIndex(scene)
        #expect(index.isIndexed(ViewIndex(0)), "the window's 32 slots are searched through a ChildBVH")
        #expect(index.invariantViolations().isEmpty)
        var rng = SeededGenerator(seed: 4_242)
        var points = Self.points(scene, rng: &rng, uniform: 3_000)
        // A seeded sample keeps the reference's cost down; edges stay well represented.
        while points.count > 60_000 {
            points.swapAt(rng.int(below: points.count), points.count - 1)
            points.removeLast()
        }
        let tester = ReferenceHitTester()
        let expected = points.map { tester.hitTest(scene, at: $0)?.id }
        let mismatches = IndexAgreement.check(
            scene, index: index, points: points, expected: expected, label: "RICO side by side (seed 4242)",
            maxReports: 5, includeScene: false)
        #expect(mismatches == 0)
        print("RICO side by side: \(scene.viewCount) views, \(points.count) points")
    }

    /// The converter itself, on a hand-written node: frames relative to the parent, the flags.
    @Test func converterMapsFramesAndFlags() throws {
        let json = """
            {"activity": {"root": {"class": "a.Frame", "bounds": [0, 0, 1440, 2560], "visibility": "visible",
              "visible-to-user": true, "enabled": true, "clickable": false, "children": [
                {"class": "a.Button", "bounds": [100, 200, 300, 260], "visibility": "visible",
                 "visible-to-user": true, "enabled": true, "clickable": true, "children": [
                   {"class": "a.Text", "bounds": [110, 210, 150, 250], "visibility": "gone",
                    "visible-to-user": false, "enabled": false, "clickable": false}]},
                {"class": "a.Odd", "bounds": [500, 600, 400, 650], "visibility": "visible",
                 "visible-to-user": false, "enabled": false, "clickable": true}]}}}
            """
        let root = try JSONDecoder().decode(RICOConverter.File.self, from: Data(json.utf8)).activity.root
        let scene = RICOConverter.scene(root, name: "t", clickableOnly: true)
        let button = try #require(scene.view(withID: "t.1.Button"))
        #expect(button.frame == Rect(x: 100, y: 200, width: 200, height: 60))
        #expect(!button.isPassThrough && button.isHitTestable)
        let text = try #require(scene.view(withID: "t.3.Text"))
        #expect(text.frame == Rect(x: 10, y: 10, width: 40, height: 40))
        #expect(text.isHidden && !text.isUserInteractionEnabled && text.isPassThrough)
        #expect(text.convertToScreen(.zero) == Point(x: 110, y: 210))
        let odd = try #require(scene.view(withID: "t.2.Odd"))
        #expect(odd.frame == Rect(x: 500, y: 600, width: -100, height: 50))
        #expect(!odd.isUserInteractionEnabled)
        #expect(try #require(scene.view(withID: "t.0.Frame")).isPassThrough)
        // Hand-derived answers: the button at its top-left pixel; the root is pass-through, so
        // outside the button only the window remains.
        let index = try HitTestIndex(scene)
        #expect(index.hitTestID(Point(x: 100, y: 200)) == "t.1.Button")
        #expect(index.hitTestID(Point(x: 120, y: 220)) == "t.1.Button")  // the gone text is skipped
        #expect(index.hitTestID(Point(x: 99.5, y: 200)) == "W.t")
        #expect(index.hitTestID(Point(x: 450, y: 620)) == "W.t")  // the disabled odd view
    }
}
