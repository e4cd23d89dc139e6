import Catalog
import Signing
import SourceDiagnostics

/// `kiosk lint`'s check of a catalog's subscription offer key: the store reads it with
/// `SubscriptionOfferKey` when it runs, and so does this, so a key the store would refuse (a
/// public catalog's `"REDACTED"`) is a warning here at its place in the file (issue 38).
enum OfferKeyLinter {
    /// A warning at `subscriptionOffersKeyPair.privateKey` when the store could not use the key;
    /// none when it could, or when the catalog has no key (or does not decode: its errors say why).
    /// The key itself is never shown: real catalogs carry it.
    static func warnings(_ bytes: [UInt8], file: String) -> [Diagnostic] {
        guard let pair = StoreKitConfiguration.decode(bytes, file: file).value?.subscriptionOffersKeyPair,
            let id = pair.id, let privateKey = pair.privateKey
        else { return [] }
        do throws(SubscriptionOfferKey.Problem) {
            _ = try SubscriptionOfferKey.publicKey(base64: privateKey)
            return []
        } catch {
            let document = try? JSONDocument(bytes: bytes)
            let pairNode = document.flatMap { $0.member("subscriptionOffersKeyPair", of: $0.root) }
            let keyNode = pairNode.flatMap { document?.member("privateKey", of: $0) }
            let location =
                (keyNode ?? pairNode).flatMap { document?.location(of: $0, file: file) }
                ?? SourceLocation(file: file, line: 1, column: 1)
            return [
                Diagnostic(
                    severity: .warning, location: location, path: "subscriptionOffersKeyPair.privateKey",
                    value: nil,
                    message: "the subscription offer key \(id) is not a usable private key (\(error)): "
                        + SubscriptionOfferKey.consequence)
            ]
        }
    }
}
