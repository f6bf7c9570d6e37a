import Foundation
import HitIndex
import HitIndexFixtures
import HitIndexSceneFormat
import Testing

/// The `hitindex` command line (cli.md), run in-process. Expected answers are worked by hand from
/// the example scenes; see the comments.
@Suite struct CLITests {
    static let seed000 = TestSupport.example("seed000.json")
    static let widened = TestSupport.example("seed000-widened.json")
    static let seed003 = TestSupport.example("seed003.json")
    static let scenarios = TestSupport.repositoryRoot.appendingPathComponent("Tests/HitIndexTests/Scenarios")

    static func lines(_ text: String) -> [String] {
        var parts = text.components(separatedBy: "\n")
        if parts.last == "" { parts.removeLast() }
        return parts
    }

    /// Exit status 2, nothing on standard output, and exactly one line on standard error that
    /// mentions each fragment.
    static func expectUsageError(
        _ args: [String], mentions: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let r = TestSupport.run(args)
        let context = args.joined(separator: " ")
        #expect(r.status == 2, "\(context): status \(r.status)", sourceLocation: sourceLocation)
        #expect(r.out.isEmpty, "\(context): printed \(r.out.debugDescription)", sourceLocation: sourceLocation)
        #expect(
            r.err.hasSuffix("\n") && r.err.filter { $0 == "\n" }.count == 1,
            "\(context): not one line: \(r.err.debugDescription)", sourceLocation: sourceLocation)
        for m in mentions {
            #expect(r.err.contains(m), "\(context): does not mention '\(m)': \(r.err)", sourceLocation: sourceLocation)
        }
    }

    // MARK: query

    // seed000.json: TopView [0,0,375,667] with, back to front, SubView1 [8,17,359,150] (> SubView1Sub1
    // [17,15,200,100] > SubView1Sub1Sub1 [8,8,100,50]), SubView2 [8,221,359,150] (> SubView2Sub1
    // [8,14,100,50]), SubView3 [155,97,200,200], SubView4 [8,378,359,200]. Every frame is at an
    // identity transform, so a view's local point is the parent's point minus the frame origin.
    static let seed000Answers: [(point: String, expected: String)] = [
        ("220,193", "SubView3"),  // cli.md's trace: SubView4 (212,-185) misses, SubView3 (65,96) hits
        ("40,40", "SubView1Sub1Sub1"),  // SubView1 (32,23) > Sub1 (15,8) > Sub1Sub1 (7,0): min edge in
        ("30,50", "SubView1Sub1"),  // SubView1 (22,33) > Sub1 (5,18) > Sub1Sub1 (-3,10) misses
        ("16,235", "SubView2Sub1"),  // SubView2 (8,14) > SubView2Sub1 (0,0)
        ("20,200", "TopView"),  // SubView1 ends at y 167, SubView2 starts at 221 (no insets here)
        ("155,97", "SubView3"),  // SubView3's min corner
        ("355,200", "TopView"),  // SubView3 maxX = 155 + 200
        ("8,378", "SubView4"),
        ("367,400", "TopView"),  // SubView4 maxX = 8 + 359
        ("0,0", "TopView"),
        ("-0,0", "TopView"),  // -0.0 >= 0
        ("374.5,666.5", "TopView"),
        ("375,0", "nil"),  // TopView maxX
        ("0,667", "nil"),  // TopView maxY
        ("-1,5", "nil"),  // negative coordinates
        ("-0.5,-0.5", "nil"),
        ("nan,5", "nil"),
        ("5,nan", "nil"),
        ("inf,inf", "nil"),
        ("-inf,3", "nil"),
        ("5,-inf", "nil"),
    ]

    /// `--version` prints the tool and the release it belongs to (the CHANGELOG's latest).
    @Test func versionNamesTheRelease() throws {
        let r = TestSupport.run(["--version"])
        #expect(r.status == 0 && r.err.isEmpty)
        let changelog = try String(
            contentsOf: TestSupport.repositoryRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        // The first numbered release heading, "## [0.1.0] - 2026-11-25".
        let release = try #require(
            changelog.split(separator: "\n").first { $0.hasPrefix("## [") && $0.first(where: \.isNumber) != nil })
        let version = release.dropFirst(4).prefix { $0 != "]" }
        #expect(r.out == "hitindex \(version)\n", "CHANGELOG says \(release)")
    }

    /// A missing input file, a directory in its place, or an output folder that does not exist:
    /// one line naming the command and the path as given, exit status 2, nothing on standard output.
    @Test func unreadableFilesAreNamedWithTheCommandAndThePath() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let gone = dir.appendingPathComponent("gone.json").path
        let s = Self.seed000
        let cases: [([String], String)] = [
            (["query", gone, "1,1"], "hitindex query: \(gone): no such file\n"),
            (["query", gone, "--engine", "reference", "1,1"], "hitindex query: \(gone): no such file\n"),
            (["check", dir.path], "hitindex check: \(dir.path): is a directory, not a file\n"),
            (["trace", gone, "1,1"], "hitindex trace: \(gone): no such file\n"),
            (["explain", gone, "1,1"], "hitindex explain: \(gone): no such file\n"),
            (["replay", gone, gone], "hitindex replay: \(gone): no such file\n"),
            (["touch", s, gone], "hitindex touch: \(gone): no such file\n"),
            (
                ["explain", s, "1,1", "--svg", dir.appendingPathComponent("no/such/folder/x.svg").path],
                "hitindex explain: --svg \(dir.path)/no/such/folder/x.svg: no folder \(dir.path)/no/such/folder to write into (create it first)\n"
            ),
        ]
        for (args, message) in cases {
            let r = TestSupport.run(args)
            #expect(r.status == 2, "\(args)")
            #expect(r.out.isEmpty, "\(args): printed \(r.out.debugDescription)")
            #expect(r.err == message, "\(args)")
        }
    }

    @Test func queryWithPointsAsArguments() {
        let r = TestSupport.run(["query", Self.seed000, "--engine", "reference"] + Self.seed000Answers.map(\.point))
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err.isEmpty)
        #expect(Self.lines(r.out) == Self.seed000Answers.map(\.expected))
        #expect(r.out.hasSuffix("\n"))
    }

    @Test func queryTheWidenedHitArea() {
        // seed000-widened.json: SubView2 has hitTestInsets top -50, so its hit rect starts 50 points
        // higher: local y >= -50, i.e. screen y >= 221 - 50 = 171.
        let r = TestSupport.run([
            "query", Self.widened, "--engine", "reference", "20,200", "20,171", "20,170.5", "20,160",
        ])
        #expect(r.status == 0, "\(r.err)")
        // 20,200: SubView2 local (12,-21) in; SubView2Sub1 (4,-35) misses -> SubView2.
        // 20,171: local y -50 = the new minY -> SubView2. 20,170.5: -50.5 -> TopView (SubView1 ends at 167).
        // 20,160: SubView2 misses; SubView1 (12,143) in; SubView1Sub1 (-5,128) misses -> SubView1.
        #expect(Self.lines(r.out) == ["SubView2", "SubView2", "TopView", "SubView1"])
    }

    @Test func queryReadsAPointsFileAfterTheArgumentPoints() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let file = dir.appendingPathComponent("points.txt")
        try """
        # comment lines and blank lines are skipped

        40,40
          \t
          30,50
        # -inf,-inf would be nil
        -1,-1
        inf,nan
        """.write(to: file, atomically: true, encoding: .utf8)
        // The --points option comes before the argument points on the command line; argument points
        // are still answered first.
        let r = TestSupport.run([
            "query", Self.seed000, "--points", file.path, "--engine", "reference", "220,193", "0,0",
        ])
        #expect(r.status == 0, "\(r.err)")
        #expect(Self.lines(r.out) == ["SubView3", "TopView", "SubView1Sub1Sub1", "SubView1Sub1", "nil", "nil"])

        let onlyComments = dir.appendingPathComponent("comments.txt")
        try "# nothing\n\n# here\n".write(to: onlyComments, atomically: true, encoding: .utf8)
        let empty = TestSupport.run(["query", Self.seed000, "--engine", "reference", "--points", onlyComments.path])
        #expect(empty.status == 0)
        #expect(empty.out.isEmpty)

        let noNewlineAtEnd = dir.appendingPathComponent("last.txt")
        try "155,97".write(to: noNewlineAtEnd, atomically: true, encoding: .utf8)
        #expect(
            TestSupport.run(["query", Self.seed000, "--engine", "reference", "--points", noNewlineAtEnd.path]).out
                == "SubView3\n")
    }

    @Test func queryWithNoPointsPrintsNothing() {
        let r = TestSupport.run(["query", Self.seed000, "--engine", "reference"])
        #expect(r.status == 0)
        #expect(r.out.isEmpty)
        #expect(r.err.isEmpty)
    }

    @Test func queryManyPointsKeepsTheirOrder() {
        // 2,000 points along the row y = 150, x from -50 to 449.75 in steps of 0.25. At y = 150:
        // SubView3 [155,355) x [97,297) is in front; behind it SubView1 [8,367) x [17,167), whose
        // SubView1Sub1 (local y 133 - 15 = 118 >= 100) misses; SubView2 and SubView4 are lower.
        // So: SubView3 for x in [155,355), SubView1 for the rest of [8,367), TopView for the rest
        // of [0,375), nil outside.
        var points: [String] = []
        var expected: [String] = []
        for k in 0..<2_000 {
            let x = Double(k) * 0.25 - 50  // -50 ... 449.75
            points.append("\(x),150")
            if x < 0 || x >= 375 {
                expected.append("nil")
            } else if x >= 155 && x < 355 {
                expected.append("SubView3")
            } else if x >= 8 && x < 367 {
                expected.append("SubView1")
            } else {
                expected.append("TopView")
            }
        }
        let r = TestSupport.run(["query", Self.seed000, "--engine", "reference"] + points)
        #expect(r.status == 0)
        #expect(Self.lines(r.out) == expected)
    }

    @Test func queryEngines() {
        // The index answers the seed 000 taps as the logs show: SubView3, SubView1Sub1Sub1 and
        // TopView (the gap between SubView1 and SubView2).
        let taps = TestSupport.run([
            "query", Self.seed000, "--engine", "index", "220,193", "84,71.5", "85,188.5", "nan,1",
        ])
        #expect(taps.status == 0, "\(taps.err)")
        #expect(Self.lines(taps.out) == ["SubView3", "SubView1Sub1Sub1", "TopView", "nil"])
        Self.expectUsageError(["query", Self.seed000, "--engine", "fast", "1,1"], mentions: ["fast"])
        Self.expectUsageError(["query", Self.seed000, "--engine", "Reference", "1,1"], mentions: ["Reference"])
        // The index is the default engine: without --engine, the same answer as --engine index.
        let byDefault = TestSupport.run(["query", Self.seed000, "1,1"])
        let index = TestSupport.run(["query", Self.seed000, "--engine", "index", "1,1"])
        #expect(byDefault.status == index.status)
        #expect(byDefault.out == index.out)
        #expect(byDefault.err == index.err)
        // --engine=reference is the same option.
        #expect(TestSupport.run(["query", Self.seed000, "--engine=reference", "220,193"]).out == "SubView3\n")
    }

    // MARK: trace

    @Test func traceMatchesTheSpecByteForByte() {
        let r = TestSupport.run(["trace", Self.seed000, "220,193"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.err.isEmpty)
        #expect(
            r.out == """
                hitTest TopView 220.0 193.0
                pointInside TopView 220.0 193.0 true
                hitTest SubView4 212.0 -185.0
                pointInside SubView4 212.0 -185.0 false
                return SubView4 nil
                hitTest SubView3 65.0 96.0
                pointInside SubView3 65.0 96.0 true
                return SubView3 SubView3
                return TopView SubView3

                """)
    }

    @Test func traceSkipsPointInsideOfAnIneligibleView() {
        // seed003.json at (200,170): UIWindow, UITransitionView and UIDropShadowView all span
        // [0,390) x [0,844) (local = screen). AView [20,100,350,300] -> (180,70). Front to back:
        // CView [150,10,180,200] -> (30,60); DView [10,40,160,100] -> (20,20); UILabel [10,10,100,30]
        // -> (10,10): a UILabel is not interactive, so its hitTest returns nil without pointInside.
        let r = TestSupport.run(["trace", Self.seed003, "200,170"])
        #expect(r.status == 0, "\(r.err)")
        #expect(
            r.out == """
                hitTest UIWindow 200.0 170.0
                pointInside UIWindow 200.0 170.0 true
                hitTest UITransitionView 200.0 170.0
                pointInside UITransitionView 200.0 170.0 true
                hitTest UIDropShadowView 200.0 170.0
                pointInside UIDropShadowView 200.0 170.0 true
                hitTest AView 180.0 70.0
                pointInside AView 180.0 70.0 true
                hitTest CView 30.0 60.0
                pointInside CView 30.0 60.0 true
                hitTest DView 20.0 20.0
                pointInside DView 20.0 20.0 true
                hitTest UILabel 10.0 10.0
                return UILabel nil
                return DView DView
                return CView DView
                return AView DView
                return UIDropShadowView DView
                return UITransitionView DView
                return UIWindow DView

                """)
    }

    @Test func traceTriesWindowsFrontToBack() {
        // Scenarios/windows.json at (10,10). Order: Alert (2000), StatusBar (1000), Rotated (500),
        // Second (0, listed after Main), Main (0); Background (-5) is never reached.
        // Alert [20,160,40,40]: (10-20, 10-160) = (-10,-150). StatusBar [0,0,200,20]: (10,10), pass-through;
        // Pill [150,0,50,20]: (-140,10). Rotated: bounds (0,0,100,50), center (350,100), 90 degrees:
        // local = (dy + 50, -dx + 25) with dx = -340, dy = -90 -> (-40,365). Second [100,100,100,100]:
        // (-90,-90). Main [0,0,200,200]: (10,10); MainButton [0,0,100,100]: (10,10).
        let scene = Self.scenarios.appendingPathComponent("windows.json").path
        let r = TestSupport.run(["trace", scene, "10,10"])
        #expect(r.status == 0, "\(r.err)")
        #expect(
            r.out == """
                hitTest Alert -10.0 -150.0
                pointInside Alert -10.0 -150.0 false
                return Alert nil
                hitTest StatusBar 10.0 10.0
                pointInside StatusBar 10.0 10.0 true
                hitTest Pill -140.0 10.0
                pointInside Pill -140.0 10.0 false
                return Pill nil
                return StatusBar nil
                hitTest Rotated -40.0 365.0
                pointInside Rotated -40.0 365.0 false
                return Rotated nil
                hitTest Second -90.0 -90.0
                pointInside Second -90.0 -90.0 false
                return Second nil
                hitTest Main 10.0 10.0
                pointInside Main 10.0 10.0 true
                hitTest MainButton 10.0 10.0
                pointInside MainButton 10.0 10.0 true
                return MainButton MainButton
                return Main MainButton

                """)
    }

    @Test func traceOfANaNPoint() {
        // TopView's center is (187.5,333.5): nan - 187.5 + 187.5 is nan; pointInside is false.
        let r = TestSupport.run(["trace", Self.seed000, "nan,nan"])
        #expect(r.status == 0)
        #expect(r.out == "hitTest TopView nan nan\npointInside TopView nan nan false\nreturn TopView nil\n")
        let outside = TestSupport.run(["trace", Self.seed000, "-1,0"])
        #expect(outside.out == "hitTest TopView -1.0 0.0\npointInside TopView -1.0 0.0 false\nreturn TopView nil\n")
    }

    // MARK: check

    @Test func checkCountsViewsDepthAndWindows() {
        // seed000: TopView, SubView1, SubView1Sub1, SubView1Sub1Sub1, SubView2, SubView2Sub1, SubView3,
        // SubView4 = 8 views; the deepest chain TopView > SubView1 > SubView1Sub1 > SubView1Sub1Sub1 = 4.
        #expect(TestSupport.run(["check", Self.seed000]).out == "ok: 8 views, depth 4, 1 windows\n")
        #expect(TestSupport.run(["check", Self.widened]).out == "ok: 8 views, depth 4, 1 windows\n")
        // seed003: UIWindow > UITransitionView > UIDropShadowView > AView > {BView, CView > DView > UILabel}
        // = 8 views, depth 7.
        #expect(TestSupport.run(["check", Self.seed003]).out == "ok: 8 views, depth 7, 1 windows\n")
        // Scenarios/windows.json: 6 windows, two of them with one subview each: 8 views, depth 2.
        let windows = TestSupport.run(["check", Self.scenarios.appendingPathComponent("windows.json").path])
        #expect(windows.out == "ok: 8 views, depth 2, 6 windows\n")
        #expect(windows.status == 0)
        #expect(windows.err.isEmpty)
    }

    @Test func checkOnAFlatDeepScene() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        // A window, a chain of 2,999 views under it, and a second window: 3,001 views, depth 3,000.
        var json = "{\"views\": [{\"id\": \"v0\", \"frame\": [0, 0, 1, 1]}"
        for k in 1..<3_000 { json += ",{\"id\": \"v\(k)\", \"parent\": \"v\(k - 1)\", \"frame\": [0, 0, 1, 1]}" }
        json += ",{\"id\": \"other\", \"level\": 1, \"frame\": [0, 0, 1, 1]}]}"
        let file = dir.appendingPathComponent("deep.json")
        try json.write(to: file, atomically: true, encoding: .utf8)
        #expect(TestSupport.run(["check", file.path]).out == "ok: 3001 views, depth 3000, 2 windows\n")
    }

    // MARK: generate

    @Test(arguments: SceneShape.allCases)
    func generateIsDeterministicAndReadsBack(shape: SceneShape) throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        for seed in ["0", "7", "18446744073709551615"] {
            let context = "shape \(shape.rawValue), seed \(seed)"
            let args = ["generate", "--shape", shape.rawValue, "--count", "400", "--seed", seed]
            let first = TestSupport.run(args)
            let second = TestSupport.run(args)
            #expect(first.status == 0, "\(context): \(first.err)")
            #expect(first.err.isEmpty, "\(context)")
            #expect(!first.out.isEmpty, "\(context)")
            #expect(first.out == second.out, "\(context): same arguments, different bytes")
            // Reads back, and `check` agrees with the scene read.
            let scene = try SceneReader.read(string: first.out, file: "generated.json")
            let count = scene.viewCount
            #expect(count >= 200 && count <= 800, "\(context): \(count) views is not about 400")
            let file = dir.appendingPathComponent("\(shape.rawValue)-\(seed).json")
            try first.out.write(to: file, atomically: true, encoding: .utf8)
            let check = TestSupport.run(["check", file.path])
            #expect(check.status == 0, "\(context): \(check.err)")
            #expect(
                check.out == "ok: \(count) views, depth \(scene.depth), \(scene.windows.count) windows\n", "\(context)")
            // And it can be queried.
            let q = TestSupport.run(["query", file.path, "--engine", "reference", "10,10", "200,400", "nan,0"])
            #expect(q.status == 0, "\(context): \(q.err)")
            #expect(Self.lines(q.out).count == 3, "\(context)")
            #expect(Self.lines(q.out).last == "nil", "\(context)")
        }
        // Different seeds give different scenes.
        let a = TestSupport.run(["generate", "--shape", shape.rawValue, "--count", "400", "--seed", "1"]).out
        let b = TestSupport.run(["generate", "--shape", shape.rawValue, "--count", "400", "--seed", "2"]).out
        #expect(a != b, "shape \(shape.rawValue): seeds 1 and 2 gave the same bytes")
        // The default seed is 1 (the help says so).
        let byDefault = TestSupport.run(["generate", "--shape", shape.rawValue, "--count", "400"]).out
        #expect(byDefault == a, "shape \(shape.rawValue): the default seed is not 1")
        // A very different count gives a different scene ("about N": ui grows a whole screen of at most
        // a few hundred views at a time, so 300 and 400 may legitimately give the same scene).
        let c = TestSupport.run(["generate", "--shape", shape.rawValue, "--count", "1600", "--seed", "1"]).out
        #expect(a != c, "shape \(shape.rawValue): counts 400 and 1600 gave the same bytes")
        #expect(try SceneReader.read(string: c, file: "c.json").viewCount >= 800, "shape \(shape.rawValue)")
    }

    @Test(arguments: SceneShape.allCases)
    func generateFlatAndNestedFormsDescribeTheSameScene(shape: SceneShape) throws {
        let flat = TestSupport.run([
            "generate", "--shape", shape.rawValue, "--count", "150", "--seed", "5", "--form", "flat",
        ])
        let nested = TestSupport.run([
            "generate", "--shape", shape.rawValue, "--count", "150", "--seed", "5", "--form", "nested",
        ])
        #expect(flat.status == 0 && nested.status == 0)
        #expect(flat.out.contains("\"views\""))
        #expect(!flat.out.contains("\"subviews\""))
        #expect(nested.out.contains("\"windows\""))
        #expect(!nested.out.contains("\"parent\""))
        let a = try SceneReader.read(string: flat.out, file: "flat.json")
        let b = try SceneReader.read(string: nested.out, file: "nested.json")
        let diffs = SceneFormatTestKit.differences(a, b)
        #expect(diffs.isEmpty, "shape \(shape.rawValue): \(diffs)")
        // And both are the scene the library generates for these arguments.
        let model = shape.generate(count: 150, seed: 5)
        #expect(SceneFormatTestKit.differences(model, a).isEmpty, "shape \(shape.rawValue)")
    }

    @Test func generateWritesDeepScenesFlat() throws {
        // scene-format.md: the generator must use the flat form for anything deeper than 100 levels.
        let r = TestSupport.run(["generate", "--shape", "deep", "--count", "300"])
        #expect(r.status == 0)
        #expect(r.out.contains("\"views\""))
        #expect(!r.out.contains("\"subviews\""))
        let scene = try SceneReader.read(string: r.out, file: "deep.json")
        #expect(scene.depth > 100)
        let shallow = TestSupport.run(["generate", "--shape", "deep", "--count", "50"])
        #expect(try SceneReader.read(string: shallow.out, file: "shallow.json").depth <= 100)
    }

    @Test func generateEveryShapeAtTinyCounts() throws {
        for shape in SceneShape.allCases {
            for count in ["1", "2", "3"] {
                let r = TestSupport.run(["generate", "--shape", shape.rawValue, "--count", count])
                #expect(r.status == 0, "\(shape.rawValue) \(count): \(r.err)")
                let scene = try SceneReader.read(string: r.out, file: "tiny.json")
                #expect(scene.windows.count >= 1)
            }
        }
    }

    // MARK: help

    @Test func helpForEveryCommand() {
        for args in [["--help"], ["-h"], ["help"]] {
            let r = TestSupport.run(args)
            #expect(r.status == 0, "\(args)")
            #expect(r.out.contains("usage: hitindex"), "\(args): \(r.out)")
            #expect(r.err.isEmpty, "\(args)")
            for command in ["query", "trace", "check", "generate"] {
                #expect(r.out.contains(command), "\(args): the overview does not list \(command)")
            }
        }
        for command in ["query", "trace", "check", "generate"] {
            for args in [[command, "--help"], [command, "-h"], ["help", command]] {
                let r = TestSupport.run(args)
                #expect(r.status == 0, "\(args)")
                #expect(r.out.contains("usage: hitindex \(command)"), "\(args): \(r.out)")
                #expect(r.err.isEmpty, "\(args)")
            }
        }
        // --help wins over missing arguments.
        #expect(TestSupport.run(["query", "--help"]).status == 0)
        #expect(TestSupport.run(["generate", "--help", "--count", "5"]).status == 0)
    }

    // MARK: usage errors

    @Test func usageErrorsExitTwoWithOneLine() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let badPoints = dir.appendingPathComponent("bad-points.txt")
        try "1,1\n\nnot-a-point\n".write(to: badPoints, atomically: true, encoding: .utf8)
        let s = Self.seed000
        let ref = ["--engine", "reference"]
        let cases: [([String], [String])] = [
            (["frobnicate"], ["frobnicate"]),
            (["query", s, "--fast"] + ref, ["--fast"]),
            (["query", s, "-x"] + ref, ["-x"]),
            (["query", s, "--engine"], ["--engine"]),
            (["query", s] + ref + ["--points"], ["--points"]),
            (["query"], ["SCENE"]),
            (["query", "--engine", "reference"], ["SCENE"]),
            (["query", s] + ref + ["1;2"], ["1;2"]),
            (["query", s] + ref + ["1,2,3"], ["1,2,3"]),
            (["query", s] + ref + ["abc,1"], ["abc,1"]),
            (["query", s] + ref + ["1,"], ["1,"]),
            (["query", s] + ref + ["--points", dir.appendingPathComponent("missing.txt").path], ["missing.txt"]),
            (["query", s] + ref + ["--points", badPoints.path], ["bad-points.txt", "3", "not-a-point"]),
            (["query", s, "--engine", "reference", "--engine", "reference"], ["--engine"]),
            (["trace"], ["SCENE"]),
            (["trace", s], ["X,Y"]),
            (["trace", s, "1,2,3"], ["1,2,3"]),
            (["trace", s, "1,2", "3,4"], []),
            (["trace", s, "1,1", "--points", "x"], ["--points"]),
            (["check"], ["SCENE"]),
            (["check", s, s], []),
            (["check", s, "--verbose"], ["--verbose"]),
            (["generate", "--count", "10"], ["--shape"]),
            (["generate", "--shape", "ui"], ["--count"]),
            (["generate", "--shape"], ["--shape"]),
            (["generate", "--shape", "ui", "--count"], ["--count"]),
            (["generate", "--shape", "blob", "--count", "5"], ["blob"]),
            (["generate", "--shape", "ui", "--count", "abc"], ["abc"]),
            (["generate", "--shape", "ui", "--count", "-3"], ["-3"]),
            (["generate", "--shape", "ui", "--count", "1.5"], ["1.5"]),
            (["generate", "--shape", "ui", "--count", "0"], ["count"]),
            (["generate", "--shape", "ui", "--count", "5", "--seed", "minus"], ["--seed"]),
            (["generate", "--shape", "ui", "--count", "5", "--seed", "-1"], ["--seed"]),
            (["generate", "--shape", "ui", "--count", "5", "--form", "sideways"], ["sideways"]),
            (["generate", "--shape", "ui", "--count", "5", "extra"], ["extra"]),
            (["generate", "--shape", "ui", "--shape", "grid", "--count", "5"], ["--shape"]),
        ]
        for (args, mentions) in cases {
            Self.expectUsageError(args, mentions: mentions)
        }
    }

    @Test func noCommandAtAllIsAUsageErrorOfOneLine() {
        // cli.md, "Exit status": 2 for bad usage, "with the one-line error on standard error".
        let r = TestSupport.run([])
        #expect(r.status == 2)
        #expect(r.out.isEmpty)
        #expect(r.err.hasSuffix("\n") && r.err.filter { $0 == "\n" }.count == 1, "\(r.err.debugDescription)")
    }

    @Test func refusedScenesExitTwoForEveryCommand() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let file = dir.appendingPathComponent("scene.json")
        try """
        {"windows": [{"id": "W", "frame": [0, 0, 375, 667], "subviews": [
          {"id": "Rotated", "bounds": [0, 0, 100, 50], "center": [187.5, 300], "transform": [0, 1, -1, 0, 0]}]}]}
        """.write(to: file, atomically: true, encoding: .utf8)
        let expected = "scene.json: view \"Rotated\": transform: expected 6 finite numbers, got 5\n"
        for args in [
            ["check", file.path], ["query", file.path, "--engine", "reference", "1,1"], ["trace", file.path, "1,1"],
        ] {
            let r = TestSupport.run(args)
            #expect(r.status == 2, "\(args)")
            #expect(r.out.isEmpty, "\(args)")
            #expect(r.err == expected, "\(args): \(r.err)")
        }
    }
}
