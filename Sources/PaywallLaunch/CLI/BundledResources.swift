import CommandLineOptions
import Foundation
import SourceDiagnostics
import TerminalUI

/// Finds Kiosk's bundled catalogs and themes: `$KIOSK_HOME` when set, else the source
/// checkout this binary was built from (what `swift run kiosk` uses).
public enum BundledResources {
    public static var root: URL {
        if let home = ProcessInfo.processInfo.environment["KIOSK_HOME"], !home.isEmpty {
            return URL(fileURLWithPath: home, isDirectory: true)
        }
        // Sources/PaywallLaunch/CLI/BundledResources.swift -> the package root.
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The default demo catalog.
    public static var demoCatalog: URL { root.appendingPathComponent("catalogs/demo.storekit") }

    /// A bundled catalog by name (`demo`, `shelf`, `minimal`), or nil.
    public static func catalog(named name: String) -> URL? {
        let url = root.appendingPathComponent("catalogs/\(name).storekit")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// The catalog path a `--catalog` value names: a bundled name or a file (nil: the demo).
    public static func catalogPath(_ value: String?) throws(UsageError) -> String {
        guard let value else { return demoCatalog.path }
        if value.contains("/") || value.hasSuffix(".storekit") { return value }
        guard let bundled = catalog(named: value) else {
            throw UsageError(
                Suggestion.appending(
                    to:
                        "no bundled catalog '\(value)': use demo, shelf or minimal, or a path to a .storekit file",
                    word: value, candidates: catalogNames))
        }
        return bundled.path
    }

    /// The bundled catalogs' names, for suggestions.
    public static let catalogNames = ["demo", "shelf", "minimal"]

    /// The names of the bundled files in `folder` ending in `suffix` (catalogs, themes), for
    /// completion. Without the folder (a binary moved away from its checkout, no $KIOSK_HOME)
    /// there is nothing to offer, and a completion must not print errors into the line typed.
    public static func names(_ folder: String, suffix: String) -> [String] {
        let directory = root.appendingPathComponent(folder).path
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return files.filter { $0.hasSuffix(suffix) && !$0.hasSuffix(".paywall.json") }.map {
            String($0.dropLast(suffix.count))
        }
        .sorted()
    }

    public static var themesDirectory: URL { root.appendingPathComponent("themes", isDirectory: true) }

    /// A `--theme NAME|PATH` value, against the bundled themes.
    public static func themeReference(_ nameOrPath: String) -> ThemeReference {
        ThemeReference(nameOrPath, bundledThemes: themesDirectory)
    }

    /// The theme a `--theme` value names: an unknown bundled name is a usage error (exit 64), a
    /// bad file a data error (65).
    public static func theme(_ nameOrPath: String) throws(CommandFailure) -> Theme {
        do throws(ThemeLookupError) {
            return try themeReference(nameOrPath).load()
        } catch .noBundledTheme(let message) {
            throw CommandFailure("kiosk: " + message, exit: .usage)
        } catch {
            throw CommandFailure("kiosk: \(error)", exit: .dataError)
        }
    }
}
