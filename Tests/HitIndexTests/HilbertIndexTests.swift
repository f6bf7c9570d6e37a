import HitIndexFixtures
import Testing

@testable import HitIndex

/// The Hilbert key that orders a wide container's subviews for its hierarchy: the table-driven
/// key must be the curve, level by level, as its definition reads.
@Suite struct HilbertIndexTests {
    /// The curve's definition, one level at a time from the top bit: the quadrant's digit
    /// `3·rx ⊕ ry`, and the grid below a quadrant with `ry = 0` turned (swapped; complemented
    /// too when `rx = 1`).
    static func definition(_ x: UInt32, _ y: UInt32) -> UInt32 {
        var (x, y) = (x, y)
        var d: UInt32 = 0
        for level in stride(from: 15, through: 0, by: -1) {
            let rx = x >> level & 1
            let ry = y >> level & 1
            d = d << 2 | ((3 * rx) ^ ry)
            if ry == 0 {
                if rx == 1 { (x, y) = (~x, ~y) }
                (x, y) = (y, x)
            }
        }
        return d
    }

    @Test func matchesTheDefinitionOnRandomAndEdgeCells() {
        let seed: UInt64 = 2026
        var rng = SeededGenerator(seed: seed)
        var cells: [(UInt32, UInt32)] = []
        let edges: [UInt32] = [0, 1, 2, 3, 15, 16, 255, 256, 0x7FFF, 0x8000, 0xFFFE, 0xFFFF]
        for x in edges { for y in edges { cells.append((x, y)) } }
        for _ in 0..<200_000 {
            cells.append((UInt32.random(in: 0...0xFFFF, using: &rng), UInt32.random(in: 0...0xFFFF, using: &rng)))
        }
        var mismatches = 0
        for (x, y) in cells where ChildBVH.hilbertIndex(x, y) != Self.definition(x, y) {
            mismatches += 1
            if mismatches <= 3 {
                Issue.record(
                    "seed \(seed): (\(x), \(y)) → \(ChildBVH.hilbertIndex(x, y)), the definition says \(Self.definition(x, y))"
                )
            }
        }
        #expect(mismatches == 0, "seed \(seed): \(mismatches) of \(cells.count) cells differ")
    }

    /// What makes it a Hilbert curve, checked without the definition: the 64 × 64 cells at the
    /// origin take the first 4,096 positions, each once, and consecutive positions are
    /// neighbouring cells.
    @Test func walksTheCornerSquareCellByNeighbouringCell() {
        let side: UInt32 = 64
        var cellAt = [(x: UInt32, y: UInt32)?](repeating: nil, count: Int(side * side))
        for x in 0..<side {
            for y in 0..<side {
                let d = Int(ChildBVH.hilbertIndex(x, y))
                #expect(d < cellAt.count, "(\(x), \(y)) is at \(d), outside the first 4,096")
                guard d < cellAt.count else { return }
                #expect(cellAt[d] == nil, "(\(x), \(y)) and \(String(describing: cellAt[d])) are both at \(d)")
                cellAt[d] = (x, y)
            }
        }
        for d in 1..<cellAt.count {
            guard let a = cellAt[d - 1], let b = cellAt[d] else { continue }
            let step = (a.x > b.x ? a.x - b.x : b.x - a.x) + (a.y > b.y ? a.y - b.y : b.y - a.y)
            #expect(step == 1, "positions \(d - 1) and \(d): \(a) then \(b)")
        }
        // The curve starts at the origin and leaves the square at a corner on the x axis.
        #expect(cellAt.first??.x == 0 && cellAt.first??.y == 0)
        #expect(cellAt.last??.y == 0, "the last cell is \(String(describing: cellAt.last))")
    }
}
