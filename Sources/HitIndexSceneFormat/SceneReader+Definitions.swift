import Foundation
import HitIndex

/// Reading scene files straight into bulk-load records: no `View` object is created, so a
/// million-view file costs the tokenizer, the checks and the records, and nothing else.
extension SceneReader {
    /// Reads the scene in the file at `path` as bulk-load records in paint order (windows back
    /// to front by level, then list order; each followed by its views in preorder), so that
    /// record `i` is the view at paint-order position `i`, and `LiveIndex(views:)` or
    /// `HitTestIndex(views:)` build the index ``read(contentsOfFile:)`` and `HitTestIndex(_:)`
    /// would. Records carry ids, parents and redirects by position, and each window's list
    /// position as its ``ViewDefinition/order``; class names and keys kept verbatim are not read.
    /// - Throws: exactly what ``read(contentsOfFile:)`` throws for the same file.
    /// - Complexity: O(file size).
    public static func readDefinitions(contentsOfFile path: String) throws(SceneError) -> [ViewDefinition] {
        let name = (path as NSString).lastPathComponent
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot read the file" : "no such file"
            throw SceneError(file: name, location: .document, field: "", message: reason)
        }
        return try readDefinitions(data: data, file: name)
    }

    /// ``readDefinitions(contentsOfFile:)`` on JSON bytes; errors name `file` when given.
    /// - Complexity: O(length).
    public static func readDefinitions(data: Data, file: String? = nil) throws(SceneError) -> [ViewDefinition] {
        let result: Result<[ViewDefinition], SceneError> = data.withUnsafeBytes { raw in
            var decoder = SceneDecoder(scanner: JSONScanner(raw.bindMemory(to: UInt8.self)), buildsDefinitions: true)
            defer { decoder.finishFaulting() }
            do throws(DecodeFailure) {
                _ = try decoder.decodeDocument()
            } catch {
                return .failure(decoder.sceneError(for: error))
            }
            return .success(
                paintOrdered(
                    decoder.definitions, windows: decoder.windowDefinitions.map(\.input),
                    preorder: decoder.recordsArePreorder))
        }
        switch result {
        case .success(let definitions): return definitions
        case .failure(let error): throw file.map { error.inFile($0) } ?? error
        }
    }

    /// ``readDefinitions(contentsOfFile:)`` on JSON text; errors name `file` when given.
    /// - Complexity: O(length).
    public static func readDefinitions(string: String, file: String? = nil) throws(SceneError) -> [ViewDefinition] {
        try readDefinitions(data: Data(string.utf8), file: file)
    }

    /// `definitions` (each parent before its subviews, siblings back to front in input order,
    /// `windows` the roots in list order) permuted into paint order, parents and redirect targets
    /// renumbered. Returned unchanged when already in paint order, as a nested file whose windows
    /// share one level is. With `preorder` (the records of a nested form: each window followed by
    /// its subtree), windows listed in level order are known to be in paint order without a pass.
    /// - Complexity: O(n) for n records, plus O(w log w) for w windows; O(w) when `preorder` and
    ///   the windows are listed in level order.
    static func paintOrdered(_ definitions: [ViewDefinition], windows: [Int], preorder: Bool = false)
        -> [ViewDefinition]
    {
        if preorder,
            zip(windows, windows.dropFirst()).allSatisfy({ back, front in
                definitions[back].windowLevel <= definitions[front].windowLevel
            })
        {
            return definitions
        }
        let n = definitions.count
        // Windows back to front: by level, ties in list order (a stable sort).
        let paintedWindows = windows.enumerated().sorted {
            (definitions[$0.element].windowLevel, $0.offset) < (definitions[$1.element].windowLevel, $1.offset)
        }.map(\.element)
        // Preorder with siblings in input order, from each view's first subview and next sibling.
        var firstChild = [Int32](repeating: -1, count: n)
        var nextSibling = [Int32](repeating: -1, count: n)
        for i in stride(from: n - 1, through: 0, by: -1) {
            guard let p = definitions[i].parent else { continue }
            nextSibling[i] = firstChild[p]
            firstChild[p] = Int32(i)
        }
        var position = [Int32](repeating: 0, count: n)
        var next: Int32 = 0
        var isIdentity = true
        var stack: [Int32] = []
        for w in paintedWindows {
            stack.append(Int32(w))
            while let v = stack.popLast() {
                position[Int(v)] = next
                if v != next { isIdentity = false }
                next += 1
                if nextSibling[Int(v)] >= 0 { stack.append(nextSibling[Int(v)]) }
                if firstChild[Int(v)] >= 0 { stack.append(firstChild[Int(v)]) }
            }
        }
        precondition(Int(next) == n, "every record hangs from a window")
        if isIdentity { return definitions }
        var ordered = definitions
        for i in 0..<n {
            var d = definitions[i]
            d.parent = d.parent.map { Int(position[$0]) }
            d.redirectTarget = d.redirectTarget.map { Int(position[$0]) }
            ordered[Int(position[i])] = d
        }
        return ordered
    }
}
