import HitIndex
import HitIndexEvents

/// `hitindex chain SCENE ID`
enum Chain {
    static let help = """
        usage: hitindex chain SCENE ID

        Prints the responder chain starting at responder ID (a view, window, view controller,
        window scene or the application), one id per line, ID first. The chain follows the
        scene's event-layer keys (viewController, presentedBy, windowScene, application); see
        docs/events.md. An unknown ID, or a scene whose event keys are inconsistent, exits 2.
        """

    static func run(_ args: [String], console: Console) throws(CLIError) {
        let a = try Arguments(args, command: "chain", options: [], flags: [])
        if a.has("help") { return console.line(help) }
        guard a.positional.count == 2 else {
            throw .usage(
                "chain",
                a.positional.isEmpty
                    ? "missing SCENE and ID" : a.positional.count == 1 ? "missing ID" : "expected SCENE and ID")
        }
        let path = a.positional[0]
        let id = a.positional[1]
        let scene = try HitIndexCommand.loadScene(path, command: "chain")
        let graph: ResponderGraph
        do {
            graph = try ResponderGraph(reading: scene, file: HitIndexCommand.sceneFileName(path))
        } catch {
            throw .scene(error)
        }
        guard let start = graph.responder(withID: id) else {
            throw .input("chain", "\(path): no responder with id \"\(id)\"")
        }
        for r in graph.chain(from: start) { console.line(r.id) }
    }
}
