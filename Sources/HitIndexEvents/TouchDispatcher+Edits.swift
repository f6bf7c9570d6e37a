import HitIndex
import HitIndexSceneFormat

/// Edits between events: the views change under live touches, as when an app scrolls during a
/// pan or removes the view a finger is on.
///
/// - The next touch to begin is hit-tested against the edited views; touches already down stay
///   bound to their views, wherever those moved [A].
/// - A view that leaves its window (removed, with its subtree, or moved into another window) gets
///   `touchesCancelled` for the touches it was given and nothing more of them, as UIKit cancels
///   touches when "the view handling the touch events is removed from its window" [A]. The call
///   travels the responder chain the view has after the edit (a removed view has no superview,
///   so it reaches only the view, and its controller when it is one's root view) [C].
/// - The recognizers of views that left their window stop: one under way is cancelled, a
///   `possible` one fails [C: UIKit removes a recognizer whose view leaves the window from its
///   touches; it is silent on the state reported].
/// - Views inserted between events take touch keys (`handlesTouches`, `multipleTouchEnabled`,
///   `exclusiveTouch`); gesture recognizers are declared in the scene or at the dispatcher's
///   creation, so a view inserted with `gestureRecognizers` is refused.
extension TouchDispatcher {
    /// Applies one edit to the views and publishes it at once; returns the calls it caused
    /// (cancellations of touches whose view left its window).
    /// - Throws: a ``TouchInputError`` naming the view and the field when the edit is invalid;
    ///   nothing changes then.
    /// - Complexity: that of the edit, plus O(t + r) for t live touches and r recognizers.
    public func apply(_ edit: SceneEdit) throws(TouchInputError) -> [TouchLogEntry] {
        // Touch keys of new views, checked before anything changes.
        var newTraits: (touch: [String: ViewTouchTraits], responder: [String: ResponderTraits]) = ([:], [:])
        if case .insert(let text, _, _) = edit { newTraits = try traits(ofNewViews: text, isWindow: false) }
        if case .insertWindow(let text, _) = edit { newTraits = try traits(ofNewViews: text, isWindow: true) }
        if let problem = publish(edit) { throw TouchInputError(message: problem) }
        var before: [ObjectIdentifier: ObjectIdentifier?] = [:]
        if case .move(let id, _, _) = edit, let v = model.view(withID: id) {
            forEachView(under: v) { before[ObjectIdentifier($0)] = $0.window.map(ObjectIdentifier.init) }
        }
        let (inserted, removed) = model.apply(edit)
        if let inserted {
            forEachView(under: inserted) { graph.viewsByID[$0.id] = $0 }
            if inserted is Window { graph.windowIDs.insert(ObjectIdentifier(inserted)) }
            traitsByViewID.merge(newTraits.touch) { _, new in new }
            for (id, traits) in newTraits.responder {
                if let v = graph.view(withID: id) { graph.setTraits(traits, for: graph.viewResponder(v)) }
            }
        }
        var left = Set<ObjectIdentifier>()
        if let removed { forEachView(under: removed) { left.insert(ObjectIdentifier($0)) } }
        if case .move(let id, _, _) = edit, let v = model.view(withID: id) {
            forEachView(under: v) { u in
                if before[ObjectIdentifier(u)] != u.window.map(ObjectIdentifier.init) {
                    left.insert(ObjectIdentifier(u))
                }
            }
        }
        log = []
        if !left.isEmpty { cancel(leaving: left) }
        finishStep()
        // The removed views leave the registry once their cancellations have been delivered; a
        // later view with one of their ids starts with no recognizers and default traits.
        if let removed {
            forEachView(under: removed) { v in
                let r = graph.viewResponder(v)
                // A removed first responder is no longer first responder; its traits and any
                // control tracking go with it.
                if graph.firstResponder == r { graph.firstResponder = nil }
                graph.traitsByResponder[r] = nil
                controlTracks[v.id] = nil
                graph.viewsByID[v.id] = nil
                traitsByViewID[v.id] = nil
                slotsByViewID[v.id] = nil
            }
            graph.windowIDs.remove(ObjectIdentifier(removed))
        }
        return log
    }

    /// Applies `edit` to the live index and commits it, or returns why it was refused (then
    /// nothing changed). The graph's scene is the caller's to edit.
    func publish(_ edit: SceneEdit) -> String? {
        if let problem = edit.apply(to: live) {
            live.discard()
            return problem
        }
        do {
            try live.commit()
        } catch {
            preconditionFailure("a commit failed after its edit was accepted: \(error)")
        }
        return nil
    }

    /// The touch keys and `responder` keys of the views of a view object about to be inserted.
    private func traits(ofNewViews text: String, isWindow: Bool) throws(TouchInputError) -> (
        touch: [String: ViewTouchTraits], responder: [String: ResponderTraits]
    ) {
        let root: View
        do {
            root = try SceneReader.readView(string: text, isWindow: isWindow).view
        } catch {
            throw TouchInputError(message: error.description)
        }
        var traits: [String: ViewTouchTraits] = [:]
        var responderTraits: [String: ResponderTraits] = [:]
        var problem: TouchInputError?
        forEachView(under: root) { v in
            guard problem == nil else { return }
            for key in ["gestureRecognizers", "control", "scrollView"] where v.preservedJSON[key] != nil {
                problem = TouchInputError(
                    message: "view \"\(v.id)\": \(key): not allowed on a view inserted between events")
                return
            }
            do throws(SceneError) {
                traits[v.id] = try Self.parseTraits(v)
                if let raw = v.preservedJSON["responder"] {
                    responderTraits[v.id] = try ResponderGraph.parseTraits(
                        ResponderGraph.value(raw, location: .view(v.id), field: "responder"), location: .view(v.id),
                        field: "responder")
                }
            } catch {
                problem = TouchInputError(message: error.description)
            }
        }
        if let problem { throw problem }
        return (traits, responderTraits)
    }

    /// Cancels, for the views that left their window, the touches they were given, and stops
    /// their recognizers.
    private func cancel(leaving left: Set<ObjectIdentifier>) {
        var cancelled: [HeldTouchCall] = []
        for serial in records.keys.sorted() {
            guard let r = records[serial], let v = r.view, left.contains(ObjectIdentifier(v)) else { continue }
            // The view no longer tracks it: exclusive and multiple touch stop counting it.
            records[serial]!.leftWindow = true
            if let call = endViewCalls(serial) { cancelled.append(call) }
        }
        emit(cancelled, late: false)
        for s in engaged.sorted() where left.contains(ObjectIdentifier(slots[s].view)) {
            switch slots[s].state {
            case .began, .changed: request(s, .cancelled)
            case .possible: request(s, .failed)
            default: break
            }
        }
    }

    private func forEachView(under root: View, _ body: (View) -> Void) {
        var stack = [root]
        while let v = stack.popLast() {
            body(v)
            stack += v.subviews
        }
    }
}
