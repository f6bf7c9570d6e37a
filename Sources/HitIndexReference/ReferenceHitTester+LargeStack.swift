import Foundation
import HitIndex

extension ReferenceHitTester {
    /// Bytes of stack reserved per level of view depth: measured frames are a few hundred bytes
    /// (with an observer), so this leaves a wide margin. The memory is only reserved, not touched.
    public static let stackBytesPerLevel = 1024

    /// Runs `body` on a thread whose stack can hold a recursion `depth` levels deep, and returns
    /// its result. Shallow work (depth < 256) runs inline.
    /// - Complexity: O(1) on top of `body` (one thread start when run on a thread).
    public static func runOnLargeStack<T>(depth: Int, _ body: () -> T) -> T {
        if depth < 256 { return body() }
        let bytes = 16 << 20 + depth * stackBytesPerLevel
        return withoutActuallyEscaping(body) { escapable in
            let box = ResultBox<T>(escapable)
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                box.run()
                done.signal()
            }
            thread.stackSize = bytes
            thread.start()
            done.wait()
            return box.take()
        }
    }

    /// Hit-tests every screen point, in order, on a stack large enough for the scene's depth.
    /// - Complexity: O(q · n) in the worst case for q points and n views.
    public func hitTest(_ scene: Scene, at points: [Point]) -> [View?] {
        let depth = scene.depth
        return Self.runOnLargeStack(depth: depth) {
            points.map { hitTest(scene, at: $0) }
        }
    }
}

/// Carries a closure and its result across the thread that runs it; the semaphore in
/// `runOnLargeStack` orders every access, which is what makes the unchecked Sendable sound.
///
/// `run` drops the closure as soon as it has run, before the semaphore is signalled: the
/// closure is only "escaping" for the duration of `withoutActuallyEscaping`, and the runtime
/// checks that nothing still holds it when that ends.
private final class ResultBox<T>: @unchecked Sendable {
    private var body: (() -> T)?
    private var result: T?

    init(_ body: @escaping () -> T) { self.body = body }

    func run() {
        result = body!()
        body = nil
    }

    func take() -> T { result! }
}
