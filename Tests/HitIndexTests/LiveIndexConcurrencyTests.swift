import Foundation
import HitIndex
import Testing

/// One writer committing continuously while two readers query whatever snapshot is current: each
/// answer must be the one its own snapshot's version implies, old snapshots held by a reader must
/// keep answering for their version, and nothing may race (CI runs this suite under
/// ThreadSanitizer: `swift test --sanitize=thread --filter LiveIndexConcurrencyTests`).
@Suite struct LiveIndexConcurrencyTests {
    /// A list of 400 rows (indexed) in a window, with a button in front of row 0's area. Version v
    /// (from 2 on) has the list scrolled to y = 10 · (v mod 7) and the button hidden for odd v.
    static func scene() -> Scene {
        let w = Window(id: "W", frame: Rect(x: 0, y: 0, width: 100, height: 400))
        let list = View(id: "list", frame: Rect(x: 0, y: 0, width: 100, height: 400))
        for k in 0..<400 {
            list.addSubview(View(id: "row\(k)", frame: Rect(x: 0, y: Double(k) * 10, width: 100, height: 10)))
        }
        w.addSubview(list)
        w.addSubview(View(id: "button", frame: Rect(x: 80, y: 0, width: 20, height: 10)))
        return Scene(windows: [w])
    }

    /// What version `v` answers at `(x, y)`, worked out from the scene above.
    static func expected(version v: UInt64, x: Double, y: Double) -> String {
        if v >= 2 && v % 2 == 1 || v < 2 {
            if x >= 80 && y < 10 { return "button" }
        }
        let offset = v >= 2 ? Double(10 * (v % 7)) : 0
        return "row\(Int((y + offset) / 10))"
    }

    /// The bulk load's second thread (ids hashed and ordered while the records are written)
    /// races with nothing, and builds what one thread builds.
    @Test func aTwoThreadBulkLoadAnswersAsAOneThreadLoad() throws {
        let definitions = try Self.scene().viewDefinitions()
        let one = try LiveIndex(views: definitions, threads: 1).snapshot
        let two = try LiveIndex(views: definitions, threads: 2).snapshot
        for y in stride(from: -5.0, through: 405, by: 2.5) {
            for x in [-1.0, 0, 50, 79.5, 80, 99.5, 100] {
                let p = Point(x: x, y: y)
                let a = one.hitTest(p)
                let b = two.hitTest(p)
                #expect(a?.handle == b?.handle, "\(p)")
                #expect(a.flatMap { one.id(of: $0.handle) } == b.flatMap { two.id(of: $0.handle) }, "\(p)")
            }
        }
        #expect(two.id(of: LiveIndex.loadedHandle(0)) == "W")
        #expect(two.id(of: LiveIndex.loadedHandle(402)) == "button")
    }

    @Test(.timeLimit(.minutes(2)))
    func readersSeeConsistentSnapshotsWhileTheWriterCommits() throws {
        let live = try LiveIndex(Self.scene())
        let source = live.snapshots
        let list = try #require(live.handle(forID: "list"))
        let button = try #require(live.handle(forID: "button"))
        let stop = AtomicWord(0)
        let wrong = AtomicWord(0)
        let answered = AtomicWord(0)
        let finished = AtomicWord(0)
        // Threads of their own: the test runner's shared queues may be busy with other suites.
        for reader in 0..<2 {
            Thread {
                defer { finished.add(1) }
                var held: [IndexSnapshot] = []
                var k = 0
                while stop.load() == 0 {
                    let snapshot = source.current()
                    if k % 50 == 0 && held.count < 20 { held.append(snapshot) }
                    for s in [snapshot] + (k % 10 == 0 ? held : []) {
                        let x = [5.0, 90][k % 2]
                        let y = Double((k * 7 + reader) % 300) + 0.5
                        let got = s.hitTest(Point(x: x, y: y)).flatMap { s.id(of: $0.handle) }
                        if got != Self.expected(version: s.version, x: x, y: y) {
                            wrong.add(1)
                        }
                        answered.add(1)
                    }
                    k += 1
                }
            }.start()
        }
        var commits = 0
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(2)
        // At least 2 s and 200 commits, until the readers have answered 2,000 queries (at most 60 s).
        let limit = clock.now + .seconds(60)
        while clock.now < limit && (clock.now < deadline || commits < 200 || answered.load() < 2_000) {
            let next = live.snapshot.version + 1
            live.scroll(list, to: Point(x: 0, y: Double(10 * (next % 7))))
            live.set(button, \.isHidden, next % 2 == 0)
            let published = try live.commit()
            #expect(published.version == next)
            commits += 1
        }
        stop.store(1)
        while finished.load() < 2 { Thread.sleep(forTimeInterval: 0.001) }
        #expect(
            wrong.load() == 0,
            "\(wrong.load()) wrong answers of \(answered.load())")
        #expect(answered.load() >= 2_000)
        #expect(commits >= 200)
        #expect(live.invariantViolations().isEmpty)
    }
}
