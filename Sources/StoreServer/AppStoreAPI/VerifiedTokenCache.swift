import Foundation
import Signing
import Simulator

/// Bearer tokens already verified, until they expire: a backend sends the same token on every
/// call for up to an hour (Apple's client signs one per client object), and verifying it in
/// full (an ES256 signature) on each made `GET /inApps/v1/transactions/{id}` about 20 times
/// slower than the `/v1` read beside it. A hit is only taken for the same token text, before
/// its `exp`, for the same app, and while its key is still registered with the same public key
/// it was verified with; everything else is verified again, so nothing refused before is
/// accepted now.
final class VerifiedTokenCache: Sendable {
    private struct Entry: Sendable {
        var token: APIToken
        var publicKey: String
    }

    /// Past this many tokens, expired ones go, and all of them if none had expired: a bound a
    /// flood of fresh tokens cannot push past.
    static let capacity = 4_096
    /// Read by every call on every connection thread at once (see `APIKeyRegistry.keys`).
    private let entries = ReadWriteLocked<[String: Entry]>([:])

    /// The verified token for `text`, if it was verified with `publicKey` (the PEM registered
    /// for its key now), for `bundleID`, and has not expired at `now`.
    func token(_ text: String, bundleID: String, now: Date, publicKey: (String) -> String?) -> APIToken? {
        guard let entry = entries.read({ $0[text] }), entry.token.expiresAt > now,
            entry.token.bundleID == bundleID, publicKey(entry.token.keyID) == entry.publicKey
        else { return nil }
        return entry.token
    }

    func remember(_ text: String, _ token: APIToken, publicKey: String, now: Date) {
        entries.write { entries in
            if entries.count >= Self.capacity {
                entries = entries.filter { $0.value.token.expiresAt > now }
                if entries.count >= Self.capacity { entries = [:] }
            }
            entries[text] = Entry(token: token, publicKey: publicKey)
        }
    }
}
