import HitIndex

/// One edit of the line forms `hitindex replay` reads (and an events file may interleave with
/// touches): insert a view or a window, remove, move, set attributes, scroll. Views are named by
/// id; values follow the scene format's rules.
public enum SceneEdit {
    /// VIEW (a view object's JSON text, with its subviews) under `into` at position `at` from the
    /// back (nil: front-most).
    case insert(view: String, into: String, at: Int?)
    /// VIEW as a new window at `level`.
    case insertWindow(view: String, level: Double)
    /// The view and its subtree (a window: the window).
    case remove(String)
    /// The view under `into` at `at`, counted without it (nil: front-most).
    case move(String, into: String, at: Int?)
    /// Attributes, applied in the order written (`frame` refused on a transformed view).
    case set(String, [(key: String, value: JSONValue)])
    /// `bounds.origin` to the two numbers of the value.
    case scroll(String, JSONValue)

    /// The view the edit names (the new view's id for an insert, read from its JSON when it can
    /// be).
    public var viewID: String? {
        switch self {
        case .remove(let id), .move(let id, _, _), .set(let id, _), .scroll(let id, _): id
        case .insert(let text, _, _), .insertWindow(let text, _):
            if case .object(let o)? = try? JSONValue.parse(text), case .string(let id)? = o["id"] { id } else { nil }
        }
    }
}

/// One line of a replay script: an edit, a commit or a query.
public enum ScriptLine {
    case edit(SceneEdit)
    case commit
    case query(Point)
}

/// Why a script line is not one of the forms.
public struct ScriptLineError: Error, Sendable, CustomStringConvertible {
    public var message: String

    /// Creates an error.
    /// - Complexity: O(1).
    public init(message: String) { self.message = message }

    public var description: String { message }
}

extension SceneEdit {
    // MARK: - Applying an edit to a live index

    /// Applies the edit to a live index's open transaction; returns why it is invalid, named as
    /// a scene error names a problem (`view "ID": FIELD: MESSAGE`), or nil when the index took it.
    /// - Complexity: that of the edit.
    public func apply(to live: LiveIndex) -> String? {
        let before = live.pendingError
        let problem = Self.apply(self, to: live)
        if let problem { return problem }
        guard before == nil, let error = live.pendingError else { return nil }
        return error.field.isEmpty
            ? "view \"\(error.view)\": \(error.message)" : "view \"\(error.view)\": \(error.field): \(error.message)"
    }

    private static func apply(_ op: SceneEdit, to live: LiveIndex) -> String? {
        func view(_ id: String, field: String = "") -> Result<ViewHandle, Problem> {
            guard let h = live.handle(forID: id) else {
                return .failure(Problem(id: id, field: field, message: "no view has this id"))
            }
            return .success(h)
        }
        do throws(Problem) {
            switch op {
            case .insert(let text, let into, let at):
                let parent = try view(into, field: "into").get()
                let (v, unresolved) = try readView(text, isWindow: false)
                try check(unresolved, live)
                live.insert(v, into: parent, at: at.map(SiblingPosition.index) ?? .front)
                redirect(unresolved, live)
            case .insertWindow(let text, let level):
                let (v, unresolved) = try readView(text, isWindow: true)
                guard level.isFinite else {
                    throw Problem(id: v.id, field: "level", message: "expected a finite number, got \(level)")
                }
                try check(unresolved, live)
                let window = v as! Window
                window.windowLevel = level
                live.insertWindow(window)
                redirect(unresolved, live)
            case .remove(let id):
                live.remove(try view(id).get())
            case .move(let id, let into, let at):
                live.move(
                    try view(id).get(), into: try view(into, field: "into").get(),
                    at: at.map(SiblingPosition.index) ?? .front)
            case .scroll(let id, let to):
                let h = try view(id).get()
                let v = try numbers(to, 2, field: "to", id: id)
                live.scroll(h, to: Point(x: v[0], y: v[1]))
            case .set(let id, let keys):
                let h = try view(id).get()
                guard var a = live.attributes(of: h) else {
                    throw Problem(id: id, field: "", message: "no view has this id")
                }
                var redirect: String??
                var level: Double?
                for (key, value) in keys {
                    switch key {
                    case "redirectTarget":
                        if case .null = value {
                            redirect = .some(nil)
                        } else if case .string(let target) = value {
                            guard live.handle(forID: target) != nil else {
                                throw Problem(id: id, field: key, message: "\"\(target)\" is not a view of this scene")
                            }
                            redirect = .some(target)
                        } else {
                            throw Problem(id: id, field: key, message: "expected a string or null, got \(kind(value))")
                        }
                    case "level":
                        guard live.level(of: h) != nil else {
                            throw Problem(id: id, field: key, message: "only a window has a level")
                        }
                        level = try number(value, field: key, id: id)
                    default:
                        try setAttribute(key, value, of: &a, id: id)
                    }
                }
                live.setAttributes(h, a)
                if let redirect { live.setRedirect(h, to: redirect.flatMap { live.handle(forID: $0) }) }
                if let level { live.setLevel(h, level) }
            }
        } catch {
            return error.description
        }
        return nil
    }

    /// Checks that every redirect target outside the new views names a live view.
    private static func check(_ unresolved: [(view: View, target: String)], _ live: LiveIndex) throws(Problem) {
        for (v, target) in unresolved where live.handle(forID: target) == nil {
            throw Problem(id: v.id, field: "redirectTarget", message: "\"\(target)\" is not a view of this scene")
        }
    }

    /// Redirects new views to live views outside them, by id, once the views are in.
    private static func redirect(_ unresolved: [(view: View, target: String)], _ live: LiveIndex) {
        for (v, target) in unresolved {
            guard let source = live.handle(forID: v.id) else { continue }
            live.setRedirect(source, to: live.handle(forID: target))
        }
    }

    private static func readView(_ text: String, isWindow: Bool) throws(Problem) -> (
        View, [(view: View, target: String)]
    ) {
        do {
            return try SceneReader.readView(string: text, isWindow: isWindow)
        } catch {
            switch error.location {
            case .view(let id): throw Problem(id: id, field: error.field, message: error.message)
            case .path(let path):
                // The reader's paths start at the view object, which is the line's `insert` value.
                throw Problem(path: "$.insert" + path.dropFirst(), field: error.field, message: error.message)
            case .document: throw Problem(id: nil, field: error.field, message: error.message)
            }
        }
    }

    // MARK: - Attribute values (the scene format's rules)

    /// Applies one `set` key to attributes, as a scene file's key sets it.
    public static func setAttribute(_ key: String, _ value: JSONValue, of a: inout ViewAttributes, id: String)
        throws(Problem)
    {
        func rect() throws(Problem) -> Rect {
            let v = try numbers(value, 4, field: key, id: id)
            return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
        }
        func point() throws(Problem) -> Point {
            let v = try numbers(value, 2, field: key, id: id)
            return Point(x: v[0], y: v[1])
        }
        func flag() throws(Problem) -> Bool {
            guard case .bool(let b) = value else {
                throw Problem(id: id, field: key, message: "expected true or false, got \(kind(value))")
            }
            return b
        }
        switch key {
        case "frame":
            guard a.transform.isIdentity else {
                throw Problem(
                    id: id, field: key,
                    message: "not allowed together with a non-identity transform (give bounds and center)")
            }
            let f = try rect()
            a.bounds.size = f.size
            a.center = Point(
                x: f.origin.x + a.anchorPoint.x * f.size.width, y: f.origin.y + a.anchorPoint.y * f.size.height)
        case "bounds": a.bounds = try rect()
        case "center": a.center = try point()
        case "boundsOrigin": a.bounds.origin = try point()
        case "anchorPoint": a.anchorPoint = try point()
        case "transform":
            if case .array(let items) = value, let first = items.first, case .object = first {
                // A list of operations, as in a scene file.
                switch SceneDecoder.composeTransform(items) {
                case .success(let t): a.transform = t
                case .failure(let problem): throw Problem(id: id, field: key, message: problem.message)
                }
            } else {
                let v = try numbers(value, 6, field: key, id: id)
                a.transform = AffineTransform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])
            }
        case "hitTestInsets":
            let v = try numbers(value, 4, field: key, id: id)
            a.hitTestInsets = EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
        case "minimumHitSize":
            let p = try point()
            a.minimumHitSize = Size(width: p.x, height: p.y)
        case "hidden": a.isHidden = try flag()
        case "userInteractionEnabled": a.isUserInteractionEnabled = try flag()
        case "hitTestsSubviewsOutsideBounds": a.hitTestsSubviewsOutsideBounds = try flag()
        case "passThrough": a.isPassThrough = try flag()
        case "alpha":
            let alpha = try number(value, field: key, id: id)
            guard alpha >= 0, Float(alpha).isFinite else {
                throw Problem(id: id, field: key, message: "expected a finite number >= 0, got \(alpha)")
            }
            a.alpha = Float(alpha)
        case "hitShape":
            switch value {
            case .string("rect"): a.hitShape = .rect
            case .string("ellipse"): a.hitShape = .ellipse
            case .object(let o) where o.count == 1:
                guard case .number(let r)? = o["roundedRect"] else { fallthrough }
                guard r.isFinite && r >= 0 else {
                    throw Problem(id: id, field: key, message: "expected a finite roundedRect radius >= 0, got \(r)")
                }
                a.hitShape = .roundedRect(radius: r)
            default:
                throw Problem(
                    id: id, field: key,
                    message: "expected \"rect\", \"ellipse\" or {\"roundedRect\": radius}, got \(kind(value))")
            }
        default:
            throw Problem(id: id, field: key, message: "unknown key")
        }
    }

    public static func numbers(_ value: JSONValue, _ count: Int, field: String, id: String) throws(Problem) -> [Double]
    {
        let plural = count == 1 ? "number" : "numbers"
        guard case .array(let items) = value, items.count == count else {
            throw Problem(id: id, field: field, message: "expected \(count) finite \(plural), got \(kind(value))")
        }
        var result: [Double] = []
        for item in items {
            guard case .number(let d) = item else {
                throw Problem(id: id, field: field, message: "expected \(count) finite \(plural), got \(kind(value))")
            }
            guard d.isFinite else {
                throw Problem(
                    id: id, field: field,
                    message: "expected \(count) finite \(plural), got a number too large to represent")
            }
            result.append(d)
        }
        return result
    }

    public static func number(_ value: JSONValue, field: String, id: String) throws(Problem) -> Double {
        guard case .number(let d) = value, d.isFinite else {
            throw Problem(id: id, field: field, message: "expected a finite number, got \(kind(value))")
        }
        return d
    }

    static func kind(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number(let d): d.isFinite ? "a number" : "a number too large to represent"
        case .string: "a string"
        case .array(let items):
            items.allSatisfy { if case .number = $0 { true } else { false } }
                ? "\(items.count)" : "an array that is not all numbers"
        case .object: "an object"
        }
    }

    /// An invalid edit, named as a scene error names it.
    public struct Problem: Error, CustomStringConvertible {
        var id: String?
        /// The JSON path within the line, for a new view that has no id to name.
        var path: String?
        var field: String
        var message: String

        init(id: String?, field: String, message: String) {
            self.id = id
            self.field = field
            self.message = message
        }

        init(path: String, field: String, message: String) {
            self.path = path
            self.field = field
            self.message = message
        }

        public var description: String {
            var parts: [String] = []
            if let id { parts.append("view \"\(id)\"") } else if let path { parts.append(path) }
            if !field.isEmpty { parts.append(field) }
            parts.append(message)
            return parts.joined(separator: ": ")
        }
    }

    // MARK: - Parsing a line

}

extension ScriptLine {
    /// Parses one script line, checking its shape (not its values, which the edit checks).
    /// - Complexity: O(length).
    public static func parse(_ text: String) throws(ScriptLineError) -> ScriptLine {
        let value: JSONValue
        do {
            value = try JSONValue.parse(text)
        } catch {
            throw ScriptLineError(message: "not JSON: \(error.message)")
        }
        guard case .object(let object) = value, let members = JSONValue.objectMembers(text) else {
            throw ScriptLineError(message: "expected a JSON object")
        }
        let operations = ["insert", "remove", "move", "set", "scroll", "commit", "query"].filter { object[$0] != nil }
        guard operations.count == 1, let name = operations.first else {
            throw ScriptLineError(
                message: operations.isEmpty
                    ? "expected one of insert, remove, move, set, scroll, commit, query"
                    : "more than one operation (\(operations.joined(separator: ", ")))")
        }
        func only(_ allowed: Set<String>) throws(ScriptLineError) {
            for key in object.keys.sorted() where !allowed.contains(key) {
                throw ScriptLineError(message: "\(name): unexpected key \"\(key)\"")
            }
        }
        func string(_ key: String) throws(ScriptLineError) -> String {
            guard case .string(let s)? = object[key] else {
                throw ScriptLineError(message: "\(name): \"\(key)\" must be a string")
            }
            return s
        }
        func position() throws(ScriptLineError) -> Int? {
            guard let v = object["at"] else { return nil }
            guard case .number(let d) = v, d == d.rounded() else {
                throw ScriptLineError(message: "\(name): \"at\" must be a whole number")
            }
            // Out of range, however far: a position the edit refuses, not a malformed line.
            return abs(d) < 1e15 ? Int(d) : (d < 0 ? -1 : Int.max)
        }
        func raw(_ key: String) -> String { members.first { $0.key == key }!.raw }
        switch name {
        case "insert":
            guard case .object? = object["insert"] else {
                throw ScriptLineError(message: "insert: expected a view object")
            }
            if let level = object["level"] {
                try only(["insert", "level"])
                // A number too large to represent is a value the edit refuses, not a malformed line.
                guard case .number(let l) = level else {
                    throw ScriptLineError(message: "insert: \"level\" must be a number")
                }
                return .edit(.insertWindow(view: raw("insert"), level: l))
            }
            try only(["insert", "into", "at"])
            return .edit(.insert(view: raw("insert"), into: try string("into"), at: try position()))
        case "remove":
            try only(["remove"])
            return .edit(.remove(try string("remove")))
        case "move":
            try only(["move", "into", "at"])
            return .edit(.move(try string("move"), into: try string("into"), at: try position()))
        case "set":
            let id = try string("set")
            return .edit(.set(id, members.filter { $0.key != "set" }.map { ($0.key, object[$0.key]!) }))
        case "scroll":
            try only(["scroll", "to"])
            guard let to = object["to"] else { throw ScriptLineError(message: "scroll: \"to\" is required") }
            return .edit(.scroll(try string("scroll"), to))
        case "commit":
            try only(["commit"])
            guard case .bool(true) = object["commit"]! else { throw ScriptLineError(message: "commit: expected true") }
            return .commit
        default:
            try only(["query"])
            guard case .array(let xy) = object["query"]!, xy.count == 2, case .number(let x) = xy[0],
                case .number(let y) = xy[1]
            else { throw ScriptLineError(message: "query: expected [X, Y]") }
            return .query(Point(x: x, y: y))
        }
    }
}

/// An object model that edits apply to by id: what the reference answers from after the same
/// edits a live index took.
public final class EditableScene {
    public let scene: Scene
    private var byID: [String: View] = [:]

    /// Wraps a scene whose ids are unique.
    /// - Complexity: O(n).
    public init(_ scene: Scene) {
        self.scene = scene
        scene.forEachView { v, _ in byID[v.id] = v }
    }

    /// The view with this id.
    /// - Complexity: O(1) expected.
    public func view(withID id: String) -> View? { byID[id] }

    /// Applies an edit a live index accepted (so every name and value is valid); returns the views
    /// it inserted or removed (roots of the subtrees).
    /// - Complexity: O(size of the edit), plus O(n) for a removal's redirect sweep.
    @discardableResult
    public func apply(_ op: SceneEdit) -> (inserted: View?, removed: View?) {
        switch op {
        case .insert(let text, let into, let at):
            let (v, unresolved) = try! SceneReader.readView(string: text, isWindow: false)
            for (source, target) in unresolved { source.redirectTarget = byID[target] }
            let parent = byID[into]!
            parent.insertSubview(v, at: at ?? parent.subviews.count)
            register(v)
            return (v, nil)
        case .insertWindow(let text, let level):
            let (v, unresolved) = try! SceneReader.readView(string: text, isWindow: true)
            for (source, target) in unresolved { source.redirectTarget = byID[target] }
            (v as! Window).windowLevel = level
            scene.addWindow(v as! Window)
            register(v)
            return (v, nil)
        case .remove(let id):
            let v = byID[id]!
            for u in scene.remove(v) { byID[u.id] = nil }
            return (nil, v)
        case .move(let id, let into, let at):
            let v = byID[id]!
            let parent = byID[into]!
            parent.insertSubview(v, at: at ?? parent.subviews.count - (v.superview === parent ? 1 : 0))
        case .scroll(let id, let to):
            let v = try! SceneEdit.numbers(to, 2, field: "to", id: id)
            byID[id]!.bounds.origin = Point(x: v[0], y: v[1])
        case .set(let id, let keys):
            let v = byID[id]!
            var a = v.attributes
            for (key, value) in keys {
                switch key {
                case "redirectTarget":
                    if case .string(let t) = value { v.redirectTarget = byID[t] } else { v.redirectTarget = nil }
                case "level":
                    if case .number(let l) = value { (v as! Window).windowLevel = l }
                default:
                    try! SceneEdit.setAttribute(key, value, of: &a, id: id)
                }
            }
            v.attributes = a
        }
        return (nil, nil)
    }

    private func register(_ v: View) {
        var stack = [v]
        while let u = stack.popLast() {
            byID[u.id] = u
            stack += u.subviews
        }
    }
}
