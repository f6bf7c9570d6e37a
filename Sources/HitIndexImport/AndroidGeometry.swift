import HitIndex

/// An Android rectangle in absolute screen pixels, as both Android dumps record it: left, top,
/// right, bottom (right and bottom exclusive, so the width is `right - left`).
///
/// Right may be less than left (and bottom less than top): Android clips a node's screen bounds to
/// each ancestor with per-edge `max`/`min` without normalizing, so a node scrolled or slid out of
/// its parent ends up "inverted". Such a rect becomes a negative-size frame, which the model
/// standardizes; its standardized area always lies outside the parent's area (it spans from the
/// clip edge outward), so it is never hit — as on the device, where nothing of it is on screen.
struct AndroidRect: Equatable {
    var left: Double
    var top: Double
    var right: Double
    var bottom: Double

    /// Coordinates are limited to ±1e15 px so that every difference and sum the importers form
    /// stays finite and exact for integers (a dump's pixels are integers far below 2^53).
    static let coordinateLimit = 1e15

    /// Whether every coordinate is finite and within ``coordinateLimit``.
    /// - Complexity: O(1).
    var isWithinLimit: Bool {
        [left, top, right, bottom].allSatisfy { $0.isFinite && abs($0) <= Self.coordinateLimit }
    }

    /// The near edge (left or top) along `axis` (0 = x, 1 = y).
    /// - Complexity: O(1).
    func near(_ axis: Int) -> Double { axis == 0 ? left : top }

    /// The far edge (right or bottom) along `axis` (0 = x, 1 = y).
    /// - Complexity: O(1).
    func far(_ axis: Int) -> Double { axis == 0 ? right : bottom }

    /// The rect as a frame in the space of a parent whose screen rect starts at `parentOrigin` and
    /// whose bounds origin (scroll offset) is `scroll`: the view's screen position is preserved
    /// exactly, pixels 1:1 as points.
    /// - Complexity: O(1).
    func frame(parentOrigin: Point, scroll: Point) -> Rect {
        Rect(
            x: left - parentOrigin.x + scroll.x, y: top - parentOrigin.y + scroll.y,
            width: right - left, height: bottom - top)
    }

    /// The rect as a frame in screen space (for a window).
    /// - Complexity: O(1).
    var screenFrame: Rect { Rect(x: left, y: top, width: right - left, height: bottom - top) }

    /// The top-left corner.
    /// - Complexity: O(1).
    var origin: Point { Point(x: left, y: top) }

    /// Whether the rect encloses some area (positive width and height).
    /// - Complexity: O(1).
    var hasArea: Bool { right > left && bottom > top }
}

/// The id scheme shared by the Android importers.
enum AndroidNames {
    /// A readable, unique id: the class name without its package, `#`, and the node's 1-based
    /// position in the dump in document order (`FrameLayout#12`, `PhoneWindow$DecorView#1`);
    /// `node#N` when the class is empty. The number alone makes it unique.
    /// - Complexity: O(length of the class name).
    static func id(className: String, ordinal: Int) -> String {
        let short = className.split(separator: ".", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        return "\(short.isEmpty ? "node" : short)#\(ordinal)"
    }
}
