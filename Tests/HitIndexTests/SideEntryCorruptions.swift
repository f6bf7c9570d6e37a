import Testing

@testable import HitIndex

/// The corruptions the checker must catch in every small pool of rare values (bounds, insets,
/// alpha entries): an entry given back while its view still holds it, an entry nobody holds,
/// and a view's one rare value widened into a full rare entry, which is not the smallest place.
enum SideEntryCorruptions {
    /// The checker's violations after `corrupt` runs on a fresh index of `scene`, given the
    /// slot of the view `id`; the fresh index itself must have none.
    static func violations(
        _ scene: Scene, view id: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ corrupt: (LiveStore, Slot) -> Void
    ) throws -> [String] {
        let live = try LiveIndex(scene)
        #expect(live.invariantViolations().isEmpty, "the control", sourceLocation: sourceLocation)
        corrupt(live.store, try #require(live.handle(forID: id), sourceLocation: sourceLocation).storeSlot)
        return live.invariantViolations().map(\.description)
    }

    /// Expects each of the three corruptions of `pool` (its name in the checker's messages, as
    /// "bounds entries") to be caught, on the view `id` of `scene`, which keeps its one rare
    /// value in that pool: `allocate` takes an entry nobody holds, `widen` copies the view's
    /// value from its entry into rare values, and `place` names the entry ("a bounds entry").
    static func expectCaught(
        pool: String, place: String, in scene: Scene, view id: String,
        allocate: (LiveStore) -> Void, widen: (LiveStore, RareRef, inout RareAttributes) -> Void,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let freed = try violations(scene, view: id, sourceLocation: sourceLocation) { store, v in
            store.freeRare(store.state.slots[v.index].rare)
        }
        #expect(
            freed.contains { $0.contains("\(pool): a position is both free and in use") }, "\(freed)",
            sourceLocation: sourceLocation)
        let leaked = try violations(scene, view: id, sourceLocation: sourceLocation) { store, _ in allocate(store) }
        #expect(
            leaked.contains { $0.contains("\(pool):") && $0.contains("in use") }, "\(leaked)",
            sourceLocation: sourceLocation)
        let widened = try violations(scene, view: id, sourceLocation: sourceLocation) { store, v in
            let ref = store.state.slots[v.index].rare
            var rare = RareAttributes.defaults
            widen(store, ref, &rare)
            let entry = RareRef.rare(store.state.rares.allocate(rare))
            store.freeRare(ref)
            store.state.slots.update(v.index) { $0.rare = entry }
        }
        #expect(
            widened.contains { $0.contains("a rare entry for values that need \(place)") }, "\(widened)",
            sourceLocation: sourceLocation)
    }
}
