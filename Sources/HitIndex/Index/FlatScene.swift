/// The geometry a query reads for one view, in one 64-byte cache line: the canonical
/// conversion's translation parts and the standardized hit-rect extents.
package struct NodeGeometry: Sendable {
    /// `center`, in the superview's bounds space (screen space for a window).
    package var centerX: Double
    package var centerY: Double
    /// `bounds.origin + anchorPoint * bounds.size`.
    package var anchorOffsetX: Double
    package var anchorOffsetY: Double
    /// The standardized hit rect.
    package var minX: Double
    package var minY: Double
    package var maxX: Double
    package var maxY: Double
}

/// Tree links, flags and the side-table slot of one view, in 16 bytes.
package struct NodeLinks: Sendable {
    /// The front-most subview, or ``ViewIndex/none``.
    package var lastChild: ViewIndex
    /// The subview directly behind this one in its superview, or ``ViewIndex/none``.
    package var previousSibling: ViewIndex
    /// The view's slot in ``FlatScene/extras``; 0 when it needs none.
    package var extra: UInt32
    package var flags: ViewFlags
    /// Depth below its window (0 for a window), saturating at `UInt16.max`.
    package var depth: UInt16
}

/// What only some views need: a non-identity inverse, a corner radius, a redirect target or a
/// predicate.
package struct NodeExtra: Sendable {
    /// The inverse transform (`CGAffineTransformInvert` contract); identity when untransformed.
    package var inverse: AffineTransform
    /// The transform itself (for lifting boxes and points back up).
    package var transform: AffineTransform
    /// The rounded-rect radius, when the shape is one.
    package var radius: Double
    /// The redirect target, or ``ViewIndex/none``.
    package var redirect: ViewIndex
    /// Index into ``FlatScene/predicates``, or -1.
    package var predicate: Int32

    static let empty = NodeExtra(inverse: .identity, transform: .identity, radius: 0, redirect: .none, predicate: -1)
}

/// A scene flattened into columns in paint order: windows back to front, each window's views in
/// preorder. Immutable once built; what the benchmark's flattened baselines (`tree`, `linear`)
/// search, with the same per-view precomputation the live index makes (conversions, hit rects,
/// reach), but no hierarchies over wide containers.
///
/// Paint order makes the UIKit answer the largest position among the views a touch may land on,
/// and a subtree a contiguous range.
package struct FlatScene: Sendable {
    /// Per view: conversion and hit-rect data.
    package let geometry: [NodeGeometry]
    /// Per view: links, flags, side-table slot.
    package let links: [NodeLinks]
    /// Side table for the views that need more (slot 0 is unused).
    package let extras: [NodeExtra]
    /// Custom narrowing predicates, by ``NodeExtra/predicate``.
    package let predicates: [@Sendable (Point) -> Bool]
    /// Per view: where, in its own bounds space, any of its subviews could produce a hit (the
    /// union of their reach), rounded outward; empty when none can. A touch outside it cannot
    /// land below the view, so the search does not descend.
    package let subviewReach: [FBox]
    /// The windows, back to front (the order touches try them is the reverse).
    package let roots: [ViewIndex]
    /// The greatest depth below a window (0 when every window is alone).
    package let maxDepth: Int
    /// View ids, UTF-8, view `i` at `idBytes[idOffsets[i]..<idOffsets[i + 1]]`.
    let idOffsets: [UInt32]
    let idBytes: [UInt8]

    /// The number of views, windows included.
    /// - Complexity: O(1).
    package var count: Int { links.count }

    /// The id of a view.
    /// - Complexity: O(length of the id).
    package func id(of view: ViewIndex) -> String {
        let start = Int(idOffsets[view.position])
        let end = Int(idOffsets[view.position + 1])
        return idBytes.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self)
        }
    }

    /// A view's hit region, as the reference computes it.
    /// - Complexity: O(1).
    @inlinable
    package func hitRegion(of view: ViewIndex) -> HitRegion {
        let g = geometry[view.position]
        let link = links[view.position]
        let shape: HitShape =
            link.flags.contains(.ellipse)
            ? .ellipse
            : link.flags.contains(.roundedRect) ? .roundedRect(radius: extras[Int(link.extra)].radius) : .rect
        return HitRegion(extents: Extents(minX: g.minX, minY: g.minY, maxX: g.maxX, maxY: g.maxY), shape: shape)
    }

    /// Converts a point from a view's superview (screen space for a window) into the view, with
    /// the canonical conversion.
    /// - Complexity: O(1).
    @inlinable
    package func toLocal(_ view: ViewIndex, _ q: Point) -> Point {
        let g = geometry[view.position]
        let link = links[view.position]
        let center = Point(x: g.centerX, y: g.centerY)
        let anchor = Point(x: g.anchorOffsetX, y: g.anchorOffsetY)
        if link.flags.contains(.transformed) {
            return ViewPlacement.toLocal(
                q, center: center, inverse: extras[Int(link.extra)].inverse, anchorOffset: anchor)
        }
        return ViewPlacement.toLocalTranslated(q, center: center, anchorOffset: anchor)
    }

    /// `pointInside`: whether `p`, in the view's bounds space, lies in its hit region and passes
    /// its predicate.
    /// - Complexity: O(1) plus the predicate.
    @inlinable
    package func pointInside(_ view: ViewIndex, _ p: Point) -> Bool {
        guard hitRegion(of: view).contains(p) else { return false }
        let link = links[view.position]
        if link.flags.contains(.predicate) {
            return predicates[Int(extras[Int(link.extra)].predicate)](p)
        }
        return true
    }

    /// The subviews of a view, back to front.
    /// - Complexity: O(k) for k subviews.
    package func children(of view: ViewIndex) -> [ViewIndex] {
        var result: [ViewIndex] = []
        var c = links[view.position].lastChild
        while c != .none {
            result.append(c)
            c = links[c.position].previousSibling
        }
        return result.reversed()
    }

    /// Each view's superview (``ViewIndex/none`` for a window), derived from the links: the
    /// index keeps no parent column because queries never need one.
    /// - Complexity: O(n).
    package func parentColumn() -> [ViewIndex] {
        var parents = [ViewIndex](repeating: .none, count: count)
        for i in 0..<count {
            var c = links[i].lastChild
            while c != .none {
                parents[c.position] = ViewIndex(i)
                c = links[c.position].previousSibling
            }
        }
        return parents
    }
}
