import HitIndex
import HitIndexReference

/// `hitindex trace SCENE X,Y`
enum Trace {
    static let help = """
        usage: hitindex trace SCENE X,Y [--in VIEW]

        Runs the recursive reference on one screen point and prints every step in call order,
        numbers as Swift prints a Double:

          hitTest ID X Y
          pointInside ID X Y true|false
          return ID RESULT-ID|nil

        Windows are tried front to back; each window's steps appear in turn. With --in VIEW, X,Y
        is in VIEW's bounds space and is converted to the screen first (see convert).
        """

    static func run(_ args: [String], console: Console) throws(CLIError) {
        let a = try Arguments(args, command: "trace", options: ["in"], flags: [])
        if a.has("help") { return console.line(help) }
        guard a.positional.count == 2 else {
            throw .usage(
                "trace",
                a.positional.isEmpty
                    ? "missing SCENE and X,Y" : a.positional.count == 1 ? "missing X,Y" : "expected SCENE and one X,Y")
        }
        guard var point = PointParsing.point(Substring(a.positional[1])) else {
            throw .usage("trace", "expected a point X,Y, got '\(a.positional[1])'")
        }
        let scene = try HitIndexCommand.loadScene(a.positional[0], command: "trace")
        if let name = a.value("in") {
            point = Convert.convert(
                point, from: try Convert.space(name, in: scene, path: a.positional[0], command: "trace"), to: nil)
        }
        let tracer = ReferenceHitTester { step in console.line(format(step)) }
        _ = ReferenceHitTester.runOnLargeStack(depth: scene.depth) {
            tracer.hitTest(scene, at: point)
        }
    }

    /// One trace line, in the byte-exact format of cli.md.
    static func format(_ step: HitTestStep) -> String {
        switch step {
        case .hitTest(let v, let p):
            return "hitTest \(v.id) \(p.x.description) \(p.y.description)"
        case .pointInside(let v, let p, let result):
            return "pointInside \(v.id) \(p.x.description) \(p.y.description) \(result)"
        case .returned(let v, let result):
            return "return \(v.id) \(result?.id ?? "nil")"
        }
    }
}
