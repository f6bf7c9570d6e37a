import Foundation
import HitIndex

/// Reads scene files (scene-format.md): the nested form (`windows` or `root`) and the flat form
/// (`views`), with every default and error rule.
///
/// The reader streams: it never builds a JSON tree and never recurses, so a chain a million views
/// deep reads like any other scene, and a million-view file reads in seconds.
public enum SceneReader {
    /// Reads the scene in the file at `path`; errors name the file.
    /// - Complexity: O(file size).
    public static func read(contentsOfFile path: String) throws(SceneError) -> Scene {
        let name = (path as NSString).lastPathComponent
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot read the file" : "no such file"
            throw SceneError(file: name, location: .document, field: "", message: reason)
        }
        return try read(data: data, file: name)
    }

    /// Reads a scene from JSON text; errors name `file` when given.
    /// - Complexity: O(length).
    public static func read(string: String, file: String? = nil) throws(SceneError) -> Scene {
        try read(data: Data(string.utf8), file: file)
    }

    /// Reads a scene from JSON bytes; errors name `file` when given.
    /// - Complexity: O(length).
    public static func read(data: Data, file: String? = nil) throws(SceneError) -> Scene {
        let result: Result<Scene, SceneError> = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var decoder = SceneDecoder(scanner: JSONScanner(bytes))
            do throws(DecodeFailure) {
                return .success(try decoder.decodeDocument())
            } catch {
                return .failure(decoder.sceneError(for: error))
            }
        }
        switch result {
        case .success(let scene): return scene
        case .failure(let error): throw file.map { error.inFile($0) } ?? error
        }
    }
}

extension SceneReader {
    /// The `{` bytes in `raw` (inside strings too: an upper bound on the JSON objects), counted
    /// 16 at a time, at memory speed (a byte-at-a-time loop measured 1.6 GB/s on the benchmark's
    /// machine).
    /// - Complexity: O(n).
    public static func braceCount(_ raw: UnsafeRawBufferPointer) -> Int {
        let brace = SIMD16<UInt8>(repeating: UInt8(ascii: "{"))
        var total = 0
        var offset = 0
        while offset + 16 <= raw.count {
            // Per-lane counts fit a byte for 255 blocks; then they are added up.
            var lanes = SIMD16<UInt8>()
            let end = Swift.min(raw.count - 15, offset + 255 * 16)
            while offset < end {
                let block = raw.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
                lanes &+= SIMD16<UInt8>(repeating: 0).replacing(with: 1, where: block .== brace)
                offset += 16
            }
            for k in 0..<16 { total += Int(lanes[k]) }
        }
        for i in offset..<raw.count where raw[i] == UInt8(ascii: "{") { total += 1 }
        return total
    }

    /// Reads one view object of the scene format (with its `subviews`), as an edit inserts it: a
    /// window when `isWindow`. Redirect targets among the new views are resolved; the others are
    /// returned by id for the caller to resolve.
    /// - Throws: the first problem, naming the view and the field (or the JSON path).
    /// - Complexity: O(length).
    public static func readView(string: String, isWindow: Bool) throws(SceneError) -> (
        view: View, unresolvedRedirects: [(view: View, target: String)]
    ) {
        var text = string
        let result: Result<(View, [(view: View, target: String)]), SceneError> = text.withUTF8 { bytes in
            var decoder = SceneDecoder(scanner: JSONScanner(bytes))
            do throws(DecodeFailure) {
                return .success(try decoder.decodeOneView(isWindow: isWindow))
            } catch {
                return .failure(decoder.sceneError(for: error))
            }
        }
        return try result.get()
    }
}

/// Why decoding stopped: malformed JSON, or a well-formed document that breaks a scene rule.
enum DecodeFailure: Error {
    case syntax(JSONScanner.SyntaxError)
    case rule(SceneError)
}

/// The state of one decode. Views are built bottom-up, each when its object closes (its id may
/// be its last key), so nested subtrees are kept on an explicit stack instead of the call stack.
struct SceneDecoder {
    var scanner: JSONScanner
    /// Whether the decoder builds bulk-load records instead of the object model.
    private let buildsDefinitions: Bool
    private var viewsByID: [String: View] = [:]
    private var redirects: [(view: View, target: String)] = []
    /// The records, by the position of each view's `{` in the file (preorder for the nested
    /// forms, file order for the flat one), when ``buildsDefinitions``.
    private(set) var definitions: [ViewDefinition] = []
    private var definitionByID = IDPositions()
    /// The ids of the nested forms' records, in the order their objects closed
    /// (``IDPositions/logEntry(_:at:)``): made into ``definitionByID`` once, when the views are
    /// read (``resolveLoggedIDs()``). The flat form looks parents up while it reads, so it fills
    /// ``definitionByID`` as it goes.
    private var idLog: [UInt64] = []
    private var definitionRedirects: [(input: Int, target: String)] = []
    /// The windows' records and levels, in list order, when ``buildsDefinitions``.
    private(set) var windowDefinitions: [(input: Int, level: Double)] = []
    /// Whether the records are in preorder, each window followed by its subtree: true for the
    /// nested forms (records follow the objects' `{`), false for the flat one.
    private(set) var recordsArePreorder = true
    /// Reused for every numeric array, so that reading `frame` allocates nothing.
    private var numbers = NumberList()
    /// Frames of the view objects currently open, outermost first: `stack[0..<depth]`. Frames
    /// above `depth` are kept and reset when reopened, so that opening a view object neither
    /// copies a frame into the array nor destroys one when it closes (measured: a tenth of a
    /// million-view file's read).
    private var stack: [Frame] = []
    private var depth = 0
    /// The top-level key whose array is being read, for JSON paths.
    private var topKey = "$"
    /// Faults in ``definitions``' reserved storage on the other core while the records are
    /// written (when ``buildsDefinitions``).
    private var faulter: PageFaulter?

    init(scanner: JSONScanner, buildsDefinitions: Bool = false) {
        self.scanner = scanner
        self.buildsDefinitions = buildsDefinitions
        // Written scenes spend 50 to 150 bytes a view: sizing the tables up front avoids
        // rehashing (and copying) a million entries several times.
        if buildsDefinitions {
            // Every view is an object: the objects bound the records (a record is large, and
            // growing a million of them copies them several times).
            let objects = SceneReader.braceCount(UnsafeRawBufferPointer(scanner.bytes))
            idLog.reserveCapacity(objects)
            definitions.reserveCapacity(objects)
            // The records are written front to back, about 280 bytes each: their pages are
            // faulted in ahead of them (measured: a sixth of a million-view file's read).
            faulter = definitions.withUnsafeMutableBufferPointer { buffer in
                let bytes = objects * MemoryLayout<ViewDefinition>.stride
                return buffer.baseAddress.map { PageFaulter(start: UnsafeMutableRawPointer($0), bytes: bytes) }
            }
        } else {
            viewsByID.reserveCapacity(scanner.bytes.count / 100)
        }
    }

    /// Waits for the helper faulting in the records' storage (see ``faulter``); call before the
    /// decoder's records may be freed.
    /// - Complexity: O(1) plus the helper's current step.
    mutating func finishFaulting() {
        faulter?.finish()
        faulter = nil
    }

    enum Role { case window, subview, flatEntry }

    struct Frame {
        var record = ViewRecord()
        /// The finished subviews (object model only).
        var children: [View] = []
        var childCount = 0
        /// The view's record in ``definitions`` (bulk records only).
        var definition = -1
        var keyCount = 0
        var inSubviews = false
        var role: Role
        /// Position in the enclosing array (`subviews`, `windows` or `views`), or -1 for `root`.
        var index: Int

        /// Makes a kept frame the frame of a newly opened view object.
        mutating func reopen(role: Role, index: Int, definition: Int) {
            record = ViewRecord()
            children.removeAll(keepingCapacity: true)
            childCount = 0
            self.definition = definition
            keyCount = 0
            inSubviews = false
            self.role = role
            self.index = index
        }
    }

    // MARK: Errors

    func currentPath() -> String {
        var path = topKey
        for (level, frame) in stack[..<depth].enumerated() {
            if level == 0 {
                if frame.index >= 0 { path += "[\(frame.index)]" }
            } else {
                path += ".subviews[\(frame.index)]"
            }
        }
        return path
    }

    func sceneError(for failure: DecodeFailure) -> SceneError {
        switch failure {
        case .rule(let e):
            return e
        case .syntax(let e):
            let (line, column) = scanner.lineAndColumn(of: e.offset)
            let location: SceneError.Location = depth == 0 && topKey == "$" ? .document : .path(currentPath())
            return SceneError(
                location: location, field: "", message: "invalid JSON at line \(line), column \(column): \(e.message)")
        }
    }

    private func ruleError(_ parts: SceneErrorParts, path: String) -> DecodeFailure {
        .rule(
            SceneError(location: parts.id.map { .view($0) } ?? .path(path), field: parts.field, message: parts.message))
    }

    // MARK: Document

    mutating func decodeDocument() throws(DecodeFailure) -> Scene {
        try decoding { try $0.decodeDocumentBody() }
    }

    /// One view object and its subviews (``SceneReader/readView(string:isWindow:)``).
    mutating func decodeOneView(isWindow: Bool) throws(DecodeFailure) -> (View, [(view: View, target: String)]) {
        try decoding { d in
            let view = try d.decodeView(role: isWindow ? .window : .subview, index: -1).view!
            d.scanner.skipWhitespace()
            guard d.scanner.isAtEnd else { throw d.scanner.error("unexpected content after the view object") }
            var unresolved: [(view: View, target: String)] = []
            for (v, target) in d.redirects {
                if let t = d.viewsByID[target] { v.redirectTarget = t } else { unresolved.append((v, target)) }
            }
            return (view, unresolved)
        }
    }

    /// Makes the logged ids into ``definitionByID``.
    /// - Throws: the duplicate id a one-by-one insertion in the log's order would have refused
    ///   first, as the model reader refuses it.
    private mutating func resolveLoggedIDs() throws {
        if let duplicate = loggedDuplicate() { throw duplicate }
    }

    /// Makes the logged ids into ``definitionByID`` and empties the log; returns the failure for
    /// the duplicate a one-by-one insertion in the log's order would have refused first, if any.
    private mutating func loggedDuplicate() -> DecodeFailure? {
        guard !idLog.isEmpty else { return nil }
        let log = idLog
        idLog = []
        if let table = IDPositions(log: log, idAt: { definitions[$0].id! }) {
            definitionByID = table
            return nil
        }
        // A duplicate: find the first, one by one (only on this error path).
        var table = IDPositions(expected: log.count)
        for e in log {
            let position = Int(UInt32(truncatingIfNeeded: e)) - 1
            let id = definitions[position].id!
            if table.insert(id, at: position, idAt: { definitions[$0].id! }) != nil {
                return .rule(SceneError(location: .view(id), field: "id", message: "duplicate id"))
            }
        }
        preconditionFailure("a log with equal ids has a duplicate")
    }

    /// Runs `body` with the decoder, passing on the only two errors it throws: the tokenizer's,
    /// as a syntax failure, and the decoder's own. A duplicate among the logged ids came before
    /// any failure (each id is logged when its object closes), so it is the failure reported.
    private mutating func decoding<T>(_ body: (inout SceneDecoder) throws -> T) throws(DecodeFailure) -> T {
        do {
            return try body(&self)
        } catch let e as JSONScanner.SyntaxError {
            throw loggedDuplicate() ?? .syntax(e)
        } catch let e as DecodeFailure {
            throw loggedDuplicate() ?? e
        } catch {
            fatalError("unexpected error \(error)")
        }
    }

    private mutating func decodeDocumentBody() throws -> Scene {
        try scanner.expect(UInt8(ascii: "{"), "a scene object")
        var windows: [Window]?
        var form: String?
        var preserved: [String: String] = [:]
        var keys: Set<String> = []
        var first = true
        while !scanner.consume(UInt8(ascii: "}")) {
            if !first { try scanner.expect(UInt8(ascii: ","), "',' or '}'") }
            first = false
            let key = try scanner.readString()
            try scanner.expect(UInt8(ascii: ":"), "':'")
            guard keys.insert(key).inserted else {
                throw DecodeFailure.rule(SceneError(location: .path("$"), field: key, message: "duplicate key"))
            }
            switch key {
            case "windows", "root", "views":
                if let form {
                    throw DecodeFailure.rule(
                        SceneError(location: .path("$"), field: key, message: "not allowed together with \"\(form)\""))
                }
                form = key
                topKey = "$.\(key)"
                switch key {
                case "root": windows = [try decodeView(role: .window, index: -1).view as? Window].compactMap { $0 }
                case "windows": windows = try decodeWindowArray()
                default:
                    // The flat form finds parents by id as it reads: its table is filled as it goes.
                    if buildsDefinitions { definitionByID = IDPositions(expected: definitions.capacity) }
                    recordsArePreorder = false
                    windows = try decodeFlatArray()
                }
                topKey = "$"
            case "application":
                let start = scanner.offset
                try scanner.skipValue()
                preserved[key] = rawText(start, scanner.offset)
            default:
                throw DecodeFailure.rule(
                    SceneError(
                        location: .path("$"), field: key, message: "unknown key (expected windows, root or views)"))
            }
        }
        scanner.skipWhitespace()
        guard scanner.isAtEnd else { throw scanner.error("unexpected content after the scene object") }
        guard let windows else {
            throw DecodeFailure.rule(
                SceneError(location: .path("$"), field: "windows", message: "required (or root, or views)"))
        }
        guard buildsDefinitions ? !windowDefinitions.isEmpty : !windows.isEmpty else {
            throw DecodeFailure.rule(
                SceneError(location: .path("$"), field: form ?? "windows", message: "expected at least one window"))
        }
        /// A redirect whose target id no view has.
        func unknownTarget(_ id: String, _ target: String) -> DecodeFailure {
            .rule(
                SceneError(
                    location: .view(id), field: "redirectTarget",
                    message: "\"\(target)\" is not a view id of this scene"))
        }
        if buildsDefinitions {
            try resolveLoggedIDs()
            for (input, target) in definitionRedirects {
                guard let t = definitionByID.position(of: target, idAt: { definitions[$0].id! }) else {
                    throw unknownTarget(definitions[input].id!, target)
                }
                definitions[input].redirectTarget = t
            }
            // The records are the result (``definitions``); the scene is an empty placeholder.
            return Scene(windows: [])
        }
        for (view, target) in redirects {
            guard let t = viewsByID[target] else { throw unknownTarget(view.id, target) }
            view.redirectTarget = t
        }
        let scene = Scene(windows: windows)
        scene.preservedJSON = preserved
        return scene
    }

    private func rawText(_ start: Int, _ end: Int) -> String {
        Self.rawText(scanner.bytes, start, end)
    }

    /// The text of `bytes[start..<end]`, leading whitespace dropped.
    private static func rawText(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        var s = start
        while s < end, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[s]) { s += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[s..<end]), as: UTF8.self)
    }

    private mutating func decodeWindowArray() throws -> [Window] {
        try scanner.expect(UInt8(ascii: "["), "an array of windows")
        var windows: [Window] = []
        var count = 0
        while !scanner.consume(UInt8(ascii: "]")) {
            if count > 0 { try scanner.expect(UInt8(ascii: ","), "',' or ']'") }
            if let window = try decodeView(role: .window, index: count).view as? Window { windows.append(window) }
            count += 1
        }
        return windows
    }

    private mutating func decodeFlatArray() throws -> [Window] {
        try scanner.expect(UInt8(ascii: "["), "an array of views")
        var windows: [Window] = []
        var index = 0
        while !scanner.consume(UInt8(ascii: "]")) {
            if index > 0 { try scanner.expect(UInt8(ascii: ","), "',' or ']'") }
            let (view, parent) = try decodeView(role: .flatEntry, index: index)
            index += 1
            guard let view else { continue }
            if let parent {
                // finishView checked that the parent exists and came earlier.
                viewsByID[parent]!.addSubview(view)
            } else {
                windows.append(view as! Window)
            }
        }
        return windows
    }

    // MARK: Views

    /// Decodes one view object and its nested subviews, iteratively; returns the outermost view
    /// (nil when the decoder builds records) and, for an entry of the flat form, its parent's id.
    private mutating func decodeView(role: Role, index: Int) throws -> (view: View?, parent: String?) {
        try scanner.expect(UInt8(ascii: "{"), "a view object")
        openFrame(role: role, index: index)
        while true {
            let top = depth - 1
            if stack[top].inSubviews {
                if scanner.consume(UInt8(ascii: "]")) {
                    stack[top].inSubviews = false
                    continue
                }
                if stack[top].childCount > 0 { try scanner.expect(UInt8(ascii: ","), "',' or ']'") }
                try scanner.expect(UInt8(ascii: "{"), "a view object")
                stack[top].childCount += 1
                openFrame(role: .subview, index: stack[top].childCount - 1)
                continue
            }
            if scanner.consume(UInt8(ascii: "}")) {
                let view = try buildsDefinitions ? nil : finishView()
                if buildsDefinitions { try finishDefinition() }
                let parent = stack[top].record.parent
                depth -= 1
                if depth == 0 { return (view, parent) }
                if let view { stack[depth - 1].children.append(view) }
                continue
            }
            if stack[top].keyCount > 0 { try scanner.expect(UInt8(ascii: ","), "',' or '}'") }
            // A known key is matched in the file's bytes; only another key is made a `String`
            // (measured: making one per key was a tenth of reading a million-view file).
            let key: String
            let known: ViewRecord.KnownKey?
            if let range = scanner.readPlainString() {
                let utf8 = UnsafeBufferPointer(rebasing: scanner.bytes[range])
                known = ViewRecord.KnownKey(utf8: utf8)
                key = known?.name ?? String(decoding: utf8, as: UTF8.self)
            } else {
                key = try scanner.readString()
                known = ViewRecord.KnownKey(key)
            }
            try scanner.expect(UInt8(ascii: ":"), "':'")
            stack[top].keyCount += 1
            if !stack[top].record.markSeen(key, known: known) {
                stack[top].record.note(key, "duplicate key")
            }
            if known == .subviews {
                guard scanner.peek() == UInt8(ascii: "[") else {
                    stack[top].record.note("subviews", "expected an array of views, got \(scanner.found())")
                    try scanner.skipValue()
                    continue
                }
                try scanner.expect(UInt8(ascii: "["), "'['")
                stack[top].inSubviews = true
                continue
            }
            try readField(key, known: known, frame: top)
        }
    }

    /// Opens a frame for a view object whose `{` was just read; when building records, reserves
    /// the view's record, so that records follow the order of the objects in the file.
    private mutating func openFrame(role: Role, index: Int) {
        var definition = -1
        if buildsDefinitions {
            definition = definitions.count
            definitions.append(ViewDefinition(ViewAttributes(bounds: .zero, center: .zero)))
        }
        if depth < stack.count {
            stack[depth].reopen(role: role, index: index, definition: definition)
        } else {
            var frame = Frame(role: role, index: index)
            frame.definition = definition
            stack.append(frame)
        }
        depth += 1
    }

    /// The role the innermost open frame's view has once its keys are known: an entry of the
    /// flat form is a window exactly when it has no parent; `parent` anywhere else is a problem.
    /// Notes a misplaced `parent` in the frame's record (in place: a record is large).
    private mutating func resolveRole() -> Bool {
        let top = depth - 1
        let role = stack[top].role
        var isWindow = role == .window
        if stack[top].record.parent != nil {
            if role == .flatEntry {
                isWindow = false
            } else {
                stack[top].record.note("parent", "only allowed on the entries of the flat form (\"views\")")
            }
        } else if role == .flatEntry {
            isWindow = true
        }
        return isWindow
    }

    /// Fills the record of the innermost open frame, with the checks and in the order of
    /// ``finishView()``: the view's own fields, its parent (flat form), its id's uniqueness.
    private mutating func finishDefinition() throws {
        let isWindow = resolveRole()
        let top = depth - 1
        // The record is checked in place: calling the check on the frame's record copied it,
        // retaining and releasing each of its strings (measured: a twentieth of a million-view
        // file's read).
        let checked: ViewRecord.Checked
        do {
            checked = try ViewRecord.check(&stack[top].record, isWindow: isWindow)
        } catch {
            throw ruleError(error, path: currentPath())
        }
        let record = (parent: stack[top].record.parent, redirectTarget: stack[top].record.redirectTarget)
        let (role, definition) = (stack[top].role, stack[top].definition)
        var parentInput: Int?
        if role == .flatEntry, let parent = record.parent {
            guard let p = definitionByID.position(of: parent, idAt: { definitions[$0].id! }) else {
                throw DecodeFailure.rule(
                    SceneError(
                        location: .view(checked.id), field: "parent",
                        message: "\"\(parent)\" is not an earlier view (a parent comes before its children)"))
            }
            parentInput = p
        } else if depth > 1 {
            parentInput = stack[depth - 2].definition
        }
        if role == .flatEntry {
            guard definitionByID.insert(checked.id, at: definition, idAt: { definitions[$0].id! }) == nil else {
                throw DecodeFailure.rule(SceneError(location: .view(checked.id), field: "id", message: "duplicate id"))
            }
        } else {
            idLog.append(IDPositions.logEntry(checked.id, at: definition))
        }
        // Field by field, in place: assigning a whole definition copied (and released) one per
        // view (measured: 6 % of a million-view file's load).
        definitions[definition].attributes = checked.attributes
        definitions[definition].parent = parentInput
        definitions[definition].id = checked.id
        if let level = checked.level {
            definitions[definition].order = windowDefinitions.count
            definitions[definition].windowLevel = level
            windowDefinitions.append((definition, level))
        }
        if let target = record.redirectTarget { definitionRedirects.append((definition, target)) }
    }

    /// Builds the view of the innermost open frame, attaches its subviews and registers its id.
    private mutating func finishView() throws -> View {
        let isWindow = resolveRole()
        let frame = stack[depth - 1]
        let record = frame.record
        let view: View
        switch record.makeView(isWindow: isWindow) {
        case .success(let v): view = v
        case .failure(let parts): throw ruleError(parts, path: currentPath())
        }
        if frame.role == .flatEntry, let parent = record.parent {
            guard viewsByID[parent] != nil else {
                throw DecodeFailure.rule(
                    SceneError(
                        location: .view(view.id), field: "parent",
                        message: "\"\(parent)\" is not an earlier view (a parent comes before its children)"))
            }
        }
        for child in frame.children { view.addSubview(child) }
        guard viewsByID.updateValue(view, forKey: view.id) == nil else {
            throw DecodeFailure.rule(SceneError(location: .view(view.id), field: "id", message: "duplicate id"))
        }
        if let target = record.redirectTarget { redirects.append((view, target)) }
        return view
    }

    // MARK: Fields

    /// A field value, read without knowing yet whether it has the right type.
    private enum Value {
        case number(Double)
        case string(String)
        case bool(Bool)
        case null
        /// An array: `count` elements; when `allNumbers`, the first values are in `numbers`.
        case array(count: Int, allNumbers: Bool)
        case object(start: Int, end: Int)

        var kind: String {
            switch self {
            case .number(let d): return d.isFinite ? "a number" : "a number too large to represent"
            case .string: return "a string"
            case .bool: return "a boolean"
            case .null: return "null"
            case .array(let count, let allNumbers): return allNumbers ? "\(count)" : "an array that is not all numbers"
            case .object: return "an object"
            }
        }
    }

    private mutating func readValue() throws -> Value {
        switch scanner.peek() {
        case UInt8(ascii: "\""): return .string(try scanner.readString())
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool(try scanner.readBool())
        case UInt8(ascii: "n"):
            guard scanner.matchLiteral("null") else {
                throw scanner.error("expected a value, found \(scanner.found())")
            }
            return .null
        case UInt8(ascii: "{"):
            let start = scanner.offset
            try scanner.skipValue()
            return .object(start: start, end: scanner.offset)
        case UInt8(ascii: "["):
            _ = scanner.consume(UInt8(ascii: "["))
            numbers = NumberList()
            var count = 0
            var allNumbers = true
            while !scanner.consume(UInt8(ascii: "]")) {
                if count > 0 { try scanner.expect(UInt8(ascii: ","), "',' or ']'") }
                if let b = scanner.peek(), b == UInt8(ascii: "-") || (b >= 0x30 && b <= 0x39) {
                    let v = try scanner.readNumber()
                    numbers.append(v)
                } else {
                    allNumbers = false
                    try scanner.skipValue()
                }
                count += 1
            }
            return .array(count: count, allNumbers: allNumbers)
        default:
            return .number(try scanner.readNumber())
        }
    }

    /// The array's numbers when it holds exactly `count` finite numbers; otherwise notes the
    /// problem and returns nil.
    private static func finiteNumbers(
        _ numbers: NumberList, _ value: Value, _ count: Int, _ field: String, _ record: inout ViewRecord
    ) -> NumberList? {
        let plural = count == 1 ? "number" : "numbers"
        guard case .array(let n, let allNumbers) = value, allNumbers, n == count else {
            record.note(field, "expected \(count) finite \(plural), got \(value.kind)")
            return nil
        }
        guard numbers.allFinite else {
            record.note(field, "expected \(count) finite \(plural), got a number too large to represent")
            return nil
        }
        return numbers
    }

    /// Reads the value of `key` into the record of open frame `top`.
    private mutating func readField(_ key: String, known: ViewRecord.KnownKey?, frame top: Int) throws {
        let start = scanner.offset
        let value = try readValue()
        // Static, with the scanner's state passed in: the record is then changed in place (a
        // mutating method could not hold the scanner and a frame's record at once, and moving
        // the record out and back copied it twice per key; measured: a tenth of a load).
        try Self.apply(
            key, known: known, value, bytes: scanner.bytes, start: start, end: scanner.offset, numbers: numbers,
            to: &stack[top].record)
    }

    /// Puts the value of `key`, the text `bytes[start..<end]`, into `record` (or notes the
    /// problem in it).
    private static func apply(
        _ key: String, known: ViewRecord.KnownKey?, _ value: Value, bytes: UnsafeBufferPointer<UInt8>, start: Int,
        end: Int, numbers: NumberList, to record: inout ViewRecord
    ) throws {
        func bool() -> Bool? {
            if case .bool(let b) = value { return b }
            record.note(key, "expected true or false, got \(value.kind)")
            return nil
        }
        func string() -> String? {
            if case .string(let s) = value { return s }
            record.note(key, "expected a string, got \(value.kind)")
            return nil
        }
        func number() -> Double? {
            if case .number(let d) = value, d.isFinite { return d }
            record.note(key, "expected a finite number, got \(value.kind)")
            return nil
        }
        switch known {
        case .id: record.id = string()
        case .className: record.className = string()
        case .parent: record.parent = string()
        case .redirectTarget: record.redirectTarget = string()
        case .label: record.label = string()
        case .accessibilityIdentifier: record.accessibilityIdentifier = string()
        case .tag:
            if let d = number() {
                if let t = Int(exactly: d) { record.tag = t } else { record.note(key, "expected an integer, got \(d)") }
            }
        case .frame:
            if let v = finiteNumbers(numbers, value, 4, key, &record) {
                record.frame = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
            }
        case .bounds:
            if let v = finiteNumbers(numbers, value, 4, key, &record) {
                record.bounds = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
            }
        case .boundsOrigin:
            if let v = finiteNumbers(numbers, value, 2, key, &record) { record.boundsOrigin = Point(x: v[0], y: v[1]) }
        case .center:
            if let v = finiteNumbers(numbers, value, 2, key, &record) { record.center = Point(x: v[0], y: v[1]) }
        case .anchorPoint:
            if let v = finiteNumbers(numbers, value, 2, key, &record) { record.anchorPoint = Point(x: v[0], y: v[1]) }
        case .transform:
            if case .array(let n, false) = value, n > 0,
                let open = bytes[start..<end].firstIndex(of: UInt8(ascii: "[")),
                bytes[(open + 1)..<end].first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 })
                    == UInt8(ascii: "{")
            {
                // A list of operations (it starts with an object), not six numbers.
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                record.transform = transformOperations(text, &record)
            } else if let v = finiteNumbers(numbers, value, 6, key, &record) {
                record.transform = AffineTransform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])
            }
        case .hitTestInsets:
            if let v = finiteNumbers(numbers, value, 4, key, &record) {
                record.hitTestInsets = EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
            }
        case .minimumHitSize:
            if let v = finiteNumbers(numbers, value, 2, key, &record) {
                record.minimumHitSize = Size(width: v[0], height: v[1])
            }
        case .hidden: record.hidden = bool()
        case .userInteractionEnabled: record.userInteractionEnabled = bool()
        case .hitTestsSubviewsOutsideBounds: record.hitTestsSubviewsOutsideBounds = bool()
        case .passThrough: record.passThrough = bool()
        case .alpha: record.alpha = number()
        case .level: record.level = number()
        case .hitShape: record.hitShape = try hitShape(value, bytes, &record)
        default:
            if ViewRecord.preservedKeys.contains(key) {
                record.preserved[key] = rawText(bytes, start, end)
            } else {
                record.note(key, "unknown key")
            }
        }
    }

    /// A transform written as operations (`text`, a JSON array), for a view record: notes the
    /// problem in `record` when the list is refused.
    static func transformOperations(_ text: String, _ record: inout ViewRecord) -> HitIndex.AffineTransform? {
        guard case .array(let operations)? = try? JSONValue.parse(text) else {
            record.note("transform", "expected 6 finite numbers or a list of operations")
            return nil
        }
        switch composeTransform(operations) {
        case .success(let t): return t
        case .failure(let problem):
            record.note("transform", problem.message)
            return nil
        }
    }

    /// Why a list of transform operations was refused.
    struct TransformProblem: Error {
        var message: String
    }

    /// Composes transform operations as the `CGAffineTransform` functions chain: starting from
    /// the identity, `translate`, `scale` and `rotate` / `rotateRadians` each precede what was
    /// built (`t = t.translatedBy(x:y:)`), `concat` follows it (`t = t.concatenating(m)`).
    /// - Complexity: O(operations).
    static func composeTransform(_ operations: [JSONValue]) -> Result<HitIndex.AffineTransform, TransformProblem> {
        let expected =
            "expected {\"translate\": [tx, ty]}, {\"scale\": [sx, sy]}, {\"rotate\": degrees}, "
            + "{\"rotateRadians\": radians} or {\"concat\": [a, b, c, d, tx, ty]}"
        var t = HitIndex.AffineTransform.identity
        for (k, operation) in operations.enumerated() {
            func numbers(_ v: JSONValue?, _ count: Int) -> [Double]? {
                if count == 1, case .number(let d)? = v, d.isFinite { return [d] }
                guard case .array(let items)? = v, items.count == count else { return nil }
                let values = items.compactMap { item -> Double? in
                    if case .number(let d) = item, d.isFinite { return d }
                    return nil
                }
                return values.count == count ? values : nil
            }
            guard case .object(let members) = operation, members.count == 1, let (name, argument) = members.first
            else {
                return .failure(TransformProblem(message: "operation \(k): \(expected), got \(operation.typeName)"))
            }
            let arity = ["translate": 2, "scale": 2, "rotate": 1, "rotateRadians": 1, "concat": 6][name]
            guard let arity, let v = numbers(argument, arity) else {
                let what = arity == nil ? "an unknown operation \"\(name)\"" : "\"\(name)\" with a bad argument"
                return .failure(TransformProblem(message: "operation \(k): \(expected), got \(what)"))
            }
            switch name {
            case "translate": t = t.translatedBy(x: v[0], y: v[1])
            case "scale": t = t.scaledBy(x: v[0], y: v[1])
            case "rotate": t = t.rotated(by: v[0] * .pi / 180)
            case "rotateRadians": t = t.rotated(by: v[0])
            default:
                t = t.concatenating(HitIndex.AffineTransform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5]))
            }
        }
        guard t.isFinite else {
            return .failure(TransformProblem(message: "the operations compose to a transform that is not finite, \(t)"))
        }
        return .success(t)
    }

    private static func hitShape(
        _ value: Value, _ bytes: UnsafeBufferPointer<UInt8>, _ record: inout ViewRecord
    ) throws -> HitShape? {
        let expected = "expected \"rect\", \"ellipse\" or {\"roundedRect\": radius}"
        switch value {
        case .string("rect"): return .rect
        case .string("ellipse"): return .ellipse
        case .object(let start, let end):
            var sub = JSONScanner(UnsafeBufferPointer(rebasing: bytes[start..<end]))
            try sub.expect(UInt8(ascii: "{"), "an object")
            if sub.peek() == UInt8(ascii: "\""), try sub.readString() == "roundedRect" {
                try sub.expect(UInt8(ascii: ":"), "':'")
                if let b = sub.peek(), b == UInt8(ascii: "-") || (b >= 0x30 && b <= 0x39) {
                    let r = try sub.readNumber()
                    if sub.consume(UInt8(ascii: "}")) {
                        guard r.isFinite && r >= 0 else {
                            record.note("hitShape", "expected a finite roundedRect radius >= 0, got \(r)")
                            return nil
                        }
                        return .roundedRect(radius: r)
                    }
                }
            }
            record.note("hitShape", "\(expected), got another object")
            return nil
        default:
            record.note("hitShape", "\(expected), got \(value.kind)")
            return nil
        }
    }
}

/// The first numbers of a numeric array value, kept inline: every view's `frame` is one, and an
/// array's storage per value was measurable in a million-view read.
struct NumberList {
    /// How many numbers are kept (at most ``capacity``).
    private(set) var count = 0
    private var values = SIMD8<Double>()
    /// The most an array value keeps: every numeric field has at most six.
    static let capacity = 8

    /// Keeps `value` if there is room; later numbers are counted by the caller only.
    /// - Complexity: O(1).
    mutating func append(_ value: Double) {
        guard count < Self.capacity else { return }
        values[count] = value
        count += 1
    }

    /// Number `i` of those kept.
    /// - Complexity: O(1).
    subscript(i: Int) -> Double {
        precondition(i < count, "number \(i) of \(count)")
        return values[i]
    }

    /// Whether every number kept is finite.
    /// - Complexity: O(count).
    var allFinite: Bool { (0..<count).allSatisfy { values[$0].isFinite } }
}
