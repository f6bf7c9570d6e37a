import HitIndex
import HitIndexEvents
import HitIndexSceneFormat

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#else
    #error("a C library module is needed: Glibc, Musl or Darwin")
#endif

// The event layer's libFuzzer target: the bytes become a small scene with touch keys and gesture
// recognizers (written as scene JSON, so the reader and the key parsers run too) and a sequence
// of input events and time steps. The dispatcher must never trap, and its bookkeeping
// (`invariantViolations()`) must hold after every step; a violation is reported and trapped on.
//
// Layout (every read past the end yields 0):
//   [0] mode: 0xFF → the rest is text, parsed as an events line and as a JSON value (the
//       parsers must refuse or accept, never trap); anything else → the structured case below.
//   Scene: W (0,0,300,300) ⊃ A (0,0,200,200) ⊃ B (50,50,100,100) ⊃ C (10,10,30,30), and S
//   (200,0,100,100) beside A. Per view W, A, B, C, S: [keys] bit 0 handlesTouches, bit 1
//   consume (else forward), bit 2 multipleTouchEnabled, bit 3 exclusiveTouch, bits 4–5 the
//   number of recognizers; per recognizer: [kind] % 8 (tap, longPress, pan, swipe, custom,
//   screenEdgePan, pinch, rotation),
//   [p] [q] parameters from small tables, [flags] bit 0 cancelsTouchesInView off, bit 1
//   delaysTouchesBegan, bit 2 delaysTouchesEnded off, bit 3 disabled, bit 4 requiresFailureOf
//   an earlier recognizer ([r]), bit 5 simultaneousWith an earlier one ([s]), bit 6 one delegate decision ([d]); custom reads
//   [continuous] and one byte per phase (began, moved, ended, cancelled) choosing no rule or a
//   state.
//   Bit 6 of [keys]: one more key from [m] (per-method handlesTouches, a control, or a scroll
//   view). Then up to 48 steps: [op] % 8 and its operands (op 6: an advance, or with an odd
//   [c] a responder command); ops that do not fit the live touches are skipped.

let printDecoded = getenv("HITINDEX_FUZZ_PRINT") != nil

struct Bytes {
    let data: UnsafeBufferPointer<UInt8>
    var offset = 0
    var isAtEnd: Bool { offset >= data.count }
    mutating func next() -> UInt8 {
        defer { offset += 1 }
        return offset < data.count ? data[offset] : 0
    }
    mutating func pick<T>(_ table: [T]) -> T { table[Int(next()) % table.count] }
}

let viewNames = ["W", "A", "B", "C", "S"]
let frames = ["[0, 0, 300, 300]", "[0, 0, 200, 200]", "[50, 50, 100, 100]", "[10, 10, 30, 30]", "[200, 0, 100, 100]"]
let distances = [0.0, 1, 10, 10.000000000000002, 50, 1000]
let durations = [0.01, 0.35, 0.5, 1.5, 1e-9, 100]
let counts = [1, 1, 2, 3]
let states = ["recognized", "began", "changed", "ended", "cancelled", "failed"]

/// The scene JSON and the recognizer ids the bytes describe.
func decodeScene(_ b: inout Bytes) -> String {
    var recognizerIDs: [String] = []
    var views: [String] = []
    for (i, name) in viewNames.enumerated() {
        let keys = b.next()
        var fields = ["\"id\": \"\(name)\"", "\"frame\": \(frames[i])"]
        if keys & 1 != 0 { fields.append("\"handlesTouches\": \"\(keys & 2 != 0 ? "consume" : "forward")\"") }
        if keys & 4 != 0 { fields.append("\"multipleTouchEnabled\": true") }
        if keys & 8 != 0 { fields.append("\"exclusiveTouch\": true") }
        var recognizers: [String] = []
        for _ in 0..<Int((keys >> 4) & 3) {
            let id = "g\(recognizerIDs.count)"
            var r = ["\"id\": \"\(id)\""]
            let kind = Int(b.next()) % 8
            let p = b.next()
            let q = b.next()
            switch kind {
            case 0:
                r += [
                    "\"kind\": \"tap\"", "\"taps\": \(counts[Int(p) % 4])", "\"touches\": \(counts[Int(p >> 2) % 4])",
                    "\"tolerance\": \(distances[Int(q) % distances.count])",
                    "\"maximumInterval\": \(durations[Int(q >> 3) % durations.count])",
                    "\"tapDistance\": \(distances[Int(p >> 4) % distances.count])",
                ]
            case 1:
                r += [
                    "\"kind\": \"longPress\"",
                    "\"minimumDuration\": \(Int(p) % 3 == 0 ? 0 : durations[Int(p) % durations.count])",
                    "\"touches\": \(counts[Int(q) % 4])", "\"taps\": \(Int(q >> 2) % 3)",
                ]
            case 2:
                r += [
                    "\"kind\": \"pan\"", "\"minimumDistance\": \(distances[Int(p) % distances.count])",
                    "\"minimumTouches\": \(counts[Int(q) % 4])", "\"maximumTouches\": \(3 + Int(q >> 2) % 2)",
                ]
            case 3:
                let dirs = ["\"right\"", "\"left\"", "\"up\"", "\"down\"", "[\"left\", \"down\"]"]
                r += [
                    "\"kind\": \"swipe\"", "\"direction\": \(dirs[Int(p) % dirs.count])",
                    "\"touches\": \(counts[Int(q) % 4])",
                    "\"minimumDistance\": \(distances[Int(q >> 2) % distances.count])",
                ]
            case 5:
                let edges = ["\"left\"", "\"right\"", "[\"top\", \"bottom\"]", "[\"left\", \"top\"]"]
                r += [
                    "\"kind\": \"screenEdgePan\"", "\"edges\": \(edges[Int(p) % edges.count])",
                    "\"edgeDistance\": \(distances[Int(q) % distances.count])",
                    "\"minimumDistance\": \(distances[Int(q >> 3) % distances.count])",
                ]
            case 6:
                r += ["\"kind\": \"pinch\"", "\"minimumDistance\": \(distances[Int(p) % distances.count])"]
            case 7:
                r += ["\"kind\": \"rotation\"", "\"minimumRotation\": \(durations[Int(p) % durations.count])"]
            default:  // 4
                let continuous = p & 1 != 0
                let allowed =
                    continuous ? ["began", "changed", "ended", "cancelled", "failed"] : ["recognized", "failed"]
                var rules: [String] = []
                for (k, phase) in ["began", "moved", "ended", "cancelled"].enumerated() {
                    let choice = Int((q >> (2 * k)) & 3) + Int(p >> 1)
                    if choice % 3 != 0 { rules.append("\"\(phase)\": \"\(allowed[choice % allowed.count])\"") }
                }
                r += [
                    "\"kind\": \"custom\"", "\"continuous\": \(continuous)",
                    "\"on\": {\(rules.joined(separator: ", "))}",
                ]
            }
            let flags = b.next()
            if flags & 1 != 0 { r.append("\"cancelsTouchesInView\": false") }
            if flags & 2 != 0 { r.append("\"delaysTouchesBegan\": true") }
            if flags & 4 != 0 { r.append("\"delaysTouchesEnded\": false") }
            if flags & 8 != 0 { r.append("\"enabled\": false") }
            if flags & 16 != 0, !recognizerIDs.isEmpty {
                r.append("\"requiresFailureOf\": \"\(recognizerIDs[Int(b.next()) % recognizerIDs.count])\"")
            }
            if flags & 32 != 0, !recognizerIDs.isEmpty {
                r.append("\"simultaneousWith\": [\"\(recognizerIDs[Int(b.next()) % recognizerIDs.count])\"]")
            }
            // The delegate decisions (a cycle through requiredToFailBy is refused by the reader,
            // which the target checks like any refusal).
            if flags & 64 != 0, !recognizerIDs.isEmpty {
                let d = b.next()
                let other = recognizerIDs[Int(d >> 3) % recognizerIDs.count]
                switch d % 8 {
                case 0: r.append("\"requiredToFailBy\": \"\(other)\"")
                case 1: r.append("\"cannotPrevent\": \"\(other)\"")
                case 2: r.append("\"cannotBePreventedBy\": [\"\(other)\"]")
                case 3: r.append("\"shouldBegin\": false")
                case 4: r.append("\"shouldBegin\": \"horizontal\"")
                case 5: r.append("\"shouldBegin\": \"vertical\"")
                case 6: r.append("\"shouldReceiveTouch\": false")
                default:
                    r.append("\"shouldReceiveTouch\": {\"notIn\": [\"\(viewNames[Int(d >> 3) % viewNames.count])\"]}")
                }
            }
            recognizerIDs.append(id)
            recognizers.append("{" + r.joined(separator: ", ") + "}")
        }
        if !recognizers.isEmpty { fields.append("\"gestureRecognizers\": [\(recognizers.joined(separator: ", "))]") }
        // Bit 6: one more touch key from [m]: per-method handling, a control, or a scroll view.
        if keys & 64 != 0 {
            let m = b.next()
            switch m % 4 {
            case 0 where keys & 1 == 0:
                let phases = ["began", "moved", "ended", "cancelled"].enumerated().filter {
                    m >> (2 + $0.offset) & 1 != 0
                }
                fields.append(
                    "\"handlesTouches\": {\(phases.map { "\"\($0.element)\": \"consume\"" }.joined(separator: ", "))}")
            case 1, 2:
                let kinds = [
                    "button", "switch", "slider", "stepper", "segmentedControl", "pageControl", "textField", "control",
                ]
                let events = [
                    "touchDown", "touchUpInside", "touchUpOutside", "valueChanged", "touchCancel", "touchDragExit",
                ]
                fields.append(
                    "\"control\": {\"kind\": \"\(kinds[Int(m >> 2) % kinds.count])\", \"enabled\": \(m & 128 == 0), "
                        + "\"actions\": [{\"event\": \"\(events[Int(m >> 5) % events.count])\", \"action\": \"act:\"}]}"
                )
                fields.append("\"responder\": {\"actions\": [\"act:\"], \"canBecomeFirstResponder\": \(m & 2 != 0)}")
            default:
                fields.append(
                    "\"scrollView\": {\"delaysContentTouches\": \(m & 4 != 0), \"canCancelContentTouches\": \(m & 8 != 0), "
                        + "\"touchesShouldCancelInControls\": \(m & 16 != 0), \"scrollEnabled\": \(m & 32 == 0)}")
            }
        }
        views.append(fields.joined(separator: ", "))
    }
    // W ⊃ A ⊃ B ⊃ C; S beside A in W.
    return """
        {"windows": [{\(views[0]), "subviews": [{\(views[1]), "subviews": [{\(views[2]), "subviews": [{\(views[3])}]}]}, {\(views[4])}]}]}
        """
}

let points = [
    Point(x: 75, y: 75), Point(x: 65, y: 65), Point(x: 10, y: 10), Point(x: 250, y: 50),
    Point(x: 299.99999999999994, y: 0),
    Point(x: 1000, y: 1000), Point(x: 50, y: 50), Point(x: 150, y: 150),
]
let moves = [(0.0, 0.0), (1, 0), (10, 0), (10.000000000000002, 0), (0, 60), (-60, 0), (30, 30), (0, -200)]
let steps = [0.0, 0.01, 0.05, 0.1, 0.34, 0.35, 0.5, 1.6]

func fail(_ headline: String, _ scene: String, _ log: [String]) -> Never {
    var text = "hitindex-events-fuzz: \(headline)\nscene: \(scene)\n"
    for line in log { text += line + "\n" }
    writeToStandardError(text)
    abort()
}

/// Writes all of `text` to file descriptor 2 (the C `stderr` global is not concurrency-safe).
func writeToStandardError(_ text: String) {
    var text = text
    text.withUTF8 { buffer in
        var offset = 0
        while offset < buffer.count {
            let n = write(2, buffer.baseAddress! + offset, buffer.count - offset)
            if n <= 0 { return }
            offset += n
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var b = Bytes(data: UnsafeBufferPointer(start: data, count: size))
    if size > 0 && data[0] == 0xFF {
        // The parsers on arbitrary text.
        let text = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
        _ = try? TouchInputLine(jsonLine: text)
        _ = try? JSONValue.parse(text)
        return 0
    }
    _ = b.next()
    let json = decodeScene(&b)
    let dispatcher: TouchDispatcher
    do {
        let scene = try SceneReader.read(string: json, file: "fuzz.json")
        let graph = try ResponderGraph(reading: scene, file: "fuzz.json")
        // The dispatcher's refusals (recognizers, controls) name the file as the CLI shows them.
        do throws(SceneError) {
            dispatcher = try TouchDispatcher(graph: graph)
        } catch {
            throw error.inFile("fuzz.json")
        }
    } catch {
        // A refusal is an answer (e.g. a recognizer with touches fewer than its minimum); it must
        // name a view and a field.
        if !"\(error)".contains("fuzz.json") { fail("refusal without the file: \(error)", json, []) }
        return 0
    }
    var time = 0.0
    var live: [Int: Point] = [:]
    var log: [String] = []
    for _ in 0..<48 where !b.isAtEnd {
        let op = Int(b.next()) % 8
        time += b.pick(steps)
        var touches: [TouchSample] = []
        switch op {
        case 0, 1, 7:
            let first = Int(b.next())
            for id in 0..<(op == 7 ? 2 : 1) {
                let touchID = (first + id) % 4
                guard live[touchID] == nil else { continue }
                let p = b.pick(points)
                touches.append(TouchSample(id: touchID, phase: .began, location: p))
            }
        case 2, 3:
            for (id, p) in live.sorted(by: { $0.key < $1.key }) where b.next() & 1 == 0 {
                let (dx, dy) = op == 2 ? b.pick(moves) : (0, 0)
                touches.append(
                    TouchSample(
                        id: id, phase: op == 2 ? .moved : .stationary, location: Point(x: p.x + dx, y: p.y + dy)))
            }
        case 4, 5:
            for (id, p) in live.sorted(by: { $0.key < $1.key }) where b.next() & 1 == 0 {
                touches.append(TouchSample(id: id, phase: op == 4 ? .ended : .cancelled, location: p))
            }
        default:
            // Every other time, a responder command between events instead of an advance.
            let c = b.next()
            if c & 1 == 1 {
                let name = viewNames[Int(c >> 1) % viewNames.count]
                let commands: [ResponderCommand] = [
                    .becomeFirstResponder(name), .resignFirstResponder(name), .sendAction("act:", to: nil, from: name),
                    .sendAction("act:", to: name, from: nil),
                ]
                do {
                    log += try dispatcher.perform(commands[Int(c >> 4) % commands.count]).flatMap(\.logLines)
                        .map { "  " + $0 }
                } catch {
                    fail("a command on a view of the scene was refused: \(error)", json, log)
                }
                let problems = dispatcher.invariantViolations()
                if !problems.isEmpty { fail("invariants broken: \(problems)", json, log) }
                continue
            }
        }
        do {
            let out: [TouchLogEntry]
            if touches.isEmpty {
                log.append("{\"t\": \(time)}")
                out = try dispatcher.advance(to: time)
            } else {
                let event = TouchInputEvent(time: time, touches: touches)
                log.append(
                    "t \(time): "
                        + touches.map { "\($0.id) \($0.phase.rawValue) \($0.location)" }.joined(separator: ", "))
                out = try dispatcher.deliver(event)
            }
            log += out.flatMap(\.logLines).map { "  " + $0 }
        } catch {
            fail("a valid event was refused: \(error)", json, log)
        }
        for t in touches {
            switch t.phase {
            case .began, .moved, .stationary: live[t.id] = t.location
            case .ended, .cancelled: live[t.id] = nil
            }
        }
        for id in live.keys {
            guard let snapshot = dispatcher.touch(withID: id) else { fail("live touch \(id) unknown", json, log) }
            _ = snapshot.location(in: snapshot.view)
        }
        let problems = dispatcher.invariantViolations()
        if !problems.isEmpty { fail("invariants broken: \(problems)", json, log) }
    }
    if printDecoded { writeToStandardError("scene: \(json)\n" + log.joined(separator: "\n") + "\n") }
    return 0
}
