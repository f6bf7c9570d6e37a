import HitIndex
import HitIndexEvents

/// `hitindex action SCENE ACTION [--sender ID] [--target ID] [--first-responder ID]`
enum Action {
    static let help = """
        usage: hitindex action SCENE ACTION [--sender ID] [--target ID] [--first-responder ID]

        Sends ACTION (an action name such as copy:) as UIApplication.sendAction(_:to:from:for:)
        does on SCENE and prints who receives it. The responders' traits come from the scene's
        responder keys (canBecomeFirstResponder, actions, vetoedActions; docs/scene-format.md).

          --first-responder ID   first make ID the first responder (becomeFirstResponder); the
                                 line printed says whether it did, or why not
          --sender ID            the sender: where the search starts when there is no first
                                 responder
          --target ID            an explicit target: it receives the action if it implements it,
                                 without canPerformAction being asked

        With no target, each responder the search asks is printed, from the first responder
        (or the sender) up the chain, with its answer to canPerformAction: "yes", "no" (does not
        implement it) or "vetoed" (implements it, canPerformAction says false). The last line is
        ACTION -> RECEIVER, or ACTION -> nobody. An unknown id exits 2. See docs/events.md.

          $ hitindex action form.json copy: --first-responder Field
          Field becomeFirstResponder
          asked Field no
          asked Form no
          asked FormController yes
          copy: -> FormController
        """

    static func run(_ args: [String], console: Console) throws(CLIError) {
        let a = try Arguments(args, command: "action", options: ["sender", "target", "first-responder"], flags: [])
        if a.has("help") { return console.line(help) }
        guard a.positional.count == 2 else {
            throw .usage(
                "action",
                a.positional.isEmpty
                    ? "missing SCENE and ACTION"
                    : a.positional.count == 1 ? "missing ACTION" : "expected SCENE and ACTION")
        }
        let path = a.positional[0]
        let action = a.positional[1]
        guard !action.isEmpty else { throw .usage("action", "ACTION is empty") }
        let scene = try HitIndexCommand.loadScene(path, command: "action")
        let graph: ResponderGraph
        let touches: TouchDispatcher
        do {
            graph = try ResponderGraph(reading: scene, file: HitIndexCommand.sceneFileName(path))
            // The dispatcher checks the touch keys and gives text fields their default traits.
            touches = try TouchDispatcher(graph: graph)
        } catch {
            throw .scene(error.inFile(HitIndexCommand.sceneFileName(path)))
        }
        func responder(_ option: String) throws(CLIError) -> Responder? {
            guard let id = a.value(option) else { return nil }
            guard let r = graph.responder(withID: id) else {
                throw .input("action", "\(path): --\(option): no responder with id \"\(id)\"")
            }
            return r
        }
        let sender = try responder("sender")
        let target = try responder("target")
        if let first = try responder("first-responder") {
            do {
                for entry in try touches.perform(.becomeFirstResponder(first.id)) {
                    entry.logLines.forEach(console.line)
                }
            } catch {
                throw .input("action", "\(path): \(error)")  // unreachable: the id was checked
            }
        }
        if target == nil, let start = graph.firstResponder ?? sender {
            for r in graph.chain(from: start) {
                let traits = graph.traits(of: r)
                let answer =
                    traits.canPerformAction(action) ? "yes" : traits.actions.contains(action) ? "vetoed" : "no"
                console.line("asked \(r.id) \(answer)")
                if answer == "yes" { break }
            }
        }
        let receiver = graph.sendAction(action, to: target, from: sender)
        console.line("\(action) -> \(receiver?.id ?? "nobody")")
    }
}
