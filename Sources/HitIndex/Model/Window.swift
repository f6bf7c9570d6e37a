/// A window: a root view placed in screen coordinates, with a level.
///
/// Touches try windows front to back: higher ``windowLevel`` first; within a level, the window
/// listed later in its scene is in front.
public final class Window: View {
    /// The window level: normal 0, status bar 1000, alert 2000.
    public var windowLevel: Double

    /// Creates a window from explicit bounds and a screen-space center.
    /// - Complexity: O(1).
    public init(
        id: String, className: String = "UIWindow", bounds: Rect, center: Point, level: Double = 0
    ) {
        self.windowLevel = level
        super.init(id: id, className: className, bounds: bounds, center: center)
    }

    /// Creates a window from a screen-space frame.
    /// - Complexity: O(1).
    public convenience init(id: String, className: String = "UIWindow", frame: Rect, level: Double = 0) {
        self.init(
            id: id, className: className, bounds: Rect(origin: .zero, size: frame.size), center: .zero, level: level)
        self.frame = frame
    }

    /// Normal window level (0).
    public static let normalLevel = 0.0
    /// Status bar window level (1000).
    public static let statusBarLevel = 1000.0
    /// Alert window level (2000).
    public static let alertLevel = 2000.0
}
