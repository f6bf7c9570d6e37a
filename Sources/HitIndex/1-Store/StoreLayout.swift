/// The byte layout of every record the index keeps, pinned: what a view costs is the sum of these
/// sizes, and the search's hot loops read some fields at literal offsets, so a field added,
/// reordered or widened must show up here as a deliberate change, not as a silent growth in bytes
/// per view (Box2D pins its records with `_Static_assert` the same way).
///
/// Swift has no compile-time assertion: every store checks the table when it is created (once
/// per store, O(records listed)), and the tests check it too.
enum StoreLayout {
    /// One record's expected size, stride and alignment, and why it is that size.
    struct Pin {
        var name: String
        var size: Int
        var stride: Int
        var alignment: Int
        var actual: (size: Int, stride: Int, alignment: Int)
        var reason: String

        init<T>(_ type: T.Type, size: Int, stride: Int? = nil, alignment: Int, _ reason: String) {
            name = String(describing: type)
            self.size = size
            self.stride = stride ?? size
            self.alignment = alignment
            actual = (MemoryLayout<T>.size, MemoryLayout<T>.stride, MemoryLayout<T>.alignment)
            self.reason = reason
        }
    }

    /// Every record of the live store and the flat index, with the layout the design counts on.
    static var pins: [Pin] {
        [
            Pin(
                ViewRecord.self, size: 88, alignment: 8,
                "one record a view: Float geometry, reach, links and flags in 64 bytes; then what a hit returns"),
            Pin(CompactGeometry.self, size: 32, alignment: 4, "a record's geometry as eight Floats"),
            Pin(RecordGeometry.self, size: 64, alignment: 8, "the Double geometry of a view whose Floats would round"),
            Pin(
                ViewExtra.self, size: 128, alignment: 8,
                "transformed, rounded, redirected views, indexed containers and windows off level 0"
            ),
            Pin(SlotState.self, size: 16, alignment: 4, "the writer's entry a view: order, order leaf, lane, rare"),
            Pin(
                RareAttributes.self, size: 122, stride: 128, alignment: 8,
                "anchor, insets, minimum size, alpha, windows"),
            Pin(BoundsEntry.self, size: 32, alignment: 8, "the bounds a hit rect does not decode to, alone"),
            Pin(InsetsEntry.self, size: 32, alignment: 8, "the insets the bounds decode through, alone"),
            Pin(AlphaEntry.self, size: 4, alignment: 4, "an alpha other than 1, alone"),
            Pin(RareRef.self, size: 4, alignment: 4, "a rare, bounds, insets or alpha entry reference is one word"),
            Pin(OrderBlock.self, size: 144, alignment: 16, "an order node: 32 subviews, or 16 children, counts"),
            Pin(LiveStore.NodeMeta.self, size: 12, alignment: 4, "a hierarchy node's writer-side place"),
            Pin(ChildBVH.LeafBlock.self, size: 192, alignment: 16, "eight Float intervals, keys and slots"),
            Pin(ChildBVH.Block.self, size: 192, alignment: 16, "eight Float boxes, keys and children"),
            Pin(ChildBVH.Node.self, size: 4, alignment: 4, "a node reference is one word"),
            Pin(ChildBVH.Lane.self, size: 4, alignment: 4, "a lane reference is one word"),
            Pin(ChildOrder.self, size: 4, alignment: 4, "an order tree's root or a small count, one word"),
            Pin(ChildBVH.Label.self, size: 4, alignment: 4, "a sibling label is one word"),
            Pin(Slot.self, size: 4, alignment: 4, "a slot is one word (records, lanes, handles)"),
            Pin(OrderNode.self, size: 4, alignment: 4, "an order node reference is one word"),
            Pin(IDRef.self, size: 8, alignment: 8, "an id's offset and length in the id bytes"),
            Pin(FBox.self, size: 16, alignment: 4, "a Float box"),
            Pin(ViewFlags.self, size: 2, alignment: 2, "the flags a query tests"),
            Pin(NodeGeometry.self, size: 64, alignment: 8, "the flat index's first line a view"),
            Pin(NodeLinks.self, size: 16, alignment: 4, "the flat index's links and flags a view"),
        ]
    }

    /// Each pin of ``pins`` the compiled layout does not match, described.
    /// - Complexity: O(records listed).
    static var violations: [String] { violations(of: pins) }

    /// Each of `pins` the compiled layout does not match, described.
    /// - Complexity: O(pins).
    static func violations(of pins: [Pin]) -> [String] {
        var problems = pins.compactMap { pin -> String? in
            let (size, stride, alignment) = pin.actual
            guard size != pin.size || stride != pin.stride || alignment != pin.alignment else { return nil }
            return "\(pin.name) (\(pin.reason)): size \(size), stride \(stride), alignment \(alignment); "
                + "pinned at \(pin.size), \(pin.stride), \(pin.alignment)"
        }
        // What the search reads of a view is its record's first 64 bytes.
        if MemoryLayout<ViewRecord>.offset(of: \ViewRecord.generation) != 64 {
            problems.append("ViewRecord: what the search reads does not end at byte 64")
        }
        return problems
    }

    /// Checked once a process, by the first store made.
    static let verified: Bool = {
        check()
        return true
    }()

    /// Traps when a record's layout moved from its pin, or a hot loop's literal offsets from the
    /// compiled layout.
    /// - Complexity: O(records listed).
    static func check() {
        ChildBVH.checkLayouts()
        let problems = violations
        precondition(problems.isEmpty, "record layouts changed: " + problems.joined(separator: "; "))
    }
}
