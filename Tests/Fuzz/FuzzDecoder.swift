import HitIndex

// How the fuzzer's bytes become a scene and points
// ================================================
//
// Every read past the end of the input yields 0, so every byte string decodes to some valid
// scene: the decoder only builds values the model accepts (every table entry is finite, alphas
// are >= 0, parents always precede their subviews), and a derived center that overflows falls
// back to the frame origin. Values come from small biased tables indexed by `byte % count`.
//
// Header, three bytes:
//   [0] windows    = 1 + b % 3
//   [1] subviews   = b % 13 (views other than windows, at most 12)
//   [2] tree shape = b % 4: 0 fan (every view a subview of window 0: a wide container, BVH-indexed
//                   from 8 reachable subviews), 1 fan under v0 (v0 in window 0, every other view
//                   in v0), 2 chain (each view in the one before, the first in the last window),
//                   3 explicit (each view record carries a parent byte)
//
// Then one record per window (w0, w1, …), then one per view (v0, v1, …), in creation order:
//   [flags] bit 0 anchor point, 1 transform, 2 bounds origin, 3 eligibility, 4 hitTestInsets,
//           5 minimumHitSize, 6 hitShape, 7 behaviour; each set bit adds its group below
//   [parent]          shape 3 views only: parent = (windows + earlier views)[b % count]
//   [x][y][w][h]      frame: x, y from `coordinate`, w, h from `length`
//   [level]           windows only: `levels`
//   anchor:      [ax][ay] from `factors`; center = origin + anchor * size (as UIKit's frame setter)
//   transform:   [kind] from `transformKinds`; kind "general" reads [a][b][c][d] from `factors`
//                and [tx][ty] from `coordinate`
//   bounds:      [ox][oy] from `coordinate` (the scroll offset)
//   eligibility: [e] bit 0 hidden, bit 1 user interaction disabled; [alpha] from `alphas`
//   insets:      [top][left][bottom][right] from `insets`
//   minimum:     [w][h] from `minimumSizes`
//   shape:       [s] s % 3: rect, ellipse, roundedRect(radius: radii[s / 3])
//   behaviour:   [b] bit 0 passThrough, 1 hitTestsSubviewsOutsideBounds, 2 redirect, 3 predicate;
//                redirect reads [t]: target = (all windows and views)[t % count], itself included
//
// Then the points: [n] count = 1 + n % 16, each starting with a kind byte k, by k % 8:
//   0…4  geometric: [v][s] view = all[v % count]; a corner, edge midpoint or centre of its hit
//        rect (s % 9) taken to screen space with `convertToScreen`, then nudged by one ulp per
//        axis ((s / 9) % 9: none, nextUp, nextDown for x, then for y)
//   5    table: [x][y] from `coordinate`
//   6    raw: sixteen bytes, two little-endian Double bit patterns (NaN and infinities included)
//   7    special: [s] x = specials[s % count], y = specials[(s / count) % count]
//
// Then the edit script on a live index, [n] edits = n % 32 and the edits: laid out at the top
// of FuzzEdits.swift. An input that ends after its points has none.

/// Reads the fuzzer's bytes front to back; past the end every read is 0, so decoding never fails.
struct ByteReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var offset = 0

    /// A reader over `bytes`, which must outlive it.
    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The next byte, or 0 past the end.
    mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// The next byte as an `Int`.
    mutating func int() -> Int { Int(byte()) }

    /// The table entry the next byte selects.
    mutating func pick<T>(_ table: [T]) -> T { table[int() % table.count] }

    /// A `Double` from the next eight bytes, little-endian bit pattern.
    mutating func bitPattern() -> Double {
        var bits: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 8) { bits |= UInt64(byte()) << UInt64(shift) }
        return Double(bitPattern: bits)
    }
}

/// The value tables: mostly ordinary UI numbers, with the values where rounding, overflow and
/// comparisons at the edges of `Double` and `Float` differ.
enum FuzzTables {
    /// Positions with no small-integer meaning: tiny, huge (1e15, `Float`'s max 3.4e38),
    /// negative zero, sums that round, one ulp either side of round numbers.
    static let coordinateSpecials: [Double] = [
        0, -0.0, 1e-300, -1e-300, 1e15, -1e15, 3.4e38, -3.4e38, 0.1, 0.2, 0.30000000000000004, 1.0 / 3,
        2.0 / 3, 1e-7, .leastNonzeroMagnitude, 9_007_199_254_740_992, 9_007_199_254_740_994, 1e300, -1e300,
        100.00000000000001,
        99.99999999999999, 0.49999999999999994, 1.5, 44, 390, 844, 1e16, -0.5, 1e-15, 123456.789, 7.5, -7.5,
        // Pixels over a screen's scale, which the store keeps as scaled Floats.
        1000.0 / 3, 1234.0 / 3.5, 77.0 / 2.625, -50.0 / 3, 2881.0 / 3.5,
    ]

    /// A coordinate: `b < 128` integers -80…555 in steps of 5, `b < 192` halves -31.5…31.5, else
    /// ``coordinateSpecials``.
    static func coordinate(_ b: UInt8) -> Double {
        if b < 128 { return Double(Int(b) - 16) * 5 }
        if b < 192 { return Double(Int(b) - 160) + 0.5 }
        return coordinateSpecials[Int(b - 192) % coordinateSpecials.count]
    }

    /// Sizes that are zero, negative, tiny, huge or round badly.
    static let lengthSpecials: [Double] = [
        0, -10, -0.5, -100, 1e-300, -1e-300, 1e15, 3.4e38, -3.4e38, .leastNonzeroMagnitude, 1e-7, 0.1,
        9_007_199_254_740_992, 1e300,
        44, 390, 844, 1, 2, 3, 0.30000000000000004, -1e15, 1e16, -44,
        // Pixels over a screen's scale, which the store keeps as scaled Floats.
        50.0 / 3, 121.0 / 3.5, 88.0 / 2.625, 1441.0 / 3.5,
    ]

    /// A width or height: `b < 128` multiples of 5 up to 635, `b < 192` halves 0.5…63.5, else
    /// ``lengthSpecials``.
    static func length(_ b: UInt8) -> Double {
        if b < 128 { return Double(b) * 5 }
        if b < 192 { return Double(b - 128) + 0.5 }
        return lengthSpecials[Int(b - 192) % lengthSpecials.count]
    }

    /// Anchor coordinates and general transform entries.
    static let factors: [Double] = [
        0.5, 0, 1, 0.25, 0.75, -1, 2, -0.5, 1.5, 0.1, 1e-300, 1e-200, 1e15, -1e15, 1.0 / 3, 0.7071067811865476,
        -0.7071067811865476, 1e200, 3, -2, 0.999999999999, 1.0000000000000002, 0.9999999999999999,
        .leastNonzeroMagnitude,
    ]

    /// Window levels: mostly normal, the system levels, and values that only order.
    static let levels: [Double] = [0, 0, 0, 0, 1000, 2000, -1, 0.5, 1e300, -1e300, 1000, 2.5]

    /// Alphas around the 0.01 eligibility threshold (`Float(0.01)` is below `Double` 0.01), and
    /// the `Float` extremes.
    static let alphas: [Float] = [
        1, 0, 0.01, Float(0.01).nextUp, Float(0.01).nextDown, Float(0.01).nextUp.nextUp, 0.5, 0.02, 0.0099, 0.011,
        .leastNonzeroMagnitude, 1e-38, 2, .greatestFiniteMagnitude, 0.010000001,
    ]

    /// Hit-test insets: negative ones enlarge the hit rect.
    static let insets: [Double] = [
        0, 0, 5, -5, 0.5, -0.5, 10, -10, 20, -22, 1e15, -1e15, 1e-300, -1e-300, 3.4e38, -3.4e38, 0.1, 100, -100,
        1e300, 2.5,
    ]

    /// Minimum hit sizes, the 44-point target among them.
    static let minimumSizes: [Double] = [
        0, 44, 10, 0.5, 1e-300, 1e15, 3.4e38, -5, 100, 1, .leastNonzeroMagnitude, 44.5, 1e300,
    ]

    /// Rounded-rect radii, from zero to far beyond any half side.
    static let radii: [Double] = [
        0, 5, 10, 22, 0.5, 1e-300, 1e15, 3.4e38, 100, 1e300, 2.5, .leastNonzeroMagnitude,
    ]

    /// Point coordinates no view geometry produces.
    static let pointSpecials: [Double] = [
        .nan, .infinity, -.infinity, 0, -0.0, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        .leastNonzeroMagnitude, 1e300, 100,
    ]

    /// The transforms a view can have, identity twice as likely; the last entry is the general
    /// form, read from further bytes. Rotations are literals (not libm's `sin`/`cos`) so that a
    /// corpus file decodes identically everywhere.
    static let transformKinds: [AffineTransform?] = [
        .identity, .identity,
        .rotation(quarterTurns: 1), .rotation(quarterTurns: 2), .rotation(quarterTurns: 3),
        rotation(cos: 0.7071067811865476, sin: 0.7071067811865476),  // 45°
        rotation(cos: 0.7071067811865476, sin: -0.7071067811865476),  // -45°
        rotation(cos: 0.8660254037844387, sin: 0.5),  // 30°
        rotation(cos: 6.123233995736766e-17, sin: 1),  // 90° as cos(π/2) computes it: not exact
        rotation(cos: -1, sin: 1.2246467991473532e-16),  // 180° likewise
        .scale(-1, 1), .scale(1, -1), .scale(0, 0), .scale(1, 0), .scale(0, 1),
        .scale(1e-200, 1e-200), .scale(1e200, 1e200), .scale(1e-300, 1), .scale(2, 0.5),
        .translation(10.5, -20),
        AffineTransform(a: 1, b: 0, c: 0.5, d: 1, tx: 0, ty: 0),  // shear
        AffineTransform(a: 1, b: 1, c: 1, d: 1.0000000000000002, tx: 0, ty: 0),  // determinant one ulp
        AffineTransform(a: 0.6, b: 0.8, c: -0.8, d: 0.6, tx: 3, ty: -4),  // 3-4-5 rotation, translated
        nil,
    ]

    /// A rotation from its cosine and sine, in `CGAffineTransform(rotationAngle:)`'s layout.
    static func rotation(cos c: Double, sin s: Double) -> AffineTransform {
        AffineTransform(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }
}

/// A decoded input: the scene and the points.
struct FuzzCase {
    let scene: Scene
    let points: [Point]
    /// Ids of views given a hit predicate, which the scene format cannot carry.
    let predicateIDs: [String]
}

/// Turns fuzzer bytes into a ``FuzzCase``, as laid out at the top of this file.
enum FuzzDecoder {
    /// Decodes a whole input.
    static func decode(_ r: inout ByteReader) -> FuzzCase {
        let windowCount = 1 + r.int() % 3
        let viewCount = r.int() % 13
        let shape = r.int() % 4
        var all: [View] = []
        var windows: [Window] = []
        var redirects: [(source: View, choice: Int)] = []
        var predicateIDs: [String] = []
        for i in 0..<windowCount {
            let w = decodeView(&r, id: "w\(i)", isWindow: true, parentByte: false)
            windows.append(w.view as! Window)
            all.append(w.view)
            if let t = w.redirectChoice { redirects.append((w.view, t)) }
            if w.hasPredicate { predicateIDs.append(w.view.id) }
        }
        for i in 0..<viewCount {
            let v = decodeView(&r, id: "v\(i)", isWindow: false, parentByte: shape == 3)
            let parent: View
            switch shape {
            case 0: parent = windows[0]
            case 1: parent = i == 0 ? windows[0] : all[windowCount]
            case 2: parent = all[all.count - 1]
            default: parent = all[v.parentChoice % all.count]
            }
            // Parents are always views created earlier, so no addSubview can form a cycle.
            parent.addSubview(v.view)
            all.append(v.view)
            if let t = v.redirectChoice { redirects.append((v.view, t)) }
            if v.hasPredicate { predicateIDs.append(v.view.id) }
        }
        // Targets are resolved once every view exists, so a redirect may point forwards.
        for (source, choice) in redirects { source.redirectTarget = all[choice % all.count] }
        let scene = Scene(windows: windows)
        let points = decodePoints(&r, views: all)
        return FuzzCase(scene: scene, points: points, predicateIDs: predicateIDs)
    }

    /// One decoded view record, with the choices that need the other views to resolve.
    struct Record {
        let view: View
        let parentChoice: Int
        let redirectChoice: Int?
        let hasPredicate: Bool
    }

    /// Decodes one view or window record.
    static func decodeView(_ r: inout ByteReader, id: String, isWindow: Bool, parentByte: Bool) -> Record {
        let flags = r.byte()
        let parentChoice = parentByte ? r.int() : 0
        let origin = Point(x: FuzzTables.coordinate(r.byte()), y: FuzzTables.coordinate(r.byte()))
        let size = Size(width: FuzzTables.length(r.byte()), height: FuzzTables.length(r.byte()))
        let view: View
        if isWindow {
            view = Window(
                id: id, bounds: Rect(origin: .zero, size: size), center: .zero, level: r.pick(FuzzTables.levels))
        } else {
            view = View(id: id, bounds: Rect(origin: .zero, size: size), center: .zero)
        }
        var a = view.attributes
        if flags & 1 != 0 {
            a.anchorPoint = Point(x: r.pick(FuzzTables.factors), y: r.pick(FuzzTables.factors))
        }
        // The frame setter's rule; when it overflows (huge anchor times huge size) the origin
        // itself keeps the scene valid.
        let center = Point(x: origin.x + a.anchorPoint.x * size.width, y: origin.y + a.anchorPoint.y * size.height)
        a.center = center.isFinite ? center : origin
        if flags & 2 != 0 {
            a.transform = r.pick(FuzzTables.transformKinds) ?? generalTransform(&r)
        }
        if flags & 4 != 0 {
            a.bounds.origin = Point(x: FuzzTables.coordinate(r.byte()), y: FuzzTables.coordinate(r.byte()))
        }
        if flags & 8 != 0 {
            let e = r.byte()
            a.isHidden = e & 1 != 0
            a.isUserInteractionEnabled = e & 2 == 0
            a.alpha = r.pick(FuzzTables.alphas)
        }
        if flags & 16 != 0 {
            a.hitTestInsets = EdgeInsets(
                top: r.pick(FuzzTables.insets), left: r.pick(FuzzTables.insets),
                bottom: r.pick(FuzzTables.insets), right: r.pick(FuzzTables.insets))
        }
        if flags & 32 != 0 {
            a.minimumHitSize = Size(width: r.pick(FuzzTables.minimumSizes), height: r.pick(FuzzTables.minimumSizes))
        }
        if flags & 64 != 0 {
            let s = r.int()
            switch s % 3 {
            case 0: a.hitShape = .rect
            case 1: a.hitShape = .ellipse
            default: a.hitShape = .roundedRect(radius: FuzzTables.radii[(s / 3) % FuzzTables.radii.count])
            }
        }
        var redirectChoice: Int?
        var hasPredicate = false
        if flags & 128 != 0 {
            let b = r.byte()
            a.isPassThrough = b & 1 != 0
            a.hitTestsSubviewsOutsideBounds = b & 2 != 0
            if b & 4 != 0 { redirectChoice = r.int() }
            hasPredicate = b & 8 != 0
        }
        view.attributes = a
        if hasPredicate {
            // Narrows the hit area to diagonal bands 10 points wide: no index may decide such a
            // view from its rect alone.
            view.hitPredicate = { p in (p.x + p.y).truncatingRemainder(dividingBy: 20) < 10 }
        }
        return Record(
            view: view, parentChoice: parentChoice, redirectChoice: redirectChoice, hasPredicate: hasPredicate)
    }

    /// The general transform: four entries from ``FuzzTables/factors``, a translation from
    /// ``FuzzTables/coordinate(_:)``.
    static func generalTransform(_ r: inout ByteReader) -> AffineTransform {
        AffineTransform(
            a: r.pick(FuzzTables.factors), b: r.pick(FuzzTables.factors), c: r.pick(FuzzTables.factors),
            d: r.pick(FuzzTables.factors), tx: FuzzTables.coordinate(r.byte()), ty: FuzzTables.coordinate(r.byte()))
    }

    /// Decodes the query points.
    static func decodePoints(_ r: inout ByteReader, views: [View]) -> [Point] {
        let count = 1 + r.int() % 16
        var points: [Point] = []
        points.reserveCapacity(count)
        for _ in 0..<count {
            let kind = r.int() % 8
            switch kind {
            case 0...4:
                points.append(geometricPoint(view: views[r.int() % views.count], selector: r.int()))
            case 5:
                points.append(Point(x: FuzzTables.coordinate(r.byte()), y: FuzzTables.coordinate(r.byte())))
            case 6:
                points.append(Point(x: r.bitPattern(), y: r.bitPattern()))
            default:
                let s = r.int()
                let n = FuzzTables.pointSpecials.count
                points.append(Point(x: FuzzTables.pointSpecials[s % n], y: FuzzTables.pointSpecials[(s / n) % n]))
            }
        }
        return points
    }

    /// A corner, edge midpoint or the centre of `view`'s hit rect in screen space, nudged by at
    /// most one ulp per axis: where rounding decides between the index and the reference.
    static func geometricPoint(view: View, selector s: Int) -> Point {
        let e = view.hitRegion.extents
        let xs = [e.minX, e.maxX, e.minX * 0.5 + e.maxX * 0.5]
        let ys = [e.minY, e.maxY, e.minY * 0.5 + e.maxY * 0.5]
        var p = view.convertToScreen(Point(x: xs[s % 3], y: ys[(s / 3) % 3]))
        func nudge(_ v: Double, _ how: Int) -> Double { how == 1 ? v.nextUp : how == 2 ? v.nextDown : v }
        let n = (s / 9) % 9
        p.x = nudge(p.x, n % 3)
        p.y = nudge(p.y, n / 3)
        return p
    }
}
