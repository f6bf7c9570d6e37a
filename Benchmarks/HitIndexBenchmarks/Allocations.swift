import HitIndexBenchMalloc

/// Heap-allocation counting, through the malloc interposer of the `HitIndexBenchMalloc` target:
/// this executable defines `malloc`, `calloc`, `realloc`, `free` and the aligned variants over
/// glibc's `__libc_*` functions, so every allocation of the process (Swift runtime, Foundation,
/// libc) passes through it. Counting is per thread and switched on only around measured loops.
///
/// The interposer needs glibc's `__libc_*` entry points: on Musl and Apple platforms it is not
/// built, ``available`` is false, and the report leaves allocations and heap bytes unmeasured
/// (NaN, `null` in the JSON) instead of printing zeros.
enum Allocations {
    /// Whether this platform has the interposer at all (glibc only).
    static var available: Bool { hib_available() != 0 }

    /// Whether libc's own internal allocations reach the interposer (checked with `strdup`).
    static var interposed: Bool { available && hib_interposed() != 0 }

    static func counting(_ on: Bool) { hib_count_allocations(on ? 1 : 0) }

    /// Allocations counted on this thread so far.
    static func threadCount() -> Int64 { hib_thread_allocations() }

    /// Net live heap bytes allocated (process-wide) while `body` runs: what `body` leaves
    /// allocated, e.g. a scene it builds and returns; nil where the interposer is not built.
    static func liveBytes<T>(_ body: () throws -> T) rethrows -> (T, Int?) {
        guard available else { return (try body(), nil) }
        hib_track_live_bytes(1)
        let r = try body()
        let bytes = Int(hib_live_bytes())
        hib_track_live_bytes(0)
        return (r, bytes)
    }
}
