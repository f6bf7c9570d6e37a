import HitIndex
import HitIndexReference

/// One edit of a sequence the fuzzer applies to a live index and, in the same way, to the object
/// model the reference answers from. Views are named by id, so that a sequence stays meaningful
/// while the shrinker removes edits and views: an edit whose views are gone, or which the model
/// would refuse (a cycle, a position out of range, a window to move), is skipped on both sides.
public enum FuzzEdit: Sendable, CustomStringConvertible {
    /// Inserts a subtree under the view `into` at position `at` (0 = back).
    case insert(FuzzScene.Node, into: String, at: Int)
    /// Inserts a window at a level.
    case insertWindow(FuzzScene.Node, level: Double)
    /// Removes a view (or window) and its subtree.
    case remove(String)
    /// Moves a view under `into` at position `at`, counted without the view.
    case move(String, into: String, at: Int)
    /// Sets every attribute of a view.
    case attributes(String, ViewAttributes)
    /// Sets or clears a redirect.
    case redirect(String, to: String?)
    /// Sets a window's level.
    case level(String, Double)
    /// Brings a view to the front of its siblings, or sends it to the back.
    case reorder(String, front: Bool)
    /// Publishes the edits so far; the index is compared with the reference after each.
    case commit

    public var description: String {
        switch self {
        case .insert(let n, let into, let at): "insert \(n.id) (\(n.count) views) into \(into) at \(at)"
        case .insertWindow(let n, let level): "insert window \(n.id) (\(n.count) views) at level \(level)"
        case .remove(let id): "remove \(id)"
        case .move(let id, let into, let at): "move \(id) into \(into) at \(at)"
        case .attributes(let id, let a): "set \(id) \(a)"
        case .redirect(let id, let to): "redirect \(id) to \(to ?? "nil")"
        case .level(let id, let level): "level \(id) \(level)"
        case .reorder(let id, let front): "\(front ? "bring" : "send") \(id) to the \(front ? "front" : "back")"
        case .commit: "commit"
        }
    }
}

/// A scene and the edits applied to it.
public struct EditSequence: Sendable {
    public var scene: FuzzScene
    public var edits: [FuzzEdit]

    /// Creates a sequence.
    /// - Complexity: O(1).
    public init(scene: FuzzScene, edits: [FuzzEdit]) {
        self.scene = scene
        self.edits = edits
    }
}

/// The object model kept in step with a live index: the scene, and its views by id.
public final class ModelMirror {
    public let scene: Scene
    public private(set) var byID: [String: View] = [:]

    /// A mirror of `scene` (a model whose ids are unique).
    /// - Complexity: O(n).
    public init(_ scene: Scene) {
        self.scene = scene
        scene.forEachView { v, _ in byID[v.id] = v }
    }

    /// Applies `edit` to the model, returning the model views it made (for an insert), or nil
    /// when the edit does not apply (see ``FuzzEdit``).
    /// - Complexity: O(size of the edit) plus O(n) for a removal's redirect sweep.
    public func apply(_ edit: FuzzEdit) -> View?? {
        switch edit {
        case .insert(let node, let into, let at):
            guard let parent = byID[into], at >= 0, at <= parent.subviews.count, fresh(node) else { return nil }
            let view = make(node, level: nil)
            parent.insertSubview(view, at: at)
            return .some(view)
        case .insertWindow(let node, let level):
            guard fresh(node) else { return nil }
            let window = make(node, level: level) as! Window
            scene.addWindow(window)
            return .some(window)
        case .remove(let id):
            guard let v = byID[id] else { return nil }
            // Redirects to the removed views lapse, as weak references do.
            for u in scene.remove(v) { byID[u.id] = nil }
            return .some(nil)
        case .move(let id, let into, let at):
            guard let v = byID[id], !(v is Window), let parent = byID[into], !parent.isDescendant(of: v) else {
                return nil
            }
            let count = parent.subviews.count - (v.superview === parent ? 1 : 0)
            guard at >= 0, at <= count else { return nil }
            parent.insertSubview(v, at: at)
            return .some(nil)
        case .attributes(let id, let a):
            guard let v = byID[id] else { return nil }
            v.attributes = a
            return .some(nil)
        case .redirect(let id, let to):
            guard let v = byID[id] else { return nil }
            if let to {
                guard let t = byID[to] else { return nil }
                v.redirectTarget = t
            } else {
                v.redirectTarget = nil
            }
            return .some(nil)
        case .level(let id, let level):
            guard let w = byID[id] as? Window else { return nil }
            w.windowLevel = level
            return .some(nil)
        case .reorder(let id, let front):
            guard let v = byID[id], let parent = v.superview else { return nil }
            if front { parent.bringSubviewToFront(v) } else { parent.sendSubviewToBack(v) }
            return .some(nil)
        case .commit:
            return .some(nil)
        }
    }

    /// Whether none of `node`'s ids is in the model.
    private func fresh(_ node: FuzzScene.Node) -> Bool {
        if byID[node.id] != nil { return false }
        return node.subviews.allSatisfy(fresh)
    }

    private func make(_ node: FuzzScene.Node, level: Double?) -> View {
        var made: [String: View] = [:]
        var redirects: [(View, String)] = []
        let view = node.makeView(window: level, byID: &made, redirects: &redirects)
        byID.merge(made) { a, _ in a }
        for (v, target) in redirects { v.redirectTarget = byID[target] }
        return view
    }
}

extension LiveIndex {
    /// Applies an edit the model accepted (``ModelMirror/apply(_:)`` returned the views an insert
    /// made). Returns false when the index refused it.
    /// - Complexity: that of the edit.
    public func apply(_ edit: FuzzEdit, made: View?) -> Bool {
        func h(_ id: String) -> ViewHandle? { handle(forID: id) }
        switch edit {
        case .insert(_, let into, let at):
            guard let p = h(into), let made else { return false }
            return insert(made, into: p, at: .index(at)) != nil
        case .insertWindow:
            guard let window = made as? Window else { return false }
            return insertWindow(window) != nil
        case .remove(let id):
            guard let v = h(id) else { return false }
            return remove(v)
        case .move(let id, let into, let at):
            guard let v = h(id), let p = h(into) else { return false }
            return move(v, into: p, at: .index(at))
        case .attributes(let id, let a):
            guard let v = h(id) else { return false }
            return setAttributes(v, a)
        case .redirect(let id, let to):
            guard let v = h(id) else { return false }
            return setRedirect(v, to: to.flatMap(h))
        case .level(let id, let level):
            guard let v = h(id) else { return false }
            return setLevel(v, level)
        case .reorder(let id, let front):
            guard let v = h(id) else { return false }
            return front ? bringToFront(v) : sendToBack(v)
        case .commit:
            do {
                try commit()
                return true
            } catch {
                return false
            }
        }
    }
}
