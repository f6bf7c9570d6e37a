import Foundation
import HitIndex
import HitIndexFixtures
import HitIndexFuzz
import HitIndexReference
import Testing

/// One writer committing continuously while two readers query whatever snapshot is current: each
/// answer must be the one its own snapshot's version implies, old snapshots held by a reader must
/// keep answering for their version, and nothing may race (CI runs this suite under
/// ThreadSanitizer: `swift test --sanitize=thread --filter LiveIndexConcurrencyTests`).
///
/// The tests run one at a time: each keeps two reader threads busy, and side by side on a
/// two-core machine they would starve each other's writer.
@Suite(.serialized) struct LiveIndexConcurrencyTests {
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

    /// Pages faulted in by a helper thread (Linux's `MADV_POPULATE_WRITE`) while their owner
    /// writes them, front to back as a reader fills its records, keep every byte the owner wrote:
    /// the helper changes page tables only, and races with nothing.
    @Test func pagesFaultedInByAHelperKeepWhatTheirOwnerWrote() {
        let bytes = 24 << 20
        guard let memory = calloc(bytes, 1) else {
            Issue.record("no memory for the test")
            return
        }
        defer { free(memory) }
        let faulter = PageFaulter(start: memory, bytes: bytes)
        let seed: UInt64 = 0xFA17
        var rng = SeededGenerator(seed: seed)
        var written: [UInt64] = []
        for offset in stride(from: 0, to: bytes, by: 4096) {
            let word = rng.next() | 1
            memory.storeBytes(of: word, toByteOffset: offset, as: UInt64.self)
            written.append(word)
        }
        faulter.wait()
        // And the whole range is usable after the helper, front and back halves alike.
        PageFaulter.faultIn(start: memory, bytes: bytes)
        var lost = 0
        for (k, offset) in stride(from: 0, to: bytes, by: 4096).enumerated() {
            if memory.load(fromByteOffset: offset, as: UInt64.self) != written[k] { lost += 1 }
            if memory.load(fromByteOffset: offset + 8, as: UInt64.self) != 0 { lost += 1 }
        }
        #expect(lost == 0, "\(lost) words changed behind their owner (seed \(seed))")
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

    /// A container of 32,768 subviews or more has its lanes worked out on two threads at a bulk
    /// load: they only read the store, which nothing writes meanwhile, and the index answers as
    /// the reference does (this suite is the one run under ThreadSanitizer).
    @Test func aWideContainersLanesOnTwoThreadsRaceWithNothing() throws {
        let scene = SceneShape.grid.generate(count: 40_000, seed: 9)
        let definitions = try scene.viewDefinitions()
        let snapshot = try LiveIndex(views: definitions, threads: 2).snapshot
        var rng = SeededGenerator(seed: 9)
        // The grid's cells fill a few thousand points square from the origin; some points miss.
        let points = (0..<500).map { _ in
            Point(x: Double.random(in: -10..<5_000, using: &rng), y: Double.random(in: -10..<5_000, using: &rng))
        }
        let expected = ReferenceHitTester().hitTest(scene, at: points).map { $0?.id }
        #expect(expected.contains { $0 != nil }, "seed 9: some points hit a view")
        for (p, want) in zip(points, expected) {
            let got = snapshot.hitTest(p).flatMap { snapshot.id(of: $0.handle) }
            #expect(got == want, "seed 9: \(p)")
        }
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

    /// One writer applying a generated sequence of every edit kind (inserts of subtrees and
    /// windows, removals, moves, attributes with scrolls, hiding, alpha and interaction, redirects,
    /// levels, reorders) while two readers query the current snapshot and snapshots they hold
    /// (releasing some as they go). Each answer must be the reference's for the snapshot's own
    /// version: the sequence is first run on one thread, on another index and model, to learn
    /// the version each commit publishes and the reference's answers at each version's points;
    /// the threads only look answers up (`expected[version][point]`).
    @Test(.timeLimit(.minutes(2)))
    func readersAnswerForTheirVersionWhileTheWriterAppliesEveryEditKind() throws {
        typealias Shared = LiveIndexHeldSnapshotTests
        let seed: UInt64 = 20_250_612
        var generator = FuzzGenerator(seed: seed)
        let scene = try #require(Shared.scene(&generator, views: 100...250), "seed \(seed): no scene fits")
        // Kept between about 100 and 200 views: the debug build checks the store's invariants at
        // every commit, and under ThreadSanitizer that and the reference take most of the time.
        let edits = Shared.edits(&generator, for: scene, commits: 220, chunk: 120, views: 100...200)

        // One thread first: the versions, and per version the reference's answers at points
        // over the model as it is then (edges and corners of views, their neighbours, points
        // over and around the windows, a non-finite one). Entry 0 is unused: versions start at 1.
        var pointGenerator = FuzzGenerator(seed: seed &+ 1)
        var pointsByVersion: [[Point]] = [[]]
        var expectedByVersion: [[String?]] = [[]]
        /// The edit (a commit) that published each version; -1 for the loaded scene's.
        var publishingEdit: [Int] = [-1]
        /// The version current after each commit of the sequence.
        var published: [UInt64] = []
        var counts = Shared.EditCounts()
        do {
            let mirror = ModelMirror(scene.makeScene())
            let live = try LiveIndex(mirror.scene)
            let tester = ReferenceHitTester()
            func record(_ snapshot: IndexSnapshot, edit: Int) -> Bool {
                let points = pointGenerator.points(for: mirror.scene, edgeViews: 8, uniform: 16)
                let expected = tester.hitTest(mirror.scene, at: points).map { $0?.id }
                pointsByVersion.append(points)
                expectedByVersion.append(expected)
                if edit >= 0 { publishingEdit.append(edit) }
                // The table is only worth as much as the one-thread index's agreement with it.
                let differ = zip(points, expected).compactMap { p, want in
                    let got = Shared.answer(snapshot, p)
                    return got == want ? nil : "at \(p) \(got ?? "nil"), the reference \(want ?? "nil")"
                }
                #expect(
                    differ.isEmpty,
                    """
                    seed \(seed): version \(snapshot.version) (edit \(edit)) differs from the reference on \
                    one thread: \(differ.prefix(3).joined(separator: "; "))
                    """)
                return differ.isEmpty
            }
            try #require(live.snapshot.version == 1, "seed \(seed)")
            _ = record(live.snapshot, edit: -1)
            for (k, edit) in edits.enumerated() {
                counts.add(edit, before: mirror)
                let pending = live.hasPendingEdits
                guard let made = mirror.apply(edit), live.apply(edit, made: made ?? nil) else {
                    Issue.record("seed \(seed): edit \(k) (\(edit)) refused on one thread")
                    return
                }
                guard Shared.isCommit(edit) else { continue }
                // The next version, or none when nothing was edited since the last commit.
                let version = live.snapshot.version
                let next = UInt64(pointsByVersion.count - (pending ? 0 : 1))
                guard version == next else {
                    Issue.record("seed \(seed): edit \(k) published version \(version), not \(next)")
                    return
                }
                published.append(version)
                if pending {
                    guard record(live.snapshot, edit: k) else { return }
                }
            }
        }
        #expect(
            counts.missing.isEmpty,
            "seed \(seed): the sequence never applied \(counts.missing.map(\.rawValue)) (\(counts.description))")
        #expect(published.count >= 200, "seed \(seed): \(published.count) commits")
        let points = pointsByVersion
        let expected = expectedByVersion
        let publishers = publishingEdit

        // The same sequence again, on a fresh index and model: the test's thread writes, as in
        // the test above, and the readers have threads of their own (the test runner's shared
        // queues may be busy with other suites).
        let mirror = ModelMirror(scene.makeScene())
        let live = try LiveIndex(mirror.scene)
        let source = live.snapshots
        let stop = AtomicWord(0)
        let wrong = AtomicWord(0)
        let answered = AtomicWord(0)
        let versionsHeld = AtomicWord(0)
        let finished = AtomicWord(0)
        let firstWrong = Lock<String?>(nil)
        for reader in 0..<2 {
            Thread {
                defer { finished.add(1) }
                var held: [IndexSnapshot] = []
                var heldVersions = Set<UInt64>()
                var k = 0
                // Counted here and added to `answered` in batches: one shared counter touched
                // at every query would slow every thread down.
                var answeredHere: UInt = 0
                func note(_ message: @autoclosure () -> String) {
                    firstWrong.withLock { first in
                        if first == nil { first = message() }
                    }
                }
                while stop.load() == 0 {
                    let snapshot = source.current()
                    if k % 20 == 0 && held.last?.version != snapshot.version {
                        // Twenty at most: past that, one is released (from this thread, while the
                        // writer commits) for each taken.
                        if held.count == 20 { held.remove(at: k / 20 % 20) }
                        held.append(snapshot)
                        heldVersions.insert(snapshot.version)
                    }
                    for (n, s) in ([snapshot] + (k % 10 == 0 ? held : [])).enumerated() {
                        answeredHere += 1
                        let v = Int(s.version)
                        guard v > 0 && v < points.count else {
                            wrong.add(1)
                            note("reader \(reader) got a snapshot of version \(v), which the sequence never publishes")
                            continue
                        }
                        let i = (k &* 13 &+ n &* 5 &+ reader) % points[v].count
                        let got = Shared.answer(s, points[v][i])
                        guard got != expected[v][i] else { continue }
                        wrong.add(1)
                        note(
                            """
                            version \(v) (published by edit \(publishers[v])) answers \(got ?? "nil") at \
                            \(points[v][i]) (point \(i)) on reader \(reader), expected \(expected[v][i] ?? "nil")
                            """)
                    }
                    k += 1
                    if k % 16 == 0 {
                        answered.add(answeredHere)
                        answeredHere = 0
                    }
                }
                answered.add(answeredHere)
                versionsHeld.add(UInt(heldVersions.count))
            }.start()
        }

        // The writer starts once the readers answer, and applies the whole sequence.
        let clock = ContinuousClock()
        let start = clock.now
        while answered.load() < 100 && clock.now < start + .seconds(30) { Thread.sleep(forTimeInterval: 0.001) }
        var commits = 0
        for (k, edit) in edits.enumerated() {
            guard let made = mirror.apply(edit), live.apply(edit, made: made ?? nil) else {
                Issue.record("seed \(seed): edit \(k) (\(edit)) refused with readers")
                break
            }
            guard Shared.isCommit(edit) else { continue }
            let version = live.snapshot.version
            #expect(
                commits < published.count && version == published[commits],
                """
                seed \(seed): edit \(k) published version \(version), on one thread \
                \(commits < published.count ? "version \(published[commits])" : "no commit")
                """)
            commits += 1
        }
        // The readers go on a little with the last version and the snapshots they hold.
        let afterEdits = answered.load()
        while answered.load() < afterEdits + 2_000 && clock.now < start + .seconds(60) {
            Thread.sleep(forTimeInterval: 0.001)
        }
        stop.store(1)
        while finished.load() < 2 { Thread.sleep(forTimeInterval: 0.001) }
        #expect(
            wrong.load() == 0,
            """
            seed \(seed): \(wrong.load()) wrong answers of \(answered.load()); the first: \
            \(firstWrong.withLock { $0 } ?? "none")
            """)
        #expect(answered.load() >= 10_000, "seed \(seed): \(answered.load()) answers")
        #expect(
            versionsHeld.load() >= 20,
            "seed \(seed): the readers held \(versionsHeld.load()) versions (counted per reader)")
        #expect(commits == published.count, "seed \(seed)")
        #expect(live.invariantViolations().isEmpty, "seed \(seed)")
    }
}
