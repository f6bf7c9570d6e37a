/// Why a dump could not be imported: the 1-based line where the problem is (0 when it concerns
/// the whole input) and what was expected there.
public struct ImportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// 1-based line of the input; 0 for the input as a whole (unreadable file, empty dump).
    public var line: Int
    public var message: String

    /// An error at `line`.
    /// - Complexity: O(1).
    public init(line: Int, _ message: String) {
        self.line = line
        self.message = message
    }

    /// `line N: message`, or the message alone for the whole input.
    public var description: String { line > 0 ? "line \(line): \(message)" : message }
}
