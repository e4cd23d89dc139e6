import Foundation
import StoreCore

extension Certificate {
    /// Reads a certificate file, PEM (`BEGIN CERTIFICATE`) or DER.
    /// - Throws: `unreadableFile` or `corruptFile` naming `path`.
    public static func read(at path: String) throws(SigningError) -> Certificate {
        let bytes = try FileIO.read(path)
        let isPEM = String(decoding: bytes.prefix(64), as: UTF8.self).contains("-----BEGIN")
        do {
            return isPEM
                ? try Certificate(pem: String(decoding: bytes, as: UTF8.self)) : try Certificate(der: bytes)
        } catch {
            throw .corruptFile(path: path, reason: "not a \(isPEM ? "PEM" : "DER") X.509 certificate")
        }
    }
}

extension CertificateAuthority {
    /// The authority's directory inside a Kiosk state directory.
    public static let directoryName = StateDirectoryLayout.authorityName

    /// The root an authority in `directory` was created with, without creating or changing
    /// anything (for verifying when only the state directory is known).
    /// - Throws: `missingAuthority` when there is none there, or the file errors of
    ///   `Certificate.read(at:)`.
    public static func storedRoot(directory: String) throws(SigningError) -> Certificate {
        let files = AuthorityFiles(directory: directory)
        guard !files.isAbsent else {
            throw .missingAuthority(directory: directory)
        }
        return try Certificate.read(at: files.path(AuthorityFiles.rootName))
    }
}
