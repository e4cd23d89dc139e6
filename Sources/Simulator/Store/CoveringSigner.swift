import Foundation
import Signing
import StoreCore
import Synchronization

/// Signs with a leaf certificate that covers each payload's `signedDate`.
///
/// The store's clock runs ahead of the wall clock (time rates, advances), and a verifier
/// checks the chain at the payload's `signedDate`, as Apple's library does. When store time
/// leaves the current leaf's validity, a new leaf is issued for that date under the same
/// intermediate, so everything stays verifiable with the same root for as long as the
/// intermediate lasts (ten years). Leaves issued this way live in memory: each JWS carries
/// its own chain in `x5c`, so nothing else needs them.
public final class CoveringSigner: PayloadSigner, Sendable {
    private struct Current {
        var notBefore: Date
        var notAfter: Date
        var signer: JWSSigner
    }

    private let authority: CertificateAuthority
    private let current: Mutex<Current>

    public init(authority: CertificateAuthority) throws(SigningError) {
        self.authority = authority
        current = Mutex(
            Current(
                notBefore: authority.leaf.notBefore, notAfter: authority.leaf.notAfter,
                signer: try authority.signer()))
    }

    /// The intermediate's last second: a leaf for a later date would outlive its issuer, and
    /// no verifier accepts a chain whose intermediate expired before the `signedDate`.
    public var latestSigningDate: Date { authority.intermediate.notAfter.addingTimeInterval(-1) }

    private func signer(at date: Date) throws -> JWSSigner {
        try current.withLock { current in
            if current.notBefore <= date && date < current.notAfter { return current.signer }
            let renewed = try authority.renewingLeaf(now: date)
            current = Current(
                notBefore: renewed.leaf.notBefore, notAfter: renewed.leaf.notAfter,
                signer: try renewed.signer())
            return current.signer
        }
    }

    public func sign(_ transaction: Transaction) throws -> String {
        try signer(at: transaction.signedDate).sign(payload: transaction.payloadJSON())
    }

    public func sign(_ renewalInfo: RenewalInfo) throws -> String {
        try signer(at: renewalInfo.signedDate).sign(payload: renewalInfo.payloadJSON())
    }

    public func sign(_ appTransaction: AppTransaction) throws -> String {
        try signer(at: appTransaction.signedDate).sign(payload: appTransaction.payloadJSON())
    }

    public func sign(_ notification: NotificationPayload) throws -> String {
        try signer(at: notification.signedDate).sign(payload: notification.payloadJSON())
    }

    public func sign(_ realtimeRequest: RealtimeRequestPayload) throws -> String {
        try signer(at: realtimeRequest.certificateCheckDate).sign(payload: realtimeRequest.payloadJSON())
    }
}
