import Foundation
import SourceDiagnostics
import TerminalUI
import Testing

/// A theme path that is not a file says what it is instead (issue 11, item 7).
@Suite struct ThemeFileMessageTests {
    @Test func aDirectoryOrMissingThemeIsNamed() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "theme-\(UUID().uuidString).json")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let messages = ThemeLinter.lint(path: directory.path).map(\.message)
        #expect(messages.contains { $0.contains("is a directory, not a file") }, "\(messages)")
        let missing = ThemeLinter.lint(path: directory.path + "/absent.json").map(\.message)
        #expect(missing.contains { $0.contains("no such file") }, "\(missing)")
    }
}
