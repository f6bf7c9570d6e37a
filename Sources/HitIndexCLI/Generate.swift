import HitIndex
import HitIndexFixtures
import HitIndexSceneFormat

/// `hitindex generate --shape SHAPE --count N [--seed S] [--form nested|flat]`
enum Generate {
    static let help = """
        usage: hitindex generate --shape SHAPE --count N [--seed S] [--form nested|flat]

        Writes a deterministic scene of about N views to standard output: the same arguments
        give the same bytes.

        shapes:
          ui        app-like screens: a pager of screens with navigation bars, scrolled lists
                    of cells, labels, enlarged and raised buttons, overlays, a status-bar window
          grid      a wide flat sheet of cells, all subviews of one container
          deep      a chain, each view the only subview of the one before
          overlap   many overlapping siblings of random sizes
          random    random trees with every attribute: rotations, flips, scale 0, zero sizes,
                    insets, shapes, pass-through, redirects, outside-bounds children, windows

        options:
          --seed S       the random seed (default 1)
          --form F       nested or flat (default: nested up to 100 levels, flat beyond)
        """

    static func run(_ args: [String], console: Console) throws(CLIError) {
        let a = try Arguments(args, command: "generate", options: ["shape", "count", "seed", "form"], flags: [])
        if a.has("help") { return console.line(help) }
        guard a.positional.isEmpty else { throw .usage("generate", "unexpected argument '\(a.positional[0])'") }
        guard let shapeName = a.value("shape") else { throw .usage("generate", "missing --shape") }
        guard let shape = SceneShape(rawValue: shapeName) else {
            let names = SceneShape.allCases.map(\.rawValue).joined(separator: ", ")
            throw .usage("generate", "unknown shape '\(shapeName)' (expected one of \(names))")
        }
        guard a.value("count") != nil else { throw .usage("generate", "missing --count") }
        let count = try a.integer("count", default: 0)
        guard count >= 1 else { throw .usage("generate", "--count must be at least 1") }
        var seed: UInt64 = 1
        if let text = a.value("seed") {
            guard let s = UInt64(text) else {
                throw .usage("generate", "--seed expects a whole number >= 0, got '\(text)'")
            }
            seed = s
        }
        let form: SceneWriter.Form
        switch a.value("form") {
        case nil: form = .automatic
        case "nested": form = .nested
        case "flat": form = .flat
        case let other?: throw .usage("generate", "unknown form '\(other)' (expected nested or flat)")
        }
        let scene = shape.generate(count: count, seed: seed)
        do {
            console.bytes(try SceneWriter.write(scene, form: form))
        } catch {
            throw .failure("generate", "generated an invalid scene: \(error)")
        }
    }
}
