import Foundation

extension ECPrivateKey {
    /// Reads an App Store Connect `.p8` key: PKCS#8 PEM holding a P-256 key.
    /// - Throws: `unreadableFile` or `corruptFile` naming `path`.
    public static func readP8(at path: String) throws(SigningError) -> ECPrivateKey {
        let text = try FileIO.readText(path)
        let key: ECPrivateKey
        do { key = try ECPrivateKey(pem: text) } catch {
            throw .corruptFile(path: path, reason: "not a PEM private key")
        }
        guard key.curve == .p256 else {
            throw .corruptFile(path: path, reason: "a .p8 key is P-256, this one is \(key.curve.rawValue)")
        }
        return key
    }

    /// Writes the key as a `.p8` file (PKCS#8 PEM), mode 0600, atomically.
    public func writeP8(to path: String) throws(SigningError) {
        try FileIO.writeAtomically(Array(pkcs8PEM().utf8), to: path, mode: 0o600)
    }
}
