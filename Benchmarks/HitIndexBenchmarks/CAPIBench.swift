import CHitIndex
import HitIndex
import HitIndexC
import HitIndexFixtures

/// What the C API costs over the Swift API on one live index (bench.md, "The C API").
struct CAPIResults {
    /// Median ns of one hit test through `IndexSnapshot.hitTest` and through `hi_snapshot_hit_test`
    /// on the same snapshot and points, measured in alternating passes.
    var swiftQueryNs = Double.nan
    var cQueryNs = Double.nan
    /// The median over pairs of passes of (C − Swift): the C API's cost per call.
    var overheadNs = Double.nan
    /// Median µs of the engine frame written against each API (same edits, same 100 queries).
    var swiftFrameUs = Double.nan
    var cFrameUs = Double.nan
}

/// Measures the C API against the Swift API on `live`: queries on one snapshot, then the engine
/// frame (scroll `widest`, move the leaf inserted last frame, insert a leaf, remove the one of two
/// frames before, commit, 100 queries) alternating between the two APIs on the same index.
func measureCAPI(
    _ live: LiveIndex, widest: ViewHandle, points: [Point], options: Options, log: (String) -> Void
) -> CAPIResults {
    var r = CAPIResults()
    let world = CWorldBridge.world(retaining: live)
    defer { hi_world_destroy(world) }
    var rng = SeededGenerator(seed: options.seed ^ 0x4341_5049)  // "CAPI"
    let queries = Array(points.prefix(2_000))
    var sink = 0

    // Queries: one snapshot, the same points, passes alternating between the APIs.
    let snapshot = live.snapshot
    var raw: OpaquePointer?
    _ = hi_world_acquire_snapshot(world, &raw)
    // Safe to force: a world always has a published snapshot.
    let c = raw!
    defer { hi_snapshot_release(c) }
    func swiftPass() -> Double {
        let t0 = nowNs()
        for p in queries { sink &+= Int(snapshot.hitTest(p)?.handle.slot ?? 0) }
        return Double(nowNs() - t0) / Double(queries.count)
    }
    func cPass() -> Double {
        var hit = hi_hit()
        var found = false
        let t0 = nowNs()
        for p in queries {
            _ = hi_snapshot_hit_test(c, p.x, p.y, &hit, &found)
            sink &+= found ? Int(hit.view.slot) : 0
        }
        return Double(nowNs() - t0) / Double(queries.count)
    }
    _ = (swiftPass(), cPass())
    // Many short passes in pairs, in alternating order, so that drift in the machine's speed
    // (±30 % here) hits both sides alike; the overhead is the median of the pairs' differences.
    var swiftTimes: [Double] = []
    var cTimes: [Double] = []
    var differences: [Double] = []
    for k in 0..<(options.quick ? 21 : 201) {
        let (s, c) =
            k % 2 == 0
            ? (swiftPass(), cPass())
            : {
                let c = cPass()
                return (swiftPass(), c)
            }()
        swiftTimes.append(s)
        cTimes.append(c)
        differences.append(c - s)
    }
    r.swiftQueryNs = median(swiftTimes)
    r.cQueryNs = median(cTimes)
    r.overheadNs = median(differences)

    // The engine frame through each API, alternating.
    // Safe to force: the widest container is a live view.
    let origin = live.attributes(of: widest)!.bounds.origin
    let hView = hi_view(slot: widest.slot, generation: widest.generation, world: live.tag)
    let front = hi_position(place: HI_FRONT, index: 0, sibling: hi_view())
    var swiftLeaves: [ViewHandle] = []
    var cLeaves: [hi_view] = []
    func leafAttributes() -> ViewAttributes {
        ViewAttributes(
            bounds: Rect(x: 0, y: 0, width: 10, height: 10),
            center: Point(x: rng.double(0, 300), y: rng.double(0, 300)))
    }
    func framePoints(_ f: Int) -> ArraySlice<Point> {
        let start = (f * 100) % max(1, queries.count - 100)
        return queries[start..<min(queries.count, start + 100)]
    }
    func swiftFrame(_ f: Int) -> Double {
        let a = leafAttributes()
        let t0 = nowNs()
        live.scroll(widest, to: Point(x: 0, y: f % 2 == 0 ? 7.5 : 0))
        if let last = swiftLeaves.last { live.set(last, \.center, Point(x: a.center.y, y: a.center.x)) }
        if let leaf = live.createView(a, in: widest) { swiftLeaves.append(leaf) }
        if swiftLeaves.count > 2 { live.remove(swiftLeaves.removeFirst()) }
        // Safe to force: every edit above is valid.
        let s = try! live.commit()
        for p in framePoints(f) { sink &+= Int(s.hitTest(p)?.handle.slot ?? 0) }
        return Double(nowNs() - t0) / 1e3
    }
    func cFrame(_ f: Int) -> Double {
        let a = leafAttributes()
        var d = hi_default_view_def()
        d.bounds = hi_rect(x: 0, y: 0, width: 10, height: 10)
        d.center = hi_point(x: a.center.x, y: a.center.y)
        let t0 = nowNs()
        var status = hi_world_begin(world)
        status = hi_world_scroll(world, hView, 0, f % 2 == 0 ? 7.5 : 0)
        if let last = cLeaves.last { status = hi_world_set_center(world, last, hi_point(x: a.center.y, y: a.center.x)) }
        var leaf = hi_view()
        status = hi_world_create_view(world, hView, front, &d, &leaf)
        cLeaves.append(leaf)
        if cLeaves.count > 2 { status = hi_world_remove_view(world, cLeaves.removeFirst()) }
        var published: OpaquePointer?
        status = hi_world_commit(world, &published)
        precondition(status == HI_OK, "the C frame's edits are valid: \(String(cString: hi_last_error()))")
        var hit = hi_hit()
        var found = false
        for p in framePoints(f) {
            _ = hi_snapshot_hit_test(published, p.x, p.y, &hit, &found)
            sink &+= found ? Int(hit.view.slot) : 0
        }
        hi_snapshot_release(published)
        return Double(nowNs() - t0) / 1e3
    }
    var swiftFrames: [Double] = []
    var cFrames: [Double] = []
    for f in 0..<(options.quick ? 50 : 500) {
        if f % 2 == 0 {
            swiftFrames.append(swiftFrame(f))
            cFrames.append(cFrame(f))
        } else {
            cFrames.append(cFrame(f))
            swiftFrames.append(swiftFrame(f))
        }
    }
    // Leave the index as it was found (the leaves removed, the scroll offset back), for the
    // later phases, which check answers against a model kept in step with the index.
    for leaf in swiftLeaves { live.remove(leaf) }
    live.scroll(widest, to: origin)
    // Committed before C opens its transaction, which a Swift side's pending edits would refuse.
    _ = try! live.commit()
    var status = hi_world_begin(world)
    for leaf in cLeaves where status == HI_OK { status = hi_world_remove_view(world, leaf) }
    if status == HI_OK { status = hi_world_commit(world, nil) }
    precondition(status == HI_OK, "the C leaves are removed: \(String(cString: hi_last_error()))")
    blackHole(sink)
    r.swiftFrameUs = median(swiftFrames)
    r.cFrameUs = median(cFrames)
    log(
        "C API: hit test \(Report.ns(r.cQueryNs)) vs Swift \(Report.ns(r.swiftQueryNs)) "
            + "(\(r.overheadNs < 0 ? "" : "+")\(Report.fmt(r.overheadNs, 1)) ns a call); frame \(Report.fmt(r.cFrameUs, 1)) µs vs "
            + "\(Report.fmt(r.swiftFrameUs, 1)) µs (×\(Report.fmt(r.cFrameUs / r.swiftFrameUs, 2)))")
    return r
}
