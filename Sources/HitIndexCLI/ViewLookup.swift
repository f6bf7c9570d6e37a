import HitIndex

/// How commands find the view a person names: by id, else by label or accessibility identifier.
enum ViewLookup {
    /// The view `name` designates in `scene`.
    ///
    /// An id wins. Otherwise the views whose label or accessibility identifier is `name`: one is
    /// the answer; several are ambiguous unless one of them contains all the others (a button
    /// and its title label share the text: the button is meant). An error lists the matches.
    static func view(_ name: String, in scene: Scene, command: String, path: String) throws(CLIError) -> View {
        var matches: [View] = []
        var byID: View?
        scene.forEachView { v, _ in
            if v.id == name { byID = v }
            if v.label == name || v.accessibilityIdentifier == name { matches.append(v) }
        }
        if let byID { return byID }
        if matches.count == 1 { return matches[0] }
        if matches.count > 1, let outer = matches.first(where: { m in matches.allSatisfy { $0.isDescendant(of: m) } }) {
            return outer
        }
        if matches.isEmpty {
            throw .input(command, "\(path): no view has the id, label or accessibility identifier \"\(name)\"")
        }
        // One line, as every refusal: the first ten matches, then how many more.
        var listed = matches.prefix(10).map(describe).joined(separator: ", ")
        if matches.count > 10 { listed += " and \(matches.count - 10) more" }
        throw .input(command, "\(path): \"\(name)\" names \(matches.count) views; give one of their ids: \(listed)")
    }

    /// A view as the list shows it: the id, then the label or identifier in parentheses.
    static func describe(_ v: View) -> String {
        var names: [String] = []
        if let label = v.label { names.append("label \"\(label)\"") }
        if let identifier = v.accessibilityIdentifier { names.append("accessibilityIdentifier \"\(identifier)\"") }
        return names.isEmpty ? v.id : "\(v.id) (\(names.joined(separator: ", ")))"
    }
}
