import CommandLineOptions
import Foundation
import Testing
import kiosk

/// `kiosk state import-history` as a support engineer runs it: refused without a trusted root,
/// imported with the root that signed the files, the same import a second time changes nothing,
/// and what a state held before an import is kept as a save point.
@Suite struct ImportHistoryCommandTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "kiosk-import-\(UUID().uuidString)")

    func kiosk(_ arguments: String...) async -> (status: Int32, output: String, errors: String) {
        await kiosk(arguments)
    }

    func kiosk(_ arguments: [String]) async -> (status: Int32, output: String, errors: String) {
        let (writer, lines) = ConsoleWriter.capturing()
        let status = await Kiosk.run(arguments, console: writer)
        return (status, lines().output, lines().error)
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    @Test func aCustomersLoggedTransactionsBecomeAStateOnce() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = path("customer-app")
        #expect(
            await kiosk(
                "store", "buy", "com.kiosk.lumen.pro.monthly", "--date", "2026-09-01T10:00:00Z", "--state",
                source
            ).status == 0)
        #expect(await kiosk("store", "buy", "com.kiosk.lumen.lifetime", "--state", source).status == 0)
        let logged = await kiosk("store", "all", "--jws", "--state", source)
        let log = path("app.log")
        try logged.output.write(toFile: log, atomically: true, encoding: .utf8)
        let root = source + "/ca/root.pem"
        let ticket = path("ticket")

        let untrusted = await kiosk("state", "import-history", log, "--state", ticket)
        #expect(untrusted.status == 64)
        #expect(untrusted.errors.contains("--trust ROOT.cer"))
        let foreign = await kiosk(
            "state", "import-history", log, "--trust", path("nothing.cer"), "--state", ticket)
        #expect(foreign.status == 66 && foreign.errors.contains("nothing.cer"))

        let imported = await kiosk(
            "state", "import-history", log, "--trust", root, "--account", "ticket-4711", "--state", ticket)
        #expect(imported.status == 0, "\(imported.errors)")
        #expect(imported.errors.contains("ticket-4711: 5 transactions, 1 subscription"))
        let transactions = await kiosk("store", "transactions", "--account", "ticket-4711", "--state", ticket)
        #expect(transactions.output.contains("com.kiosk.lumen.lifetime"))
        #expect(transactions.output.split(separator: "\n").count == 5)
        let journal = await kiosk("journal", "--state", ticket)
        #expect(journal.output.contains("signatures verified against the trusted root"))

        let again = await kiosk(
            "state", "import-history", log, "--trust", root, "--account", "ticket-4711", "--state", ticket)
        #expect(again.status == 0)
        #expect(
            again.output.contains("already imported as the save point history-ticket-4711: nothing changed"))
        #expect(await kiosk("journal", "--state", ticket).output == journal.output)
        // A state that no longer holds the import (a load cut short, a reset since) gets it back.
        #expect(await kiosk("store", "reset", "--account", "ticket-4711", "--state", ticket).status == 0)
        let restored = await kiosk(
            "state", "import-history", log, "--trust", root, "--account", "ticket-4711", "--state", ticket)
        #expect(restored.status == 0 && restored.errors.contains("but the state does not: loading it"))
        let back = await kiosk("store", "transactions", "--account", "ticket-4711", "--state", ticket)
        #expect(back.output.split(separator: "\n").count == 5)
        #expect(await kiosk("state", "list", "--state", ticket).output.contains("before-history-ticket-4711"))

        // Into a state in use: what it held is saved first, never overwritten.
        let other = await kiosk(
            "state", "import-history", log, "--unverified", "--account", "walk-in", "--state", source)
        #expect(other.status == 0, "\(other.errors)")
        let points = await kiosk("state", "list", "--state", source)
        #expect(points.output.contains("before-history-walk-in"))
        #expect(points.output.contains("history-walk-in"))
        #expect(await kiosk("journal", "--state", source).output.contains("UNVERIFIED"))
        let signed = await kiosk("store", "all", "--jws", "--account", "walk-in", "--state", source)
        let first = try #require(signed.output.split(separator: "\n").first.map(String.init))
        let verdict = await kiosk("verify", first, "--state", source)
        #expect(verdict.errors.contains("imported without checking its signature"), "\(verdict.errors)")
        let trusted = await kiosk("store", "all", "--jws", "--account", "ticket-4711", "--state", ticket)
        let checked = await kiosk(
            "verify", try #require(trusted.output.split(separator: "\n").first.map(String.init)), "--state",
            ticket)
        #expect(checked.status == 0 && !checked.errors.contains("imported without"))
    }

    /// A product the catalog lacks is refused before the state is made; `--add-missing-products`
    /// writes the catalog with it beside the state, and the state works with that catalog.
    @Test func productsTheCatalogLacksAreRefusedOrAdded() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = path("customer-app")
        #expect(await kiosk("store", "buy", "com.kiosk.lumen.pro.monthly", "--state", source).status == 0)
        #expect(await kiosk("store", "buy", "com.kiosk.lumen.filmpack", "--state", source).status == 0)
        let log = path("app.log")
        try await kiosk("store", "all", "--jws", "--state", source).output.write(
            toFile: log, atomically: true, encoding: .utf8)
        let ticket = path("ticket")
        let root = source + "/ca/root.pem"
        let refused = await kiosk(
            "state", "import-history", log, "--trust", root, "--catalog", "minimal", "--state", ticket)
        #expect(refused.status == 65)
        #expect(refused.errors.contains("product com.kiosk.lumen.pro.monthly"))
        #expect(refused.errors.contains("--add-missing-products"))
        #expect(!FileManager.default.fileExists(atPath: ticket), "nothing is made for a refused import")
        let added = await kiosk(
            "state", "import-history", log, "--trust", root, "--catalog", "minimal", "--add-missing-products",
            "--account", "pat", "--state", ticket)
        #expect(added.status == 0, "\(added.errors)")
        let catalog = ticket + "/imported-minimal.storekit"
        #expect(added.errors.contains("added 2 products the catalog lacks"))
        #expect(added.errors.contains("--catalog \(catalog)"))
        let statuses = await kiosk(
            "store", "statuses", "4A1D2E90", "--account", "pat", "--catalog", catalog, "--state", ticket)
        #expect(statuses.output.hasPrefix("subscribed"), "\(statuses.output)\(statuses.errors)")
        #expect(await kiosk("lint", catalog).status == 0)
    }

    /// The state records the customer's app: later commands sign for it without --bundle-id;
    /// one given records another.
    @Test func theImportedStateSignsForTheCustomersApp() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = path("acme")
        let acme = ["--bundle-id", "com.acme.app", "--environment", "Production", "--state", source]
        #expect(await kiosk(["store", "buy", "com.kiosk.lumen.lifetime"] + acme).status == 0)
        let log = path("acme.log")
        try await kiosk(["store", "all", "--jws"] + acme).output.write(
            toFile: log, atomically: true, encoding: .utf8)
        let ticket = path("ticket")
        #expect(
            await kiosk([
                "state", "import-history", log, "--trust", source + "/ca/root.pem", "--account", "zoe",
                "--state", ticket,
            ])
            .status == 0)
        let bought = await kiosk([
            "store", "buy", "com.kiosk.lumen.filmpack", "--account", "zoe", "--json", "--state", ticket,
        ])
        #expect(bought.output.contains("\"appBundleID\" : \"com.acme.app\""), "\(bought.output)")
        #expect(bought.output.contains("\"environment\" : \"Production\""))
        let other = await kiosk(
            [
                "store", "buy", "com.kiosk.lumen.aicredits10", "--account", "zoe", "--bundle-id", "dev.other",
                "--json", "--state", ticket,
            ])
        #expect(other.output.contains("\"appBundleID\" : \"dev.other\""))
    }
}
