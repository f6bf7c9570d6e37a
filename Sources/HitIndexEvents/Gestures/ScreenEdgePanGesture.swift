import HitIndex

/// A screen-edge pan (`UIScreenEdgePanGestureRecognizer`), continuous: a pan whose first finger
/// comes down within `edgeDistance` points of one of `edges` of the window's frame (the screen,
/// for a full-screen window) and that moves away from that edge (from either, in a corner).
///
/// It fails at once when the first finger lands elsewhere, and when the pan would begin with a
/// movement that is not mostly away from the edge (its inward component at most the sideways
/// one) [C: UIKit's edge region and angle are private]. Otherwise it runs as ``PanGesture`` and
/// reports the same values.
public struct ScreenEdgePanGesture: GestureLogic {
    /// An edge of the screen.
    public enum Edge: String, Hashable, Sendable, CaseIterable {
        /// An edge of the window's frame, named as `UIRectEdge` names it.
        case left, right, top, bottom

        /// The unit vector pointing from the edge into the screen.
        var inward: Point {
            switch self {
            case .left: return Point(x: 1, y: 0)
            case .right: return Point(x: -1, y: 0)
            case .top: return Point(x: 0, y: 1)
            case .bottom: return Point(x: 0, y: -1)
            }
        }
    }

    /// The edges a gesture may start from (`edges`); at least one.
    public var edges: Set<Edge>
    /// How near an edge the first finger must land, in points; 20 by default [C].
    public var edgeDistance: Double
    /// The pan it runs once started from an edge.
    public var pan: PanGesture

    /// The edges the first finger landed near (a corner is near two).
    private var startEdges: [Edge] = []
    private var started = false

    /// Creates a screen-edge pan gesture.
    /// - Complexity: O(1).
    public init(edges: Set<Edge>, edgeDistance: Double = 20, minimumDistance: Double = 10) {
        self.edges = edges
        self.edgeDistance = edgeDistance
        self.pan = PanGesture(minimumDistance: minimumDistance)
    }

    /// Always true: a screen-edge pan begins, changes and ends.
    public var isContinuous: Bool { true }
    /// The values of the ``pan`` it runs.
    public var values: GestureValues? { pan.values }

    /// Fails unless the first finger lands near one of ``edges`` and the pan begins moving away
    /// from it; otherwise asks for what the ``pan`` asks for.
    /// - Complexity: O(touches changed and down in `input`).
    public mutating func handle(_ input: GestureInput, state: GestureState) -> GestureState? {
        if !started, state == .possible {
            started = true
            guard let first = input.changed.first(where: { $0.phase == .began }), let frame = input.windowFrame
            else { return .failed }
            startEdges = self.edges(near: first.location, in: frame)
            if startEdges.isEmpty { return .failed }
        }
        let wanted = pan.handle(input, state: state)
        if wanted == .began, let translation = pan.values?.translation {
            // Away from any of the edges it started near.
            let away = startEdges.contains { edge in
                let inward = translation.x * edge.inward.x + translation.y * edge.inward.y
                let sideways = abs(translation.x * edge.inward.y - translation.y * edge.inward.x)
                return inward > sideways
            }
            if !away { return .failed }
        }
        return wanted
    }

    /// The ones of `edges` (in the order left, right, top, bottom) that `p` lies within
    /// ``edgeDistance`` of, inside `frame`.
    private func edges(near p: Point, in frame: Rect) -> [Edge] {
        let e = Extents(frame)
        guard p.x >= e.minX, p.x < e.maxX, p.y >= e.minY, p.y < e.maxY else { return [] }
        var found: [Edge] = []
        for candidate in Edge.allCases where edges.contains(candidate) {
            let gap: Double
            switch candidate {
            case .left: gap = p.x - e.minX
            case .right: gap = e.maxX - p.x
            case .top: gap = p.y - e.minY
            case .bottom: gap = e.maxY - p.y
            }
            if gap < edgeDistance { found.append(candidate) }
        }
        return found
    }
}
