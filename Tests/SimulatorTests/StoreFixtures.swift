import Foundation
import Signing
import StoreCore

@testable import Simulator

/// The pieces a store is built from, without the store: a ledger opened on the test catalog
/// (its state, products and the account `tester`), for tests of the types the store owns.
struct StoreParts {
    static let wall = Date(timeIntervalSince1970: 1_767_225_600)

    let opened: OpenedLedger
    let signer: any PayloadSigner

    init(_ location: LedgerLocation = .memory, account: AccountName = "tester") throws {
        signer = try CoveringSigner(authority: CertificateAuthority.ephemeral())
        opened = try OpenedLedger(
            catalog: TestCatalog(), location: location, signer: signer, identity: AppIdentity(),
            account: account, frozenClock: true, notificationSeed: 1, wall: Self.wall)
    }

    var ledger: Ledger { opened.ledger }
    var state: StoreState { opened.state }
    var now: Date { state.meta.clock.now(wall: Self.wall) }

    /// An action staged on the state as it is now.
    func action() -> StagedAction {
        StagedAction(base: state, signer: signer, products: opened.products, now: now)
    }

    /// The journal, oldest first.
    func journal() throws -> [JournalEntry] { try ledger.journal(JournalFilter()) }
}

/// How many times something was called, from a closure the tested type holds.
final class CallCount {
    private(set) var count = 0
    func called() { count += 1 }
}
