import HitIndex

/// The synthetic scene shapes shared by `hitindex generate`, the tests, the benchmarks and the
/// fuzzer.
public enum SceneShape: String, CaseIterable, Sendable {
    /// App-like screens: a pager of screens with navigation bars, scrolled lists of cells with
    /// labels and image views, enlarged and raised buttons, overlays, and a status-bar window.
    case ui
    /// A wide flat sheet: every cell a direct subview of one container.
    case grid
    /// A single chain, each view the only subview of the one before.
    case deep
    /// Many overlapping siblings of random sizes in one container.
    case overlap
    /// Random trees that exercise every attribute: rotations, flips, scale-0, zero and negative
    /// sizes, insets, shapes, pass-through, redirects, outside-bounds children, several windows.
    case random

    /// Generates a deterministic scene of about `count` views (at least the few a shape needs).
    /// - Complexity: O(count).
    public func generate(count: Int, seed: UInt64 = 1) -> Scene {
        var rng = SeededGenerator(seed: seed ^ (UInt64(truncatingIfNeeded: rawValue.hashValueStable) << 32))
        let n = Swift.max(1, count)
        switch self {
        case .ui: return Generators.ui(count: n, rng: &rng)
        case .grid: return Generators.grid(count: n, rng: &rng)
        case .deep: return Generators.deep(count: n, rng: &rng)
        case .overlap: return Generators.overlap(count: n, rng: &rng)
        case .random: return Generators.random(count: n, rng: &rng)
        }
    }
}

extension String {
    /// A hash that, unlike `hashValue`, is the same in every process (FNV-1a over UTF-8).
    var hashValueStable: UInt32 {
        var h: UInt32 = 2_166_136_261
        for b in utf8 { h = (h ^ UInt32(b)) &* 16_777_619 }
        return h
    }
}
