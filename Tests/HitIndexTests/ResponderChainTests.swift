import HitIndex
import HitIndexEvents
import HitIndexSceneFormat
import Testing

/// `next` and the chain (semantics §6), through the API and `hitindex chain`. Every expected
/// chain is derived by hand from the scene in the test, rule by rule; see the comments.
@Suite struct ResponderChainTests {
    static let seed003 = TestSupport.example("seed003.json")

    static func graph(_ json: String) throws -> ResponderGraph {
        try ResponderGraph(reading: TestSupport.scene(json), file: "test.json")
    }

    static func chainIDs(_ graph: ResponderGraph, from id: String) throws -> [String] {
        let start = try #require(graph.responder(withID: id), "no responder \(id)")
        return graph.chain(from: start).map(\.id)
    }

    // The log printed in seed 003's article, "iOS 响应者链" (docs/semantics.md, Sources): DView →
    // CView → AView → ViewController → UIDropShadowView → UITransitionView → UIWindow →
    // UIWindowScene → UIApplication → AppDelegate. In seed003.json:
    // DView and CView are no controller's root view, so their superviews follow (CView, AView);
    // AView is ViewController's root view; ViewController is not presented-and-detached and AView's
    // superview is UIDropShadowView; then superviews up to the window; UIWindow names
    // UIWindowScene; the scene leads to the application, whose delegate AppDelegate is a
    // responder of its own.
    static let seed003Chain = [
        "DView", "CView", "AView", "ViewController", "UIDropShadowView", "UITransitionView", "UIWindow",
        "UIWindowScene", "UIApplication", "AppDelegate",
    ]

    @Test func seed003ChainThroughTheAPI() throws {
        let scene = try SceneReader.read(contentsOfFile: Self.seed003)
        let graph = try ResponderGraph(reading: scene)
        #expect(try Self.chainIDs(graph, from: "DView") == Self.seed003Chain)
        let kinds = graph.chain(from: try #require(graph.responder(withID: "DView"))).map(\.kind)
        #expect(
            kinds == [
                .view, .view, .view, .viewController, .view, .view, .window, .windowScene, .application,
                .applicationDelegate,
            ])
    }

    @Test func seed003ChainThroughTheCLI() {
        let r = TestSupport.run(["chain", Self.seed003, "DView"])
        #expect(r.status == 0)
        #expect(r.err.isEmpty)
        #expect(r.out == Self.seed003Chain.joined(separator: "\n") + "\n")
    }

    @Test func chainStartsAtAnyKindOfResponder() {
        // The tail of seed003's chain, from each later kind: ID first.
        for start in ["ViewController", "UIWindow", "UIWindowScene", "UIApplication", "AppDelegate"] {
            let r = TestSupport.run(["chain", Self.seed003, start])
            let expected = Array(Self.seed003Chain.drop { $0 != start })
            #expect(r.status == 0)
            #expect(r.out == expected.joined(separator: "\n") + "\n", "from \(start)")
        }
    }

    @Test func unknownIDIsOneLineAndStatus2() {
        CLITests.expectUsageError(["chain", Self.seed003, "EView"], mentions: ["EView", "seed003.json"])
        CLITests.expectUsageError(["chain", Self.seed003], mentions: ["missing ID"])
        CLITests.expectUsageError(["chain"], mentions: ["missing SCENE"])
    }

    @Test func chainHelpExitsZero() {
        let r = TestSupport.run(["chain", "--help"])
        #expect(r.status == 0)
        #expect(r.out.hasPrefix("usage: hitindex chain SCENE ID"))
    }

    // MARK: each rule of next

    @Test func viewGoesToItsControllerOnlyWhenItIsTheRootView() throws {
        // W > Root (root view of VC) > Child. Child is not a root view: its superview Root.
        // Root is VC's root view: VC. VC's root view is a direct subview of W (the window's root
        // view): W. W has no scene: the application, which has no delegate: end.
        let g = try Self.graph(
            """
            {"windows": [{"id": "W", "frame": [0, 0, 100, 100], "subviews": [
              {"id": "Root", "viewController": "VC", "frame": [0, 0, 100, 100], "subviews": [
                {"id": "Child", "frame": [0, 0, 10, 10]}]}]}]}
            """)
        #expect(try Self.chainIDs(g, from: "Child") == ["Child", "Root", "VC", "W", "UIApplication"])
        #expect(g.next(of: Responder(kind: .viewController, id: "VC")) == Responder(kind: .window, id: "W"))
    }

    @Test func controllerDeeperThanTheWindowGoesToItsViewsSuperview() throws {
        // Root sits under Container, so VC's next is Container even though VC was presented:
        // the presenter is next only when the root view has no superview.
        let g = try Self.graph(
            """
            {"windows": [{"id": "W", "frame": [0, 0, 100, 100], "subviews": [
              {"id": "Base", "viewController": "BaseVC", "frame": [0, 0, 100, 100]},
              {"id": "Container", "frame": [0, 0, 100, 100], "subviews": [
                {"id": "Root", "viewController": {"id": "VC", "handlesTouches": "forward"}, "presentedBy": "BaseVC",
                 "frame": [0, 0, 100, 100]}]}]}]}
            """)
        #expect(try Self.chainIDs(g, from: "VC") == ["VC", "Container", "W", "UIApplication"])
        #expect(g.viewController(withID: "VC")?.handlesTouches == .forward)
        #expect(g.viewController(withID: "VC")?.presentedBy == "BaseVC")
    }

    @Test func presentedControllerWithoutSuperviewGoesToThePresenter() throws {
        // Through the API: Sheet's root view is detached (no superview), and Sheet was presented by
        // Home, whose root view is W's subview HomeView. Chain from SheetChild: its superview
        // SheetView; SheetView is Sheet's root view: Sheet; no superview and presented: Home;
        // Home's root view HomeView has superview W, so Home's next is W (a controller skips its
        // own root view: that view came before it); W has window scene S; S → App; App's delegate
        // Delegate is a responder.
        let w = Window(id: "W", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let homeView = View(id: "HomeView", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        w.addSubview(homeView)
        let sheetView = View(id: "SheetView", frame: Rect(x: 0, y: 0, width: 50, height: 50))
        sheetView.addSubview(View(id: "SheetChild", frame: Rect(x: 0, y: 0, width: 5, height: 5)))
        let g = try ResponderGraph(
            scene: Scene(windows: [w]), application: Application(id: "App", delegate: "Delegate"),
            controllers: [
                ViewController(id: "Home", rootView: homeView),
                ViewController(id: "Sheet", rootView: sheetView, presentedBy: "Home"),
            ],
            windowScenes: ["W": "S"])
        #expect(
            try Self.chainIDs(g, from: "SheetChild") == [
                "SheetChild", "SheetView", "Sheet", "Home", "W", "S", "App", "Delegate",
            ])
        // Not presented and detached: the chain ends at the controller.
        let lone = View(id: "Lone", frame: Rect(x: 0, y: 0, width: 5, height: 5))
        let g2 = try ResponderGraph(
            scene: Scene(windows: [Window(id: "W2", frame: Rect(x: 0, y: 0, width: 1, height: 1))]),
            controllers: [ViewController(id: "LoneVC", rootView: lone)])
        #expect(try Self.chainIDs(g2, from: "Lone") == ["Lone", "LoneVC"])
    }

    @Test func windowGoesToItsSceneOrElseTheApplication() throws {
        // Two windows: A names scene S, B names none. A → S → UIApplication; B → UIApplication.
        let g = try Self.graph(
            """
            {"windows": [{"id": "A", "windowScene": "S", "frame": [0, 0, 10, 10]},
                         {"id": "B", "frame": [0, 0, 10, 10]}]}
            """)
        #expect(try Self.chainIDs(g, from: "A") == ["A", "S", "UIApplication"])
        #expect(try Self.chainIDs(g, from: "B") == ["B", "UIApplication"])
        #expect(g.responder(withID: "A")?.kind == .window)
        #expect(g.responder(withID: "S")?.kind == .windowScene)
        #expect(g.windowScenes == ["S"])
    }

    @Test func applicationGoesToItsDelegateOnlyWhenThatIsAResponderOfItsOwn() throws {
        func tail(_ application: String) throws -> [String] {
            let g = try Self.graph(
                """
                {"application": \(application),
                 "windows": [{"id": "W", "frame": [0, 0, 10, 10], "subviews": [
                   {"id": "V", "viewController": "VC", "frame": [0, 0, 10, 10]}]}]}
                """)
            return try Self.chainIDs(g, from: "W")
        }
        // A delegate of its own: after the application.
        #expect(try tail(#"{"id": "App", "delegate": "AppDelegate"}"#) == ["W", "App", "AppDelegate"])
        // No delegate, or a delegate that is not a UIResponder: the chain ends at the application.
        #expect(try tail(#"{"id": "App"}"#) == ["W", "App"])
        #expect(try tail(#"{"delegate": "D", "delegateIsResponder": false}"#) == ["W", "UIApplication"])
        // A delegate that is a view, a view controller or the application itself is not repeated.
        #expect(try tail(#"{"id": "App", "delegate": "V"}"#) == ["W", "App"])
        #expect(try tail(#"{"id": "App", "delegate": "VC"}"#) == ["W", "App"])
        #expect(try tail(#"{"id": "App", "delegate": "App"}"#) == ["W", "App"])
    }

    @Test func aSceneWithoutEventKeysStillHasAChain() throws {
        // seed000.json has no event keys: views climb to TopView (the window), then the default
        // application UIApplication, with no delegate.
        let r = TestSupport.run(["chain", TestSupport.example("seed000.json"), "SubView1Sub1Sub1"])
        #expect(r.out == "SubView1Sub1Sub1\nSubView1Sub1\nSubView1\nTopView\nUIApplication\n")
    }

    @Test func theSeedStillRoundTripsWithItsEventKeys() throws {
        // The writer must keep the three keys seed003.json gained, so the chain survives a rewrite.
        let scene = try SceneReader.read(contentsOfFile: Self.seed003)
        let again = try SceneReader.read(string: SceneWriter.string(scene), file: "again.json")
        #expect(try Self.chainIDs(ResponderGraph(reading: again), from: "DView") == Self.seed003Chain)
    }
}
