import Foundation
import HitIndex
import HitIndexReference
import HitIndexSceneFormat
import Testing

/// `hitindex explain --why-not`, views named by label or accessibility identifier in every
/// command that takes a view, the scene format's `label`, `accessibilityIdentifier` and `tag`,
/// and `Scene.copy()`.
@Suite struct WhyNotCLITests {
    /// A screen with a Buy button (title label "Buy" inside it: both carry the label) under a
    /// clear Overlay, a Like button found by its accessibility identifier, and two "OK" buttons.
    static let scene = """
        {"windows": [{"id": "W", "frame": [0, 0, 375, 667], "subviews": [
          {"id": "Buy", "class": "UIButton", "label": "Buy", "frame": [20, 100, 100, 44], "subviews": [
            {"id": "BuyTitle", "class": "UILabel", "label": "Buy", "frame": [30, 12, 40, 20]}]},
          {"id": "Like", "accessibilityIdentifier": "like", "tag": 7, "frame": [200, 100, 60, 44]},
          {"id": "OK1", "label": "OK", "frame": [20, 300, 100, 44]},
          {"id": "OK2", "label": "OK", "frame": [200, 300, 100, 44]},
          {"id": "Overlay", "frame": [0, 0, 375, 250]}]}]}
        """

    @Test func whyNotByLabelPrintsReasonsAndCheckedChanges() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let path = try dir.write(Self.scene, to: "scene.json")
        let r = TestSupport.run(["explain", path, "--why-not", "Buy"])
        #expect(r.status == 0 && r.err.isEmpty, "\(r.err)")
        // Buy's centre (70, 122) is under Overlay [0, 0, 375, 250], listed last, so in front.
        #expect(
            CLITests.lines(r.out) == [
                "Buy \"Buy\" does not get the touch at (70, 122) on the screen: 1 reason; the touch goes to Overlay",
                "path, window first (the touch in each view's bounds space):",
                "  W (70, 122): inside its hit area",
                "  Buy \"Buy\" (50, 22): inside its hit area",
                "why not, in the order the search meets it:",
                "  1. Overlay, in front of the path in W, takes the touch first: its own hit area holds the touch",
                "each of these gives it the touch (checked by hit-testing the changed scene):",
                "  - raise Buy above Overlay",
                "  - make Overlay pass touches through (its hitTest returns nil for itself)",
                "  - set Overlay userInteractionEnabled = NO",
            ])
    }

    @Test func whyNotAtAPointAndInAViewsSpace() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let path = try dir.write(Self.scene, to: "scene.json")
        // (10, 10) in Like's space is (210, 110) on the screen, under Overlay too.
        let inLike = TestSupport.run(["explain", path, "--why-not", "like", "10,10", "--in", "like"])
        #expect(inLike.status == 0, "\(inLike.err)")
        #expect(
            CLITests.lines(inLike.out).first?.hasPrefix("Like does not get the touch at (210, 110) on the screen")
                == true)
        // OK2 at its centre (250, 322): nothing in front, it gets the touch.
        let ok = TestSupport.run(["explain", path, "--why-not", "OK2"])
        #expect(CLITests.lines(ok.out).first == "OK2 \"OK\" gets the touch at (250, 322) on the screen", "\(ok.out)")
        #expect(!ok.out.contains("why not"))
    }

    @Test func ambiguousAndUnknownNamesAreRefusedWithTheirMatches() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let path = try dir.write(Self.scene, to: "scene.json")
        for command in [
            ["explain", path, "--why-not", "OK"], ["convert", path, "1,1", "--from", "OK", "--to", "screen"],
            ["trace", path, "1,1", "--in", "OK"], ["query", path, "1,1", "--in", "OK"],
            ["explain", path, "1,1", "--in", "OK"],
        ] {
            let r = TestSupport.run(command)
            #expect(r.status == 2 && r.out.isEmpty, "\(command): \(r.status) \(r.out)")
            // One line, as every refusal, listing both matches.
            #expect(
                r.err
                    == "hitindex \(command[0]): \(path): \"OK\" names 2 views; give one of their ids: "
                    + "OK1 (label \"OK\"), OK2 (label \"OK\")\n")
        }
        let none = TestSupport.run(["explain", path, "--why-not", "Cancel"])
        #expect(none.status == 2)
        #expect(
            none.err == "hitindex explain: \(path): no view has the id, label or accessibility identifier \"Cancel\"\n")
    }

    @Test func explainShowsLabelsNextToIDs() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let path = try dir.write(Self.scene, to: "scene.json")
        let r = TestSupport.run(["explain", path, "70,322"])
        #expect(
            CLITests.lines(r.out) == [
                "touch at 70.0, 322.0", "hit: OK1 \"OK\"", "path, window first (touch in each view's bounds space):",
                "  W (70.0, 322.0): inside its hit area", "  OK1 \"OK\" (50.0, 22.0): inside its hit area",
            ], "\(r.err)")
    }

    @Test func labelsSelectViewsInEveryCommand() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let path = try dir.write(Self.scene, to: "scene.json")
        // "Buy" names the button and its title label; the button contains the label, so it is meant.
        // (0, 0) in Buy's space is (20, 100) on the screen.
        let convert = TestSupport.run(["convert", path, "0,0", "--from", "Buy", "--to", "screen"])
        #expect(convert.out == "20.0 100.0\n", "\(convert.err)")
        let byIdentifier = TestSupport.run(["convert", path, "0,0", "--from", "like", "--to", "screen"])
        #expect(byIdentifier.out == "200.0 100.0\n", "\(byIdentifier.err)")
        let trace = TestSupport.run(["trace", path, "5,5", "--in", "OK1"])
        #expect(CLITests.lines(trace.out).first == "hitTest W 25.0 305.0", "\(trace.out)")
        let query = TestSupport.run(["query", path, "5,5", "--in", "OK2"])
        #expect(query.out == "OK2\n", "\(query.err)")
    }

    @Test func labelsRoundTripThroughTheSceneFormat() throws {
        let scene = try SceneReader.read(string: Self.scene)
        let buy = try #require(scene.view(withID: "Buy"))
        let like = try #require(scene.view(withID: "Like"))
        #expect(buy.label == "Buy" && buy.accessibilityIdentifier == nil && buy.tag == 0)
        #expect(like.label == nil && like.accessibilityIdentifier == "like" && like.tag == 7)
        let again = try SceneReader.read(string: SceneWriter.string(scene))
        var pairs: [String] = []
        again.forEachView { v, _ in
            pairs.append("\(v.id) \(v.label ?? "-") \(v.accessibilityIdentifier ?? "-") \(v.tag)")
        }
        #expect(
            pairs == [
                "W - - 0", "Buy Buy - 0", "BuyTitle Buy - 0", "Like - like 7", "OK1 OK - 0", "OK2 OK - 0",
                "Overlay - - 0",
            ])
        for (bad, message) in [
            (#""tag": 1.5"#, "tag: expected an integer, got 1.5"),
            (#""label": 3"#, "label: expected a string, got a number"),
        ] {
            let text = #"{"windows": [{"id": "W", "frame": [0, 0, 10, 10], "# + bad + "}]}"
            #expect(throws: SceneError.self) { try SceneReader.read(string: text) }
            do {
                _ = try SceneReader.read(string: text)
            } catch {
                #expect(error.description.contains(message), "\(error)")
            }
        }
    }

    @Test func copyIsDeepAndKeepsRedirectsInsideTheCopy() throws {
        let scene = try SceneReader.read(string: Self.scene)
        let buy = try #require(scene.view(withID: "Buy"))
        buy.redirectTarget = scene.view(withID: "Like")
        buy.hitPredicate = { $0.x < 10 }
        var mapping: [ObjectIdentifier: View] = [:]
        let copy = scene.copy(mapping: &mapping)
        #expect(try SceneWriter.string(copy) == SceneWriter.string(scene))
        let copiedBuy = try #require(copy.view(withID: "Buy"))
        #expect(copiedBuy !== buy && mapping[ObjectIdentifier(buy)] === copiedBuy)
        #expect(copiedBuy.redirectTarget === copy.view(withID: "Like"))
        #expect(
            copiedBuy.hitPredicate?(Point(x: 5, y: 0)) == true && copiedBuy.hitPredicate?(Point(x: 15, y: 0)) == false)
        #expect(mapping.count == scene.viewCount)
        // Changing the copy leaves the original as it was.
        copiedBuy.isHidden = true
        copy.windows[0].subviews.last!.removeFromSuperview()
        #expect(!buy.isHidden && scene.windows[0].subviews.count == 5 && copy.windows[0].subviews.count == 4)
    }
}
