import Testing

@testable import HitIndex

/// Checking one leaf for an insert takes a path of its own (no sets of ids and views): it must
/// refuse and accept exactly what the subtree path does. Each case checks the leaf alone and
/// the leaf as the first of two roots (which takes the subtree path), against the field written
/// here, and the two errors against each other.
@Suite struct LeafValidationTests {
    /// A store holding window "W" with subview "A", and a leaf to check.
    private static func store() throws -> LiveStore {
        let window = Window(id: "W", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(View(id: "A", frame: Rect(x: 0, y: 0, width: 50, height: 50)))
        let live = try LiveIndex(Scene(windows: [window]))
        return live.store
    }

    private static func leaf(_ id: String) -> View { View(id: id, frame: Rect(x: 1, y: 2, width: 3, height: 4)) }

    /// The field of the error `body` throws, nil when it throws none; and the error.
    private static func outcome(_ body: () throws(SceneError) -> Void) -> (field: String?, error: SceneError?) {
        do {
            try body()
            return (nil, nil)
        } catch {
            return (error.field, error)
        }
    }

    @Test func oneLeafIsCheckedAsASubtreeIs() throws {
        // Redirect targets are weak: the targets of no scene are kept alive here.
        let elsewhere = Self.leaf("A")  // a view of no scene with a live view's id
        let ghost = Self.leaf("ghost")
        let cases: [(name: String, make: () -> View, field: String?)] = [
            ("a plain leaf", { Self.leaf("fresh") }, nil),
            ("an empty id", { Self.leaf("") }, "id"),
            ("a live view's id", { Self.leaf("A") }, "id"),
            ("the window's id", { Self.leaf("W") }, "id"),
            (
                "a NaN center",
                {
                    let v = Self.leaf("nan")
                    v.center = Point(x: .nan, y: 0)
                    return v
                }, "center"
            ),
            (
                "a negative alpha",
                {
                    let v = Self.leaf("faded")
                    v.alpha = -0.5
                    return v
                }, "alpha"
            ),
            (
                "a redirect to itself",
                {
                    let v = Self.leaf("self")
                    v.redirectTarget = v
                    return v
                }, nil
            ),
            (
                "a redirect to a view with a live view's id",
                {
                    let v = Self.leaf("toA")
                    v.redirectTarget = elsewhere
                    return v
                }, nil
            ),
            (
                "a redirect to a view of no scene",
                {
                    let v = Self.leaf("toGhost")
                    v.redirectTarget = ghost
                    return v
                }, "redirectTarget"
            ),
            (
                "an empty id before a bad redirect",
                {
                    let v = Self.leaf("")
                    v.redirectTarget = ghost
                    return v
                }, "id"
            ),
        ]
        for (name, make, field) in cases {
            let store = try Self.store()
            let leaf = make()
            let alone = Self.outcome { () throws(SceneError) in try store.validate([leaf]) }
            let first = Self.outcome { () throws(SceneError) in try store.validate([leaf, Self.leaf("companion")]) }
            #expect(alone.field == field, "\(name): the leaf alone")
            #expect(first.field == field, "\(name): the leaf as the first of two roots")
            #expect(alone.error == first.error, "\(name): the same error either way")
        }
    }

    @Test func aWindowLeafIsCheckedWithItsLevel() throws {
        let store = try Self.store()
        let window = Window(id: "W2", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let alone = Self.outcome { () throws(SceneError) in try store.validate([window], levels: [.infinity]) }
        let first = Self.outcome { () throws(SceneError) in
            try store.validate([window, Self.leaf("companion")], levels: [.infinity, 0])
        }
        #expect(alone.field == "level")
        #expect(alone.error == first.error)
        #expect(Self.outcome { () throws(SceneError) in try store.validate([window], levels: [2]) }.field == nil)
    }
}
