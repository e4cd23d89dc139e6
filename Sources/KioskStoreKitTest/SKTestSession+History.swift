import Foundation
import Signing
import Simulator
import StoreCore

/// Kiosk's addition: a session that starts from a customer's history as Apple's servers gave
/// it (the files `kiosk state import-history` reads: docs/qa.md, "Reproduce a customer's
/// ticket"), so a test can reproduce a support ticket with the app's own purchase code.
extension SKTestSession {
    /// A session on a configuration file found by name (as `init(configurationFileNamed:)`),
    /// started from the customer in `files`, acting as that customer.
    /// - Parameters:
    ///   - files: App Store Server API response bodies, notification bodies or JWS logs.
    ///   - trustedRoot: the root the files are signed under (DER or PEM); nil imports them
    ///     without checking their signatures.
    /// - Throws: `SKTestError` as `init(configurationFileNamed:)` does, or `.invalidAction` with
    ///   the file and line of what the import refused.
    public convenience init(
        configurationFileNamed filename: String, importingHistory files: [URL], trustedRoot: URL?,
        filePath: String = #filePath
    ) throws {
        try self.init(configurationFileNamed: filename, filePath: filePath)
        try start(fromHistory: files, trustedRoot: trustedRoot)
    }

    /// A session on the `.storekit` file at `url`, started from the customer in `files`.
    public convenience init(contentsOf url: URL, importingHistory files: [URL], trustedRoot: URL?) throws {
        try self.init(contentsOf: url)
        try start(fromHistory: files, trustedRoot: trustedRoot)
    }

    /// Puts the customer into the session's new store before the app runs, the store's clock at
    /// the history's newest `signedDate`, and signs in as them.
    private func start(fromHistory files: [URL], trustedRoot: URL?) throws(SKTestError) {
        let history: CustomerHistory
        do {
            let verifier = try trustedRoot.map {
                JWSVerifier(trustedRoots: [try Certificate.read(at: $0.path)])
            }
            history = try CustomerHistory.read(files: files, verifier: verifier)
        } catch {
            throw SKTestError(.invalidAction, "importing the history: \(error)")
        }
        let store = store
        let catalog = configurationURL.path
        try waitOnStoreThread("importing the history") { () async throws(SKTestError) in
            do {
                let result = try await store.importHistory(
                    history, account: nil, at: nil, catalogName: catalog)
                try await store.switchAccount(to: result.account)
            } catch {
                throw SKTestError(.invalidAction, "importing the history: \(error)")
            }
        }
    }
}
