import Foundation
import HitIndex
import HitIndexSceneFormat

/// `loadMs` and `fileScanMs` (bench.md) of one configuration.
struct LoadingTimes {
    /// The scene's JSON file → an index ready to answer, as `hitindex query` pays it.
    var loadMs: Double
    /// One pass over the same file's bytes from the page cache: read them and count `{`.
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
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let count = data.withUnsafeBytes { SceneReader.braceCount($0) }
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
