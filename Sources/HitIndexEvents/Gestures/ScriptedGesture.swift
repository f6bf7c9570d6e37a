/// A custom recognizer described by data (the scene's `"kind": "custom"`): for each touch phase,
/// the state it asks for when one of its touches is in that phase.
///
/// In one event the phases are consulted in the order began, moved, ended, cancelled, and the
/// first rule whose state the machine allows from the current state is asked for. Code-defined
/// custom recognizers conform to ``GestureLogic`` directly.
public struct ScriptedGesture: GestureLogic {
    /// Whether it is continuous.
    public var isContinuous: Bool
    /// Phase → requested state.
    public var rules: [TouchPhase: GestureState]

    /// Creates a scripted gesture.
    /// - Complexity: O(1).
    public init(continuous: Bool, rules: [TouchPhase: GestureState]) {
        self.isContinuous = continuous
        self.rules = rules
    }

    /// Asks for the state of the first rule, in the order began, moved, ended, cancelled, whose
    /// phase one of the changed touches has and which the state machine allows now.
    /// - Complexity: O(touches changed in `input`).
    public mutating func handle(_ input: GestureInput, state: GestureState) -> GestureState? {
        for phase in [TouchPhase.began, .moved, .ended, .cancelled] {
            guard let wanted = rules[phase], input.changed.contains(where: { $0.phase == phase }),
                state.allows(wanted, continuous: isContinuous)
            else { continue }
            return wanted
        }
        return nil
    }
}
