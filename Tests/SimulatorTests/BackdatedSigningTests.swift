import Foundation
import Signing
import StoreCore
import Testing

@testable import Simulator

/// What a store signs at a date in the past verifies against its root: a purchase backdated a
/// year and more makes renewals and notifications signed at their own dates, long before the
/// authority was made.
@Suite struct BackdatedSigningTests {
    @Test func aPurchaseBackdatedOverAYearSignsEveryNotificationVerifiably() async throws {
        let authority = try CertificateAuthority.ephemeral()
        let store = try SimulatedStore(
            catalog: TestCatalog(), ledger: .memory, signer: try CoveringSigner(authority: authority),
            frozenClock: true)
        let now = try await store.now()
        _ = try await store.purchase(
            "basic.monthly",
            options: [.purchaseDate(now.addingTimeInterval(-400 * day), renewalBehavior: .renewUntilNow)])
        // The renewals due by now run at the next read.
        let transactions = try await store.all()
        #expect(transactions.count >= 13)
        let notifications = try await store.notifications()
        #expect(notifications.count >= 13)
        let verifier = authority.verifier()
        for notification in notifications {
            let check = try verifier.check(try await store.signedNotification(notification))
            #expect(
                check.isVerified,
                "\(notification.type) of \(notification.sequence): \(String(describing: check.error))")
        }
        for transaction in transactions {
            #expect(try verifier.check(transaction.jwsRepresentation).isVerified)
        }
    }
}
