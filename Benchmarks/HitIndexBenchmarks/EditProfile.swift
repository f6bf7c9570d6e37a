import Foundation
import HitIndex
import HitIndexFixtures

/// `hitindex-bench edits SHAPE COUNT KIND N [SEED]`: `N` edits of one kind, each with its commit,
/// on a fresh index of one configuration, the benchmark's live edits without the object model it
/// keeps in step (perf/README, "Counting an edit's instructions").
///
/// It exists to be profiled: each edit and its commit run inside ``profiledEdit(_:)``, a function
/// kept out of line, so that `valgrind --tool=callgrind --collect-atstart=no
/// --toggle-collect='*profiledEdit*'` counts the index's instructions and nothing of the
/// driver's (`perf/edit-instructions.sh` does that for every kind). Instruction counts repeat to
/// the instruction for the same binary and arguments, where this machine's timings move by tens
/// of percent from run to run. The same seed gives the same edits at the same places.
///
/// The kinds are the benchmark's (`editNsP50`): `attribute` toggles a random view's
/// `isHidden`, `frame` moves a random view's center by up to 3 points, `scroll` moves the widest
/// container's bounds origin by 7.5 points, `insert` adds a 10 × 10 leaf at a random point and
/// sibling position of the widest container, `remove` takes a leaf of a random subview of it
/// away (the subview's front-most leaf, as the benchmark does), `move` puts a random subview of
/// it at a random sibling position.
enum EditProfile {
    static let kinds = ["attribute", "frame", "scroll", "insert", "remove", "move"]

    static let usage = """
        usage: hitindex-bench edits SHAPE COUNT KIND N [SEED]
          SHAPE: ui, grid, deep, overlap, random or rico; KIND: \(kinds.joined(separator: ", "));
          N edits, each followed by its commit (SEED: 1)
        """

    /// Parses the arguments after `edits`, runs the edits and prints one line; the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        guard (4...5).contains(arguments.count), Options.allShapes.contains(arguments[0]),
            let count = Int(arguments[1]), count > 0, kinds.contains(arguments[2]),
            let edits = Int(arguments[3]), edits > 0, arguments.count == 4 || UInt64(arguments[4]) != nil
        else {
            FileHandle.standardError.write(Data("hitindex-bench: edits: bad arguments \(arguments)\n\(usage)\n".utf8))
            return 2
        }
        let (shape, kind) = (arguments[0], arguments[2])
        let seed = arguments.count == 5 ? UInt64(arguments[4])! : 1
        var rico: RicoLibrary?
        if shape == "rico" {
            guard let dir = RicoLibrary.locate(override: nil), let library = try? RicoLibrary.load(directory: dir)
            else {
                FileHandle.standardError.write(
                    Data("hitindex-bench: edits: the rico shape needs the RICO screens\n".utf8))
                return 2
            }
            rico = library
        }
        let scene = makeScene(shape: shape, count: count, seed: seed, rico: rico)
        let started = nowNs()
        let live: LiveIndex
        do {
            live = try LiveIndex(scene)
        } catch {
            FileHandle.standardError.write(Data("hitindex-bench: edits: the scene is invalid: \(error)\n".utf8))
            return 2
        }
        let buildMs = Double(nowNs() - started) / 1e6
        let driver = Driver(scene: scene, live: live, seed: seed)
        guard driver.hasTargets(for: kind) else {
            FileHandle.standardError.write(
                Data("hitindex-bench: edits: \(shape) \(count) has no container wide enough for \(kind)\n".utf8))
            return 2
        }
        var times: [UInt64] = []
        times.reserveCapacity(edits)
        for done in 0..<edits {
            guard let edit = driver.next(kind) else {
                FileHandle.standardError.write(
                    Data(
                        ("hitindex-bench: edits: the widest container has too few subviews left for \(kind) "
                            + "after \(done) edits (ask for fewer)\n").utf8))
                return 2
            }
            let t0 = nowNs()
            profiledEdit {
                edit()
                _ = try? live.commit()
            }
            times.append(nowNs() - t0)
            if let failure = driver.failure {
                FileHandle.standardError.write(Data("hitindex-bench: edits: \(failure)\n".utf8))
                return 1
            }
        }
        times.sort()
        out(
            "edits: \(shape) \(live.viewCount) views, \(edits) × \(kind) + commit: p50 \(times[edits / 2]) ns, "
                + "p90 \(times[edits * 9 / 10]) ns (build \(String(format: "%.0f", buildMs)) ms)")
        return 0
    }

    /// The edits' targets and the state they change, kept beside the index (no object model).
    final class Driver {
        let live: LiveIndex
        var rng: SeededGenerator
        /// Every loaded view's handle, hidden flag and center.
        var handles: [ViewHandle]
        var hidden: [Bool]
        var centers: [Point]
        /// The widest container, its bounds, and its subviews' handles (in no order).
        let widest: ViewHandle
        let widestBounds: Rect
        var origin: Point
        var children: [ViewHandle]
        var inserted = 0
        /// The first edit the index refused.
        var failure: String?

        init(scene: Scene, live: LiveIndex, seed: UInt64) {
            self.live = live
            rng = SeededGenerator(seed: seed ^ 0xED17)
            var views: [View] = []
            scene.forEachView { v, _ in views.append(v) }
            handles = views.map { live.handle(forID: $0.id)! }
            hidden = views.map(\.isHidden)
            centers = views.map(\.center)
            let w = views.indices.max { views[$0].subviews.count < views[$1].subviews.count }!
            widest = handles[w]
            widestBounds = views[w].bounds
            origin = views[w].bounds.origin
            children = live.subviews(of: handles[w])
        }

        /// Whether `kind` has something to work on: an edit in the widest container needs two
        /// subviews there (removals take them away as they go).
        func hasTargets(for kind: String) -> Bool {
            kind == "attribute" || kind == "frame" || children.count >= 2
        }

        /// The next edit of `kind`: its targets are chosen now, outside the profiled call; nil when
        /// it has none left (``hasTargets(for:)``).
        func next(_ kind: String) -> (() -> Void)? {
            guard hasTargets(for: kind) else { return nil }
            let live = self.live
            switch kind {
            case "attribute":
                let i = rng.int(below: handles.count)
                hidden[i].toggle()
                let (h, value) = (handles[i], hidden[i])
                return { [unowned self] in check(live.set(h, \.isHidden, value), "set isHidden of \(h)") }
            case "frame":
                let i = rng.int(below: handles.count)
                centers[i] = Point(x: centers[i].x + rng.double(-3, 3), y: centers[i].y + rng.double(-3, 3))
                let (h, value) = (handles[i], centers[i])
                return { [unowned self] in check(live.set(h, \.center, value), "set center of \(h)") }
            case "scroll":
                origin.y += rng.chance(0.5) ? 7.5 : -7.5
                let (h, value) = (widest, origin)
                return { [unowned self] in check(live.scroll(h, to: value), "scroll \(h)") }
            case "insert":
                inserted += 1
                let b = Extents(widestBounds)
                let x = b.minX.isFinite && b.maxX > b.minX ? rng.double(b.minX, b.maxX) : 0
                let y = b.minY.isFinite && b.maxY > b.minY ? rng.double(b.minY, b.maxY) : 0
                let view = View(id: "edits.\(inserted)", frame: Rect(x: x, y: y, width: 10, height: 10))
                let at = rng.int(in: 0...children.count)
                let parent = widest
                return { [unowned self] in
                    guard let h = live.insert(view, into: parent, at: .index(at)) else {
                        return check(false, "insert into \(parent)")
                    }
                    children.append(h)
                }
            case "remove":
                let k = rng.int(below: children.count)
                var leaf = children[k]
                while let front = live.subviews(of: leaf).last { leaf = front }
                if leaf == children[k] {
                    children.swapAt(k, children.count - 1)
                    children.removeLast()
                }
                let h = leaf
                return { [unowned self] in check(live.remove(h), "remove \(h)") }
            default:
                let h = children[rng.int(below: children.count)]
                let at = rng.int(below: children.count)
                let parent = widest
                return { [unowned self] in check(live.move(h, into: parent, at: .index(at)), "move \(h)") }
            }
        }

        /// Notes the first refused edit (the index then rejects the transaction); `what` is made
        /// only then, not inside every profiled edit.
        private func check(_ accepted: Bool, _ what: @autoclosure () -> String) {
            if !accepted && failure == nil { failure = "the index refused: \(what())" }
        }
    }
}

/// One edit and its commit, out of line: the unit `perf/edit-instructions.sh` counts.
@inline(never)
func profiledEdit(_ body: () -> Void) {
    body()
}
