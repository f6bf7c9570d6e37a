#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#else
    #error("a C library module is needed: Glibc, Musl or Darwin")
#endif

/// A 2-D affine transform in `CGAffineTransform`'s convention:
/// `x' = a*x + c*y + tx`, `y' = b*x + d*y + ty`.
public struct AffineTransform: Hashable, Sendable, BitwiseCopyable, CustomStringConvertible {
    /// The coefficient of x in x′: `x' = a*x + c*y + tx`.
    public var a: Double
    /// The coefficient of x in y′: `y' = b*x + d*y + ty`.
    public var b: Double
    /// The coefficient of y in x′.
    public var c: Double
    /// The coefficient of y in y′.
    public var d: Double
    /// The translation added to x′.
    public var tx: Double
    /// The translation added to y′.
    public var ty: Double

    /// Creates a transform from its six components, in `[a, b, c, d, tx, ty]` order.
    /// - Complexity: O(1).
    @inlinable
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The identity transform.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A scale by `sx` horizontally and `sy` vertically (`CGAffineTransform(scaleX:y:)`).
    /// - Complexity: O(1).
    @inlinable
    public static func scale(_ sx: Double, _ sy: Double) -> AffineTransform {
        AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A translation (`CGAffineTransform(translationX:y:)`).
    /// - Complexity: O(1).
    @inlinable
    public static func translation(_ tx: Double, _ ty: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// A rotation by `radians` (`CGAffineTransform(rotationAngle:)`: `a = cos, b = sin,
    /// c = -sin, d = cos`).
    ///
    /// Quarter turns are built from exact 0/±1 entries, so `rotation(quarterTurns: 1)` maps the
    /// axes onto each other with no rounding; use it for exact 90° rotations.
    /// - Complexity: O(1).
    public static func rotation(_ radians: Double) -> AffineTransform {
        let s = sin(radians)
        let c = cos(radians)
        return AffineTransform(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    /// An exact rotation by `quarterTurns` × 90° (counter-clockwise in a y-up system, clockwise on
    /// screen, like a positive `rotationAngle`).
    /// - Complexity: O(1).
    @inlinable
    public static func rotation(quarterTurns: Int) -> AffineTransform {
        switch ((quarterTurns % 4) + 4) % 4 {
        case 0: return .identity
        case 1: return AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)
        case 2: return AffineTransform(a: -1, b: 0, c: 0, d: -1, tx: 0, ty: 0)
        default: return AffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: 0)
        }
    }

    /// Whether this is exactly the identity.
    /// - Complexity: O(1).
    @inlinable
    public var isIdentity: Bool { self == .identity }

    /// Whether every component is finite.
    /// - Complexity: O(1).
    @inlinable
    public var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }

    /// `a*d - b*c`.
    /// - Complexity: O(1).
    @inlinable
    public var determinant: Double { a * d - b * c }

    /// The inverse, with `CGAffineTransformInvert`'s contract: a singular transform (`det == 0`)
    /// is returned **unchanged**.
    ///
    /// That contract is what makes a `scale(0, 0)` view map every point onto its anchor (and stay
    /// hittable) and a `scale(1, 0)` view catch a whole band, as on iOS. Formulas:
    /// `ia = d/det, ib = -b/det, ic = -c/det, id = a/det, itx = (c*ty - d*tx)/det,
    /// ity = (b*tx - a*ty)/det`.
    /// - Complexity: O(1).
    @inlinable
    public func inverted() -> AffineTransform {
        let det = a * d - b * c
        if det == 0 { return self }
        return AffineTransform(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    /// Applies the transform to a point: `(a*x + c*y + tx, b*x + d*y + ty)`.
    /// - Complexity: O(1).
    @inlinable
    public func apply(to p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// `self` followed by `t2`, as `CGAffineTransformConcat(self, t2)`.
    /// - Complexity: O(1).
    @inlinable
    public func concatenating(_ t2: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * t2.a + b * t2.c, b: a * t2.b + b * t2.d,
            c: c * t2.a + d * t2.c, d: c * t2.b + d * t2.d,
            tx: tx * t2.a + ty * t2.c + t2.tx, ty: tx * t2.b + ty * t2.d + t2.ty)
    }

    /// `self` preceded by a translation, as `CGAffineTransformTranslate(self, tx, ty)`
    /// (`translatedBy(x:y:)`): the translation is applied to points first.
    /// - Complexity: O(1).
    @inlinable
    public func translatedBy(x tx: Double, y ty: Double) -> AffineTransform {
        AffineTransform.translation(tx, ty).concatenating(self)
    }

    /// `self` preceded by a scale, as `CGAffineTransformScale(self, sx, sy)` (`scaledBy(x:y:)`).
    /// - Complexity: O(1).
    @inlinable
    public func scaledBy(x sx: Double, y sy: Double) -> AffineTransform {
        AffineTransform.scale(sx, sy).concatenating(self)
    }

    /// `self` preceded by a rotation, as `CGAffineTransformRotate(self, radians)`
    /// (`rotated(by:)`), with ``rotation(_:)``'s `sin` and `cos`.
    /// - Complexity: O(1).
    public func rotated(by radians: Double) -> AffineTransform {
        AffineTransform.rotation(radians).concatenating(self)
    }

    /// The six components as `[a, b, c, d, tx, ty]`, each printed with Swift's shortest round-trip
    /// `Double` description.
    /// - Complexity: O(1).
    public var description: String { "[\(a), \(b), \(c), \(d), \(tx), \(ty)]" }
}
