import Foundation
import HitIndex
import HitIndexReference
import HitIndexSceneFormat

/// `hitindex replay SCENE SCRIPT [--check]`: edits, commits and queries on a live index.
enum Replay {
    static let help = """
        usage: hitindex replay SCENE SCRIPT [--check]

        Applies edits to a live index built from SCENE and answers queries between them. SCRIPT
        is JSON lines, one operation a line (blank lines ignored):

          {"insert": VIEW, "into": "P", "at": K}   VIEW (a view object of the scene format, with
                                                    its subviews) under P at position K from the
                                                    back (0 = back-most; no "at" = front-most)
          {"insert": VIEW, "level": L}              VIEW as a new window at level L
          {"remove": "ID"}                          the view and its subtree (a window: the window)
          {"move": "ID", "into": "P", "at": K}      the view under P at K (counted without it)
          {"set": "ID", KEY: VALUE, ...}            attributes, in the order written: frame, bounds,
                                                    center, boundsOrigin, anchorPoint, transform,
                                                    hidden, alpha, userInteractionEnabled,
                                                    hitTestInsets, minimumHitSize, hitShape,
                                                    hitTestsSubviewsOutsideBounds, passThrough,
                                                    redirectTarget (null clears), level (windows)
          {"scroll": "ID", "to": [X, Y]}            bounds.origin
          {"commit": true}                          publishes the edits since the last commit
          {"query": [X, Y]}                         prints the id hit in the last committed state,
                                                    or nil

        Edits are not visible to queries until committed. The first invalid edit (an unknown or
        removed id, a duplicate id, a move into the view's own subtree, a position out of range,
        level on a view that is not a window, an unknown key, a value a scene file refuses)
        rejects its transaction: the edits since the last commit and those up to and including
        the next commit are dropped, and 'rejected LINE: MESSAGE' is printed; the replay goes on
        and exits 2 at the end. A line that is not JSON or not one of these operations stops the
        replay when it is reached, with one error line naming it (exit 2).

        options:
          --check   also run the reference after every commit on the script's query points, on
                    the object model with the same edits; exit 1 at the first disagreement
        """

    static func run(_ args: [String], console: Console) throws(CLIError) {
        let a = try Arguments(args, command: "replay", options: [], flags: ["check"])
        if a.has("help") { return console.line(help) }
        guard a.positional.count == 2 else {
            throw .usage("replay", a.positional.count < 2 ? "expected SCENE and SCRIPT" : "too many arguments")
        }
        // The object model only for `--check`'s reference; the index is read straight from the file.
        let scene = a.has("check") ? try HitIndexCommand.loadScene(a.positional[0], command: "replay") : nil
        let scriptName = HitIndexCommand.sceneFileName(a.positional[1])
        try HitIndexCommand.requireFile(a.positional[1], command: "replay")
        guard let data = FileManager.default.contents(atPath: a.positional[1]) else {
            throw .input("replay", "\(scriptName): cannot read the file")
        }
        // Parse every line first, for `--check`'s query points; a malformed line stops the replay
        // when it is reached, after the output of the lines before it.
        var operations: [(line: Int, op: ScriptLine)] = []
        var malformed: CLIError?
        // Lines end at "\n" (a "\r" before it is trimmed): split by scalars, since "\r\n" is one
        // Character and a split on Characters would not see it.
        for (i, raw) in String(decoding: data, as: UTF8.self).unicodeScalars
            .split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        {
            let text = String(String.UnicodeScalarView(raw)).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else { continue }
            do throws(ScriptLineError) {
                operations.append((i + 1, try ScriptLine.parse(text)))
            } catch {
                malformed = .input("replay", "\(scriptName): line \(i + 1): \(error.message)")
                break
            }
        }
        let live: LiveIndex
        if scene == nil { try HitIndexCommand.requireFile(a.positional[0], command: "replay") }
        do throws(SceneError) {
            if let scene {
                live = try LiveIndex(scene)
            } else {
                live = try LiveIndex(views: SceneReader.readDefinitions(contentsOfFile: a.positional[0]))
            }
        } catch {
            throw .scene(error)
        }
        let model = scene.map(EditableScene.init)
        let queryPoints = operations.compactMap { if case .query(let p) = $0.op { p } else { nil } }
        var pendingModelEdits: [SceneEdit] = []
        var rejecting = false
        var rejections = 0
        for (line, op) in operations {
            switch op {
            case .query(let p):
                let snapshot = live.snapshot
                console.line(snapshot.hitTest(p).flatMap { snapshot.id(of: $0.handle) } ?? "nil")
            case .commit:
                if rejecting {
                    rejecting = false
                    continue
                }
                do {
                    try live.commit()
                } catch {
                    throw .failure("replay", "line \(line): a commit failed after its edits were accepted: \(error)")
                }
                if let model {
                    for edit in pendingModelEdits { model.apply(edit) }
                    pendingModelEdits.removeAll()
                    try check(live.snapshot, model, queryPoints, line: line, console: console)
                }
            case .edit(let edit):
                if rejecting { continue }
                if let problem = edit.apply(to: live) {
                    console.line("rejected \(line): \(problem)")
                    live.discard()
                    pendingModelEdits.removeAll()
                    rejecting = true
                    rejections += 1
                } else if model != nil {
                    pendingModelEdits.append(edit)
                }
            }
        }
        if let malformed { throw malformed }
        if rejections > 0 { throw .silent(2) }
    }

    /// Compares the index's new snapshot with the reference at every query point of the script.
    private static func check(
        _ snapshot: IndexSnapshot, _ model: EditableScene, _ points: [Point], line: Int, console: Console
    ) throws(CLIError) {
        let expected = ReferenceHitTester().hitTest(model.scene, at: points)
        for (p, want) in zip(points, expected) {
            let got = snapshot.hitTest(p).flatMap { snapshot.id(of: $0.handle) }
            if got != want?.id {
                console.error(
                    "hitindex replay: check after the commit on line \(line): at \(Fuzz.format(p)) the index answers "
                        + "\(got ?? "nil"), the reference \(want?.id ?? "nil")")
                throw .silent(1)
            }
        }
    }
}
