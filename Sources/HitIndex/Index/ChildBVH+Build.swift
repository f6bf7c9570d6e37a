extension ChildBVH {
    /// Adds a hierarchy over one container's subviews and returns its root (tagged with
    /// ``leafTag`` when it is a leaf block).
    ///
    /// `keys` are the subviews; `intervals` their half-open intervals in the container's space
    /// (`minX ≤ x < maxX`, …): for `exact` ones, exactly where a touch lands on the subview, for
    /// the others a conservative bound.
    ///
    /// Linear apart from the radix sort's constant number of passes: Hilbert values of the box
    /// centres on a 2^16 grid, a two-pass radix sort, then packing level by level.
    /// - Complexity: O(n) for n subviews.
    mutating func add(keys: [ViewIndex], intervals: [DBox], exact: [Bool]) -> NodeIndex {
        precondition(!keys.isEmpty && keys.count == intervals.count && keys.count == exact.count)
        let n = keys.count
        // The grid spans the finite centres; unbounded boxes sort to the grid's edge.
        var lo = (x: Double.infinity, y: Double.infinity)
        var hi = (x: -Double.infinity, y: -Double.infinity)
        var centres = [(x: Double, y: Double)](repeating: (0, 0), count: n)
        for i in 0..<n {
            let b = intervals[i]
            let c = (x: b.minX * 0.5 + b.maxX * 0.5, y: b.minY * 0.5 + b.maxY * 0.5)
            centres[i] = c
            if c.x.isFinite && c.y.isFinite {
                lo = (Swift.min(lo.x, c.x), Swift.min(lo.y, c.y))
                hi = (Swift.max(hi.x, c.x), Swift.max(hi.y, c.y))
            }
        }
        let spanX = hi.x > lo.x ? hi.x - lo.x : 1
        let spanY = hi.y > lo.y ? hi.y - lo.y : 1
        var hilbert = [UInt32](repeating: 0, count: n)
        for i in 0..<n {
            func cell(_ v: Double, _ low: Double, _ span: Double) -> UInt32 {
                let t = ((v - low) / span * 65535).rounded(.down)
                return t.isNaN ? 0 : UInt32(Swift.max(0, Swift.min(65535, t)))
            }
            hilbert[i] = ChildBVH.hilbertIndex(cell(centres[i].x, lo.x, spanX), cell(centres[i].y, lo.y, spanY))
        }
        let order = ChildBVH.radixSortedPositions(hilbert)
        // Level 0: leaf blocks in Hilbert order.
        let firstLeaf = leaves.count
        var g = 0
        while g < n {
            var leaf = LeafBlock.empty
            for lane in 0..<Swift.min(ChildBVH.branching, n - g) {
                let i = Int(order[g + lane])
                let box = intervals[i]
                leaf.minX[lane] = box.minX
                leaf.minY[lane] = box.minY
                leaf.maxX[lane] = box.maxX
                leaf.maxY[lane] = box.maxY
                leaf.key[lane] = keys[i].rawValue | (exact[i] ? LeafBlock.exactBit : 0)
            }
            leaves.append(leaf)
            g += ChildBVH.branching
        }
        if leaves.count - firstLeaf == 1 { return NodeIndex(rawValue: UInt32(firstLeaf) | ChildBVH.leafTag) }
        // Upper levels: blocks of nodes, until one block is the root. The first level above
        // the leaves names leaf blocks.
        var level = (first: firstLeaf, count: leaves.count - firstLeaf, leaves: true)
        while level.count > 1 {
            let start = blocks.count
            var g = 0
            while g < level.count {
                var block = Block.empty
                for lane in 0..<Swift.min(ChildBVH.branching, level.count - g) {
                    let c = level.first + g + lane
                    let box: FBox
                    let key: UInt32
                    if level.leaves {
                        box = leaves[c].bounds
                        key = (leaves[c].key & SIMD8(repeating: ~LeafBlock.exactBit)).max()
                        block.child[lane] = UInt32(c) | ChildBVH.leafTag
                    } else {
                        box = blocks[c].bounds
                        key = blocks[c].key.max()
                        block.child[lane] = UInt32(c)
                    }
                    block.minX[lane] = box.minX
                    block.minY[lane] = box.minY
                    block.maxX[lane] = box.maxX
                    block.maxY[lane] = box.maxY
                    block.key[lane] = key
                }
                blocks.append(block)
                g += ChildBVH.branching
            }
            level = (start, blocks.count - start, false)
        }
        return NodeIndex(rawValue: UInt32(blocks.count - 1))
    }

    /// The position of cell `(x, y)` along the Hilbert curve filling the 2^16 × 2^16 grid.
    static func hilbertIndex(_ x: UInt32, _ y: UInt32) -> UInt32 {
        var x = x
        var y = y
        var d: UInt64 = 0
        var s: UInt32 = 1 << 15
        while s > 0 {
            let rx: UInt32 = (x & s) != 0 ? 1 : 0
            let ry: UInt32 = (y & s) != 0 ? 1 : 0
            d += UInt64(s) * UInt64(s) * UInt64((3 * rx) ^ ry)
            if ry == 0 {
                if rx == 1 {
                    x = 65535 - x
                    y = 65535 - y
                }
                swap(&x, &y)
            }
            s >>= 1
        }
        return UInt32(truncatingIfNeeded: d)
    }

    /// Positions `0..<values.count` ordered by `values`, ties by position: two 16-bit LSD radix
    /// passes for large inputs; a comparison sort below 4096, where clearing the radix passes'
    /// 65,536-entry tables would cost more than sorting (a UI scene has thousands of small
    /// indexed lists).
    static func radixSortedPositions(_ values: [UInt32]) -> [UInt32] {
        let n = values.count
        if n < 4096 {
            var keyed = (0..<n).map { UInt64(values[$0]) << 32 | UInt64($0) }
            keyed.sort()
            return keyed.map { UInt32(truncatingIfNeeded: $0) }
        }
        var order = [UInt32](unsafeUninitializedCapacity: n) { buffer, count in
            for i in 0..<n { buffer[i] = UInt32(i) }
            count = n
        }
        var scratch = [UInt32](repeating: 0, count: n)
        var counts = [Int](repeating: 0, count: 65537)
        for shift: UInt32 in [0, 16] {
            for i in counts.indices { counts[i] = 0 }
            for v in values { counts[Int((v >> shift) & 0xFFFF) + 1] += 1 }
            for i in 1..<counts.count { counts[i] += counts[i - 1] }
            for p in order {
                let bucket = Int((values[Int(p)] >> shift) & 0xFFFF)
                scratch[counts[bucket]] = p
                counts[bucket] += 1
            }
            swap(&order, &scratch)
        }
        return order
    }
}
