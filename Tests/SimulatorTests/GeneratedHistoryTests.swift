import Foundation
import Signing
import StoreCore
import Testing

@testable import Simulator

/// A generated history (the scale benchmark's ledger) writes every subscription's due entry as
/// it goes and marks the index built, so opening it does not read every subscription again.
@Suite struct GeneratedHistoryTests {
    @Test func aGeneratedHistoryHasItsDueIndexMarkedBuilt() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "history-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let written = try SimulatedStore.generateHistory(
            catalog: TestCatalog(), ledger: .directory(directory),
            signer: try CoveringSigner(authority: CertificateAuthority.ephemeral()), accounts: 3, renewals: 2,
            productID: "basic.monthly")
        #expect(written == 9)
        let ledger = try Ledger(path: LedgerLocation.directory(directory).path)
        #expect(try ledger.hasDueIndex())
        #expect(try ledger.allChains().count == 3)
    }
}
