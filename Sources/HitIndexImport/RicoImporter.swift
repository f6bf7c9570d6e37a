import HitIndex

/// Imports a RICO raw view-hierarchy JSON file (Android; Deka et al., UIST 2017).
///
/// **Grammar.** A JSON object whose `activity.root` is a node. A node is an object with `class`
/// (string), `bounds` (`[left, top, right, bottom]`, absolute screen pixels), and optionally
/// `rel-bounds` (the same relative to the parent's layout position), `visibility` (`"visible"`,
/// `"invisible"` or `"gone"`), `enabled` (boolean), `visible-to-user` (boolean) and `children`
/// (an array of nodes), the touch flags `clickable`, `long-clickable`, `scrollable-horizontal`
/// and `scrollable-vertical` (booleans), and the handles `text` and `resource-id` (string or
/// null) and `content-desc` (an array of strings and nulls, as RICO records it, or a string or
/// null). Every other key is ignored. Any JSON nesting depth is read iteratively.
///
/// **Mapping.**
/// - Units: one pixel is one point, no scaling or rounding (hit-testing is scale-free).
/// - The root node becomes the one `Window` (level 0) with frame = its `bounds`; every other node
///   a `View` whose frame is its `bounds` made relative to its parent's `bounds` origin, in the
///   parent's bounds space (so plus the parent's bounds origin, below). Every view's rect on
///   screen is therefore exactly its recorded `bounds`. Subviews keep the `children` order: later
///   is in front, Android's default drawing order.
/// - The recorded `bounds` are already clipped: Android intersects a node's screen rect with each
///   ancestor's, edge by edge and without normalizing, so a node partly outside its parent is cut
///   to the visible part and one wholly outside gets right < left or bottom < top (80 of the 462
///   nodes of the test screens in `Tests/Data/rico-hitindex`). Those become negative-size frames;
///   their standardized area lies outside the parent's, so they are never hit, as on the device.
///   Clipped bounds are what a touch can reach (Android only delivers a touch to a child inside
///   every ancestor), so the import is exact for hit-testing.
/// - Scroll offsets: a container's bounds origin is the position, in its content coordinates
///   (the `rel-bounds` space of its children), of its recorded top-left corner. It is recovered
///   per axis from children whose recorded edge is exact, i.e. not cut by clipping: the near edge
///   (left/top) when the child's recorded size equals its `rel-bounds` size or its near edge lies
///   strictly inside the parent's recorded rect, else the far edge when that lies strictly inside.
///   Each such child says "offset = rel near edge − (true near edge − parent's recorded near
///   edge)". The value said by the most children wins; on a tie, zero when zero is among the tied
///   values, otherwise the first child's. With the offset chosen, every child's frame is still its
///   recorded bounds relative to the parent, so positions stay exact whatever the choice; children
///   that disagree by more than one pixel (per-child translations; Android rounds each recorded
///   edge separately, so ±1 px is rounding) produce a warning naming the container. For an
///   unclipped container the offset is Android's scroll offset (a ViewPager on its third page has
///   x = 2 × 1440); for a container whose own near edge was clipped it also includes the
///   clipped-away part, which is how a UIKit view shows a window onto its content.
///   A difference between `rel-bounds` and parent-relative `bounds` caused only by clipping is
///   not a scroll offset and is not treated as one.
/// - `visibility` `"invisible"` or `"gone"` → `isHidden = true`. The dump stores each view's own
///   flag; the model stores the own flag too, and its eligibility rule (a hidden view's subtree is
///   never hit) makes visibility inherited downwards, as Android's is.
/// - `enabled: false` → `isUserInteractionEnabled = false`. Android differs in two details the
///   model cannot express: a disabled but clickable view still swallows the touch, and a disabled
///   ViewGroup does not disable its children. In the test screens the disabled nodes are three
///   clickable leaves and one settings row whose whole subtree is disabled too, so the second
///   detail changes no answer there.
/// - `visible-to-user` is not mapped: it is Android's effective on-screen state, which hidden
///   ancestors and clipping already decide geometrically here (in the test screens every `true`
///   node is visible, unhidden and has area; every hidden or area-less node is `false`). A node
///   that says `false` while visible with area (the test screens have one, settings.json's
///   SwitchCompat) is most likely transparent (alpha 0), which Android still delivers touches to;
///   it stays hittable, with a warning.
/// - `class` → `className`, the full Java name. Ids: the class name without its package, `#`, and
///   the node's 1-based position in document order (`FrameLayout#12`).
/// - With ``ImportOptions/androidDispatch``: `clickable`, `long-clickable`,
///   `scrollable-horizontal` and `scrollable-vertical` (booleans) decide whether a view takes a
///   touch; one that does not becomes pass-through, and `enabled` is ignored (see
///   ``AndroidTouchFlags``). Without the option they are read, checked and dropped.
/// - Handles, which hit-testing ignores: `label` is `text` when it is not empty, else the first
///   non-empty string of `content-desc`; a non-empty `resource-id` is the `accessibilityIdentifier`.
/// - Everything else (focusable, selected, package, …) is not hit-testing state in the model and
///   is dropped.
///
/// **Errors.** Malformed JSON, a missing `activity.root`, a node that is not an object, a missing
/// or mistyped `class` or `bounds`, `bounds` that are not 4 finite numbers within ±1e15, an
/// unknown `visibility` and mistyped optional fields (the handles included) are each an
/// ``ImportError`` at the line of the offending value.
enum RicoImporter {
    /// Parses a RICO JSON text into a one-window scene.
    /// - Complexity: O(n) for n bytes, iterative.
    static func parse(_ text: String, options: ImportOptions = ImportOptions()) throws(ImportError) -> ImportedScene {
        let document = try JSONDocument(parsing: text)
        let nodes = try readNodes(document)
        var warnings: [String] = []
        let views = nodes.indices.map { makeView(nodes[$0], ordinal: $0 + 1, isRoot: $0 == 0) }
        if options.androidDispatch {
            for (node, view) in zip(nodes, views) { node.touch.apply(to: view) }
            if let warning = AndroidTouchFlags.unrecordedWarning(nodes.map(\.touch), views) { warnings.append(warning) }
        }
        for (index, node) in nodes.enumerated() {
            let view = views[index]
            let scroll = scrollOffset(of: index, in: nodes, id: view.id, warnings: &warnings)
            view.bounds.origin = scroll
            for child in node.children {
                views[child].frame = nodes[child].bounds.frame(parentOrigin: node.bounds.origin, scroll: scroll)
                view.addSubview(views[child])
            }
        }
        warnings += transparentNodeWarnings(nodes, views)
        // readNodes always yields the root first, so views[0] is the window.
        guard let window = views.first as? Window else { throw ImportError(line: 0, "the dump holds no root node") }
        return ImportedScene(scene: Scene(windows: [window]), warnings: warnings)
    }

    /// One node as read, with its children by index in ``readNodes(_:)``'s array.
    struct Node {
        var className: String
        var bounds: AndroidRect
        var relBounds: AndroidRect?
        var isHidden: Bool
        var isEnabled: Bool
        var visibleToUser: Bool?
        var touch: AndroidTouchFlags
        var handles = ViewHandles()
        var children: [Int] = []
        var parent: Int?
    }

    /// Reads every node in document preorder (the root first), checking each field.
    /// - Complexity: O(n) for n JSON values.
    static func readNodes(_ document: JSONDocument) throws(ImportError) -> [Node] {
        let top = document.root
        guard case .object = document[top] else {
            throw ImportError(
                line: document.line(of: top),
                "expected a RICO file (an object with \"activity\": {\"root\": …}), "
                    + "found \(document.kindName(of: top))")
        }
        guard let activity = document.member("activity", of: top) else {
            throw ImportError(
                line: document.line(of: top), "expected a RICO file: no \"activity\" in the top-level object")
        }
        guard case .object = document[activity] else {
            throw ImportError(
                line: document.line(of: activity),
                "expected \"activity\" to be an object, found \(document.kindName(of: activity))")
        }
        guard let root = document.member("root", of: activity) else {
            throw ImportError(line: document.line(of: activity), "expected a RICO file: no \"root\" in \"activity\"")
        }
        var nodes: [Node] = []
        // Explicit stack, children pushed in reverse so that they are read in document order.
        var pending: [(value: Int, parent: Int?)] = [(root, nil)]
        while let (value, parent) = pending.popLast() {
            var node = try readNode(document, value)
            node.parent = parent
            let index = nodes.count
            nodes.append(node)
            if let parent { nodes[parent].children.append(index) }
            for child in try childValues(document, value).reversed() { pending.append((child, index)) }
        }
        return nodes
    }

    /// Reads one node's own fields (not its children).
    private static func readNode(_ document: JSONDocument, _ value: Int) throws(ImportError) -> Node {
        guard case .object = document[value] else {
            throw ImportError(
                line: document.line(of: value), "expected a node (an object), found \(document.kindName(of: value))")
        }
        guard let classValue = document.member("class", of: value) else {
            throw ImportError(line: document.line(of: value), "the node has no \"class\"")
        }
        guard case .string(let className) = document[classValue] else {
            throw ImportError(
                line: document.line(of: classValue),
                "expected \"class\" to be a string, found \(document.kindName(of: classValue))")
        }
        guard let boundsValue = document.member("bounds", of: value) else {
            throw ImportError(line: document.line(of: value), "the node (\(className)) has no \"bounds\"")
        }
        let bounds = try rect(document, boundsValue, field: "bounds")
        let relBounds = try document.member("rel-bounds", of: value).map { (v) throws(ImportError) in
            try rect(document, v, field: "rel-bounds")
        }
        var isHidden = false
        if let visibility = document.member("visibility", of: value) {
            guard case .string(let word) = document[visibility] else {
                throw ImportError(
                    line: document.line(of: visibility),
                    "expected \"visibility\" to be a string, found \(document.kindName(of: visibility))")
            }
            switch word {
            case "visible": isHidden = false
            case "invisible", "gone": isHidden = true
            default:
                throw ImportError(
                    line: document.line(of: visibility),
                    "unknown visibility \"\(word)\" (expected \"visible\", \"invisible\" or \"gone\")")
            }
        }
        let isEnabled = try bool(document, document.member("enabled", of: value), field: "enabled") ?? true
        let visibleToUser = try bool(document, document.member("visible-to-user", of: value), field: "visible-to-user")
        func flag(_ field: String) throws(ImportError) -> Bool? {
            try bool(document, document.member(field, of: value), field: field)
        }
        let horizontal = try flag("scrollable-horizontal")
        let vertical = try flag("scrollable-vertical")
        let touch = AndroidTouchFlags(
            clickable: try flag("clickable"), longClickable: try flag("long-clickable"),
            scrollable: horizontal == nil && vertical == nil ? nil : horizontal == true || vertical == true)
        var node = Node(
            className: className, bounds: bounds, relBounds: relBounds, isHidden: isHidden, isEnabled: isEnabled,
            visibleToUser: visibleToUser, touch: touch)
        let text = try string(document, document.member("text", of: value), field: "text")
        let description = try contentDescription(document, document.member("content-desc", of: value))
        node.handles.label = ViewHandles.nonEmpty(text) ?? description
        node.handles.accessibilityIdentifier = ViewHandles.nonEmpty(
            try string(document, document.member("resource-id", of: value), field: "resource-id"))
        return node
    }

    /// Reads an optional string field; `null` is no value.
    private static func string(_ document: JSONDocument, _ value: Int?, field: String) throws(ImportError) -> String? {
        guard let value else { return nil }
        switch document[value] {
        case .null: return nil
        case .string(let s): return s
        default:
            throw ImportError(
                line: document.line(of: value),
                "expected \"\(field)\" to be a string or null, found \(document.kindName(of: value))")
        }
    }

    /// Reads `content-desc`: RICO records an array (`[null]` when there is none), a string is
    /// accepted too; the first non-empty string is the description.
    private static func contentDescription(_ document: JSONDocument, _ value: Int?) throws(ImportError) -> String? {
        guard let value else { return nil }
        guard case .array(let elements) = document[value] else {
            return ViewHandles.nonEmpty(try string(document, value, field: "content-desc"))
        }
        var first: String?
        for element in elements {
            let s = try string(document, element, field: "content-desc")
            if first == nil { first = ViewHandles.nonEmpty(s) }
        }
        return first
    }

    /// The JSON values of a node's `children`, checked to be an array (elements are checked when read).
    private static func childValues(_ document: JSONDocument, _ value: Int) throws(ImportError) -> [Int] {
        guard let children = document.member("children", of: value) else { return [] }
        guard case .array(let elements) = document[children] else {
            throw ImportError(
                line: document.line(of: children),
                "expected \"children\" to be an array, found \(document.kindName(of: children))")
        }
        return elements
    }

    /// Reads `[left, top, right, bottom]`.
    private static func rect(_ document: JSONDocument, _ value: Int, field: String) throws(ImportError) -> AndroidRect {
        let line = document.line(of: value)
        let expected = "expected \"\(field)\" to be [left, top, right, bottom]"
        guard case .array(let elements) = document[value] else {
            throw ImportError(line: line, "\(expected), found \(document.kindName(of: value))")
        }
        guard elements.count == 4 else {
            throw ImportError(line: line, "\(expected), found \(elements.count) elements")
        }
        var numbers: [Double] = []
        for element in elements {
            guard case .number(let n) = document[element] else {
                throw ImportError(
                    line: document.line(of: element), "\(expected), found \(document.kindName(of: element))")
            }
            numbers.append(n)
        }
        let r = AndroidRect(left: numbers[0], top: numbers[1], right: numbers[2], bottom: numbers[3])
        guard r.isWithinLimit else {
            throw ImportError(line: line, "\"\(field)\" must be finite pixel coordinates within ±1e15, got \(numbers)")
        }
        return r
    }

    /// Reads an optional boolean field.
    private static func bool(_ document: JSONDocument, _ value: Int?, field: String) throws(ImportError) -> Bool? {
        guard let value else { return nil }
        guard case .bool(let b) = document[value] else {
            throw ImportError(
                line: document.line(of: value),
                "expected \"\(field)\" to be true or false, found \(document.kindName(of: value))")
        }
        return b
    }

    /// A detached view (the window for the root) with the node's flags; frames are set by the caller.
    private static func makeView(_ node: Node, ordinal: Int, isRoot: Bool) -> View {
        let id = AndroidNames.id(className: node.className, ordinal: ordinal)
        let view: View =
            isRoot
            ? Window(id: id, className: node.className, frame: node.bounds.screenFrame)
            : View(id: id, className: node.className, frame: .zero)
        view.isHidden = node.isHidden
        view.isUserInteractionEnabled = node.isEnabled
        node.handles.apply(to: view)
        return view
    }

    /// The bounds origin of the node at `index` (see the type's documentation), warning when its
    /// children disagree.
    /// - Complexity: O(number of children).
    static func scrollOffset(of index: Int, in nodes: [Node], id: String, warnings: inout [String]) -> Point {
        let parent = nodes[index]
        var offset = [0.0, 0.0]
        for axis in 0..<2 {
            var evidence: [Double] = []
            for child in parent.children {
                if let said = offsetEvidence(child: nodes[child], parent: parent.bounds, axis: axis) {
                    evidence.append(said)
                }
            }
            offset[axis] = vote(evidence)
            // Android rounds each recorded edge on its own, so one pixel either way is rounding.
            if evidence.contains(where: { abs($0 - offset[axis]) > 1 }) {
                let distinct = evidence.reduce(into: [Double]()) { if !$0.contains($1) { $0.append($1) } }
                let shown = distinct.prefix(6).map(format).joined(separator: ", ") + (distinct.count > 6 ? ", …" : "")
                warnings.append(
                    "\(id): its children disagree on the scroll offset along \(axis == 0 ? "x" : "y") (\(shown)); "
                        + "used \(format(offset[axis])); every child keeps its recorded position")
            }
        }
        return Point(x: offset[0], y: offset[1])
    }

    /// What one child says the parent's bounds origin is along `axis`, or `nil` when clipping cut
    /// both of its edges (or it has no `rel-bounds`).
    private static func offsetEvidence(child: Node, parent: AndroidRect, axis: Int) -> Double? {
        guard let rel = child.relBounds else { return nil }
        let relSize = rel.far(axis) - rel.near(axis)
        let near = child.bounds.near(axis)
        let far = child.bounds.far(axis)
        // Clipping only moves a near edge inwards to the parent's near edge, and a far edge to the
        // parent's far edge; an edge strictly inside, or an unchanged size, is the true edge.
        let trueNear: Double
        if far - near == relSize || near > parent.near(axis) {
            trueNear = near
        } else if far < parent.far(axis) {
            trueNear = far - relSize
        } else {
            return nil
        }
        return rel.near(axis) - (trueNear - parent.near(axis))
    }

    /// The value given most often; ties go to zero when it is among them, else to the earliest.
    private static func vote(_ values: [Double]) -> Double {
        var counts: [Double: Int] = [:]
        for v in values { counts[v, default: 0] += 1 }
        guard let best = counts.values.max() else { return 0 }
        if counts[0] == best { return 0 }
        return values.first { counts[$0] == best } ?? 0
    }

    /// Warnings for nodes Android calls not visible to the user although nothing in the dump hides
    /// them: visible, under visible ancestors, with area.
    private static func transparentNodeWarnings(_ nodes: [Node], _ views: [View]) -> [String] {
        var warnings: [String] = []
        var effectivelyHidden = [Bool](repeating: false, count: nodes.count)
        // Preorder: a parent's entry is final before its children's.
        for (index, node) in nodes.enumerated() {
            effectivelyHidden[index] = node.isHidden || (node.parent.map { effectivelyHidden[$0] } ?? false)
            if node.visibleToUser == false, !effectivelyHidden[index], node.bounds.hasArea {
                warnings.append(
                    "\(views[index].id): visible-to-user is false but the view is visible and on screen "
                        + "(probably transparent); imported as hittable, as Android delivers touches to it")
            }
        }
        return warnings
    }

    /// A coordinate without a needless ".0".
    private static func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}
