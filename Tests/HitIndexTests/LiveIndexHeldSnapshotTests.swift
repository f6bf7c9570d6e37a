import HitIndex
import HitIndexFixtures
import HitIndexFuzz
import HitIndexReference
import Testing

/// Held snapshots across 10³ commits of every edit kind: a guard on snapshot semantics for any
/// store design. A seeded random scene takes a generated sequence of every kind of edit (inserts
/// of subtrees and windows, removals, moves, attributes with scrolls, hiding, alpha and
/// interaction among them, redirects, levels, reorders); after every commit the new snapshot
/// answers as the reference does on the object model with the same edits, and snapshots held
/// along the way (one every ten commits, some released while the others stay held) keep
/// answering exactly as the reference did when they were published. Expected answers come from
/// the reference, never from the index.
@Suite struct LiveIndexHeldSnapshotTests {
    // MARK: - Shared with LiveIndexConcurrencyTests

    /// What an edit exercises. An attribute edit counts as `attributes`, and also as each of
    /// `scroll` (`bounds.origin`), `hidden`, `alpha` and `interaction` whose value it changes.
    enum EditKind: String, CaseIterable, Sendable {
        case insert
        case insertWindow = "insert window"
        case remove
        case move
        case attributes
        case scroll
        case hidden
        case alpha
        case interaction
        case redirect
        case level
        case reorder
    }

    /// How many edits of each kind a sequence applied.
    struct EditCounts {
        private(set) var counts: [EditKind: Int] = [:]

        subscript(_ kind: EditKind) -> Int { counts[kind, default: 0] }

        /// Counts `edit`, which is about to be applied to `mirror` (the model as it is before the
        /// edit tells what an attribute edit changes).
        mutating func add(_ edit: FuzzEdit, before mirror: ModelMirror) {
            for kind in LiveIndexHeldSnapshotTests.kinds(of: edit, in: mirror) { counts[kind, default: 0] += 1 }
        }

        /// The kinds the sequence never applied.
        var missing: [EditKind] { EditKind.allCases.filter { self[$0] == 0 } }

        var description: String { EditKind.allCases.map { "\($0.rawValue) \(self[$0])" }.joined(separator: ", ") }
    }

    /// The kinds `edit` exercises on the model `mirror` as it is before the edit.
    static func kinds(of edit: FuzzEdit, in mirror: ModelMirror) -> [EditKind] {
        switch edit {
        case .insert: return [.insert]
        case .insertWindow: return [.insertWindow]
        case .remove: return [.remove]
        case .move: return [.move]
        case .attributes(let id, let new):
            var kinds: [EditKind] = [.attributes]
            guard let old = mirror.byID[id]?.attributes else { return kinds }
            if old.bounds.origin != new.bounds.origin { kinds.append(.scroll) }
            if old.isHidden != new.isHidden { kinds.append(.hidden) }
            if old.alpha != new.alpha { kinds.append(.alpha) }
            if old.isUserInteractionEnabled != new.isUserInteractionEnabled { kinds.append(.interaction) }
            return kinds
        case .redirect: return [.redirect]
        case .level: return [.level]
        case .reorder: return [.reorder]
        case .commit: return []
        }
    }

    /// The most subviews any view of the subtree has.
    static func widest(_ node: FuzzScene.Node) -> Int {
        node.subviews.reduce(node.subviews.count) { max($0, widest($1)) }
    }

    /// The most subviews any view of `scene` has.
    static func widest(_ scene: Scene) -> Int {
        var widest = 0
        scene.forEachView { v, _ in widest = max(widest, v.subviews.count) }
        return widest
    }

    /// The first scene `generator` makes with a view count in `views` and a container of at
    /// least 8 subviews (so that the index's hierarchies are edited), or nil after 1,000 tries.
    static func scene(_ generator: inout FuzzGenerator, views: ClosedRange<Int>) -> FuzzScene? {
        for _ in 0..<1_000 {
            let scene = generator.scene()
            if views.contains(scene.viewCount) && scene.windows.contains(where: { widest($0.root) >= 8 }) {
                return scene
            }
        }
        return nil
    }

    /// The model `scene` as the fuzzer's value type, windows made like `template` (whose other
    /// fields are all replaced): for generating edits from a model that edits have changed.
    static func fuzzScene(_ scene: Scene, template: FuzzScene.WindowNode) -> FuzzScene {
        func convert(_ view: View) -> FuzzScene.Node {
            var node = FuzzScene.Node(id: view.id, bounds: view.attributes.bounds, center: view.attributes.center)
            node.className = view.className
            node.attributes = view.attributes
            node.redirectTarget = view.redirectTarget?.id
            node.subviews = view.subviews.map(convert)
            return node
        }
        return FuzzScene(
            windows: scene.windows.map { window in
                var w = template
                w.root = convert(window)
                w.level = window.windowLevel
                return w
            })
    }

    /// `node` with every id and redirect target prefixed: a copy that can join the model the
    /// original is in (a redirect out of the subtree is dropped).
    static func relabeled(_ node: FuzzScene.Node, prefix: String) -> FuzzScene.Node {
        var copy = node
        copy.id = prefix + node.id
        copy.redirectTarget = node.redirectTarget.map { prefix + $0 }
        copy.subviews = node.subviews.map { relabeled($0, prefix: prefix) }
        return copy
    }

    /// A sequence of the generator's edits on `scene` with at least `commits` commits, in chunks
    /// of `chunk` edits, each generated from the model as the ones before left it. Between chunks,
    /// edits of the test's own (each followed by a commit) keep the model like the scene: the
    /// generator's sequences are short, and over thousands of edits its models drift.
    ///
    /// - Views: when random removals have taken the model below `views.lowerBound`, a copy of
    ///   the scene's largest window (ids prefixed) is inserted; the generator inserts more than
    ///   it removes, and its time per edit grows with the model, so past `views.upperBound` the
    ///   largest subtrees go until about two thirds of that bound are left.
    /// - Windows: the generator inserts them at the same few places at levels up to 1000, and
    ///   after a few hundred edits a pile of them hides every other view from every point: the
    ///   front-most go (never the one with the most views) until `maximumWindows` are left.
    static func edits(
        _ generator: inout FuzzGenerator, for scene: FuzzScene, commits: Int, chunk: Int, views: ClosedRange<Int>,
        maximumWindows: Int = 3
    ) -> [FuzzEdit] {
        let mirror = ModelMirror(scene.makeScene())
        let largestWindow = scene.windows.max { $0.root.count < $1.root.count }!.root
        var copies = 0
        var edits: [FuzzEdit] = []
        var committed = 0
        func apply(_ edit: FuzzEdit) {
            edits += [edit, .commit]
            _ = mirror.apply(edit)
            committed += 1
        }
        while committed < commits {
            let next = generator.edits(for: fuzzScene(mirror.scene, template: scene.windows[0]), count: chunk)
            for edit in next {
                guard mirror.apply(edit) != nil else {
                    Issue.record("edit \(edit) of a generated chunk does not apply to the model it was made for")
                    return edits
                }
            }
            edits += next
            committed += next.filter(isCommit).count
            if mirror.byID.count < views.lowerBound {
                copies += 1
                apply(.insertWindow(relabeled(largestWindow, prefix: "copy\(copies)-"), level: 0))
            }
            while mirror.scene.windows.count > maximumWindows {
                // The front-most, but never the window with the most views.
                var sizes: [ObjectIdentifier: Int] = [:]
                mirror.scene.forEachView { v, _ in
                    var w: View = v
                    while let up = w.superview { w = up }
                    sizes[ObjectIdentifier(w), default: 0] += 1
                }
                let windows = mirror.scene.windowsFrontToBack
                let largest = windows.max {
                    sizes[ObjectIdentifier($0), default: 0] < sizes[ObjectIdentifier($1), default: 0]
                }
                apply(.remove(windows.first { $0 !== largest }!.id))
            }
            let target = views.upperBound * 2 / 3
            while mirror.byID.count > views.upperBound {
                // Subtree sizes, children before parents (a reversed preorder).
                var order: [View] = []
                mirror.scene.forEachView { v, _ in order.append(v) }
                var size: [ObjectIdentifier: Int] = [:]
                for v in order.reversed() {
                    size[ObjectIdentifier(v)] = 1 + v.subviews.reduce(0) { $0 + size[ObjectIdentifier($1)]! }
                }
                let excess = mirror.byID.count - target
                let removable = order.filter { v in
                    (!(v is Window) || mirror.scene.windows.count > 1) && size[ObjectIdentifier(v)]! <= excess
                }
                guard let largest = removable.max(by: { size[ObjectIdentifier($0)]! < size[ObjectIdentifier($1)]! })
                else { break }
                apply(.remove(largest.id))
            }
        }
        return edits
    }

    /// The screen-space box around a view's hit rect; nil when it is empty or not finite.
    static func screenBox(_ view: View) -> Extents? {
        let e = view.hitRegion.extents
        let corners = [(e.minX, e.minY), (e.maxX, e.minY), (e.minX, e.maxY), (e.maxX, e.maxY)].map { x, y in
            view.convertToScreen(Point(x: x, y: y))
        }
        let box = Extents(
            minX: corners.map(\.x).min()!, minY: corners.map(\.y).min()!, maxX: corners.map(\.x).max()!,
            maxY: corners.map(\.y).max()!)
        guard box.minX.isFinite && box.maxX.isFinite && box.minY.isFinite && box.maxY.isFinite else { return nil }
        return box.isEmpty ? nil : box
    }

    /// Points where a wrong edit shows, for the views `edits` touched that are still in the
    /// model: in screen space, the centre of each one's hit rect and two points on its diagonal,
    /// and the centres of its box's overlaps with up to four siblings' (windows: other windows),
    /// where the order of siblings decides (a view sent back instead of brought to the front, put
    /// at the wrong position, a window at the wrong level).
    static func touchedPoints(_ edits: ArraySlice<FuzzEdit>, in mirror: ModelMirror) -> [Point] {
        var ids: [String] = []
        for edit in edits {
            switch edit {
            case .insert(let node, _, _), .insertWindow(let node, _): ids.append(node.id)
            case .move(let id, _, _), .attributes(let id, _), .level(let id, _), .reorder(let id, _): ids.append(id)
            case .redirect(let id, let to): ids += [id] + (to.map { [$0] } ?? [])
            case .remove, .commit: break
            }
        }
        var points: [Point] = []
        for id in ids {
            guard let v = mirror.byID[id] else { continue }
            let e = v.hitRegion.extents
            if e.minX.isFinite && e.maxX.isFinite && e.minY.isFinite && e.maxY.isFinite {
                for f in [0.5, 0.25, 0.75] {
                    let local = Point(x: e.minX + (e.maxX - e.minX) * f, y: e.minY + (e.maxY - e.minY) * f)
                    points.append(v.convertToScreen(local))
                }
            }
            guard let box = screenBox(v) else { continue }
            let siblings: [View] = v is Window ? mirror.scene.windows : v.superview?.subviews ?? []
            var overlaps = 0
            for sibling in siblings where sibling !== v && overlaps < 4 {
                guard let other = screenBox(sibling), let centre = overlapCentre(box, other) else { continue }
                points.append(centre)
                overlaps += 1
            }
        }
        return points
    }

    /// The centre of two boxes' overlap; nil when they do not overlap.
    static func overlapCentre(_ a: Extents, _ b: Extents) -> Point? {
        let minX = max(a.minX, b.minX)
        let maxX = min(a.maxX, b.maxX)
        let minY = max(a.minY, b.minY)
        let maxY = min(a.maxY, b.maxY)
        guard minX < maxX && minY < maxY else { return nil }
        return Point(x: minX / 2 + maxX / 2, y: minY / 2 + maxY / 2)
    }

    /// Points where siblings overlap anywhere in the model, so where their order decides, and
    /// where an order gone wrong in an earlier transaction still shows: for `count` containers
    /// picked at random (the windows count as the screen's subviews), the centre of one
    /// subview's overlap with another, both picked at random among those that overlap.
    static func overlapPoints(_ scene: Scene, count: Int, rng: inout SeededGenerator) -> [Point] {
        var families: [[View]] = scene.windows.count >= 2 ? [scene.windows] : []
        scene.forEachView { v, _ in
            if v.subviews.count >= 2 { families.append(v.subviews) }
        }
        guard !families.isEmpty else { return [] }
        var points: [Point] = []
        for _ in 0..<count {
            let boxes = rng.pick(families).compactMap(screenBox)
            guard boxes.count >= 2 else { continue }
            let i = rng.int(below: boxes.count)
            let centres = boxes.indices.compactMap { $0 == i ? nil : overlapCentre(boxes[i], boxes[$0]) }
            if !centres.isEmpty { points.append(rng.pick(centres)) }
        }
        return points
    }

    /// What `snapshot` answers at `point`: the hit view's id, nil for no hit.
    static func answer(_ snapshot: IndexSnapshot, _ point: Point) -> String? {
        snapshot.hitTest(point).map { snapshot.id(of: $0.handle) ?? $0.handle.description }
    }

    static func isCommit(_ edit: FuzzEdit) -> Bool {
        if case .commit = edit { true } else { false }
    }

    // MARK: - The test

    /// A snapshot kept by the test, with the points it is checked at and the reference's answers
    /// on the model at the moment it was published.
    struct Held {
        let snapshot: IndexSnapshot
        let version: UInt64
        /// Commits before it was taken (0: the snapshot of the loaded scene).
        let commit: Int
        let points: [Point]
        let expected: [String?]
    }

    /// A released snapshot, to see that it went (nothing else keeps a snapshot alive).
    struct Released {
        weak var snapshot: IndexSnapshot?
        let version: UInt64
        let commit: Int
    }

    @Test(.timeLimit(.minutes(2)), arguments: [UInt64(20_250_611)])
    func heldSnapshotsAcrossAThousandCommitsOfEveryEditKind(seed: UInt64) throws {
        var generator = FuzzGenerator(seed: seed)
        let scene = try #require(Self.scene(&generator, views: 150...300), "seed \(seed): no scene fits")
        let edits = Self.edits(&generator, for: scene, commits: 1_000, chunk: 120, views: 150...300)
        let planned = edits.filter(Self.isCommit).count
        try #require(planned >= 1_000, "seed \(seed): the sequence has \(planned) commits")

        let mirror = ModelMirror(scene.makeScene())
        let live = try LiveIndex(mirror.scene)
        let tester = ReferenceHitTester()
        var pointGenerator = FuzzGenerator(seed: seed &+ 1)
        var overlapGenerator = SeededGenerator(seed: seed &+ 2)
        var held: [Held] = []
        var released: [Released] = []
        var counts = EditCounts()
        var commits = 0
        /// Commits after which the model had a container the index keeps a hierarchy for.
        var wideCommits = 0
        var lastVersion = live.snapshot.version

        /// Points over the model as it is now, and the reference's answers there: edges and
        /// corners of `edgeViews` views and their neighbours, `uniform` points over and around
        /// the windows, a non-finite one, points inside the views `touched` edited, and
        /// `overlaps` points where siblings overlap.
        func probe(edgeViews: Int, uniform: Int, overlaps: Int, touched: ArraySlice<FuzzEdit> = [])
            -> ([Point], [String?])
        {
            let points =
                pointGenerator.points(for: mirror.scene, edgeViews: edgeViews, uniform: uniform)
                + Self.touchedPoints(touched, in: mirror)
                + Self.overlapPoints(mirror.scene, count: overlaps, rng: &overlapGenerator)
            return (points, tester.hitTest(mirror.scene, at: points).map { $0?.id })
        }
        func hold(_ snapshot: IndexSnapshot, _ points: [Point], _ expected: [String?]) {
            held.append(
                Held(
                    snapshot: snapshot, version: snapshot.version, commit: commits, points: points,
                    expected: expected))
        }
        /// Re-checks every held snapshot; false when one answered differently.
        func recheckHeld() -> Bool {
            var wrong = 0
            for h in held {
                #expect(
                    h.snapshot.version == h.version,
                    "seed \(seed): the snapshot held at commit \(h.commit) changed version")
                for (p, want) in zip(h.points, h.expected) {
                    let got = Self.answer(h.snapshot, p)
                    guard got != want else { continue }
                    wrong += 1
                    if wrong <= 5 {
                        Issue.record(
                            """
                            seed \(seed): the snapshot held at commit \(h.commit) (version \(h.version)) answers \
                            \(got ?? "nil") at \(p) after \(commits) commits; the reference answered \
                            \(want ?? "nil") when it was published
                            """)
                    }
                }
            }
            #expect(wrong == 0, "seed \(seed): \(wrong) wrong answers of held snapshots after \(commits) commits")
            let stillThere = released.filter { $0.snapshot != nil }
            #expect(
                stillThere.isEmpty,
                """
                seed \(seed): released snapshots still alive after \(commits) commits: versions \
                \(stillThere.map { "\($0.version) (released at commit \($0.commit))" })
                """)
            let violations = live.invariantViolations()
            #expect(violations.isEmpty, "seed \(seed) after \(commits) commits: \(violations.prefix(3))")
            return wrong == 0 && violations.isEmpty
        }

        let (firstPoints, firstExpected) = probe(edgeViews: 10, uniform: 10, overlaps: 12)
        hold(live.snapshot, firstPoints, firstExpected)
        /// Where the open transaction's edits start.
        var transaction = 0
        for (k, edit) in edits.enumerated() {
            counts.add(edit, before: mirror)
            let pending = live.hasPendingEdits
            guard let made = mirror.apply(edit) else {
                Issue.record("seed \(seed): edit \(k) (\(edit)) does not apply to the model")
                return
            }
            guard live.apply(edit, made: made ?? nil) else {
                Issue.record(
                    """
                    seed \(seed): the index refused edit \(k) (\(edit)): \
                    \(live.pendingError.map(String.init(describing:)) ?? "commit failed")
                    """)
                return
            }
            guard Self.isCommit(edit) else { continue }
            commits += 1
            let snapshot = live.snapshot
            // A commit publishes the next version, or nothing when no edit was made since the last.
            #expect(
                snapshot.version == lastVersion + (pending ? 1 : 0),
                "seed \(seed): commit \(commits) (edit \(k)) published \(snapshot.version) after \(lastVersion)")
            lastVersion = snapshot.version
            if Self.widest(mirror.scene) >= HitTestIndex.indexedChildThreshold { wideCommits += 1 }

            // More points where a snapshot is kept (they are checked again and again), fewer at
            // the other commits (the reference's time is most of the test's).
            let touched = edits[transaction...k]
            transaction = k + 1
            let (points, expected) =
                commits % 10 == 0
                ? probe(edgeViews: 10, uniform: 10, overlaps: 12, touched: touched)
                : probe(edgeViews: 1, uniform: 4, overlaps: 6, touched: touched)
            var wrong = 0
            for (p, want) in zip(points, expected) {
                let got = Self.answer(snapshot, p)
                guard got != want else { continue }
                wrong += 1
                if wrong <= 3 {
                    Issue.record(
                        """
                        seed \(seed): commit \(commits) (edit \(k), version \(snapshot.version)) answers \
                        \(got ?? "nil") at \(p), the reference \(want ?? "nil")
                        """)
                }
            }
            guard wrong == 0 else {
                Issue.record(
                    """
                    seed \(seed): \(wrong) of \(points.count) points differ after commit \(commits); the edits \
                    since the last commit: \(touched.map(\.description).joined(separator: "; "))
                    """)
                return
            }

            if commits % 10 == 0 { hold(snapshot, points, expected) }
            // After commit 300, the snapshots taken at commits 270, 300, 330, ... (every third) are
            // released 50 commits after they were taken: the store reclaims what only they could
            // see while the others stay held.
            if commits > 300 && commits % 10 == 0,
                let i = held.firstIndex(where: { $0.commit == commits - 50 }), (commits - 50) / 10 % 3 == 0
            {
                released.append(Released(snapshot: held[i].snapshot, version: held[i].version, commit: commits))
                held.remove(at: i)
            }
            if commits % 100 == 0 {
                guard recheckHeld() else { return }
            }
        }
        _ = recheckHeld()

        #expect(commits >= 1_000, "seed \(seed): \(commits) commits")
        #expect(
            wideCommits >= commits * 3 / 4,
            "seed \(seed): only \(wideCommits) of \(commits) commits had a container of 8 subviews or more")
        #expect(held.count >= 70, "seed \(seed): \(held.count) snapshots held at the end")
        #expect(released.count >= 15, "seed \(seed): \(released.count) snapshots released")
        #expect(
            counts.missing.isEmpty,
            "seed \(seed): the sequence never applied \(counts.missing.map(\.rawValue)) (\(counts.description))")
    }
}
