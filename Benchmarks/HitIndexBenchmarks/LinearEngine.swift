import HitIndex

/// The `linear` baseline: a reverse paint-order scan over precomputed, pre-clipped screen-space
/// boxes, with the exact check on candidates — how WebRender, Zed GPUI and Chromium cc hit-test.
///
/// Build (all O(n), one preorder pass):
/// - a parent column;
/// - per view, its local→screen affine map (the composition of every `toParent` on its path) and
///   a bound on the rounding error accumulated along the path;
/// - per view, the screen box of its hit rect (the four corners mapped, padded by that bound),
///   intersected with the boxes of its clipping ancestors (those without
///   `hitTestsSubviewsOutsideBounds`). A view that is, or has an ancestor that is, singular or
///   ill-conditioned gets the clip box of its nearest well-defined ancestor instead;
/// - the hit-test list: only the views that can be the answer (eligible with all ancestors, not
///   pass-through, non-empty clipped box), front-most first, as outward-rounded `Float` boxes in
///   structure-of-arrays form, padded to a multiple of 8.
///
/// Query: scan the list 8 boxes at a time with SIMD compares; for each box that holds the point,
/// in front-to-back order, replay the path from the window down with the canonical conversion,
/// checking every ancestor's eligibility and (unless it is an outside-bounds view) containment
/// and the view's own `pointInside`; the first candidate that passes is the answer, mapped
/// through the outermost redirect on its path. Boxes only prune: every decision is the
/// reference's arithmetic.
final class LinearEngine: BenchEngine {
    let flat: FlatScene
    let parent: [UInt32]
    /// Candidate boxes and keys, front-most first, padded to a multiple of 8 with empty boxes.
    let minX: [Float], minY: [Float], maxX: [Float], maxY: [Float]
    let keys: [UInt32]
    let candidates: Int
    let maxDepth: Int
    let memory: MemoryAccount

    final class Context {
        let path: UnsafeMutablePointer<UInt32>
        init(capacity: Int) { path = .allocate(capacity: capacity) }
        deinit { path.deallocate() }
    }

    init(_ scene: Scene, idBytes: Int) throws {
        let flat = try FlatScene(scene)
        self.flat = flat
        let n = flat.count
        let none = ViewIndex.none.rawValue
        let parent = flat.parentColumn().map(\.rawValue)
        // Per view (build only): the local→screen map W(p) = A·p + t, its error bound, the clip
        // box its subviews are confined to, whether it and its ancestors are eligible.
        var world = [Affine](repeating: .identity, count: n)
        var err = [Double](repeating: 0, count: n)
        var clip = [Box](repeating: .everything, count: n)
        var alive = [Bool](repeating: false, count: n)
        var bounded = [Bool](repeating: true, count: n)
        var candidateKeys: [UInt32] = []
        var candidateBoxes: [Box] = []
        flat.links.withUnsafeBufferPointer { links in
            flat.geometry.withUnsafeBufferPointer { geometry in
                flat.extras.withUnsafeBufferPointer { extras in
                    for i in 0..<n {
                        let p = parent[i]
                        let link = links[i]
                        let flags = link.flags
                        let pAlive = p == none ? true : alive[Int(p)]
                        guard pAlive && flags.contains(.eligible) else { continue }  // never hit, nor its subtree
                        alive[i] = true
                        let pWorld = p == none ? Affine.identity : world[Int(p)]
                        let pErr = p == none ? 0 : err[Int(p)]
                        let pClip = p == none ? Box.everything : clip[Int(p)]
                        let pBounded = p == none ? true : bounded[Int(p)]
                        let g = geometry[i]
                        let t = flags.contains(.transformed) ? extras[Int(link.extra)].transform : .identity
                        var ownBox = Box.everything
                        var isBounded = pBounded
                        if isBounded && flags.contains(.transformed) {
                            let det = t.a * t.d - t.b * t.c
                            let norm = max(abs(t.a) + abs(t.c), abs(t.b) + abs(t.d))
                            let inverseNorm = max(abs(t.d) + abs(t.c), abs(t.b) + abs(t.a)) / abs(det)
                            if det == 0 || !det.isFinite || !(norm * inverseNorm <= 1e6) { isBounded = false }
                        }
                        bounded[i] = isBounded
                        let e = Extents(minX: g.minX, minY: g.minY, maxX: g.maxX, maxY: g.maxY)
                        if isBounded {
                            // toParent: center + T·(p - anchorOffset) (+ T's translation).
                            let local = Affine(
                                a: t.a, b: t.b, c: t.c, d: t.d,
                                tx: g.centerX + t.tx - (t.a * g.anchorOffsetX + t.c * g.anchorOffsetY),
                                ty: g.centerY + t.ty - (t.b * g.anchorOffsetX + t.d * g.anchorOffsetY))
                            let w = pWorld.then(local)
                            world[i] = w
                            let kappa =
                                flags.contains(.transformed)
                                ? max(
                                    1,
                                    max(abs(t.a) + abs(t.c), abs(t.b) + abs(t.d))
                                        * max(abs(t.d) + abs(t.c), abs(t.b) + abs(t.a)) / abs(t.a * t.d - t.b * t.c))
                                : 1
                            // Magnitudes this level's conversion works with.
                            var m = max(abs(g.centerX), abs(g.centerY), abs(g.anchorOffsetX), abs(g.anchorOffsetY))
                            m = max(m, abs(t.tx), abs(t.ty), abs(e.minX), abs(e.maxX), abs(e.minY), abs(e.maxY))
                            let level = (pWorld.norm + w.norm) * m * kappa + max(abs(w.tx), abs(w.ty))
                            err[i] = pErr + level
                            if e.isEmpty {
                                ownBox = .empty
                            } else {
                                let pad = err[i] * 0x1p-36 + 0x1p-1000
                                ownBox = w.boundingBox(of: e).padded(by: pad)
                                if !ownBox.isFinite { ownBox = .everything }
                            }
                        } else if e.isEmpty {
                            ownBox = .empty
                        }
                        let clipped = ownBox.intersection(pClip)
                        clip[i] = flags.contains(.outside) ? pClip : clipped
                        if !flags.contains(.passThrough) && !clipped.isEmpty {
                            candidateKeys.append(UInt32(i))
                            candidateBoxes.append(clipped)
                        }
                    }
                }
            }
        }
        self.parent = parent
        self.maxDepth = flat.maxDepth
        // Front-most first, padded with empty boxes to a multiple of 8.
        let m = candidateKeys.count
        let padded = (m + 7) / 8 * 8
        var kx = [UInt32](repeating: none, count: padded)
        var x0 = [Float](repeating: .infinity, count: padded)
        var y0 = [Float](repeating: .infinity, count: padded)
        var x1 = [Float](repeating: -.infinity, count: padded)
        var y1 = [Float](repeating: -.infinity, count: padded)
        for j in 0..<m {
            let src = m - 1 - j
            let b = candidateBoxes[src]
            kx[j] = candidateKeys[src]
            x0[j] = Box.down(b.minX)
            y0[j] = Box.down(b.minY)
            x1[j] = Box.up(b.maxX)
            y1[j] = Box.up(b.maxY)
        }
        keys = kx
        minX = x0
        minY = y0
        maxX = x1
        maxY = y1
        candidates = m
        var mem = flatSceneMemory(flat, idBytes: idBytes)
        mem.add("parent", n, UInt32.self)
        mem.add("candidate boxes", padded * 4, Float.self)
        mem.add("candidate keys", padded, UInt32.self)
        memory = mem
    }

    func makeContext() -> Context { Context(capacity: maxDepth + 2) }

    @inline(__always)
    func token(_ answer: UInt32) -> UInt { UInt(answer) }

    func paintIndex(_ answer: UInt32) -> Int { answer == ViewIndex.none.rawValue ? -1 : Int(answer) }

    var recursionDepth: Int { 0 }

    func hitTest(_ p: Point, _ context: inout Context) -> UInt32 {
        let none = ViewIndex.none.rawValue
        guard p.isFinite else { return none }
        let path = context.path
        let qx = SIMD8<Float>(repeating: Float(p.x))
        let qy = SIMD8<Float>(repeating: Float(p.y))
        return minX.withUnsafeBufferPointer { x0 in
            minY.withUnsafeBufferPointer { y0 in
                maxX.withUnsafeBufferPointer { x1 in
                    maxY.withUnsafeBufferPointer { y1 in
                        keys.withUnsafeBufferPointer { keys in
                            flat.geometry.withUnsafeBufferPointer { geometry in
                                flat.links.withUnsafeBufferPointer { links in
                                    flat.extras.withUnsafeBufferPointer { extras in
                                        parent.withUnsafeBufferPointer { parent in
                                            let rx0 = UnsafeRawPointer(x0.baseAddress!)
                                            let ry0 = UnsafeRawPointer(y0.baseAddress!)
                                            let rx1 = UnsafeRawPointer(x1.baseAddress!)
                                            let ry1 = UnsafeRawPointer(y1.baseAddress!)
                                            var k = 0
                                            let count = keys.count
                                            while k < count {
                                                let off = k * MemoryLayout<Float>.stride
                                                let hit =
                                                    (rx0.loadUnaligned(fromByteOffset: off, as: SIMD8<Float>.self)
                                                        .<= qx)
                                                    .& (qx
                                                        .<= rx1.loadUnaligned(
                                                            fromByteOffset: off, as: SIMD8<Float>.self))
                                                    .& (ry0.loadUnaligned(fromByteOffset: off, as: SIMD8<Float>.self)
                                                        .<= qy)
                                                    .& (qy
                                                        .<= ry1.loadUnaligned(
                                                            fromByteOffset: off, as: SIMD8<Float>.self))
                                                if any(hit) {
                                                    for j in 0..<8 where hit[j] {
                                                        let r = exact(
                                                            keys[k + j], p, geometry: geometry, links: links,
                                                            extras: extras, parent: parent, path: path)
                                                        if r != none { return r }
                                                    }
                                                }
                                                k += 8
                                            }
                                            return none
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The exact decision for candidate `c`: its answer (after the outermost redirect on its
    /// path), or `none` when the touch does not land on it.
    @inline(__always)
    private func exact(
        _ c: UInt32, _ q: Point, geometry: UnsafeBufferPointer<NodeGeometry>, links: UnsafeBufferPointer<NodeLinks>,
        extras: UnsafeBufferPointer<NodeExtra>, parent: UnsafeBufferPointer<UInt32>, path: UnsafeMutablePointer<UInt32>
    ) -> UInt32 {
        let none = ViewIndex.none.rawValue
        // The path, window first.
        var len = 0
        var v = c
        while v != none {
            path[len] = v
            len += 1
            v = parent[Int(v)]
        }
        var x = q.x
        var y = q.y
        var redirect = none
        var i = len - 1
        while i >= 0 {
            let u = Int(path[i])
            let link = links[u]
            let flags = link.flags
            guard flags.contains(.eligible) else { return none }
            let g = geometry[u]
            let p: Point
            if flags.contains(.transformed) {
                p = ViewPlacement.toLocal(
                    Point(x: x, y: y), center: Point(x: g.centerX, y: g.centerY),
                    inverse: extras[Int(link.extra)].inverse,
                    anchorOffset: Point(x: g.anchorOffsetX, y: g.anchorOffsetY))
            } else {
                p = ViewPlacement.toLocalTranslated(
                    Point(x: x, y: y), center: Point(x: g.centerX, y: g.centerY),
                    anchorOffset: Point(x: g.anchorOffsetX, y: g.anchorOffsetY))
            }
            if i == 0 || !flags.contains(.outside) {
                // pointInside, exactly as the reference computes it.
                let e = Extents(minX: g.minX, minY: g.minY, maxX: g.maxX, maxY: g.maxY)
                guard e.contains(p) else { return none }
                if flags.rawValue & (ViewFlags.ellipse.rawValue | ViewFlags.roundedRect.rawValue) != 0 {
                    let shape: HitShape =
                        flags.contains(.ellipse) ? .ellipse : .roundedRect(radius: extras[Int(link.extra)].radius)
                    guard HitRegion(extents: e, shape: shape).contains(p) else { return none }
                }
                if flags.contains(.predicate) {
                    guard flat.predicates[Int(extras[Int(link.extra)].predicate)](p) else { return none }
                }
            }
            if redirect == none && flags.contains(.redirect) { redirect = extras[Int(link.extra)].redirect.rawValue }
            x = p.x
            y = p.y
            i -= 1
        }
        // Candidates are never pass-through (filtered at build).
        return redirect != none ? redirect : c
    }
}

/// `W(p) = (a·x + c·y + tx, b·x + d·y + ty)`.
struct Affine {
    var a, b, c, d, tx, ty: Double
    static let identity = Affine(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// `self ∘ inner`: apply `inner`, then `self`.
    func then(_ inner: Affine) -> Affine {
        Affine(
            a: a * inner.a + c * inner.b, b: b * inner.a + d * inner.b,
            c: a * inner.c + c * inner.d, d: b * inner.c + d * inner.d,
            tx: a * inner.tx + c * inner.ty + tx, ty: b * inner.tx + d * inner.ty + ty)
    }

    /// The ∞-norm of the linear part.
    var norm: Double { max(abs(a) + abs(c), abs(b) + abs(d)) }

    func boundingBox(of e: Extents) -> Box {
        var r = Box.empty
        for (x, y) in [(e.minX, e.minY), (e.maxX, e.minY), (e.minX, e.maxY), (e.maxX, e.maxY)] {
            let px = a * x + c * y + tx
            let py = b * x + d * y + ty
            r = Box(minX: min(r.minX, px), minY: min(r.minY, py), maxX: max(r.maxX, px), maxY: max(r.maxY, py))
        }
        return r
    }
}

/// A closed axis-aligned box in `Double` (a conservative bound: it only rules views out).
struct Box {
    var minX, minY, maxX, maxY: Double
    static let empty = Box(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
    static let everything = Box(minX: -.infinity, minY: -.infinity, maxX: .infinity, maxY: .infinity)

    var isEmpty: Bool { !(minX <= maxX && minY <= maxY) }
    var isFinite: Bool { minX.isFinite && minY.isFinite && maxX.isFinite && maxY.isFinite }

    func padded(by pad: Double) -> Box {
        Box(minX: minX - pad, minY: minY - pad, maxX: maxX + pad, maxY: maxY + pad)
    }

    func intersection(_ o: Box) -> Box {
        let r = Box(minX: max(minX, o.minX), minY: max(minY, o.minY), maxX: min(maxX, o.maxX), maxY: min(maxY, o.maxY))
        return r.isEmpty ? .empty : r
    }

    /// The largest `Float` not above `d` (outward rounding of a lower bound).
    static func down(_ d: Double) -> Float {
        let f = Float(d)
        return Double(f) > d ? f.nextDown : f
    }

    /// The smallest `Float` not below `d`.
    static func up(_ d: Double) -> Float {
        let f = Float(d)
        return Double(f) < d ? f.nextUp : f
    }
}
