import HitIndex
import HitIndexSceneFormat

/// Scroll views (events.md, "Scroll views"): a view with the `scrollView` key gets UIKit's two
/// recognizers, installed before the ones it declares.
///
/// - `ID.pan`, a ``PanGesture`` (UIScrollView's `panGestureRecognizer`, logged under that id)
///   with `cancelsTouchesInView` = `canCancelContentTouches`. While it is under way (`began`,
///   `changed`) the content follows the finger: the bounds origin is the origin it had when the
///   pan began minus the pan's translation in the scroll view's own coordinates, applied as the
///   live index's scroll edit, so the next touch hit-tests the moved content. There is no content
///   size, bounce or deceleration: the offset follows the finger and stops when it lifts [C].
/// - `ID.delay` when `delaysContentTouches` (never logged): it holds each touch's began phase
///   from the content for 0.15 s or until the touch lifts; if the pan begins first, the held
///   phases are dropped and the content never sees the touch, whatever
///   `canCancelContentTouches` says.
/// - Once the content has a touch (its began was delivered), the pan begins only if
///   `canCancelContentTouches` is true and `touchesShouldCancel(in:)` answers true: false for a
///   control between the touch's view and the scroll view unless `touchesShouldCancelInControls`
///   (UIKit's default answers false for a `UIControl`) [A]. Otherwise it fails and the content
///   keeps the touch.
extension TouchDispatcher {
    /// The implicit recognizers of a scroll view.
    static func scrollViewRecognizers(_ view: View, _ traits: ScrollViewTraits) -> [GestureRecognizer] {
        var pan = GestureRecognizer(
            id: "\(view.id).pan", viewID: view.id, gesture: PanGesture(),
            cancelsTouchesInView: traits.canCancelContentTouches, isEnabled: traits.isScrollEnabled)
        pan.role = .scrollPan
        guard traits.delaysContentTouches else { return [pan] }
        var delay = GestureRecognizer(
            id: "\(view.id).delay", viewID: view.id, gesture: ContentTouchDelay(), cancelsTouchesInView: false,
            delaysTouchesBegan: true, delaysTouchesEnded: false, recognizesSimultaneouslyWith: [pan.id])
        delay.role = .contentTouchDelay
        return [pan, delay]
    }

    /// Whether scroll pan `s` may not begin: the content already has one of its touches and may
    /// not lose it.
    func scrollPanRefused(_ s: Int) -> Bool {
        guard slots[s].config.role == .scrollPan, let traits = traitsByViewID[slots[s].view.id]?.scrollView else {
            return false
        }
        for serial in slots[s].touches {
            // Only content views count: a touch on the scroll view itself never stops its pan.
            guard let r = records[serial], r.isDown, case .receiving = r.viewState, let view = r.view,
                view !== slots[s].view
            else { continue }
            if !traits.canCancelContentTouches { return true }
            if !traits.touchesShouldCancelInControls {
                var v: View? = view
                while let current = v, current !== slots[s].view {
                    if traitsByViewID[current.id]?.control != nil { return true }
                    v = current.superview
                }
            }
        }
        return false
    }

    /// A scroll pan entered `state`: its content follows the finger.
    func scrollIfPanning(_ s: Int, _ state: GestureState) {
        guard slots[s].config.role == .scrollPan else { return }
        if state == .began {
            // Scrolling is the intent: began phases still held from the content are dropped, so
            // the content never sees those touches (UIKit's delaysContentTouches), whether or not
            // the pan cancels touches.
            for serial in slots[s].touches {
                if case .held = records[serial]?.viewState { setViewState(serial, .done) }
            }
        }
        if state.isFinal {
            scrollStart[s] = nil
            return
        }
        guard let view = model.view(withID: slots[s].view.id), view === slots[s].view, view.window != nil else {
            return
        }
        if state == .began { scrollStart[s] = view.bounds.origin }
        guard let start = scrollStart[s], let t = slots[s].gesture.values?.translation else { return }
        // The translation in the scroll view's own coordinates (the bounds origin cancels out).
        let a = view.convert(fromScreen: Point(x: 0, y: 0))
        let b = view.convert(fromScreen: t)
        let origin = Point(x: start.x - (b.x - a.x), y: start.y - (b.y - a.y))
        guard origin.x.isFinite, origin.y.isFinite, origin != view.bounds.origin else { return }
        let edit = SceneEdit.scroll(view.id, .array([.number(origin.x), .number(origin.y)]))
        // Safe: a scroll of a live view to finite numbers is always valid; were it refused, the
        // live index would be unchanged and the model is left alone too.
        if let problem = publish(edit) {
            assertionFailure("a scroll pan's edit was refused: \(problem)")
            return
        }
        _ = model.apply(edit)
    }
}
