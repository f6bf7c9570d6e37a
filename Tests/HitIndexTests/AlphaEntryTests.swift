import Testing

@testable import HitIndex

/// A view's alpha is kept with its rare values: nowhere when it is 1 (most views), in a 4-byte
/// alpha entry when it is the only value that differs, in the rare entry beside the others
/// otherwise. Every alpha must come back bit for bit (a -0, a value just under the 0.01
/// eligibility line) through a load, a bulk load, edits that move it between the places, and an
/// export; and each place must give its entry back when the view no longer needs it.
@Suite struct AlphaEntryTests {
    /// Alphas with the place each must be kept in.
    static let cases: [(name: String, alpha: Float, insets: EdgeInsets, place: String)] = [
        ("opaque", 1, .zero, "none"),
        ("faded", 0.5, .zero, "alpha"),
        ("invisible", 0, .zero, "alpha"),
        ("-0", -0.0, .zero, "alpha"),
        ("just under the line", 0.0099, .zero, "alpha"),
        ("faded, inset", 0.25, EdgeInsets(top: 1, left: 2, bottom: 3, right: 4), "rare"),
        ("opaque, inset", 1, EdgeInsets(top: 1, left: 2, bottom: 3, right: 4), "insets"),
    ]

    static func attributes(_ alpha: Float, _ insets: EdgeInsets, center: Point = Point(x: 50, y: 50)) -> ViewAttributes
    {
        var a = ViewAttributes(bounds: Rect(x: 0, y: 0, width: 20, height: 30), center: center)
        a.alpha = alpha
        a.hitTestInsets = insets
        return a
    }

    static func scene() -> Scene {
        let window = Window(id: "W", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        for c in cases {
            let v = View(id: c.name, frame: .zero)
            v.attributes = attributes(c.alpha, c.insets)
            window.addSubview(v)
        }
        return Scene(windows: [window])
    }

    /// Whether `ref` is the place named `place`.
    static func isPlace(_ ref: RareRef, _ place: String) -> Bool {
        switch place {
        case "none": ref == .none
        case "alpha": ref.isAlpha
        case "insets": ref.isInsets
        default: ref.isRare
        }
    }

    @Test func everyAlphaComesBackExactlyFromItsPlace() throws {
        let scene = Self.scene()
        for (path, live) in [
            ("model", try LiveIndex(scene)), ("records", try LiveIndex(views: scene.viewDefinitions())),
        ] {
            for c in Self.cases {
                let v = try #require(live.handle(forID: c.name))
                let got = try #require(live.attributes(of: v))
                #expect(bitwiseEqual(got.alpha, c.alpha), "\(path), \(c.name): alpha \(got.alpha) for \(c.alpha)")
                let ref = live.store.state.slots[v.storeSlot.index].rare
                #expect(Self.isPlace(ref, c.place), "\(path), \(c.name): kept in \(ref), expected \(c.place)")
            }
            #expect(live.invariantViolations().isEmpty, "\(path)")
            let exported = live.makeScene()
            for c in Self.cases {
                let v = try #require(exported.view(withID: c.name))
                #expect(bitwiseEqual(v.alpha, c.alpha), "\(path) exported, \(c.name): \(v.alpha)")
            }
        }
    }

    @Test func editsMoveAnAlphaBetweenItsPlacesAndGiveEntriesBack() throws {
        let live = try LiveIndex(Self.scene())
        let v = try #require(live.handle(forID: "opaque"))
        let (alphas, rares) = (live.store.state.alphaEntries.count, live.store.state.rares.count)
        // Each case's values in turn on one view, moved clear of the others, then back to opaque:
        // the place follows, and the hit test follows the alpha (a view below 0.01 takes no
        // touch, and the window under it gets it).
        let clear = Point(x: 200, y: 200)
        for c in Self.cases + [Self.cases[0]] {
            #expect(live.setAttributes(v, Self.attributes(c.alpha, c.insets, center: clear)))
            try live.commit()
            let got = try #require(live.attributes(of: v))
            #expect(bitwiseEqual(got.alpha, c.alpha), "set to \(c.name): alpha \(got.alpha)")
            let ref = live.store.state.slots[v.storeSlot.index].rare
            #expect(Self.isPlace(ref, c.place), "set to \(c.name): kept in \(ref), expected \(c.place)")
            let hit = live.snapshot.hitTest(Point(x: 195, y: 190)).flatMap { live.id(of: $0.handle) }
            let want = Double(c.alpha) >= 0.01 ? "opaque" : "W"
            #expect(hit == want, "set to \(c.name): the touch went to \(String(describing: hit))")
            #expect(live.invariantViolations().isEmpty, "set to \(c.name)")
        }
        #expect(live.store.state.slots[v.storeSlot.index].rare == .none, "an opaque view keeps no entry")
        // Freed entries are reused: neither pool grew by more than the one entry the view held.
        #expect(live.store.state.alphaEntries.count <= alphas + 1 && live.store.state.rares.count <= rares + 1)
    }

    @Test func theCheckerCatchesAnAlphaKeptWrongly() throws {
        // Freed while held, leaked, or widened into a full rare entry.
        try SideEntryCorruptions.expectCaught(
            pool: "alpha entries", place: "an alpha entry", in: Self.scene(), view: "faded",
            allocate: { _ = $0.state.alphaEntries.allocate(.empty) },
            widen: { store, ref, rare in rare.alpha = store.state.alphaEntries[ref.index].alpha })
        // An alpha of 1 in an alpha entry: the defaults need none.
        let defaulted = try SideEntryCorruptions.violations(Self.scene(), view: "faded") { store, v in
            store.state.alphaEntries.update(store.state.slots[v.index].rare.index) { $0.alpha = 1 }
        }
        #expect(defaulted.contains { $0.contains("holds the default alpha") }, "\(defaulted)")
    }
}
