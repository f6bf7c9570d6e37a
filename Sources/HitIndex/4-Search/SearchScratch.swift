#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#else
    #error("a C library module is needed: Glibc, Musl or Darwin")
#endif

/// Per-thread heap stacks for searches that outgrow the ones on the thread's stack.
///
/// The stack-allocated stacks hold about 1 KiB each (the most `withUnsafeTemporaryAllocation`
/// keeps off the heap): 17 frames. A scene that nests deeper on every path — the benchmark's
/// `rico` shape on the 102-screen RICO sample it used until that sample left the repository, 25
/// levels — would otherwise allocate on 5–7 % of its queries. A thread's first deep search
/// allocates these buffers, a deeper one grows them, and they live until the thread ends, so
/// steady-state queries allocate nothing however deep the scene.
enum SearchScratch {
    /// One thread's buffers, and whether a search on that thread is using them (a hit predicate
    /// that queries again must not reuse them; it gets buffers of its own).
    struct Buffers {
        var frames: UnsafeMutableBufferPointer<SearchFrame>
        var nodes: UnsafeMutableBufferPointer<UInt64>
        var inUse: Bool
    }

    /// The thread-specific slot; its destructor frees a thread's buffers when the thread ends.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { freeBuffers($0) }
        precondition(status == 0, "pthread_key_create failed with \(status)")
        return key
    }()

    /// Runs `body` with buffers of at least `frames` frames and `nodes` node entries: the
    /// calling thread's (grown when smaller), or fresh ones when the thread's are in use.
    /// - Complexity: O(1) once the thread's buffers are large enough; an allocation otherwise.
    static func withBuffers<R>(
        frames: Int, nodes: Int,
        _ body: (UnsafeMutableBufferPointer<SearchFrame>, UnsafeMutableBufferPointer<UInt64>) -> R
    ) -> R {
        let stored = pthread_getspecific(key)?.assumingMemoryBound(to: Buffers.self)
        if let stored, stored.pointee.inUse {
            let f = UnsafeMutableBufferPointer<SearchFrame>.allocate(capacity: frames)
            let n = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: nodes)
            defer {
                f.deallocate()
                n.deallocate()
            }
            return body(f, n)
        }
        let buffers: UnsafeMutablePointer<Buffers>
        if let stored {
            buffers = stored
        } else {
            buffers = .allocate(capacity: 1)
            buffers.initialize(
                to: Buffers(frames: .allocate(capacity: frames), nodes: .allocate(capacity: nodes), inUse: false))
            pthread_setspecific(key, buffers)
        }
        if buffers.pointee.frames.count < frames {
            buffers.pointee.frames.deallocate()
            buffers.pointee.frames = .allocate(capacity: frames)
        }
        if buffers.pointee.nodes.count < nodes {
            buffers.pointee.nodes.deallocate()
            buffers.pointee.nodes = .allocate(capacity: nodes)
        }
        buffers.pointee.inUse = true
        defer { buffers.pointee.inUse = false }
        return body(buffers.pointee.frames, buffers.pointee.nodes)
    }

    /// The destructor of ``key``'s values.
    private static func freeBuffers(_ raw: UnsafeMutableRawPointer?) {
        guard let buffers = raw?.assumingMemoryBound(to: Buffers.self) else { return }
        buffers.pointee.frames.deallocate()
        buffers.pointee.nodes.deallocate()
        buffers.deallocate()
    }
}
