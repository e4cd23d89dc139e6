import Signing

/// What to do about a refused App Store Server API token, for the causes that are the
/// server's configuration rather than the backend's code: an unregistered key, a key
/// registered for another app, a bundle ID the server does not sign for.
enum APIAuthenticationHint {
    /// `reason` with the fix appended, when the cause is one Kiosk's tools fix.
    static func message(for error: any Error, serverBundleID: String) -> String {
        let reason = "\(error)"
        guard let error = error as? SigningError else { return reason }
        switch error {
        case .unknownKey:
            return reason
                + "; register the backend's key on this server's state: kiosk keys add --key-id KID --issuer ID "
                + "--public-key PUBLIC.pem --state DIR (kiosk keys list shows what is registered)"
        case .claimMismatch(let claim, let found, _) where claim == "bid":
            return reason
                + "; this server signs for \(serverBundleID): have the backend use \(serverBundleID)"
                + (found.map { ", or start kiosk serve with --bundle-id \($0)" } ?? "")
        case .claimMismatch(let claim, _, _) where claim == "iss":
            return reason + "; use the issuer the key was registered with (kiosk keys list)"
        case .signatureMismatch:
            return reason
                + "; the token was signed with another private key than the public key registered for its kid: "
                + "register the backend's public key again with kiosk keys add, or sign with the .p8 kiosk keys new wrote"
        default:
            return reason
        }
    }

    /// The key is registered, but for another app than the one this server signs for.
    static func wrongApp(keyID: String, registeredFor: String, serverBundleID: String) -> String {
        "key \(keyID) is registered for \(registeredFor), not \(serverBundleID); register it again with "
            + "kiosk keys add ... --bundle-id \(serverBundleID), or start kiosk serve with --bundle-id \(registeredFor)"
    }
}
