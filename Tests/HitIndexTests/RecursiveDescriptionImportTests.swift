import Foundation
import HitIndex
import HitIndexFixtures
import HitIndexImport
import HitIndexReference
import Testing

/// The `recursiveDescription` importer on the four dumps in Tests/Data/ios-recursivedescription
/// (three published ones and one the project wrote; expected values read off the dumps by eye,
/// with their line), on crafted inputs for each grammar feature, on malformed input (each error's
/// line), and the index against the reference on the imported scenes.
@Suite struct RecursiveDescriptionImportTests {
    // MARK: - Helpers

    /// The folder of the `recursiveDescription` dumps (three published, one written by the project).
    static let folder = TestSupport.realData("ios-recursivedescription")

    static let samples = [
        "sentry-mockViewHierarchyData.extracted.txt", "crifan-cycript-output_example.extracted.txt",
        "hitindex-photo-grid.txt", "FTAdditions-explode.extracted.txt",
    ]

    /// The text of one of those dumps.
    static func text(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    /// Imports one of those dumps.
    static func sample(_ name: String) throws -> ImportedScene {
        try RecursiveDescriptionImportTests.parse(try text(name))
    }

    /// Imports text as a recursive description.
    static func parse(_ text: String) throws -> ImportedScene {
        try Importer.parse(text, format: .recursiveDescription)
    }

    /// The error importing `text` gives, or `nil` when it imports.
    static func failure(_ text: String) -> ImportError? {
        do {
            _ = try Importer.parse(text, format: .recursiveDescription)
            return nil
        } catch {
            return error
        }
    }

    /// The view with `id`, failing the test when it is missing.
    static func view(_ scene: Scene, _ id: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> View {
        try #require(scene.view(withID: id), "no view \(id)", sourceLocation: sourceLocation)
    }

    /// Every view's id, in preorder.
    static func ids(_ scene: Scene) -> [String] {
        var ids: [String] = []
        scene.forEachView { v, _ in ids.append(v.id) }
        return ids
    }

    /// Whether two numbers agree to within `tolerance`.
    static func close(_ x: Double, _ y: Double, _ tolerance: Double = 1e-9) -> Bool { abs(x - y) <= tolerance }

    /// Whether two rects agree component by component to within `tolerance`.
    static func close(_ r: Rect, _ s: Rect, _ tolerance: Double = 1e-9) -> Bool {
        close(r.origin.x, s.origin.x, tolerance) && close(r.origin.y, s.origin.y, tolerance)
            && close(r.size.width, s.size.width, tolerance) && close(r.size.height, s.size.height, tolerance)
    }

    /// A window line and `lines` under it (each already indented), newline-joined.
    static func dump(_ lines: String...) -> String {
        (["<UIWindow: 0x100; frame = (0 0; 320 480); layer = <UIWindowLayer: 0x101>>"] + lines)
            .joined(separator: "\n")
    }

    // MARK: - The dumps of Tests/Data

    @Test func sentryDump() throws {
        let imported = try Self.sample("sentry-mockViewHierarchyData.extracted.txt")
        let scene = imported.scene
        #expect(scene.viewCount == 96)
        try scene.validate()
        #expect(Set(Self.ids(scene)).count == 96)
        #expect(imported.warnings.isEmpty)
        #expect(scene.windows.count == 1)
        // Line 1: <UIWindow: 0x7f893fc0ebd0; frame = (0 0; 375 667); …>
        #expect(scene.windows[0].id == "UIWindow@0x7f893fc0ebd0")
        #expect(scene.windows[0].frame == Rect(x: 0, y: 0, width: 375, height: 667))
        // Line 5: <UIView: 0x7f893fe59060; frame = (-112 0; 375 667); userInteractionEnabled = NO;
        //   animations = { position=<CASpringAnimation: 0x600003a94b60>; }; layer = …>
        let sliding = try Self.view(scene, "UIView@0x7f893fe59060")
        #expect(sliding.frame == Rect(x: -112, y: 0, width: 375, height: 667))
        #expect(!sliding.isUserInteractionEnabled)
        #expect(sliding.subviews.map(\.id) == ["UIView@0x7f893fe2f3c0"])  // line 6, one level deeper
        // Line 2's container holds lines 3, 70 and 89 (the `|` count drops back to 2).
        let container = try Self.view(scene, "UILayoutContainerView@0x7f893fe280a0")
        #expect(
            container.subviews.map(\.id) == [
                "UINavigationTransitionView@0x7f893fe2a720", "UINavigationBar@0x7f893fe16f70",
                "UIToolbar@0x7f893fc40790",
            ])
        // Line 70: <UINavigationBar: 0x7f893fe16f70; frame = (0 20; 375 44); …; userInteractionEnabled = NO; …>
        let bar = try Self.view(scene, "UINavigationBar@0x7f893fe16f70")
        #expect(bar.frame == Rect(x: 0, y: 20, width: 375, height: 44))
        #expect(!bar.isUserInteractionEnabled)
        // Line 71: <_UIBarBackground: 0x7f893fe15d70; frame = (0 -20; 375 64); userInteractionEnabled = NO; …>
        let background = try Self.view(scene, "_UIBarBackground@0x7f893fe15d70")
        #expect(background.superview === bar)
        #expect(background.frame == Rect(x: 0, y: -20, width: 375, height: 64))
        // Line 76: <_UINavigationBarLargeTitleView: …; frame = (0 0; 0 50); clipsToBounds = YES; alpha = 0;
        //   hidden = YES; animations = { opacity=<…>; }; …>
        let title = try Self.view(scene, "_UINavigationBarLargeTitleView@0x7f893fe108c0")
        #expect(title.frame == Rect(x: 0, y: 0, width: 0, height: 50))
        #expect(title.isHidden && title.alpha == 0 && title.isUserInteractionEnabled)
        // Line 89: <UIToolbar: 0x7f893fc40790; frame = (0 667; 375 44); hidden = YES; …>
        let toolbar = try Self.view(scene, "UIToolbar@0x7f893fc40790")
        #expect(toolbar.frame == Rect(x: 0, y: 667, width: 375, height: 44) && toolbar.isHidden)
        // Line 10: <UIButton: 0x7f893fe269a0; frame = (0 0; 163.5 30); opaque = NO; …>: enabled, visible.
        let button = try Self.view(scene, "UIButton@0x7f893fe269a0")
        #expect(button.frame == Rect(x: 0, y: 0, width: 163.5, height: 30))
        #expect(button.isUserInteractionEnabled && !button.isHidden && button.alpha == 1)
        // Line 87: <UILabel: 0x7f893fd003d0; frame = (25.5 12; 186.5 20.5); text = 'Sentry Test App (Swift)';
        //   alpha = 0; userInteractionEnabled = NO; animations = { opacity=<…>; position=<…>; }; …>
        let label = try Self.view(scene, "UILabel@0x7f893fd003d0")
        #expect(label.frame == Rect(x: 25.5, y: 12, width: 186.5, height: 20.5))
        #expect(label.alpha == 0 && !label.isUserInteractionEnabled)
        #expect(label.className == "UILabel")
        // Captured mid navigation transition: line 65's full-screen UIView (depth 4, after line 5) is
        // in front, line 66 and line 68 inside it are full-screen and enabled, line 69 is not; the
        // navigation bar in front of them (line 70) has `userInteractionEnabled = NO` and the toolbar
        // (line 89) is hidden. So a touch on the buttons and one on the bar both land on line 68.
        let reference = ReferenceHitTester()
        #expect(reference.hitTest(scene, at: Point(x: 100, y: 100))?.id == "UIView@0x7f893fc47fd0")
        #expect(reference.hitTest(scene, at: Point(x: 30, y: 40))?.id == "UIView@0x7f893fc47fd0")
    }

    @Test func crifanCycriptDump() throws {
        let imported = try Self.sample("crifan-cycript-output_example.extracted.txt")
        let scene = imported.scene
        #expect(scene.viewCount == 82)
        try scene.validate()
        #expect(Set(Self.ids(scene)).count == 82)
        // Line 1 is a UITransitionView, not a window: still the one window, named in a warning.
        #expect(scene.windows.map(\.id) == ["UITransitionView@0x11f9059e0"])
        #expect(imported.warnings.count == 1)
        #expect(imported.warnings.first?.contains("UITransitionView@0x11f9059e0") == true)
        #expect(scene.windows[0].frame == Rect(x: 0, y: 0, width: 375, height: 667))
        // Line 2: <UIDimmingView: 0x107eac170; frame = (-375 -667; 1125 2001); …>
        let dimming = try Self.view(scene, "UIDimmingView@0x107eac170")
        #expect(dimming.frame == Rect(x: -375, y: -667, width: 1125, height: 2001))
        // Line 11: <UITableView: 0x1081a0600; frame = (0 0; 375 627); …; contentOffset: {0, -56};
        //   contentSize: {375, 524.5}; …; dataSource: <AAUISignInViewController: 0x107ec9ab0>>
        let table = try Self.view(scene, "UITableView@0x1081a0600")
        #expect(table.bounds == Rect(x: 0, y: -56, width: 375, height: 627))
        #expect(table.frame == Rect(x: 0, y: 0, width: 375, height: 627))
        // Line 12: <UITableViewCell: 0x107d3ed10; frame = (0 155; 375 60); …>, a subview of the table.
        let cell = try Self.view(scene, "UITableViewCell@0x107d3ed10")
        #expect(cell.superview === table && cell.frame == Rect(x: 0, y: 155, width: 375, height: 60))
        // Line 13's `configuration = <…; backgroundColor = <…>>` nests `;` and `>`; line 14 is its subview.
        let system = try Self.view(scene, "_UISystemBackgroundView@0x107daee70")
        #expect(system.frame == Rect(x: 0, y: 0, width: 375, height: 60))
        #expect(system.subviews.map(\.id) == ["UIView@0x107daf030"])
        // Line 17: <UITextField: 0x10814f400; frame = (114 19; 245 22); …; placeholder = \u7535…;
        //   background = <_UITextFieldNoBackgroundProvider: 0x2802b7ef0: textfield=<UITextField 0x10814f400>>; …>
        let field = try Self.view(scene, "UITextField@0x10814f400")
        #expect(field.frame == Rect(x: 114, y: 19, width: 245, height: 22))
        #expect(field.subviews.count == 2)  // lines 18 and 19
        // Line 30: <AAUILabel: 0x107e7a630; baseClass = UILabel; frame = (0 0; 343 42); …;
        //   userInteractionEnabled = NO; …>: the dump's own class is kept.
        let aaLabel = try Self.view(scene, "AAUILabel@0x107e7a630")
        #expect(aaLabel.className == "AAUILabel" && !aaLabel.isUserInteractionEnabled)
        #expect(aaLabel.frame == Rect(x: 0, y: 0, width: 343, height: 42))
        // Line 37: <AAUIButton: 0x107d9de50; baseClass = UIButton; frame = (90.5 0; 162.5 20.5); opaque = NO; …>
        let aaButton = try Self.view(scene, "AAUIButton@0x107d9de50")
        #expect(aaButton.frame == Rect(x: 90.5, y: 0, width: 162.5, height: 20.5) && aaButton.isUserInteractionEnabled)
        // Line 49: <<_UITextContainerView: 0x102e24f50; frame = (0 0; 315.5 54.5); …>> minSize = …: a view,
        //   with line 50 under it.
        let container = try Self.view(scene, "_UITextContainerView@0x102e24f50")
        #expect(container.frame == Rect(x: 0, y: 0, width: 315.5, height: 54.5))
        #expect(container.subviews.map(\.id) == ["_UITextViewCanvasView@0x102e20e60"])
        // Line 47: <AAUITextView: …; frame = (14 122.5; 315.5 54.5); text = '…'; …; contentOffset: {0, 0}; …>
        let textView = try Self.view(scene, "AAUITextView@0x104008200")
        #expect(textView.bounds == Rect(x: 0, y: 0, width: 315.5, height: 54.5))
        #expect(textView.frame == Rect(x: 14, y: 122.5, width: 315.5, height: 54.5))
        // Line 71: <_UIBarBackgroundShadowView: 0x11f908b20; frame = (0 56; 375 0); …> clientRequestedContentView
        //   effect=none: trailing text ignored; line 72 is its subview.
        let shadow = try Self.view(scene, "_UIBarBackgroundShadowView@0x11f908b20")
        #expect(shadow.frame == Rect(x: 0, y: 56, width: 375, height: 0))
        #expect(shadow.subviews.map(\.id) == ["_UIBarBackgroundShadowContentImageView@0x107eaa210"])
        // Line 72: …; alpha = 0; opaque = NO; autoresize = W+H; userInteractionEnabled = NO; …
        let content = try Self.view(scene, "_UIBarBackgroundShadowContentImageView@0x107eaa210")
        #expect(content.alpha == 0 && !content.isUserInteractionEnabled)
        // Line 82: <UIView: 0x107e097a0; frame = (0 0; 0 0); …> has 6 `|`: a subview of the latest line
        //   with 5, line 68's UINavigationBar (lines 69-81 are deeper).
        let last = try Self.view(scene, "UIView@0x107e097a0")
        #expect(last.superview?.id == "UINavigationBar@0x107e957e0")
    }

    @Test func photoGridDump() throws {
        let imported = try Self.sample("hitindex-photo-grid.txt")
        let scene = imported.scene
        // 78 lines: 75 views and 3 `(layer)` lines.
        #expect(scene.viewCount == 75)
        try scene.validate()
        #expect(Set(Self.ids(scene)).count == 75)
        #expect(imported.warnings.isEmpty)
        #expect(!Self.ids(scene).contains { $0.hasPrefix("_UILabelContentLayer") })
        // Line 1: <UIWindow: 0x7fa1c5d0a8e0; frame = (0 0; 375 667); …>
        #expect(scene.windows.map(\.id) == ["UIWindow@0x7fa1c5d0a8e0"])
        #expect(scene.windows[0].frame == Rect(x: 0, y: 0, width: 375, height: 667))
        // Line 6: <GalleryApp.AlbumGridView: 0x7fa1c5d0b3d0; …>: a Swift class keeps its module.
        let grid = try Self.view(scene, "GalleryApp.AlbumGridView@0x7fa1c5d0b3d0")
        #expect(grid.className == "GalleryApp.AlbumGridView")
        // Line 7: <UICollectionView: 0x7fa1c5d0b600; frame = (0 0; 375 667); …; contentOffset: {0, -64};
        //   contentSize: {375, 375}; adjustedContentInset: {64, 0, 0, 0}> collection view layout: <…> delegate: <…>
        let collection = try Self.view(scene, "UICollectionView@0x7fa1c5d0b600")
        #expect(collection.bounds == Rect(x: 0, y: -64, width: 375, height: 667))
        #expect(collection.frame == Rect(x: 0, y: 0, width: 375, height: 667))
        // Lines 8-60: 16 cells (each with its content view and photo) and the two scroll indicators.
        #expect(collection.subviews.count == 18)
        // Line 8: <GalleryApp.PhotoCell: 0x7fa1c5d0bc90; baseClass = UICollectionViewCell; frame = (0 0; 93 93); …>
        let cell = try Self.view(scene, "GalleryApp.PhotoCell@0x7fa1c5d0bc90")
        #expect(cell.frame == Rect(x: 0, y: 0, width: 93, height: 93) && cell.className == "GalleryApp.PhotoCell")
        // Line 29: <UILabel: 0x7fa1c5d0ea80; frame = (58 73; 31 16); text = '0:42'; …;
        //   userInteractionEnabled = NO; …> in line 27's content view, with the layer line 30 under it, skipped.
        let duration = try Self.view(scene, "UILabel@0x7fa1c5d0ea80")
        #expect(duration.frame == Rect(x: 58, y: 73, width: 31, height: 16))
        #expect(duration.subviews.isEmpty && !duration.isUserInteractionEnabled)
        #expect(duration.superview?.id == "UIView@0x7fa1c5d0e620")
        // Line 31 comes back up after the layer line: the next cell, a subview of the collection view.
        #expect(try Self.view(scene, "GalleryApp.PhotoCell@0x7fa1c5d0ecb0").superview === collection)
        // Line 58: <UIView: 0x7fa1c5d127c0; frame = (0 0; 93 93); alpha = 0.5; hidden = YES;
        //   userInteractionEnabled = NO; …>, the last cell's selection overlay (line 56's content view).
        let overlay = try Self.view(scene, "UIView@0x7fa1c5d127c0")
        #expect(overlay.alpha == 0.5 && overlay.isHidden && !overlay.isUserInteractionEnabled)
        #expect(overlay.superview?.id == "UIView@0x7fa1c5d12360")
        // Line 59: <UIImageView: 0x7fa1c5d129f0; frame = (369.5 161; 2.5 436); alpha = 0; …>
        let indicator = try Self.view(scene, "UIImageView@0x7fa1c5d129f0")
        #expect(indicator.frame == Rect(x: 369.5, y: 161, width: 2.5, height: 436) && indicator.alpha == 0)
        // Line 61: <UINavigationBar: 0x7fa1c5d12e50; frame = (0 20; 375 44); opaque = NO; …>: enabled,
        //   with lines 62, 66 and 78 as subviews (the `|` count drops back to 4 after each subtree).
        let bar = try Self.view(scene, "UINavigationBar@0x7fa1c5d12e50")
        #expect(bar.frame == Rect(x: 0, y: 20, width: 375, height: 44) && bar.isUserInteractionEnabled)
        #expect(
            bar.subviews.map(\.id) == [
                "_UIBarBackground@0x7fa1c5d13080", "_UINavigationBarContentView@0x7fa1c5d13940",
                "_UINavigationBarLargeTitleView@0x7fa1c5d14f20",
            ])
        // Line 73: <UILabel: 0x7fa1c5d14660; frame = (150.5 11.5; 74 20.5); text = 'Carrete'; …> and line 71's
        //   'Álbumes': text is skipped whatever its script; line 75 follows the layer line 74.
        let title = try Self.view(scene, "UILabel@0x7fa1c5d14660")
        #expect(title.frame == Rect(x: 150.5, y: 11.5, width: 74, height: 20.5) && title.subviews.isEmpty)
        #expect(try Self.view(scene, "UIButtonLabel@0x7fa1c5d14430").frame.size == Size(width: 55, height: 20.5))
        #expect(try Self.view(scene, "_UIButtonBarButton@0x7fa1c5d14890").superview?.id == title.superview?.id)
        // With contentOffset {0, -64}, content y = screen y - 64. (40, 100) is content (40, 36): the first
        // cell's content view (line 9; its photo, line 10, has interaction off). (160, 300) is content
        // (160, 236): the cell at (94 188) on line 37, its content view on line 38. (93.5, 300) falls in
        // the 1 pt gap between columns: the collection view. (370, 300) is under the vertical scroll
        // indicator, whose alpha is 0: the cell at (282 188), line 43, content view line 44.
        // (200, 40) is on the bar's content view (the title there has interaction off); (320, 40) on
        // the Cancelar button (line 75; its subviews have interaction off).
        let reference = ReferenceHitTester()
        for (p, id) in [
            (Point(x: 40, y: 100), "UIView@0x7fa1c5d0bec0"), (Point(x: 160, y: 300), "UIView@0x7fa1c5d0fc00"),
            (Point(x: 93.5, y: 300), "UICollectionView@0x7fa1c5d0b600"),
            (Point(x: 370, y: 300), "UIView@0x7fa1c5d10920"),
            (Point(x: 200, y: 40), "_UINavigationBarContentView@0x7fa1c5d13940"),
            (Point(x: 320, y: 40), "_UIButtonBarButton@0x7fa1c5d14890"),
        ] {
            #expect(reference.hitTest(scene, at: p)?.id == id, "\(p)")
        }
    }

    @Test func ftAdditionsExplodeDump() throws {
        let imported = try Self.sample("FTAdditions-explode.extracted.txt")
        let scene = imported.scene
        #expect(scene.viewCount == 13)
        try scene.validate()
        #expect(Set(Self.ids(scene)).count == 13)
        // The root is a UIWebView: one warning for it, none for the flips and quarter turns.
        #expect(imported.warnings.count == 1)
        #expect(imported.warnings.first?.contains("UIWebView@0x1b42cdd0") == true)
        // Line 1: … UIWebView (<UIWebView: 0x1b42cdd0; baseClass = UIWebView; frame = (14 0; 290 57); …>)
        let root = scene.windows[0]
        #expect(root.id == "UIWebView@0x1b42cdd0" && root.frame == Rect(x: 14, y: 0, width: 290, height: 57))
        // Line 2 has one `-`, lines 3-13 two: all eleven are the scroll view's subviews.
        let scroll = try Self.view(scene, "_UIWebViewScrollView@0x1b42cbc0")
        #expect(root.subviews.map(\.id) == [scroll.id])
        #expect(scroll.subviews.count == 11)
        // Line 3: frame = (0 0; 54 54); transform = [-1, 0, -0, -1, 0, 0]: a half turn keeps the 54x54
        //   bounds, centered at (27, 27); alpha = 0; hidden = YES; userInteractionEnabled = NO.
        let flipped = try Self.view(scene, "UIImageView@0x1b447db0")
        #expect(flipped.bounds == Rect(x: 0, y: 0, width: 54, height: 54))
        #expect(flipped.center == Point(x: 27, y: 27))
        #expect(flipped.transform == AffineTransform(a: -1, b: 0, c: 0, d: -1, tx: 0, ty: 0))
        #expect(flipped.isHidden && flipped.alpha == 0 && !flipped.isUserInteractionEnabled)
        // Line 7: frame = (-14.5 14.5; 30 1); transform = [0, 1, -1, 0, 0, 0]: a quarter turn, so the
        //   bounds are 1 wide and 30 high, and the 30x1 box is centered at (-14.5 + 15, 14.5 + 0.5).
        let turned = try Self.view(scene, "UIImageView@0x1b4b75d0")
        #expect(turned.bounds == Rect(x: 0, y: 0, width: 1, height: 30))
        #expect(turned.center == Point(x: 0.5, y: 15))
        #expect(turned.frame == Rect(x: -14.5, y: 14.5, width: 30, height: 1))
    }

    /// FTAdditions prints each view's window-space rect in front of it: with the root's printed at
    /// `{{14, 154}, …}`, every view's bounds, converted into the root and offset by `(14, 154)`, must
    /// have that bounding box. This checks depth, frames and the transform reconstruction together.
    @Test func ftAdditionsWindowRectsMatch() throws {
        let text = try Self.text("FTAdditions-explode.extracted.txt")
        let scene = try Self.parse(text).scene
        let root = scene.windows[0]
        var views: [View] = []
        scene.forEachView { v, _ in views.append(v) }
        let lines = text.split(separator: "\n")
        #expect(lines.count == views.count)
        for (line, view) in zip(lines, views) {
            // `{{x, y}, {w, h}}` at the start of the line.
            let start = try #require(line.firstIndex(of: "{"))
            let end = try #require(line.range(of: "}}")?.upperBound)
            let n = line[start..<end].split(whereSeparator: { "{}, ".contains($0) }).compactMap { Double($0) }
            try #require(n.count == 4)
            let printed = Rect(x: n[0] - 14, y: n[1] - 154, width: n[2], height: n[3])
            let e = view.bounds.extents
            let corners = [
                Point(x: e.minX, y: e.minY), Point(x: e.maxX, y: e.minY), Point(x: e.minX, y: e.maxY),
                Point(x: e.maxX, y: e.maxY),
            ].map { view.convert($0, to: root) }
            let minX = corners.map(\.x).min() ?? 0
            let minY = corners.map(\.y).min() ?? 0
            let box = Rect(
                x: minX, y: minY, width: (corners.map(\.x).max() ?? 0) - minX,
                height: (corners.map(\.y).max() ?? 0) - minY)
            #expect(Self.close(box, printed), "\(view.id): \(box) vs \(printed)")
        }
    }

    /// The index and the reference agree on a grid over every window and on points at and around
    /// every view's corners, edge midpoints and center.
    @Test(arguments: samples) func indexAgreesWithReference(_ name: String) throws {
        let scene = try Self.sample(name).scene
        let index = try HitTestIndex(scene)
        let reference = ReferenceHitTester()
        var points: [Point] = []
        for window in scene.windows {
            let f = window.frame
            let steps = 48
            for i in 0...steps {
                for j in 0...steps {
                    // 10% beyond each side, to cover subviews outside the window.
                    points.append(
                        Point(
                            x: f.origin.x - 0.1 * f.size.width + 1.2 * f.size.width * Double(i) / Double(steps),
                            y: f.origin.y - 0.1 * f.size.height + 1.2 * f.size.height * Double(j) / Double(steps)))
                }
            }
        }
        scene.forEachView { view, _ in
            let e = view.bounds.extents
            let xs = [e.minX, (e.minX + e.maxX) / 2, e.maxX]
            let ys = [e.minY, (e.minY + e.maxY) / 2, e.maxY]
            for x in xs {
                for y in ys {
                    let p = view.convertToScreen(Point(x: x, y: y))
                    for dx in [-0.25, 0, 0.25] {
                        for dy in [-0.25, 0, 0.25] { points.append(Point(x: p.x + dx, y: p.y + dy)) }
                    }
                }
            }
        }
        var hits = Set<String>()
        var disagreements = 0
        for p in points {
            let expected = reference.hitTest(scene, at: p)?.id
            let actual = index.hitTestID(p)
            if actual != expected {
                disagreements += 1
                if disagreements <= 5 {
                    Issue.record("\(name) at \(p): index \(actual ?? "nil"), reference \(expected ?? "nil")")
                }
            }
            if let expected { hits.insert(expected) }
        }
        #expect(disagreements == 0)
        // The points reach views. (In the sentry and FTAdditions dumps one full-screen view takes every
        // touch: see sentryDump.)
        #expect(!hits.isEmpty, "\(name): nothing hit")
    }

    // MARK: - Grammar features

    @Test func quotedTextWithSemicolonsAndBrackets() throws {
        let scene = try Self.parse(
            Self.dump(
                "   | <UILabel: 0x1; frame = (1 2; 3 4); text = 'a; b > c = d'; hidden = YES; "
                    + "layer = <_UILabelLayer: 0x2>>",
                "   | <UILabel: 0x3; frame = (5 6; 7 8); text = 'Don't; stop'; alpha = 0.5; "
                    + "layer = <_UILabelLayer: 0x4>>",
                "   | <UILabel: 0x5; frame = (0 0; 1 1); text = ''; userInteractionEnabled = NO; "
                    + "layer = <_UILabelLayer: 0x6>>"
            )
        ).scene
        let first = try Self.view(scene, "UILabel@0x1")
        #expect(first.frame == Rect(x: 1, y: 2, width: 3, height: 4) && first.isHidden)
        let second = try Self.view(scene, "UILabel@0x3")
        #expect(second.frame == Rect(x: 5, y: 6, width: 7, height: 8) && second.alpha == 0.5 && !second.isHidden)
        let third = try Self.view(scene, "UILabel@0x5")
        #expect(!third.isUserInteractionEnabled)
        #expect(scene.windows[0].subviews.count == 3)
    }

    @Test func animationsAndNestedDescriptions() throws {
        let scene = try Self.parse(
            Self.dump(
                "   | <UIView: 0x1; frame = (0 0; 10 10); animations = { position=<CASpringAnimation: 0x2>; "
                    + "opacity=<CABasicAnimation: 0x3>; }; userInteractionEnabled = NO; layer = <CALayer: 0x4>>",
                "   | <UIView: 0x5; frame = (1 1; 2 2); configuration = <Config: 0x6; a = b; c = <X: 0x7; d = e>>; "
                    + "hidden = YES; layer = <CALayer: 0x8>>"
            )
        ).scene
        let first = try Self.view(scene, "UIView@0x1")
        #expect(!first.isUserInteractionEnabled && first.frame == Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(try Self.view(scene, "UIView@0x5").isHidden)
    }

    @Test func classNames() throws {
        let scene = try Self.parse(
            Self.dump(
                "   | <_TtC7Sample14ViewController: 0x1; frame = (0 0; 1 1); layer = <CALayer: 0x2>>",
                "   | <MyApp.CardView: 0x3; frame = (0 0; 1 1); layer = <CALayer: 0x4>>",
                "   | <SwiftUI._UIHostingView<SwiftUI.AnyView>: 0x5; frame = (0 0; 1 1); layer = <CALayer: 0x6>>",
                "   | <AAUILabel: 0x7; baseClass = UILabel; frame = (0 0; 1 1); layer = <_UILabelLayer: 0x8>>",
                "   | <UILabel: 0x9; frame = (0 0; 1 1); layer = <_UILabelLayer: 0xa>>",
                "   | <UIImageView: 0xb; frame = (0 0; 1 1); userInteractionEnabled = NO; layer = <CALayer: 0xc>>"
            )
        ).scene
        #expect(
            scene.windows[0].subviews.map(\.id) == [
                "_TtC7Sample14ViewController@0x1", "MyApp.CardView@0x3", "SwiftUI._UIHostingView<SwiftUI.AnyView>@0x5",
                "AAUILabel@0x7", "UILabel@0x9", "UIImageView@0xb",
            ])
        #expect(try Self.view(scene, "MyApp.CardView@0x3").className == "MyApp.CardView")
        // baseClass: the dump's own class is kept.
        let aaLabel = try Self.view(scene, "AAUILabel@0x7")
        #expect(aaLabel.className == "AAUILabel")
        // UIKit prints `userInteractionEnabled = NO` whenever the flag is NO (every label in the real
        // dumps does), so a label printed without it is enabled, unlike the model's class default.
        #expect(aaLabel.isUserInteractionEnabled)
        #expect(try Self.view(scene, "UILabel@0x9").isUserInteractionEnabled)
        #expect(try !Self.view(scene, "UIImageView@0xb").isUserInteractionEnabled)
    }

    @Test func idsAreUniqueWhenAddressesRepeatOrAreMissing() throws {
        let scene = try Self.parse(
            Self.dump(
                "   | <UIView: 0x1; frame = (0 0; 1 1); layer = <CALayer: 0x2>>",
                "   | <UIView: 0x1; frame = (0 0; 1 1); layer = <CALayer: 0x2>>",
                "   | <UIView: 0x1; frame = (0 0; 1 1); layer = <CALayer: 0x2>>",
                "   | <UIView; frame = (0 0; 1 1)>",
                "   | <UIView: frame = (0 0; 1 1)>",
                "   | <UIView; frame = (0 0; 1 1)>"
            )
        ).scene
        try scene.validate()
        // `<UIView: frame = …>`: the text after `:` is not an address, so the view has none.
        #expect(
            scene.windows[0].subviews.map(\.id) == [
                "UIView@0x1", "UIView@0x1#2", "UIView@0x1#3", "UIView", "UIView#2", "UIView#3",
            ])
    }

    @Test func contentOffsetBecomesBoundsOrigin() throws {
        let scene = try Self.parse(
            Self.dump(
                "   | <UIScrollView: 0x1; frame = (0 20; 320 400); clipsToBounds = YES; layer = <CALayer: 0x2>; "
                    + "contentOffset: {10, 250.5}; contentSize: {320, 1000}; adjustedContentInset: {0, 0, 0, 0}> "
                    + "delegate: <Foo: 0x3>",
                "   |    | <UIView: 0x4; frame = (0 260; 320 50); layer = <CALayer: 0x5>>"
            )
        ).scene
        let scroll = try Self.view(scene, "UIScrollView@0x1")
        #expect(scroll.bounds == Rect(x: 10, y: 250.5, width: 320, height: 400))
        #expect(scroll.frame == Rect(x: 0, y: 20, width: 320, height: 400))
        // The row at content y 260 shows at window y 20 + 260 - 250.5.
        let row = try Self.view(scene, "UIView@0x4")
        #expect(row.convertToScreen(Point(x: 0, y: 0)) == Point(x: -10, y: 29.5))
    }

    @Test func tabsCommentsBackticksAndTrailingText() throws {
        let text = [
            "`// <UIWindow: 0x1; frame = (0 0; 100 100); layer = <UIWindowLayer: 0x2>>",
            "//    | <UIView: 0x3; frame = (10 10; 50 50); layer = <CALayer: 0x4>> trailing; text <with> 'quotes",
            "\t|\t| <UIImageView: 0x5; frame = (1 2; 3 4); userInteractionEnabled = NO; layer = <CALayer: 0x6>>"
                + " - (null)",
            "",
            "    \t   ",
            "   |    |    | <UIView: 0x7; frame = (0 0; 1 1); layer = <CALayer: 0x8>>`",
            "\r",
            "   | <UIView: 0x9; frame = (5 5; 5 5); layer = <CALayer: 0xa>>\r",
        ].joined(separator: "\n")
        let scene = try Self.parse(text).scene
        try scene.validate()
        #expect(scene.viewCount == 5)
        let window = scene.windows[0]
        #expect(window.subviews.map(\.id) == ["UIView@0x3", "UIView@0x9"])
        let image = try Self.view(scene, "UIImageView@0x5")
        #expect(image.superview?.id == "UIView@0x3")
        #expect(image.subviews.map(\.id) == ["UIView@0x7"])
        #expect(image.frame == Rect(x: 1, y: 2, width: 3, height: 4) && !image.isUserInteractionEnabled)
        #expect(try Self.view(scene, "UIView@0x9").frame == Rect(x: 5, y: 5, width: 5, height: 5))
    }

    @Test func layerLinesAreSkipped() throws {
        let scene = try Self.parse(
            Self.dump(
                "   | <UILabel: 0x1; frame = (0 0; 10 10); userInteractionEnabled = NO; layer = <_UILabelLayer: 0x2>>",
                "   |    | <_UILabelContentLayer: 0x3> (layer)",
                "   |    | <UIView: 0x4; frame = (1 1; 1 1); layer = <CALayer: 0x5>>",
                "   |    | <CALayer: 0x6> (layer)",
                "   |    |    | <CALayer: 0x7> (layer)",
                "   | <UIView: 0x8; frame = (0 0; 1 1); layer = <CALayer: 0x9>>"
            )
        ).scene
        #expect(scene.viewCount == 4)
        #expect(try Self.view(scene, "UILabel@0x1").subviews.map(\.id) == ["UIView@0x4"])
        #expect(scene.windows[0].subviews.map(\.id) == ["UILabel@0x1", "UIView@0x8"])
    }

    @Test func severalRootsBecomeWindowsInOrder() throws {
        let imported = try Self.parse(
            [
                "<UIWindow: 0x1; frame = (0 0; 100 100); layer = <UIWindowLayer: 0x2>>",
                "   | <UIView: 0x3; frame = (0 0; 1 1); layer = <CALayer: 0x4>>",
                "<UITextEffectsWindow: 0x5; frame = (0 0; 100 100); opaque = NO; layer = <UIWindowLayer: 0x6>>",
                "<MyApp.Overlay: 0x7; baseClass = UIWindow; frame = (0 50; 100 50); hidden = YES; "
                    + "layer = <UIWindowLayer: 0x8>>",
            ].joined(separator: "\n"))
        let scene = imported.scene
        #expect(scene.windows.map(\.id) == ["UIWindow@0x1", "UITextEffectsWindow@0x5", "MyApp.Overlay@0x7"])
        #expect(scene.windows.allSatisfy { $0.windowLevel == 0 })
        #expect(scene.windows[2].frame == Rect(x: 0, y: 50, width: 100, height: 50) && scene.windows[2].isHidden)
        #expect(imported.warnings.isEmpty)
    }

    @Test func unknownKeysAndOddFieldsAreIgnored() throws {
        let scene = try Self.parse(
            Self.dump(
                "   | <UIView: 0x1; frame = (0 0; 10 10); weird; tag = 7; "
                    + "tintColor = <UIDynamicSystemColor: 0x2; name = x>; "
                    + "backgroundColor = UIExtendedGrayColorSpace 0 0.5; "
                    + "gestureRecognizers = <NSArray: 0x3>; layer = <CALayer: 0x4>>"
            )
        ).scene
        #expect(try Self.view(scene, "UIView@0x1").frame == Rect(x: 0, y: 0, width: 10, height: 10))
    }

    @Test func axisAlignedTransformsAreExact() throws {
        let imported = try Self.parse(
            Self.dump(
                // A scale by 2 x 0.5 of 20x20 bounds: the box is 40x10, its center (10 + 20, 20 + 5).
                "   | <UIView: 0x1; frame = (10 20; 40 10); transform = [2, 0, 0, 0.5, 0, 0]; layer = <CALayer: 0x2>>",
                // A quarter turn with anchorPoint (0, 0): bounds 30 wide, 40 high, the corner (0, 0) at the
                // center; x' = -y spans [-40, 0], y' = x spans [0, 30], so the center is (10 + 40, 20).
                "   | <UIView: 0x3; frame = (10 20; 40 30); transform = [0, 1, -1, 0, 0, 0]; anchorPoint = (0, 0); "
                    + "layer = <CALayer: 0x4>>",
                // A translation: bounds 10x10 as printed; the box at (5, 5) includes tx, ty = (3, 4).
                "   | <UIView: 0x5; frame = (5 5; 10 10); transform = [1, 0, 0, 1, 3, 4]; layer = <CALayer: 0x6>>",
                // `-0` entries: the identity.
                "   | <UIView: 0x7; frame = (1 2; 3 4); transform = [1, -0, -0, 1, 0, -0]; layer = <CALayer: 0x8>>"
            ))
        #expect(imported.warnings.isEmpty)
        let scene = imported.scene
        let scaled = try Self.view(scene, "UIView@0x1")
        #expect(scaled.bounds == Rect(x: 0, y: 0, width: 20, height: 20) && scaled.center == Point(x: 30, y: 25))
        let turned = try Self.view(scene, "UIView@0x3")
        #expect(turned.bounds == Rect(x: 0, y: 0, width: 30, height: 40) && turned.center == Point(x: 50, y: 20))
        #expect(turned.anchorPoint == Point(x: 0, y: 0))
        #expect(turned.frame == Rect(x: 10, y: 20, width: 40, height: 30))
        let moved = try Self.view(scene, "UIView@0x5")
        #expect(moved.bounds.size == Size(width: 10, height: 10) && moved.center == Point(x: 7, y: 6))
        #expect(moved.frame == Rect(x: 5, y: 5, width: 10, height: 10))
        #expect(try Self.view(scene, "UIView@0x7").frame == Rect(x: 1, y: 2, width: 3, height: 4))
    }

    @Test func rotationsAreApproximatedWithAWarning() throws {
        let imported = try Self.parse(
            Self.dump(
                // 30°: 100x50 bounds have a box of 0.866025*100 + 0.5*50 = 111.6025 wide and
                // 0.5*100 + 0.866025*50 = 93.30125 high.
                "   | <UIView: 0x1; frame = (0 0; 111.603 93.3013); transform = [0.866025, 0.5, -0.5, 0.866025, 0, 0]; "
                    + "layer = <CALayer: 0x2>>",
                // 45°: only w + h = 141.421 / 0.707107 = 200 is known: a 100x100 square.
                "   | <UIView: 0x3; frame = (10 10; 141.421 141.421); transform = [0.707107, 0.707107, -0.707107, "
                    + "0.707107, 0, 0]; layer = <CALayer: 0x4>>",
                // A zero scale hides the width.
                "   | <UIView: 0x5; frame = (0 0; 0 10); transform = [0, 0, 0, 1, 0, 0]; layer = <CALayer: 0x6>>"
            ))
        let scene = imported.scene
        try scene.validate()
        #expect(imported.warnings.count == 3)
        #expect(imported.warnings.contains { $0.contains("UIView@0x1") && $0.contains("line 2") })
        #expect(imported.warnings.contains { $0.contains("UIView@0x3") && $0.contains("square") })
        #expect(imported.warnings.contains { $0.contains("UIView@0x5") && $0.contains("width") })
        let thirty = try Self.view(scene, "UIView@0x1")
        #expect(Self.close(thirty.bounds.size.width, 100, 0.01) && Self.close(thirty.bounds.size.height, 50, 0.01))
        #expect(Self.close(thirty.frame, Rect(x: 0, y: 0, width: 111.603, height: 93.3013), 1e-6))
        let fortyFive = try Self.view(scene, "UIView@0x3")
        #expect(
            Self.close(fortyFive.bounds.size.width, 100, 0.01)
                && fortyFive.bounds.size.height == fortyFive.bounds.size.width)
        #expect(Self.close(fortyFive.frame, Rect(x: 10, y: 10, width: 141.421, height: 141.421), 1e-6))
        #expect(try Self.view(scene, "UIView@0x5").bounds.size == Size(width: 0, height: 10))
    }

    @Test func nonFiniteNumbersAreReplacedWithAWarning() throws {
        let imported = try Self.parse(
            Self.dump(
                "   | <UIView: 0x1; frame = (nan nan; 0 0); layer = <CALayer: 0x2>>",
                "   |    | <UIView: 0x3; frame = (0 0; 10 10); layer = <CALayer: 0x4>>",
                "   | <UIView: 0x5; frame = (0 0; inf 10); layer = <CALayer: 0x6>>",
                "   | <UIView: 0x7; frame = (0 0; 10 10); alpha = nan; layer = <CALayer: 0x8>>",
                "   | <UIView: 0x9; frame = (0 0; 10 10); transform = [nan, 0, 0, 1, 0, 0]; layer = <CALayer: 0xa>>",
                "   | <UIView: 0xb; frame = (0 0; 10 10); layer = <CALayer: 0xc>; contentOffset: {0, -nan}>"
            ))
        let scene = imported.scene
        try scene.validate()
        #expect(imported.warnings.count == 5)
        let nanFrame = try Self.view(scene, "UIView@0x1")
        #expect(nanFrame.isHidden && nanFrame.frame == Rect(x: 0, y: 0, width: 0, height: 0))
        #expect(try Self.view(scene, "UIView@0x5").isHidden)
        let nanAlpha = try Self.view(scene, "UIView@0x7")
        #expect(nanAlpha.alpha == 1 && !nanAlpha.isHidden)
        let nanTransform = try Self.view(scene, "UIView@0x9")
        #expect(nanTransform.isHidden && nanTransform.transform == .identity)
        #expect(try Self.view(scene, "UIView@0xb").isHidden)
        #expect(imported.warnings.allSatisfy { $0.contains("line ") })
    }

    // MARK: - Malformed input

    /// Malformed dumps and the line each error must name.
    static let malformed: [(String, String, Int)] = [
        ("empty input", "", 0),
        ("blank lines only", "\n   \n\t\n", 0),
        ("layer lines only", "<CALayer: 0x1> (layer)\n   | <CALayer: 0x2> (layer)", 0),
        ("bad frame: 3 numbers", dump("   | <UIView: 0x1; frame = (1 2; 3); layer = <CALayer: 0x2>>"), 2),
        ("bad frame: not numbers", dump("   | <UIView: 0x1; frame = (a b; c d); layer = <CALayer: 0x2>>"), 2),
        ("bad frame: no parentheses", dump("   | <UIView: 0x1; frame = 1 2 3 4; layer = <CALayer: 0x2>>"), 2),
        // `Double` would read 0x10 as 16; a dump never prints hexadecimal numbers.
        ("bad frame: hexadecimal", dump("   | <UIView: 0x1; frame = (0x10 0; 1 1); layer = <CALayer: 0x2>>"), 2),
        ("missing frame", dump("   | <UIView: 0x1; layer = <CALayer: 0x2>>"), 2),
        (
            "unterminated <",
            dump("   | <UIView: 0x1; frame = (0 0; 1 1); layer = <CALayer: 0x2>", "   | <UIView: 0x3>"), 2
        ),
        ("unterminated quote", dump("   | <UILabel: 0x1; frame = (0 0; 1 1); text = 'abc"), 2),
        (
            "depth jump",
            dump("   | <UIView: 0x1; frame = (0 0; 1 1)>", "   |    |    | <UIView: 0x2; frame = (0 0; 1 1)>"), 3
        ),
        ("first line indented", "   | <UIView: 0x1; frame = (0 0; 1 1)>", 1),
        ("garbage line", dump("   | <UIView: 0x1; frame = (0 0; 1 1)>", "hello world", "   | <UIView: 0x2>"), 3),
        // An lldb prompt line is dropped (RecursiveDescriptionPasteTests); any other prompt is not.
        ("gdb prompt", "(gdb) po [[UIWindow keyWindow] recursiveDescription]\n" + dump(), 1),
        ("no class name", dump("   | <: 0x1; frame = (0 0; 1 1)>"), 2),
        ("bad flag", dump("", "   | <UIView: 0x1; frame = (0 0; 1 1); hidden = maybe>"), 3),
        ("negative alpha", dump("   | <UIView: 0x1; frame = (0 0; 1 1); alpha = -1>"), 2),
        ("bad alpha", dump("   | <UIView: 0x1; frame = (0 0; 1 1); alpha = half>"), 2),
        ("bad transform", dump("   | <UIView: 0x1; frame = (0 0; 1 1); transform = [1, 0, 0, 1]>"), 2),
        ("bad anchorPoint", dump("   | <UIView: 0x1; frame = (0 0; 1 1); anchorPoint = (0.5)>"), 2),
        ("bad contentOffset", dump("   | <UIView: 0x1; frame = (0 0; 1 1); contentOffset: {x, 0}>"), 2),
        (
            "view under a layer line",
            dump("   | <CALayer: 0x1> (layer)", "   |    | <UIView: 0x2; frame = (0 0; 1 1)>"), 3
        ),
        ("explode: bad window rect", "\t{{1, 2}, {3}} UIView (<UIView: 0x1; frame = (0 0; 1 1)>)", 1),
        ("explode: no description", "  {{1, 2}, {3, 4}} UIView (UIView)", 1),
    ]

    @Test(arguments: malformed.indices) func malformedInputNamesTheLine(_ i: Int) {
        let (name, text, line) = Self.malformed[i]
        let error = Self.failure(text)
        #expect(error?.line == line, "\(name): \(error.map(String.init(describing:)) ?? "imported")")
        #expect(error.map { !$0.message.isEmpty } == true, "\(name)")
        if let error, line > 0 { #expect(error.description.hasPrefix("line \(line): ")) }
    }

    /// Truncated, spliced and byte-damaged sample dumps either import into a valid scene or are
    /// refused with a line inside the input; nothing traps.
    @Test func damagedDumpsNeverCrash() throws {
        var random = SeededGenerator(seed: 0x5EED_0D0C)
        let texts = try Self.samples.map { Array(try Self.text($0).utf8) }
        let alphabet = Array("<>()[]{}';:=|/ \t\n0x-.nanYESNO`\\".utf8)
        var refused = 0
        for round in 0..<1500 {
            var bytes = texts[round % texts.count]
            for _ in 0..<(1 + random.int(below: 4)) {
                guard !bytes.isEmpty else { break }
                let at = random.int(below: bytes.count)
                switch random.int(below: 4) {
                case 0: bytes[at] = alphabet[random.int(below: alphabet.count)]
                case 1: bytes.remove(at: at)
                case 2: bytes.insert(alphabet[random.int(below: alphabet.count)], at: at)
                default: bytes.removeSubrange(at..<min(bytes.count, at + random.int(below: 200)))
                }
            }
            let text = String(decoding: bytes, as: UTF8.self)
            let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
            do {
                let imported = try Self.parse(text)
                try imported.scene.validate()
            } catch let error as ImportError {
                refused += 1
                #expect(error.line >= 0 && error.line <= lineCount, "\(error)")
            }
        }
        #expect(refused > 0)
    }
}
