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
            // The same length and first byte (the reader's first cut), one later byte changed.
            var bytes = Array(key.utf8)
            bytes[bytes.count - 1] = bytes[bytes.count - 1] == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x")
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
