#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#else
    #error("a C library module is needed: Glibc, Musl or Darwin")
#endif

/// A mutual-exclusion lock over the platform's `pthread_mutex_t`, guarding a value of its own.
///
/// The standard library's `Mutex` needs macOS 15 and iOS 18; POSIX mutexes exist on every
/// platform the package supports (Linux with glibc or Musl, and every Apple platform), so one
/// implementation serves all of them. The lock is for the writer's rare paths (collecting the
/// results of a parallel build): readers never take it.
package final class Lock<Value> {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// A lock guarding `value`.
    /// - Complexity: O(1).
    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        // Safe: a default (non-recursive) mutex on fresh memory; init fails only for lack of
        // resources, which no later use could recover from.
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed (\(status))")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the guarded value while holding the lock, and returns what it returns.
    /// - Complexity: O(1) plus `body`, and the wait for another holder.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

// @unchecked Sendable: `value` is read and written only inside `withLock`, which holds the mutex;
// the mutex lives at a fixed address from init to deinit.
extension Lock: @unchecked Sendable where Value: Sendable {}
