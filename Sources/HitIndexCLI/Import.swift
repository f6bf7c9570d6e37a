import HitIndex
import HitIndexImport
import HitIndexSceneFormat

/// `hitindex import --from recursive-description|rico|uiautomator FILE`
enum Import {
    static let help = """
        usage: hitindex import --from recursive-description|rico|uiautomator FILE [--android-dispatch]

        Converts a real hierarchy dump into a scene (the scene JSON) on standard output, one
        view per view of the dump, with readable unique ids. What the dump cannot give exactly
        (a frame under a rotation, say) is approximated, and each such view is named in a
        warning on standard error. A malformed dump is refused with its line number and exit
        status 2. docs/importers.md has each grammar and the mapping to the model.

        formats:
          recursive-description   -[UIView recursiveDescription] output (lldb, cycript)
          rico                    a RICO raw view-hierarchy JSON file
          uiautomator             `uiautomator dump` XML (also `dump /dev/tty` output and
                                  Appium page sources)

        options:
          --android-dispatch      (rico, uiautomator) map Android's touch dispatch: a view that
                                  is not clickable, long-clickable or scrollable lets the touch
                                  through to the views behind it (pass-through), and a disabled
                                  view is still hit, as Android delivers to it
        """

    static func run(_ args: [String], console: Console) throws(CLIError) {
        let a = try Arguments(args, command: "import", options: ["from"], flags: ["android-dispatch"])
        if a.has("help") { return console.line(help) }
        let names = ImportFormat.allCases.map(\.rawValue).joined(separator: ", ")
        guard let formatName = a.value("from") else { throw .usage("import", "missing --from (one of \(names))") }
        guard let format = ImportFormat(rawValue: formatName) else {
            throw .usage("import", "unknown format '\(formatName)' (expected one of \(names))")
        }
        guard a.positional.count == 1 else {
            throw .usage("import", a.positional.isEmpty ? "missing FILE" : "expected one FILE")
        }
        let path = a.positional[0]
        let imported: ImportedScene
        do {
            imported = try Importer.read(
                contentsOfFile: path, format: format, options: ImportOptions(androidDispatch: a.has("android-dispatch"))
            )
        } catch {
            throw .input("import", "\(path): \(error)")
        }
        let text: String
        do {
            text = try SceneWriter.string(imported.scene)
        } catch {
            // The importers build only valid scenes; a refusal here is a bug in one of them.
            throw .failure("import", "\(path): the imported scene does not validate: \(error)")
        }
        for warning in imported.warnings { console.error("hitindex import: \(path): warning: \(warning)") }
        console.line(text)
    }
}
