import HitIndexFixtures
import HitIndexReference
import Testing

@testable import HitIndex

/// A container orders up to 32 subviews by the search's links alone and gets an order tree past
/// that, which it drops again below 16. Growing one container across the limit and shrinking it
/// back, with inserts, moves (within it and from outside) and removes at random positions, must
/// leave its subviews in the object model's order after every commit, the tree present exactly
/// when the rule says, and every answer the reference's.
@Suite struct OrderTreeThresholdTests {
    @Test(arguments: [1, 2, 3] as [UInt64])
    func aContainerGrowsPastTheLimitAndShrinksBack(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let window = Window(id: "W", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let box = View(id: "box", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let side = View(id: "side", frame: Rect(x: 0, y: 0, width: 50, height: 50))
        window.addSubview(box)
        window.addSubview(side)
        for k in 0..<5 { side.addSubview(Self.cell("side\(k)", &rng)) }
        let scene = Scene(windows: [window])
        let live = try LiveIndex(scene)
        let boxHandle = try #require(live.handle(forID: "box"))
        var made = 0
        var sawTree = false
        var treeDropped = false
        // Grow to 40 (past 32), then shrink to 3 (below 16), then grow to 20 (below the limit
        // again: no tree comes back).
        for (target, step) in [(40, 0), (3, 1), (20, 2)] {
            while box.subviews.count != target {
                let growing = box.subviews.count < target
                if growing && !side.subviews.isEmpty && rng.int(below: 4) == 0 {
                    // A move from the other container.
                    let v = side.subviews[rng.int(below: side.subviews.count)]
                    let at = rng.int(in: 0...box.subviews.count)
                    box.insertSubview(v, at: at)
                    #expect(live.move(try #require(live.handle(forID: v.id)), into: boxHandle, at: .index(at)))
                } else if growing {
                    let v = Self.cell("n\(made)", &rng)
                    made += 1
                    let at = rng.int(in: 0...box.subviews.count)
                    #expect(live.insert(v, into: boxHandle, at: .index(at)) != nil)
                    box.insertSubview(v, at: at)
                } else if rng.int(below: 3) == 0 {
                    // A move within the container, then a removal.
                    let v = box.subviews[rng.int(below: box.subviews.count)]
                    let at = rng.int(in: 0...(box.subviews.count - 1))
                    box.insertSubview(v, at: at)
                    #expect(live.move(try #require(live.handle(forID: v.id)), into: boxHandle, at: .index(at)))
                    let gone = box.subviews[rng.int(below: box.subviews.count)]
                    #expect(live.remove(try #require(live.handle(forID: gone.id))))
                    _ = scene.remove(gone)
                } else {
                    let gone = box.subviews[rng.int(below: box.subviews.count)]
                    #expect(live.remove(try #require(live.handle(forID: gone.id))))
                    _ = scene.remove(gone)
                }
                try live.commit()
                let count = box.subviews.count
                let ids = live.subviews(of: boxHandle).map { live.id(of: $0) ?? "?" }
                #expect(ids == box.subviews.map(\.id), "seed \(seed), \(count) subviews: order")
                let isTree = live.store.state.slots[Int(boxHandle.slot)].childOrder.isTree
                if count > LiveStore.orderTreeLimit { #expect(isTree, "seed \(seed): \(count) subviews, no tree") }
                if count < LiveStore.orderTreeDropLimit { #expect(!isTree, "seed \(seed): \(count) subviews, a tree") }
                sawTree = sawTree || isTree
                treeDropped = treeDropped || (sawTree && !isTree)
                if step == 2 { #expect(!isTree, "seed \(seed): regrown to \(count), a tree came back") }
                let reference = ReferenceHitTester()
                for _ in 0..<20 {
                    let p = Point(x: Double(rng.int(below: 4000)) / 10, y: Double(rng.int(below: 4000)) / 10)
                    let want = reference.hitTest(scene, at: p)?.id
                    let got = live.snapshot.hitTest(p).flatMap { live.snapshot.id(of: $0.handle) }
                    #expect(got == want, "seed \(seed), \(count) subviews, at \(p)")
                }
            }
        }
        #expect(sawTree && treeDropped, "seed \(seed): the tree was built and dropped")
    }

    static func cell(_ id: String, _ rng: inout SeededGenerator) -> View {
        View(
            id: id,
            frame: Rect(
                x: Double(rng.int(below: 30)) * 10, y: Double(rng.int(below: 30)) * 10, width: 60, height: 60))
    }
}
