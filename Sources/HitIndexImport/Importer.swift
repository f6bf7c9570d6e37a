import Foundation
import HitIndex

/// The dump formats `hitindex import` reads.
public enum ImportFormat: String, CaseIterable, Sendable {
    /// `-[UIView recursiveDescription]` output (lldb `po`, cycript, pasted into posts).
    case recursiveDescription = "recursive-description"
    /// A RICO raw view-hierarchy JSON file (Android, absolute pixel bounds).
    case rico
    /// `uiautomator dump` XML (Android, absolute pixel bounds).
    case uiautomator
}

/// A scene imported from a dump, with what the import could not carry over exactly.
public struct ImportedScene {
    /// The scene: one view per view of the dump.
    public var scene: Scene
    /// One line each, naming the view (by its new id) and what was approximated.
    public var warnings: [String]

    /// A result.
    /// - Complexity: O(1).
    public init(scene: Scene, warnings: [String] = []) {
        self.scene = scene
        self.warnings = warnings
    }
}

/// Reads real hierarchy dumps into scenes (`docs/importers.md` has each grammar and the mapping).
public enum Importer {
    /// Parses `text` as `format`.
    /// - Throws: an ``ImportError`` with the line of the first problem, or at line 0 for an
    ///   option the format does not read (``ImportOptions/androidDispatch`` on an iOS dump).
    /// - Complexity: O(length of the text).
    public static func parse(
        _ text: String, format: ImportFormat, options: ImportOptions = ImportOptions()
    ) throws(ImportError) -> ImportedScene {
        switch format {
        case .recursiveDescription:
            guard !options.androidDispatch else {
                throw ImportError(line: 0, "Android touch dispatch applies to rico and uiautomator dumps only")
            }
            return try RecursiveDescriptionImporter.parse(text)
        case .rico: return try RicoImporter.parse(text, options: options)
        case .uiautomator: return try UIAutomatorImporter.parse(text, options: options)
        }
    }

    /// Reads and parses a file; an unreadable file is an error at line 0.
    /// - Complexity: O(size of the file).
    public static func read(
        contentsOfFile path: String, format: ImportFormat, options: ImportOptions = ImportOptions()
    ) throws(ImportError) -> ImportedScene {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ImportError(line: 0, "no such file")
        }
        guard !isDirectory.boolValue else { throw ImportError(line: 0, "is a directory, expected a file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ImportError(line: 0, "cannot read the file")
        }
        // Invalid UTF-8 is repaired (U+FFFD), not refused: dumps pasted from web pages carry stray bytes.
        return try parse(String(decoding: data, as: UTF8.self), format: format, options: options)
    }
}
