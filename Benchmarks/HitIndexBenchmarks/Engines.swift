import HitIndex
import HitIndexReference

/// A hit-testing engine as the harness drives it. Engines are immutable after build and may be
/// queried from several threads at once, each with its own ``Context`` (scratch memory made once
/// per thread, so that a query itself need not allocate).
protocol BenchEngine: Sendable {
    associatedtype Context
    associatedtype Answer

    func makeContext() -> Context
    func hitTest(_ p: Point, _ context: inout Context) -> Answer
    /// A cheap value that depends on the answer (summed into a sink so no query is optimized away).
    func token(_ answer: Answer) -> UInt
    /// The answer's position in paint order (the FlatScene order), -1 for none. Not timed.
    func paintIndex(_ answer: Answer) -> Int
    /// The resident bytes the engine's queries need, and what they are.
    var memory: MemoryAccount { get }
    /// The recursion depth a query may reach (0 when the engine does not recurse).
    var recursionDepth: Int { get }
}

/// The bytes an engine holds, itemised.
struct MemoryAccount {
    var items: [(String, Int)] = []
    var total: Int { items.reduce(0) { $0 + $1.1 } }

    mutating func add<T>(_ name: String, _ count: Int, _: T.Type) {
        items.append((name, count * MemoryLayout<T>.stride))
    }

    mutating func add(_ name: String, bytes: Int) { items.append((name, bytes)) }
}

/// The bytes of a FlatScene's columns (count × stride).
///
/// The id table (`idOffsets`, `idBytes`) is internal to HitIndex, so it is counted from the
/// scene's ids: 4 bytes per offset plus the ids' UTF-8 bytes.
func flatSceneMemory(_ flat: FlatScene, idBytes: Int) -> MemoryAccount {
    var m = MemoryAccount()
    m.add("geometry", flat.geometry.count, NodeGeometry.self)
    m.add("links", flat.links.count, NodeLinks.self)
    m.add("extras", flat.extras.count, NodeExtra.self)
    m.add("predicates", flat.predicates.count, (@Sendable (Point) -> Bool).self)
    m.add("roots", flat.roots.count, ViewIndex.self)
    m.add("idOffsets", flat.count + 1, UInt32.self)
    m.add("idBytes", bytes: idBytes)
    return m
}

/// The UTF-8 bytes of every id of a scene.
func totalIDBytes(_ scene: Scene) -> Int {
    var n = 0
    scene.forEachView { v, _ in n += v.id.utf8.count }
    return n
}

// MARK: - index

/// The product: a `LiveIndex` loaded from the scene, queried as `HitTestIndex` queries (by
/// paint-order position, through the snapshot it published). The live index is kept, so that
/// its memory is what an engine that edits holds: the snapshot's columns and the writer's.
final class IndexEngine: BenchEngine, @unchecked Sendable {
    // @unchecked Sendable: the live index is never edited after init (it is held for its memory
    // account); reader threads query only `index`, which reads the immutable published snapshot.
    let live: LiveIndex
    let index: HitTestIndex
    let memory: MemoryAccount
    /// The bytes published snapshots read, and those only the writer keeps.
    let snapshotBytes: Int
    let writerBytes: Int

    init(_ scene: Scene, idBytes: Int) throws {
        live = try LiveIndex(scene)
        index = HitTestIndex(freshlyLoaded: live.snapshot)
        let account = live.memoryAccount
        var m = MemoryAccount()
        for item in account { m.add("\(item.part.rawValue): \(item.structure)", bytes: item.bytes) }
        memory = m
        snapshotBytes = account.filter { $0.part == .snapshot }.reduce(0) { $0 + $1.bytes }
        writerBytes = m.total - snapshotBytes
    }

    func makeContext() {}

    @inline(__always)
    func hitTest(_ p: Point, _ context: inout Void) -> ViewIndex? { index.hitTest(p) }

    @inline(__always)
    func token(_ answer: ViewIndex?) -> UInt { UInt(answer?.rawValue ?? 0x8000_0000) }

    func paintIndex(_ answer: ViewIndex?) -> Int { answer.map { $0.position } ?? -1 }

    var recursionDepth: Int { 0 }
}

// MARK: - reference

/// The recursive oracle, `ReferenceHitTester().hitTest(scene, at:)`, on the object model.
///
/// Its queries only read the scene (strong and weak loads are atomic), so two threads may run it
/// at once. `@unchecked Sendable` because `Scene` and `View` are not marked Sendable.
final class ReferenceEngine: BenchEngine, @unchecked Sendable {
    let scene: Scene
    let tester = ReferenceHitTester()
    let depth: Int
    /// View → paint-order position and back, for validation only (built untimed).
    let positions: [ObjectIdentifier: Int]
    let ordered: [View]
    let memory: MemoryAccount

    init(_ scene: Scene, modelBytes: Int?) {
        self.scene = scene
        self.depth = scene.depth
        var positions: [ObjectIdentifier: Int] = [:]
        positions.reserveCapacity(1024)
        // The FlatScene order: windows back to front, each in preorder.
        var stack: [View] = []
        var ordered: [View] = []
        for w in scene.windowsFrontToBack.reversed() {
            stack.append(w)
            while let v = stack.popLast() {
                positions[ObjectIdentifier(v)] = ordered.count
                ordered.append(v)
                stack.append(contentsOf: v.subviews.reversed())
            }
        }
        self.positions = positions
        self.ordered = ordered
        var m = MemoryAccount()
        // Without the malloc interposer (not glibc) the model's size is not measured: the account
        // stays empty and the report prints no bytes per view for the reference.
        if let modelBytes { m.add("object model (measured heap)", bytes: modelBytes) }
        memory = m
    }

    func makeContext() {}

    @inline(__always)
    func hitTest(_ p: Point, _ context: inout Void) -> View? { tester.hitTest(scene, at: p) }

    @inline(__always)
    func token(_ answer: View?) -> UInt { answer.map { UInt(bitPattern: ObjectIdentifier($0)) } ?? 1 }

    func paintIndex(_ answer: View?) -> Int { answer.map { positions[ObjectIdentifier($0)]! } ?? -1 }

    var recursionDepth: Int { depth }
}
