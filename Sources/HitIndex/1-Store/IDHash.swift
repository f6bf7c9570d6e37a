/// The hash every id table uses (the live store's, the static index's id set, the scene
/// decoder's): FNV-1a over the UTF-8 bytes, then a multiply–xorshift finish so that both the low
/// bits (a power-of-two table's home entry) and the high bits (a scaled home entry) depend on
/// every byte. Ids come from the caller's files, so a fixed hash is enough: a hostile file can
/// only make its own load slower.
package enum IDHash {
    /// The hash of an id. Not generic, so that another module's call runs code specialized here
    /// (measured: the generic one, called from the scene decoder, made a million-view file's
    /// load 20 % slower).
    /// - Complexity: O(length).
    package static func of(_ utf8: String.UTF8View) -> UInt32 {
        // Over the string's bytes in place (a small string's copied to the stack): iterating
        // the view decoded each byte of a small string on its own (measured: a twenty-fifth of
        // reading a million-view file).
        utf8.withContiguousStorageIfAvailable { of(bytes: $0) } ?? of(bytes: utf8)
    }

    /// The hash of `bytes`.
    /// - Complexity: O(count).
    @inlinable
    package static func of<Bytes: Sequence<UInt8>>(bytes: Bytes) -> UInt32 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        h ^= h >> 32
        h &*= 0xd6e8_feb8_6659_fd93
        h ^= h >> 32
        return UInt32(truncatingIfNeeded: h)
    }
}
