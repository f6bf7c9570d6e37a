import HitIndexBenchMalloc

/// Heap-allocation counting, through the malloc interposer of the `HitIndexBenchMalloc` target:
/// this executable defines `malloc`, `calloc`, `realloc`, `free` and the aligned variants over
/// glibc's `__libc_*` functions, so every allocation of the process (Swift runtime, Foundation,
/// libc) passes through it. Counting is per thread and switched on only around measured loops.
enum Allocations {
    /// Whether libc's own internal allocations reach the interposer (checked with `strdup`).
    static var interposed: Bool { hib_interposed() != 0 }

    static func counting(_ on: Bool) { hib_count_allocations(on ? 1 : 0) }

    /// Allocations counted on this thread so far.
    static func threadCount() -> Int64 { hib_thread_allocations() }

    /// Net live heap bytes allocated (process-wide) while `body` runs: what `body` leaves
    /// allocated, e.g. a scene it builds and returns.
    static func liveBytes<T>(_ body: () throws -> T) rethrows -> (T, Int) {
        hib_track_live_bytes(1)
        let r = try body()
        let bytes = Int(hib_live_bytes())
        hib_track_live_bytes(0)
        return (r, bytes)
    }
}
