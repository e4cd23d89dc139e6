import Foundation
import Paywall
import TerminalUI
import Testing

/// `S` in the running paywall saves the screen as a picture with the theme's true colours and
/// says where in a banner.
@Suite struct ScreenshotKeyTests {
    @Test func theKeySavesTheScreenAndSaysWhere() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-shots-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let theme = try Fixtures.theme("sunset")
        var app = PaywallApp(store: try Fixtures.store(), content: try Fixtures.content(), theme: theme)
        app.screenSaver = ScreenSaver(directory: directory.path, theme: theme, now: { Fixtures.start })
        let (screen, timedOut) = await Self.run(
            app, size: Size(columns: 100, rows: 30),
            steps: [
                .init(waitFor: "/month", keys: [.character("S")]),
                .init(waitFor: "Screen saved to", keys: [.character("S")]),
                .init(waitFor: "202640-2.", keys: [.character("q")]),
            ])
        #expect(timedOut == nil, "\(screen.plainText)")
        // Named by the wall clock; a second picture in the same second gets -2.
        let first = directory.appendingPathComponent("kiosk-20260528-202640.svg")
        let second = directory.appendingPathComponent("kiosk-20260528-202640-2.svg")
        let svg = try String(contentsOf: first, encoding: .utf8)
        #expect(FileManager.default.fileExists(atPath: second.path))
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains("Lumen Pro"))
        // The sunset theme's own colour, not the 256-colour approximation a terminal would show.
        let accent = try #require(ExportPalette.rgb(theme[.accent].foreground))
        #expect(accent.description == "#ff8c42")
        #expect(svg.contains("fill=\"#ff8c42\""))
        #expect(screen.plainText.contains("Screen saved to \(directory.path)/kiosk-20260528"))
    }

    @Test func aFolderThatCannotBeWrittenIsAnErrorBannerNotACrash() async throws {
        let theme = try Fixtures.theme()
        var app = PaywallApp(store: try Fixtures.store(), content: try Fixtures.content(), theme: theme)
        app.screenSaver = ScreenSaver(directory: "/nonexistent/kiosk-shots", theme: theme)
        let (screen, timedOut) = await Self.run(
            app, size: Size(columns: 120, rows: 30),
            steps: [
                .init(waitFor: "/month", keys: [.character("S")]),
                .init(waitFor: "Saving the screen failed", keys: [.character("q")]),
            ])
        #expect(timedOut == nil)
        #expect(screen.plainText.contains("cannot write /nonexistent/kiosk-shots/kiosk-"))
    }

    /// Runs the app's loop on the main thread, as `kiosk` does, until the script quits it.
    static func run(_ app: PaywallApp, size: Size, steps: [ScriptedTerminal.Step]) async -> (Buffer, String?)
    {
        await MainActor.run {
            let terminal = ScriptedTerminal(size: size, steps: steps)
            _ = app.run(on: terminal)
            return (terminal.headless.screen, terminal.timedOutWaitingFor)
        }
    }
}
