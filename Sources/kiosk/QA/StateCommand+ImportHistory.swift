import CommandLineOptions
import Foundation
import PaywallLaunch
import SharedState
import Signing
import Simulator
import StoreCommands
import StoreCore

/// `kiosk state import-history FILE...`: a customer's purchases from Apple's servers, reproduced
/// in a state (docs/qa.md, "Reproduce a customer's ticket"). Everything is read, verified and
/// checked first; the state is touched only once all of it passed, and what it held is kept as
/// a save point before the import is loaded.
extension StateCommand {
    static func checkTrust(_ options: Options) throws(UsageError) {
        if options.trust != nil && options.unverified {
            throw UsageError("--trust and --unverified contradict each other: choose one")
        }
        if options.trust == nil && !options.unverified {
            throw UsageError(
                "name the root the files are signed under with --trust ROOT.cer (Apple Root CA G3 for data "
                    + "from Apple: https://www.apple.com/certificateauthority/AppleRootCA-G3.cer), or pass --unverified"
            )
        }
    }

    /// `--at`: an ISO 8601 date and time, or a day (midnight UTC).
    @Sendable static func date(_ text: String) throws(UsageError) -> Date {
        if let date = ISO8601DateFormatter().date(from: text) { return date }
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        if let date = day.date(from: text) { return date }
        throw UsageError(
            "--at needs an ISO 8601 date such as 2026-11-30T09:00:00Z or 2026-11-30, got '\(text)'")
    }

    func importHistory() async throws {
        let history = try readHistory()
        var catalog = try storeOptions.loadCatalog()
        var catalogPath = storeOptions.catalogPath
        let account = storeOptions.account ?? HistoryImport.defaultAccountName(history)
        let name = options.name ?? "history-\(SavePoints.nameFragment(account.rawValue))"
        do { _ = try SavePoints.validName(name) } catch {
            throw CommandFailure(
                "kiosk state import-history: \(error); choose one with --name NAME", exit: .usage)
        }
        // Checked before the state directory is made or touched.
        if !options.addMissingProducts {
            do { try HistoryImport.check(history, against: catalog, catalogName: catalogPath) } catch {
                throw CommandFailure(
                    "kiosk state import-history: \(error); nothing was imported", exit: .dataError)
            }
        }
        let state: URL
        do { state = try storeOptions.state.create(warn: StateDirectory.warn) } catch {
            throw CommandFailure("kiosk state import-history: \(error)", exit: .cannotCreate)
        }
        let savePoint = SavePoints.url(named: name, in: state)
        if FileManager.default.fileExists(atPath: savePoint.path) {
            guard
                HistoryImport.digest(ofSavePoint: savePoint)
                    == HistoryImport.fingerprint(history, account: storeOptions.account, at: options.at)
            else {
                throw CommandFailure(
                    "kiosk state import-history: the save point \(name) already exists and holds something else: "
                        + "choose another --name, or remove \(savePoint.path); nothing was changed",
                    exit: .cannotCreate)
            }
            guard HistoryImport.holds(history, state: state) else {
                // A load cut short (a killed process), or the state changed since: put it back.
                Console.error("the save point \(name) holds this import, but the state does not: loading it")
                return try await replaceState(with: name, in: state, account: account, history: history)
            }
            Console.print(
                "already imported as the save point \(name): nothing changed (kiosk state load \(name) puts it back)"
            )
            return
        }
        var added: [String] = []
        if options.addMissingProducts {
            do {
                (catalog, catalogPath, added) = try HistoryImport.completedCatalog(
                    catalog, with: history, in: state)
            } catch {
                throw CommandFailure(
                    "kiosk state import-history: \(error); nothing was imported", exit: .cannotCreate)
            }
        }
        let result: HistoryImportResult
        do {
            result = try HistoryImport.writeSavePoint(
                history, catalog: catalog, catalogName: catalogPath, account: storeOptions.account,
                at: options.at, state: state, savePoint: savePoint)
        } catch {
            if !added.isEmpty { HistoryImport.removeCatalog(catalogPath) }
            throw CommandFailure(
                "kiosk state import-history: \(error); nothing was imported", exit: .dataError)
        }
        if !added.isEmpty {
            Console.error(
                "added \(added.count) product\(added.count == 1 ? "" : "s") the catalog lacks "
                    + "(\(added.joined(separator: ", "))) to \(catalogPath): open this state with --catalog \(catalogPath)"
            )
        }
        Console.error(
            "\(result.account): \(result.transactions) transaction\(result.transactions == 1 ? "" : "s"), "
                + "\(result.subscriptions) subscription"
                + (result.subscriptions == 1 ? ", " : "s, ")
                + "store clock \(StoreOutput.date(result.storeTime))"
                + (history.isVerified ? "" : " (UNVERIFIED: signatures were not checked)"))
        do {
            try await replaceState(with: name, in: state, account: account, history: history)
        } catch {
            // A save point nobody could load is not left behind to be taken for an import.
            SavePoints.removeUnloaded(savePoint)
            throw error
        }
    }

    /// Keeps what the state holds as `before-NAME` (never overwritten), then loads the import's
    /// save point through the state's owner.
    private func replaceState(
        with name: String, in state: URL, account: AccountName, history: CustomerHistory
    )
        async throws
    {
        if FileManager.default.fileExists(atPath: StateDirectoryLayout(state).ledger.path) {
            let before = SavePoints.freeName("before-\(name)", in: state)
            try await StateCommand(copying: self, action: .save, argument: before).perform(
                .saveState(name: before))
        }
        try await StateCommand(copying: self, action: .load, argument: name).perform(.loadState(name: name))
        // The state records the customer's app: what it signs from now on carries it, unless a
        // command opens it with --bundle-id or --environment.
        let identity = HistoryImport.identity(of: history)
        Console.error(
            "act as the customer with --account \(account); the state signs for \(identity.bundleID) "
                + "(\(identity.environment.rawValue)) unless opened with --bundle-id or --environment")
    }

    private func readHistory() throws -> CustomerHistory {
        var verifier: JWSVerifier?
        if let trust = options.trust {
            do { verifier = JWSVerifier(trustedRoots: [try Certificate.read(at: trust)]) } catch {
                let missing = !FileManager.default.fileExists(atPath: trust)
                throw CommandFailure(
                    "kiosk state import-history: --trust \(trust): \(error)",
                    exit: missing ? .noInput : .dataError)
            }
        }
        for file in files where !FileManager.default.fileExists(atPath: file) {
            throw CommandFailure("kiosk state import-history: no such file \(file)", exit: .noInput)
        }
        do {
            return try CustomerHistory.read(files: files.map { URL(fileURLWithPath: $0) }, verifier: verifier)
        } catch {
            throw CommandFailure(
                "kiosk state import-history: \(error); nothing was imported", exit: .dataError)
        }
    }
}
