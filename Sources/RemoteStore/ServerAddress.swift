import Foundation

/// The address of a `kiosk serve`, as `--store URL` and `KIOSK_STORE` take it: `http://HOST[:PORT]`.
/// Only plain HTTP: the server speaks no TLS (docs/server.md), so an `https://` address would
/// fail at its first request with a confusing handshake error; it is refused here instead, in
/// the same words for the CLI and KioskStoreKit.
public enum ServerAddress {
    /// An example for messages.
    public static let example = "http://127.0.0.1:8686"

    /// `text` as a server URL, or nil when it is not `http://` with a host.
    public static func url(_ text: String) -> URL? {
        guard let url = URL(string: text), url.scheme == "http", url.host != nil else { return nil }
        return url
    }
}
