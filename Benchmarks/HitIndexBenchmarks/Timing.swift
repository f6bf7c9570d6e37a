import Foundation
import HitIndex
import HitIndexFixtures
import HitIndexReference

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#else
    #error("a C library module is needed: Glibc, Musl or Darwin")
#endif

/// Monotonic nanoseconds.
@inline(__always)
func nowNs() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
}

/// The clock, fenced: no memory access moves across it, so a timed loop stays between its two
/// reads (without the fences, the optimizer was seen moving a load-only loop out of the interval).
@inline(__always)
func fencedNowNs() -> UInt64 {
    memoryFence()
    let t = nowNs()
    memoryFence()
    return t
}

/// Keeps a value alive so that the work producing it is not optimized away.
@inline(never)
func blackHole<T>(_ x: T) {
    withExtendedLifetime(x) {}
}

func median(_ xs: [Double]) -> Double {
    guard !xs.isEmpty else { return .nan }
    let s = xs.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

/// The `q`-quantile (0…1) by nearest rank.
func quantile(_ xs: [Double], _ q: Double) -> Double {
    guard !xs.isEmpty else { return .nan }
    let s = xs.sorted()
    let rank = Int((q * Double(s.count)).rounded(.up)) - 1
    return s[min(max(rank, 0), s.count - 1)]
}

// MARK: - Queries

/// The query sets of one configuration.
struct QuerySets {
    /// Uniformly random points over the windows' screen area.
    var random: [Point]
    /// A pointer-like walk: steps of up to ±10 points on each axis, reflected at the area's edges.
    var walk: [Point]
    /// Validation only: random points snapped to a 0.5-point grid, so that many fall exactly on
    /// view edges (where engines are most likely to disagree).
    var edges: [Point]

    init(area: Extents, count: Int, seed: UInt64) {
        var rng = SeededGenerator(seed: seed &* 0x9E37_79B9_7F4A_7C15 ^ 0x5155_4552_5953)
        let w = area.maxX - area.minX
        let h = area.maxY - area.minY
        random = (0..<count).map { _ in Point(x: area.minX + w * rng.unit(), y: area.minY + h * rng.unit()) }
        var p = Point(x: area.minX + w * rng.unit(), y: area.minY + h * rng.unit())
        func reflect(_ v: Double, _ lo: Double, _ hi: Double) -> Double {
            var v = v
            if v < lo { v = lo + (lo - v) }
            if v >= hi { v = hi - (v - hi) }
            return min(max(v, lo), hi)
        }
        walk = []
        walk.reserveCapacity(count)
        for _ in 0..<count {
            walk.append(p)
            p = Point(
                x: reflect(p.x + rng.double(-10, 10), area.minX, area.maxX),
                y: reflect(p.y + rng.double(-10, 10), area.minY, area.maxY))
        }
        let e = min(count, 2000)
        edges = (0..<e).map { _ in
            Point(x: rng.grid(area.minX, area.maxX), y: rng.grid(area.minY, area.maxY))
        }
    }
}

// MARK: - Measurements

/// What one engine measured on one configuration.
struct Measurement {
    var queryNsP50 = Double.nan
    var queryNsP99 = Double.nan
    var coherentNsP50 = Double.nan
    var coherentNsP99 = Double.nan
    var batchQps1 = Double.nan
    var batchQps2 = Double.nan
    var allocsPerQuery = Double.nan
    var batchSize = 0
}

/// Runs `body` on a thread with a stack for `depth` levels of reference recursion (inline when
/// the engine does not recurse deeply).
func onEngineStack<T>(depth: Int, _ body: () -> T) -> T {
    ReferenceHitTester.runOnLargeStack(depth: depth, body)
}

/// Mean ns per query over `points` (`rounds` passes), in one thread.
@inline(never)
func timePass<E: BenchEngine>(
    _ engine: E, _ points: ArraySlice<Point>, rounds: Int = 1, _ context: inout E.Context
) -> Double {
    var sink: UInt = 0
    let t0 = fencedNowNs()
    for _ in 0..<rounds {
        for p in points { sink &+= engine.token(engine.hitTest(p, &context)) }
    }
    let t1 = fencedNowNs()
    blackHole(sink)
    return Double(t1 - t0) / Double(max(points.count * rounds, 1))
}

/// Per-batch mean latencies (ns per query) over `points`, batches of `batch` queries.
@inline(never)
func batchLatencies<E: BenchEngine>(
    _ engine: E, _ points: ArraySlice<Point>, batch: Int, _ context: inout E.Context
) -> [Double] {
    var out: [Double] = []
    out.reserveCapacity(points.count / batch + 1)
    var sink: UInt = 0
    var i = points.startIndex
    while i + batch <= points.endIndex {
        let t0 = fencedNowNs()
        for j in i..<(i + batch) { sink &+= engine.token(engine.hitTest(points[j], &context)) }
        let t1 = fencedNowNs()
        out.append(Double(t1 - t0) / Double(batch))
        i += batch
    }
    blackHole(sink)
    return out
}

/// Estimated ns per query: a few queries, at most ~`limitNs`.
func estimateQueryNs<E: BenchEngine>(_ engine: E, _ points: [Point], limitNs: UInt64) -> Double {
    var ctx = engine.makeContext()
    var sink: UInt = 0
    let start = nowNs()
    var done = 0
    while done < min(points.count, 256) {
        sink &+= engine.token(engine.hitTest(points[done], &ctx))
        done += 1
        if nowNs() - start > limitNs { break }
    }
    blackHole(sink)
    return Double(nowNs() - start) / Double(max(done, 1))
}

/// Heap allocations per query, counted by the malloc interposer on this thread.
func countAllocations<E: BenchEngine>(_ engine: E, _ points: ArraySlice<Point>) -> Double {
    guard Allocations.available else { return .nan }
    var ctx = engine.makeContext()
    // One untimed query first: lazily initialized globals are not the query's.
    if let p = points.first { blackHole(engine.token(engine.hitTest(p, &ctx))) }
    var sink: UInt = 0
    let before = Allocations.threadCount()
    Allocations.counting(true)
    for p in points { sink &+= engine.token(engine.hitTest(p, &ctx)) }
    Allocations.counting(false)
    let after = Allocations.threadCount()
    blackHole(sink)
    return Double(after - before) / Double(max(points.count, 1))
}

/// Throughput with `threads` threads, the points split evenly; wall time from a common start.
/// Each thread goes over its share `rounds` times (so that a run lasts long enough to be timed).
func batchQps<E: BenchEngine>(_ engine: E, _ points: [Point], threads: Int, rounds: Int, stackBytes: Int) -> Double {
    let done = DispatchSemaphore(value: 0)
    let chunk = (points.count + threads - 1) / threads
    let box = UncheckedBox((engine, points))
    // Threads: each makes its own context, waits for the start flag, runs its share.
    let state = QpsState()
    for t in 0..<threads {
        let lo = min(t * chunk, points.count)
        let hi = min(lo + chunk, points.count)
        let thread = Thread {
            let (engine, points) = box.value
            var ctx = engine.makeContext()
            // Warm this thread's context and caches on a few points.
            var sink: UInt = 0
            for p in points[lo..<min(hi, lo + 64)] { sink &+= engine.token(engine.hitTest(p, &ctx)) }
            state.ready.add(1)
            while state.go.loadAcquiring() == 0 { sched_yield() }
            let t0 = fencedNowNs()
            for _ in 0..<rounds {
                for p in points[lo..<hi] { sink &+= engine.token(engine.hitTest(p, &ctx)) }
            }
            let t1 = fencedNowNs()
            blackHole(sink)
            state.times.withLock { $0.append((t0, t1)) }
            done.signal()
        }
        thread.stackSize = stackBytes
        thread.start()
    }
    while state.ready.loadAcquiring() < UInt(threads) { sched_yield() }
    state.go.storeReleasing(1)
    for _ in 0..<threads { done.wait() }
    let spans = state.times.withLock { $0 }
    let start = spans.map(\.0).min()!
    let end = spans.map(\.1).max()!
    return Double(points.count * rounds) / (Double(max(end - start, 1)) / 1e9)
}

final class QpsState: Sendable {
    let go = AtomicWord(0)
    let ready = AtomicWord(0)
    let times = Lock<[(UInt64, UInt64)]>([])
}

/// Carries a value that is only read across threads.
struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
