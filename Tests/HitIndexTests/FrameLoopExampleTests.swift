import HitIndex
import HitIndexReference
import Testing

/// The README's integrator frame loop, run as written (with fewer frames), against the reference
/// on an object model that receives the same edits. The example's code is between the
/// `// README:` markers; keep the two in step.
@Suite struct FrameLoopExampleTests {
    @Test func theReadmeFrameLoopAnswersAsTheReference() throws {
        // README: begin (setup)
        // An engine's list: cells 44 pt tall in a scroll view. Each cell carries the engine's own
        // row number as its user value, which every hit returns.
        let window = Window(id: "Window", frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let list = View(id: "List", frame: Rect(x: 0, y: 0, width: 390, height: 844))
        window.addSubview(list)
        let index = try LiveIndex(Scene(windows: [window]))
        let listHandle = index.handle(forID: "List")!
        index.setUserValue(listHandle, .max)  // no row is .max: a hit on the list itself says so
        var cells: [ViewHandle] = []
        for row in 0..<1_000 {
            let cell = View(id: "Cell\(row)", frame: Rect(x: 0, y: Double(row) * 44, width: 390, height: 44))
            cells.append(index.insert(cell, into: listHandle, userValue: UInt64(row))!)
        }
        try index.commit()
        // README: end

        // The model the reference reads: the same views, edited alike.
        let modelWindow = Window(id: "Window", frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let modelList = View(id: "List", frame: Rect(x: 0, y: 0, width: 390, height: 844))
        modelWindow.addSubview(modelList)
        var modelCells: [View] = []
        // The user value each view was given: its row for a cell, .max for the list, 0 (the
        // default) for the window.
        var rowOfID: [String: UInt64] = ["Window": 0, "List": .max]
        for row in 0..<1_000 {
            let cell = View(id: "Cell\(row)", frame: Rect(x: 0, y: Double(row) * 44, width: 390, height: 44))
            modelList.addSubview(cell)
            modelCells.append(cell)
            rowOfID[cell.id] = UInt64(row)
        }
        let model = Scene(windows: [modelWindow])
        let reference = ReferenceHitTester()

        let first = index.snapshot
        let firstAnswers = (0..<100).map { first.hitTest(Point(x: 200, y: Double($0) * 8.44)) }

        // README: begin (frame)
        let points = (0..<100).map { Point(x: 200, y: Double($0) * 8.44) }
        var offset = 0.0
        var nextRow = 1_000
        for frame in 0..<30 {
            offset += 7.5
            index.scroll(listHandle, to: Point(x: 0, y: offset))  // O(1), however many cells
            let slid = Rect(x: 20, y: Double(frame) * 44, width: 390, height: 44)
            index.setFrame(cells[frame], slid)  // slide one cell
            let new = View(id: "Cell\(nextRow)", frame: Rect(x: 0, y: Double(nextRow) * 44, width: 390, height: 44))
            cells.append(index.insert(new, into: listHandle, userValue: UInt64(nextRow))!)
            rowOfID[new.id] = UInt64(nextRow)
            nextRow += 1
            let gone = cells.remove(at: frame + 1)
            index.remove(gone)  // its handle is stale from now on
            let snapshot = try index.commit()  // readers holding older snapshots keep them
            for point in points {
                if let hit = snapshot.hitTest(point), hit.userValue != .max {
                    _ = hit.userValue  // the engine's row: no lookup, no allocation
                    // README: end (frame)
                    #expect(snapshot.id(of: hit.handle).flatMap { rowOfID[$0] } == hit.userValue, "frame \(frame)")
                }
            }
            #expect(!index.contains(gone) && !snapshot.contains(gone), "frame \(frame)")
            #expect(!index.remove(gone), "frame \(frame): a stale handle is refused")
            index.discard()

            modelList.bounds.origin = Point(x: 0, y: offset)
            modelCells[frame].frame = slid
            modelList.addSubview(new)
            modelCells.append(new)
            modelCells.remove(at: frame + 1).removeFromSuperview()

            let want = reference.hitTest(model, at: points).map { $0?.id }
            let got = points.map { p in snapshot.hitTest(p).flatMap { snapshot.id(of: $0.handle) } }
            #expect(got == want, "frame \(frame)")
            #expect(index.invariantViolations().isEmpty, "frame \(frame)")
        }
        // The snapshot taken before the first frame still answers for the list as it was.
        #expect(points.map { first.hitTest($0) } == firstAnswers)
        #expect(firstAnswers.compactMap { $0?.userValue } == points.map { UInt64($0.y / 44) })
    }
}
