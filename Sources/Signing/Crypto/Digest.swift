import COpenSSL
import Foundation

/// One-shot message digests, for values Apple defines as a hash (StoreKit's device
/// verification is the SHA-384 of a nonce and the device verification ID).
public enum Digest {
    /// The 48-byte SHA-384 of `data`.
    public static func sha384(_ data: Data) -> Data {
        var digest = [UInt8](repeating: 0, count: 48)
        data.withUnsafeBytes { bytes in
            _ = SHA384(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, &digest)
        }
        return Data(digest)
    }

    /// The SHA-256 of `text`'s UTF-8, as 64 lowercase hex digits: a screen picture's digest on
    /// the wire (`Kiosk-Picture-Digest`), which client and server compute alike.
    public static func sha256Hex(_ text: String) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        let bytes = Array(text.utf8)
        _ = SHA256(bytes, bytes.count, &digest)
        return digest.map { String(format: "%02x", $0) }.joined()
    }
}
