import HitIndex

/// Writes scenes in the scene-file format, so that reading the output gives back the same scene,
/// bit for bit.
public enum SceneWriter {
    /// Which of the two equivalent forms to write.
    public enum Form: Sendable {
        /// Nested `windows` with `subviews`.
        case nested
        /// A flat `views` list in which each view names its parent.
        case flat
        /// Nested up to ``SceneWriter/maximumNestedDepth`` levels, flat beyond.
        case automatic
    }

    /// The deepest scene `automatic` writes nested; deeper scenes are written flat (the format
    /// asks writers to use the flat form beyond 100 levels).
    public static let maximumNestedDepth = 100

    /// The scene as JSON bytes. Validates first: an invalid scene is refused, not written.
    /// - Complexity: O(n) for n views.
    public static func write(_ scene: Scene, form: Form = .automatic) throws(SceneError) -> [UInt8] {
        try scene.validate()
        var out = JSONOutput()
        let flat: Bool
        switch form {
        case .nested: flat = false
        case .flat: flat = true
        case .automatic: flat = scene.depth > maximumNestedDepth
        }
        out.append("{")
        for key in scene.preservedJSON.keys.sorted() {
            out.append("\"\(key)\": ")
            out.append(scene.preservedJSON[key]!)
            out.append(",\n ")
        }
        if flat {
            out.append("\"views\": [\n")
            var first = true
            for window in scene.windows {
                var stack: [View] = [window]
                while let v = stack.popLast() {
                    if !first { out.append(",\n") }
                    first = false
                    writeAttributes(of: v, parent: v.superview, into: &out)
                    out.append("}")
                    stack.append(contentsOf: v.subviews.reversed())
                }
            }
            out.append("\n]}\n")
        } else {
            out.append("\"windows\": [\n")
            writeNested(scene.windows, into: &out)
            out.append("\n]}\n")
        }
        return out.bytes
    }

    /// The scene as JSON text.
    /// - Complexity: O(n) for n views.
    public static func string(_ scene: Scene, form: Form = .automatic) throws(SceneError) -> String {
        String(decoding: try write(scene, form: form), as: UTF8.self)
    }

    /// Writes windows with their subtrees nested, iteratively (any depth is safe, though the
    /// format asks for the flat form beyond 100 levels).
    private static func writeNested(_ windows: [Window], into out: inout JSONOutput) {
        // Each entry: a view still to open, or the close of an open view's subviews.
        enum Step {
            case open(View, depth: Int, first: Bool)
            case close(depth: Int)
        }
        var steps: [Step] = windows.enumerated().reversed().map { .open($0.element, depth: 1, first: $0.offset == 0) }
        while let step = steps.popLast() {
            switch step {
            case .open(let v, let depth, let first):
                if !first { out.append(",\n") }
                out.appendIndent(depth)
                writeAttributes(of: v, parent: nil, into: &out)
                if v.subviews.isEmpty {
                    out.append("}")
                } else {
                    out.append(", \"subviews\": [\n")
                    steps.append(.close(depth: depth))
                    for (i, s) in v.subviews.enumerated().reversed() {
                        steps.append(.open(s, depth: depth + 1, first: i == 0))
                    }
                }
            case .close(let depth):
                out.append("\n")
                out.appendIndent(depth)
                out.append("]}")
            }
        }
    }

    /// Writes `{"id": …` and every attribute that differs from its default, leaving the object
    /// open for `subviews`.
    private static func writeAttributes(of v: View, parent: View?, into out: inout JSONOutput) {
        out.append("{\"id\": ")
        out.appendString(v.id)
        if v.className != "UIView" {
            out.append(", \"class\": ")
            out.appendString(v.className)
        }
        if let label = v.label {
            out.append(", \"label\": ")
            out.appendString(label)
        }
        if let identifier = v.accessibilityIdentifier {
            out.append(", \"accessibilityIdentifier\": ")
            out.appendString(identifier)
        }
        if v.tag != 0 {
            out.append(", \"tag\": ")
            out.append(String(v.tag))
        }
        if let parent {
            out.append(", \"parent\": ")
            out.appendString(parent.id)
        }
        if let w = v as? Window {
            out.append(", \"level\": ")
            out.appendNumber(w.windowLevel)
        }
        if v.anchorPoint != Point(x: 0.5, y: 0.5) {
            out.append(", \"anchorPoint\": ")
            out.appendNumbers([v.anchorPoint.x, v.anchorPoint.y])
        }
        // `frame` when it reproduces `center` bit for bit; the explicit form otherwise.
        let frame = v.frame
        let reconstructed = Point(
            x: frame.origin.x + v.anchorPoint.x * frame.size.width,
            y: frame.origin.y + v.anchorPoint.y * frame.size.height)
        if v.transform.isIdentity && reconstructed.x.bitPattern == v.center.x.bitPattern
            && reconstructed.y.bitPattern == v.center.y.bitPattern
        {
            out.append(", \"frame\": ")
            out.appendNumbers([frame.origin.x, frame.origin.y, frame.size.width, frame.size.height])
            if !allPositiveZero([v.bounds.origin.x, v.bounds.origin.y]) {
                out.append(", \"boundsOrigin\": ")
                out.appendNumbers([v.bounds.origin.x, v.bounds.origin.y])
            }
        } else {
            let b = v.bounds
            out.append(", \"bounds\": ")
            out.appendNumbers([b.origin.x, b.origin.y, b.size.width, b.size.height])
            out.append(", \"center\": ")
            out.appendNumbers([v.center.x, v.center.y])
        }
        // Omitted only when bit for bit the identity: a -0.0 component must survive the trip.
        let t0 = v.transform
        if !(t0.a == 1 && t0.d == 1 && allPositiveZero([t0.b, t0.c, t0.tx, t0.ty])) {
            let t = v.transform
            out.append(", \"transform\": ")
            out.appendNumbers([t.a, t.b, t.c, t.d, t.tx, t.ty])
        }
        if v.isHidden { out.append(", \"hidden\": true") }
        if v.alpha != 1 || v.alpha.sign == .minus {
            out.append(", \"alpha\": ")
            out.appendFloat(v.alpha)
        }
        if v.isUserInteractionEnabled != View.defaultUserInteractionEnabled(forClass: v.className) {
            out.append(
                v.isUserInteractionEnabled
                    ? ", \"userInteractionEnabled\": true" : ", \"userInteractionEnabled\": false")
        }
        if !allPositiveZero([v.hitTestInsets.top, v.hitTestInsets.left, v.hitTestInsets.bottom, v.hitTestInsets.right])
        {
            let i = v.hitTestInsets
            out.append(", \"hitTestInsets\": ")
            out.appendNumbers([i.top, i.left, i.bottom, i.right])
        }
        if !allPositiveZero([v.minimumHitSize.width, v.minimumHitSize.height]) {
            out.append(", \"minimumHitSize\": ")
            out.appendNumbers([v.minimumHitSize.width, v.minimumHitSize.height])
        }
        switch v.hitShape {
        case .rect: break
        case .ellipse: out.append(", \"hitShape\": \"ellipse\"")
        case .roundedRect(let r):
            out.append(", \"hitShape\": {\"roundedRect\": ")
            out.appendNumber(r)
            out.append("}")
        }
        if v.hitTestsSubviewsOutsideBounds { out.append(", \"hitTestsSubviewsOutsideBounds\": true") }
        if v.isPassThrough { out.append(", \"passThrough\": true") }
        if let target = v.redirectTarget {
            out.append(", \"redirectTarget\": ")
            out.appendString(target.id)
        }
        for key in v.preservedJSON.keys.sorted() {
            out.append(", ")
            out.appendString(key)
            out.append(": ")
            out.append(v.preservedJSON[key]!)
        }
    }
}

/// Whether every value is +0.0 (a default that may be omitted without losing a sign).
private func allPositiveZero(_ values: [Double]) -> Bool {
    values.allSatisfy { $0.bitPattern == 0 }
}

/// A growing UTF-8 buffer with JSON number and string formatting.
struct JSONOutput {
    var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(1 << 16) }

    mutating func append(_ s: String) { bytes.append(contentsOf: s.utf8) }

    mutating func appendIndent(_ depth: Int) {
        for _ in 0..<depth { bytes.append(0x20) }
    }

    /// A number that reads back as the same `Double`, bit for bit: integers without a fraction,
    /// `-0.0` with its sign, everything else in Swift's shortest round-trip form.
    mutating func appendNumber(_ d: Double) {
        precondition(d.isFinite, "validated scenes hold only finite numbers")
        if d == d.rounded(.towardZero) && abs(d) < 9.0e15 && !(d == 0 && d.sign == .minus) {
            append(String(Int64(d)))
        } else {
            append(d.description)
        }
    }

    mutating func appendNumbers(_ values: [Double]) {
        bytes.append(UInt8(ascii: "["))
        for (i, v) in values.enumerated() {
            if i > 0 { append(", ") }
            appendNumber(v)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// An alpha: its shortest `Float` form when that reads back (through `Double`) as the same
    /// `Float`, otherwise the `Float`'s exact value as a `Double`.
    mutating func appendFloat(_ f: Float) {
        let short = f.description
        if let d = Double(short), Float(d).bitPattern == f.bitPattern {
            append(short)
        } else {
            appendNumber(Double(f))
        }
    }

    mutating func appendString(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0..<0x20:
                let hex = String(b, radix: 16)
                append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
            default: bytes.append(b)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
