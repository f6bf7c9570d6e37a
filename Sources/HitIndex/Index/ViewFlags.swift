/// Per-view bits of a ``FlatScene`` or a live index record: eligibility, declared behaviour and
/// what side tables hold.
package struct ViewFlags: OptionSet, Hashable, Sendable, BitwiseCopyable {
    package let rawValue: UInt16

    /// Creates flags from raw bits.
    /// - Complexity: O(1).
    @inlinable
    package init(rawValue: UInt16) { self.rawValue = rawValue }

    /// Not hidden, interaction enabled and alpha >= 0.01 (the view's own; not inherited).
    package static let eligible = ViewFlags(rawValue: 1 << 0)
    /// `passThrough`: never the result itself.
    package static let passThrough = ViewFlags(rawValue: 1 << 1)
    /// `hitTestsSubviewsOutsideBounds`: the view does not clip its subtree's hits.
    package static let outside = ViewFlags(rawValue: 1 << 2)
    /// Has a `redirectTarget` (in the view's ``NodeExtra``).
    package static let redirect = ViewFlags(rawValue: 1 << 3)
    /// The hit shape is an ellipse.
    package static let ellipse = ViewFlags(rawValue: 1 << 4)
    /// The hit shape is a rounded rect (radius in the view's ``NodeExtra``).
    package static let roundedRect = ViewFlags(rawValue: 1 << 5)
    /// The transform is not the identity (inverse in the view's ``NodeExtra``).
    package static let transformed = ViewFlags(rawValue: 1 << 6)
    /// Has a custom narrowing predicate (in the view's ``NodeExtra``).
    package static let predicate = ViewFlags(rawValue: 1 << 7)
    /// Its children are searched through a ``ChildBVH`` (index in the view's ``NodeExtra``).
    package static let indexed = ViewFlags(rawValue: 1 << 8)
    /// A window (a root).
    package static let window = ViewFlags(rawValue: 1 << 9)
    /// No hit can ever come from this view or its subtree (ineligible, or an empty reach).
    package static let unreachable = ViewFlags(rawValue: 1 << 10)
    /// `isHidden` (kept apart from ``eligible`` for explanations).
    package static let hidden = ViewFlags(rawValue: 1 << 11)
    /// `isUserInteractionEnabled` is false.
    package static let interactionDisabled = ViewFlags(rawValue: 1 << 12)
    /// `Double(alpha) < 0.01`.
    package static let transparent = ViewFlags(rawValue: 1 << 13)
    /// The slot holds a view (live index records; a freed slot's record has no flags).
    package static let live = ViewFlags(rawValue: 1 << 14)
    /// The record's geometry does not round-trip through `Float`: its `Double`s are in a wide
    /// entry (live index records).
    package static let wideGeometry = ViewFlags(rawValue: 1 << 15)
}

extension ViewAttributes {
    /// The flags an index derives from the attributes alone (eligibility and its causes,
    /// pass-through, outside, the shape, transformed), and the corner radius of a rounded rect
    /// (0 otherwise). Predicates, redirects, windows and structure are the index's own.
    /// - Complexity: O(1).
    @inline(__always)
    var indexFlags: (flags: ViewFlags, radius: Double) {
        var flags: ViewFlags = []
        if isHitTestable { flags.insert(.eligible) }
        if isHidden { flags.insert(.hidden) }
        if !isUserInteractionEnabled { flags.insert(.interactionDisabled) }
        if Double(alpha) < 0.01 { flags.insert(.transparent) }
        if isPassThrough { flags.insert(.passThrough) }
        if hitTestsSubviewsOutsideBounds { flags.insert(.outside) }
        var radius = 0.0
        switch hitShape {
        case .rect: break
        case .ellipse: flags.insert(.ellipse)
        case .roundedRect(let r):
            flags.insert(.roundedRect)
            radius = r
        }
        if !transform.isIdentity { flags.insert(.transformed) }
        return (flags, radius)
    }
}
