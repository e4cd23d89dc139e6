import Catalog
import CommandLineOptions
import Foundation
import Paywall
import PaywallShots
import TerminalUI

/// Reading the options `kiosk shot` and `kiosk gallery` share, each bad value named with the
/// values that would do.
public enum ShotOptions {
    /// The largest screen a picture may have: far beyond any terminal, small enough that a typo
    /// (`--size 100000x30`) is an error rather than gigabytes of cells.
    public static let largestSize = Size(columns: 1000, rows: 500)

    /// `WxH`, both at least 1 and at most ``largestSize``.
    public static func size(_ text: String, option: String) throws(UsageError) -> Size {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2, let columns = parts[0], let rows = parts[1], columns > 0, rows > 0 else {
            throw UsageError("--\(option) needs a size such as 100x30 (columns x rows), got '\(text)'")
        }
        guard columns <= largestSize.columns, rows <= largestSize.rows else {
            throw UsageError(
                "--\(option) is at most \(largestSize.columns)x\(largestSize.rows), got '\(text)'")
        }
        return Size(columns: columns, rows: rows)
    }

    public static func template(_ text: String, option: String = "template") throws(UsageError)
        -> PaywallTemplate
    {
        guard let template = PaywallTemplate(rawValue: text) else {
            throw Choice.refusal("--\(option)", value: text, choices: templateNames)
        }
        return template
    }

    public static let templateNames = PaywallTemplate.allCases.map(\.rawValue)

    public static func state(_ text: String, option: String = "state") throws(UsageError) -> ShotState {
        guard let state = ShotState(rawValue: text) else {
            throw Choice.refusal("--\(option)", value: text, choices: ShotState.allCases.map(\.rawValue))
        }
        return state
    }

    /// A locale as catalogs spell them: `en_US`, `de`, `zh-Hans`, `pt_BR`.
    public static func locale(_ text: String, option: String = "locale") throws(UsageError) -> String {
        let parts = text.split(separator: "_", omittingEmptySubsequences: false).flatMap {
            $0.split(separator: "-", omittingEmptySubsequences: false)
        }
        let language = parts.first ?? ""
        let valid =
            (2...3).contains(language.count) && language.allSatisfy { $0.isASCII && $0.isLowercase }
            && parts.dropFirst().allSatisfy { (2...8).contains($0.count) && $0.allSatisfy(\.isASCII) }
            && parts.allSatisfy { $0.allSatisfy { $0.isLetter || $0.isNumber } }
        guard valid else {
            throw UsageError("--\(option) needs a locale such as en_US, de_DE, ja or zh-Hans, got '\(text)'")
        }
        return text
    }

    /// The catalog path a `--catalog` value names: a bundled name or a file.
    public static func catalogPath(_ value: String?) throws(UsageError) -> String {
        try BundledResources.catalogPath(value)
    }

    /// Reads a catalog, failing with its diagnostics (exit 65).
    public static func loadCatalog(_ path: String, command: String) throws -> LoadedCatalog {
        do {
            return try LoadedCatalog.load(contentsOf: path)
        } catch {
            throw CommandFailure("\(command): \(error)", exit: .dataError)
        }
    }

    /// Writes `text` to `path` atomically, creating no directories.
    public static func write(_ text: String, to path: String, command: String) throws {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CommandFailure(
                "\(command): cannot write \(path): \(error.localizedDescription)", exit: .cannotCreate)
        }
    }
}
