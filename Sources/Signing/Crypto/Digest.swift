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
}
