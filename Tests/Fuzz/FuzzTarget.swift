import HitIndex
import HitIndexReference
import HitIndexSceneFormat

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#else
    #error("a C library module is needed: Glibc, Musl or Darwin")
#endif

// The libFuzzer entry point: decode the input into a scene and points (see FuzzDecoder.swift for
// the byte layout), then ask the flattened index and the recursive reference about every point;
// then decode the bytes that remain into an edit script and run it on a live index and on the
// object model alike, checking each commit's snapshot against the reference (FuzzEdits.swift).
// Any disagreement is a bug in one of them: the input is reported and the process traps, which
// libFuzzer records as a crash.

/// Whether to print every decoded input with both engines' answers (`HITINDEX_FUZZ_PRINT=1`):
/// for reading what a corpus or crash file means, not for fuzzing.
let printDecoded = getenv("HITINDEX_FUZZ_PRINT") != nil

/// libFuzzer's entry point: decodes `size` bytes at `data` and traps on any disagreement.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var reader = ByteReader(UnsafeBufferPointer(start: data, count: size))
    let fuzzCase = FuzzDecoder.decode(&reader)
    let index: HitTestIndex
    do {
        index = try HitTestIndex(fuzzCase.scene)
    } catch {
        // The decoder builds only valid scenes, so this is not expected; but refusing a scene is
        // the index's documented answer to an invalid one, not a disagreement.
        return 0
    }
    let violations = index.invariantViolations()
    if !violations.isEmpty {
        report(
            fuzzCase, headline: "flattened scene invariants broken",
            details: violations.map(\.description))
    }
    if printDecoded { writeToStandardError(sceneText(fuzzCase)) }
    let reference = ReferenceHitTester()
    for point in fuzzCase.points {
        let indexed = index.hitTest(point).map(index.id(of:))
        let expected = reference.hitTest(fuzzCase.scene, at: point)?.id
        let all = index.hitTestAll(point).map(index.id(of:))
        if printDecoded {
            writeToStandardError("\(describe(point)) -> index \(indexed ?? "nil"), reference \(expected ?? "nil")\n")
        }
        if indexed != expected || all.first != indexed {
            let explanation = index.explain(point)
            let path = explanation.path.map { index.id(of: $0.view) }.joined(separator: " > ")
            report(
                fuzzCase, headline: "index and reference disagree",
                details: [
                    "point: \(describe(point))",
                    "index.hitTest:          \(indexed ?? "nil")",
                    "reference.hitTest:      \(expected ?? "nil")",
                    "index.hitTestAll:       [\(all.joined(separator: ", "))]",
                    "index.explain path:     \(path.isEmpty ? "none" : path)",
                ])
        }
    }
    // The bytes after the points: edits on a live index of a copy of the scene (FuzzEdits.swift).
    EditScript.run(&reader, fuzzCase)
    return 0
}

/// A point with each coordinate's bit pattern, so that one-ulp neighbours can be told apart.
func describe(_ p: Point) -> String {
    func bits(_ d: Double) -> String { "0x" + String(d.bitPattern, radix: 16) }
    return "(\(p.x), \(p.y)) bits (\(bits(p.x)), \(bits(p.y)))"
}

/// Prints the headline, the details and the scene (as scene JSON, readable by `hitindex query`)
/// to stderr, then traps so that libFuzzer saves the input.
func report(_ fuzzCase: FuzzCase, headline: String, details: [String]) -> Never {
    var text = "hitindex-fuzz: \(headline)\n"
    for line in details { text += "  \(line)\n" }
    text += "  points: \(fuzzCase.points.map(describe).joined(separator: "; "))\n"
    writeToStandardError(text + sceneText(fuzzCase))
    fatalError("hitindex-fuzz: \(headline)")
}

/// The scene as nested scene JSON (what `hitindex query` reads), with a note on hit predicates,
/// which the format cannot carry; a plain dump should the writer ever refuse it.
func sceneText(_ fuzzCase: FuzzCase) -> String {
    var text = ""
    if !fuzzCase.predicateIDs.isEmpty {
        text += "hit predicate ((x + y) mod 20 < 10) on: \(fuzzCase.predicateIDs.joined(separator: ", "))\n"
    }
    do {
        text += "scene:\n" + (try SceneWriter.string(fuzzCase.scene, form: .nested))
    } catch {
        text += "scene (the writer refused it: \(error)):\n"
        fuzzCase.scene.forEachView { v, depth in
            let redirect = v.redirectTarget.map { " redirect \($0.id)" } ?? ""
            text += String(repeating: "  ", count: depth + 1) + "\(v.id) \(v.attributes)\(redirect)\n"
        }
    }
    return text
}

/// Writes all of `text` to file descriptor 2 (the C `stderr` global is not concurrency-safe to
/// name in Swift 6, and a write may be partial).
func writeToStandardError(_ text: String) {
    var bytes = Array(text.utf8)
    bytes.withUnsafeMutableBytes { buffer in
        var offset = 0
        while offset < buffer.count {
            let n = write(2, buffer.baseAddress! + offset, buffer.count - offset)
            if n <= 0 { return }
            offset += n
        }
    }
}
