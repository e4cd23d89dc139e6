import Foundation
import TerminalUI

/// Saves the screen the screenshot key asks for: rendered again with the theme as written (its
/// true colours, not the terminal's folded ones) and written as `kiosk-YYYYMMDD-HHMMSS.svg`
/// (or the configured format) in a directory, the current one by default.
public struct ScreenSaver: Sendable {
    public var directory: String
    public var format: ScreenFormat
    /// The theme the pictures use: the one the user chose, before it was resolved for the terminal.
    public var theme: Theme
    /// The wall clock that names the files.
    public var now: @Sendable () -> Date

    public init(
        directory: String = FileManager.default.currentDirectoryPath, format: ScreenFormat = .svg,
        theme: Theme, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.directory = directory
        self.format = format
        self.theme = theme
        self.now = now
    }

    /// Writes `state`'s screen and returns the path written.
    /// - Throws: ``ScreenSaveError`` naming the file and why it could not be written.
    public func save(_ state: AppState) throws(ScreenSaveError) -> String {
        let frame = PaywallProgram.render(state, theme: theme, size: state.size)
        let export = ScreenExport(
            frame.buffer, palette: ExportPalette(theme: theme), title: state.content.title)
        let path = freePath()
        do {
            try Data(export.render(format).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw ScreenSaveError(message: "cannot write \(path): \(error.localizedDescription)")
        }
        return path
    }

    /// `kiosk-20260528-140312.svg`, or `-2`, `-3`… when several are saved in one second.
    func freePath() -> String {
        let stamp = now().formatted(
            .iso8601.year().month().day().dateSeparator(.omitted).time(includingFractionalSeconds: false)
                .timeSeparator(.omitted)
        ).replacingOccurrences(of: "T", with: "-")
        let base = (directory as NSString).appendingPathComponent("kiosk-\(stamp)")
        var path = "\(base).\(format.rawValue)"
        var counter = 2
        while FileManager.default.fileExists(atPath: path) {
            path = "\(base)-\(counter).\(format.rawValue)"
            counter += 1
        }
        return path
    }
}

/// Why a screenshot could not be saved, said in the error banner.
public struct ScreenSaveError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
