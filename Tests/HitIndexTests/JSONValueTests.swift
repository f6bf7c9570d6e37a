import HitIndexSceneFormat
import Testing

@Suite struct JSONValueTests {
    static func refusal(_ text: String) -> String? {
        do {
            _ = try JSONValue.parse(text)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func parsesEveryKindOfValue() throws {
        let v = try JSONValue.parse(#" {"a": [1, -2.5e1, true, false, null, "x\u0041"], "b": {}, "c": []} "#)
        #expect(
            v
                == .object([
                    "a": .array([.number(1), .number(-25), .bool(true), .bool(false), .null, .string("xA")]),
                    "b": .object([:]), "c": .array([]),
                ]))
        #expect(try JSONValue.parse("\"VC\"") == .string("VC"))
        #expect(try JSONValue.parse("3") == .number(3))
    }

    @Test func aRepeatedKeyIsRefusedAtAnyDepth() {
        #expect(Self.refusal(#"{"t": 0, "t": 1}"#) == #"duplicate key "t""#)
        #expect(Self.refusal(#"{"a": [{"id": 1, "x": 2, "id": 3}]}"#) == #"duplicate key "id""#)
        // The same key in two different objects is fine.
        #expect(Self.refusal(#"[{"id": 1}, {"id": 2}]"#) == nil)
    }

    @Test func badSyntaxIsRefusedWithAReason() {
        #expect(Self.refusal("") != nil)
        #expect(Self.refusal("{") != nil)
        #expect(Self.refusal(#"{"a" 1}"#)?.contains("':'") == true)
        #expect(Self.refusal("[1 2]")?.contains("',' or ']'") == true)
        #expect(Self.refusal("[1] x")?.contains("after the value") == true)
        #expect(Self.refusal("nul") != nil)
        #expect(Self.refusal("{1: 2}") != nil)
    }

    @Test func nestingIsLimitedBeforeItCanOverflowTheStack() throws {
        // 512 levels parse (and free) fine; one more is refused with a reason; 200,000 levels, which
        // would overflow the stack when the value is freed, are refused without a crash.
        let n = JSONValue.maximumDepth
        var v = try JSONValue.parse(String(repeating: "[", count: n) + String(repeating: "]", count: n))
        var depth = 1
        while case .array(let items) = v, let first = items.first {
            v = first
            depth += 1
        }
        #expect(depth == n)
        #expect(
            Self.refusal(String(repeating: "[", count: n + 1) + String(repeating: "]", count: n + 1))
                == "nested deeper than 512 levels")
        #expect(Self.refusal(String(repeating: #"{"a":"#, count: 200_000)) == "nested deeper than 512 levels")
    }
}
