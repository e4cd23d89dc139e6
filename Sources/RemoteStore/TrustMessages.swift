import Foundation
import Signing

/// The words clients use when trust in a server breaks: each names the cause, the file
/// concerned and the fix, so the command that hits it can pass it on in one line.
public enum TrustMessages {
    /// The server now signs with a root other than the one pinned on first contact.
    public static func pinMismatch(url: URL, pinFile: String, pinned: Certificate, served: Certificate)
        -> String
    {
        """
        the server at \(url.absoluteString) signs with a different root certificate than the one pinned \
        for it in \(pinFile) (pinned \(pinned.sha256Fingerprint.prefix(23))…, served \
        \(served.sha256Fingerprint.prefix(23))…). Its root changed: it was started with another --state (or \
        --ephemeral), or another server now listens on that port. If you trust this server, delete \
        \(pinFile) (it is pinned again on the next contact), or pass --root FILE with its root \
        (kiosk certs --state SERVER_STATE writes it)
        """
    }
}
