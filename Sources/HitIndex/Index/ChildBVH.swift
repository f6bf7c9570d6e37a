/// The bounding-volume hierarchies over the subviews of every wide container of a scene, stored
/// together: one set of arrays, each container's hierarchy a root node within them.
///
/// A container's items (its subviews) are sorted along a Hilbert curve of their reach-box
/// centres and packed ``branching`` to a node, level by level (a packed Hilbert R-tree, as
/// flatbush builds one). Every node stores the largest paint-order key below it, so a search can
/// visit the most promising subtrees first and skip every subtree whose best key cannot beat the
/// hit already found. Boxes live in the container's bounds space.
public struct ChildBVH: Sendable {
    /// Items, each container's in Hilbert order: a subview's reach box (where a hit from its
    /// subtree is possible), rounded outward.
    public internal(set) var itemBoxes: [FBox] = []
    /// Items: each subview's position in paint order, its key.
    public internal(set) var itemKeys: [ViewIndex] = []
    /// Nodes: each container's levels from the one above its items up to its root (the last of
    /// them).
    public internal(set) var nodes: [Node] = []

    /// An inner node: the union of its children's boxes, their largest key, and where its
    /// children are (items when ``childrenAreItems``, nodes otherwise).
    public struct Node: Sendable {
        public var box: FBox
        public var maxKey: ViewIndex
        public var first: UInt32
        public var count: UInt16
        public var childrenAreItems: Bool
    }

    /// Children per node.
    public static let branching = 8

    /// Creates an empty forest.
    /// - Complexity: O(1).
    public init() {}
}
