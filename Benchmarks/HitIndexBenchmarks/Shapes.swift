import Foundation
import HitIndex
import HitIndexFixtures

/// Builds the scene of one configuration: the five generated shapes of `hitindex generate`, or
/// `rico` (Android screens in RICO's format).
func makeScene(shape: String, count: Int, seed: UInt64, rico: RicoLibrary?) -> Scene {
    if shape == "rico" {
        guard let rico else { fatalError("rico scenes need the RICO library") }
        return rico.scene(count: count, seed: seed)
    }
    guard let s = SceneShape(rawValue: shape) else { fatalError("unknown shape \(shape)") }
    return s.generate(count: count, seed: seed)
}

/// The screen-space box covering every window (the area random queries are drawn from).
func screenArea(of scene: Scene) -> Extents {
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity
    for w in scene.windows {
        let e = Extents(w.bounds)
        for p in [
            Point(x: e.minX, y: e.minY), Point(x: e.maxX, y: e.minY), Point(x: e.minX, y: e.maxY),
            Point(x: e.maxX, y: e.maxY),
        ] {
            let s = w.convertToScreen(p)
            minX = min(minX, s.x)
            minY = min(minY, s.y)
            maxX = max(maxX, s.x)
            maxY = max(maxY, s.y)
        }
    }
    if !(minX < maxX) { maxX = minX + 1 }
    if !(minY < maxY) { maxY = minY + 1 }
    return Extents(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
}

// MARK: - RICO

/// The RICO-format screens (Android view hierarchies in the RICO dataset's JSON format; by default
/// the eight the project wrote in `Tests/Data/rico-hitindex`, none taken from the dataset), parsed
/// once.
///
/// Mapping to the HitIndex model (kept deliberately simple):
/// - Every node becomes a `UIView`, or a `UIButton` when `clickable` (the class name is only
///   informative; both take touches, as the brief asks: non-clickable leaves stay `UIView`).
/// - Geometry: RICO `bounds` are absolute screen pixels `[left, top, right, bottom]`. A view's
///   frame is its bounds relative to its parent's bounds (`left - parent.left`, …), divided by
///   3.5 (the Nexus 6P's density) so that sizes are in points like the other shapes; no
///   transforms, default anchor point, bounds origin zero.
/// - `visibility` `invisible` or `gone` → `isHidden` (the view's own flag; hiding then applies to
///   the subtree through the usual eligibility rule). `visible-to-user` is NOT used: it is the
///   effective, on-screen state, which the geometry already decides (off-screen list items are
///   clipped by their ancestors as in UIKit).
/// - `enabled: false` → `isUserInteractionEnabled = false`.
/// - Each screen sits in a container view of one phone screen (1440×2560 px = 411.4×731.4 pt)
///   that catches touches its root does not cover (the system bars' area), like a window
///   background.
///
/// Layout: the screens, cycled in a seed-shuffled order and repeated until the view count is
/// reached, are tiled as a near-square grid inside ONE window (an app overview / a zoomed-out
/// canvas of the app's screens). A pager would show one page and make every query land on the
/// same few hundred views (the `ui` shape already measures that); in a grid a uniformly random
/// screen point lands at a uniformly random place of a uniformly random screen, so every query
/// exercises the screens' nesting and sizes, and the whole scene is reachable.
struct RicoLibrary {
    struct Node {
        var parent: Int32
        var left, top, right, bottom: Double
        var hidden: Bool
        var enabled: Bool
        var clickable: Bool
    }

    /// One screen: its nodes in preorder (parents before children, children in child order).
    struct Screen {
        var name: String
        var nodes: [Node]
    }

    static let pixelsPerPoint = 3.5
    static let screenWidthPx = 1440.0
    static let screenHeightPx = 2560.0

    let directory: String
    let screens: [Screen]

    /// The RICO-format screens inside the repository (written by the project in RICO's format; see
    /// `Tests/Data/README.md`).
    static let defaultFolder = "Tests/Data/rico-hitindex"

    /// Where the RICO files are: the override, else ``defaultFolder`` under the working
    /// directory, under any folder above the executable (`.build/…/release/hitindex-bench` lives
    /// inside the package), or under the package this file was compiled from.
    static func locate(override: String?) -> String? {
        let fm = FileManager.default
        func ok(_ dir: String) -> Bool {
            var isDir: ObjCBool = false
            return fm.fileExists(atPath: dir, isDirectory: &isDir) && isDir.boolValue
                && ((try? fm.contentsOfDirectory(atPath: dir))?.contains { $0.hasSuffix(".json") } ?? false)
        }
        if let override { return ok(override) ? override : nil }
        var roots = [fm.currentDirectoryPath]
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        while folder.path != "/" && !folder.path.isEmpty {
            roots.append(folder.path)
            folder.deleteLastPathComponent()
        }
        roots.append(
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().path)
        for root in roots where ok("\(root)/\(defaultFolder)") {
            return URL(fileURLWithPath: "\(root)/\(defaultFolder)").standardizedFileURL.path
        }
        return nil
    }

    struct LoadError: Error, CustomStringConvertible {
        var description: String
    }

    /// Parses every `*.json` file of `directory` (sorted by name).
    static func load(directory: String) throws -> RicoLibrary {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }
            .sorted()
        var screens: [Screen] = []
        for name in names {
            let data = try Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(name)"))
            guard let doc = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                let activity = doc["activity"] as? [String: Any], let root = activity["root"] as? [String: Any]
            else { throw LoadError(description: "\(directory)/\(name): no activity.root object") }
            var nodes: [Node] = []
            var stack: [([String: Any], Int32)] = [(root, -1)]
            while let (obj, parent) = stack.popLast() {
                guard let b = obj["bounds"] as? [Any], b.count == 4 else {
                    throw LoadError(description: "\(directory)/\(name): a node without 4 bounds")
                }
                let v = b.map { ($0 as? NSNumber)?.doubleValue ?? .nan }
                guard v.allSatisfy(\.isFinite) else {
                    throw LoadError(description: "\(directory)/\(name): non-numeric bounds")
                }
                let visibility = obj["visibility"] as? String ?? "visible"
                nodes.append(
                    Node(
                        parent: parent, left: v[0], top: v[1], right: v[2], bottom: v[3],
                        hidden: visibility != "visible", enabled: (obj["enabled"] as? Bool) ?? true,
                        clickable: (obj["clickable"] as? Bool) ?? false))
                let me = Int32(nodes.count - 1)
                if let children = obj["children"] as? [Any] {
                    for c in children.reversed() {
                        if let c = c as? [String: Any] { stack.append((c, me)) }
                    }
                }
            }
            screens.append(Screen(name: String(name.dropLast(5)), nodes: nodes))
        }
        guard !screens.isEmpty else { throw LoadError(description: "\(directory): no RICO screens") }
        return RicoLibrary(directory: directory, screens: screens)
    }

    var nodeCount: Int { screens.reduce(0) { $0 + $1.nodes.count } }

    /// About `count` views (at least one screen): whole screens, each in its container, tiled in
    /// one window.
    func scene(count: Int, seed: UInt64) -> Scene {
        var rng = SeededGenerator(seed: seed ^ 0x5249_434F)  // "RICO"
        var order = Array(screens.indices)
        for i in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(i, rng.int(below: i + 1)) }
        // Which screens, until the count is reached (window + containers included).
        var picked: [Int] = []
        var made = 1
        while made < count || picked.isEmpty {
            let s = order[picked.count % order.count]
            picked.append(s)
            made += 1 + screens[s].nodes.count
        }
        let k = Double(picked.count)
        let w = Self.screenWidthPx / Self.pixelsPerPoint
        let h = Self.screenHeightPx / Self.pixelsPerPoint
        let columns = max(1, Int((k * h / w).squareRoot().rounded(.up)))
        let rows = (picked.count + columns - 1) / columns
        let window = Window(id: "W", frame: Rect(x: 0, y: 0, width: Double(columns) * w, height: Double(rows) * h))
        var views: [View] = []
        for (n, s) in picked.enumerated() {
            let screen = screens[s]
            let container = View(
                id: "s\(n)", frame: Rect(x: Double(n % columns) * w, y: Double(n / columns) * h, width: w, height: h))
            window.addSubview(container)
            views.removeAll(keepingCapacity: true)
            for (i, node) in screen.nodes.enumerated() {
                let (pl, pt) =
                    node.parent >= 0
                    ? (screen.nodes[Int(node.parent)].left, screen.nodes[Int(node.parent)].top) : (0.0, 0.0)
                let v = View(
                    id: "s\(n).\(i)", className: node.clickable ? "UIButton" : "UIView",
                    frame: Rect(
                        x: (node.left - pl) / Self.pixelsPerPoint, y: (node.top - pt) / Self.pixelsPerPoint,
                        width: (node.right - node.left) / Self.pixelsPerPoint,
                        height: (node.bottom - node.top) / Self.pixelsPerPoint))
                if node.hidden { v.isHidden = true }
                if !node.enabled { v.isUserInteractionEnabled = false }
                views.append(v)
                (node.parent >= 0 ? views[Int(node.parent)] : container).addSubview(v)
            }
        }
        return Scene(windows: [window])
    }
}
