import Foundation
import HitIndex
import HitIndexFixtures
import HitIndexReference

/// The live index's figures for one configuration (bench.md, "The live index and loading").
struct LiveResults {
    /// Edit kind → median ns of one edit plus its commit.
    var editNsP50: [(String, Double)] = []
    /// Descendants of the scrolled container → median ns of a scroll plus its commit.
    var scrollNsByDescendants: [(Int, Double)] = []
    var batchEditsMs = Double.nan
    var frameUsP50 = Double.nan
    var frameUsP99 = Double.nan
    var queryAfterEditsRatio = Double.nan
    /// Every byte the live index keeps allocated after those edits, per view (the memory account,
    /// as `bytesPerView` for a fresh build): what pages copied out of slabs, pooled blocks and
    /// grown tables add over time.
    var bytesPerViewAfterEdits = Double.nan
    /// After those edits, `compact()` + commit, and the query p50 then ÷ the fresh build's.
    var compactMs = Double.nan
    var queryAfterCompactRatio = Double.nan
    /// The edits made before measuring the ratio above.
    var editsBeforeRatio = 0
    var readerUnderWriterRatio = Double.nan
    /// Answers compared with the reference on the edited scenes.
    var validatedQueries = 0
    /// The C API against the Swift API on the same index.
    var capi = CAPIResults()
}

/// A live index and the object model kept in step with it: every edit is made to both, so that
/// the reference can check the index's answers on the edited scene.
///
/// The widest container's subview order is kept in a ``ChunkedList`` and written to the model
/// only when the model is read (``currentScene``): the model's own array would move half of a
/// million references per edit between the edits the benchmark times, and evict the index's
/// blocks from the caches.
final class MirroredLive {
    private let scene: Scene
    let live: LiveIndex
    /// The model's views and their handles, in step.
    private(set) var views: [View] = []
    private(set) var handles: [ViewHandle] = []
    private var position: [ObjectIdentifier: Int] = [:]
    /// The view with the most subviews (the widest container) and its handle.
    let widest: View
    let widestHandle: ViewHandle
    /// The widest container's subviews, back to front, ahead of the model's until ``syncModel()``.
    private var widestOrder: ChunkedList<View>
    private var widestOrderIsAhead = false
    private var fresh = 0
    /// Views with a redirect (a removal clears redirects to the removed view, as the index does).
    private var redirecting: [View] = []
    /// Nanoseconds spent in the index (edits, commits, queries), excluding the model's upkeep.
    private(set) var liveNs: UInt64 = 0

    /// Runs `body` (calls on the index) and adds its time to ``liveNs``.
    @inline(__always) @discardableResult
    func inIndex<R>(_ body: () -> R) -> R {
        let t0 = nowNs()
        defer { liveNs += nowNs() - t0 }
        return body()
    }

    init(_ scene: Scene) throws {
        self.scene = scene
        let live = try LiveIndex(scene)
        self.live = live
        var views: [View] = []
        var position: [ObjectIdentifier: Int] = [:]
        scene.forEachView { v, _ in
            position[ObjectIdentifier(v)] = views.count
            views.append(v)
        }
        let handles = views.map { live.handle(forID: $0.id)! }
        let w = views.indices.max { views[$0].subviews.count < views[$1].subviews.count }!
        widest = views[w]
        widestHandle = handles[w]
        widestOrder = ChunkedList(views[w].subviews)
        self.views = views
        self.handles = handles
        self.position = position
        redirecting = views.filter { $0.redirectTarget != nil }
    }

    func handle(_ v: View) -> ViewHandle { handles[position[ObjectIdentifier(v)]!] }

    /// The scene, with the model brought in step first.
    var currentScene: Scene {
        syncModel()
        return scene
    }

    /// Writes the widest container's order to the model, in O(k): its subviews leave from the
    /// front-most (each found at once), then the list's are added back to front. Exits 1 unless
    /// the model's order is then the index's, view for view.
    private func syncModel() {
        guard widestOrderIsAhead else { return }
        while let v = widest.subviews.last { v.removeFromSuperview() }
        for v in widestOrder.elements { widest.addSubview(v) }
        widestOrderIsAhead = false
        let model = widest.subviews.map(handle)
        let index = live.subviews(of: widestHandle)
        if model != index {
            let at =
                zip(model, index).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(model.count, index.count)
            FileHandle.standardError.write(
                Data(
                    ("hitindex-bench: VALIDATION FAILED: the model's widest container has \(model.count) subviews, "
                        + "the index's \(index.count), first different at position \(at)\n").utf8))
            exit(1)
        }
    }

    /// The number of subviews of `parent`, as the index has them.
    private func subviewCount(_ parent: View) -> Int {
        parent === widest ? widestOrder.count : parent.subviews.count
    }

    /// Subview `i` of `parent` (0 is the back), as the index has them.
    private func subview(_ parent: View, _ i: Int) -> View {
        parent === widest ? widestOrder[i] : parent.subviews[i]
    }

    /// The front-most subview of `parent`, as the index has them.
    func frontSubview(of parent: View) -> View? {
        parent === widest ? widestOrder.last : parent.subviews.last
    }

    func randomView(_ rng: inout SeededGenerator) -> Int { rng.int(below: views.count) }

    /// Toggles `hidden` of view `i`.
    func toggleHidden(_ i: Int) {
        views[i].isHidden.toggle()
        let h = handles[i]
        let hidden = views[i].isHidden
        inIndex { live.set(h, \.isHidden, hidden) }
    }

    /// Moves view `i` by (dx, dy): its center, so that transformed views move too.
    func nudge(_ i: Int, _ dx: Double, _ dy: Double) { nudge(views[i], dx, dy) }

    func nudge(_ v: View, _ dx: Double, _ dy: Double) {
        v.center = Point(x: v.center.x + dx, y: v.center.y + dy)
        let (h, c) = (handle(v), v.center)
        inIndex { live.set(h, \.center, c) }
    }

    /// Scrolls `v` by (dx, dy).
    func scroll(_ v: View, by dx: Double, _ dy: Double) {
        let o = Point(x: v.bounds.origin.x + dx, y: v.bounds.origin.y + dy)
        v.bounds.origin = o
        let h = handle(v)
        inIndex { live.scroll(h, to: o) }
    }

    /// Inserts a new 10×10 leaf at a random place of `parent` (in its bounds).
    @discardableResult
    func insertLeaf(into parent: View, _ rng: inout SeededGenerator) -> View {
        fresh += 1
        let b = Extents(parent.bounds)
        let x = b.minX.isFinite && b.maxX > b.minX ? rng.double(b.minX, b.maxX) : 0
        let y = b.minY.isFinite && b.maxY > b.minY ? rng.double(b.minY, b.maxY) : 0
        let leaf = View(id: "live.\(fresh)", frame: Rect(x: x, y: y, width: 10, height: 10))
        let at = rng.int(in: 0...subviewCount(parent))
        let p = handle(parent)
        let h = inIndex { live.insert(leaf, into: p, at: .index(at))! }
        if parent === widest {
            widestOrder.insert(leaf, at: at)
            widestOrderIsAhead = true
        } else {
            parent.insertSubview(leaf, at: at)
        }
        position[ObjectIdentifier(leaf)] = views.count
        views.append(leaf)
        handles.append(h)
        return leaf
    }

    /// Removes a leaf subview of `parent` (nil when it has none).
    func removeLeaf(of parent: View, _ rng: inout SeededGenerator) {
        guard subviewCount(parent) > 0 else { return }
        let picked = rng.int(below: subviewCount(parent))
        let child = subview(parent, picked)
        var v = child
        while let below = v.subviews.last { v = below }
        let h = handle(v)
        inIndex { live.remove(h) }
        if parent === widest && v === child {
            widestOrder.remove(at: picked)
            widestOrderIsAhead = true
        } else {
            v.removeFromSuperview()
        }
        for u in redirecting where u.redirectTarget === v { u.redirectTarget = nil }
        let i = position.removeValue(forKey: ObjectIdentifier(v))!
        let last = views.count - 1
        if i != last {
            views[i] = views[last]
            handles[i] = handles[last]
            position[ObjectIdentifier(views[i])] = i
        }
        views.removeLast()
        handles.removeLast()
    }

    /// Moves a leaf subview of `parent` to another position among its siblings.
    func moveLeaf(of parent: View, _ rng: inout SeededGenerator) {
        let count = subviewCount(parent)
        guard count >= 2 else { return }
        let from = rng.int(below: count)
        let v = subview(parent, from)
        let at = rng.int(in: 0...(count - 1))
        let (h, p) = (handle(v), handle(parent))
        inIndex { live.move(h, into: p, at: .index(at)) }
        if parent === widest {
            widestOrder.remove(at: from)
            widestOrder.insert(v, at: at)
            widestOrderIsAhead = true
        } else {
            parent.insertSubview(v, at: at)
        }
    }

    /// One random edit of any kind.
    func randomEdit(_ rng: inout SeededGenerator) {
        switch rng.int(below: 6) {
        case 0: toggleHidden(randomView(&rng))
        case 1: nudge(randomView(&rng), rng.double(-5, 5), rng.double(-5, 5))
        case 2: scroll(widest, by: 0, rng.double(-7.5, 7.5))
        case 3: insertLeaf(into: views[randomView(&rng)], &rng)
        case 4: removeLeaf(of: rng.chance(0.5) ? widest : views[randomView(&rng)], &rng)
        default: moveLeaf(of: widest, &rng)
        }
    }

    func commit() -> IndexSnapshot {
        inIndex {
            do {
                return try live.commit()
            } catch {
                fatalError("hitindex-bench: an edit the model accepted was refused: \(error)")
            }
        }
    }

}

/// Measures the live index on a copy of the configuration's scene (built again from the same
/// generator, so the engines' scene stays as it was).
func measureLive(
    makeScene: () -> Scene, count: Int, sets: QuerySets, options: Options, log: (String) -> Void
) -> LiveResults {
    var r = LiveResults()
    var rng = SeededGenerator(seed: options.seed ^ 0x4C49_5645)  // "LIVE"
    let repetitions = options.quick ? 30 : 300
    // Random and edge-snapped points alternate, so that a validation the budget cuts short
    // still checks both kinds.
    let perKind = options.quick ? 300 : 2_000
    let check = zip(sets.random.prefix(perKind), sets.edges.prefix(perKind)).flatMap { [$0, $1] }
    func validate(_ s: IndexSnapshot, _ scene: Scene, _ label: String) -> Int {
        HitIndexBenchmarks.validate(s, scene, check, label, budget: options.budgetSeconds, log: log)
    }
    let m = try! MirroredLive(makeScene())
    /// The index's share of `body`'s time (the model's upkeep excluded), in ns.
    func timed(_ body: () -> Void) -> Double {
        let before = m.liveNs
        body()
        return Double(m.liveNs - before)
    }
    // The C API's cost over the Swift API, on the freshly built index.
    r.capi = measureCAPI(m.live, widest: m.widestHandle, points: sets.random, options: options, log: log)
    // One edit of each kind, plus its commit.
    let kinds: [(String, () -> Void)] = [
        ("attribute", { m.toggleHidden(m.randomView(&rng)) }),
        ("frame", { m.nudge(m.randomView(&rng), rng.double(-3, 3), rng.double(-3, 3)) }),
        ("scroll", { m.scroll(m.widest, by: 0, rng.chance(0.5) ? 7.5 : -7.5) }),
        ("insert", { m.insertLeaf(into: m.widest, &rng) }),
        ("remove", { m.removeLeaf(of: m.widest, &rng) }),
        ("move", { m.moveLeaf(of: m.widest, &rng) }),
    ]
    for (name, edit) in kinds {
        var times: [Double] = []
        for _ in 0..<repetitions {
            times.append(
                timed {
                    edit()
                    _ = m.commit()
                })
        }
        r.editNsP50.append((name, median(times)))
    }
    r.validatedQueries += validate(m.live.snapshot, m.currentScene, "one edit of each kind")
    log("live: edits + commit p50 " + r.editNsP50.map { "\($0.0) \(Report.ns($0.1))" }.joined(separator: ", "))
    // 1,000 random edits and one commit.
    var batches: [Double] = []
    for _ in 0..<(options.quick ? 2 : 5) {
        batches.append(
            timed {
                for _ in 0..<1_000 { m.randomEdit(&rng) }
                _ = m.commit()
            } / 1e6)
    }
    r.batchEditsMs = median(batches)
    r.validatedQueries += validate(m.live.snapshot, m.currentScene, "batches of 1,000 random edits")
    // The engine frame: scroll, move a visible view, insert one, remove one, commit, 100 queries.
    var frames: [Double] = []
    var sink = 0
    for f in 0..<(options.quick ? 50 : 500) {
        let points = sets.random[
            (f * 100) % max(1, sets.random.count - 100)..<((f * 100) % max(1, sets.random.count - 100) + 100)]
        frames.append(
            timed {
                m.scroll(m.widest, by: 0, f % 2 == 0 ? 7.5 : -7.5)
                if let visible = m.frontSubview(of: m.widest) { m.nudge(visible, 1, 0) }
                m.insertLeaf(into: m.widest, &rng)
                m.removeLeaf(of: m.widest, &rng)
                let s = m.commit()
                m.inIndex { for p in points { sink &+= Int(s.hitTest(p)?.handle.slot ?? 0) } }
            } / 1e3)
    }
    blackHole(sink)
    r.frameUsP50 = median(frames)
    r.frameUsP99 = quantile(frames, 0.99)
    r.validatedQueries += validate(m.live.snapshot, m.currentScene, "engine frames")
    log("live: 1,000 edits + commit \(Report.fmt(r.batchEditsMs)) ms; frame p50 \(Report.fmt(r.frameUsP50)) µs")
    // Queries after many random edits, against a fresh build of the same final scene. The model
    // is not kept in step here (its subview arrays make an edit of a million-child container
    // O(k)): the index's own export is the final scene, checked against the reference.
    let edits = options.quick ? 10_000 : 1_000_000
    drift(m.live, edits: edits, widest: m.widestHandle, &rng, log: log)
    let queries = Array(sets.random.prefix(options.quick ? 2_000 : 20_000))
    /// The p50 of one pass over the queries, in batches of 100 (ns a query).
    func passP50(_ s: IndexSnapshot) -> Double {
        var batchTimes: [Double] = []
        var i = 0
        while i < queries.count {
            let end = min(i + 100, queries.count)
            let t0 = nowNs()
            for p in queries[i..<end] { sink &+= Int(s.hitTest(p)?.handle.slot ?? 0) }
            batchTimes.append(Double(nowNs() - t0) / Double(end - i))
            i = end
        }
        return median(batchTimes)
    }
    /// `s`'s query p50 ÷ `baseline`'s: the median of per-repetition ratios, each repetition a
    /// pass over each in turn (alternating which goes first), after one pass each to warm them.
    /// Measured in pairs because this machine's speed drifts by more than the effect between
    /// two passes minutes apart (grid, 2026-11-29: the same binary's ratio read 1.46 and 2.28).
    func ratio(_ s: IndexSnapshot, to baseline: IndexSnapshot) -> Double {
        _ = passP50(s)
        _ = passP50(baseline)
        var ratios: [Double] = []
        for rep in 0..<max(5, options.repetitions) {
            if rep % 2 == 0 {
                let a = passP50(s)
                ratios.append(a / passP50(baseline))
            } else {
                let b = passP50(baseline)
                ratios.append(passP50(s) / b)
            }
        }
        return median(ratios)
    }
    // The edited version lives only in this block, so that it is gone before the compaction
    // (which would otherwise keep its every page alive beside the compacted copy); the exported
    // model goes once the fresh build has it: at 10M views a model is about 3 GB, and the peak
    // (a fresh build beside the edited index) must fit this machine.
    let fresh: IndexSnapshot
    let checkedAfterEdits: Int
    let answersAfterEdits: [Hit?]
    do {
        let edited = m.commit()
        r.editsBeforeRatio = edits
        r.bytesPerViewAfterEdits =
            Double(m.live.memoryAccount.reduce(0) { $0 + $1.bytes }) / Double(max(1, m.live.viewCount))
        log("live: memory after \(edits) edits \(Report.fmt(r.bytesPerViewAfterEdits)) B/view")
        do {
            let exported = m.live.makeScene()
            checkedAfterEdits = validate(edited, exported, "\(edits) random edits")
            fresh = try! HitTestIndex(exported).snapshot
        }
        r.queryAfterEditsRatio = ratio(edited, to: fresh)
        // What the edited version answers, for the compacted one to match: a compaction keeps
        // every slot, so the answers must be the same handles, and those the reference checked.
        answersAfterEdits = check.map { edited.hitTest($0) }
    }
    r.validatedQueries += checkedAfterEdits
    log("live: query p50 after \(edits) edits ÷ fresh build \(Report.fmt(r.queryAfterEditsRatio))")
    // The same after compaction, which lays the columns out as a fresh build does.
    let t0 = nowNs()
    m.live.compact()
    let compacted = m.commit()
    r.compactMs = Double(nowNs() - t0) / 1e6
    expectSameAnswers(compacted, answersAfterEdits, at: check, "compaction")
    r.validatedQueries += checkedAfterEdits
    r.queryAfterCompactRatio = ratio(compacted, to: fresh)
    log(
        "live: compact + commit \(Report.fmt(r.compactMs)) ms; query p50 then ÷ fresh build "
            + Report.fmt(r.queryAfterCompactRatio))
    // One reader alone, then while a writer commits continuously.
    r.readerUnderWriterRatio = readerUnderWriter(m, queries, seconds: options.quick ? 0.2 : 1.0)
    log("live: reader under a committing writer \(Report.fmt(r.readerUnderWriterRatio)) of its throughput alone")
    // Scrolling containers of 10k, 100k and 1M descendants (as many as the count allows).
    for d in [10_000, 100_000, 1_000_000] where d <= max(count, 10_000) && (!options.quick || d <= 10_000) {
        r.scrollNsByDescendants.append((d, scrollCost(descendants: d, repetitions: repetitions)))
    }
    if !r.scrollNsByDescendants.isEmpty {
        log(
            "live: scroll + commit by descendants "
                + r.scrollNsByDescendants.map { "\($0.0): \(Report.ns($0.1))" }.joined(separator: ", "))
    }
    return r
}

/// Queries per second of one reader thread over `seconds`, while a writer commits a scroll at
/// a time without pause, divided by the same reader's rate alone.
func readerUnderWriter(_ m: MirroredLive, _ points: [Point], seconds: Double) -> Double {
    let source = m.live.snapshots
    func readerRate(_ writer: (() -> Bool)?) -> Double {
        let stop = AtomicWord(0)
        let done = AtomicWord(0)
        let counted = AtomicWord(0)
        let elapsed = AtomicWord(0)
        let reader = Thread {
            var n = 0
            var sink: UInt32 = 0
            let t0 = nowNs()
            var i = 0
            while stop.load() == 0 {
                let s = source.current()
                for _ in 0..<100 {
                    sink &+= s.hitTest(points[i % points.count])?.handle.slot ?? 0
                    i += 1
                }
                n += 100
            }
            elapsed.store(UInt(nowNs() - t0))
            counted.store(UInt(n))
            blackHole(sink)
            done.storeReleasing(1)
        }
        reader.start()
        let end = nowNs() + UInt64(seconds * 1e9)
        while nowNs() < end {
            if let writer { _ = writer() } else { Thread.sleep(forTimeInterval: 0.001) }
        }
        stop.store(1)
        while done.loadAcquiring() == 0 { Thread.sleep(forTimeInterval: 0.0005) }
        return Double(counted.load()) / (Double(elapsed.load()) / 1e9)
    }
    var direction = 1.0
    var ratios: [Double] = []
    for _ in 0..<3 {
        let alone = readerRate(nil)
        let shared = readerRate {
            direction = -direction
            m.scroll(m.widest, by: 0, 7.5 * direction)
            _ = m.commit()
            return true
        }
        ratios.append(shared / alone)
    }
    return median(ratios)
}

/// Median ns of scrolling a container of `descendants` cells (a grid, indexed) plus the commit.
func scrollCost(descendants: Int, repetitions: Int) -> Double {
    let window = Window(id: "W", frame: Rect(x: 0, y: 0, width: 390, height: 844))
    let list = View(id: "list", frame: Rect(x: 0, y: 0, width: 390, height: 844))
    let columns = 100
    for k in 0..<descendants {
        list.addSubview(
            View(
                id: "c\(k)",
                frame: Rect(x: Double(k % columns) * 4, y: Double(k / columns) * 4, width: 3.5, height: 3.5)))
    }
    window.addSubview(list)
    let live = try! LiveIndex(Scene(windows: [window]))
    let h = live.handle(forID: "list")!
    var times: [Double] = []
    for k in 0..<repetitions {
        let t0 = nowNs()
        live.scroll(h, to: Point(x: 0, y: Double(k % 200) * 7.5))
        _ = try! live.commit()
        times.append(Double(nowNs() - t0))
    }
    return median(times)
}

/// `edits` random edits of every kind on the index alone, committed every 1,000: hidden, moved,
/// scrolled, inserted leaves (into random containers at random positions), removed and moved
/// leaves among those inserted.
func drift(_ live: LiveIndex, edits: Int, widest: ViewHandle, _ rng: inout SeededGenerator, log: (String) -> Void) {
    var views = live.windows
    var k = 0
    while k < views.count {
        views += live.subviews(of: views[k])
        k += 1
    }
    let containers = views.filter { !live.subviews(of: $0).isEmpty }
    var childCount = Dictionary(uniqueKeysWithValues: containers.map { ($0, live.subviews(of: $0).count) })
    var inserted: [(view: ViewHandle, parent: ViewHandle)] = []
    for e in 0..<edits {
        let v = views[rng.int(below: views.count)]
        switch rng.int(below: 6) {
        case 0:
            live.set(v, \.isHidden, rng.chance(0.1))
        case 1:
            let c = live.attributes(of: v)!.center
            live.set(v, \.center, Point(x: c.x + rng.double(-3, 3), y: c.y + rng.double(-3, 3)))
        case 2:
            let o = live.attributes(of: widest)!.bounds.origin
            live.scroll(widest, to: Point(x: o.x, y: o.y + (rng.chance(0.5) ? 7.5 : -7.5)))
        case 3:
            let parent = rng.chance(0.5) ? widest : containers[rng.int(below: containers.count)]
            let count = childCount[parent, default: 0]
            let frame = Rect(x: rng.double(0, 300), y: rng.double(0, 300), width: 10, height: 10)
            let h = live.createView(
                ViewAttributes(bounds: Rect(origin: .zero, size: frame.size), center: frame.origin), in: parent,
                at: .index(rng.int(in: 0...count)))!
            childCount[parent] = count + 1
            inserted.append((h, parent))
        case 4:
            guard !inserted.isEmpty else { continue }
            let i = rng.int(below: inserted.count)
            live.remove(inserted[i].view)
            childCount[inserted[i].parent]! -= 1
            inserted.swapAt(i, inserted.count - 1)
            inserted.removeLast()
        default:
            guard !inserted.isEmpty else { continue }
            let i = rng.int(below: inserted.count)
            let parent = containers[rng.int(below: containers.count)]
            childCount[inserted[i].parent]! -= 1
            let count = childCount[parent, default: 0]
            live.move(inserted[i].view, into: parent, at: .index(rng.int(in: 0...count)))
            childCount[parent] = count + 1
            inserted[i].parent = parent
        }
        if e % 1_000 == 999 {
            do { try live.commit() } catch { fatalError("hitindex-bench: a random edit was refused: \(error)") }
        }
        if e % 100_000 == 99_999 { log("live: \(e + 1) of \(edits) random edits") }
    }
}

/// Exits 1 unless `snapshot` answers each of `points` with the same hit as `expected` holds.
/// - Complexity: O(points · query).
func expectSameAnswers(_ snapshot: IndexSnapshot, _ expected: [Hit?], at points: [Point], _ label: String) {
    for (p, want) in zip(points, expected) {
        let got = snapshot.hitTest(p)
        if got != want {
            FileHandle.standardError.write(
                Data(
                    ("hitindex-bench: VALIDATION FAILED after \(label) at (\(p.x), \(p.y)): "
                        + "\(got.map { "\($0.handle)" } ?? "nil"), before it \(want.map { "\($0.handle)" } ?? "nil")\n")
                        .utf8))
            exit(1)
        }
    }
}

/// Compares `snapshot` with the reference on `scene` at `points`, in order, 50 at a time, until
/// they are all compared or `budget` seconds have passed (at least the first 100 are); exits 1 on
/// a disagreement. The reference tries every subview of every container a touch reaches, so on a
/// flat million-view container one point costs it about a tenth of a second: the budget keeps a
/// validation to the configuration's `--budget`, as the engines' own validation is, and the log
/// says when it cut one short. Returns the number of points compared.
func validate(
    _ snapshot: IndexSnapshot, _ scene: Scene, _ points: [Point], _ label: String, budget: Double,
    log: (String) -> Void
) -> Int {
    let reference = ReferenceHitTester()
    let start = nowNs()
    var compared = 0
    while compared < points.count {
        let chunk = Array(points[compared..<min(compared + 50, points.count)])
        for (p, want) in zip(chunk, reference.hitTest(scene, at: chunk)) {
            let got = snapshot.hitTest(p).flatMap { snapshot.id(of: $0.handle) ?? "\($0.handle)" }
            if got != want?.id {
                FileHandle.standardError.write(
                    Data(
                        ("hitindex-bench: VALIDATION FAILED after edits (\(label)) at (\(p.x), \(p.y)): "
                            + "index \(got ?? "nil"), reference \(want?.id ?? "nil")\n").utf8))
                exit(1)
            }
        }
        compared += chunk.count
        if compared >= 100 && compared < points.count && Double(nowNs() - start) / 1e9 > budget {
            log(
                "live: validation after \(label) stopped at \(compared) of \(points.count) points "
                    + "(the reference's time passed the \(Report.fmt(budget)) s budget)")
            break
        }
    }
    return compared
}
