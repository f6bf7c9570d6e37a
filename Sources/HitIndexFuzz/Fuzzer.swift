import HitIndex

/// The differential fuzz loop: random scenes and decision-seeking points, an engine against the
/// reference, and the first disagreement shrunk.
public enum Fuzzer {
    /// What a run found.
    public struct Report: Sendable {
        /// Scenes generated and checked.
        public var scenes = 0
        /// Points compared.
        public var queries = 0
        /// Points of the failing scene on which the engine disagreed (the run stops there).
        public var mismatches = 0
        /// The first disagreement as found, and after shrinking.
        public var found: Mismatch?
        public var shrunk: Mismatch?
        /// The 1-based number of the scene that failed (rerun with the same seed to get it back).
        public var failingScene = 0
        /// Seconds until the disagreement was found, and until it was shrunk.
        public var secondsToFind = 0.0
        public var secondsToShrink = 0.0
        /// Checks the shrinker spent.
        public var shrinkChecks = 0
    }

    /// Runs `engine` against the reference on scenes from `seed` until `seconds` pass, `maxScenes`
    /// scenes are checked, or a disagreement is found, which is then shrunk.
    /// - Complexity: bounded by `seconds`, plus the shrink (bounded by its check budget).
    public static func run(engine: FuzzEngine, seed: UInt64, seconds: Double, maxScenes: Int = .max) -> Report {
        let clock = ContinuousClock()
        let start = clock.now
        let deadline = start + .milliseconds(Int64(seconds * 1000))
        var generator = FuzzGenerator(seed: seed)
        var report = Report()
        while clock.now < deadline && report.scenes < maxScenes {
            let scene = generator.scene()
            let points = generator.points(for: scene.makeScene())
            report.scenes += 1
            report.queries += points.count
            let found = engine.mismatches(scene, points)
            guard let first = found.first else { continue }
            report.mismatches = found.count
            report.found = first
            report.failingScene = report.scenes
            report.secondsToFind = elapsed(since: start, clock)
            var shrinker = Shrinker { s, p in engine.disagrees(s, at: p) }
            let (small, point) = shrinker.shrink(first.scene, first.point)
            report.shrinkChecks = shrinker.checks
            report.shrunk = engine.mismatches(small, [point]).first
            report.secondsToShrink = elapsed(since: start, clock) - report.secondsToFind
            break
        }
        return report
    }

    private static func elapsed(since start: ContinuousClock.Instant, _ clock: ContinuousClock) -> Double {
        let d = clock.now - start
        return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }
}
