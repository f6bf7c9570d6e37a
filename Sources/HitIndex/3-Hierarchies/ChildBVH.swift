/// The bounding-volume hierarchy over a wide container's subviews: its node layouts and the
/// constants the search and the live store share.
///
/// A container's items (its subviews) are grouped ``branching`` to a node. The bottom level is
/// ``LeafBlock``s: each holds up to eight subviews' half-open intervals (bounds in `Float`,
/// compared in `Double`), keys and slots; for the subviews that are plain untransformed
/// rectangles without reachable subviews, and whose exact bounds are `Float`s, the intervals are
/// exactly where the touch lands on them (``ExactInterval``), so the search decides those
/// without reading the view. The levels above are ``Block``s of eight `Float` boxes. A
/// lane's key is the largest sibling label below it (labels order the container's subviews back
/// to front), so a search can open the most promising children first and skip every child whose
/// key cannot beat the hit already found. Boxes live in the container's bounds space, so
/// scrolling the container changes none of them. The live store builds, edits and rebuilds the
/// hierarchies (`LiveStore+BVH.swift`).
package enum ChildBVH {
    /// Up to eight children of an inner node, lane by lane, used lanes first: an unused lane has
    /// an empty box and key 0 (no label is below 1, so it never wins).
    package struct Block: Sendable, BitwiseCopyable {
        package var minX: SIMD8<Float>
        package var minY: SIMD8<Float>
        package var maxX: SIMD8<Float>
        package var maxY: SIMD8<Float>
        /// The largest sibling label below the lane.
        package var key: SIMD8<UInt32>
        /// The child nodes' stored words (``Node/rawValue``); read them through ``node(_:)``.
        package var child: SIMD8<UInt32>

        /// A block with every lane empty.
        static let empty = Block(
            minX: SIMD8(repeating: .infinity), minY: SIMD8(repeating: .infinity),
            maxX: SIMD8(repeating: -.infinity), maxY: SIMD8(repeating: -.infinity),
            key: SIMD8(repeating: 0), child: SIMD8(repeating: 0))

        /// Lane `i`'s child node.
        /// - Complexity: O(1).
        @inlinable
        package func node(_ i: Int) -> Node { Node(rawValue: child[i]) }

        /// Makes `node` lane `i`'s child.
        /// - Complexity: O(1).
        mutating func setNode(_ i: Int, _ node: Node) { child[i] = node.rawValue }

        /// Lane `i`'s box.
        /// - Complexity: O(1).
        @inlinable
        package func box(_ i: Int) -> FBox { FBox(minX: minX[i], minY: minY[i], maxX: maxX[i], maxY: maxY[i]) }

        /// Gives lane `i` the box and key of what is below it.
        /// - Complexity: O(1).
        mutating func setBox(_ i: Int, _ box: FBox, key: UInt32) {
            minX[i] = box.minX
            minY[i] = box.minY
            maxX[i] = box.maxX
            maxY[i] = box.maxY
            self.key[i] = key
        }

        /// The union of the lanes' boxes.
        /// - Complexity: O(1).
        @inlinable
        package var bounds: FBox { FBox(minX: minX.min(), minY: minY.min(), maxX: maxX.max(), maxY: maxY.max()) }

        /// A bit per lane of `block` whose box holds `(x, y)` and whose key is above `best`.
        ///
        /// Two `SIMD4` halves, which baseline x86-64 compares natively (SSE); the `SIMD8`
        /// operators compile there to per-lane loops with spills, four times slower.
        /// Measured on the 1M grid, cache-hot walk: 40 scalar loads 175 ns, halves 147 ns.
        /// - Complexity: O(1): 8 lanes.
        @inlinable @inline(__always)
        package static func candidates(
            _ block: UnsafePointer<Block>, _ x: Float, _ y: Float, above best: UInt32
        ) -> UInt32 {
            let raw = UnsafeRawPointer(block)
            let vx = SIMD4<Float>(repeating: x)
            let vy = SIMD4<Float>(repeating: y)
            let vb = SIMD4<UInt32>(repeating: best)
            var bits: UInt32 = 0
            for half in 0..<2 {
                let o = half * 16
                // Safe: each field is 8 lanes of 4 bytes at its declared offset; o + 16 <= 32.
                let minX = raw.loadUnaligned(fromByteOffset: Layout.minX + o, as: SIMD4<Float>.self)
                let minY = raw.loadUnaligned(fromByteOffset: Layout.minY + o, as: SIMD4<Float>.self)
                let maxX = raw.loadUnaligned(fromByteOffset: Layout.maxX + o, as: SIMD4<Float>.self)
                let maxY = raw.loadUnaligned(fromByteOffset: Layout.maxY + o, as: SIMD4<Float>.self)
                let key = raw.loadUnaligned(fromByteOffset: Layout.key + o, as: SIMD4<UInt32>.self)
                let mask = (minX .<= vx) .& (vx .<= maxX) .& (minY .<= vy) .& (vy .<= maxY) .& (key .> vb)
                let lanes = SIMD4<UInt32>(repeating: 0).replacing(with: SIMD4<UInt32>(1, 2, 4, 8), where: mask)
                bits |= lanes.wrappedSum() << UInt32(half * 4)
            }
            return bits
        }

        /// Lane `lane`'s key, read from the block's memory.
        /// - Complexity: O(1).
        @inlinable @inline(__always)
        package static func key(_ block: UnsafePointer<Block>, _ lane: Int) -> UInt32 {
            UnsafeRawPointer(block).load(fromByteOffset: Layout.key + lane * 4, as: UInt32.self)
        }

        /// Lane `lane`'s child node, read from the block's memory.
        /// - Complexity: O(1).
        @inlinable @inline(__always)
        package static func child(_ block: UnsafePointer<Block>, _ lane: Int) -> Node {
            Node(rawValue: UnsafeRawPointer(block).load(fromByteOffset: Layout.child + lane * 4, as: UInt32.self))
        }

        /// Byte offsets of the lane arrays within a block: six 32-byte lane arrays in declaration
        /// order. Literals, not `MemoryLayout.offset(of:)`, so the hot loop reads no lazily
        /// initialized global; ``ChildBVH/checkLayouts()`` checks them against the real layout.
        @usableFromInline
        enum Layout {
            @usableFromInline static let minX = 0
            @usableFromInline static let minY = 32
            @usableFromInline static let maxX = 64
            @usableFromInline static let maxY = 96
            @usableFromInline static let key = 128
            @usableFromInline static let child = 160

            static var matchesMemoryLayout: Bool {
                MemoryLayout<Block>.offset(of: \Block.minX) == minX
                    && MemoryLayout<Block>.offset(of: \Block.minY) == minY
                    && MemoryLayout<Block>.offset(of: \Block.maxX) == maxX
                    && MemoryLayout<Block>.offset(of: \Block.maxY) == maxY
                    && MemoryLayout<Block>.offset(of: \Block.key) == key
                    && MemoryLayout<Block>.offset(of: \Block.child) == child
            }
        }
    }

    /// Children per block.
    package static let branching = 8
}

extension ChildBVH {
    /// Traps if the lane offsets the hot loops use as literals differ from the compiled layouts.
    /// - Complexity: O(1).
    static func checkLayouts() {
        precondition(Block.Layout.matchesMemoryLayout, "ChildBVH.Block's lane offsets changed")
        precondition(LeafBlock.Layout.matchesMemoryLayout, "ChildBVH.LeafBlock's lane offsets changed")
    }
}
