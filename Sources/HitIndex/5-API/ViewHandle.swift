/// A view of a live index, identified across every edit to other views: its slot and the
/// generation of the view in that slot.
///
/// A handle stays valid until its view is removed. Afterwards it is detected as stale — an edit
/// naming it is refused, a lookup returns nil — even once the slot holds another view, whose
/// generation differs (as Box2D's ids work).
public struct ViewHandle: Hashable, Sendable, CustomStringConvertible {
    /// The view's slot in the index's columns: stable for the view's life.
    public let slot: UInt32
    /// Which view of that slot this is.
    public let generation: UInt32

    /// Wraps a slot and a generation (as a C client passes them back).
    /// - Complexity: O(1).
    @inlinable
    public init(slot: UInt32, generation: UInt32) {
        self.slot = slot
        self.generation = generation
    }

    /// The handle as `#slot.generation`, the name errors and exported scene files give a view
    /// without an id.
    /// - Complexity: O(1).
    public var description: String { "#\(slot).\(generation)" }
}

/// Where a touch lands: the view's handle and the value its owner stored with it.
public struct Hit: Hashable, Sendable {
    /// The view hit.
    public var handle: ViewHandle
    /// The caller's value stored with the view (0 unless set).
    public var userValue: UInt64

    /// Creates a hit.
    /// - Complexity: O(1).
    public init(handle: ViewHandle, userValue: UInt64) {
        self.handle = handle
        self.userValue = userValue
    }
}
