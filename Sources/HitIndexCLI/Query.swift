import HitIndex
import HitIndexReference

/// `hitindex query SCENE [--engine index|reference] [--points FILE] [X,Y ...]`
enum Query {
    static let help = """
        usage: hitindex query SCENE [--engine index|reference] [--points FILE] [--in VIEW] [X,Y ...]

        Hit-tests each screen point and prints one line per point, in order: the id of the view
        hit, or nil. Points given as arguments come first, then those of --points FILE (one X,Y
        per line; blank lines and lines starting with # are skipped). Coordinates are decimal
        numbers, nan, inf or -inf.

        options:
          --engine index|reference   the flattened index (default) or the recursive reference
          --points FILE              read more points from FILE
          --in VIEW                  the points are in VIEW's bounds space (what view.hitTest
                                     takes), converted to the screen first (see convert)
        """

    static func run(_ args: [String], console: Console) throws(CLIError) {
        let a = try Arguments(args, command: "query", options: ["engine", "points", "in"], flags: [])
        if a.has("help") { return console.line(help) }
        guard let path = a.positional.first else { throw .usage("query", "missing SCENE") }
        var points: [Point] = []
        for text in a.positional.dropFirst() {
            guard let p = PointParsing.point(Substring(text)) else {
                throw .usage("query", "expected a point X,Y, got '\(text)'")
            }
            points.append(p)
        }
        if let file = a.value("points") { points += try PointParsing.points(file: file, command: "query") }
        let engine = a.value("engine") ?? "index"
        guard engine == "index" || engine == "reference" else {
            throw .usage("query", "unknown engine '\(engine)' (expected index or reference)")
        }
        // The index alone reads the file straight into records; the reference, and --in (which
        // reads the view's placement), need the model, from which the index is then built.
        let scene =
            engine == "reference" || a.value("in") != nil ? try HitIndexCommand.loadScene(path, command: "query") : nil
        if let scene, let name = a.value("in") {
            let view = try Convert.space(name, in: scene, path: path, command: "query")
            points = points.map { Convert.convert($0, from: view, to: nil) }
        }
        if let scene, engine == "reference" {
            for hit in ReferenceHitTester().hitTest(scene, at: points) { console.line(hit?.id ?? "nil") }
            return
        }
        let index: HitTestIndex
        if let scene {
            index = try HitIndexCommand.buildIndex(scene)
        } else {
            index = try HitIndexCommand.loadIndex(path, command: "query")
        }
        for hit in index.hitTest(points, threads: 2) { console.line(hit.map(index.id(of:)) ?? "nil") }
    }
}
