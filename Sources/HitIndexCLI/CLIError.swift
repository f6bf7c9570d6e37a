import HitIndex

/// Why a command stopped: each case maps to the contract's exit status.
enum CLIError: Error {
    /// Bad usage (exit 2): the command and what is wrong.
    case usage(String, String)
    /// A refused scene (exit 2).
    case scene(SceneError)
    /// Refused input other than a scene, already located (exit 2): the command and the text.
    case input(String, String)
    /// Something that should not happen (exit 1).
    case failure(String, String)
    /// A result, already reported on standard output, that ends with this status (e.g. a fuzz
    /// run that found a mismatch).
    case silent(Int32)

    var exitStatus: Int32 {
        switch self {
        case .usage, .scene, .input: return 2
        case .failure: return 1
        case .silent(let status): return status
        }
    }

    var message: String {
        switch self {
        case .usage(let command, let text): return "hitindex \(command): \(text) (see 'hitindex \(command) --help')"
        case .scene(let error): return error.description
        case .input(let command, let text): return "hitindex \(command): \(text)"
        case .failure(let command, let text): return "hitindex \(command): \(text)"
        case .silent: return ""
        }
    }
}
