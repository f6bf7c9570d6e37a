import HitIndexReference
import Testing

@testable import HitIndex

/// Searches deeper than the stack-held traversal stacks use the thread's heap buffers: answers
/// stay the reference's, on several threads at once, and a hit predicate that queries again in
/// the middle of a deep search gets buffers of its own.
@Suite struct SearchScratchTests {
    /// A chain `depth` views deep, each inset by one point, with `siblings` plain views beside
    /// every link so that indexed containers push node-stack entries on the way down.
    static func chain(depth: Int, siblings: Int, prefix: String) -> (scene: Scene, deepest: View) {
        let window = Window(id: "\(prefix)W", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        var parent: View = window
        var size = 400.0
        for level in 0..<depth {
            for k in 0..<siblings {
                let leaf = View(id: "\(prefix)s\(level).\(k)", frame: Rect(x: Double(k) * 3, y: 0, width: 2, height: 2))
                parent.addSubview(leaf)
            }
            size -= 2
            let link = View(id: "\(prefix)d\(level)", frame: Rect(x: 1, y: 1, width: size, height: size))
            parent.addSubview(link)
            parent = link
        }
        return (Scene(windows: [window]), parent)
    }

    @Test func deepSearchesOnTwoThreadsAnswerAsTheReference() async throws {
        #expect(StoreSnapshot.inlineFrames < 60, "the chain must outgrow the stack-held frames")
        let (scene, _) = Self.chain(depth: 60, siblings: 6, prefix: "")
        let index = try HitTestIndex(scene)
        let points = (0..<400).map { i in Point(x: Double(i % 20) * 19.7 + 0.5, y: Double(i / 20) * 19.9 + 0.25) }
        let want = ReferenceHitTester().hitTest(scene, at: points).map { $0?.id }
        #expect(want.contains { $0 == "d59" }, "some points reach the bottom of the chain")
        let answers = await withTaskGroup(of: [String?].self) { group in
            for _ in 0..<2 {
                group.addTask { (0..<5).flatMap { _ in points.map { index.hitTestID($0) } } }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        for got in answers { #expect(got == Array((0..<5).map { _ in want }.joined())) }
    }

    @Test func aPredicateThatQueriesDuringADeepSearchGetsBuffersOfItsOwn() throws {
        let (inner, _) = Self.chain(depth: 50, siblings: 4, prefix: "in.")
        let innerIndex = try HitTestIndex(inner)
        let innerPoint = Point(x: 60.5, y: 60.5)
        let innerWant = ReferenceHitTester().hitTest(inner, at: innerPoint)?.id
        #expect(innerWant == "in.d49")

        let (outer, deepest) = Self.chain(depth: 50, siblings: 4, prefix: "out.")
        let seen = Lock<[String?]>([])
        deepest.hitPredicate = { _ in
            // A deep search on the same thread, while the outer search holds the thread's buffers.
            let id = innerIndex.hitTestID(innerPoint)
            seen.withLock { $0.append(id) }
            // Refused: the outer search goes on from the frames above, which must be intact.
            return false
        }
        let index = try HitTestIndex(outer)
        let point = Point(x: 70.25, y: 70.25)
        let want = ReferenceHitTester().hitTest(outer, at: point)?.id
        #expect(want == "out.d48")
        #expect(index.hitTestID(point) == want)
        let answers = seen.withLock { $0 }
        #expect(!answers.isEmpty && answers.allSatisfy { $0 == innerWant }, "\(answers)")
    }
}
