import Dispatch

extension HitTestIndex {
    /// Hit-tests many screen points, spread over `threads` threads; results in input order.
    ///
    /// The index is immutable, so the threads share it without locks; each writes its own
    /// slice of the result.
    /// - Complexity: O(q · cost of one query / threads) for q points.
    public func hitTest(_ points: [Point], threads: Int = 2) -> [ViewIndex?] {
        let n = points.count
        let workers = Swift.max(1, Swift.min(threads, n / 256 + 1))
        return [ViewIndex?](unsafeUninitializedCapacity: n) { results, initialized in
            let base = UncheckedSendable(results.baseAddress)
            points.withUnsafeBufferPointer { input in
                let source = UncheckedSendable(input.baseAddress)
                DispatchQueue.concurrentPerform(iterations: workers) { w in
                    let start = n * w / workers
                    let end = n * (w + 1) / workers
                    for i in start..<end {
                        // Safe: each worker initializes only its own disjoint range [start, end).
                        (base.value! + i).initialize(to: hitTest(source.value![i]))
                    }
                }
            }
            initialized = n
        }
    }

    /// Every view a touch at `screenPoint` could land on, front to back: the views that are
    /// eligible with all their ancestors, inside their own hit area and every clipping
    /// ancestor's, and not pass-through, each mapped through its outermost redirecting ancestor
    /// (what ``hitTest(_:)`` would return were it the front-most). The first is ``hitTest(_:)``'s
    /// answer. For debugging: visits every reachable view.
    /// - Complexity: O(n).
    public func hitTestAll(_ screenPoint: Point) -> [ViewIndex] {
        guard screenPoint.isFinite else { return [] }
        var found: [ViewIndex] = []
        // Entries: view, point in its superview's space, outermost redirect above it.
        var stack: [(view: ViewIndex, x: Double, y: Double, redirect: ViewIndex)] = []
        let links = scene.links
        for root in scene.roots.reversed() {
            var candidates: [(ViewIndex, ViewIndex)] = []
            stack.append((root, screenPoint.x, screenPoint.y, .none))
            while let (v, x, y, redirectAbove) = stack.popLast() {
                let link = links[v.position]
                guard link.flags.contains(.eligible) else { continue }
                let p = scene.toLocal(v, Point(x: x, y: y))
                let inside = scene.pointInside(v, p)
                guard inside || link.flags.contains(.outside) else { continue }
                var redirect = redirectAbove
                if redirect == .none && link.flags.contains(.redirect) {
                    redirect = scene.extras[Int(link.extra)].redirect
                }
                if inside && !link.flags.contains(.passThrough) { candidates.append((v, redirect)) }
                for c in scene.children(of: v) { stack.append((c, p.x, p.y, redirect)) }
            }
            // Paint order is the key: the largest position is the front-most.
            candidates.sort { $0.0 > $1.0 }
            for (v, redirect) in candidates { found.append(redirect == .none ? v : redirect) }
        }
        return found
    }
}

/// A pointer that may cross into `concurrentPerform`'s workers; each worker touches only its
/// own indices.
private struct UncheckedSendable<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
