import Foundation

/// Where a command writes: standard output and standard error, or buffers in tests.
///
/// Standard output is buffered and flushed by ``flush()``: `query` over a million points must not
/// make a million write calls.
public final class Console {
    private var outBuffer: [UInt8] = []
    private let writeOut: ([UInt8]) -> Void
    private let writeErr: (String) -> Void
    private let flushThreshold = 1 << 16

    /// Creates a console from two sinks.
    /// - Complexity: O(1).
    public init(out: @escaping ([UInt8]) -> Void, err: @escaping (String) -> Void) {
        writeOut = out
        writeErr = err
    }

    /// The process's standard output and standard error.
    /// - Complexity: O(1).
    public static func standard() -> Console {
        Console(
            out: { bytes in FileHandle.standardOutput.write(Data(bytes)) },
            err: { text in FileHandle.standardError.write(Data(text.utf8)) })
    }

    /// Appends a line to standard output.
    /// - Complexity: O(length), amortized.
    public func line(_ text: String) {
        outBuffer.append(contentsOf: text.utf8)
        outBuffer.append(0x0A)
        if outBuffer.count >= flushThreshold { flush() }
    }

    /// Appends raw bytes to standard output.
    /// - Complexity: O(length).
    public func bytes(_ data: [UInt8]) {
        flush()
        writeOut(data)
    }

    /// Writes a line to standard error at once.
    /// - Complexity: O(length).
    public func error(_ text: String) {
        flush()
        writeErr(text + "\n")
    }

    /// Writes out what is buffered.
    /// - Complexity: O(buffered bytes).
    public func flush() {
        guard !outBuffer.isEmpty else { return }
        writeOut(outBuffer)
        outBuffer.removeAll(keepingCapacity: true)
    }
}
