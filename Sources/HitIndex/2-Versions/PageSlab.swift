#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#else
    #error("a C library module is needed: Glibc, Musl or Darwin")
#endif

/// One allocation holding a column's pages back to back, in order, each with its own header.
///
/// A column whose pages all sit in one slab in order is read by arithmetic: record `i` is at a
/// fixed offset from the slab's first page, with no directory or page address to load. That is
/// how a freshly loaded or compacted store reads (see ``PagedColumn/compact()``); the first page a
/// later version copies ends it for that column.
///
/// A slab's pages are blocks like any other: copied, pooled, retired and freed one by one. The
/// slab's memory goes back to the allocator when the last of its pages is freed, whichever
/// thread frees it (the writer, or the last snapshot to go).
final class PageSlab: @unchecked Sendable {
    // @unchecked Sendable: `memory` is written only before the slab is shared (its pages'
    // headers and bodies then belong to the columns), and freed once, by the last release.
    /// What `calloc` returned (the pages start at the first 64-byte boundary in it).
    private let memory: UnsafeMutableRawPointer
    /// The bytes `calloc` was asked for: what the slab holds until its last page is freed, however
    /// many of its pages are still in use.
    let byteCount: Int
    /// Pages not yet freed.
    private let remaining: AtomicWord

    /// Bytes from one page's body to the next one's: the header, and the body rounded up to keep
    /// every body 64-byte aligned.
    /// - Complexity: O(1).
    @inline(__always)
    static func pageStride(bodyBytes: Int) -> Int { PageBlock.headerSize + ((bodyBytes + 63) & ~63) }

    private init(memory: UnsafeMutableRawPointer, byteCount: Int, pages: Int) {
        self.memory = memory
        self.byteCount = byteCount
        remaining = AtomicWord(UInt(pages))
    }

    /// `pages` zero-filled pages of `bodyBytes` bytes each, created by `version`, back to back in
    /// one allocation: page `k`'s body is `pageStride(bodyBytes:) · k` bytes after page 0's.
    /// - Complexity: O(pages · bodyBytes).
    static func allocate(pages: Int, bodyBytes: Int, version: UInt64) -> [UnsafeMutableRawPointer] {
        precondition(pages > 0, "a slab holds pages")
        let stride = pageStride(bodyBytes: bodyBytes)
        // Zeroed by calloc: a large slab comes fresh from the kernel, already zero, so its pages
        // are cleared once (on first touch) instead of once by the kernel and again by a fill
        // (measured: the fill was a tenth of a million-view load).
        let byteCount = pages * stride + 64
        guard let memory = calloc(byteCount, 1) else { fatalError("out of memory for \(pages) pages") }
        // Not faulted in on a second thread, as a scene reader's definitions are: measured at
        // 1M views, a build's time did not change (the second core is hashing ids meanwhile, and
        // a build on one thread did not gain either; perf/README, 2026-11-27 night).
        // Safe: the allocation has 64 bytes of slack for the alignment.
        let first = memory + (64 - Int(bitPattern: memory) & 63) & 63
        // The slab keeps itself alive until its last page is freed (`releasePage`).
        let owner = Unmanaged.passRetained(PageSlab(memory: memory, byteCount: byteCount, pages: pages)).toOpaque()
        return (0..<pages).map { k in
            let base = first + k * stride
            base.storeBytes(of: version, toByteOffset: 0, as: UInt64.self)
            base.storeBytes(of: bodyBytes, toByteOffset: 8, as: Int.self)
            base.storeBytes(of: owner, toByteOffset: PageBlock.slabOffset, as: UnsafeMutableRawPointer?.self)
            return base + PageBlock.headerSize
        }
    }

    /// Frees one page; the last one frees the slab.
    /// - Complexity: O(1).
    func releasePage() {
        if remaining.subtractAcquiringAndReleasing(1) == 0 {
            free(memory)
            Unmanaged.passUnretained(self).release()
        }
    }
}
