/// The dispatcher's bookkeeping, re-derived from scratch: what must hold between two steps.
extension TouchDispatcher {
    /// Every broken invariant, one line each; empty when the state is consistent. Tests call it
    /// after every event.
    ///
    /// Between steps: each live input id has a record that is down; each recognizer's touch set
    /// matches its touch list, its down set is exactly its touches still down, it waits on
    /// `requiresFailureOf` only while `possible`, and once its touches have lifted it is neither
    /// finished (it would have reset), under way, nor undecided with nothing to wait for; each
    /// record's holder count is the number of recognizers holding
    /// it; the held set is exactly the records with a held phase, and no held phase is still
    /// gated by nothing; no record is kept that nothing refers to.
    /// - Complexity: O(r × t + n) for r recognizers, t touches per recognizer and n records.
    public func invariantViolations() -> [String] {
        var problems: [String] = []
        for (id, serial) in serialByInputID {
            guard let r = records[serial] else {
                problems.append("touch \(id): live but has no record")
                continue
            }
            if !r.isDown { problems.append("touch \(id): live but its record has lifted") }
            if r.inputID != id { problems.append("touch \(id): its record says id \(r.inputID)") }
        }
        var holders: [Int: Int] = [:]
        for s in slots.indices {
            let slot = slots[s]
            let name = "recognizer \(slot.config.id)"
            if Set(slot.touches) != slot.touchSet || slot.touches.count != slot.touchSet.count {
                problems.append("\(name): touch set and list disagree")
            }
            if slot.touches.isEmpty == engaged.contains(s) {
                problems.append("\(name): engaged set out of step (\(slot.touches.count) touches)")
            }
            let down = Set(slot.touches.filter { records[$0]?.isDown == true })
            if down != slot.down { problems.append("\(name): down set \(slot.down.sorted()) ≠ \(down.sorted())") }
            if !slot.deferred.isEmpty && slot.state != .possible {
                problems.append("\(name): waits on requiresFailureOf while \(slot.state.rawValue)")
            }
            if slot.state.isFinal && slot.down.isEmpty {
                problems.append("\(name): \(slot.state.rawValue) with no touch down but not reset")
            }
            if !slot.touches.isEmpty && slot.down.isEmpty {
                if slot.state == .possible && slot.deferred.isEmpty && slot.pendingDeadline == nil {
                    problems.append("\(name): undecided with no touch down and nothing to wait for")
                }
                if slot.state == .began || slot.state == .changed {
                    problems.append("\(name): \(slot.state.rawValue) with no touch down")
                }
            }
            for serial in slot.touches {
                if records[serial] == nil { problems.append("\(name): holds touch serial \(serial) with no record") }
                holders[serial, default: 0] += 1
            }
        }
        for (serial, r) in records {
            let name = "touch \(r.inputID) (serial \(serial))"
            if r.holders != holders[serial, default: 0] {
                problems.append("\(name): \(r.holders) holders recorded, \(holders[serial, default: 0]) found")
            }
            let held: Bool
            switch r.viewState {
            case .held, .endHeld: held = true
            case .fresh:
                held = false
                problems.append("\(name): still fresh between steps")
            case .receiving, .done: held = false
            }
            if held != heldSerials.contains(serial) { problems.append("\(name): held set out of step") }
            if case .held = r.viewState, !gates(serial, delaying: \.delaysTouchesBegan) {
                problems.append("\(name): began held with no recognizer deciding")
            }
            if case .endHeld = r.viewState, !gates(serial, delaying: \.delaysTouchesEnded) {
                problems.append("\(name): ended held with no recognizer deciding")
            }
            if !r.isDown && !held && r.holders == 0 { problems.append("\(name): kept but nothing refers to it") }
        }
        for serial in heldSerials where records[serial] == nil {
            problems.append("serial \(serial): held but has no record")
        }
        return problems
    }
}
