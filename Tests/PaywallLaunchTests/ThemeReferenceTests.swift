import Foundation
import PaywallLaunch
import TerminalUI
import TestSupport
import Testing

/// `--theme NAME|PATH`: one lookup for the paywall, shots, the gallery and live reload.
@Suite struct ThemeReferenceTests {
    let bundled = URL(fileURLWithPath: PackageFiles.themesDirectory, isDirectory: true)

    @Test func aNameIsABundledThemeAndAPathIsAFile() throws {
        let name = ThemeReference("sunset", bundledThemes: bundled)
        #expect(!name.isPath)
        #expect(name.path == bundled.appendingPathComponent("sunset.json").path)
        #expect(try name.load().name == "sunset")
        let file = ThemeReference(bundled.appendingPathComponent("mono.json").path, bundledThemes: bundled)
        #expect(file.isPath && file.path == file.text)
        #expect(try file.load().name == "mono")
    }

    /// The names offered are the files there are, not a list kept beside them.
    @Test func anUnknownNameListsTheBundledThemesWithTheClosest() {
        let reference = ThemeReference("sunsett", bundledThemes: bundled)
        #expect(reference.bundledNames == ["default", "high-contrast", "mono", "sunset"])
        do {
            _ = try reference.load()
            Issue.record("an unknown theme loaded")
        } catch {
            guard case .noBundledTheme(let message) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(
                message.hasPrefix("no bundled theme 'sunsett': use default, high-contrast, mono or sunset"))
            #expect(message.contains("sunset"))
        }
    }

    @Test func aBrokenFileIsInvalidNotUnknown() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-theme-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: scratch) }
        try Data("{".utf8).write(to: scratch)
        #expect {
            try ThemeReference(scratch.path, bundledThemes: bundled).load()
        } throws: { error in
            guard let error = error as? ThemeLookupError, case .invalid = error else { return false }
            return true
        }
    }
}
