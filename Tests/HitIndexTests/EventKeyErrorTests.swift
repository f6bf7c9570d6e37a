import HitIndex
import HitIndexEvents
import Testing

/// Malformed or inconsistent event-layer keys are refused with one line naming the view (or
/// `$.application`) and the field, never a crash.
@Suite struct EventKeyErrorTests {
    /// A one-window scene whose second view `V` carries `keys`, with a sibling `Other` (root view
    /// of `OtherVC`); the document gets `document` keys.
    static func refusal(_ keys: String, document: String = "") throws -> String {
        let json = """
            {\(document)"windows": [{"id": "W", "frame": [0, 0, 100, 100], "subviews": [
              {"id": "Other", "viewController": "OtherVC", "frame": [0, 0, 10, 10]},
              {"id": "V", \(keys) "frame": [0, 0, 10, 10]}]}]}
            """
        let scene = try TestSupport.scene(json)
        do {
            _ = try ResponderGraph(reading: scene, file: "test.json")
        } catch {
            return error.description
        }
        Issue.record("accepted: \(keys) \(document)")
        return ""
    }

    @Test(arguments: [
        // (keys on V, expected one line)
        (
            #""presentedBy": "Ghost", "viewController": "VC","#,
            #"test.json: view "V": presentedBy: "Ghost" is not a view controller of this scene"#
        ),
        (#""presentedBy": "OtherVC","#, #"test.json: view "V": presentedBy: only on a view with viewController"#),
        (
            #""viewController": "OtherVC","#,
            #"test.json: view "V": viewController: "OtherVC" is already the view controller of view "Other""#
        ),
        (
            #""viewController": 7,"#,
            #"test.json: view "V": viewController: expected a view controller id or an object {"id": …}, got a number"#
        ),
        (
            #""viewController": "","#,
            #"test.json: view "V": viewController: expected a non-empty string id, got a string"#
        ),
        (#""viewController": {"handlesTouches": "consume"},"#, #"test.json: view "V": viewController.id: required"#),
        (
            #""viewController": {"id": "VC", "handlesTouches": "sometimes"},"#,
            #"test.json: view "V": viewController.handlesTouches: expected "consume" or "forward", got "sometimes""#
        ),
        (
            #""viewController": {"id": "VC", "modal": true},"#,
            #"test.json: view "V": viewController.modal: unknown key (expected id, handlesTouches or responder)"#
        ),
        (
            #""viewController": {"id": true},"#,
            #"test.json: view "V": viewController.id: expected a non-empty string, got a bool"#
        ),
        (#""viewController": "Other","#, #"test.json: view "V": viewController: "Other" is already the id of a view"#),
        (
            #""viewController": "VC", "presentedBy": ["OtherVC"],"#,
            #"test.json: view "V": presentedBy: expected a non-empty string id, got an array"#
        ),
        (
            #""viewController": "VC", "presentedBy": "VC","#,
            #"test.json: view "V": presentedBy: presentation cycle through "VC""#
        ),
        (#""windowScene": "S","#, #"test.json: view "V": windowScene: only on a window"#),
    ])
    func refusedOnAView(keys: String, expected: String) throws {
        #expect(try Self.refusal(keys) == expected)
    }

    @Test func presentationCycleAcrossTwoControllers() throws {
        // OtherVC is presented by VC and VC by OtherVC: `next` would loop between them.
        let json = """
            {"windows": [{"id": "W", "frame": [0, 0, 100, 100], "subviews": [
              {"id": "Other", "viewController": "OtherVC", "presentedBy": "VC", "frame": [0, 0, 10, 10]},
              {"id": "V", "viewController": "VC", "presentedBy": "OtherVC", "frame": [0, 0, 10, 10]}]}]}
            """
        let scene = try TestSupport.scene(json)
        do {
            _ = try ResponderGraph(reading: scene)
            Issue.record("accepted a presentation cycle")
        } catch {
            // Found from the first controller in preorder, Other's.
            #expect(error.description == #"view "Other": presentedBy: presentation cycle through "OtherVC""#)
        }
    }

    @Test func refusedOnAWindow() throws {
        func refusal(_ keys: String) throws -> String {
            let scene = try TestSupport.scene(#"{"windows": [{"id": "W", \#(keys) "frame": [0, 0, 1, 1]}]}"#)
            do {
                _ = try ResponderGraph(reading: scene)
            } catch {
                return error.description
            }
            return "accepted"
        }
        #expect(
            try refusal(#""windowScene": 3,"#)
                == #"view "W": windowScene: expected a non-empty string id, got a number"#)
        #expect(
            try refusal(#""windowScene": "W","#)
                == #"view "W": windowScene: "W" is already the id of a view or view controller"#)
        #expect(
            try refusal(#""viewController": "VC","#)
                == #"view "W": viewController: a window cannot be a view controller's root view"#)
    }

    @Test(arguments: [
        (#""application": [],"#, #"test.json: $: application: expected an object, got an array"#),
        (
            #""application": {"delegate": 1},"#,
            #"test.json: $.application: delegate: expected a non-empty string, got a number"#
        ),
        // 1 is not a bool: JSON's true and false only.
        (
            #""application": {"delegate": "D", "delegateIsResponder": 1},"#,
            #"test.json: $.application: delegateIsResponder: expected a bool, got a number"#
        ),
        (
            #""application": {"name": "App"},"#,
            #"test.json: $.application: name: unknown key (expected id, delegate, delegateIsResponder, responder or delegateResponder)"#
        ),
        (#""application": {"id": "V"},"#, #"test.json: $.application: id: "V" is already the id of another responder"#),
    ])
    func refusedOnTheDocument(document: String, expected: String) throws {
        #expect(try Self.refusal("", document: document) == expected)
    }

    @Test func aRepeatedKeyInsideAnEventKeyIsRefused() throws {
        // The scene reader keeps event keys as raw text; the event layer parses them strictly.
        #expect(
            try Self.refusal(#""viewController": {"id": "A", "id": "B"},"#)
                == #"test.json: view "V": viewController: not valid JSON (duplicate key "id")"#)
    }

    @Test func aDelegateNamingAWindowIsAcceptedAndLeftOutOfTheChain() throws {
        // semantics §6: the application's next is the delegate only if it is not a view, a view
        // controller or the application; a window is a view, so the chain ends at the application.
        let scene = try TestSupport.scene(
            #"{"application": {"delegate": "W"}, "windows": [{"id": "W", "frame": [0, 0, 10, 10], "subviews": [{"id": "V", "frame": [0, 0, 5, 5]}]}]}"#
        )
        let graph = try ResponderGraph(reading: scene)
        let v = try #require(graph.responder(withID: "V"))
        #expect(graph.chain(from: v).map(\.id) == ["V", "W", "UIApplication"])
    }

    @Test func theCLIPrintsTheRefusalAndExits2() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let path = dir.appendingPathComponent("bad.json").path
        try
            #"{"windows": [{"id": "W", "frame": [0, 0, 1, 1], "subviews": [{"id": "V", "presentedBy": "X", "frame": [0, 0, 1, 1]}]}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        // The file is named as the scene reader names it: by its last path component.
        for command in [["chain", path, "V"], ["check", path]] {
            let r = TestSupport.run(command)
            #expect(r.status == 2, "\(command)")
            #expect(r.err == "bad.json: view \"V\": presentedBy: only on a view with viewController\n", "\(command)")
        }
    }
}
