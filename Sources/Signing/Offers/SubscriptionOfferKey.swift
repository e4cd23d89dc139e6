import Foundation

/// The private key of a catalog's `subscriptionOffersKeyPair` (base64 PKCS#8, the `.p8` Xcode
/// makes without its PEM lines), read once for both sides that need it: the store, whose
/// promotional offer checks trust its public key, and `kiosk lint`, which warns about a key
/// that cannot be used, so the two never disagree about the same catalog (issue 38).
public enum SubscriptionOfferKey {
    /// Why the key cannot be used, in words (never OpenSSL's error stack).
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// What follows from a key that cannot be used, and what to do, in the store's warning and
    /// in `kiosk lint`'s alike.
    public static let consequence =
        "every promotional offer signature will be refused; put the base64 body of a P-256 PKCS#8 key (a .p8 "
        + "in-app purchase key, or the one Xcode's Editor menu makes) in subscriptionOffersKeyPair.privateKey"

    /// The public key that checks offers signed with `privateKey`.
    /// - Throws: `Problem` saying what the text is instead.
    public static func publicKey(base64 privateKey: String) throws(Problem) -> ECPublicKey {
        let compact = privateKey.filter { !$0.isWhitespace }
        guard !compact.isEmpty else { throw Problem(description: "it is empty") }
        guard let der = Data(base64Encoded: compact), !der.isEmpty else {
            throw Problem(description: "it is not base64 text (\(compact.count) characters)")
        }
        do {
            return try ECPrivateKey(pem: pem(compact)).publicKey
        } catch {
            throw Problem(description: "its \(der.count) bytes are not a PKCS#8 EC private key")
        }
    }

    /// The base64 body between PEM lines, 64 characters a line.
    private static func pem(_ base64: String) -> String {
        var lines = ["-----BEGIN PRIVATE KEY-----"]
        var rest = Substring(base64)
        while !rest.isEmpty {
            lines.append(String(rest.prefix(64)))
            rest = rest.dropFirst(64)
        }
        lines.append("-----END PRIVATE KEY-----")
        return lines.joined(separator: "\n")
    }
}
