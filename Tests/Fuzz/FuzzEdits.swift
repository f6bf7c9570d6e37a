import HitIndex
import HitIndexFuzz
import HitIndexReference
import HitIndexSceneFormat

// How the bytes after the points become an edit script on the live store
// ======================================================================
//
// The static check (FuzzTarget.swift) leaves the reader after the points; what follows is an edit
// script applied to a `LiveIndex` loaded from a copy of the scene and, as `FuzzEdit`s, to that
// copy through `ModelMirror` (the object model the reference answers from). Reads past the end
// still yield 0, so an input that ends after its points (every corpus file written before edits
// existed) has no edits and decodes exactly as before.
//
//   [n] edits = n % 32, then per edit a kind byte k: kind = k % 10, flag = (k / 10) odd.
//
// Views are chosen by byte from the model as it is when the edit is decoded: `all` is every view
// in preorder (windows in listed order, each parent before its subviews, back to front), `views`
// the same without windows, `windows` the windows in listed order; x[b] means x[b % x.count].
//
//   0 insert   flag clear: [p][at], parent = all[p], position = at % (its subviews + 1);
//              flag set, a window: [level] from `levels`.
//              Then the node: one view record as FuzzDecoder.decodeView reads it for a view (flags
//              first, no parent byte, no level), [c] children = c % 3, each another record. Ids
//              are "n0", "n1", … in decoding order; a record's redirect choice indexes all + the
//              new ids, and its predicate bit is ignored (an inserted view cannot carry one); a
//              window is never pass-through.
//   1 remove   [v] all[v]; skipped when it is the last window.
//   2 move     [v][p][at]: views[v] into all[p] at at % (its subviews, without the view, + 1);
//              skipped when there are no views or all[p] is the view or inside it.
//   3 attrs    [v] all[v], then a view record (as for an insert) whose attributes replace the
//              view's; a window's isPassThrough is cleared.
//   4 scroll   [v][ox][oy]: all[v]'s bounds.origin from `coordinate`.
//   5 eligible [v][e][alpha]: all[v]; e bit 0 hidden, bit 1 user interaction disabled; alpha from
//              `alphas`.
//   6 redirect [v][t]: all[v] redirects to all[t % (count + 1)], nil for t % (count + 1) = count.
//   7 level    [w][l]: windows[w] gets `levels`[l].
//   8 reorder  [v]: views[v] to the front of its siblings (flag set) or the back (clear);
//              skipped when there are no views.
//   9 commit   publishes the edits; flag set: hold the new snapshot (at most 3 are held).
//
// Every edit but a commit ends with [s], the selector of a geometric point on the edited view
// (FuzzDecoder.geometricPoint; for a removal, where the view was just before it): the points of
// the last 16 edits join the decoded points at every commit. An edit the model refuses is skipped
// on both sides, its bytes read all the same. After every edit the live index's invariants must
// hold; after every commit, and after a final one at the end, the new snapshot must answer as
// the reference does on the model at every point; a held snapshot keeps its points and the
// answers it gave, and must give them again at the end.

/// Decodes and runs the edit script that follows the points; reports and traps on a failure.
struct EditScript {
    /// The edits the points of which are kept (with the decoded points, at most 32 in all).
    static let pointEdits = 16
    /// The most snapshots held across later commits.
    static let heldLimit = 3

    let fuzzCase: FuzzCase
    let model: Scene
    let mirror: ModelMirror
    let live: LiveIndex
    let reference = ReferenceHitTester()
    /// Every decoded edit in words, skipped ones included, for the report.
    var lines: [String] = []
    /// Geometric points on the edited views, oldest first.
    var editPoints: [Point] = []
    var held: [(snapshot: IndexSnapshot, line: Int, points: [Point], answers: [String?])] = []
    var nextID = 0

    /// Runs the script the bytes after `fuzzCase`'s points describe (nothing when the count is 0).
    static func run(_ r: inout ByteReader, _ fuzzCase: FuzzCase) {
        let count = r.int() % 32
        guard count > 0 else { return }
        // The copy keeps hit predicates; the static report's scene stays as decoded.
        let model = fuzzCase.scene.copy()
        let live: LiveIndex
        do {
            live = try LiveIndex(model)
        } catch {
            report(fuzzCase, headline: "the live index refused a scene the flattened index took", details: ["\(error)"])
        }
        var script = EditScript(fuzzCase: fuzzCase, model: model, mirror: ModelMirror(model), live: live)
        for _ in 0..<count { script.step(&r) }
        script.finish()
    }

    /// The points the snapshots are checked at now.
    var points: [Point] { fuzzCase.points + editPoints }

    /// Decodes one edit and applies it to the model and, when the model takes it, to the index.
    mutating func step(_ r: inout ByteReader) {
        let k = r.int()
        let flag = (k / 10) % 2 == 1
        var all: [View] = []
        model.forEachView { v, _ in all.append(v) }
        let views = all.filter { !($0 is Window) }
        func pick(_ b: Int) -> View { all[b % all.count] }
        var edit: FuzzEdit?
        var note = ""
        switch k % 10 {
        case 0:
            var parent: View?
            var at = 0
            var level = 0.0
            if flag {
                level = r.pick(FuzzTables.levels)
            } else {
                parent = pick(r.int())
                at = r.int() % (parent!.subviews.count + 1)
            }
            let node = decodeNode(&r, all: all, isWindow: flag)
            edit = parent.map { .insert(node, into: $0.id, at: at) } ?? .insertWindow(node, level: level)
            note = nodeText(node)
        case 1:
            let v = pick(r.int())
            if v is Window && model.windows.count == 1 {
                note = "remove \(v.id): the last window"
            } else {
                edit = .remove(v.id)
            }
        case 2:
            let (v, p, at) = (r.int(), r.int(), r.int())
            if views.isEmpty {
                note = "move: no view but windows"
            } else {
                let view = views[v % views.count]
                let parent = pick(p)
                let count = parent.subviews.count - (view.superview === parent ? 1 : 0)
                edit = .move(view.id, into: parent.id, at: at % (count + 1))
            }
        case 3:
            let v = pick(r.int())
            var a = FuzzDecoder.decodeView(&r, id: v.id, isWindow: false, parentByte: false).view.attributes
            if v is Window { a.isPassThrough = false }
            edit = .attributes(v.id, a)
        case 4:
            let v = pick(r.int())
            var a = v.attributes
            a.bounds.origin = Point(x: FuzzTables.coordinate(r.byte()), y: FuzzTables.coordinate(r.byte()))
            edit = .attributes(v.id, a)
        case 5:
            let v = pick(r.int())
            var a = v.attributes
            let e = r.byte()
            a.isHidden = e & 1 != 0
            a.isUserInteractionEnabled = e & 2 == 0
            a.alpha = r.pick(FuzzTables.alphas)
            edit = .attributes(v.id, a)
        case 6:
            let v = pick(r.int())
            let t = r.int() % (all.count + 1)
            edit = .redirect(v.id, to: t == all.count ? nil : all[t].id)
        case 7:
            let w = model.windows[r.int() % model.windows.count]
            edit = .level(w.id, r.pick(FuzzTables.levels))
        case 8:
            let v = r.int()
            if views.isEmpty {
                note = "reorder: no view but windows"
            } else {
                edit = .reorder(views[v % views.count].id, front: flag)
            }
        default:
            commit(hold: flag)
            return
        }
        let selector = r.int()
        guard let edit else { return log("skipped: \(note)") }
        // A removal's point is where the view was.
        var removedPoint: Point?
        if case .remove(let id) = edit {
            removedPoint = FuzzDecoder.geometricPoint(view: mirror.byID[id]!, selector: selector)
        }
        guard let made = mirror.apply(edit) else { return log("skipped (the model refuses it): \(edit)\(note)") }
        log("\(edit)\(note)")
        guard live.apply(edit, made: made ?? nil) else {
            let why = live.pendingError.map { "\($0)" } ?? "no error recorded"
            fail("the live index refused an edit the model took", ["refused: \(edit)", "error: \(why)"])
        }
        let violations = live.invariantViolations()
        if !violations.isEmpty {
            fail("live store invariants broken after an edit", violations.map(\.description))
        }
        // On the edited view as it is now (an inserted subtree's root); a removal's was taken before.
        let point = removedPoint ?? FuzzDecoder.geometricPoint(view: mirror.byID[edit.viewID]!, selector: selector)
        editPoints.append(point)
        if editPoints.count > Self.pointEdits { editPoints.removeFirst() }
    }

    /// Decodes an inserted subtree: a view record and up to two children, with fresh ids.
    mutating func decodeNode(_ r: inout ByteReader, all: [View], isWindow: Bool) -> FuzzScene.Node {
        var redirects: [(path: [Int], choice: Int)] = []
        var ids: [String] = []
        func record(_ r: inout ByteReader, path: [Int]) -> FuzzScene.Node {
            let id = "n\(nextID)"
            nextID += 1
            ids.append(id)
            let decoded = FuzzDecoder.decodeView(&r, id: id, isWindow: false, parentByte: false)
            var node = FuzzScene.Node(id: id, bounds: decoded.view.bounds, center: decoded.view.center)
            node.attributes = decoded.view.attributes
            if let t = decoded.redirectChoice { redirects.append((path, t)) }
            return node
        }
        var root = record(&r, path: [])
        if isWindow {
            root.className = "UIWindow"
            root.attributes.isPassThrough = false
        }
        for i in 0..<(r.int() % 3) { root.subviews.append(record(&r, path: [i])) }
        // Targets resolve once every id of the subtree is known.
        let targets = all.map(\.id) + ids
        for (path, choice) in redirects {
            let target = targets[choice % targets.count]
            if let i = path.first { root.subviews[i].redirectTarget = target } else { root.redirectTarget = target }
        }
        return root
    }

    /// Commits, checks the new snapshot against the reference, and holds it when asked.
    mutating func commit(hold: Bool, final: Bool = false) {
        log(final ? "commit (the final one)" : hold ? "commit, holding the snapshot" : "commit")
        guard live.apply(.commit, made: nil) else {
            let why = live.pendingError.map { "\($0)" } ?? "no error recorded"
            fail("the live index refused a commit", ["error: \(why)"])
        }
        let snapshot = live.snapshot
        let points = self.points
        let answers = points.map { reference.hitTest(model, at: $0)?.id }
        for (p, want) in zip(points, answers) {
            let got = snapshot.hitTest(p)
            let id = got.flatMap { snapshot.id(of: $0.handle) }
            let all = snapshot.hitTestAll(p)
            if printDecoded {
                writeToStandardError("  \(describe(p)) -> snapshot \(id ?? "nil"), reference \(want ?? "nil")\n")
            }
            if id != want || all.first?.handle != got?.handle {
                fail(
                    "the live snapshot and the reference disagree after a commit",
                    [
                        "point: \(describe(p))",
                        "snapshot.hitTest:       \(id ?? "nil") (version \(snapshot.version))",
                        "reference.hitTest:      \(want ?? "nil")",
                        "snapshot.hitTestAll:    [\(all.map { snapshot.id(of: $0.handle) ?? "?" }.joined(separator: ", "))]",
                    ])
            }
        }
        if hold && held.count < Self.heldLimit {
            held.append((snapshot, lines.count - 1, points, answers))
        }
    }

    /// A final commit, then every held snapshot must answer as it did when it was held.
    mutating func finish() {
        if live.hasPendingEdits { commit(hold: false, final: true) }
        for h in held {
            for (p, want) in zip(h.points, h.answers) {
                let got = h.snapshot.hitTest(p).flatMap { h.snapshot.id(of: $0.handle) }
                if got != want {
                    fail(
                        "a held snapshot changed its answer",
                        [
                            "held at edit \(h.line) (version \(h.snapshot.version)); now at version \(live.version)",
                            "point: \(describe(p))",
                            "held snapshot now:      \(got ?? "nil")",
                            "when held (reference):  \(want ?? "nil")",
                        ])
                }
            }
        }
        if printDecoded && !lines.isEmpty {
            writeToStandardError("held snapshots checked: \(held.count)\n")
            if let text = try? SceneWriter.string(model, form: .nested) {
                writeToStandardError("scene after the edits:\n\(text)")
            }
        }
    }

    /// Records an edit in words (printed with `HITINDEX_FUZZ_PRINT=1`).
    mutating func log(_ line: String) {
        if printDecoded { writeToStandardError("edit \(lines.count): \(line)\n") }
        lines.append(line)
    }

    /// Reports the failure with the edit script so far, then traps.
    func fail(_ headline: String, _ details: [String]) -> Never {
        var text = details
        text.append("edit script, as far as it ran (\(lines.count) edits):")
        for (i, line) in lines.enumerated() { text.append("  \(i): \(line)") }
        report(fuzzCase, headline: headline, details: text)
    }

    /// An inserted subtree's views in words: the edit names only the root.
    func nodeText(_ node: FuzzScene.Node) -> String {
        var text = ""
        func add(_ n: FuzzScene.Node, _ depth: Int) {
            let redirect = n.redirectTarget.map { " redirect \($0)" } ?? ""
            text += "\n      " + String(repeating: "  ", count: depth) + "\(n.id) \(n.attributes)\(redirect)"
            for s in n.subviews { add(s, depth + 1) }
        }
        add(node, 0)
        return text
    }
}

extension FuzzEdit {
    /// The view an edit names (its root for an insert); empty for a commit.
    var viewID: String {
        switch self {
        case .insert(let n, _, _), .insertWindow(let n, _): n.id
        case .remove(let id), .move(let id, _, _), .attributes(let id, _), .redirect(let id, _), .level(let id, _),
            .reorder(let id, _):
            id
        case .commit: ""
        }
    }
}
