/// A command's arguments, split into options (`--name value` or `--name=value`), flags and
/// positional arguments, with the errors a user should see when they do not fit.
struct Arguments {
    private(set) var positional: [String] = []
    private var values: [String: String] = [:]
    private var flags: Set<String> = []
    let command: String

    /// Parses `args` for `command`, which takes the options in `options` (each with a value)
    /// and the flags in `flags`. `--help`/`-h` is always a flag.
    init(_ args: [String], command: String, options: Set<String>, flags allowedFlags: Set<String>) throws(CLIError) {
        self.command = command
        var i = 0
        var onlyPositional = false
        while i < args.count {
            let arg = args[i]
            i += 1
            if onlyPositional || !arg.hasPrefix("-") || arg == "-" || Arguments.looksLikeNumberOrPoint(arg) {
                positional.append(arg)
                continue
            }
            if arg == "--" {
                onlyPositional = true
                continue
            }
            if arg == "--help" || arg == "-h" {
                flags.insert("help")
                continue
            }
            guard arg.hasPrefix("--") else { throw .usage(command, "unknown option '\(arg)'") }
            var name = String(arg.dropFirst(2))
            var value: String?
            if let eq = name.firstIndex(of: "=") {
                value = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            if options.contains(name) {
                if value == nil {
                    guard i < args.count else { throw .usage(command, "option --\(name) needs a value") }
                    value = args[i]
                    i += 1
                }
                guard values[name] == nil else { throw .usage(command, "option --\(name) given twice") }
                values[name] = value
            } else if allowedFlags.contains(name) {
                guard value == nil else { throw .usage(command, "flag --\(name) takes no value") }
                flags.insert(name)
            } else {
                throw .usage(command, "unknown option '--\(name)'")
            }
        }
    }

    /// Points such as `-5,3` and `-inf,2` start with '-' but are positional.
    private static func looksLikeNumberOrPoint(_ arg: String) -> Bool {
        guard arg.count > 1 else { return false }
        let second = arg[arg.index(after: arg.startIndex)]
        let lower = arg.lowercased()
        return second.isNumber || second == "." || lower.hasPrefix("-inf") || lower.hasPrefix("-nan")
    }

    func value(_ name: String) -> String? { values[name] }

    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// The option's value as a non-negative integer, or `defaultValue` when absent.
    func integer(_ name: String, default defaultValue: Int) throws(CLIError) -> Int {
        guard let text = values[name] else { return defaultValue }
        guard let n = Int(text), n >= 0 else {
            throw .usage(command, "--\(name) expects a whole number >= 0, got '\(text)'")
        }
        return n
    }
}
