extension Scene {
    /// A deep copy: new windows and views with the same ids, classes, attributes, labels, custom
    /// predicates and preserved keys, redirect targets pointing at the copies.
    ///
    /// Change the copy to try an edit without touching the original ("what if this view were
    /// not hidden?"); ``copy(mapping:)`` also returns which copy stands for which original.
    /// - Complexity: O(n) for n views; iterative, so any depth is fine.
    public func copy() -> Scene { makeCopy().scene }

    /// A deep copy, and in `mapping` the copy of every original view, by the original's identity.
    /// - Complexity: O(n) for n views.
    public func copy(mapping: inout [ObjectIdentifier: View]) -> Scene {
        let made = makeCopy()
        mapping = made.copies
        return made.scene
    }

    private func makeCopy() -> (scene: Scene, copies: [ObjectIdentifier: View]) {
        var copies: [ObjectIdentifier: View] = [:]
        copies.reserveCapacity(viewCount)
        var withRedirect: [View] = []
        let scene = Scene()
        scene.preservedJSON = preservedJSON
        for window in windows {
            let w = Window(
                id: window.id, className: window.className, bounds: window.bounds, center: window.center,
                level: window.windowLevel)
            Scene.copyFields(of: window, to: w)
            scene.addWindow(w)
            copies[ObjectIdentifier(window)] = w
            if window.redirectTarget != nil { withRedirect.append(window) }
            // Parents before subviews: each copy is appended to its parent's copy in order.
            var stack: [(original: View, copy: View)] = [(window, w)]
            while let (original, parentCopy) = stack.popLast() {
                for sub in original.subviews {
                    let c = View(id: sub.id, className: sub.className, bounds: sub.bounds, center: sub.center)
                    Scene.copyFields(of: sub, to: c)
                    parentCopy.addSubview(c)
                    copies[ObjectIdentifier(sub)] = c
                    if sub.redirectTarget != nil { withRedirect.append(sub) }
                    stack.append((sub, c))
                }
            }
        }
        for original in withRedirect {
            // A target outside this scene (a programmer error the validator reports) stays as it was.
            let target = original.redirectTarget!
            copies[ObjectIdentifier(original)]!.redirectTarget = copies[ObjectIdentifier(target)] ?? target
        }
        return (scene, copies)
    }

    private static func copyFields(of original: View, to copy: View) {
        copy.attributes = original.attributes
        copy.hitPredicate = original.hitPredicate
        copy.label = original.label
        copy.accessibilityIdentifier = original.accessibilityIdentifier
        copy.tag = original.tag
        copy.preservedJSON = original.preservedJSON
    }
}
