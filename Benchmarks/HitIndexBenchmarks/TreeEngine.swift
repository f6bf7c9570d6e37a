import HitIndex

/// The `tree` baseline: UIKit's `hitTest` recursion, run over a FlatScene's columns with the
/// precomputed inverses — how Flutter, Android and Godot hit-test a tree without an index.
///
/// Decisions are the reference's, in the reference's order: windows front to back; in a view,
/// eligibility first, then the canonical conversion (`ViewPlacement.toLocal[Translated]`) and
/// `pointInside` (`Extents.contains`, then `HitRegion.contains` for shaped views, then the
/// predicate); subviews front-most first, the first hit ending the search; the view itself only
/// when none of its subviews answers; the outermost redirect on the path replaces the answer.
///
/// Iterative over an explicit stack (one frame per level, allocated once per thread in the
/// context), so a chain a million views deep is fine. It reads the columns through unsafe buffer
/// pointers, tests leaves without pushing a frame, and carries the outermost redirect down the
/// stack so that answering costs O(1). It does not use the index's own precomputation
/// (`ViewFlags.unreachable`, `indexed`, the child BVHs).
final class TreeEngine: BenchEngine {
    let flat: FlatScene
    /// The deepest view's depth + 1: the frames a query can need.
    let maxFrames: Int
    let memory: MemoryAccount

    struct Frame {
        var view: UInt32
        /// The next subview to try (front to back), or `none`.
        var cursor: UInt32
        /// The outermost redirect target on the path from the window to this view, or `none`.
        var redirect: UInt32
        var inside: Bool
        var x: Double
        var y: Double
    }

    final class Context {
        let frames: UnsafeMutablePointer<Frame>
        init(capacity: Int) { frames = .allocate(capacity: capacity) }
        deinit { frames.deallocate() }
    }

    init(_ scene: Scene, idBytes: Int) throws {
        let flat = try FlatScene(scene)
        self.flat = flat
        // FlatScene's maxDepth is the true depth (an upper bound past UInt16.max levels).
        maxFrames = flat.maxDepth + 2
        memory = flatSceneMemory(flat, idBytes: idBytes)
    }

    func makeContext() -> Context { Context(capacity: maxFrames) }

    @inline(__always)
    func token(_ answer: UInt32) -> UInt { UInt(answer) }

    func paintIndex(_ answer: UInt32) -> Int { answer == ViewIndex.none.rawValue ? -1 : Int(answer) }

    var recursionDepth: Int { 0 }

    func hitTest(_ p: Point, _ context: inout Context) -> UInt32 {
        let none = ViewIndex.none.rawValue
        guard p.isFinite else { return none }
        let frames = context.frames
        return flat.geometry.withUnsafeBufferPointer { geometry in
            flat.links.withUnsafeBufferPointer { links in
                flat.extras.withUnsafeBufferPointer { extras in
                    for root in flat.roots.reversed() {
                        let r = searchWindow(
                            root.rawValue, p.x, p.y, geometry: geometry, links: links, extras: extras, frames: frames)
                        if r != none { return r }
                    }
                    return none
                }
            }
        }
    }

    /// `pointInside` of view `v` on the point `(x, y)` already in its bounds space.
    @inline(__always)
    private func inside(
        _ v: Int, _ flags: ViewFlags, _ extra: UInt32, _ x: Double, _ y: Double,
        geometry: UnsafeBufferPointer<NodeGeometry>, extras: UnsafeBufferPointer<NodeExtra>
    ) -> Bool {
        let g = geometry[v]
        let p = Point(x: x, y: y)
        let e = Extents(minX: g.minX, minY: g.minY, maxX: g.maxX, maxY: g.maxY)
        guard e.contains(p) else { return false }
        if flags.rawValue & (ViewFlags.ellipse.rawValue | ViewFlags.roundedRect.rawValue) != 0 {
            let shape: HitShape = flags.contains(.ellipse) ? .ellipse : .roundedRect(radius: extras[Int(extra)].radius)
            guard HitRegion(extents: e, shape: shape).contains(p) else { return false }
        }
        if flags.contains(.predicate) {
            return flat.predicates[Int(extras[Int(extra)].predicate)](p)
        }
        return true
    }

    @inline(__always)
    private func convert(
        _ v: Int, _ flags: ViewFlags, _ extra: UInt32, _ px: Double, _ py: Double,
        geometry: UnsafeBufferPointer<NodeGeometry>, extras: UnsafeBufferPointer<NodeExtra>
    ) -> Point {
        let g = geometry[v]
        if flags.contains(.transformed) {
            return ViewPlacement.toLocal(
                Point(x: px, y: py), center: Point(x: g.centerX, y: g.centerY), inverse: extras[Int(extra)].inverse,
                anchorOffset: Point(x: g.anchorOffsetX, y: g.anchorOffsetY))
        }
        return ViewPlacement.toLocalTranslated(
            Point(x: px, y: py), center: Point(x: g.centerX, y: g.centerY),
            anchorOffset: Point(x: g.anchorOffsetX, y: g.anchorOffsetY))
    }

    /// UIKit's `hitTest` on one window, with the screen point `(qx, qy)`.
    @inline(__always)
    private func searchWindow(
        _ root: UInt32, _ qx: Double, _ qy: Double, geometry: UnsafeBufferPointer<NodeGeometry>,
        links: UnsafeBufferPointer<NodeLinks>, extras: UnsafeBufferPointer<NodeExtra>,
        frames: UnsafeMutablePointer<Frame>
    ) -> UInt32 {
        let none = ViewIndex.none.rawValue
        let eligible = ViewFlags.eligible.rawValue
        let outside = ViewFlags.outside.rawValue
        let passThrough = ViewFlags.passThrough.rawValue
        let redirect = ViewFlags.redirect.rawValue
        // The window.
        let rl = links[Int(root)]
        guard rl.flags.rawValue & eligible != 0 else { return none }
        let rp = convert(Int(root), rl.flags, rl.extra, qx, qy, geometry: geometry, extras: extras)
        let rIn = inside(Int(root), rl.flags, rl.extra, rp.x, rp.y, geometry: geometry, extras: extras)
        guard rIn || rl.flags.rawValue & outside != 0 else { return none }
        frames[0] = Frame(
            view: root, cursor: rl.lastChild.rawValue,
            redirect: rl.flags.rawValue & redirect != 0 ? extras[Int(rl.extra)].redirect.rawValue : none,
            inside: rIn, x: rp.x, y: rp.y)
        var top = 0
        while true {
            let c = frames[top].cursor
            if c == none {
                // Every subview tried: the view answers for itself, or returns nil to its superview.
                let f = frames[top]
                if f.inside && links[Int(f.view)].flags.rawValue & passThrough == 0 {
                    return f.redirect != none ? f.redirect : f.view
                }
                if top == 0 { return none }
                top -= 1
                continue
            }
            let cl = links[Int(c)]
            frames[top].cursor = cl.previousSibling.rawValue
            let flags = cl.flags.rawValue
            // Eligibility before pointInside.
            if flags & eligible == 0 { continue }
            let p = convert(
                Int(c), cl.flags, cl.extra, frames[top].x, frames[top].y, geometry: geometry, extras: extras)
            let isIn = inside(Int(c), cl.flags, cl.extra, p.x, p.y, geometry: geometry, extras: extras)
            if !isIn && flags & outside == 0 { continue }
            let parentRedirect = frames[top].redirect
            if cl.lastChild == .none {
                // A leaf answers at once: itself when inside and not pass-through.
                if isIn && flags & passThrough == 0 {
                    if parentRedirect != none { return parentRedirect }
                    return flags & redirect != 0 ? extras[Int(cl.extra)].redirect.rawValue : c
                }
                continue
            }
            top += 1
            frames[top] = Frame(
                view: c, cursor: cl.lastChild.rawValue,
                redirect: parentRedirect != none
                    ? parentRedirect : (flags & redirect != 0 ? extras[Int(cl.extra)].redirect.rawValue : none),
                inside: isIn, x: p.x, y: p.y)
        }
    }
}
