import Catalog
import Foundation
import Paywall
import PaywallCatalog
import PaywallLaunch
import Signing
import Simulator
import StoreCore
import TerminalUI
import TestSupport
import Testing

/// Live reload: saving the catalog, its paywall copy or the theme re-renders the paywall with
/// the store's state and the selection kept; a file with errors shows its located diagnostics
/// in a banner while the last good version stays on screen.
@Suite struct LiveReloadTests {
    /// A copy of the demo catalog, its copy and the sunset theme in a fresh directory.
    struct Workspace {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-reload-\(UUID().uuidString)")
        var catalog: String { directory.appendingPathComponent("demo.storekit").path }
        var copy: String { directory.appendingPathComponent("demo.paywall.json").path }
        var theme: String { directory.appendingPathComponent("mine.json").path }

        init() throws {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let root = PackageFiles.root
            for (from, to) in [
                ("catalogs/demo.storekit", catalog), ("catalogs/demo.paywall.json", copy),
                ("themes/sunset.json", theme),
            ] {
                try FileManager.default.copyItem(atPath: root.appendingPathComponent(from).path, toPath: to)
            }
        }

        /// Replaces `old` with `new` in `path`, as an editor saving the file would.
        func edit(_ path: String, _ old: String, _ new: String) throws {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.contains(old), "\(path) has no '\(old)'")
            try Data(text.replacingOccurrences(of: old, with: new).utf8).write(
                to: URL(fileURLWithPath: path), options: .atomic)
        }

        func remove() { try? FileManager.default.removeItem(at: directory) }
    }

    /// The reloader on the workspace's files, over a simulator opened on its catalog, wired as
    /// `kiosk` wires them.
    func reloader(_ workspace: Workspace) throws -> (LiveReloader, PaywallContent, Theme, SimulatedStore) {
        let catalog = try LoadedCatalog.load(contentsOf: workspace.catalog)
        let content = PaywallContent(catalog: catalog)
        let theme = try Theme.load(
            path: workspace.theme, bundledThemes: PackageFiles.themesDirectory)
        let store = try SimulatedStore.open(
            catalog: catalog, location: .ephemeral(), frozenClock: true,
            wallClock: { Date(timeIntervalSince1970: 1_780_000_000) })
        let reloader = LiveReloader(
            catalogPath: workspace.catalog, themePath: workspace.theme,
            bundledThemes: PackageFiles.themesDirectory,
            locale: nil, content: content, theme: theme,
            updateStore: OpenedStore(simulator: store, ownership: nil, backendName: "sim").replaceCatalog)
        return (reloader, content, theme, store)
    }

    @Test func reloadKeepsTheStoreStateAndTheSelectionAndBrokenFilesKeepTheLastGoodVersion() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let (reloader, content, theme, store) = try reloader(workspace)
        var paywall = HeadlessPaywall(
            store: store, content: content, theme: theme, size: Size(columns: 200, rows: 30))
        await paywall.start()
        // The first plan (the paywall opens on one with a trial), bought, then the third selected.
        await paywall.press([Key](repeating: .up, count: 6))
        await paywall.press(.enter, .enter, .down, .down)
        let before = paywall.state
        #expect(before.planIndex == 2 && before.store.entitlements.count == 1)

        try workspace.edit(workspace.copy, "\"Lumen Pro\"", "\"Lumen Studio\"")
        await paywall.send(.reloaded(await reloader.reload()))
        #expect(paywall.screenText.contains("Lumen Studio"))
        #expect(paywall.state.planIndex == 2)
        #expect(paywall.state.store.entitlements == before.store.entitlements)
        #expect(paywall.state.store.records == before.store.records)

        // A new price in the .storekit: the store sells at it, the subscription bought stays.
        try workspace.edit(workspace.catalog, "\"displayPrice\" : \"19.99\"", "\"displayPrice\" : \"21.99\"")
        await paywall.send(.reloaded(await reloader.reload()))
        #expect(
            paywall.screenText.contains("Lumen Ultimate (Monthly) ] $21.99/month"), "\(paywall.screenText)")
        #expect(paywall.screenText.contains("Current plan: Lumen Ultimate (Monthly)"))
        #expect(paywall.state.planIndex == 2)
        #expect(paywall.state.store.entitlements == before.store.entitlements)

        // A theme with a bad colour: its located diagnostic in a banner, the sunset theme stays.
        try workspace.edit(workspace.theme, "\"#ff8c42\"", "\"#ff8c4\"")
        let broken = await reloader.reload()
        #expect(broken.theme == theme)
        let problem = try #require(broken.problems.first)
        #expect(problem.hasPrefix("\(workspace.theme):7:"), "\(problem)")
        await paywall.send(.reloaded(broken))
        #expect(paywall.screenText.contains("✗ Reload kept the last good version: \(workspace.theme):7:"))
        #expect(paywall.screenText.contains("Lumen Studio"))

        // Broken copy too: two problems, and the copy that read last stays.
        try workspace.edit(workspace.copy, "\"Lumen Studio\"", "\"Lumen Studio\",,")
        let both = await reloader.reload()
        #expect(both.problems.count >= 2)
        #expect(both.problems.contains { $0.hasPrefix(workspace.copy + ":") }, "\(both.problems)")
        #expect(both.content.title == "Lumen Studio")
        await paywall.send(.reloaded(both))
        #expect(paywall.screenText.contains("more)"))

        // Fixed: the banner goes, the state is still the one the tester made.
        try workspace.edit(workspace.copy, "\"Lumen Studio\",,", "\"Lumen Max\"")
        try workspace.edit(workspace.theme, "\"#ff8c4\"", "\"#ff8c43\"")
        let fixed = await reloader.reload()
        #expect(fixed.problems.isEmpty)
        #expect(fixed.theme[.accent].foreground == .rgb(0xFF, 0x8C, 0x43))
        await paywall.send(.reloaded(fixed))
        #expect(!paywall.screenText.contains("Reload kept"))
        #expect(paywall.screenText.contains("Lumen Max"))
        #expect(paywall.state.planIndex == 2 && paywall.state.store.entitlements == before.store.entitlements)
    }

    /// The whole path: the watcher sees the save, the running loop shows the new copy, and a
    /// broken catalog shows its diagnostic while the paywall keeps running.
    @Test func savingAFileReRendersTheRunningPaywall() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let (reloader, content, theme, store) = try reloader(workspace)
        let app = PaywallApp(store: store, content: content, theme: theme)
        let watcher = reloader.watch(posting: app.inbox)
        defer { watcher.stop() }
        let copyEdit: @Sendable () -> Void = {
            try? workspace.edit(workspace.copy, "\"Lumen Pro\"", "\"Lumen Studio\"")
        }
        let priceEdit: @Sendable () -> Void = {
            try? workspace.edit(
                workspace.catalog, "\"displayPrice\" : \"19.99\"", "\"displayPrice\" : \"21.99\"")
        }
        let catalogEdit: @Sendable () -> Void = {
            try? workspace.edit(
                workspace.catalog, "\"Lumen Ultimate (Monthly)\"", "\"Lumen Ultimate (Monthly)\",,")
        }
        let (screen, timedOut) = await MainActor.run {
            let terminal = ScriptedTerminal(
                size: Size(columns: 160, rows: 30),
                steps: [
                    .init(waitFor: "Lumen Pro", action: .run(copyEdit)),
                    .init(waitFor: "Lumen Studio", action: .run(priceEdit)),
                    .init(waitFor: "$21.99/month", action: .run(catalogEdit)),
                    .init(waitFor: "Reload kept the last good version", keys: [.character("q")]),
                ])
            _ = app.run(on: terminal)
            return (terminal.headless.screen, terminal.timedOutWaitingFor)
        }
        #expect(timedOut == nil, "\(screen.plainText)")
        #expect(screen.plainText.contains("Lumen Studio"))
        #expect(screen.plainText.contains("$21.99/month"))
        #expect(screen.plainText.contains(workspace.catalog + ":"))
    }
}
