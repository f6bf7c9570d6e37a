extension ChildBVH {
    /// Up to eight subviews of one container, lane by lane, used lanes first: where in the
    /// container's bounds space a touch may land on each (`minX ≤ x < maxX`, `minY ≤ y < maxY`,
    /// bounds stored as `Float`s and compared as the `Double`s they convert to exactly), its key
    /// (its sibling label) and its slot.
    ///
    /// An exact lane (key with ``exactBit``) is a subview the search may decide from the interval
    /// alone: eligible, untransformed, rectangular, without predicate, pass-through, redirect or
    /// reachable subviews, so that the touch lands on it exactly when the reference's own
    /// conversion and half-open test accept, which the interval reproduces bit for bit
    /// (``ExactInterval``) — provided each of the interval's four `Double` bounds is a `Float`
    /// too, so that storing it loses nothing (``holdsExactly(_:)``; true of integral and
    /// most fractional coordinates of screens, false of, say, a third). Any other lane's interval
    /// is its conservative reach box, a filter before the ordinary test; a subview that nothing
    /// can reach has an interval that holds nothing. An unused lane has key 0 and an interval
    /// that holds nothing.
    ///
    /// 192 bytes (24 a subview; 40 with `Double` bounds): the four interval arrays, the keys,
    /// then the slots; the search reads the first five as two halves of four lanes.
    package struct LeafBlock: Sendable, BitwiseCopyable {
        package var minX: SIMD8<Float>
        package var minY: SIMD8<Float>
        package var maxX: SIMD8<Float>
        package var maxY: SIMD8<Float>
        /// The subview's sibling label, with ``exactBit`` on exact lanes; 0 when unused.
        package var key: SIMD8<UInt32>
        /// The subview's slot.
        package var slot: SIMD8<UInt32>

        /// Marks an exact lane's key. Labels stay below 2^31, so the bit is free.
        package static let exactBit: UInt32 = 1 << 31

        /// A block with every lane empty.
        static let empty = LeafBlock(
            minX: SIMD8(repeating: .infinity), minY: SIMD8(repeating: .infinity),
            maxX: SIMD8(repeating: -.infinity), maxY: SIMD8(repeating: -.infinity),
            key: SIMD8(repeating: 0), slot: SIMD8(repeating: .max))

        /// Whether every bound of `interval` is a `Float` (or an infinity), so that a lane stores
        /// it without changing it.
        /// - Complexity: O(1).
        static func holdsExactly(_ interval: DBox) -> Bool {
            func fits(_ d: Double) -> Bool { Double(Float(d)) == d }
            return fits(interval.minX) && fits(interval.minY) && fits(interval.maxX) && fits(interval.maxY)
        }

        /// Sets lane `lane` to a subview's interval, key and slot; every bound of `interval` is a
        /// `Float` (``holdsExactly(_:)``).
        /// - Complexity: O(1).
        @inline(__always)
        mutating func setLane(_ lane: Int, interval: DBox, key: UInt32, slot: Slot) {
            assert(Self.holdsExactly(interval), "a lane stores bounds that are Floats")
            minX[lane] = Float(interval.minX)
            minY[lane] = Float(interval.minY)
            maxX[lane] = Float(interval.maxX)
            maxY[lane] = Float(interval.maxY)
            self.key[lane] = key
            self.slot[lane] = slot.rawValue
        }

        /// Lane `lane`'s interval, as the search compares it.
        /// - Complexity: O(1).
        func interval(_ lane: Int) -> DBox {
            DBox(minX: Double(minX[lane]), minY: Double(minY[lane]), maxX: Double(maxX[lane]), maxY: Double(maxY[lane]))
        }

        /// Lane `lane`'s subview.
        /// - Complexity: O(1).
        func slot(at lane: Int) -> Slot { Slot(rawValue: slot[lane]) }

        /// Lane `i`'s label, without the exact bit.
        /// - Complexity: O(1).
        @inlinable
        package func label(_ i: Int) -> UInt32 { key[i] & ~LeafBlock.exactBit }

        /// Whether lane `i` is decided by its interval alone.
        /// - Complexity: O(1).
        @inlinable
        package func isExact(_ i: Int) -> Bool { key[i] & LeafBlock.exactBit != 0 }

        /// The closed `Float` box enclosing every lane's interval (what the parent lane stores).
        /// - Complexity: O(1).
        var bounds: FBox { FBox(minX: minX.min(), minY: minY.min(), maxX: maxX.max(), maxY: maxY.max()) }

        /// Bits per lane of `block` whose interval holds `(x, y)` and whose key is above `best`:
        /// all such lanes in the low byte, the exact ones among them in the second byte.
        /// - Complexity: O(1): 8 lanes.
        @inlinable @inline(__always)
        package static func candidates(
            _ block: UnsafePointer<LeafBlock>, _ x: Double, _ y: Double, above best: UInt32
        ) -> UInt32 {
            let raw = UnsafeRawPointer(block)
            let vx = SIMD4<Double>(repeating: x)
            let vy = SIMD4<Double>(repeating: y)
            // Labels are below 2^31, so keys without the exact bit compare correctly as Int32.
            let vb = SIMD4<Int32>(repeating: Int32(bitPattern: best))
            let positionMask = SIMD4<Int32>(repeating: Int32.max)
            let laneBits = SIMD4<Int32>(1, 2, 4, 8)
            var inside: Int32 = 0
            var exact: Int32 = 0
            for half in 0..<2 {
                // Safe: each interval array and the keys are 8 lanes of 4 bytes at their offsets;
                // o + 16 <= 32. The bounds widen to `Double` exactly.
                let o = half * 16
                let minX = SIMD4<Double>(raw.loadUnaligned(fromByteOffset: Layout.minX + o, as: SIMD4<Float>.self))
                let minY = SIMD4<Double>(raw.loadUnaligned(fromByteOffset: Layout.minY + o, as: SIMD4<Float>.self))
                let maxX = SIMD4<Double>(raw.loadUnaligned(fromByteOffset: Layout.maxX + o, as: SIMD4<Float>.self))
                let maxY = SIMD4<Double>(raw.loadUnaligned(fromByteOffset: Layout.maxY + o, as: SIMD4<Float>.self))
                let key = raw.loadUnaligned(fromByteOffset: Layout.key + o, as: SIMD4<Int32>.self)
                let within = (minX .<= vx) .& (vx .< maxX) .& (minY .<= vy) .& (vy .< maxY)
                // Masks as all-ones lanes, narrowed to 32 bits and combined before one bit
                // extraction each: a third fewer instructions than extracting every mask.
                let withinLanes = SIMD4<Int32>(
                    truncatingIfNeeded: SIMD4<Int64>(repeating: 0).replacing(with: -1, where: within))
                let aboveLanes = SIMD4<Int32>(repeating: 0).replacing(with: -1, where: (key & positionMask) .> vb)
                let hit = withinLanes & aboveLanes & laneBits
                inside |= hit.wrappedSum() << Int32(half * 4)
                exact |= (hit & (key &>> 31)).wrappedSum() << Int32(half * 4)
            }
            return UInt32(bitPattern: inside | exact << 8)
        }

        /// Lane `lane`'s key (with ``exactBit`` on exact lanes), read from the block's memory.
        /// - Complexity: O(1).
        @inlinable @inline(__always)
        package static func key(_ block: UnsafePointer<LeafBlock>, _ lane: Int) -> UInt32 {
            UnsafeRawPointer(block).load(fromByteOffset: Layout.key + lane * 4, as: UInt32.self)
        }

        /// Lane `lane`'s slot, read from the block's memory.
        /// - Complexity: O(1).
        @inline(__always)
        static func slot(_ block: UnsafePointer<LeafBlock>, _ lane: Int) -> Slot {
            Slot(rawValue: UnsafeRawPointer(block).load(fromByteOffset: Layout.slot + lane * 4, as: UInt32.self))
        }

        /// Byte offsets of the lane arrays: six of 32 bytes, the four bounds, the keys and the
        /// slots. Literals for the hot loop; ``ChildBVH/checkLayouts()`` checks them against the
        /// real layout.
        @usableFromInline
        enum Layout {
            @usableFromInline static let minX = 0
            @usableFromInline static let minY = 32
            @usableFromInline static let maxX = 64
            @usableFromInline static let maxY = 96
            @usableFromInline static let key = 128
            @usableFromInline static let slot = 160

            static var matchesMemoryLayout: Bool {
                MemoryLayout<LeafBlock>.offset(of: \LeafBlock.minX) == minX
                    && MemoryLayout<LeafBlock>.offset(of: \LeafBlock.minY) == minY
                    && MemoryLayout<LeafBlock>.offset(of: \LeafBlock.maxX) == maxX
                    && MemoryLayout<LeafBlock>.offset(of: \LeafBlock.maxY) == maxY
                    && MemoryLayout<LeafBlock>.offset(of: \LeafBlock.key) == key
                    && MemoryLayout<LeafBlock>.offset(of: \LeafBlock.slot) == slot
            }
        }
    }
}
