import HitIndex
import HitIndexSceneFormat
import Testing

/// Every key the scene format knows is recognised by the reader as that key, and keys that
/// differ from one in a single byte are not: a known key given twice in one view object is
/// refused as a duplicate of that key, a near miss as an unknown key, by both readers.
@Suite struct SceneKeyTests {
    /// A valid value for each known view key (scene-format.md).
    static let values: [(key: String, value: String)] = [
        ("id", "\"a\""), ("class", "\"UIView\""), ("frame", "[0, 0, 10, 10]"), ("boundsOrigin", "[0, 0]"),
        ("bounds", "[0, 0, 10, 10]"), ("center", "[5, 5]"), ("anchorPoint", "[0.5, 0.5]"),
        ("transform", "[1, 0, 0, 1, 0, 0]"), ("hidden", "false"), ("alpha", "1"),
        ("userInteractionEnabled", "true"), ("hitTestInsets", "[0, 0, 0, 0]"), ("minimumHitSize", "[0, 0]"),
        ("hitShape", "\"rect\""), ("hitTestsSubviewsOutsideBounds", "false"), ("passThrough", "false"),
        ("redirectTarget", "\"w\""), ("parent", "\"w\""), ("level", "0"), ("subviews", "[]"), ("label", "\"x\""),
        ("accessibilityIdentifier", "\"x\""), ("tag", "1"),
    ]

    /// A window holding one view object whose members are `members`.
    static func scene(_ members: String) -> String {
        """
        {"windows": [{"id": "w", "frame": [0, 0, 100, 100], "subviews": [{\(members)}]}]}
        """
    }

    static func errors(_ json: String) -> [SceneError] {
        var found: [SceneError] = []
        do { _ = try SceneReader.read(string: json) } catch { found.append(error) }
        do { _ = try SceneReader.readDefinitions(string: json) } catch { found.append(error) }
        return found
    }

    @Test func everyKnownKeyGivenTwiceIsADuplicateOfThatKey() {
        for (key, value) in Self.values {
            let base = key == "id" ? "" : "\"id\": \"a\", "
            let json = Self.scene(base + "\"\(key)\": \(value), \"\(key)\": \(value)")
            let errors = Self.errors(json)
            #expect(errors.count == 2, "\(key): both readers refuse it")
            for e in errors {
                #expect(e.field == key && e.message == "duplicate key", "\(key): \(e)")
            }
        }
    }

    @Test func aKeyOneByteAwayFromAKnownOneIsUnknown() {
        for (key, value) in Self.values {
            // The same length and first byte (the reader's first cut), one later byte changed:
            // each later byte in turn.
            for position in 1..<key.utf8.count {
                var bytes = Array(key.utf8)
                bytes[position] = bytes[position] == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x")
                let near = String(decoding: bytes, as: UTF8.self)
                let json = Self.scene("\"id\": \"b\", \"frame\": [0, 0, 1, 1], \"\(near)\": \(value)")
                let errors = Self.errors(json)
                #expect(errors.count == 2, "\(near): both readers refuse it")
                for e in errors {
                    #expect(e.field == near && e.message == "unknown key", "\(near): \(e)")
                }
            }
        }
    }

    /// A key spelled with an escape is the same key (JSON compares decoded strings): the reader
    /// matches plain keys in the file's bytes, and must not miss one written otherwise.
    @Test func aKnownKeyWrittenWithAnEscapeIsThatKey() {
        for (key, value) in Self.values {
            var escaped = key
            let first = escaped.removeFirst()
            escaped = "\\u00" + String(first.asciiValue!, radix: 16) + escaped
            let base = key == "id" ? "" : "\"id\": \"a\", "
            let json = Self.scene(base + "\"\(key)\": \(value), \"\(escaped)\": \(value)")
            let errors = Self.errors(json)
            #expect(errors.count == 2, "\(escaped): both readers refuse the second \(key)")
            for e in errors {
                #expect(e.field == key && e.message == "duplicate key", "\(escaped): \(e)")
            }
        }
        // And read as that key: an escaped frame places the view.
        let json = Self.scene("\"\\u0069d\": \"a\", \"fr\\u0061me\": [3, 4, 10, 10]")
        let definitions = try? SceneReader.readDefinitions(string: json)
        #expect(definitions?.last?.id == "a")
        #expect(definitions?.last?.attributes.center == Point(x: 8, y: 9))
    }
}

/// A duplicate id is the error reported whenever it comes before another problem in the file,
/// by both readers, however far apart the two views are and whatever the later problem is; and
/// of several duplicates, the one whose second view closes first.
@Suite struct DuplicateIDOrderTests {
    static func errors(_ json: String) -> [SceneError] {
        var found: [SceneError] = []
        do { _ = try SceneReader.read(string: json) } catch { found.append(error) }
        do { _ = try SceneReader.readDefinitions(string: json) } catch { found.append(error) }
        return found
    }

    /// A window of `n` cells, ids `c0`…, with `c\(a)`'s id also on cell `b`, and `tail` after the
    /// scene object's windows array (inside the scene object).
    static func scene(cells n: Int, copy a: Int, onto b: Int, cellExtra: [Int: String] = [:], tail: String = "")
        -> String
    {
        let cells = (0..<n).map { k in
            "{\"id\": \"c\(k == b ? a : k)\", \"frame\": [\(k), 0, 1, 1]\(cellExtra[k] ?? "")}"
        }
        return """
            {"windows": [{"id": "w", "frame": [0, 0, 100, 100], "subviews": [\(cells.joined(separator: ", "))]}]\(tail)}
            """
    }

    @Test func aDuplicateBeforeALaterProblemIsReported() {
        let later: [(String, [Int: String], String)] = [
            ("a bad frame in a later cell", [900: ", \"frame\": 3"], ""),
            ("an unknown key at the end", [:], ", \"nonsense\": 1"),
            ("a redirect to no view", [950: ", \"redirectTarget\": \"nobody\""], ""),
            ("a syntax error at the end", [:], ", }"),
        ]
        for (name, extra, tail) in later {
            let json = Self.scene(cells: 1_000, copy: 3, onto: 400, cellExtra: extra, tail: tail)
            let errors = Self.errors(json)
            #expect(errors.count == 2, "\(name): both readers refuse it")
            for e in errors {
                #expect(e.location == .view("c3") && e.message == "duplicate id", "\(name): \(e)")
            }
        }
    }

    @Test func aProblemBeforeTheDuplicateIsReportedInstead() {
        let json = Self.scene(cells: 1_000, copy: 3, onto: 400, cellExtra: [200: ", \"alpha\": \"x\""])
        let errors = Self.errors(json)
        #expect(errors.count == 2)
        for e in errors { #expect(e.location == .view("c200") && e.field == "alpha", "\(e)") }
    }

    @Test func ofTwoDuplicatesTheOneWhoseSecondViewClosesFirst() {
        // c7's copy is cell 300; c5's copy is cell 600: c7 is refused first, though c5 is earlier.
        let cells = (0..<1_000).map { k in
            "{\"id\": \"\(k == 300 ? "c7" : k == 600 ? "c5" : "c\(k)")\", \"frame\": [\(k), 0, 1, 1]}"
        }
        let json = """
            {"windows": [{"id": "w", "frame": [0, 0, 100, 100], "subviews": [\(cells.joined(separator: ", "))]}]}
            """
        let errors = Self.errors(json)
        #expect(errors.count == 2)
        for e in errors { #expect(e.location == .view("c7") && e.message == "duplicate id", "\(e)") }
    }
}
