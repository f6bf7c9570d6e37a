extension ChildBVH {
    /// A node of a container's hierarchy: an inner ``Block`` or a ``LeafBlock``, by its position
    /// in its own column. The two columns are separate index spaces; the tag bit says which one
    /// a reference names, so a leaf position can never be read as a block's.
    ///
    /// Stored as one `UInt32` (in a ``Block``'s `child` lanes and in ``ViewExtra/bvh``): bit 30
    /// marks a leaf, and node counts stay below 2^30, so the bit is free.
    package struct Node: Hashable, BitwiseCopyable, CustomStringConvertible {
        /// The stored word: the position, with ``leafTag`` on leaves.
        package let rawValue: UInt32

        /// Set on a leaf block's reference.
        package static let leafTag: UInt32 = 1 << 30
        /// No node (a container without a hierarchy; a free entry).
        static let none = Node(rawValue: UInt32.max)
        /// Positions in either column stay below this.
        static let limit = Int(leafTag)

        /// The node a stored word names.
        /// - Complexity: O(1).
        @inlinable @inline(__always)
        package init(rawValue: UInt32) { self.rawValue = rawValue }

        /// The leaf block at `index` in the leaf column.
        /// - Complexity: O(1).
        static func leaf(_ index: Int) -> Node {
            precondition(index >= 0 && index < limit, "fewer than 2^30 hierarchy nodes")
            return Node(rawValue: UInt32(index) | leafTag)
        }

        /// The inner block at `index` in the block column.
        /// - Complexity: O(1).
        static func inner(_ index: Int) -> Node {
            precondition(index >= 0 && index < limit, "fewer than 2^30 hierarchy nodes")
            return Node(rawValue: UInt32(index))
        }

        /// Whether the node is a leaf block (else an inner block); ask only of a real node.
        /// - Complexity: O(1).
        @inlinable @inline(__always)
        package var isLeaf: Bool { rawValue & Node.leafTag != 0 }

        /// The position in the node's own column.
        /// - Complexity: O(1).
        @inlinable @inline(__always)
        package var index: Int { Int(rawValue & ~Node.leafTag) }

        package var description: String {
            self == .none ? "none" : isLeaf ? "leaf \(index)" : "block \(index)"
        }
    }

    /// A lane of a block: which block, and which of its eight lanes. A view's place in its
    /// superview's hierarchy is a lane of a leaf block; a node's place is a lane of an inner
    /// block.
    ///
    /// Stored as one `UInt32`, block << 3 | lane, so the writer's per-slot state stays small.
    struct Lane: Hashable, BitwiseCopyable, CustomStringConvertible {
        /// The stored word.
        let rawValue: UInt32

        /// No lane: a view whose superview has no hierarchy; a root node.
        static let none = Lane(rawValue: UInt32.max)
        /// Blocks named by a lane stay below this (2^29 − 1 leaf blocks hold more views than a
        /// store's 2^31; the last block's last lane would spell ``none``).
        static let blockLimit = 1 << 29 - 1

        /// The lane a stored word names.
        /// - Complexity: O(1).
        init(rawValue: UInt32) { self.rawValue = rawValue }

        /// Lane `lane` of the block at `block`.
        /// - Complexity: O(1).
        init(block: Int, lane: Int) {
            precondition(block >= 0 && block < Lane.blockLimit && (0..<branching).contains(lane), "a lane of a block")
            rawValue = UInt32(block) << 3 | UInt32(lane)
        }

        /// The block's position in its column.
        var block: Int { Int(rawValue >> 3) }
        /// The lane within the block, 0..<8.
        var lane: Int { Int(rawValue & 7) }

        var description: String { self == .none ? "none" : "\(block).\(lane)" }
    }
}

extension ChildBVH {
    /// A subview's order among its siblings while their container is indexed: later (front)
    /// siblings have larger labels. Labels are compared only between siblings, so an insert takes
    /// a label between its neighbours' and relabels a few when there is no gap.
    ///
    /// The search's keys are labels (with ``LeafBlock/exactBit`` on exact lanes), so a label is
    /// below 2^31; 0 means "no label" (the view's superview is not indexed) and is no key.
    struct Label: Hashable, Comparable, BitwiseCopyable, CustomStringConvertible {
        /// The stored word.
        let rawValue: UInt32

        /// No label: a subview of an unindexed container.
        static let none = Label(rawValue: 0)
        /// Labels are below this (the leaf keys' top bit is the exact bit).
        static let limit = Int(LeafBlock.exactBit)

        /// The label `value`, in `1..<limit`.
        /// - Complexity: O(1).
        init(_ value: Int) {
            precondition(value >= 1 && value < Label.limit, "a label is in 1..<2^31")
            rawValue = UInt32(value)
        }

        private init(rawValue: UInt32) { self.rawValue = rawValue }

        /// The label a lane's key holds (its key without the exact bit; ``none`` for an unused
        /// lane's 0).
        /// - Complexity: O(1).
        init(key: UInt32) { rawValue = key & ~LeafBlock.exactBit }

        /// The label as a number, 0 for ``none``.
        var value: Int { Int(rawValue) }

        /// The search key of a lane holding this label: the label, with the exact bit when the
        /// lane's interval decides the subview.
        /// - Complexity: O(1).
        func key(exact: Bool) -> UInt32 { rawValue | (exact ? LeafBlock.exactBit : 0) }

        static func < (a: Label, b: Label) -> Bool { a.rawValue < b.rawValue }

        var description: String { self == .none ? "none" : String(rawValue) }
    }
}
