import HitIndex
import HitIndexReference
import Testing

private final class StepCounter {
    var hitTests = 0
    var pointInsides = 0
    var returns = 0
    var maxNesting = 0
    private var nesting = 0

    func count(_ step: HitTestStep) {
        switch step {
        case .hitTest:
            hitTests += 1
            nesting += 1
            maxNesting = max(maxNesting, nesting)
        case .pointInside:
            pointInsides += 1
        case .returned:
            returns += 1
            nesting -= 1
        }
    }
}

/// Semantics §5: the recursive reference handles a chain 100,000 views deep on a large stack.
@Suite struct DeepChainTests {
    static let depth = 100_000

    /// A window (0, 0, 100, 100) with a chain of `depth` views below it, built top-down, each with
    /// frame (0, 0, 100, 100) in its parent: every view covers exactly the window's area, so any
    /// point inside the window reaches the deepest view.
    private static func chain(depth: Int) -> (Scene, window: Window, deepest: View) {
        let window = Window(id: "window", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        var current: View = window
        for i in 0..<depth {
            let next = View(id: "v\(i)", bounds: Rect(x: 0, y: 0, width: 100, height: 100), center: Point(x: 50, y: 50))
            current.addSubview(next)
            current = next
        }
        return (Scene(windows: [window]), window, current)
    }

    @Test(.timeLimit(.minutes(5)))
    func referenceReturnsTheDeepestViewOfA100kChain() throws {
        let (scene, _, deepest) = Self.chain(depth: Self.depth)
        #expect(scene.depth == Self.depth + 1)
        let points = [
            Point(x: 50, y: 50), Point(x: 0, y: 0), Point(x: 99.5, y: 99.5), Point(x: 100, y: 50), Point(x: .nan, y: 1),
        ]
        let hits = ReferenceHitTester().hitTest(scene, at: points)
        #expect(hits.count == 5)
        #expect(hits[0] === deepest)
        #expect(hits[1] === deepest)  // the min corner is in at every level
        #expect(hits[2] === deepest)
        #expect(hits[3] == nil)  // the max edge: the window itself misses
        #expect(hits[4] == nil)
        #expect(deepest.id == "v\(Self.depth - 1)")
    }

    @Test(.timeLimit(.minutes(5)))
    func deepChainWithAPassThroughLeafAndAHiddenLevel() throws {
        // A pass-through deepest view is never the answer: its parent is.
        let (scene, _, deepest) = Self.chain(depth: Self.depth)
        deepest.isPassThrough = true
        let parent = try #require(deepest.superview)
        let hits = ReferenceHitTester().hitTest(scene, at: [Point(x: 10, y: 10)])
        #expect(hits[0] === parent)
        // Hide the deepest's parent: the search stops one level higher.
        parent.isHidden = true
        let grandparent = try #require(parent.superview)
        #expect(ReferenceHitTester().hitTest(scene, at: [Point(x: 10, y: 10)])[0] === grandparent)
    }

    @Test(.timeLimit(.minutes(5)))
    func runOnLargeStackWithAnObserverCountsEveryCall() {
        let (scene, _, deepest) = Self.chain(depth: Self.depth)
        let counter = StepCounter()
        let tester = ReferenceHitTester(observer: { counter.count($0) })
        let hit = ReferenceHitTester.runOnLargeStack(depth: scene.depth) {
            tester.hitTest(scene, at: Point(x: 50, y: 50))
        }
        #expect(hit === deepest)
        // One hitTest, one pointInside and one return per view: the window plus 100,000 views.
        #expect(counter.hitTests == Self.depth + 1)
        #expect(counter.pointInsides == Self.depth + 1)
        #expect(counter.returns == Self.depth + 1)
        #expect(counter.maxNesting == Self.depth + 1)
    }

    @Test(.timeLimit(.minutes(5)))
    func missAtTheBottomUnwindsEveryLevel() {
        // The deepest view is shrunk to (0, 0, 10, 10) in its parent: a point at (50, 50) misses it,
        // so its parent answers, after the full descent.
        let (scene, _, deepest) = Self.chain(depth: Self.depth)
        deepest.frame = Rect(x: 0, y: 0, width: 10, height: 10)
        let counter = StepCounter()
        let tester = ReferenceHitTester(observer: { counter.count($0) })
        let hit = ReferenceHitTester.runOnLargeStack(depth: scene.depth) {
            tester.hitTest(scene, at: Point(x: 50, y: 50))
        }
        #expect(hit === deepest.superview)
        #expect(counter.hitTests == Self.depth + 1)
        #expect(counter.returns == Self.depth + 1)
        // runOnLargeStack returns the body's value for shallow work as well (inline path).
        #expect(ReferenceHitTester.runOnLargeStack(depth: 3) { 42 } == 42)
    }

    @Test(.timeLimit(.minutes(2)))
    func runOnLargeStackCanBeCalledRepeatedlyAndConcurrently() async {
        // Every call starts a thread (depth >= 256) and must hand back its body's result each time,
        // however the threads are scheduled. Bodies that run for a while on several concurrent
        // callers (more threads than the machine's cores) are what a deep hit-test looks like to
        // the scheduler: the worker thread has used a lot of CPU when it signals, so the waiting
        // caller tends to run before the worker has finished tearing down.
        let callers = 4
        let calls = 25
        await withTaskGroup(of: Int.self) { group in
            for caller in 0..<callers {
                group.addTask {
                    var sum = 0
                    for i in 0..<calls {
                        let local = [caller, i]
                        sum += ReferenceHitTester.runOnLargeStack(depth: 1_000) {
                            var spin = 0
                            for k in 0..<2_000_000 { spin &+= k }
                            // Σ k for k < 2,000,000 = 1,999,999,000,000.
                            return local[0] * 1_000 + local[1] + (spin == 1_999_999_000_000 ? 0 : 1_000_000)
                        }
                    }
                    return sum
                }
            }
            var total = 0
            for await s in group { total += s }
            // Σ over callers c < 4 and i < 25 of (1000 c + i) = 1000 · 25 · 6 + 4 · 300.
            #expect(total == 1_000 * calls * 6 + callers * 300)
        }
    }
}
