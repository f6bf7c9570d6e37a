/// Where reader threads take a live index's current snapshot: any number of threads, at any time,
/// never waiting for the writer.
///
/// Taking a snapshot is wait-free: an increment, one atomic load, a retain and a decrement. The
/// writer swaps in each new snapshot with one atomic exchange and releases the old one only once
/// no reader is between its load and its retain (it checks the counter after the exchange; if a
/// reader is in that window, the old snapshot waits for the next publication or the source's end).
/// A reader that keeps a snapshot keeps it as long as it likes: snapshots are independent objects.
public final class SnapshotSource: Sendable {
    /// The current snapshot, retained once by the source (`Unmanaged` bits).
    private let published: AtomicWord
    /// Readers between loading ``published`` and retaining what they loaded.
    private let acquiring = AtomicWord(0)
    /// Snapshots swapped out while a reader may still have been about to retain them. Only
    /// ``publish(_:)`` (the writer's, one thread at a time: a ``LiveIndex`` is not `Sendable`)
    /// and deinit (after the last reference, when no writer is left) touch it, so it needs no
    /// lock (the lock was about a twentieth of a scroll's commit).
    @exclusivity(unchecked) private nonisolated(unsafe) var retiring: [Unmanaged<IndexSnapshot>] = []

    init(_ first: IndexSnapshot) {
        published = AtomicWord(UInt(bitPattern: Unmanaged.passRetained(first).toOpaque()))
    }

    /// The snapshot published last.
    /// - Complexity: O(1), wait-free.
    public func current() -> IndexSnapshot {
        acquiring.add(1)
        let bits = published.load()
        // Safe: `bits` is retained by the source until no reader is in this window (see publish);
        // the explicit retain happens inside it.
        let snapshot = Unmanaged<IndexSnapshot>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).retain()
        acquiring.subtract(1)
        return snapshot.takeRetainedValue()
    }

    /// Makes `next` current. The writer's alone.
    /// - Complexity: O(1), plus releasing snapshots swapped out earlier.
    func publish(_ next: IndexSnapshot) {
        let bits = UInt(bitPattern: Unmanaged.passRetained(next).toOpaque())
        let old = published.exchange(bits)
        let previous = Unmanaged<IndexSnapshot>.fromOpaque(UnsafeRawPointer(bitPattern: old)!)
        // A reader that could still retain `previous` incremented `acquiring` before its load, and
        // its load came before the exchange; once the counter reads 0 after the exchange, every
        // such reader has retained, and later ones load `next`.
        let quiet = acquiring.load() == 0
        // Usually nothing waits and no reader is in the window: `previous` is released at once,
        // with no list made (a list a commit cost an allocation).
        if quiet && retiring.isEmpty { return previous.release() }
        retiring.append(previous)
        guard quiet else { return }
        for s in retiring { s.release() }
        retiring.removeAll()
    }

    deinit {
        Unmanaged<IndexSnapshot>.fromOpaque(UnsafeRawPointer(bitPattern: published.load())!)
            .release()
        for s in retiring { s.release() }
    }
}
