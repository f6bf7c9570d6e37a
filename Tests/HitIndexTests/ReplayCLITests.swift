import Foundation
import Testing

/// `hitindex replay SCENE SCRIPT [--check]` (cli.md), run in-process on files written to a fresh
/// temporary directory per run. Every expected answer is worked out by hand from the geometry of
/// `scene`; the comments give the reasoning.
@Suite struct ReplayCLITests {
    /// Screen coordinates. Every frame is at an identity transform, so a view's local point is
    /// its parent's point minus the frame origin; siblings are listed back to front.
    ///
    ///     W    window (0,0)-(400,400), level 0
    ///       A    (0,0)-(200,200)
    ///         A1   (0,0)-(100,100)
    ///         A2   (50,50)-(150,150)
    ///       B    (200,0)-(400,200)
    ///       S    (0,200)-(200,400), bounds origin (0,0): the scroll view
    ///         S1   (0,200)-(200,300)
    ///         S2   (0,300)-(200,400)
    ///     Top  window (300,300)-(400,400), level 1: in front of W
    ///       T1   (300,300)-(350,350)
    static let scene = """
        {"windows": [
          {"id": "W", "frame": [0, 0, 400, 400], "subviews": [
            {"id": "A", "frame": [0, 0, 200, 200], "subviews": [
              {"id": "A1", "frame": [0, 0, 100, 100]},
              {"id": "A2", "frame": [50, 50, 100, 100]}
            ]},
            {"id": "B", "frame": [200, 0, 200, 200]},
            {"id": "S", "frame": [0, 200, 200, 200], "subviews": [
              {"id": "S1", "frame": [0, 0, 200, 100]},
              {"id": "S2", "frame": [0, 100, 200, 100]}
            ]}
          ]},
          {"id": "Top", "level": 1, "frame": [300, 300, 100, 100], "subviews": [
            {"id": "T1", "frame": [0, 0, 50, 50]}
          ]}
        ]}
        """

    /// The loaded scene's answers.
    static let loadedAnswers: [(point: String, expected: String)] = [
        ("[10, 10]", "A1"),  // A (10,10): A2 (-40,-40) misses, A1 (10,10) hits
        ("[75, 75]", "A2"),  // A2 (25,25), in front of A1
        ("[175, 175]", "A"),  // A2 (125,125) misses (maxX 100 exclusive), A1 too
        ("[300, 100]", "B"),
        ("[100, 250]", "S1"),  // S (100,50) > S1 (100,50)
        ("[100, 350]", "S2"),  // S (100,150) > S2 (100,50)
        ("[310, 310]", "T1"),  // Top (level 1) first: (10,10) > T1
        ("[350, 350]", "Top"),  // T1 (50,50) misses: its max edge
        ("[250, 250]", "W"),  // below B, right of S, above Top
        ("[450, 450]", "nil"),  // in no window
        ("[1e999, 5]", "nil"),  // an infinite query point hits nothing, as `query` answers inf
    ]

    // MARK: - Helpers

    /// Runs `hitindex replay` on `scene` and `script` (joined by `separator`, which also ends the
    /// file) in a fresh directory, removed afterwards.
    static func replay(
        _ script: [String], scene: String = scene, options: [String] = [], separator: String = "\n"
    ) throws -> (status: Int32, out: String, err: String) {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let scenePath = dir.appendingPathComponent("scene.json").path
        let scriptPath = dir.appendingPathComponent("script.jsonl").path
        try scene.write(toFile: scenePath, atomically: true, encoding: .utf8)
        try (script.joined(separator: separator) + separator).write(
            toFile: scriptPath, atomically: true, encoding: .utf8)
        return TestSupport.run(["replay", scenePath, scriptPath] + options)
    }

    /// Replays `script` and expects exactly these standard output lines and this status, with
    /// nothing on standard error.
    static func expectReplay(
        _ script: [String], _ expected: [String], status: Int32 = 0, scene: String = scene,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let r = try replay(script, scene: scene)
        #expect(r.status == status, "status \(r.status), stderr \(r.err)", sourceLocation: sourceLocation)
        #expect(r.err.isEmpty, "stderr: \(r.err)", sourceLocation: sourceLocation)
        #expect(
            CLITests.lines(r.out) == expected, "script:\n\(script.joined(separator: "\n"))",
            sourceLocation: sourceLocation)
        #expect(r.out.isEmpty || r.out.hasSuffix("\n"), sourceLocation: sourceLocation)
    }

    static func query(_ x: Double, _ y: Double) -> String { "{\"query\": [\(x), \(y)]}" }

    static let commit = #"{"commit": true}"#

    // MARK: - Queries and commits

    @Test func queriesBeforeAnyCommitAnswerTheLoadedScene() throws {
        try Self.expectReplay(Self.loadedAnswers.map { "{\"query\": \($0.point)}" }, Self.loadedAnswers.map(\.expected))
    }

    @Test func editsAreInvisibleUntilCommitted() throws {
        try Self.expectReplay(
            [
                #"{"remove": "A2"}"#,
                Self.query(75, 75),  // A2: the removal is not committed
                #"{"set": "A1", "hidden": true}"#,
                Self.query(75, 75),  // still A2
                Self.commit,
                Self.query(75, 75),  // A2 gone, A1 hidden: A (75,75)
                Self.query(10, 10),  // A
                Self.commit,  // a commit with nothing pending changes nothing
                Self.query(10, 10),
                #"{"set": "A1", "hidden": false}"#,  // never committed: the end of the script
                Self.query(10, 10),
            ], ["A2", "A2", "A", "A", "A", "A"])
    }

    // MARK: - Line forms

    @Test func insertIntoAParentAtAPosition() throws {
        try Self.expectReplay(
            [
                // A's subviews become [A1, N, A2]: N between them.
                #"{"insert": {"id": "N", "frame": [0, 0, 200, 200]}, "into": "A", "at": 1}"#,
                Self.query(10, 10),  // A1: not committed yet
                Self.commit,
                Self.query(10, 10),  // A2 misses, N (10,10) hits before A1 is tried
                Self.query(75, 75),  // A2, in front of N
                Self.query(175, 175),  // A2 misses; N covers A's whole area, in front of A1: N
                // K may be the number of subviews (3 now): the front.
                #"{"insert": {"id": "M", "frame": [0, 0, 20, 20]}, "into": "A", "at": 3}"#,
                Self.commit,
                Self.query(10, 10),  // M, in front of A2 and N
                Self.query(75, 75),  // M ends at 20: A2
            ], ["A1", "N", "A2", "N", "M", "A2"])
    }

    @Test func insertAtTheBackAndWithoutAtInFront() throws {
        try Self.expectReplay(
            [
                // at 0: behind A1 and A2; no "at": front-most. A's subviews: [Back, A1, A2, Front].
                #"{"insert": {"id": "Back", "frame": [0, 0, 200, 200]}, "into": "A", "at": 0}"#,
                #"{"insert": {"id": "Front", "frame": [0, 0, 60, 60]}, "into": "A"}"#,
                // A subtree at B's back: Tree (200,0)-(250,50) > Twig (210,10)-(220,20).
                #"{"insert": {"id": "Tree", "frame": [0, 0, 50, 50], "subviews": "#
                    + #"[{"id": "Twig", "frame": [10, 10, 10, 10]}]}, "into": "B", "at": 0}"#,
                Self.commit,
                Self.query(10, 10),  // Front (10,10)
                Self.query(75, 75),  // Front ends at 60; A2 (25,25)
                Self.query(90, 20),  // Front misses (x), A2 misses (y 20 < 50), A1 (90,20)
                Self.query(175, 175),  // A2, A1 miss; Back (175,175)
                Self.query(215, 15),  // B (15,15) > Tree (15,15) > Twig (5,5)
                Self.query(205, 5),  // Tree (5,5); Twig starts at 10
                Self.query(260, 60),  // B (60,60): Tree ends at 50
            ], ["Front", "A2", "A1", "Back", "Twig", "Tree", "B"])
    }

    @Test func insertAWindowAtALevel() throws {
        try Self.expectReplay(
            [
                // Same: level 1 like Top, inserted later, so in front of it.
                #"{"insert": {"id": "Same", "frame": [300, 300, 50, 50]}, "level": 1}"#,
                // Under: level -1, behind W; it shows only where W and Top do not reach.
                #"{"insert": {"id": "Under", "frame": [0, 0, 450, 450]}, "level": -1}"#,
                // Over: level 0 like W, inserted later, so in front of W.
                #"{"insert": {"id": "Over", "frame": [0, 0, 20, 20], "subviews": "#
                    + #"[{"id": "O1", "frame": [0, 0, 10, 10]}]}, "level": 0}"#,
                Self.query(310, 310),  // T1: nothing committed yet
                Self.commit,
                Self.query(310, 310),  // Same (10,10)
                Self.query(360, 360),  // Same ends at 350; Top (60,60), T1 misses
                Self.query(420, 420),  // W and Top end at 400: Under
                Self.query(10, 10),  // Over before W: Over (10,10); O1 misses (its max edge)
                Self.query(5, 5),  // O1 (5,5)
                Self.query(30, 30),  // Over ends at 20: W > A > A1
            ], ["T1", "Same", "Top", "Under", "Over", "O1", "A1"])
    }

    @Test func removeAViewWithItsSubtreeAndAWindow() throws {
        try Self.expectReplay(
            [
                #"{"remove": "A2"}"#,
                Self.commit,
                Self.query(75, 75),  // A1 (75,75)
                #"{"remove": "A"}"#,
                Self.query(75, 75),  // A1: not committed
                Self.commit,
                Self.query(75, 75),  // A and its subtree are gone: W
                Self.query(10, 10),  // W
                #"{"remove": "Top"}"#,
                Self.commit,
                Self.query(310, 310),  // Top and T1 gone: W
                Self.query(350, 350),  // W
                Self.query(300, 100),  // B, untouched
            ], ["A1", "A1", "W", "W", "W", "W", "B"])
    }

    @Test func moveWithAndWithoutAt() throws {
        try Self.expectReplay(
            [
                // S2 under A at the back: A's subviews [S2, A1, A2]; S2 at (0,100)-(200,200) in A.
                #"{"move": "S2", "into": "A", "at": 0}"#,
                // A1 to the front of its own parent: [S2, A2, A1].
                #"{"move": "A1", "into": "A"}"#,
                Self.query(175, 175),  // A: not committed
                Self.commit,
                Self.query(175, 175),  // A1, A2 miss; S2 (175,75)
                Self.query(75, 75),  // A1 (75,75), now in front of A2
                Self.query(120, 120),  // A1 misses; A2 (70,70)
                Self.query(100, 350),  // S (100,150): S1 misses, S2 has left: S
                // "at" counts without the view itself: [S2, A2] → A1 at 0 → [A1, S2, A2].
                #"{"move": "A1", "into": "A", "at": 0}"#,
                Self.commit,
                Self.query(75, 75),  // A2 (25,25) in front again
                Self.query(10, 150),  // A2 misses (x); S2 (10,50) in front of A1
                Self.query(10, 10),  // A2 and S2 miss; A1
                // Across windows: T1 to the front of W, at W's origin (0,0)-(50,50).
                #"{"move": "T1", "into": "W"}"#,
                Self.commit,
                Self.query(10, 10),  // T1
                Self.query(310, 310),  // Top (10,10): T1 has left
            ], ["A", "S2", "A1", "A2", "S", "A2", "S2", "A1", "T1", "Top"])
    }

    @Test func setAppliesSeveralKeysInTheOrderWritten() throws {
        try Self.expectReplay(
            [
                // frame then transform: B's frame (200,200)-(300,300), centre (250,250), then scaled
                // by 2 about the centre: (150,150)-(350,350).
                #"{"set": "B", "frame": [200, 200, 100, 100], "transform": [2, 0, 0, 2, 0, 0]}"#,
                Self.commit,
                Self.query(160, 160),  // B before A: (160-250)/2 + 50 = 5, so (5,5) in B
                Self.query(300, 100),  // B no longer reaches y 100; A ends at x 200: W
                // frame then anchorPoint: the frame puts A1's centre at (150,50) with the anchor
                // (0.5,0.5); the anchor (0,0) then keeps the centre, so A1 covers (150,50)-(250,150)
                // of A. (The other order would give (100,0)-(200,100).)
                #"{"set": "A1", "frame": [100, 0, 100, 100], "anchorPoint": [0, 0]}"#,
                // anchorPoint then frame: the frame places the centre by the new anchor, (0,0), so
                // A2 covers (0,0)-(100,100). (The other order would give (50,50)-(150,150).)
                #"{"set": "A2", "anchorPoint": [0, 0], "frame": [0, 0, 100, 100]}"#,
                Self.commit,
                Self.query(160, 60),  // A2 misses (x); A1 (10,10)
                Self.query(110, 10),  // A2 misses (x), A1 misses (y < 50): A
                Self.query(10, 10),  // A2 (10,10)
                #"{"set": "A2", "hidden": true, "alpha": 0.5}"#,
                Self.commit,
                Self.query(10, 10),  // A2 hidden; A1 misses (x < 150): A
            ], ["B", "W", "A1", "A", "A2", "A"])
    }

    @Test func scrollSetsTheBoundsOrigin() throws {
        try Self.expectReplay(
            [
                #"{"scroll": "S", "to": [0, 100]}"#,
                Self.query(100, 250),  // S1: not committed
                Self.commit,
                Self.query(100, 250),  // S (100,50) + origin (0,100) = (100,150): S2 (100,50)
                Self.query(100, 350),  // (100,250): below S2: S
                #"{"scroll": "S", "to": [0, -100]}"#,
                Self.commit,
                Self.query(100, 250),  // (100,-50): above S1: S
                Self.query(100, 350),  // (100,50): S1
            ], ["S1", "S2", "S", "S", "S1"])
    }

    @Test func redirectsFollowTheirTargetAndAreLostWithIt() throws {
        try Self.expectReplay(
            [
                #"{"set": "B", "redirectTarget": "A1"}"#,
                Self.commit,
                Self.query(300, 100),  // B hit, redirected to A1
                // A new view redirecting to a live view outside it: R (200,0)-(250,50) in front.
                #"{"insert": {"id": "R", "frame": [0, 0, 50, 50], "redirectTarget": "S2"}, "into": "B"}"#,
                Self.commit,
                // R (10,10) answers S2; B returns redirect(B, S2) = B.redirectTarget ?? S2 = A1
                // (semantics.md §3).
                Self.query(210, 10),
                #"{"remove": "A1"}"#,
                Self.commit,
                Self.query(300, 100),  // A1 removed: B loses its redirect, as a weak reference: B
                Self.query(210, 10),  // R → S2, then B has no redirect left: S2
                #"{"remove": "S2"}"#,
                Self.commit,
                Self.query(210, 10),  // R's target gone: R
                #"{"set": "B", "redirectTarget": "S1"}"#,
                #"{"set": "B", "redirectTarget": null}"#,
                Self.commit,
                Self.query(300, 100),  // set then cleared: B
            ], ["A1", "A1", "B", "S2", "R", "B"])
    }

    // MARK: - Rejected edits

    /// A script whose line 3 (after a valid edit on line 1 and a blank line 2) is `invalid`. The
    /// transaction (lines 1 and 3) is rejected and the edits up to the commit on line 6 are
    /// skipped, so every query answers from the loaded scene. Lines 9 and 10 are a later
    /// transaction, which goes through.
    static func rejectionScript(invalid: String, first: String = #"{"set": "A2", "hidden": true}"#) -> [String] {
        [
            first,
            "",
            invalid,
            Self.query(75, 75),  // 4: A2 (the last commit is the loaded scene)
            #"{"remove": "A1"}"#,  // 5: skipped
            Self.commit,  // 6: skipped
            Self.query(75, 75),  // 7: A2 (line 1 undone)
            Self.query(10, 10),  // 8: A1 (line 5 skipped)
            #"{"remove": "T1"}"#,  // 9: a new transaction
            Self.commit,  // 10
            Self.query(310, 310),  // 11: Top
            Self.query(300, 100),  // 12: B (line 1 may have removed it: undone)
        ]
    }

    /// The invalid line, the valid edit before it (default: hide A2), and the message expected after
    /// `rejected 3: ` (its start, naming the view and the field, and a fragment of the rest).
    static let rejections: [(invalid: String, first: String?, prefix: String, fragment: String)] = [
        // An unknown id, as the edited view and as the parent.
        (#"{"remove": "Ghost"}"#, nil, #"view "Ghost": "#, "no view has this id"),
        (#"{"move": "A1", "into": "Ghost"}"#, nil, #"view "Ghost": into: "#, "no view has this id"),
        (#"{"insert": {"id": "N", "frame": [0, 0, 1, 1]}, "into": "Ghost"}"#, nil, #"view "Ghost": into: "#, "no view"),
        // A removed id: removed earlier in the same transaction (B), or with its parent (A1).
        (#"{"scroll": "B", "to": [0, 10]}"#, #"{"remove": "B"}"#, #"view "B": "#, "no view has this id"),
        (#"{"set": "A1", "hidden": true}"#, #"{"remove": "A"}"#, #"view "A1": "#, "no view has this id"),
        // A duplicate id: a live view's, or twice in the inserted subtree.
        (#"{"insert": {"id": "B", "frame": [0, 0, 10, 10]}, "into": "A"}"#, nil, #"view "B": id: "#, "duplicate"),
        (
            #"{"insert": {"id": "N", "frame": [0, 0, 10, 10], "subviews": [{"id": "N", "frame": [0, 0, 1, 1]}]}, "#
                + #""into": "A"}"#,
            nil, #"view "N": id: "#, "duplicate"
        ),
        // The id of a view removed in this transaction is free again, so the duplicate is in the
        // subtree only: B is removed, then inserted twice.
        (
            #"{"insert": {"id": "B", "frame": [0, 0, 1, 1], "subviews": [{"id": "B", "frame": [0, 0, 1, 1]}]}, "#
                + #""into": "A"}"#,
            #"{"remove": "B"}"#, #"view "B": id: "#, "duplicate"
        ),
        // Into its own subtree, or into itself.
        (
            #"{"move": "A", "into": "A2"}"#, nil, #"view "A": into: "#,
            #""A2" is the view itself or one of its subviews"#
        ),
        (#"{"move": "A", "into": "A"}"#, nil, #"view "A": into: "#, #""A" is the view itself"#),
        // K out of range: A has 2 subviews (0...2); a move counts without the view (0...1).
        (
            #"{"insert": {"id": "N", "frame": [0, 0, 1, 1]}, "into": "A", "at": 3}"#, nil, #"view "A": at: "#,
            "from 0 to 2, got 3"
        ),
        (#"{"insert": {"id": "N", "frame": [0, 0, 1, 1]}, "into": "A", "at": -1}"#, nil, #"view "A": at: "#, "got -1"),
        (#"{"move": "A1", "into": "A", "at": 2}"#, nil, #"view "A": at: "#, "from 0 to 1, got 2"),
        (#"{"move": "B", "into": "A", "at": 3}"#, nil, #"view "A": at: "#, "from 0 to 2, got 3"),
        // level on a view that is not a window, in a set or in an inserted view object.
        (#"{"set": "A", "level": 2}"#, nil, #"view "A": level: "#, "window"),
        (
            #"{"insert": {"id": "N", "frame": [0, 0, 1, 1], "level": 2}, "into": "A"}"#, nil, #"view "N": level: "#,
            "window"
        ),
        // A key not listed.
        (#"{"set": "A", "colour": "red"}"#, nil, #"view "A": colour: "#, "unknown key"),
        (#"{"set": "A", "id": "Z"}"#, nil, #"view "A": id: "#, "unknown key"),
        (#"{"set": "A", "subviews": []}"#, nil, #"view "A": subviews: "#, "unknown key"),
        // Values a scene file refuses.
        (#"{"set": "A", "alpha": -0.5}"#, nil, #"view "A": alpha: "#, "-0.5"),
        (#"{"set": "A", "alpha": 1e999}"#, nil, #"view "A": alpha: "#, "finite"),
        (#"{"set": "A", "center": [1e999, 0]}"#, nil, #"view "A": center: "#, "finite"),
        (#"{"set": "A", "frame": [0, 0, 100]}"#, nil, #"view "A": frame: "#, "4"),
        (#"{"set": "A", "hidden": "yes"}"#, nil, #"view "A": hidden: "#, "true or false"),
        (#"{"set": "A", "hitShape": "star"}"#, nil, #"view "A": hitShape: "#, "ellipse"),
        (#"{"set": "A", "hitShape": {"roundedRect": -1}}"#, nil, #"view "A": hitShape: "#, "-1"),
        (#"{"set": "Top", "level": 1e999}"#, nil, #"view "Top": level: "#, "finite"),
        (#"{"scroll": "S", "to": [0, 1e999]}"#, nil, #"view "S": to: "#, "finite"),
        (#"{"scroll": "S", "to": 5}"#, nil, #"view "S": to: "#, "2"),
        (#"{"insert": {"id": "N", "frame": [0, 0, 1e999, 10]}, "into": "A"}"#, nil, #"view "N": frame: "#, "finite"),
        (
            #"{"insert": {"id": "N", "frame": [0, 0, 1, 1], "alpha": -1}, "into": "A"}"#, nil, #"view "N": alpha: "#,
            "-1"
        ),
        // A new view without an id is named by its JSON path within the line.
        (#"{"insert": {"frame": [0, 0, 1, 1]}, "into": "A"}"#, nil, "$.insert: id: ", "required"),
        (
            #"{"insert": {"id": "N", "frame": [0, 0, 1, 1], "subviews": [{"id": "M", "frame": [0, 0, 1, 1]}, {"alpha": 1}]}, "into": "A"}"#,
            nil, "$.insert.subviews[1]: id: ", "required"
        ),
        // A redirect to a view that is not there (never was, or removed in this transaction).
        (#"{"set": "B", "redirectTarget": "Ghost"}"#, nil, #"view "B": redirectTarget: "#, #""Ghost""#),
        (#"{"set": "A", "redirectTarget": "B"}"#, #"{"remove": "B"}"#, #"view "A": redirectTarget: "#, #""B""#),
        (
            #"{"insert": {"id": "N", "frame": [0, 0, 1, 1], "redirectTarget": "Ghost"}, "into": "A"}"#, nil,
            #"view "N": redirectTarget: "#, #""Ghost""#
        ),
        // frame on a transformed view (the transform set earlier in the transaction).
        (
            #"{"set": "B", "frame": [200, 0, 100, 100]}"#, #"{"set": "B", "transform": [1, 0, 0, 1, 5, 0]}"#,
            #"view "B": frame: "#, "transform"
        ),
        // frame after transform in one line.
        (
            #"{"set": "S", "transform": [2, 0, 0, 2, 0, 0], "frame": [0, 200, 100, 100]}"#, nil,
            #"view "S": frame: "#, "transform"
        ),
        // A window is not moved.
        (#"{"move": "Top", "into": "W"}"#, nil, #"view "Top": "#, "window"),
    ]

    @Test func eachKindOfInvalidEditRejectsItsTransaction() throws {
        for c in Self.rejections {
            let script = Self.rejectionScript(invalid: c.invalid, first: c.first ?? #"{"set": "A2", "hidden": true}"#)
            let r = try Self.replay(script)
            let lines = CLITests.lines(r.out)
            #expect(r.status == 2, "\(c.invalid): status \(r.status), stderr \(r.err)")
            #expect(r.err.isEmpty, "\(c.invalid): stderr \(r.err)")
            #expect(lines.count == 6, "\(c.invalid): \(lines)")
            guard lines.count == 6 else { continue }
            let message = lines[0]
            #expect(message.hasPrefix("rejected 3: " + c.prefix), "\(c.invalid): \(message)")
            #expect(message.contains(c.fragment), "\(c.invalid): \(message) lacks \(c.fragment)")
            #expect(Array(lines[1...]) == ["A2", "A2", "A1", "Top", "B"], "\(c.invalid): \(lines)")
        }
    }

    @Test func onlyTheFirstInvalidEditOfATransactionIsReportedAndTheReplayGoesOn() throws {
        try Self.expectReplay(
            [
                #"{"remove": "A2"}"#,  // 1
                #"{"set": "A", "colour": "red"}"#,  // 2: rejects lines 1 to 5
                Self.query(75, 75),  // 3: A2
                #"{"remove": "Ghost"}"#,  // 4: skipped, not reported
                Self.commit,  // 5: skipped
                #"{"remove": "Ghost"}"#,  // 6: a new transaction, rejected
                Self.commit,  // 7: skipped
                Self.query(75, 75),  // 8: A2
                "",  // 9
                #"{"remove": "A2"}"#,  // 10
                Self.commit,  // 11
                Self.query(75, 75),  // 12: A1
                #"{"remove": "A1"}"#,  // 13: rejected at 14, never committed
                #"{"remove": "A2"}"#,  // 14: removed by line 10
                Self.query(75, 75),  // 15: A1
            ],
            [
                #"rejected 2: view "A": colour: unknown key"#, "A2", #"rejected 6: view "Ghost": no view has this id"#,
                "A2", "A1", #"rejected 14: view "A2": no view has this id"#, "A1",
            ], status: 2)
    }

    @Test func aRejectedTransactionLeavesItsNewIDsFreeAndItsRemovedViewsInPlace() throws {
        try Self.expectReplay(
            [
                #"{"insert": {"id": "N", "frame": [0, 0, 200, 200]}, "into": "A"}"#,
                #"{"remove": "B"}"#,
                #"{"set": "A", "alpha": -1}"#,  // 3: rejected
                Self.commit,
                #"{"insert": {"id": "N", "frame": [0, 0, 20, 20]}, "into": "A"}"#,  // N is free again
                #"{"set": "B", "hidden": true}"#,  // B is there again
                Self.commit,
                Self.query(10, 10),  // N (10,10)
                Self.query(75, 75),  // N ends at 20: A2 (the first N never was)
                Self.query(300, 100),  // B hidden: W
            ], [#"rejected 3: view "A": alpha: expected a finite number >= 0, got -1.0"#, "N", "A2", "W"], status: 2)
    }

    @Test func aWindowInsertedAtANonFiniteLevelIsRejectedNotAMalformedLine() throws {
        // cli.md: "a value a scene file would refuse" rejects its transaction, and the replay goes
        // on; a scene file refuses a level of 1e999 ("a number too large to represent").
        let r = try Self.replay([
            Self.query(10, 10),
            #"{"insert": {"id": "Win", "frame": [0, 0, 10, 10]}, "level": 1e999}"#,
            Self.commit,
            Self.query(10, 10),
        ])
        #expect(r.status == 2)
        let lines = CLITests.lines(r.out)
        #expect(lines.count == 3, "stdout \(r.out.debugDescription), stderr \(r.err.debugDescription)")
        if lines.count == 3 {
            #expect(lines[0] == "A1")
            #expect(lines[1].hasPrefix(#"rejected 2: view "Win": level"#), "\(lines[1])")
            #expect(lines[2] == "A1")
        }
    }

    // MARK: - Malformed lines

    /// A malformed line 6 after valid lines (including a rejection on line 4): the replay stops there
    /// with one line on standard error naming line 6, after printing what lines 1 to 5 print.
    @Test func malformedLinesStopTheReplayWithOneErrorLine() throws {
        let cases: [(line: String, fragment: String)] = [
            ("not json", "not JSON"),
            (#"{"query": [1, 2]"#, "not JSON"),
            (#"{"set": "A", "hidden": true, "hidden": false}"#, "duplicate key"),
            ("[1, 2]", "object"),
            (#"{"jump": "A"}"#, "expected one of insert, remove, move, set, scroll, commit, query"),
            (#"{}"#, "expected one of"),
            (#"{"remove": "A", "move": "B", "into": "W"}"#, "more than one operation"),
            (#"{"query": [1, 2], "commit": true}"#, "more than one operation"),
            (#"{"move": "A1", "into": "A", "at": 1.5}"#, #""at" must be a whole number"#),
            (#"{"move": "A1", "into": "A", "at": "1"}"#, #""at" must be a whole number"#),
            (
                #"{"insert": {"id": "N", "frame": [0, 0, 1, 1]}, "into": "A", "at": 0.5}"#,
                #""at" must be a whole number"#
            ),
            (#"{"query": [1]}"#, "query: expected [X, Y]"),
            (#"{"query": [1, 2, 3]}"#, "query: expected [X, Y]"),
            (#"{"query": [1, "2"]}"#, "query: expected [X, Y]"),
            (#"{"query": "1,2"}"#, "query: expected [X, Y]"),
            (#"{"commit": false}"#, "commit: expected true"),
            (#"{"commit": 1}"#, "commit: expected true"),
            (#"{"commit": true, "now": true}"#, "unexpected key"),
            (#"{"remove": 5}"#, "remove"),
            (#"{"remove": "A", "into": "W"}"#, "unexpected key"),
            (#"{"move": "A1"}"#, "into"),
            (#"{"insert": "N", "into": "A"}"#, "insert"),
            (#"{"scroll": "S"}"#, "to"),
            (#"{"set": 1, "hidden": true}"#, "set"),
        ]
        let valid = [
            Self.query(10, 10), "", #"{"set": "A2", "hidden": true}"#, #"{"set": "A", "colour": "red"}"#, Self.commit,
        ]
        let before = try Self.replay(valid)
        let beforeLines = before.out.split(separator: "\n")
        #expect(before.status == 2 && beforeLines.count == 2, "\(before.out.debugDescription)")
        #expect(beforeLines.last?.hasPrefix("rejected 4: ") == true, "\(before.out.debugDescription)")
        for c in cases {
            let r = try Self.replay(valid + [c.line, Self.query(10, 10)])
            #expect(r.status == 2, "\(c.line): status \(r.status)")
            #expect(r.out == before.out, "\(c.line): printed \(r.out.debugDescription)")
            #expect(
                r.err.hasSuffix("\n") && r.err.filter { $0 == "\n" }.count == 1, "\(c.line): \(r.err.debugDescription)")
            #expect(r.err.contains("line 6"), "\(c.line): \(r.err)")
            #expect(r.err.contains(c.fragment), "\(c.line): \(r.err) lacks \(c.fragment)")
        }
    }

    @Test func blankLinesAreSkippedButCounted() throws {
        // Whitespace-only lines are blank too; the rejection names line 5.
        try Self.expectReplay(
            ["", "   ", Self.query(10, 10), "\t", #"{"remove": "Ghost"}"#, Self.commit, Self.query(10, 10)],
            ["A1", #"rejected 5: view "Ghost": no view has this id"#, "A1"], status: 2)
    }

    @Test func aScriptWithCRLFLineEndingsReadsAsJSONLines() throws {
        // JSON lines may end in CR LF (JSON treats CR as whitespace); a CR alone is a blank line.
        let r = try Self.replay(
            [Self.query(10, 10), "", #"{"remove": "A1"}"#, Self.commit, Self.query(10, 10)], separator: "\r\n")
        #expect(r.status == 0, "stderr: \(r.err)")
        #expect(r.out == "A1\nA\n")
    }

    // MARK: - --check

    /// Every edit kind: inserts (with a subtree, a redirect to a live view, new windows at an equal
    /// and a higher level), moves within a parent and across windows, scrolls with subviews outside
    /// the bounds, removals of redirect targets and of a window, level changes, every attribute.
    static let checkedEdits: [String] = [
        #"{"set": "B", "redirectTarget": "A1"}"#,
        #"{"insert": {"id": "R", "frame": [10, 10, 50, 50], "redirectTarget": "S2", "subviews": ["#
            + #"{"id": "R1", "frame": [5, 5, 10, 10], "hidden": true}, {"id": "R2", "frame": [20, 20, 40, 40]}"#
            + #"]}, "into": "B", "at": 0}"#,
        commit,
        #"{"insert": {"id": "Win", "frame": [100, 100, 250, 250], "passThrough": true, "subviews": ["#
            + #"{"id": "WinA", "frame": [0, 0, 60, 60], "hitShape": "ellipse"}]}, "level": 0}"#,
        #"{"insert": {"id": "Win2", "frame": [250, 250, 200, 200], "subviews": ["#
            + #"{"id": "Win2A", "frame": [50, 50, 50, 50], "redirectTarget": "Win2"}]}, "level": 1}"#,
        commit,
        #"{"move": "S2", "into": "Win", "at": 0}"#,
        #"{"move": "T1", "into": "A"}"#,
        #"{"move": "A1", "into": "A", "at": 1}"#,
        #"{"scroll": "S", "to": [0, 50]}"#,
        #"{"set": "S", "hitTestsSubviewsOutsideBounds": true}"#,
        commit,
        #"{"remove": "A1"}"#,
        #"{"set": "Top", "level": -1}"#,
        commit,
        #"{"set": "A2", "transform": [0, 1, -1, 0, 0, 0], "hitTestInsets": [-10, -10, -10, -10], "#
            + #""minimumHitSize": [120, 120]}"#,
        #"{"set": "A", "anchorPoint": [0, 0], "frame": [20, 20, 180, 180]}"#,
        #"{"set": "B", "alpha": 0.005}"#,
        #"{"set": "Win2", "level": 0}"#,
        #"{"set": "Win", "level": 0}"#,
        commit,
        #"{"remove": "S2"}"#,
        #"{"remove": "Win"}"#,
        #"{"set": "R", "hitShape": {"roundedRect": 10}, "userInteractionEnabled": false}"#,
        commit,
        #"{"move": "R", "into": "S", "at": 0}"#,
        #"{"set": "R", "userInteractionEnabled": true, "bounds": [-5, -5, 60, 60], "center": [30, 30]}"#,
        #"{"scroll": "R", "to": [5, 5]}"#,
        #"{"set": "B", "alpha": 1, "passThrough": true}"#,
        commit,
    ]

    /// Query lines on a 30-pt grid over the screen and a little beyond.
    static let gridQueries: [String] = stride(from: -5.0, to: 470, by: 30).flatMap { y in
        stride(from: -5.0, to: 470, by: 30).map { x in query(x + 0.5, y + 0.5) }
    }

    @Test func checkRunsTheReferenceAfterEveryCommitAndAgrees() throws {
        // Queries between the commits too, so the output changes along the way.
        var script: [String] = []
        for line in Self.checkedEdits {
            script.append(line)
            if line == Self.commit { script += [Self.query(10, 10), Self.query(300, 100), Self.query(100, 250)] }
        }
        script += Self.gridQueries
        let plain = try Self.replay(script)
        let checked = try Self.replay(script, options: ["--check"])
        #expect(plain.status == 0, "\(plain.err)")
        #expect(checked.status == 0, "\(checked.err)")
        #expect(checked.err.isEmpty, "\(checked.err)")
        #expect(checked.out == plain.out)
        let lines = CLITests.lines(checked.out)
        #expect(lines.count == 3 * 7 + Self.gridQueries.count)
        // The first commit: B redirects to A1 and R (210,10)-(260,60) redirects to S2.
        #expect(lines.prefix(3) == ["A1", "A1", "S1"])
    }

    @Test func checkWithARejectedTransactionKeepsTheModelInStep() throws {
        // The rejected transaction (lines 1 to 4) must not reach the reference's model either: a
        // later commit would otherwise compare the index with a model that removed A1.
        let script =
            [
                #"{"remove": "A1"}"#, #"{"scroll": "S", "to": [0, 20]}"#, #"{"remove": "Ghost"}"#, Self.commit,
                #"{"move": "A2", "into": "B", "at": 0}"#, Self.commit, Self.query(10, 10), Self.query(210, 60),
            ] + Self.gridQueries
        let plain = try Self.replay(script)
        let checked = try Self.replay(script, options: ["--check"])
        #expect(plain.status == 2)
        #expect(checked.status == 2, "\(checked.err)")
        #expect(checked.err.isEmpty, "\(checked.err)")
        #expect(checked.out == plain.out)
        // A1 stays; A2 moved into B at (250,50)-(350,150) of the screen: (210,60) is B's.
        #expect(
            CLITests.lines(checked.out).prefix(3) == [#"rejected 3: view "Ghost": no view has this id"#, "A1", "B"])
    }

    // MARK: - Usage

    @Test func helpAndMissingArguments() throws {
        let help = TestSupport.run(["replay", "--help"])
        #expect(help.status == 0)
        #expect(help.out.hasPrefix("usage: hitindex replay SCENE SCRIPT"))
        #expect(help.err.isEmpty)
        CLITests.expectUsageError(["replay"], mentions: ["hitindex replay", "SCENE and SCRIPT"])
        CLITests.expectUsageError(["replay", CLITests.seed000], mentions: ["hitindex replay", "SCRIPT"])
        CLITests.expectUsageError(["replay", CLITests.seed000, "a", "b"], mentions: ["too many arguments"])
        CLITests.expectUsageError(["replay", CLITests.seed000, "x.jsonl", "--fast"], mentions: ["--fast"])
        CLITests.expectUsageError(
            ["replay", CLITests.seed000, "/nonexistent/script.jsonl"],
            mentions: ["hitindex replay: /nonexistent/script.jsonl: no such file"])
    }

    @Test func aRefusedSceneExitsTwo() throws {
        let r = try Self.replay(
            [Self.query(10, 10)], scene: #"{"windows": [{"id": "W", "frame": [0, 0, 10, 10], "alpha": -1}]}"#)
        #expect(r.status == 2)
        #expect(r.out.isEmpty)
        #expect(r.err.contains(#"view "W": alpha"#), "\(r.err)")
    }
}
