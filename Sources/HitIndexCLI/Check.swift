import HitIndex
import HitIndexEvents

/// `hitindex check SCENE`
enum Check {
    static let help = """
        usage: hitindex check SCENE

        Validates a scene file, the event layer's keys included (view controllers, window
        scenes, the application, touch keys and gestureRecognizers), and prints
        'ok: N views, depth D, W windows', or the one-line error (file, view id or JSON path,
        field, what was expected) with exit status 2.
        Depth counts levels: a window alone has depth 1.
        """

    static func run(_ args: [String], console: Console) throws(CLIError) {
        let a = try Arguments(args, command: "check", options: [], flags: [])
        if a.has("help") { return console.line(help) }
        guard a.positional.count == 1 else {
            throw .usage("check", a.positional.isEmpty ? "missing SCENE" : "expected one SCENE")
        }
        let path = a.positional[0]
        let scene = try HitIndexCommand.loadScene(path, command: "check")
        do {
            try TouchDispatcher.checkTouchKeys(
                of: ResponderGraph(reading: scene, file: HitIndexCommand.sceneFileName(path)))
        } catch {
            throw .scene(error.inFile(HitIndexCommand.sceneFileName(path)))
        }
        var views = 0
        var depth = 0
        scene.forEachView { _, d in
            views += 1
            depth = max(depth, d + 1)
        }
        console.line("ok: \(views) views, depth \(depth), \(scene.windows.count) windows")
    }
}
