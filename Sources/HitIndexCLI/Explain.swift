import Foundation
import HitIndex
import HitIndexReference

/// `hitindex explain SCENE X,Y`
enum Explain {
    static let help = """
        usage: hitindex explain SCENE X,Y [--limit N] [--in VIEW] [--svg FILE] [--html FILE] [--max-views N]
                 [--canvas screen|all]
               hitindex explain SCENE --why-not VIEW [X,Y] [--in VIEW] [--svg FILE] [--html FILE] [--canvas …]

        Says why a touch at screen point X,Y lands where it does: the path from the window down
        to the view hit, with the touch in each view's bounds space, any redirect, and for the
        views in front of it whose own hit area holds the touch, why each lost (hidden,
        transparent, interaction off, an ineligible ancestor, outside a clipping ancestor's hit
        area, pass-through). Human-readable; the format may change.

        With --why-not VIEW: why VIEW does not get a touch at X,Y (default: the centre of its
        hit area): the verdict, the path from its window with the touch in each view's space,
        every reason in the order UIKit's search meets it (windows and views in front that take
        the touch and how, ineligible views and the property, hit areas that leave the touch
        out with the point and the rect, a subview that takes it, pass-through, redirects), then
        the changes that would give it the touch, each checked by hit-testing the changed scene
        with the reference. Exit status 0 either way.

        VIEW is an id, or a label or accessibility identifier that names one view (a button and
        its title label share the text: the button); an ambiguous name lists its views.

        options:
          --why-not VIEW  explain why VIEW does not get the touch (see above)
          --limit N   list at most N views that lost (default 10)
          --in VIEW   X,Y is in VIEW's bounds space, converted to the screen first (see convert)
          --svg FILE  also draw it: every view in screen space coloured by what the search did
                      with it (hit, accepted path, outside its hit area, ineligible,
                      pass-through, skipped behind a view that took the touch, not searched),
                      declared hit areas dashed, the touch, labels and a legend
          --html FILE the same picture in one self-contained HTML page: hover a view for its id,
                      class, frame and what the search did with it; click anywhere to hit-test
                      that point (the scene is embedded up to 50,000 views)
          --canvas screen|all  the screen (default; views beyond it clipped and marked at its
                      edge) or every view whole
          --max-views N  beyond N views, draw only the accepted path, the views under the
                      touch and the path's siblings in containers of at most 64 subviews,
                      and say how many were left out (default 400)
        """

    static func run(_ args: [String], console: Console) throws(CLIError) {
        let a = try Arguments(
            args, command: "explain", options: ["limit", "in", "svg", "html", "max-views", "why-not", "canvas"],
            flags: [])
        if a.has("help") { return console.line(help) }
        _ = try canvas(a)
        if let name = a.value("why-not") { return try whyNot(name, a, console: console) }
        guard a.positional.count == 2 else {
            throw .usage("explain", a.positional.count < 2 ? "missing SCENE or X,Y" : "expected SCENE and one X,Y")
        }
        guard var point = PointParsing.point(Substring(a.positional[1])) else {
            throw .usage("explain", "expected a point X,Y, got '\(a.positional[1])'")
        }
        let limit = try a.integer("limit", default: 10)
        let maximumViews = try a.integer("max-views", default: 400)
        let index: HitTestIndex
        var model: Scene?
        // The model is needed for --in and the pictures, and to show labels: the index keeps ids
        // only, and a file without the key "label" has none to show.
        if a.value("in") != nil || a.value("svg") != nil || a.value("html") != nil
            || HitIndexCommand.file(a.positional[0], mentions: "\"label\"")
        {
            let scene = try HitIndexCommand.loadScene(a.positional[0], command: "explain")
            if let name = a.value("in") {
                point = Convert.convert(
                    point, from: try Convert.space(name, in: scene, path: a.positional[0], command: "explain"), to: nil)
            }
            index = try HitIndexCommand.buildIndex(scene)
            model = scene
        } else {
            index = try HitIndexCommand.loadIndex(a.positional[0], command: "explain")
        }
        if let model, a.value("svg") != nil || a.value("html") != nil {
            let picture = ExplainPicture(
                scene: model, touch: point, maximumViews: maximumViews, canvas: try canvas(a))
            for (file, text) in [
                (a.value("svg"), { picture.svg() }), (a.value("html"), { picture.html(scene: model) }),
            ] {
                guard let file else { continue }
                try HitIndexCommand.write(
                    text(), toFile: file, command: "explain", option: file == a.value("svg") ? "--svg" : "--html")
            }
        }
        let e = index.explain(point, limit: limit)
        var labels: [String: String] = [:]
        model?.forEachView { v, _ in if let label = v.label, !label.isEmpty { labels[v.id] = label } }
        let name = { (v: ViewIndex) -> String in
            let id = index.id(of: v)
            return labels[id].map { "\(id) \"\($0)\"" } ?? id
        }
        console.line("touch at \(point.x.description), \(point.y.description)")
        if let result = e.result {
            console.line("hit: \(name(result))")
        } else {
            console.line("hit: nil (no window's hit-test returned a view)")
        }
        if let winner = e.winner, let by = e.redirectedBy {
            console.line(
                "  \(name(winner)) won, and \(name(by)) redirects every hit in its subtree to \(e.result.map(name) ?? "nil")"
            )
        }
        if !e.path.isEmpty {
            console.line("path, window first (touch in each view's bounds space):")
            for step in e.path {
                let why =
                    step.inside
                    ? "inside its hit area"
                    : "outside its hit area, searched because it hit-tests subviews outside its bounds"
                console.line("  \(name(step.view)) (\(step.point.x.description), \(step.point.y.description)): \(why)")
            }
        }
        if !e.rejected.isEmpty {
            // Saying which property makes an ancestor ineligible, or whether it is a window, needs
            // the model.
            let needsModel = e.rejected.contains {
                switch $0.1 {
                case .ineligibleAncestor, .outsideAncestor: true
                default: false
                }
            }
            if model == nil, needsModel {
                model = try HitIndexCommand.loadScene(a.positional[0], command: "explain")
            }
            var views: [String: View] = [:]
            model?.forEachView { v, _ in views[v.id] = v }
            console.line("in front, holding the touch in their own hit area, but not hit:")
            for (view, reason) in e.rejected {
                console.line("  \(name(view)): \(describe(reason, name, model: { views[index.id(of: $0)] }))")
            }
        }
    }

    /// `explain SCENE --why-not VIEW [X,Y]`.
    static func whyNot(_ name: String, _ a: Arguments, console: Console) throws(CLIError) {
        guard a.positional.count == 1 || a.positional.count == 2 else {
            throw .usage("explain", a.positional.isEmpty ? "missing SCENE" : "expected SCENE and at most one X,Y")
        }
        let path = a.positional[0]
        let scene = try HitIndexCommand.loadScene(path, command: "explain")
        let view = try ViewLookup.view(name, in: scene, command: "explain", path: path)
        var point: Point?
        if a.positional.count == 2 {
            guard let p = PointParsing.point(Substring(a.positional[1])) else {
                throw .usage("explain", "expected a point X,Y, got '\(a.positional[1])'")
            }
            point = p
            if let space = a.value("in") {
                point = Convert.convert(
                    p, from: try Convert.space(space, in: scene, path: path, command: "explain"), to: nil)
            }
        } else if a.value("in") != nil {
            throw .usage("explain", "--in needs a point X,Y to convert")
        }
        let answer = ReferenceHitTester.runOnLargeStack(depth: scene.depth) { WhyNot(view, in: scene, at: point) }
        if a.value("svg") != nil || a.value("html") != nil {
            let overlay = ExplainPicture.WhyNot(
                path: answer.path.map(\.view),
                blocking: answer.reasons.compactMap { r in r.view.map { ($0, tag(r)) } })
            let picture = ExplainPicture(
                scene: scene, touch: answer.screenPoint, maximumViews: try a.integer("max-views", default: 400),
                canvas: try canvas(a), whyNot: overlay)
            for (file, text) in [
                (a.value("svg"), { picture.svg() }), (a.value("html"), { picture.html(scene: scene) }),
            ] {
                guard let file else { continue }
                try HitIndexCommand.write(
                    text(), toFile: file, command: "explain", option: file == a.value("svg") ? "--svg" : "--html")
            }
        }
        for line in answer.lines { console.line(line) }
    }

    /// The `--canvas` value.
    static func canvas(_ a: Arguments) throws(CLIError) -> ExplainPicture.Canvas {
        guard let value = a.value("canvas") else { return .screen }
        guard let canvas = ExplainPicture.Canvas(rawValue: value) else {
            throw .usage("explain", "--canvas: expected screen or all, got '\(value)'")
        }
        return canvas
    }

    /// A reason as the picture tags its view: a few words.
    static func tag(_ reason: WhyNot.Reason) -> String {
        switch reason {
        case .outsideEveryWindow: return "outside every window"
        case .windowInFront: return "window in front: takes the touch"
        case .viewInFront: return "in front: takes the touch"
        case .ineligible(_, .hidden): return "isHidden = YES"
        case .ineligible(_, .transparent(let alpha)): return "alpha \(alpha)"
        case .ineligible(_, .interactionDisabled): return "userInteractionEnabled = NO"
        case .outsideHitArea: return "touch outside its hit area"
        case .predicateRefuses: return "point(inside:) refuses"
        case .subviewTakesIt: return "subview takes it first"
        case .passThrough: return "pass-through"
        case .redirected(_, let to): return "redirects to \(to.id)"
        case .nothingHitUnder: return "nothing under it takes it"
        }
    }

    static func describe(
        _ reason: HitExplanation.Rejection, _ name: (ViewIndex) -> String, model: (ViewIndex) -> View?
    ) -> String {
        switch reason {
        case .hidden: return "hidden (isHidden = YES)"
        case .transparent: return "alpha below 0.01"
        case .interactionDisabled: return "userInteractionEnabled = NO"
        case .ineligibleAncestor(let a):
            guard let v = model(a) else { return "ancestor \(name(a)) is ineligible" }
            let why = WhyNot.ineligibilities(of: v).map(WhyNot.property)
            return "ancestor \(name(a)) has \(why.joined(separator: " and "))"
        case .outsideAncestor(let a):
            let what = model(a) is Window ? "window" : "ancestor"
            return "outside the hit area of \(what) \(name(a)), whose subviews are searched only inside it"
        case .passThrough: return "pass-through (never the result itself)"
        }
    }
}
