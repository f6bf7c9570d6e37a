internal import CHitIndexAtomics

/// A machine word that any thread reads and changes atomically, with the memory order named by
/// each operation.
///
/// The standard library's `Atomic` needs macOS 15 and iOS 18; this one, over the C compiler's
/// atomic builtins, works back to the package's declared platforms and compiles to the same
/// instructions. It owns its word: the word has a fixed address for the value's whole life (a
/// noncopyable value cannot be moved out from under another thread), and is freed with it.
package struct AtomicWord: ~Copyable, @unchecked Sendable {
    // @unchecked Sendable: `word` is touched only through the atomic functions below, so threads
    // sharing it never race; the pointer itself never changes.
    private let word: UnsafeMutablePointer<UInt>

    /// A word holding `value`.
    /// - Complexity: O(1) (one small allocation).
    package init(_ value: UInt = 0) {
        word = .allocate(capacity: 1)
        word.initialize(to: value)
    }

    deinit { word.deallocate() }

    /// The value, ordered with every other sequentially consistent operation.
    /// - Complexity: O(1).
    @inline(__always)
    package func load() -> UInt { hix_atomic_load_seq_cst(word) }

    /// The value, with acquire order: what the thread that stored it with release order wrote
    /// before the store is visible after this load.
    /// - Complexity: O(1).
    @inline(__always)
    package func loadAcquiring() -> UInt { hix_atomic_load_acquire(word) }

    /// Stores `value`, sequentially consistent.
    /// - Complexity: O(1).
    @inline(__always)
    package func store(_ value: UInt) { hix_atomic_store_seq_cst(word, value) }

    /// Stores `value` with release order (pairs with ``loadAcquiring()``).
    /// - Complexity: O(1).
    @inline(__always)
    package func storeReleasing(_ value: UInt) { hix_atomic_store_release(word, value) }

    /// Stores `value` and returns the value it replaced, sequentially consistent.
    /// - Complexity: O(1).
    @inline(__always)
    package func exchange(_ value: UInt) -> UInt { hix_atomic_exchange_seq_cst(word, value) }

    /// Adds `delta`, wrapping, and returns the new value; sequentially consistent.
    /// - Complexity: O(1).
    @inline(__always)
    @discardableResult
    package func add(_ delta: UInt) -> UInt { hix_atomic_add_seq_cst(word, delta) }

    /// Subtracts `delta`, wrapping, and returns the new value; sequentially consistent.
    /// - Complexity: O(1).
    @inline(__always)
    @discardableResult
    package func subtract(_ delta: UInt) -> UInt { hix_atomic_subtract_seq_cst(word, delta) }

    /// Subtracts `delta`, wrapping, with acquire-release order, and returns the new value: the
    /// thread that sees 0 sees every earlier subtractor's writes (a reference count's last
    /// release).
    /// - Complexity: O(1).
    @inline(__always)
    @discardableResult
    package func subtractAcquiringAndReleasing(_ delta: UInt) -> UInt {
        hix_atomic_subtract_acq_rel(word, delta)
    }
}

/// A sequentially consistent fence: no memory access of this thread moves across it (the
/// benchmark keeps timed loops between their clock reads with it).
/// - Complexity: O(1).
@inline(__always)
package func memoryFence() { hix_atomic_fence_seq_cst() }
