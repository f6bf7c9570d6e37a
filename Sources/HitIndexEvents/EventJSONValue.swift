import HitIndexSceneFormat

/// The event layer's keys and events lines are read with the scene format's strict JSON value
/// parser (repeated keys refused, no recursion).
typealias EventJSONValue = JSONValue

extension JSONValue {
    /// Parses `text`, or says why it is not JSON: `not valid JSON (duplicate key "id")`.
    static func parseExplained(_ text: String) -> Result<JSONValue, JSONValue.ParseError> {
        do throws(JSONValue.ParseError) {
            return .success(try JSONValue.parse(text))
        } catch {
            return .failure(ParseError(offset: error.offset, message: "not valid JSON (\(error.message))"))
        }
    }
}
