/// The raw memory blocks paged columns are made of (pages of records, directories of pages, and
/// each column's top block of directories), with the header every block carries.
///
/// A block is reached by the address of its body; its 64-byte header sits just before it, so
/// readers index a body without skipping anything, and the body stays 64-byte aligned. The header
/// holds the version of the store that created the block (a block is writable only while that
/// version is being written), the body's size (for copying), and the ``PageSlab`` the block
/// belongs to, if any (then freeing it returns it to the slab).
enum PageBlock {
    /// Bytes of header before each body.
    static let headerSize = 64
    /// Where the header keeps its slab's address (nil for a block of its own).
    static let slabOffset = 16

    // The header's words past the version (0), the size (8) and the slab (16), given as offsets
    // from the body: the writer's notes on a block it replaced or retired, which no snapshot
    // reads (on the line the writer reads for the block's version anyway).

    /// A retired block's last version that can see it (``PageArena``).
    static let lastVisibleOffset = -32
    /// A replaced block's in-place offset (`UInt32`) and whether snapshots read it (a byte).
    static let inPlaceFromOffset = -16
    static let sharedOffset = -12

    /// A new zero-filled block with a `bodyBytes`-byte body, created by `version`.
    /// - Complexity: O(bodyBytes).
    static func allocate(bodyBytes: Int, version: UInt64) -> UnsafeMutableRawPointer {
        let base = UnsafeMutableRawPointer.allocate(byteCount: headerSize + bodyBytes, alignment: 64)
        base.initializeMemory(as: UInt8.self, repeating: 0, count: headerSize + bodyBytes)
        base.storeBytes(of: version, toByteOffset: 0, as: UInt64.self)
        base.storeBytes(of: bodyBytes, toByteOffset: 8, as: Int.self)
        return base + headerSize
    }

    /// A copy of `body`'s block, created by `version`.
    /// - Complexity: O(body size).
    static func copy(_ body: UnsafeRawPointer, version: UInt64) -> UnsafeMutableRawPointer {
        let bytes = byteCount(body)
        let base = UnsafeMutableRawPointer.allocate(byteCount: headerSize + bytes, alignment: 64)
        base.storeBytes(of: version, toByteOffset: 0, as: UInt64.self)
        base.storeBytes(of: bytes, toByteOffset: 8, as: Int.self)
        base.storeBytes(of: nil, toByteOffset: slabOffset, as: UnsafeMutableRawPointer?.self)
        // Safe: both bodies are `bytes` long and do not overlap (the copy is a new allocation).
        (base + headerSize).copyMemory(from: body, byteCount: bytes)
        return base + headerSize
    }

    /// Gives a recycled block (its header and body rewritten) a new life: zero-filled, created by
    /// `version`.
    /// - Complexity: O(body size).
    static func reuse(_ body: UnsafeMutableRawPointer, version: UInt64) -> UnsafeMutableRawPointer {
        (body - headerSize).storeBytes(of: version, toByteOffset: 0, as: UInt64.self)
        body.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount(body))
        return body
    }

    /// Frees a block made by ``allocate(bodyBytes:version:)``, ``copy(_:version:)`` or
    /// ``PageSlab/allocate(pages:bodyBytes:version:)``.
    /// - Complexity: O(1).
    static func free(_ body: UnsafeMutableRawPointer) {
        if let slab = slab(of: body) {
            slab.releasePage()
        } else {
            (body - headerSize).deallocate()
        }
    }

    /// The slab the block belongs to, or nil for a block of its own.
    /// - Complexity: O(1).
    static func slab(of body: UnsafeRawPointer) -> PageSlab? {
        (body - headerSize).load(fromByteOffset: slabOffset, as: UnsafeMutableRawPointer?.self).map {
            // Safe: a slab stays alive until its last page is freed, and this page was not.
            Unmanaged<PageSlab>.fromOpaque($0).takeUnretainedValue()
        }
    }

    /// The version that created the block.
    /// - Complexity: O(1).
    @inline(__always)
    static func version(_ body: UnsafeRawPointer) -> UInt64 {
        body.load(fromByteOffset: -headerSize, as: UInt64.self)
    }

    /// The size of the block's body in bytes.
    /// - Complexity: O(1).
    @inline(__always)
    static func byteCount(_ body: UnsafeRawPointer) -> Int {
        body.load(fromByteOffset: 8 - headerSize, as: Int.self)
    }
}
