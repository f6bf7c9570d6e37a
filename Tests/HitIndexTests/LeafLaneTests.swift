import HitIndexReference
import Testing

@testable import HitIndex

/// A wide container's leaf lanes hold their bounds as `Float`s: a subview whose exact interval's
/// bounds are all `Float`s is decided from its lane, any other is held by its reach (a filter)
/// and decided by the ordinary test, and the answers are the reference's either way.
@Suite struct LeafLaneTests {
    /// A window with one wide container: 24 cells, every third at an integral position (exact
    /// `Float` bounds) and the others at thirds of a point (exact intervals whose bounds are not
    /// `Float`s), rows offset by 2⁻³⁰ on odd rows (a `Double` bound a `Float` cannot hold near 40).
    static func scene() -> Scene {
        let window = Window(id: "W", frame: Rect(x: 0, y: 0, width: 1000, height: 1000))
        let sheet = View(id: "sheet", frame: Rect(x: 0, y: 0, width: 1000, height: 1000))
        window.addSubview(sheet)
        for k in 0..<24 {
            let x = k % 3 == 0 ? Double(k) * 30 : Double(k) * 30 + Double(k % 3) / 3
            let y = Double(k / 6) * 40 + (k / 6 % 2 == 1 ? 0x1p-30 : 0)
            sheet.addSubview(View(id: "c\(k)", frame: Rect(x: x, y: y, width: 29.5, height: 39)))
        }
        return Scene(windows: [window])
    }

    @Test func exactLanesHoldFloatBoundsAndTheRestTheirReach() throws {
        let scene = Self.scene()
        let live = try LiveIndex(scene)
        #expect(live.invariantViolations().isEmpty)
        let store = live.store
        var exact = 0
        for k in 0..<24 {
            let slot = live.handle(forID: "c\(k)")!.storeSlot
            let place = store.state.slots[slot.index].lane
            #expect(place != .none, "c\(k) has a lane")
            let leaf = store.state.leaves[place.block]
            let stored = leaf.interval(place.lane)
            // Where the reference's conversion reaches each edge, in the container's space.
            let cell = scene.windows[0].subviews[0].subviews[k]
            let (b, c, a) = (cell.bounds, cell.center, cell.anchorPoint)
            let x = try #require(
                ExactInterval.interval(
                    center: c.x, anchorOffset: b.origin.x + b.size.width * a.x, min: b.origin.x,
                    max: b.origin.x + b.size.width))
            let y = try #require(
                ExactInterval.interval(
                    center: c.y, anchorOffset: b.origin.y + b.size.height * a.y, min: b.origin.y,
                    max: b.origin.y + b.size.height))
            let fits = [x.lo, x.hi, y.lo, y.hi].allSatisfy { Double(Float($0)) == $0 }
            #expect(leaf.isExact(place.lane) == fits, "c\(k): exact lane exactly when its bounds are Floats")
            if fits {
                exact += 1
                #expect(stored.minX == x.lo && stored.maxX == x.hi && stored.minY == y.lo && stored.maxY == y.hi)
            } else {
                // A filter: it holds the whole exact interval.
                #expect(stored.minX <= x.lo && stored.maxX >= x.hi && stored.minY <= y.lo && stored.maxY >= y.hi)
            }
        }
        #expect(exact >= 4 && exact <= 20, "both kinds of lane occur (\(exact) exact of 24)")
    }

    /// Every edge of every cell, on it and one `Double` ulp either side, against the reference.
    @Test func answersAgreeWithTheReferenceAtEveryEdge() throws {
        let scene = Self.scene()
        let live = try LiveIndex(scene)
        let reference = ReferenceHitTester()
        var checked = 0
        for cell in scene.windows[0].subviews[0].subviews {
            let f = cell.frame
            let (minX, maxX) = (f.origin.x, f.origin.x + f.size.width)
            let (minY, maxY) = (f.origin.y, f.origin.y + f.size.height)
            let xs = [minX, maxX].flatMap { [$0.nextDown, $0, $0.nextUp] } + [(minX + maxX) / 2]
            let ys = [minY, maxY].flatMap { [$0.nextDown, $0, $0.nextUp] } + [(minY + maxY) / 2]
            for x in xs {
                for y in ys {
                    let p = Point(x: x, y: y)
                    let expected = reference.hitTest(scene, at: p)?.id
                    let got = live.snapshot.hitTest(p).map(\.handle)
                    #expect(
                        got == expected.flatMap { live.handle(forID: $0) },
                        "at (\(x), \(y)): the reference hits \(expected ?? "nothing")")
                    checked += 1
                }
            }
        }
        #expect(checked == 24 * 49)
    }
}
