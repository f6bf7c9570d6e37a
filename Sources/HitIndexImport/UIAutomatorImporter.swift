import Foundation
import HitIndex

/// Imports `uiautomator dump` XML (Android).
///
/// **Grammar.** An optional `<?xml …?>` declaration, then one `<hierarchy …>` element (its
/// attributes, e.g. `rotation`, are ignored) holding `<node …>` elements, nested to any depth,
/// self-closing or not. An Appium page source names each element by its class instead of `node`
/// (``isAppiumElement(_:)``) and says `displayed` for `visible-to-user`; both are read the same
/// way. The line `UI hierchary dumped to: /dev/tty` that `uiautomator dump /dev/tty` appends
/// after the root element is dropped. A node needs `bounds="[left,top][right,bottom]"` (absolute screen pixels,
/// integers or decimals, possibly negative) and may have `class`, `enabled`, `visible-to-user`,
/// `clickable`, `long-clickable`, `scrollable` (`"true"`/`"false"`), `drawing-order` (an
/// integer) and the handles `text`, `content-desc`, `hint` and `resource-id` (any text); every
/// other attribute (`index`, `package`, `NAF`, …) is ignored. Attribute values may use `&amp; &lt; &gt; &quot;
/// &apos;` and numeric character references. Whitespace, comments and processing instructions
/// may appear between elements; text content, CDATA and DOCTYPE may not.
///
/// **Mapping.**
/// - Units: one pixel is one point, no scaling or rounding (hit-testing is scale-free).
/// - Each top-level `<node>` becomes a `Window` (level 0) with frame = its bounds. Several
///   top-level nodes (a multi-window dump) become several windows in document order, back to
///   front. That order is a convention, not a fact the dump states: the dumpers collect window
///   roots from `UiAutomation.getWindows()` (top-most first) or into a hash set, so check a
///   multi-window result against the screen. (All four sample dumps have one top-level node;
///   the vivo dump's second package is a subtree inside the launcher's window.)
/// - Every nested node becomes a `View` whose frame is its bounds relative to its parent's
///   bounds origin. The dump records no scroll offsets, so every bounds origin is zero and every
///   view's rect on screen is exactly its recorded bounds. The recorded bounds are the visible
///   (clipped) bounds, which is what a touch can reach.
/// - Right < left or bottom < top is imported as a negative-size frame, which the model
///   standardizes (none occurs in the samples).
/// - Subviews follow `drawing-order` when every sibling has one: a stable sort, ascending, so a
///   higher drawing order is drawn later and is in front; equal values keep document order.
///   Without `drawing-order` (older dumpers), document order: later is in front. When only some
///   siblings have it, document order is kept and a warning names the parent.
/// - `enabled="false"` → `isUserInteractionEnabled = false` (Android still lets a disabled,
///   clickable view swallow the touch; ``ImportOptions/androidDispatch`` says that). `visible-to-user="false"` →
///   `isHidden = true`; dumpers that write it only emit visible nodes anyway.
/// - `class` → `className` (the full Java name). Ids: the class name without its package, `#`,
///   and the node's 1-based position in document order (`FrameLayout#12`), before any
///   drawing-order sort, so that an id leads back to the dump.
/// - Handles, which hit-testing ignores: `label` is the first of `text`, `content-desc` and `hint`
///   that is not empty, as written (entities decoded); a non-empty `resource-id` is the
///   `accessibilityIdentifier`.
/// - With ``ImportOptions/androidDispatch``: a node neither `clickable`, `long-clickable` nor
///   `scrollable` becomes pass-through, and `enabled` is ignored (``AndroidTouchFlags``).
///
/// **Errors.** Malformed XML, a root other than `<hierarchy>`, an element other than `<node>`
/// inside it, a hierarchy without nodes, a missing or malformed `bounds` (`[0,0][10]`, non-numbers),
/// coordinates beyond ±1e15, and values other than `true`/`false` or an integer are each an
/// ``ImportError`` at the line of the offending tag or attribute.
enum UIAutomatorImporter {
    /// Parses uiautomator XML into a scene with one window per top-level node.
    /// - Complexity: O(n log n) for n bytes (the drawing-order sorts), iterative.
    static func parse(_ text: String, options: ImportOptions = ImportOptions()) throws(ImportError) -> ImportedScene {
        let nodes = try readNodes(withoutDumpTrailer(text))
        var warnings: [String] = []
        var views: [View] = []
        views.reserveCapacity(nodes.count)
        for (index, node) in nodes.enumerated() {
            let id = AndroidNames.id(className: node.className, ordinal: index + 1)
            let view: View =
                node.parent == nil
                ? Window(id: id, className: node.className, frame: node.bounds.screenFrame)
                : View(id: id, className: node.className, frame: .zero)
            view.isUserInteractionEnabled = node.isEnabled
            view.isHidden = !node.isVisibleToUser
            node.handles.apply(to: view)
            if options.androidDispatch { node.touch.apply(to: view) }
            views.append(view)
        }
        if options.androidDispatch, let warning = AndroidTouchFlags.unrecordedWarning(nodes.map(\.touch), views) {
            warnings.append(warning)
        }
        var windows: [Window] = []
        for (index, node) in nodes.enumerated() {
            let view = views[index]
            if node.parent == nil, let window = view as? Window { windows.append(window) }
            for child in drawingOrder(of: node, in: nodes, id: view.id, warnings: &warnings) {
                views[child].frame = nodes[child].bounds.frame(
                    parentOrigin: node.bounds.origin, scroll: Point(x: 0, y: 0))
                view.addSubview(views[child])
            }
        }
        return ImportedScene(scene: Scene(windows: windows), warnings: warnings)
    }

    /// One `<node>` as read, with its children by index (document order) in ``readNodes(_:)``'s array.
    struct Node {
        var className: String
        var bounds: AndroidRect
        var isEnabled: Bool
        var isVisibleToUser: Bool
        var drawingOrder: Int?
        var touch: AndroidTouchFlags
        var handles = ViewHandles()
        var children: [Int] = []
        var parent: Int?
    }

    /// Reads every `<node>` in document order, checking the structure and each used attribute.
    /// - Complexity: O(n) for n bytes.
    static func readNodes(_ text: String) throws(ImportError) -> [Node] {
        var scanner = XMLScanner(text)
        guard case .start(let hierarchy) = try scanner.next() else {
            // `next` throws at the end of an empty input and never returns an end tag first.
            throw ImportError(line: scanner.currentLine, "expected <hierarchy>")
        }
        guard hierarchy.name == "hierarchy" else {
            throw ImportError(
                line: hierarchy.line, "expected <hierarchy> as the root element, found <\(hierarchy.name)>")
        }
        var nodes: [Node] = []
        // The open `<node>` elements, innermost last.
        var open: [Int] = []
        if !hierarchy.isSelfClosing {
            scanning: while true {
                switch try scanner.next() {
                case .start(let tag):
                    guard tag.name == "node" || isAppiumElement(tag) else {
                        throw ImportError(
                            line: tag.line,
                            "unexpected <\(tag.name)>: expected <node>, or an element named by its class "
                                + "(an Appium page source)")
                    }
                    var node = try readNode(tag)
                    node.parent = open.last
                    let index = nodes.count
                    nodes.append(node)
                    if let parent = open.last { nodes[parent].children.append(index) }
                    if !tag.isSelfClosing { open.append(index) }
                case .end(let name, _):
                    // The scanner matched the names; only </node> and the final </hierarchy> can come.
                    if name == "hierarchy" { break scanning }
                    _ = open.popLast()
                case .endOfInput:
                    // Unreachable: the scanner refuses an input that ends inside <hierarchy>.
                    throw ImportError(line: scanner.currentLine, "the input ends inside <hierarchy>")
                }
            }
        }
        // Only whitespace, comments and processing instructions may follow the root element.
        _ = try scanner.next()
        guard !nodes.isEmpty else { throw ImportError(line: hierarchy.line, "the hierarchy holds no <node>") }
        return nodes
    }

    /// Reads the attributes the mapping uses from one `<node>` tag.
    private static func readNode(_ tag: XMLScanner.StartTag) throws(ImportError) -> Node {
        guard let boundsAttribute = tag.attribute("bounds") else {
            throw ImportError(line: tag.line, "the <node> has no bounds attribute")
        }
        let bounds = try parseBounds(boundsAttribute)
        let isEnabled = try bool(tag.attribute("enabled")) ?? true
        // Appium page sources call it `displayed`.
        let isVisibleToUser = try bool(tag.attribute("visible-to-user") ?? tag.attribute("displayed")) ?? true
        var drawingOrder: Int?
        if let attribute = tag.attribute("drawing-order") {
            guard let value = Int(attribute.value) else {
                throw ImportError(
                    line: attribute.line, "drawing-order=\"\(attribute.value)\": expected an integer")
            }
            drawingOrder = value
        }
        let touch = AndroidTouchFlags(
            clickable: try bool(tag.attribute("clickable")), longClickable: try bool(tag.attribute("long-clickable")),
            scrollable: try bool(tag.attribute("scrollable")))
        // An Appium element without `class` is named by it.
        let className = tag.attribute("class")?.value ?? (tag.name == "node" ? "" : tag.name)
        var node = Node(
            className: className, bounds: bounds, isEnabled: isEnabled, isVisibleToUser: isVisibleToUser,
            drawingOrder: drawingOrder, touch: touch)
        node.handles.label =
            ["text", "content-desc", "hint"].lazy.compactMap { ViewHandles.nonEmpty(tag.attribute($0)?.value) }
            .first
        node.handles.accessibilityIdentifier = ViewHandles.nonEmpty(tag.attribute("resource-id")?.value)
        return node
    }

    /// Reads `"true"` or `"false"`.
    private static func bool(_ attribute: XMLScanner.Attribute?) throws(ImportError) -> Bool? {
        guard let attribute else { return nil }
        switch attribute.value {
        case "true": return true
        case "false": return false
        default:
            throw ImportError(line: attribute.line, "\(attribute.name)=\"\(attribute.value)\": expected true or false")
        }
    }

    /// Whether `tag` is an Appium page-source element: Appium writes each node as an element named
    /// by its class (`<android.widget.FrameLayout class="android.widget.FrameLayout" …>`), with the
    /// characters a tag name cannot hold (`$` of an inner class) replaced by `_`. A name with a dot
    /// is a Java class name; any other must match the element's own `class` attribute that way.
    /// - Complexity: O(length of the name).
    static func isAppiumElement(_ tag: XMLScanner.StartTag) -> Bool {
        if tag.name.contains(".") { return true }
        guard let className = tag.attribute("class")?.value, !className.isEmpty else { return false }
        let escaped = String(className.map { $0.isLetter || $0.isNumber || "._-".contains($0) ? $0 : "_" })
        return escaped == tag.name
    }

    /// The dump without the line `uiautomator dump /dev/tty` prints after the XML,
    /// `UI hierchary dumped to: /dev/tty` (the tool's own spelling; `hierarchy` is accepted too),
    /// which follows `</hierarchy>` on the same line. Anything else after the root element is
    /// left for the scanner to refuse.
    /// - Complexity: O(length of the trailer).
    static func withoutDumpTrailer(_ text: String) -> String {
        guard let close = text.range(of: ">", options: .backwards) else { return text }
        let tail = text[close.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines)
        guard tail.hasPrefix("UI hierchary dumped to:") || tail.hasPrefix("UI hierarchy dumped to:"),
            !tail.contains("\n")
        else { return text }
        return String(text[..<close.upperBound])
    }

    /// Parses `[left,top][right,bottom]` (no spaces, as uiautomator writes it).
    static func parseBounds(_ attribute: XMLScanner.Attribute) throws(ImportError) -> AndroidRect {
        let text = Array(attribute.value.utf8)
        var offset = 0
        /// The one error for any malformed bounds, quoting the value.
        func fail() -> ImportError {
            ImportError(line: attribute.line, "bounds=\"\(attribute.value)\": expected [left,top][right,bottom]")
        }
        /// Consumes the punctuation `c` or fails.
        func expect(_ c: Character) throws(ImportError) {
            guard offset < text.count, text[offset] == c.asciiValue else { throw fail() }
            offset += 1
        }
        /// Reads an optionally signed decimal number.
        func number() throws(ImportError) -> Double {
            let start = offset
            if offset < text.count, text[offset] == UInt8(ascii: "-") { offset += 1 }
            let digitsStart = offset
            while offset < text.count, text[offset] >= UInt8(ascii: "0"), text[offset] <= UInt8(ascii: "9") {
                offset += 1
            }
            guard offset > digitsStart else { throw fail() }
            if offset < text.count, text[offset] == UInt8(ascii: ".") {
                offset += 1
                let fractionStart = offset
                while offset < text.count, text[offset] >= UInt8(ascii: "0"), text[offset] <= UInt8(ascii: "9") {
                    offset += 1
                }
                guard offset > fractionStart else { throw fail() }
            }
            // The text is digits with an optional sign and fraction, so Double(_:) reads all of it.
            guard let value = Double(String(decoding: text[start..<offset], as: UTF8.self)) else { throw fail() }
            return value
        }
        try expect("[")
        let left = try number()
        try expect(",")
        let top = try number()
        try expect("]")
        try expect("[")
        let right = try number()
        try expect(",")
        let bottom = try number()
        try expect("]")
        guard offset == text.count else { throw fail() }
        let rect = AndroidRect(left: left, top: top, right: right, bottom: bottom)
        guard rect.isWithinLimit else {
            throw ImportError(
                line: attribute.line, "bounds=\"\(attribute.value)\": coordinates must be finite and within ±1e15")
        }
        return rect
    }

    /// The node's children back to front: by drawing-order when every child has one, else in
    /// document order (with a warning when only some have one).
    private static func drawingOrder(of node: Node, in nodes: [Node], id: String, warnings: inout [String]) -> [Int] {
        let withOrder = node.children.filter { nodes[$0].drawingOrder != nil }.count
        guard withOrder == node.children.count else {
            if withOrder > 0 {
                warnings.append(
                    "\(id): only \(withOrder) of its \(node.children.count) subviews have drawing-order; "
                        + "kept document order")
            }
            return node.children
        }
        // Stable: ties keep document order (positions break them).
        return node.children.enumerated().sorted { a, b in
            let oa = nodes[a.element].drawingOrder ?? 0
            let ob = nodes[b.element].drawingOrder ?? 0
            return oa != ob ? oa < ob : a.offset < b.offset
        }.map(\.element)
    }
}
