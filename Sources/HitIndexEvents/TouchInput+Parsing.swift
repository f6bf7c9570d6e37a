import HitIndex
import HitIndexSceneFormat

/// One line of an events file: an input event, time passing with no input, or an edit of the
/// views between events.
public enum TouchInputLine {
    /// `{"t": 0.0, "touches": […]}`: touches changed at time t.
    case event(TouchInputEvent)
    /// `{"t": 1.0}`: time reaches t with no touch changing (``TouchDispatcher/advance(to:)``).
    case advance(Double)
    /// An edit in `hitindex replay`'s line forms (`insert`, `remove`, `move`, `set`, `scroll`),
    /// applied and published at once (``TouchDispatcher/apply(_:)``).
    case edit(SceneEdit)
    /// A first-responder change or an action (``TouchDispatcher/perform(_:)``).
    case responder(ResponderCommand)

    /// The keys that make a line an edit.
    static let editKeys: Set<String> = ["insert", "remove", "move", "set", "scroll"]

    /// Parses one line: an object with an edit key is an edit; `t` alone is an advance, `t` with
    /// `touches` an event.
    /// - Throws: a ``TouchInputError`` without a line number (the caller knows it).
    /// - Complexity: O(length of the line).
    public init(jsonLine text: String) throws(TouchInputError) {
        if case .success(let value) = EventJSONValue.parseExplained(text), case .object(let fields) = value,
            !ResponderCommand.keys.isDisjoint(with: fields.keys)
        {
            self = .responder(try ResponderCommand.parse(fields))
        } else if case .success(let value) = EventJSONValue.parseExplained(text), case .object(let fields) = value,
            !Self.editKeys.isDisjoint(with: fields.keys)
        {
            do throws(ScriptLineError) {
                guard case .edit(let edit) = try ScriptLine.parse(text) else {
                    throw ScriptLineError(message: "expected an edit")
                }
                self = .edit(edit)
            } catch {
                throw TouchInputError(message: error.message)
            }
        } else if case .success(let value) = EventJSONValue.parseExplained(text), case .object(let fields) = value,
            fields.count == 1,
            let t = fields["t"]
        {
            guard case .number(let time) = t, time.isFinite else {
                throw TouchInputError(message: "t: expected a finite number, got \(t.typeName)")
            }
            self = .advance(time)
        } else {
            self = .event(try TouchInputEvent(jsonLine: text))
        }
    }
}

extension TouchInputEvent {
    /// Parses one line of an events file (cli.md):
    /// `{"t": 0.0, "touches": [{"id": 1, "phase": "began", "x": 50, "y": 50}]}`.
    ///
    /// Every key is required and no other key is accepted; `t`, `x` and `y` are numbers, `id`
    /// an integer, `phase` one of `began`, `moved`, `stationary`, `ended`, `cancelled`;
    /// `touches` is a non-empty array with each id at most once.
    /// - Throws: a ``TouchInputError`` without a line number (the caller knows it).
    /// - Complexity: O(length of the line).
    public init(jsonLine text: String) throws(TouchInputError) {
        let value: EventJSONValue
        switch EventJSONValue.parseExplained(text) {
        case .success(let v): value = v
        case .failure(let e): throw TouchInputError(message: e.message)
        }
        guard case .object(let fields) = value else {
            throw TouchInputError(message: "expected an object {\"t\": …, \"touches\": […]}, got \(value.typeName)")
        }
        for key in fields.keys.sorted() where key != "t" && key != "touches" {
            throw TouchInputError(message: "unknown key \"\(key)\" (expected t and touches)")
        }
        guard let tValue = fields["t"] else { throw TouchInputError(message: "t: required") }
        guard case .number(let t) = tValue, t.isFinite else {
            throw TouchInputError(message: "t: expected a finite number, got \(tValue.typeName)")
        }
        guard let touchesValue = fields["touches"] else { throw TouchInputError(message: "touches: required") }
        guard case .array(let items) = touchesValue else {
            throw TouchInputError(message: "touches: expected an array, got \(touchesValue.typeName)")
        }
        guard !items.isEmpty else {
            throw TouchInputError(message: "touches: empty (an event carries at least one touch)")
        }
        var samples: [TouchSample] = []
        var seen: Set<Int> = []
        for (i, item) in items.enumerated() {
            let sample = try Self.parseTouch(item, index: i)
            guard seen.insert(sample.id).inserted else {
                throw TouchInputError(message: "touches[\(i)]: touch \(sample.id) appears twice in one event")
            }
            samples.append(sample)
        }
        self.init(time: t, touches: samples)
    }

    private static func parseTouch(_ value: EventJSONValue, index i: Int) throws(TouchInputError) -> TouchSample {
        let at = "touches[\(i)]"
        guard case .object(let f) = value else {
            throw TouchInputError(
                message: "\(at): expected an object {\"id\", \"phase\", \"x\", \"y\"}, got \(value.typeName)")
        }
        for key in f.keys.sorted() where !["id", "phase", "x", "y"].contains(key) {
            throw TouchInputError(message: "\(at): unknown key \"\(key)\" (expected id, phase, x and y)")
        }
        func number(_ key: String) throws(TouchInputError) -> Double {
            guard let v = f[key] else { throw TouchInputError(message: "\(at).\(key): required") }
            guard case .number(let n) = v, n.isFinite else {
                throw TouchInputError(message: "\(at).\(key): expected a finite number, got \(v.typeName)")
            }
            return n
        }
        let rawID = try number("id")
        guard rawID == rawID.rounded(), abs(rawID) < 9.0e15 else {
            throw TouchInputError(message: "\(at).id: expected an integer, got \(rawID)")
        }
        guard let p = f["phase"] else { throw TouchInputError(message: "\(at).phase: required") }
        guard case .string(let name) = p, let phase = TouchPhase(rawValue: name) else {
            let got: String
            if case .string(let s) = p { got = "\"\(s)\"" } else { got = p.typeName }
            throw TouchInputError(
                message: "\(at).phase: expected began, moved, stationary, ended or cancelled, got \(got)")
        }
        let x = try number("x")
        let y = try number("y")
        return TouchSample(id: Int(rawID), phase: phase, location: Point(x: x, y: y))
    }
}
