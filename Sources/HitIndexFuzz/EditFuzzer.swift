import HitIndex
import HitIndexReference

extension FuzzGenerator {
    /// A random edit sequence on `scene`: inserts (subtrees and windows), removes, moves (across
    /// windows too), reorders, attribute changes of every kind (transforms with det = 0 among
    /// them), scrolls, redirects and window levels, with commits every few edits and one at the
    /// end. Half the edits that pick a parent pick one of the widest containers, so that
    /// hierarchies split, relabel and rebuild.
    /// - Complexity: O(count × views).
    public mutating func edits(for scene: FuzzScene, count: Int) -> [FuzzEdit] {
        let mirror = ModelMirror(scene.makeScene())
        var edits: [FuzzEdit] = []
        var sinceCommit = 0
        while edits.count < count {
            let ids = mirror.byID.keys.sorted()
            guard !ids.isEmpty else {
                edits.append(.insertWindow(window(), level: rng.pick([0, 1, -1])))
                _ = mirror.apply(edits.last!)
                continue
            }
            let views = ids.map { mirror.byID[$0]! }
            let wide = views.filter { $0.subviews.count >= 6 }
            func anyView() -> View { rng.pick(views) }
            func parent() -> View { !wide.isEmpty && rng.chance(0.5) ? rng.pick(wide) : anyView() }
            let edit: FuzzEdit
            switch rng.int(below: 20) {
            case 0...2:
                let p = parent()
                var node = leaf(parentSize: p.bounds.size)
                if rng.chance(0.5) { decorate(&node.attributes, window: false) }
                if rng.chance(0.3) {
                    node.subviews = children(
                        depth: 1, budget: rng.int(in: 1...10), parentSize: node.attributes.bounds.size)
                }
                edit = .insert(node, into: p.id, at: rng.int(in: 0...p.subviews.count))
            case 3:
                edit = .insertWindow(window(), level: rng.pick([0, 0, 1000, -1, 0.5]))
            case 4...5:
                let v = anyView()
                if v is Window && mirror.scene.windows.count < 2 { continue }
                edit = .remove(v.id)
            case 6...8:
                let v = anyView()
                guard !(v is Window) else { continue }
                let candidates = views.filter { !$0.isDescendant(of: v) }
                guard !candidates.isEmpty else { continue }
                let p = !wide.isEmpty && rng.chance(0.5) ? rng.pick(wide) : rng.pick(candidates)
                guard !p.isDescendant(of: v) else { continue }
                let count = p.subviews.count - (v.superview === p ? 1 : 0)
                edit = .move(v.id, into: p.id, at: rng.int(in: 0...count))
            case 9...13:
                let v = anyView()
                var a = v.attributes
                switch rng.int(below: 6) {
                case 0:
                    let fresh = leaf(parentSize: v.superview?.bounds.size ?? v.bounds.size)
                    a.bounds.size = fresh.attributes.bounds.size
                    a.center = fresh.attributes.center
                case 1: decorate(&a, window: v is Window)
                case 2: a.isHidden.toggle()
                case 3: a.isUserInteractionEnabled.toggle()
                case 4: a.alpha = rng.pick([0, 0.01, Float(0.01).nextUp, 1])
                default: a.isPassThrough = !(v is Window) && !a.isPassThrough
                }
                edit = .attributes(v.id, a)
            case 14...15:
                let v = parent()
                var a = v.attributes
                a.bounds.origin = Point(x: rng.grid(-100, 100), y: rng.pick([0, 7.5, -3, rng.grid(-500, 500)]))
                edit = .attributes(v.id, a)
            case 16:
                edit = .redirect(anyView().id, to: rng.chance(0.7) ? anyView().id : nil)
            case 17:
                guard let w = mirror.scene.windows.isEmpty ? nil : rng.pick(mirror.scene.windows) else { continue }
                edit = .level(w.id, rng.pick([0, 1000, -1, 0.5, w.windowLevel]))
            default:
                edit = .reorder(anyView().id, front: rng.chance(0.5))
            }
            guard mirror.apply(edit) != nil else { continue }
            edits.append(edit)
            sinceCommit += 1
            if sinceCommit >= rng.int(in: 1...8) {
                edits.append(.commit)
                sinceCommit = 0
            }
        }
        edits.append(.commit)
        return edits
    }

    /// A small window with a few views.
    private mutating func window() -> FuzzScene.Node {
        var root = FuzzScene.Node(id: freshID("W"), bounds: Rect(x: 0, y: 0, width: 200, height: 300), center: .zero)
        root.className = "UIWindow"
        root.attributes.center = Point(x: rng.pick([100, 150, 0]), y: rng.pick([150, 100]))
        root.subviews = children(depth: 0, budget: rng.int(in: 0...12), parentSize: Size(width: 200, height: 300))
        return root
    }
}

/// Deliberately broken edit handling, for the edit fuzzer's self-test: the live index is given a
/// wrong version of some edits.
public enum EditMutant: String, CaseIterable, Sendable {
    /// Scrolls are not applied (the attributes keep their old `bounds.origin`).
    case forgetsScroll = "forgets-scroll"
    /// Bringing to front and sending to back do nothing.
    case ignoresReorder = "ignores-reorder"

    /// The edit the broken index applies instead of `edit`, given the model before it.
    func mutate(_ edit: FuzzEdit, _ mirror: ModelMirror) -> FuzzEdit {
        switch (self, edit) {
        case (.forgetsScroll, .attributes(let id, var a)):
            if let old = mirror.byID[id]?.attributes, old.bounds.origin != a.bounds.origin {
                a.bounds.origin = old.bounds.origin
            }
            return .attributes(id, a)
        case (.ignoresReorder, .reorder): return .commit
        default: return edit
        }
    }
}

/// Differential fuzzing of the live index: a random scene, a random edit sequence applied to the
/// index and to the object model alike, and after every commit the index's new snapshot against
/// the reference on the model; the invariant checker after every edit; and the snapshot taken
/// before the first edit, at the end, against the reference's answers for the scene as it was.
public enum EditFuzzer {
    /// What went wrong in a sequence.
    public struct Failure: Sendable, CustomStringConvertible {
        public var sequence: EditSequence
        /// The edit at which it was found (the commit, for a wrong answer).
        public var edit: Int
        /// The point of a wrong answer.
        public var point: Point?
        public var expected: String?
        public var got: String?
        /// What failed, in words.
        public var message: String

        public var description: String {
            let at = point.map { " at (\($0.x), \($0.y))" } ?? ""
            return "edit \(edit)\(at): \(message)"
        }
    }

    /// Runs `sequence`: the first failure, or nil. Points are drawn from `seed` after each commit,
    /// or are just `point` when given (for shrinking).
    /// - Complexity: O(edits × (views + points × depth)).
    public static func check(
        _ sequence: EditSequence, seed: UInt64, point: Point? = nil, mutant: EditMutant? = nil
    ) -> Failure? {
        var generator = FuzzGenerator(seed: seed)
        let model = sequence.scene.makeScene()
        func fail(_ edit: Int, _ message: String, point: Point? = nil, expected: String? = nil, got: String? = nil)
            -> Failure
        {
            Failure(sequence: sequence, edit: edit, point: point, expected: expected, got: got, message: message)
        }
        let live: LiveIndex
        do {
            live = try LiveIndex(model)
        } catch {
            return fail(-1, "the index refused the scene: \(error)")
        }
        let mirror = ModelMirror(model)
        let tester = ReferenceHitTester()
        func points() -> [Point] { point.map { [$0] } ?? generator.points(for: model, edgeViews: 16, uniform: 8) }
        let held = live.snapshot
        let heldPoints = points()
        let heldExpected = tester.hitTest(model, at: heldPoints).map { $0?.id }
        for (k, edit) in sequence.edits.enumerated() {
            let applied = mutant?.mutate(edit, mirror) ?? edit
            guard let made = mirror.apply(edit) else { continue }
            if case .commit = applied, !isCommit(edit) { continue }
            guard live.apply(applied, made: made ?? nil) else {
                return fail(
                    k,
                    "the index refused \(edit): \(live.pendingError.map(String.init(describing:)) ?? "commit failed")")
            }
            if let violation = live.invariantViolations().first {
                return fail(k, "after \(edit): invariant broken: \(violation)")
            }
            guard case .commit = edit else { continue }
            let snapshot = live.snapshot
            let ps = points()
            let expected = tester.hitTest(model, at: ps).map { $0?.id }
            for (p, want) in zip(ps, expected) {
                let got = snapshot.hitTest(p).flatMap { snapshot.id(of: $0.handle) }
                if got != want { return fail(k, "the snapshot disagrees", point: p, expected: want, got: got) }
            }
        }
        for (p, want) in zip(heldPoints, heldExpected) {
            let got = held.hitTest(p).flatMap { held.id(of: $0.handle) }
            if got != want {
                return fail(
                    sequence.edits.count, "the snapshot held from before the edits changed", point: p, expected: want,
                    got: got)
            }
        }
        return nil
    }

    static func isCommit(_ edit: FuzzEdit) -> Bool {
        if case .commit = edit { true } else { false }
    }

    /// What a run found.
    public struct Report: Sendable {
        public var sequences = 0
        public var edits = 0
        public var queries = 0
        public var found: Failure?
        public var shrunk: Failure?
        public var shrinkChecks = 0
    }

    /// Checks sequences from `seed` until `seconds` pass, `maxSequences` are checked, or one
    /// fails, which is then shrunk.
    /// - Complexity: bounded by `seconds`, plus the shrink.
    public static func run(
        seed: UInt64, seconds: Double, maxSequences: Int = .max, mutant: EditMutant? = nil
    ) -> Report {
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int64(seconds * 1000))
        var generator = FuzzGenerator(seed: seed)
        var report = Report()
        while clock.now < deadline && report.sequences < maxSequences {
            let scene = generator.scene()
            guard scene.viewCount <= 700 else { continue }
            let edits = generator.edits(for: scene, count: generator.rng.pick([5, 20, 60]))
            let sequence = EditSequence(scene: scene, edits: edits)
            let pointSeed = seed &+ UInt64(report.sequences)
            report.sequences += 1
            report.edits += edits.count
            report.queries += edits.filter(isCommit).count * 60
            guard let failure = check(sequence, seed: pointSeed, mutant: mutant) else { continue }
            report.found = failure
            let (small, checks) = shrink(failure, seed: pointSeed, mutant: mutant)
            report.shrunk = small
            report.shrinkChecks = checks
            break
        }
        return report
    }

    /// Drops edits and simplifies the scene while the sequence still fails (at the same point,
    /// for a wrong answer).
    /// - Complexity: bounded by `maximumChecks` checks.
    public static func shrink(
        _ failure: Failure, seed: UInt64, mutant: EditMutant? = nil, maximumChecks: Int = 20_000
    ) -> (Failure, Int) {
        var checks = 0
        let point = failure.point
        func failing(_ s: EditSequence) -> Failure? {
            guard checks < maximumChecks else { return nil }
            checks += 1
            return check(s, seed: seed, point: point, mutant: mutant)
        }
        var best = failure
        var sequence = failure.sequence
        func dropEdits() {
            var chunk = max(1, sequence.edits.count / 2)
            while chunk >= 1 {
                var i = 0
                var changed = false
                while i < sequence.edits.count {
                    var candidate = sequence
                    candidate.edits.removeSubrange(i..<min(i + chunk, candidate.edits.count))
                    if !candidate.edits.contains(where: isCommit) {
                        candidate.edits.append(.commit)
                    }
                    if candidate.edits.count < sequence.edits.count, let f = failing(candidate) {
                        sequence = candidate
                        best = f
                        changed = true
                    } else {
                        i += chunk
                    }
                }
                if !changed { chunk /= 2 }
            }
        }
        dropEdits()
        var shrinker = Shrinker(maximumChecks: max(0, maximumChecks - checks)) { scene, _ in
            var candidate = sequence
            candidate.scene = scene
            return check(candidate, seed: seed, point: point, mutant: mutant) != nil
        }
        let (scene, _) = shrinker.shrink(sequence.scene, point ?? Point(x: 0, y: 0))
        checks += shrinker.checks
        sequence.scene = scene
        if let f = check(sequence, seed: seed, point: point, mutant: mutant) { best = f }
        dropEdits()
        return (best, checks)
    }
}
