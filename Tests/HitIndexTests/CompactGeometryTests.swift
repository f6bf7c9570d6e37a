import HitIndexFixtures
import HitIndexReference
import Testing

@testable import HitIndex

/// A record keeps its geometry as eight `Float`s when each widens back to the exact `Double`,
/// and in a 64-byte wide entry otherwise. The encoder must refuse every value `Float` cannot
/// give back bit for bit, views of both kinds must answer as the reference does (at their
/// edges and one ulp past them), edits must move a view between the two and give wide entries
/// back, and the checker must catch a broken encoding.
@Suite struct CompactGeometryTests {
    static func geometry(_ value: Double, at field: Int) -> RecordGeometry {
        var g = RecordGeometry(
            centerX: 10, centerY: 20, anchorOffsetX: 5, anchorOffsetY: 7.5, minX: 0, minY: 0, maxX: 10, maxY: 15)
        switch field {
        case 0: g.centerX = value
        case 1: g.centerY = value
        case 2: g.anchorOffsetX = value
        case 3: g.anchorOffsetY = value
        case 4: g.minX = value
        case 5: g.minY = value
        case 6: g.maxX = value
        default: g.maxY = value
        }
        return g
    }

    @Test func thePlainScaleKeepsExactlyWhatFloatGivesBack() {
        // Each value in each of the eight places: plain exactly when Float holds it.
        let exact: [Double] = [
            0, -0.0, 1, -1, 0.5, 1.0 / 1024, 16_777_216, -16_777_216, 1e9, .infinity, -.infinity, Double.nan,
            Double(Float.greatestFiniteMagnitude), Double(Float.leastNormalMagnitude),
            Double(Float.leastNonzeroMagnitude), 3.25,
        ]
        let inexact: [Double] = [
            0.1, 1.0 / 3, 33.3, 16_777_217, 1e300, -1e300, 1e-300, Double(Float.greatestFiniteMagnitude) * 2,
            Double(Float.leastNonzeroMagnitude) / 2, 1.0.nextUp, Double(bitPattern: 0x7FF8_0000_0000_0001),
        ]
        for field in 0..<8 {
            for v in exact {
                let g = Self.geometry(v, at: field)
                let compact = CompactGeometry(plain: g)
                #expect(compact != nil, "\(v) in field \(field) fits a Float")
                if let compact {
                    #expect(bitwiseEqual(compact.decoded(.plain), g), "\(v) in field \(field) widens back")
                }
                #expect(CompactGeometry.encode(g)?.1 == .plain, "\(v) in field \(field): plain first")
            }
            for v in inexact {
                #expect(CompactGeometry(plain: Self.geometry(v, at: field)) == nil, "\(v) in field \(field)")
            }
        }
        // -0 keeps its sign: 0 and -0 encode to different bits.
        let plus = CompactGeometry(plain: Self.geometry(0, at: 4))!
        let minus = CompactGeometry(plain: Self.geometry(-0.0, at: 4))!
        #expect(plus.minX.bitPattern != minus.minX.bitPattern)
        // A wide record's compact geometry carries its entry's position.
        #expect(CompactGeometry(wide: 123_456).wideIndex == 123_456)
    }

    /// A view placed in pixels divided by a screen's scale (or in decimals read from a file), as
    /// a model makes it from a frame: origin a / s, size b / s, center origin + size / 2.
    static func placed(_ a: Double, _ b: Double, _ c: Double, _ e: Double, scale s: Double) -> RecordGeometry {
        let (x, y, w, h) = (a / s, b / s, c / s, e / s)
        let attributes = ViewAttributes(
            bounds: Rect(x: 0, y: 0, width: w, height: h), center: Point(x: x + 0.5 * w, y: y + 0.5 * h))
        return RecordGeometry(attributes.placement, attributes.hitRegion)
    }

    @Test func scalesGiveBackPixelsDividedByAScreensScale() {
        var rng = SeededGenerator(seed: 2611)
        for s in [3.0, 3.5, 2.625, 1.5, 10, 100] {
            var plain = 0
            for k in 0..<2_000 {
                let g = Self.placed(
                    Double(rng.int(in: 0...2_880)), Double(rng.int(in: 0...5_120)), Double(rng.int(in: 1...1_440)),
                    Double(rng.int(in: 1...2_560)), scale: s)
                guard let (compact, scale) = CompactGeometry.encode(g) else {
                    Issue.record("seed 2611, scale \(s), view \(k): \(g) not encoded")
                    continue
                }
                #expect(bitwiseEqual(compact.decoded(scale), g), "seed 2611, scale \(s), view \(k)")
                if scale == .plain { plain += 1 }
            }
            // Most such values are not Floats: the scale, not luck, encodes them.
            #expect(plain < 1_000, "scale \(s): \(plain) of 2,000 plain")
        }
        // Values no scale gives back stay wide: a random mantissa, an odd integer past 2^24.
        for v in [0.123_456_789_012_3, 16_777_217.5, 1e-30] {
            #expect(CompactGeometry.encode(Self.geometry(v, at: 4)) == nil, "\(v)")
        }
        // A decoded geometry that differs from the encoder's input in one ulp is refused.
        let g = Self.placed(100, 200, 301, 401, scale: 3)
        var off = g
        off.centerX = off.centerX.nextUp
        if let (compact, scale) = CompactGeometry.encode(off) {
            #expect(bitwiseEqual(compact.decoded(scale), off), "an encoding must decode to its input")
        }
    }

    /// Views of both kinds side by side, each with its edges at awkward values.
    static func scene() -> Scene {
        let window = Window(id: "W", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let frames: [(String, Rect)] = [
            ("integers", Rect(x: 10, y: 10, width: 40, height: 30)),
            ("halves", Rect(x: 60.5, y: 10.5, width: 20.5, height: 30)),
            ("thirds", Rect(x: 100 + 1.0 / 3, y: 10, width: 40.0 / 3, height: 100.0 / 3)),
            ("tenths", Rect(x: 150.1, y: 10.2, width: 20.3, height: 30.7)),
            // Past 2^24 Floats are even integers: the center 16,777,222.5 is not one.
            ("far", Rect(x: 16_777_217, y: 10, width: 11, height: 10)),
            ("tiny", Rect(x: 200, y: 10, width: 1e-30, height: 1e-30)),
            ("odd", Rect(x: 230.123_456_789, y: 10, width: 20, height: 20)),
        ]
        for (id, frame) in frames { window.addSubview(View(id: id, frame: frame)) }
        // Hidden, so that its geometry changes no reach: a corrupted entry is seen by the pool
        // and geometry checks alone.
        let hidden = View(id: "hidden", frame: Rect(x: 300.123_456_789, y: 10, width: 10, height: 10))
        hidden.isHidden = true
        window.addSubview(hidden)
        let hiddenIntegers = View(id: "hidden-integers", frame: Rect(x: 300, y: 40, width: 10, height: 10))
        hiddenIntegers.isHidden = true
        window.addSubview(hiddenIntegers)
        // A wide container of mixed cells, so that lanes are built from both kinds.
        let sheet = View(id: "sheet", frame: Rect(x: 0, y: 100, width: 400, height: 300))
        for k in 0..<40 {
            let x = Double(k % 8) * 50 + (k.isMultiple(of: 3) ? 0.1 : 0) + (k == 7 ? 0.123_456_789 : 0)
            let y = Double(k / 8) * 50 + (k.isMultiple(of: 5) ? 1.0 / 3 : 0)
            sheet.addSubview(View(id: "c\(k)", frame: Rect(x: x, y: y, width: 49.5, height: 49)))
        }
        window.addSubview(sheet)
        return Scene(windows: [window])
    }

    /// Every view's edges, one ulp inside and outside them, and its center, against the
    /// reference.
    static func expectAgreement(_ live: LiveIndex, _ scene: Scene, _ label: String) {
        let snapshot = live.snapshot
        var points: [Point] = []
        scene.forEachView { v, _ in
            let b = v.bounds
            let low = v.convertToScreen(b.origin)
            let high = v.convertToScreen(Point(x: b.origin.x + b.size.width, y: b.origin.y + b.size.height))
            for x in [low.x, low.x.nextDown, high.x, high.x.nextDown, (low.x + high.x) / 2] {
                for y in [low.y, low.y.nextDown, high.y, high.y.nextDown, (low.y + high.y) / 2] {
                    points.append(Point(x: x, y: y))
                }
            }
        }
        let reference = ReferenceHitTester()
        var disagreements = 0
        for p in points {
            let expected = reference.hitTest(scene, at: p)?.id
            let got = snapshot.hitTest(p).flatMap { snapshot.id(of: $0.handle) }
            if expected != got {
                disagreements += 1
                if disagreements <= 5 {
                    Issue.record(
                        "\(label): at \(p) the reference gives \(expected ?? "nil"), the index \(got ?? "nil")")
                }
            }
        }
        #expect(points.count > 100)
        #expect(disagreements == 0, "\(label): \(disagreements) of \(points.count) points disagree")
    }

    @Test func bothKindsAnswerAsTheReference() throws {
        let scene = Self.scene()
        for live in [try LiveIndex(scene), try LiveIndex(views: scene.viewDefinitions())] {
            #expect(live.invariantViolations().isEmpty)
            let wide = live.store.state.records.reader
            func isWide(_ id: String) throws -> Bool {
                let v = try #require(live.handle(forID: id))
                return wide[v.storeSlot.index].flags.contains(.wideGeometry)
            }
            // Thirds and tenths are scaled; a 1e-30 size and an odd center past 2^24 are wide.
            #expect(try !isWide("integers") && !isWide("halves") && !isWide("thirds") && !isWide("tenths"))
            #expect(try isWide("far") && isWide("tiny") && isWide("odd"))
            // Cells c3 (x a tenth off) and c5 (y a third off) are scaled; c0 (both: no one scale)
            // and c7 (a random offset) are wide.
            #expect(try !isWide("c3") && !isWide("c5") && !isWide("c1") && isWide("c0") && isWide("c7"))
            #expect(try isWide("hidden"))
            let scales = try ["integers", "thirds", "tenths"].map { id in
                live.store.state.records[try #require(live.handle(forID: id)).storeSlot.index].scale.rawValue
            }
            #expect(scales == [0, 1, 3], "plain, thirds, tenths: \(scales)")
            Self.expectAgreement(live, scene, "loaded")
            // The exact geometry comes back through the attributes.
            let thirds = try #require(live.handle(forID: "thirds"))
            let model = try #require(scene.view(withID: "thirds"))
            let got = try #require(live.attributes(of: thirds))
            #expect(bitwiseEqual(got.bounds, model.bounds) && bitwiseEqual(got.center, model.center))
        }
    }

    @Test func editsMoveViewsBetweenCompactAndWide() throws {
        let scene = Self.scene()
        let live = try LiveIndex(scene)
        let pool = { live.store.state.wideGeometries.count }
        let start = pool()
        let halves = try #require(live.handle(forID: "halves"))
        let thirds = try #require(live.handle(forID: "thirds"))
        func isWide(_ v: ViewHandle) -> Bool {
            live.store.state.records[v.storeSlot.index].flags.contains(.wideGeometry)
        }
        let odd = try #require(live.handle(forID: "odd"))
        // A wide view becomes compact, a compact one wide: the entry is handed over, not added.
        // A scaled view becomes plain.
        #expect(live.setFrame(odd, Rect(x: 230, y: 10, width: 20, height: 20)))
        #expect(live.setFrame(halves, Rect(x: 60.123_456_789, y: 10.5, width: 20.5, height: 30)))
        #expect(live.setFrame(thirds, Rect(x: 100, y: 10, width: 40, height: 30)))
        try live.commit()
        #expect(isWide(halves) && !isWide(odd) && !isWide(thirds))
        #expect(live.store.state.records[thirds.storeSlot.index].scale == .plain)
        #expect(pool() == start, "the freed entry was reused: \(pool()) entries, \(start) before")
        #expect(live.invariantViolations().isEmpty)
        // A wide view edited to other wide values keeps its entry.
        let entry = live.store.state.records[halves.storeSlot.index].geometry.wideIndex
        #expect(live.setFrame(halves, Rect(x: 60.223_456_789, y: 10.5, width: 20.5, height: 30)))
        try live.commit()
        #expect(live.store.state.records[halves.storeSlot.index].geometry.wideIndex == entry)
        // The model mirrors the edits for the reference.
        scene.view(withID: "halves")!.frame = Rect(x: 60.223_456_789, y: 10.5, width: 20.5, height: 30)
        scene.view(withID: "thirds")!.frame = Rect(x: 100, y: 10, width: 40, height: 30)
        scene.view(withID: "odd")!.frame = Rect(x: 230, y: 10, width: 20, height: 20)
        Self.expectAgreement(live, scene, "edited")
        // Removing wide views gives their entries back.
        for id in ["halves", "tenths", "far", "tiny", "c7"] {
            #expect(live.remove(try #require(live.handle(forID: id))))
        }
        try live.commit()
        #expect(live.invariantViolations().isEmpty)
        let used = (1..<live.store.state.slots.count).filter { s in
            let r = live.store.state.records[s]
            return r.flags.contains(.live) && r.flags.contains(.wideGeometry)
        }.count
        #expect(live.store.state.wideGeometries.freePositions()?.count == pool() - 1 - used)
    }

    @Test func aHeldSnapshotKeepsItsWideGeometry() throws {
        // An edit rewrites a wide entry in place for the writer's version: the snapshot held from
        // before must still answer with the old geometry.
        let scene = Self.scene()
        let live = try LiveIndex(scene)
        let held = live.snapshot
        let odd = try #require(live.handle(forID: "odd"))
        let entry = live.store.state.records[odd.storeSlot.index].geometry.wideIndex
        let inside = Point(x: 240, y: 25)
        #expect(held.hitTest(inside).flatMap { held.id(of: $0.handle) } == "odd")
        #expect(live.setFrame(odd, Rect(x: 330.123_456_789, y: 10, width: 20, height: 20)))
        try live.commit()
        #expect(live.snapshot.hitTest(inside).flatMap { live.snapshot.id(of: $0.handle) } == "W")
        #expect(live.store.state.records[odd.storeSlot.index].geometry.wideIndex == entry, "rewritten in place")
        #expect(held.hitTest(inside).flatMap { held.id(of: $0.handle) } == "odd", "the held snapshot moved")
    }

    @Test func theCheckerCatchesABrokenEncoding() throws {
        func violations(_ corrupt: (LiveStore, (String) -> Slot) -> Void) throws -> [String] {
            let live = try LiveIndex(Self.scene())
            #expect(live.invariantViolations().isEmpty)  // the control
            corrupt(live.store) { live.handle(forID: $0)!.storeSlot }
            return live.invariantViolations().map(\.description)
        }
        // A wide entry whose Doubles no longer are the view's geometry.
        let moved = try violations { store, slot in
            let r = store.state.records[slot("hidden").index]
            store.state.wideGeometries.update(r.geometry.wideIndex) { $0.maxX += 1 }
        }
        #expect(moved.contains { $0.contains("differs from its attributes") }, "\(moved)")
        // Geometry that round-trips kept wide (the writer always keeps it compact).
        let widened = try violations { store, slot in
            let s = slot("integers")
            var r = store.state.records[s.index]
            let g = store.geometry(of: r)
            r.geometry = CompactGeometry(wide: UInt32(store.state.wideGeometries.allocate(g)))
            r.flags.insert(.wideGeometry)
            store.state.records.set(s.index, r)
        }
        #expect(widened.contains { $0.contains("round-trips through Floats") }, "\(widened)")
        // A scale the decoder does not know.
        let unknown = try violations { store, slot in
            store.state.records.update(slot("thirds").index) { $0.scale = GeometryScale(rawValue: 99) }
        }
        #expect(unknown.contains { $0.contains("geometry scale 99 unknown") }, "\(unknown)")
        // A scaled view's Floats read with another scale: its lane no longer fits it (a reach lane:
        // the exact interval of a view at thirds of a point has bounds no Float holds). (On a
        // hidden view the same corruption is a consistent geometry the checker cannot tell from
        // the truth: the record is the only copy of those values, as a bounds entry is of its own.)
        let rescaled = try violations { store, slot in
            store.state.records.update(slot("thirds").index) { $0.scale = GeometryScale(rawValue: 2) }
        }
        #expect(rescaled.contains { $0.contains("differs from its reach") }, "\(rescaled)")
        // The same with a view whose exact lane holds it (halves: Float bounds).
        let rescaledExact = try violations { store, slot in
            store.state.records.update(slot("halves").index) { $0.scale = GeometryScale(rawValue: 2) }
        }
        #expect(rescaledExact.contains { $0.contains("is not where the conversion reaches") }, "\(rescaledExact)")
        // Values kept scaled that the plain scale holds: decoded the same, but not the writer's
        // form.
        let uncanonical = try violations { store, slot in
            store.state.records.update(slot("hidden-integers").index) { r in
                // Plain: x 300, y 40, 10 by 10 (center 305, 45; anchor offset 5, 5).
                r.geometry.centerX = 900
                r.geometry.centerY = 120
                r.geometry.anchorOffsetX = 15
                r.geometry.anchorOffsetY = 15
                r.geometry.maxX = 30
                r.geometry.maxY = 30
                r.scale = GeometryScale(rawValue: 1)
            }
        }
        #expect(uncanonical.contains { $0.contains("not in the encoder's form") }, "\(uncanonical)")
        // A wide record naming an entry past the pool.
        let outOfRange = try violations { store, slot in
            store.state.records.update(slot("odd").index) { $0.geometry = CompactGeometry(wide: 1 << 30) }
        }
        #expect(outOfRange.contains { $0.contains("out of range") }, "\(outOfRange)")
        // Two views naming one entry.
        let shared = try violations { store, slot in
            let theirs = store.state.records[slot("odd").index].geometry
            store.state.records.update(slot("hidden").index) { $0.geometry = theirs }
        }
        #expect(shared.contains { $0.contains("shared") }, "\(shared)")
        // A wide entry nobody holds (a leak), and one freed while held.
        let leaked = try violations { store, _ in _ = store.state.wideGeometries.allocate(.zero) }
        #expect(leaked.contains { $0.contains("wide geometries:") }, "\(leaked)")
        let freed = try violations { store, slot in
            let r = store.state.records[slot("hidden").index]
            store.state.wideGeometries.free(r.geometry.wideIndex, leaving: .zero)
        }
        #expect(freed.contains { $0.contains("wide geometries: a position is both free and in use") }, "\(freed)")
    }
}
