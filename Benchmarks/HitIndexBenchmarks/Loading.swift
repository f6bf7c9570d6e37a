import Foundation
import HitIndex
import HitIndexSceneFormat

/// `loadMs` and `fileScanMs` (bench.md) of one configuration.
struct LoadingTimes {
    /// The scene's JSON file → an index ready to answer, as `hitindex query` pays it.
    var loadMs: Double
    /// One pass over the same file's bytes from the page cache: read them into memory the process
    /// has not touched yet and count `{` (``scanIntoFreshMemory(path:bytes:)``).
    var fileScanMs: Double
    /// The file's size.
    var fileBytes: Int
}

/// Writes `scene` to a temporary file (removed afterwards) and times, three times each (the
/// medians), reading it into an index the way `hitindex query` does (straight into bulk-load
/// records, then `HitTestIndex(views:)`) and one counting pass over its bytes. Nil when the file cannot be written.
func timeLoading(_ scene: Scene, name: String) -> LoadingTimes? {
    guard let bytes = try? SceneWriter.write(scene) else { return nil }
    let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("hitindex-bench-\(getpid())-\(name).json").path
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return nil }
    defer { try? FileManager.default.removeItem(atPath: path) }
    var scans: [Double] = []
    var loads: [Double] = []
    var braces = 0
    for _ in 0..<3 {
        let t0 = fencedNowNs()
        guard let count = scanIntoFreshMemory(path: path, bytes: bytes.count) else { return nil }
        scans.append(Double(fencedNowNs() - t0) / 1e6)
        braces = count
        let t1 = fencedNowNs()
        guard let records = try? SceneReader.readDefinitions(contentsOfFile: path),
            let index = try? HitTestIndex(views: records)
        else {
            return nil
        }
        loads.append(Double(fencedNowNs() - t1) / 1e6)
        precondition(index.viewCount == scene.viewCount, "the file holds the scene")
    }
    // Every view is one object; the count keeps the pass from being optimized away, and a
    // byte-at-a-time count checks the vector one.
    precondition(braces >= scene.viewCount, "every view is an object in the file")
    let naive = bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "{") ? 1 : 0) }
    precondition(braces == naive, "braceCount found \(braces) braces, a plain count \(naive)")
    return LoadingTimes(loadMs: median(loads), fileScanMs: median(scans), fileBytes: bytes.count)
}

/// Reads a file of `bytes` bytes into a fresh anonymous mapping and counts its `{`: the least a
/// loader does with a file in the page cache, faulting in the memory it reads into. Nil when
/// the file cannot be read.
///
/// The memory is mapped for the pass and unmapped after it, so every pass pays the same first
/// touch. (Reading into a buffer from the allocator instead, as until 2026-11-27, made the
/// scan's cost depend on whether the allocator reused pages the previous load had freed: 14–19
/// ms for ui's 90 MB file when it did, 80 ms when it did not.)
func scanIntoFreshMemory(path: String, bytes: Int) -> Int? {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    let length = max(bytes, 1)
    guard let memory = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
        memory != UnsafeMutableRawPointer(bitPattern: -1)
    else { return nil }
    defer { munmap(memory, length) }
    var done = 0
    while done < bytes {
        // Safe: `memory` maps `length ≥ bytes` bytes, and the read stays below `bytes`.
        let n = read(fd, memory + done, bytes - done)
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else { return nil }
        done += n
    }
    return SceneReader.braceCount(UnsafeRawBufferPointer(start: memory, count: bytes))
}
