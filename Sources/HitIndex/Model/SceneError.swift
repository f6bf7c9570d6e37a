/// A refused scene: one line naming the file, the view (or the JSON path when no view id is
/// known), the field and what was expected.
///
/// `scene.json: view "Rotated": transform: expected 6 finite numbers, got 5`
public struct SceneError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where in the scene the problem is.
    public enum Location: Hashable, Sendable {
        /// A view, by id.
        case view(String)
        /// A JSON path (`$.windows[0].subviews[2]`), for problems before a view id is known.
        case path(String)
        /// The document as a whole.
        case document
    }

    /// The file the scene came from, when it came from one.
    public var file: String?
    /// The view or JSON path.
    public var location: Location
    /// The field (a scene-file key), or an empty string for the location as a whole.
    public var field: String
    /// What was wrong: what was expected, and what was found.
    public var message: String

    /// Creates an error.
    /// - Complexity: O(1).
    public init(file: String? = nil, location: Location, field: String, message: String) {
        self.file = file
        self.location = location
        self.field = field
        self.message = message
    }

    /// The same error, attributed to `file`.
    /// - Complexity: O(1).
    public func inFile(_ file: String) -> SceneError {
        var copy = self
        copy.file = file
        return copy
    }

    /// The one-line form.
    /// - Complexity: O(length of the message).
    public var description: String {
        var parts: [String] = []
        if let file { parts.append(file) }
        switch location {
        case .view(let id): parts.append("view \"\(id)\"")
        case .path(let path): parts.append(path)
        case .document: break
        }
        if !field.isEmpty { parts.append(field) }
        parts.append(message)
        return parts.joined(separator: ": ")
    }
}
