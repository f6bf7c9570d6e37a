import Testing

@testable import HitIndex

/// The writer keeps no copy of a view's bounds when its record's hit rect (and its insets) give
/// them back bit for bit; every other view keeps them aside: in a 32-byte bounds entry when they
/// are its only rare value, else in its rare entry. Insets that are a view's only rare value
/// (the bounds decoding through them) go to a 32-byte insets entry. Bounds chosen so that the decoder fails in
/// each way it can (a sum that rounds, a negative size, a -0 origin, insets, a minimum size that
/// grows the rect) must still come back exactly as set, through a load, an edit, a bulk load and
/// an export; and a plain view must cost no rare entry.
@Suite struct BoundsDecodingTests {
    /// Bounds that the hit rect cannot give back, each with the reason.
    static let awkward: [(String, ViewAttributes)] = {
        func with(_ bounds: Rect, _ change: (inout ViewAttributes) -> Void = { _ in }) -> ViewAttributes {
            var a = ViewAttributes(bounds: bounds, center: Point(x: 50, y: 50))
            change(&a)
            return a
        }
        // (0.1 + 0.2) − 0.1 = 0.20000000000000004 and (0.3 + 0.6) − 0.3 = 0.5999999999999999:
        // the hit rect's far edges round, so neither size comes back by subtraction.
        let rounding = Rect(x: 0.1, y: 0.3, width: 0.2, height: 0.6)
        return [
            ("rounding", with(rounding)),
            ("negative size", with(Rect(x: 10, y: 0, width: -20, height: 30))),
            ("-0 origin", with(Rect(x: -0.0, y: 0, width: 20, height: 30))),
            (
                "insets",
                with(Rect(x: 0, y: 0, width: 20, height: 30)) {
                    $0.hitTestInsets = EdgeInsets(top: 5, left: 5, bottom: 5, right: 5)
                }
            ),
            (
                // A touch target grown past the frame: the bounds come back through the insets.
                "expanded target",
                with(Rect(x: 0, y: 0, width: 28, height: 28)) {
                    $0.hitTestInsets = EdgeInsets(top: -8, left: -8, bottom: -8, right: -8)
                }
            ),
            (
                // Insets too small to move the rect: taking them back off leaves the rounded far
                // edge, (0.1 + 0.2) − 0.1 + 2e-17 ≠ 0.2, so the bounds are kept beside them.
                "insets, rounding",
                with(rounding) { $0.hitTestInsets = EdgeInsets(top: 1e-17, left: 1e-17, bottom: 1e-17, right: 1e-17) }
            ),
            (
                "growing minimum",
                with(Rect(x: 0, y: 0, width: 20, height: 30)) { $0.minimumHitSize = Size(width: 44, height: 44) }
            ),
            (
                // -0 is not 0 bit for bit: a -0 inset or minimum size is a value to keep, though
                // it moves no edge of the hit rect.
                "-0 inset",
                with(Rect(x: 0, y: 0, width: 20, height: 30)) {
                    $0.hitTestInsets = EdgeInsets(top: -0.0, left: 0, bottom: 0, right: 0)
                }
            ),
            (
                "-0 minimum",
                with(Rect(x: 0, y: 0, width: 20, height: 30)) { $0.minimumHitSize = Size(width: 0, height: -0.0) }
            ),
            ("scrolled, exact", with(Rect(x: 0, y: 7.5, width: 20, height: 30))),
            ("plain", with(Rect(x: 0, y: 0, width: 20, height: 30))),
        ]
    }()

    static func scene() -> (Scene, [View]) {
        let window = Window(id: "W", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        var views: [View] = []
        for (name, a) in awkward {
            let v = View(id: name, frame: .zero)
            v.attributes = a
            window.addSubview(v)
            views.append(v)
        }
        return (Scene(windows: [window]), views)
    }

    @Test func awkwardBoundsComeBackExactlyFromEveryPath() throws {
        let (scene, _) = Self.scene()
        let viaModel = try LiveIndex(scene)
        let viaRecords = try LiveIndex(views: scene.viewDefinitions())
        for live in [viaModel, viaRecords] {
            for (name, a) in Self.awkward {
                let v = try #require(live.handle(forID: name))
                let got = try #require(live.attributes(of: v))
                #expect(bitwiseEqual(got.bounds, a.bounds), "\(name): \(got.bounds) for \(a.bounds)")
                #expect(
                    bitwiseEqual(got.hitTestInsets, a.hitTestInsets)
                        && bitwiseEqual(got.minimumHitSize, a.minimumHitSize)
                        && bitwiseEqual(got.anchorPoint, a.anchorPoint),
                    "\(name): insets \(got.hitTestInsets), minimum \(got.minimumHitSize) for \(a.hitTestInsets), \(a.minimumHitSize)"
                )
            }
            #expect(live.invariantViolations().isEmpty)
        }
        // Exported and read back: the same bits.
        let exported = viaModel.makeScene()
        for (name, a) in Self.awkward {
            let v = try #require(exported.view(withID: name))
            #expect(bitwiseEqual(v.bounds, a.bounds), "\(name) exported: \(v.bounds)")
            #expect(
                bitwiseEqual(v.attributes.hitTestInsets, a.hitTestInsets)
                    && bitwiseEqual(v.attributes.minimumHitSize, a.minimumHitSize),
                "\(name) exported: insets \(v.attributes.hitTestInsets), minimum \(v.attributes.minimumHitSize)")
        }
    }

    @Test func editsMoveBoundsBetweenTheRecordAndTheRareEntry() throws {
        let (scene, _) = Self.scene()
        let live = try LiveIndex(scene)
        let plain = try #require(live.handle(forID: "plain"))
        // Each awkward value in turn on the plain view, then back to plain: exact every time, and
        // no rare entry left over at the end.
        for (name, a) in Self.awkward + [Self.awkward.last!] {
            #expect(live.setAttributes(plain, a))
            try live.commit()
            let got = try #require(live.attributes(of: plain))
            #expect(bitwiseEqual(got.bounds, a.bounds), "plain set to \(name): \(got.bounds) for \(a.bounds)")
            #expect(
                bitwiseEqual(got.hitTestInsets, a.hitTestInsets) && bitwiseEqual(got.minimumHitSize, a.minimumHitSize),
                "plain set to \(name): insets \(got.hitTestInsets), minimum \(got.minimumHitSize)")
            #expect(got == a, "plain set to \(name)")
        }
        #expect(live.store.state.slots[plain.storeSlot.index].rare == .none, "a plain view keeps no rare entry")
        // Bounds alone go to a bounds entry; with insets or a minimum size, to a rare entry.
        for (name, place) in [
            ("rounding", "bounds"), ("negative size", "bounds"), ("-0 origin", "bounds"), ("insets", "insets"),
            ("expanded target", "insets"), ("insets, rounding", "rare"), ("growing minimum", "rare"),
        ] {
            let v = try #require(live.handle(forID: name))
            let ref = live.store.state.slots[v.storeSlot.index].rare
            let kept = place == "bounds" ? ref.isBounds : place == "insets" ? ref.isInsets : ref.isRare
            #expect(kept, "\(name) keeps its values in \(ref), expected a \(place) entry")
        }
    }

    @Test func boundsMoveBetweenTheirEntryAndARareEntry() throws {
        // The rounding view gains insets (its bounds join them in a rare entry), loses them
        // (back to a bounds entry), then gets decodable bounds (no entry): the values stay exact
        // and each pool gets its entry back.
        let (scene, _) = Self.scene()
        let live = try LiveIndex(scene)
        let rounding = try #require(live.handle(forID: "rounding"))
        let start = try #require(live.attributes(of: rounding))
        let (rares, bounds) = (live.store.state.rares.count, live.store.state.boundsEntries.count)
        var inset = start
        inset.hitTestInsets = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        var decodable = start
        decodable.bounds = Rect(x: 0, y: 0, width: 20, height: 30)
        for (step, a, place) in [
            ("insets", inset, "rare"), ("back", start, "bounds"), ("decodable", decodable, "none"),
        ] {
            #expect(live.setAttributes(rounding, a))
            try live.commit()
            let got = try #require(live.attributes(of: rounding))
            #expect(got == a && bitwiseEqual(got.bounds, a.bounds), "\(step): \(got.bounds) for \(a.bounds)")
            let ref = live.store.state.slots[rounding.storeSlot.index].rare
            let want = place == "rare" ? ref.isRare : place == "bounds" ? ref.isBounds : ref == .none
            #expect(want, "\(step): \(ref), expected \(place)")
            #expect(live.invariantViolations().isEmpty, "\(step)")
        }
        // Freed entries are reused, so neither pool grew past one more entry.
        #expect(live.store.state.rares.count <= rares + 1 && live.store.state.boundsEntries.count == bounds)
    }

    @Test func theCheckerCatchesBoundsKeptOrDroppedWrongly() throws {
        let (scene, _) = Self.scene()
        let live = try LiveIndex(scene)
        let store = live.store
        // A rare entry keeping bounds its hit rect already gives back (the scrolled view's).
        let scrolled = try #require(live.handle(forID: "scrolled, exact"))
        store.updateRare(scrolled.storeSlot) { rare in
            rare.storesBounds = true
            rare.bounds = Rect(x: 0, y: 7.5, width: 20, height: 30)
        }
        #expect(store.invariantViolations().contains { "\($0)".contains("decodes to") })
    }

    @Test func bitwiseEqualityComparesEveryByte() {
        // Whole words, a tail shorter than a word, signed zeros, NaN payloads, the last byte.
        #expect(
            bitwiseEqual(Rect(x: 0.1, y: 0.3, width: 0.2, height: 0.6), Rect(x: 0.1, y: 0.3, width: 0.2, height: 0.6)))
        #expect(!bitwiseEqual(Rect(x: 0, y: 0, width: 1, height: 2), Rect(x: 0, y: 0, width: 1, height: 2.0.nextUp)))
        #expect(!bitwiseEqual(0.0, -0.0) && bitwiseEqual(-0.0, -0.0))
        #expect(!bitwiseEqual(Double(bitPattern: 0x7FF8_0000_0000_0001), Double(bitPattern: 0x7FF8_0000_0000_0002)))
        #expect(bitwiseEqual(Double.nan, Double.nan), "the same NaN bits are equal, unlike ==")
        #expect(!bitwiseEqual(Float(1), Float(1).nextUp) && bitwiseEqual(Float(-0.0), Float(-0.0)))
        // 12 bytes: one word and a 4-byte tail, differing only in the tail's last byte.
        let a = (UInt64(7), UInt32(0x0100_0000))
        let b = (UInt64(7), UInt32(0x0200_0000))
        #expect(!bitwiseEqual(a, b) && bitwiseEqual(a, a))
        #expect(!bitwiseEqual(UInt8(1), UInt8(2)) && bitwiseEqual(UInt8(3), UInt8(3)))
    }

    @Test func theCheckerCatchesABrokenBoundsEntry() throws {
        // Freed while held, leaked, or widened into a full rare entry (the rounding view's).
        try SideEntryCorruptions.expectCaught(
            pool: "bounds entries", place: "a bounds entry", in: Self.scene().0, view: "rounding",
            allocate: { _ = $0.state.boundsEntries.allocate(.empty) },
            widen: { store, ref, rare in
                rare.storesBounds = true
                rare.bounds = store.state.boundsEntries[ref.index].bounds
            })
        // The same for an insets entry (the expanded target's).
        try SideEntryCorruptions.expectCaught(
            pool: "insets entries", place: "an insets entry", in: Self.scene().0, view: "expanded target",
            allocate: { _ = $0.state.insetsEntries.allocate(.empty) },
            widen: { store, ref, rare in rare.insets = store.state.insetsEntries[ref.index].insets })
        // A bounds entry that no longer gives the record's hit rect. (One that still does — a
        // width one ulp off whose far edge rounds the same — cannot be told from the truth: the
        // entry is the only copy of those bits.)
        let moved = try SideEntryCorruptions.violations(Self.scene().0, view: "rounding") { store, v in
            let ref = store.state.slots[v.index].rare
            store.state.boundsEntries.update(ref.index) { $0.bounds.size.width += 1 }
        }
        #expect(moved.contains { $0.contains("differs from its attributes") }, "\(moved)")
    }
}
