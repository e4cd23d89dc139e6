import Foundation

/// Where a `CertificateAuthority` lives on disk:
///
///     <directory>/root.pem            root certificate
///     <directory>/root.key            root private key (PKCS#8 PEM, 0600)
///     <directory>/intermediate.pem    intermediate certificate
///     <directory>/intermediate.key    intermediate private key (0600)
///     <directory>/leaf.pem            leaf private key + certificate (0600), one file so a
///                                     renewal replaces both at once
///
/// A new authority is written into a sibling staging directory and renamed into place, so a
/// crash never leaves half an authority, and two processes creating one at once end up
/// sharing the winner's.
struct AuthorityFiles {
    static let rootName = "root.pem"
    static let rootKeyName = "root.key"
    static let intermediateName = "intermediate.pem"
    static let intermediateKeyName = "intermediate.key"
    static let leafName = "leaf.pem"
    static let allNames = [rootName, rootKeyName, intermediateName, intermediateKeyName, leafName]

    let directory: String

    func path(_ name: String) -> String { (directory as NSString).appendingPathComponent(name) }

    /// True when nothing of an authority is there yet (no directory, or an empty one).
    var isAbsent: Bool {
        guard FileManager.default.fileExists(atPath: directory) else { return true }
        // A directory that cannot be listed is not absent: opening it then names the file
        // it cannot read, where making a new authority over it would hide that.
        return (try? FileManager.default.contentsOfDirectory(atPath: directory))?.isEmpty ?? false
    }

    func create(_ authority: CertificateAuthority) throws(SigningError) {
        let parent = (directory as NSString).deletingLastPathComponent
        if !parent.isEmpty { try FileIO.makeDirectory(parent) }
        let staging = AuthorityFiles(directory: "\(directory).new-\(getpid())")
        try FileIO.makeDirectory(staging.directory)
        // Clean-up only: after the rename there is nothing left to remove, and after a failure
        // (reported by the throw) a leftover staging directory is never read.
        defer { try? FileManager.default.removeItem(atPath: staging.directory) }
        try staging.write(authority.root.pemRepresentation, Self.rootName, mode: 0o644)
        try staging.write(authority.rootKey.pkcs8PEM(), Self.rootKeyName, mode: 0o600)
        try staging.write(authority.intermediate.pemRepresentation, Self.intermediateName, mode: 0o644)
        try staging.write(authority.intermediateKey.pkcs8PEM(), Self.intermediateKeyName, mode: 0o600)
        try staging.saveLeaf(of: authority)
        // rename(2) replaces an empty directory and fails on a non-empty one: if another
        // process created the authority first, keep theirs.
        if rename(staging.directory, directory) != 0, errno != ENOTEMPTY, errno != EEXIST {
            throw .writeFailed(path: directory, reason: FileIO.errnoText())
        }
        FileIO.syncDirectory(containing: directory)
    }

    func saveLeaf(of authority: CertificateAuthority) throws(SigningError) {
        try write(authority.leafKey.pkcs8PEM() + authority.leaf.pemRepresentation, Self.leafName, mode: 0o600)
    }

    func load() throws(SigningError) -> CertificateAuthority {
        let missing = Self.allNames.filter { !FileIO.exists(path($0)) }
        guard missing.isEmpty else {
            throw .inconsistentAuthority(
                directory: directory, reason: "missing \(missing.joined(separator: ", "))")
        }
        let leafText = try FileIO.readText(path(Self.leafName))
        return CertificateAuthority(
            root: try certificate(Self.rootName), rootKey: try key(Self.rootKeyName),
            intermediate: try certificate(Self.intermediateName),
            intermediateKey: try key(Self.intermediateKeyName),
            leaf: try parse(Self.leafName) { () throws(SigningError) in try Certificate(pem: leafText) },
            leafKey: try parse(Self.leafName) { () throws(SigningError) in try ECPrivateKey(pem: leafText) })
    }

    private func write(_ text: String, _ name: String, mode: mode_t) throws(SigningError) {
        try FileIO.writeAtomically(Array(text.utf8), to: path(name), mode: mode)
    }

    private func certificate(_ name: String) throws(SigningError) -> Certificate {
        let text = try FileIO.readText(path(name))
        return try parse(name) { () throws(SigningError) in try Certificate(pem: text) }
    }

    private func key(_ name: String) throws(SigningError) -> ECPrivateKey {
        let text = try FileIO.readText(path(name))
        return try parse(name) { () throws(SigningError) in try ECPrivateKey(pem: text) }
    }

    /// Runs a parser, turning its error into `corruptFile` naming the file.
    private func parse<T>(_ name: String, _ body: () throws(SigningError) -> T) throws(SigningError) -> T {
        do { return try body() } catch { throw .corruptFile(path: path(name), reason: "\(error)") }
    }
}
