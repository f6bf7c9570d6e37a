/// The flattened hit-testing engine: the same answer as the recursive reference, for every scene
/// and point, without recursion and without allocating.
///
/// A built index is an immutable snapshot: any number of threads may query it at once.
///
/// The search follows the view tree as UIKit does — subviews front to back, each converted with
/// the canonical conversion and tested with the shared hit-region test, so every decision is the
/// reference's own — but a wide container's subviews are found through a ``ChildBVH`` in its
/// bounds space instead of being tried one by one.
public final class HitTestIndex: Sendable {
    /// The flattened scene the index answers for.
    public let scene: FlatScene

    /// Flattens and indexes a scene; refuses an invalid one with the validation error.
    /// - Complexity: O(n) for n views.
    public init(_ scene: Scene) throws(SceneError) {
        self.scene = try FlatScene(scene)
    }

    /// The number of views indexed.
    /// - Complexity: O(1).
    public var viewCount: Int { scene.count }

    /// The id of a view.
    /// - Complexity: O(length of the id).
    public func id(of view: ViewIndex) -> String { scene.id(of: view) }

    /// The view a touch at `screenPoint` lands on, or `nil`.
    /// - Complexity: O(log n) for the common shapes; O(depth) for a deep chain; never recursive;
    ///   no heap allocation unless the scene nests deeper than the fixed traversal stacks.
    public func hitTest(_ screenPoint: Point) -> ViewIndex? {
        var counters = VisitCounters()
        return hitTest(screenPoint, counting: &counters)
    }

    /// The id of the view a touch at `screenPoint` lands on, or `nil`.
    /// - Complexity: as ``hitTest(_:)`` plus the id's length.
    public func hitTestID(_ screenPoint: Point) -> String? {
        hitTest(screenPoint).map(id(of:))
    }
}

/// What a query touched, for the benchmark and for tests that pin down pruning.
public struct VisitCounters: Sendable {
    /// Views whose point was converted and tested.
    public var views = 0
    /// BVH nodes whose box was tested.
    public var nodes = 0
    /// BVH items (subviews) whose box was tested.
    public var items = 0

    /// Zero counts.
    /// - Complexity: O(1).
    public init() {}
}
