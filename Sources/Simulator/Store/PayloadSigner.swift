import Foundation
import Signing
import StoreCore

/// Signs what the store hands out. `Signing`'s local certificate authority provides it.
public protocol PayloadSigner: Sendable {
    func sign(_ transaction: Transaction) throws -> String
    func sign(_ renewalInfo: RenewalInfo) throws -> String
    func sign(_ appTransaction: AppTransaction) throws -> String
    /// Signs an App Store Server Notification V2 (`signedPayload`).
    func sign(_ notification: NotificationPayload) throws -> String
    /// Signs a Retention Messaging real-time request (`RealtimeRequestBody.signedPayload`).
    func sign(_ realtimeRequest: RealtimeRequestPayload) throws -> String
    /// The last date it can sign at (its certificates' end): the store's clock and every date
    /// it accepts stay at or before it, so a purchase never fails inside the signer.
    var latestSigningDate: Date { get }
}

extension PayloadSigner {
    /// 9999-12-31T23:59:59Z, the last date an X.509 certificate can name.
    public var latestSigningDate: Date { Date(timeIntervalSince1970: 253_402_300_799) }

    /// A signer that cannot sign real-time requests says so (test doubles).
    public func sign(_ realtimeRequest: RealtimeRequestPayload) throws -> String {
        throw StoreError.backend("\(type(of: self)) does not sign Retention Messaging requests")
    }
}
