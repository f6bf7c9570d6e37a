/// A view's place in the live store: the position of its record, its writer state and its lane
/// reference, the same for the view's whole life, whatever is inserted or removed around it.
///
/// Its own index space: a slot cannot be passed where a hierarchy node, a lane, a label or a
/// side entry's position is meant, nor the other way round. Stored as one `UInt32` in records,
/// writer states, hierarchy lanes and redirects; ``ViewHandle/slot`` and the C handle's `slot`
/// carry the same word.
package struct Slot: Hashable, Strideable, BitwiseCopyable, CustomStringConvertible {
    /// The stored word.
    package let rawValue: UInt32

    /// No view: the end of a sibling chain, the parent of an unlinked view, a handle of another
    /// world.
    package static let none = Slot(rawValue: UInt32.max)
    /// The screen: the parent of every window, never a hit, never removed. Views start at 1.
    package static let screen = Slot(rawValue: 0)

    /// The slot a stored word names.
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The slot at position `index` of the store's columns.
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    package init(_ index: Int) {
        precondition(index >= 0 && index < Int(UInt32.max), "a slot is below 2^32 − 1")
        rawValue = UInt32(truncatingIfNeeded: index)
    }

    /// The position in the store's columns.
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    package var index: Int { Int(rawValue) }

    /// How many slots lie from this one to `other` in column order (ranges of slots are
    /// iterated, as a bulk load's fresh slots are).
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    package func distance(to other: Slot) -> Int { Int(other.rawValue) - Int(rawValue) }

    /// The slot `n` positions further in column order.
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    package func advanced(by n: Int) -> Slot { Slot(Int(rawValue) + n) }

    /// The position, as the invariant checker's messages name a view.
    package var description: String { self == .none ? "none" : "\(rawValue)" }
}

extension ViewHandle {
    /// The handle of the view in `slot` with `generation`.
    /// - Complexity: O(1).
    package init(_ slot: Slot, generation: UInt32) { self.init(slot: slot.rawValue, generation: generation) }

    /// The view's slot, typed.
    /// - Complexity: O(1).
    package var storeSlot: Slot { Slot(rawValue: slot) }
}
