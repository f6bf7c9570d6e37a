import HitIndex

/// `hitindex convert SCENE X,Y --from VIEW|screen --to VIEW|screen`
enum Convert {
    static let help = """
        usage: hitindex convert SCENE X,Y --from VIEW|screen --to VIEW|screen

        Converts a point between coordinate spaces as UIKit's convert(_:to:) and convert(_:from:)
        do, and prints it as trace prints points (X Y, numbers as Swift prints a Double). VIEW
        names a view's bounds space: its id, or its label or accessibility identifier when
        that names one view (a button and its title label share one: the button); screen is the space windows are placed in.
        Between two views of one window the point goes up to their nearest common ancestor and
        down with the canonical conversion (docs/semantics.md); between windows, through the
        screen. A point converted from the screen into a view is the point trace shows for that
        view.
        """

    static func run(_ args: [String], console: Console) throws(CLIError) {
        let a = try Arguments(args, command: "convert", options: ["from", "to"], flags: [])
        if a.has("help") { return console.line(help) }
        guard a.positional.count == 2 else {
            throw .usage("convert", a.positional.count < 2 ? "missing SCENE or X,Y" : "expected SCENE and one X,Y")
        }
        guard let point = PointParsing.point(Substring(a.positional[1])) else {
            throw .usage("convert", "expected a point X,Y, got '\(a.positional[1])'")
        }
        guard let fromName = a.value("from") else { throw .usage("convert", "missing --from VIEW|screen") }
        guard let toName = a.value("to") else { throw .usage("convert", "missing --to VIEW|screen") }
        let path = a.positional[0]
        let scene = try HitIndexCommand.loadScene(path, command: "convert")
        let from = try space(fromName, in: scene, path: path)
        let to = try space(toName, in: scene, path: path)
        let p = convert(point, from: from, to: to)
        console.line("\(p.x.description) \(p.y.description)")
    }

    /// A view's bounds space, or nil for the screen.
    static func space(_ name: String, in scene: Scene, path: String, command: String = "convert") throws(CLIError)
        -> View?
    {
        if name == "screen" { return nil }
        return try ViewLookup.view(name, in: scene, command: command, path: path)
    }

    /// `point` from `from`'s bounds space (nil: the screen) into `to`'s.
    static func convert(_ point: Point, from: View?, to: View?) -> Point {
        switch (from, to) {
        case (nil, nil): return point
        case (nil, let to?): return to.convert(fromScreen: point)
        case (let from?, nil): return from.convertToScreen(point)
        case (let from?, let to?): return from.convert(point, to: to)
        }
    }
}
