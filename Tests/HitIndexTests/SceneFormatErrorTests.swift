import Foundation
import HitIndex
import HitIndexSceneFormat
import Testing

/// Refused scenes (scene-format.md "Errors", semantics §5): one line naming the file, the view id
/// (or the JSON path when no id is known), the field, and what was expected. Nothing crashes.
@Suite struct SceneFormatErrorTests {
    /// What a refusal must say.
    enum Expect: Sendable {
        /// Names `view "id"` and one of `fields`, and mentions each fragment.
        case view(String, fields: [String], mentions: [String])
        /// Names the JSON path (no id is known) and the field.
        case path(String, field: String)
        /// A document-level problem: no view is named; mentions each fragment.
        case document(mentions: [String])
        /// Malformed JSON at this line and one of these columns (1-based).
        case syntax(line: Int, columns: [Int])
        /// An empty id: field "id", located by the JSON path or by `view ""`.
        case emptyID(path: String)
        /// Refused, with no further claim about the wording.
        case any
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let json: String
        let expect: Expect
        var testDescription: String { name }
    }

    /// A window W with one subview.
    static func one(_ view: String) -> String {
        "{\"windows\": [{\"id\": \"W\", \"frame\": [0, 0, 100, 100], \"subviews\": [\(view)]}]}"
    }

    static func field(_ id: String, _ field: String, _ mentions: String...) -> Expect {
        .view(id, fields: [field], mentions: mentions)
    }

    static let cases: [Case] = [
        // Wrong array lengths: "expected N finite numbers, got M" as in the spec's example.
        Case(
            name: "transform with 7 numbers",
            json: one(#"{"id": "V", "bounds": [0, 0, 1, 1], "center": [0, 0], "transform": [1, 0, 0, 1, 0, 0, 0]}"#),
            expect: field("V", "transform", "expected 6 finite numbers", "got 7")),
        Case(
            name: "frame with 3 numbers", json: one(#"{"id": "V", "frame": [0, 0, 10]}"#),
            expect: field("V", "frame", "expected 4 finite numbers", "got 3")),
        Case(
            name: "frame empty", json: one(#"{"id": "V", "frame": []}"#),
            expect: field("V", "frame", "expected 4 finite numbers", "got 0")),
        Case(
            name: "bounds with 5 numbers", json: one(#"{"id": "V", "bounds": [0, 0, 1, 1, 1], "center": [0, 0]}"#),
            expect: field("V", "bounds", "expected 4 finite numbers", "got 5")),
        Case(
            name: "center with 1 number", json: one(#"{"id": "V", "bounds": [0, 0, 1, 1], "center": [0]}"#),
            expect: field("V", "center", "expected 2 finite numbers", "got 1")),
        Case(
            name: "anchorPoint with 3 numbers",
            json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "anchorPoint": [0, 0, 0]}"#),
            expect: field("V", "anchorPoint", "expected 2 finite numbers", "got 3")),
        Case(
            name: "boundsOrigin with 1 number", json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "boundsOrigin": [5]}"#),
            expect: field("V", "boundsOrigin", "expected 2 finite numbers", "got 1")),
        Case(
            name: "hitTestInsets with 3 numbers",
            json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "hitTestInsets": [1, 2, 3]}"#),
            expect: field("V", "hitTestInsets", "expected 4 finite numbers", "got 3")),
        Case(
            name: "minimumHitSize with 1 number",
            json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "minimumHitSize": [44]}"#),
            expect: field("V", "minimumHitSize", "expected 2 finite numbers", "got 1")),
        Case(
            name: "window frame with 2 numbers", json: #"{"windows": [{"id": "W", "frame": [0, 0]}]}"#,
            expect: field("W", "frame", "expected 4 finite numbers", "got 2")),

        // Non-numbers.
        Case(
            name: "frame with a string element", json: one(#"{"id": "V", "frame": [0, 0, "10", 10]}"#),
            expect: field("V", "frame", "expected 4 finite numbers")),
        Case(
            name: "frame as a string", json: one(#"{"id": "V", "frame": "0 0 10 10"}"#),
            expect: field("V", "frame", "expected 4 finite numbers")),
        Case(
            name: "frame as an object", json: one(#"{"id": "V", "frame": {"x": 0, "y": 0, "w": 1, "h": 1}}"#),
            expect: field("V", "frame", "expected 4 finite numbers")),
        Case(
            name: "center with null", json: one(#"{"id": "V", "bounds": [0, 0, 1, 1], "center": [null, 0]}"#),
            expect: field("V", "center", "expected 2 finite numbers")),
        Case(
            name: "transform with a boolean",
            json: one(#"{"id": "V", "bounds": [0, 0, 1, 1], "center": [0, 0], "transform": [1, 0, 0, 1, 0, true]}"#),
            expect: field("V", "transform", "expected 6 finite numbers")),
        Case(
            name: "anchorPoint with a nested array",
            json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "anchorPoint": [[0.5], 0.5]}"#),
            expect: field("V", "anchorPoint", "expected 2 finite numbers")),
        Case(
            name: "alpha as a string", json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "alpha": "1"}"#),
            expect: field("V", "alpha", "expected")),
        Case(
            name: "level as a string", json: #"{"windows": [{"id": "W", "frame": [0, 0, 1, 1], "level": "0"}]}"#,
            expect: field("W", "level", "expected")),

        // Numbers too large for a Double.
        Case(
            name: "frame with 1e999", json: one(#"{"id": "V", "frame": [0, 0, 1e999, 10]}"#),
            expect: field("V", "frame", "expected 4 finite numbers")),
        Case(
            name: "center just above the largest Double",
            json: one(#"{"id": "V", "bounds": [0, 0, 1, 1], "center": [1.7976931348623159e308, 0]}"#),
            expect: field("V", "center", "expected 2 finite numbers")),
        Case(
            name: "transform with -1e400",
            json: one(#"{"id": "V", "bounds": [0, 0, 1, 1], "center": [0, 0], "transform": [1, 0, 0, 1, -1e400, 0]}"#),
            expect: field("V", "transform", "expected 6 finite numbers")),
        Case(
            name: "hitTestInsets with 1e309",
            json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "hitTestInsets": [0, 0, 0, 1e309]}"#),
            expect: field("V", "hitTestInsets", "expected 4 finite numbers")),
        Case(
            name: "minimumHitSize with 1e999",
            json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "minimumHitSize": [1e999, 0]}"#),
            expect: field("V", "minimumHitSize", "expected 2 finite numbers")),
        Case(
            name: "alpha 1e999", json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "alpha": 1e999}"#),
            expect: field("V", "alpha", "expected")),
        Case(
            name: "level 1e999", json: #"{"windows": [{"id": "W", "frame": [0, 0, 1, 1], "level": -1e999}]}"#,
            expect: field("W", "level", "expected")),
        Case(
            name: "roundedRect radius 1e999",
            json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "hitShape": {"roundedRect": 1e999}}"#),
            expect: field("V", "hitShape")),

        // Alpha.
        Case(
            name: "negative alpha", json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "alpha": -0.5}"#),
            expect: field("V", "alpha", "expected")),
        Case(
            name: "tiny negative alpha (a Float -0.0)",
            json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "alpha": -1e-300}"#),
            expect: field("V", "alpha", "expected")),
        Case(
            name: "alpha 1e39 is too large for a Float",
            json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "alpha": 1e39}"#),
            expect: field("V", "alpha", "expected")),
        Case(
            name: "alpha 3.5e38 is too large for a Float",
            json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "alpha": 3.5e38}"#),
            expect: field("V", "alpha", "expected")),

        // Ids.
        Case(
            name: "duplicate sibling ids",
            json: one(#"{"id": "A", "frame": [0, 0, 1, 1]}, {"id": "A", "frame": [0, 0, 1, 1]}"#),
            expect: field("A", "id", "duplicate")),
        Case(
            name: "a subview with its window's id", json: one(#"{"id": "W", "frame": [0, 0, 1, 1]}"#),
            expect: field("W", "id", "duplicate")),
        Case(
            name: "duplicate ids in two windows",
            json:
                #"{"windows": [{"id": "W1", "frame": [0, 0, 1, 1], "subviews": [{"id": "X", "frame": [0, 0, 1, 1]}]}, {"id": "W2", "frame": [0, 0, 1, 1], "subviews": [{"id": "X", "frame": [0, 0, 1, 1]}]}]}"#,
            expect: field("X", "id", "duplicate")),
        Case(
            name: "duplicate ids in the flat form",
            json:
                #"{"views": [{"id": "W", "frame": [0, 0, 1, 1]}, {"id": "A", "parent": "W", "frame": [0, 0, 1, 1]}, {"id": "A", "parent": "W", "frame": [0, 0, 1, 1]}]}"#,
            expect: field("A", "id", "duplicate")),
        Case(
            name: "missing id of a subview", json: one(#"{"id": "A", "frame": [0, 0, 1, 1]}, {"frame": [0, 0, 1, 1]}"#),
            expect: .path("$.windows[0].subviews[1]", field: "id")),
        Case(
            name: "missing id of a window",
            json: #"{"windows": [{"id": "W", "frame": [0, 0, 1, 1]}, {"frame": [0, 0, 1, 1]}]}"#,
            expect: .path("$.windows[1]", field: "id")),
        Case(
            name: "missing id of the root", json: #"{"root": {"frame": [0, 0, 1, 1]}}"#,
            expect: .path("$.root", field: "id")),
        Case(
            name: "missing id deep in the root",
            json:
                #"{"root": {"id": "R", "frame": [0, 0, 1, 1], "subviews": [{"id": "A", "frame": [0, 0, 1, 1], "subviews": [{"id": "B", "frame": [0, 0, 1, 1]}, {"frame": [0, 0, 1, 1]}]}]}}"#,
            expect: .path("$.root.subviews[0].subviews[1]", field: "id")),
        Case(
            name: "missing id in the flat form",
            json: #"{"views": [{"id": "W", "frame": [0, 0, 1, 1]}, {"parent": "W", "frame": [0, 0, 1, 1]}]}"#,
            expect: .path("$.views[1]", field: "id")),
        Case(
            name: "missing id deep in a window",
            json:
                #"{"windows": [{"id": "W0", "frame": [0, 0, 1, 1]}, {"id": "W1", "frame": [0, 0, 1, 1], "subviews": [{"id": "A", "frame": [0, 0, 1, 1], "subviews": [{"id": "B", "frame": [0, 0, 1, 1]}, {"id": "C", "frame": [0, 0, 1, 1]}, {"frame": [0, 0, 1, 1]}]}]}]}"#,
            expect: .path("$.windows[1].subviews[0].subviews[2]", field: "id")),
        Case(
            name: "id as a number", json: one(#"{"id": 7, "frame": [0, 0, 1, 1]}"#),
            expect: .path("$.windows[0].subviews[0]", field: "id")),
        // An empty id names nothing; the spec allows the JSON path "when there is no id". The
        // reader says `view ""` (docs/scene-format.md admits it), Scene.validate() gives the path:
        // either is accepted here, the field must be "id".
        Case(
            name: "empty id", json: one(#"{"id": "", "frame": [0, 0, 1, 1]}"#),
            expect: .emptyID(path: "$.windows[0].subviews[0]")),

        // Redirect targets.
        Case(
            name: "unknown redirectTarget", json: one(#"{"id": "A", "frame": [0, 0, 1, 1], "redirectTarget": "Nope"}"#),
            expect: field("A", "redirectTarget", "Nope")),
        Case(
            name: "redirectTarget naming an event-layer id",
            json: one(#"{"id": "A", "frame": [0, 0, 1, 1], "viewController": "VC", "redirectTarget": "VC"}"#),
            expect: field("A", "redirectTarget", "VC")),
        Case(
            name: "redirectTarget as a number", json: one(#"{"id": "A", "frame": [0, 0, 1, 1], "redirectTarget": 3}"#),
            expect: field("A", "redirectTarget", "expected")),
        Case(
            name: "redirectTarget null", json: one(#"{"id": "A", "frame": [0, 0, 1, 1], "redirectTarget": null}"#),
            expect: field("A", "redirectTarget", "expected")),

        // Geometry keys.
        Case(name: "no geometry at all", json: one(#"{"id": "V"}"#), expect: field("V", "frame")),
        Case(
            name: "bounds without center", json: one(#"{"id": "V", "bounds": [0, 0, 1, 1]}"#),
            expect: field("V", "center")),
        Case(name: "center without bounds", json: one(#"{"id": "V", "center": [0, 0]}"#), expect: field("V", "bounds")),
        Case(
            name: "frame with a non-identity transform",
            json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "transform": [0, 1, -1, 0, 0, 0]}"#),
            expect: field("V", "frame", "transform")),
        Case(
            name: "frame with a translation",
            json: one(#"{"id": "V", "transform": [1, 0, 0, 1, 5, 0], "frame": [0, 0, 1, 1]}"#),
            expect: field("V", "frame", "transform")),
        Case(
            name: "frame with bounds",
            json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "bounds": [0, 0, 1, 1], "center": [0, 0]}"#),
            expect: .view("V", fields: ["frame", "bounds", "center"], mentions: ["frame"])),
        Case(
            name: "frame with bounds only", json: one(#"{"id": "V", "bounds": [0, 0, 1, 1], "frame": [0, 0, 1, 1]}"#),
            expect: .view("V", fields: ["frame", "bounds"], mentions: ["frame", "bounds"])),
        Case(
            name: "frame with center", json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "center": [0, 0]}"#),
            expect: .view("V", fields: ["frame", "center"], mentions: ["frame", "center"])),
        Case(
            name: "boundsOrigin without frame",
            json: one(#"{"id": "V", "bounds": [0, 0, 1, 1], "center": [0, 0], "boundsOrigin": [1, 1]}"#),
            expect: field("V", "boundsOrigin", "frame")),

        // Unknown and duplicate keys.
        Case(
            name: "unknown view key", json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "colour": "red"}"#),
            expect: field("V", "colour", "unknown")),
        Case(
            name: "keys are case-sensitive", json: one(#"{"id": "V", "Frame": [0, 0, 1, 1]}"#),
            expect: field("V", "Frame", "unknown")),
        Case(
            name: "unknown key before the id", json: one(#"{"clipsToBounds": true, "id": "V", "frame": [0, 0, 1, 1]}"#),
            expect: field("V", "clipsToBounds", "unknown")),
        Case(
            name: "unknown document key", json: #"{"windows": [{"id": "W", "frame": [0, 0, 1, 1]}], "version": 2}"#,
            expect: .document(mentions: ["version"])),
        Case(
            name: "duplicate frame", json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "frame": [0, 0, 2, 2]}"#),
            expect: field("V", "frame", "duplicate")),
        Case(
            name: "duplicate alpha", json: one(#"{"id": "V", "alpha": 1, "frame": [0, 0, 1, 1], "alpha": 0.5}"#),
            expect: field("V", "alpha", "duplicate")),
        Case(
            name: "duplicate subviews",
            json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "subviews": [], "subviews": []}"#),
            expect: field("V", "subviews", "duplicate")),
        Case(
            name: "duplicate event-layer key",
            json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "viewController": "A", "viewController": "B"}"#),
            expect: field("V", "viewController", "duplicate")),
        Case(
            name: "duplicate key spelled with an escape",
            json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "fr\u0061me": [0, 0, 2, 2]}"#),
            expect: field("V", "frame", "duplicate")),
        Case(
            name: "duplicate document key windows",
            json:
                #"{"windows": [{"id": "W", "frame": [0, 0, 1, 1]}], "windows": [{"id": "X", "frame": [0, 0, 1, 1]}]}"#,
            expect: .document(mentions: ["windows", "duplicate"])),
        Case(
            name: "duplicate document key application",
            json: #"{"application": {}, "windows": [{"id": "W", "frame": [0, 0, 1, 1]}], "application": {}}"#,
            expect: .document(mentions: ["application", "duplicate"])),

        // Parents.
        Case(
            name: "parent naming a later view",
            json:
                #"{"views": [{"id": "W", "frame": [0, 0, 1, 1]}, {"id": "A", "parent": "B", "frame": [0, 0, 1, 1]}, {"id": "B", "parent": "W", "frame": [0, 0, 1, 1]}]}"#,
            expect: field("A", "parent", "B")),
        Case(
            name: "parent naming an unknown view",
            json:
                #"{"views": [{"id": "W", "frame": [0, 0, 1, 1]}, {"id": "A", "parent": "Ghost", "frame": [0, 0, 1, 1]}]}"#,
            expect: field("A", "parent", "Ghost")),
        Case(
            name: "parent naming the view itself",
            json:
                #"{"views": [{"id": "W", "frame": [0, 0, 1, 1]}, {"id": "A", "parent": "A", "frame": [0, 0, 1, 1]}]}"#,
            expect: field("A", "parent")),
        Case(
            name: "parent as a number",
            json: #"{"views": [{"id": "W", "frame": [0, 0, 1, 1]}, {"id": "A", "parent": 0, "frame": [0, 0, 1, 1]}]}"#,
            expect: field("A", "parent", "expected")),
        Case(
            name: "parent in the nested form", json: one(#"{"id": "V", "parent": "W", "frame": [0, 0, 1, 1]}"#),
            expect: field("V", "parent")),
        Case(
            name: "parent on a nested window",
            json: #"{"windows": [{"id": "W", "parent": "X", "frame": [0, 0, 1, 1]}]}"#,
            expect: field("W", "parent")),
        Case(
            name: "parent on the root", json: #"{"root": {"id": "R", "parent": "X", "frame": [0, 0, 1, 1]}}"#,
            expect: field("R", "parent")),

        // Levels.
        Case(
            name: "level on a nested subview", json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "level": 1000}"#),
            expect: field("V", "level")),
        Case(
            name: "level on a flat child",
            json:
                #"{"views": [{"id": "W", "frame": [0, 0, 1, 1]}, {"id": "V", "parent": "W", "level": 0, "frame": [0, 0, 1, 1]}]}"#,
            expect: field("V", "level")),

        // Wrong types for booleans and strings.
        Case(
            name: "hidden as a string", json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "hidden": "yes"}"#),
            expect: field("V", "hidden", "expected")),
        Case(
            name: "hidden as a number", json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "hidden": 1}"#),
            expect: field("V", "hidden", "expected")),
        Case(
            name: "userInteractionEnabled as a string",
            json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "userInteractionEnabled": "true"}"#),
            expect: field("V", "userInteractionEnabled", "expected")),
        Case(
            name: "hitTestsSubviewsOutsideBounds null",
            json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "hitTestsSubviewsOutsideBounds": null}"#),
            expect: field("V", "hitTestsSubviewsOutsideBounds", "expected")),
        Case(
            name: "passThrough as an array", json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "passThrough": []}"#),
            expect: field("V", "passThrough", "expected")),
        Case(
            name: "class as a number", json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "class": 5}"#),
            expect: field("V", "class", "expected")),
        Case(
            name: "subviews as an object", json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "subviews": {}}"#),
            expect: field("V", "subviews", "expected")),
        Case(
            name: "subviews as a string", json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "subviews": "none"}"#),
            expect: field("V", "subviews", "expected")),
        Case(
            name: "a subview that is not an object", json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "subviews": [1]}"#),
            expect: .any),
        Case(
            name: "windows as an object", json: #"{"windows": {"id": "W", "frame": [0, 0, 1, 1]}}"#,
            expect: .document(mentions: ["windows"])),
        Case(name: "views as a string", json: #"{"views": "W"}"#, expect: .document(mentions: ["views"])),
        Case(
            name: "root as an array", json: #"{"root": [{"id": "W", "frame": [0, 0, 1, 1]}]}"#,
            expect: .document(mentions: ["root"])),

        // hitShape.
        Case(
            name: "hitShape circle", json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "hitShape": "circle"}"#),
            expect: field("V", "hitShape")),
        Case(
            name: "hitShape is case-sensitive",
            json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "hitShape": "Ellipse"}"#), expect: field("V", "hitShape")),
        Case(
            name: "hitShape number", json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "hitShape": 5}"#),
            expect: field("V", "hitShape")),
        Case(
            name: "hitShape null", json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "hitShape": null}"#),
            expect: field("V", "hitShape")),
        Case(
            name: "hitShape radius as a string",
            json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "hitShape": {"roundedRect": "4"}}"#),
            expect: field("V", "hitShape")),
        Case(
            name: "hitShape with an extra key",
            json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "hitShape": {"roundedRect": 4, "extra": 1}}"#),
            expect: field("V", "hitShape")),
        Case(
            name: "hitShape with another key",
            json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "hitShape": {"radius": 4}}"#), expect: field("V", "hitShape")
        ),
        Case(
            name: "hitShape empty object", json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "hitShape": {}}"#),
            expect: field("V", "hitShape")),
        Case(
            name: "hitShape as an array",
            json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "hitShape": ["roundedRect", 4]}"#),
            expect: field("V", "hitShape")),
        Case(
            name: "negative roundedRect radius",
            json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "hitShape": {"roundedRect": -1}}"#),
            expect: field("V", "hitShape")),
        Case(
            name: "tiny negative roundedRect radius",
            json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "hitShape": {"roundedRect": -1e-300}}"#),
            expect: field("V", "hitShape")),

        // Syntax, with line and column (1-based; columns count bytes of the line).
        // Line 2 is `{"id": "W", "frame": [0, 0, 10` (30 bytes): the file ends at column 31.
        Case(
            name: "truncated file", json: "{\"windows\": [\n{\"id\": \"W\", \"frame\": [0, 0, 10",
            expect: .syntax(line: 2, columns: [31])),
        // `  {"id": "W", "frame": [0, 0, 10, 10], }`: the comma is column 38, the brace column 40.
        Case(
            name: "trailing comma in an object",
            json: "{\"windows\": [\n  {\"id\": \"W\", \"frame\": [0, 0, 10, 10], }\n]}",
            expect: .syntax(line: 2, columns: [38, 40])),
        // `{"root": {"id": "W", "frame": [0, 0, 10, 10,]}}`: the comma is column 44, the bracket 45.
        Case(
            name: "trailing comma in an array", json: #"{"root": {"id": "W", "frame": [0, 0, 10, 10,]}}"#,
            expect: .syntax(line: 1, columns: [44, 45])),
        // `{"root": {"id" "W", ...`: the space after "id" is column 15, the quote of "W" column 16.
        Case(
            name: "missing colon", json: #"{"root": {"id" "W", "frame": [0, 0, 10, 10]}}"#,
            expect: .syntax(line: 1, columns: [15, 16])),
        // `{"root": {"id": "W\q", ...`: the backslash is column 19, the q column 20.
        Case(
            name: "bad escape", json: #"{"root": {"id": "W\q", "frame": [0, 0, 10, 10]}}"#,
            expect: .syntax(line: 1, columns: [19, 20])),
        Case(
            name: "truncated unicode escape", json: #"{"root": {"id": "W\u00", "frame": [0, 0, 10, 10]}}"#, expect: .any
        ),
        Case(
            name: "unpaired high surrogate", json: #"{"root": {"id": "W\ud83d", "frame": [0, 0, 10, 10]}}"#,
            expect: .any),
        Case(
            name: "unpaired low surrogate", json: #"{"root": {"id": "W\ude00", "frame": [0, 0, 10, 10]}}"#, expect: .any
        ),
        // `{"root": {"id": "W", "frame": [0, 0, 010, 10]}}`: "010" starts at column 38.
        Case(
            name: "leading zero", json: #"{"root": {"id": "W", "frame": [0, 0, 010, 10]}}"#,
            expect: .syntax(line: 1, columns: [38, 39])),
        // CRLF line ends: line 3 is `"frame": [0, 0, 010, 10]}}`, "010" at column 17.
        Case(
            name: "leading zero on line 3 with CRLF",
            json: "{\r\n\"root\": {\"id\": \"W\",\r\n\"frame\": [0, 0, 010, 10]}}",
            expect: .syntax(line: 3, columns: [17, 18])),
        Case(name: "negative leading zero", json: #"{"root": {"id": "W", "frame": [0, 0, -01, 10]}}"#, expect: .any),
        // Line 2 is `  x`.
        Case(
            name: "garbage after the document", json: "{\"root\": {\"id\": \"W\", \"frame\": [0, 0, 10, 10]}}\n  x",
            expect: .syntax(line: 2, columns: [3])),
        Case(
            name: "a second object after the document", json: #"{"root": {"id": "W", "frame": [0, 0, 10, 10]}}{}"#,
            expect: .any),
        // `{"root": {"id": "W`: the opening quote is column 17, the end of the file column 19.
        Case(name: "unterminated string", json: #"{"root": {"id": "W"#, expect: .syntax(line: 1, columns: [17, 19])),
        Case(name: "empty file", json: "", expect: .syntax(line: 1, columns: [1])),
        Case(name: "only whitespace", json: " \n ", expect: .any),
        Case(name: "document is an array", json: "[]", expect: .syntax(line: 1, columns: [1])),
        Case(name: "NaN literal", json: one(#"{"id": "V", "frame": [NaN, 0, 1, 1]}"#), expect: .any),
        Case(name: "Infinity literal", json: one(#"{"id": "V", "frame": [0, 0, Infinity, 1]}"#), expect: .any),
        Case(name: "number with a trailing dot", json: one(#"{"id": "V", "frame": [1., 0, 1, 1]}"#), expect: .any),
        Case(name: "number with a leading dot", json: one(#"{"id": "V", "frame": [.5, 0, 1, 1]}"#), expect: .any),
        Case(name: "number with a plus sign", json: one(#"{"id": "V", "frame": [+1, 0, 1, 1]}"#), expect: .any),
        Case(name: "exponent without digits", json: one(#"{"id": "V", "frame": [1e, 0, 1, 1]}"#), expect: .any),
        Case(name: "lone minus", json: one(#"{"id": "V", "frame": [-, 0, 1, 1]}"#), expect: .any),
        Case(name: "hex number", json: one(#"{"id": "V", "frame": [0x10, 0, 1, 1]}"#), expect: .any),
        Case(name: "misspelled true", json: one(#"{"id": "V", "frame": [0, 0, 1, 1], "hidden": tru}"#), expect: .any),
        Case(name: "raw tab inside a string", json: one("{\"id\": \"a\tb\", \"frame\": [0, 0, 1, 1]}"), expect: .any),
        Case(name: "single quotes", json: one(#"{'id': 'V', "frame": [0, 0, 1, 1]}"#), expect: .any),
        Case(
            name: "comment", json: "{\"root\": {\"id\": \"W\", \"frame\": [0, 0, 1, 1]} // no comments in JSON\n}",
            expect: .any),
        Case(
            name: "unclosed nested chain",
            json: "{\"root\": {\"id\": \"W\", \"frame\": [0, 0, 1, 1], \"subviews\": ["
                + String(repeating: "{\"id\": \"x\", \"frame\": [0, 0, 1, 1], \"subviews\": [", count: 1), expect: .any),
        Case(
            name: "a control byte as a value",
            json: "{\"root\": {\"id\": \"W\u{FFFD}\", \"frame\": [0, 0, 1, 1], \"bad\": \u{1}}}", expect: .any),

        // No windows; more than one form.
        Case(name: "empty document", json: "{}", expect: .document(mentions: ["windows"])),
        Case(
            name: "only the application", json: #"{"application": {"id": "App"}}"#,
            expect: .document(mentions: ["windows"])),
        Case(name: "empty windows", json: #"{"windows": []}"#, expect: .document(mentions: ["windows"])),
        Case(name: "empty views", json: #"{"views": []}"#, expect: .document(mentions: ["views"])),
        Case(
            name: "windows and root",
            json: #"{"windows": [{"id": "W", "frame": [0, 0, 1, 1]}], "root": {"id": "R", "frame": [0, 0, 1, 1]}}"#,
            expect: .document(mentions: ["windows", "root"])),
        Case(
            name: "root and views",
            json: #"{"root": {"id": "R", "frame": [0, 0, 1, 1]}, "views": [{"id": "W", "frame": [0, 0, 1, 1]}]}"#,
            expect: .document(mentions: ["root", "views"])),
        Case(
            name: "views and windows",
            json: #"{"views": [{"id": "W", "frame": [0, 0, 1, 1]}], "windows": [{"id": "X", "frame": [0, 0, 1, 1]}]}"#,
            expect: .document(mentions: ["views", "windows"])),
    ]

    // MARK: Checking a refusal

    /// The number after `word ` in `text`, if any.
    static func number(after word: String, in text: String) -> Int? {
        guard let r = text.range(of: word + " ") else { return nil }
        let digits = text[r.upperBound...].prefix { $0.isASCII && $0.isNumber }
        return Int(digits)
    }

    static func check(
        _ error: SceneError, _ expect: Expect, file: String, context: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let d = error.description
        #expect(
            !d.contains("\n") && !d.contains("\r"), "\(context): more than one line: \(d)",
            sourceLocation: sourceLocation)
        #expect(d.hasPrefix("\(file): "), "\(context): does not name the file: \(d)", sourceLocation: sourceLocation)
        #expect(error.file == file, "\(context)", sourceLocation: sourceLocation)
        #expect(!error.message.isEmpty, "\(context)", sourceLocation: sourceLocation)
        switch expect {
        case .view(let id, let fields, let mentions):
            #expect(error.location == .view(id), "\(context): \(d)", sourceLocation: sourceLocation)
            #expect(
                fields.contains(error.field), "\(context): field '\(error.field)' not one of \(fields): \(d)",
                sourceLocation: sourceLocation)
            #expect(
                d.hasPrefix("\(file): view \"\(id)\": \(error.field): "), "\(context): \(d)",
                sourceLocation: sourceLocation)
            for m in mentions {
                #expect(
                    error.message.contains(m) || error.field.contains(m), "\(context): does not mention '\(m)': \(d)",
                    sourceLocation: sourceLocation)
            }
        case .path(let path, let field):
            #expect(error.location == .path(path), "\(context): \(d)", sourceLocation: sourceLocation)
            #expect(error.field == field, "\(context): \(d)", sourceLocation: sourceLocation)
            #expect(d.hasPrefix("\(file): \(path): \(field): "), "\(context): \(d)", sourceLocation: sourceLocation)
        case .document(let mentions):
            if case .view = error.location {
                Issue.record("\(context): names a view for a document problem: \(d)", sourceLocation: sourceLocation)
            }
            for m in mentions {
                #expect(d.contains(m), "\(context): does not mention '\(m)': \(d)", sourceLocation: sourceLocation)
            }
        case .syntax(let line, let columns):
            let l = number(after: "line", in: d)
            let c = number(after: "column", in: d)
            #expect(
                l == line, "\(context): line \(String(describing: l)), expected \(line): \(d)",
                sourceLocation: sourceLocation)
            #expect(
                c.map(columns.contains) == true,
                "\(context): column \(String(describing: c)), expected one of \(columns): \(d)",
                sourceLocation: sourceLocation)
        case .emptyID(let path):
            #expect(error.field == "id", "\(context): \(d)", sourceLocation: sourceLocation)
            #expect(
                [.path(path), .view("")].contains(error.location), "\(context): \(d)", sourceLocation: sourceLocation)
        case .any:
            break
        }
    }

    // MARK: Tests

    @Test func theSpecExampleWordForWord() throws {
        let json = """
            {"windows": [{"id": "W", "level": 0, "frame": [0, 0, 375, 667], "subviews": [
              {"id": "Rotated", "bounds": [0, 0, 100, 50], "center": [187.5, 300], "transform": [0, 1, -1, 0, 0]}
            ]}]}
            """
        do {
            _ = try SceneReader.read(string: json, file: "test.json")
            Issue.record("accepted a 5-number transform")
        } catch {
            #expect(error.description == "test.json: view \"Rotated\": transform: expected 6 finite numbers, got 5")
            #expect(error.location == .view("Rotated"))
            #expect(error.field == "transform")
        }
    }

    @Test(arguments: cases)
    func refused(_ c: Case) {
        do {
            let scene = try SceneReader.read(string: c.json, file: "test.json")
            Issue.record("\(c.name): accepted, with \(scene.viewCount) views")
        } catch {
            Self.check(error, c.expect, file: "test.json", context: c.name)
        }
    }

    /// Reading straight into records refuses each case with the model reader's error.
    @Test(arguments: cases)
    func refusedAlikeWhenReadIntoRecords(_ c: Case) {
        do {
            let definitions = try SceneReader.readDefinitions(string: c.json, file: "test.json")
            Issue.record("\(c.name): accepted, with \(definitions.count) records")
        } catch {
            Self.check(error, c.expect, file: "test.json", context: c.name)
            do {
                _ = try SceneReader.read(string: c.json, file: "test.json")
            } catch let modelError {
                #expect(error == modelError, "\(c.name): records \(error), model \(modelError)")
            }
        }
    }

    @Test func invalidUTF8BytesAreNotACrash() {
        // Bytes that are not UTF-8 inside a string, and a stray 0xFF outside one.
        var bytes =
            Array(#"{"root": {"id": "W"#.utf8) + [0xC3, 0x28, 0xFF] + Array(#"", "frame": [0, 0, 1, 1]}}"#.utf8)
        let accepted = (try? SceneReader.read(data: Data(bytes), file: "utf8.json")) != nil
        _ = accepted  // either outcome is fine; not crashing is the point
        bytes = Array(#"{"root": "#.utf8) + [0xFF, 0xFE] + Array("}".utf8)
        do {
            _ = try SceneReader.read(data: Data(bytes), file: "utf8.json")
            Issue.record("accepted a stray 0xFF")
        } catch {
            #expect(error.description.hasPrefix("utf8.json: "))
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func aFileThatDoesNotExistIsRefusedWithItsName() {
        do {
            _ = try SceneReader.read(contentsOfFile: "/nonexistent-dir-\(UUID().uuidString)/gone.json")
            Issue.record("read a file that does not exist")
        } catch {
            #expect(error.description.hasPrefix("gone.json: "))
            #expect(!error.description.contains("\n"))
        }
        do {
            _ = try SceneReader.readDefinitions(contentsOfFile: "/nonexistent-dir-\(UUID().uuidString)/gone.json")
            Issue.record("read a file that does not exist into records")
        } catch {
            #expect(error.description == "gone.json: no such file")
        }
    }

    // MARK: The writer validates too

    @Test func theWriterRefusesAnInvalidModel() {
        func expectRefusal(
            _ id: String, _ field: String, sourceLocation: SourceLocation = #_sourceLocation,
            _ configure: (Window, View) -> Void
        ) {
            let w = Window(id: "W", frame: Rect(x: 0, y: 0, width: 10, height: 10))
            let v = View(id: "V", frame: Rect(x: 0, y: 0, width: 1, height: 1))
            w.addSubview(v)
            configure(w, v)
            do {
                _ = try SceneWriter.write(Scene(windows: [w]))
                Issue.record("wrote an invalid scene (expected \(id): \(field))", sourceLocation: sourceLocation)
            } catch {
                #expect(error.location == .view(id), "\(error)", sourceLocation: sourceLocation)
                #expect(error.field == field, "\(error)", sourceLocation: sourceLocation)
                #expect(!error.description.contains("\n"), sourceLocation: sourceLocation)
            }
        }
        expectRefusal("V", "center") { _, v in v.center.x = .nan }
        expectRefusal("V", "bounds") { _, v in v.bounds.size.width = .infinity }
        expectRefusal("V", "transform") { _, v in v.transform.tx = -.infinity }
        expectRefusal("V", "anchorPoint") { _, v in v.anchorPoint.y = .nan }
        expectRefusal("V", "alpha") { _, v in v.alpha = -1 }
        expectRefusal("V", "alpha") { _, v in v.alpha = .nan }
        expectRefusal("V", "alpha") { _, v in v.alpha = .infinity }
        expectRefusal("V", "hitTestInsets") { _, v in v.hitTestInsets.left = .nan }
        expectRefusal("V", "minimumHitSize") { _, v in v.minimumHitSize.height = .infinity }
        expectRefusal("V", "hitShape") { _, v in v.hitShape = .roundedRect(radius: -1) }
        expectRefusal("V", "hitShape") { _, v in v.hitShape = .roundedRect(radius: .nan) }
        expectRefusal("W", "level") { w, _ in w.windowLevel = .nan }
        expectRefusal("V", "id") { w, _ in w.addSubview(View(id: "V", frame: .zero)) }
        let elsewhere = View(id: "Elsewhere", frame: .zero)
        expectRefusal("V", "redirectTarget") { _, v in v.redirectTarget = elsewhere }
        // And a valid one is written.
        let w = Window(id: "W", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(throws: Never.self) { try SceneWriter.write(Scene(windows: [w])) }
    }

    // MARK: Through the command line

    @Test func checkRefusesEveryBadSceneWithOneLine() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        for (k, c) in Self.cases.enumerated() {
            let name = "BAD-\(k).json"
            let path = dir.appendingPathComponent(name).path
            try Data(c.json.utf8).write(to: URL(fileURLWithPath: path))
            for args in [["check", path], ["query", path, "--engine", "reference", "1,1"], ["trace", path, "1,1"]] {
                let r = TestSupport.run(args)
                let context = "\(c.name) (\(args[0]))"
                #expect(r.status == 2, "\(context): status \(r.status), err \(r.err)")
                #expect(r.out.isEmpty, "\(context): printed \(r.out)")
                #expect(
                    r.err.hasSuffix("\n") && r.err.filter { $0 == "\n" }.count == 1,
                    "\(context): \(r.err.debugDescription)")
                #expect(r.err.hasPrefix("\(name): "), "\(context): does not name the file: \(r.err)")
            }
        }
    }

    @Test func checkRefusesMissingAndUnreadableFiles() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let binary = dir.appendingPathComponent("binary.json")
        try Data([0x00, 0xFF, 0x7B, 0x80, 0x0A, 0x00]).write(to: binary)
        let empty = dir.appendingPathComponent("empty.json")
        try Data().write(to: empty)
        // A file that cannot be opened is named by the command with the path as given; one that
        // opens but is not a scene, by the reader with the file's name.
        let missing = dir.appendingPathComponent("missing.json").path
        let cases = [
            (missing, "hitindex check: \(missing): no such file"),
            (dir.path, "hitindex check: \(dir.path): is a directory, not a file"),
            (binary.path, "binary.json: "), (empty.path, "empty.json: "),
        ]
        for (path, prefix) in cases {
            let r = TestSupport.run(["check", path])
            #expect(r.status == 2, "\(path): \(r.err)")
            #expect(r.out.isEmpty)
            #expect(r.err.filter { $0 == "\n" }.count == 1, "\(path): \(r.err.debugDescription)")
            #expect(r.err.hasPrefix(prefix), "\(path): \(r.err)")
        }
    }
}
