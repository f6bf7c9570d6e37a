import Foundation
import HitIndex
import Testing

/// `hitindex convert` and `--in VIEW` (cli.md): conversions worked by hand, every point the
/// reference's trace shows equal to the conversion from the screen, and `--in` queries equal to
/// screen queries of the converted point.
@Suite struct ConvertCLITests {
    static let rotation = CLITests.scenarios.appendingPathComponent("rotation.json").path
    static let anchor = CLITests.scenarios.appendingPathComponent("anchor.json").path
    static let windows = CLITests.scenarios.appendingPathComponent("windows.json").path

    static func convert(_ scene: String, _ point: String, from: String, to: String) -> String {
        let r = TestSupport.run(["convert", scene, point, "--from", from, "--to", to])
        #expect(r.status == 0, "\(r.err)")
        return r.out.trimmingCharacters(in: .newlines)
    }

    // seed000: identity frames, so a view's point is its parent's minus the frame origin.
    @Test func handWorkedConversionsOnSeed000() {
        let scene = CLITests.seed000
        // cli.md's trace: SubView4 (212,-185), SubView3 (65,96).
        #expect(Self.convert(scene, "220,193", from: "screen", to: "SubView4") == "212.0 -185.0")
        #expect(Self.convert(scene, "220,193", from: "screen", to: "SubView3") == "65.0 96.0")
        // SubView1Sub1Sub1's origin: 8 + 17 + 8, 17 + 15 + 8.
        #expect(Self.convert(scene, "0,0", from: "SubView1Sub1Sub1", to: "screen") == "33.0 40.0")
        // SubView3's origin (155,97) in SubView1 (origin 8,17): (147,80); and back.
        #expect(Self.convert(scene, "0,0", from: "SubView3", to: "SubView1") == "147.0 80.0")
        #expect(Self.convert(scene, "147,80", from: "SubView1", to: "SubView3") == "0.0 0.0")
        #expect(Self.convert(scene, "1.5,-2", from: "screen", to: "screen") == "1.5 -2.0")
        #expect(Self.convert(scene, "1.5,-2", from: "SubView2", to: "SubView2") == "1.5 -2.0")
    }

    // rotation.json (its .points file works the algebra): R90 at center (100,100), bounds 100×50,
    // transform [0,1,-1,0]: local = (dy + 50, -dx + 25) for dx = x - 100, dy = y - 100.
    @Test func handWorkedConversionsUnderARotation() {
        #expect(Self.convert(Self.rotation, "100,100", from: "screen", to: "R90") == "50.0 25.0")
        #expect(Self.convert(Self.rotation, "125,60", from: "screen", to: "R90") == "10.0 0.0")
        // Back: local (10,0) is dx = 25, dy = -40.
        #expect(Self.convert(Self.rotation, "10,0", from: "R90", to: "screen") == "125.0 60.0")
    }

    /// Every point the reference's trace prints for a view is that view's conversion from the
    /// screen, on scenes with translations, rotations, anchor points, scrolling and windows.
    @Test(arguments: ["seed000.json", "seed000-widened.json", "rotation", "anchor", "windows", "scroll", "flips"])
    func traceShowsTheConvertedPoint(_ name: String) throws {
        let scene =
            name.hasSuffix(".json")
            ? TestSupport.example(name) : CLITests.scenarios.appendingPathComponent("\(name).json").path
        var checked = 0
        for point in ["220,193", "100,100", "30,50", "125,60", "200,200", "10,10", "150,30", "60,120"] {
            let trace = TestSupport.run(["trace", scene, point])
            #expect(trace.status == 0, "\(trace.err)")
            for line in CLITests.lines(trace.out) where line.hasPrefix("hitTest ") {
                let parts = line.split(separator: " ")
                let got = Self.convert(scene, point, from: "screen", to: String(parts[1]))
                #expect(got == "\(parts[2]) \(parts[3])", "\(name) \(point): \(line)")
                checked += 1
            }
        }
        #expect(checked >= 8, "\(name): only \(checked) trace steps")
    }

    /// `--in VIEW` answers as the screen query of the point converted to the screen.
    @Test(arguments: ["rotation", "anchor", "windows"])
    func inViewQueriesEqualScreenQueriesOfTheConvertedPoint(_ name: String) throws {
        let scene = CLITests.scenarios.appendingPathComponent("\(name).json").path
        let ids = TestSupport.run(["check", scene])
        #expect(ids.status == 0)
        let views = try #require(
            String(data: try Data(contentsOf: URL(fileURLWithPath: scene)), encoding: .utf8)?
                .components(separatedBy: "\"id\": \"").dropFirst().map { String($0.prefix { $0 != "\"" }) })
        var compared = 0
        for view in views {
            for local in ["0,0", "5,5", "25,10", "-3,40", "49.5,24.5"] {
                let screen = Self.convert(scene, local, from: view, to: "screen").replacingOccurrences(
                    of: " ", with: ",")
                for engine in ["index", "reference"] {
                    let inView = TestSupport.run(["query", scene, "--engine", engine, "--in", view, local])
                    let direct = TestSupport.run(["query", scene, "--engine", engine, screen])
                    #expect(inView.status == 0 && inView.out == direct.out, "\(name) \(view) \(local) \(engine)")
                    compared += 1
                }
                let traceIn = TestSupport.run(["trace", scene, "--in", view, local])
                #expect(traceIn.out == TestSupport.run(["trace", scene, screen]).out, "\(view) \(local)")
                let explainIn = TestSupport.run(["explain", scene, "--in", view, local])
                #expect(explainIn.out == TestSupport.run(["explain", scene, screen]).out, "\(view) \(local)")
            }
        }
        #expect(compared >= 20)
        // One answer checked by hand: R90's local (50,25) is screen (100,100), inside R90.
        if name == "rotation" {
            #expect(TestSupport.run(["query", scene, "--in", "R90", "50,25"]).out == "R90\n")
        }
    }

    @Test func badConversionsAreRefusedInOneLine() {
        let scene = CLITests.seed000
        CLITests.expectUsageError(["convert", scene, "1,1", "--from", "Nope", "--to", "screen"], mentions: ["Nope"])
        CLITests.expectUsageError(["convert", scene, "1,1", "--to", "screen"], mentions: ["--from"])
        CLITests.expectUsageError(["convert", scene, "1,1", "--from", "screen"], mentions: ["--to"])
        CLITests.expectUsageError(["convert", scene, "x,1", "--from", "screen", "--to", "TopView"], mentions: ["x,1"])
        CLITests.expectUsageError(["query", scene, "--in", "Missing", "1,1"], mentions: ["Missing"])
        CLITests.expectUsageError(["trace", scene, "1,1", "--in", "Missing"], mentions: ["Missing"])
    }
}
