import Foundation
import StoreCore

/// Kiosk's local certificate authority, shaped like Apple's: a self-signed P-384 root, a P-384
/// intermediate with Apple's WWDR marker OID, and a P-256 leaf with the receipt-signing marker
/// OID that signs every JWS.
///
/// `open(directory:)` creates it on first use and reuses it afterwards (see `AuthorityFiles`
/// for the layout). A backend trusts it by trusting `root` (`kiosk certs` exports it).
public struct CertificateAuthority: Sendable {
    public let root: Certificate
    public let intermediate: Certificate
    public let leaf: Certificate
    let rootKey: ECPrivateKey
    let intermediateKey: ECPrivateKey
    let leafKey: ECPrivateKey

    /// How long each certificate lives from its creation.
    public static let rootLifetime: TimeInterval = 20 * 365 * 86_400
    public static let intermediateLifetime: TimeInterval = 10 * 365 * 86_400
    public static let leafLifetime: TimeInterval = 2 * 365 * 86_400
    /// A leaf with less than this left is replaced when the authority is opened.
    public static let leafRenewalMargin: TimeInterval = 30 * 86_400
    /// Certificates start this long before their creation, so a JWS whose `signedDate` is a
    /// little in the past (clock skew, a backdated simulated purchase) still verifies.
    public static let backdating: TimeInterval = 7 * 86_400
    /// The root and the intermediate start this long before their creation: what a store signs
    /// at a simulated date in the past (a purchase backdated months, the renewals and
    /// notifications it makes, a customer's imported history) verifies against the same root,
    /// under a leaf issued for that date (`CoveringSigner`).
    public static let authorityBackdating: TimeInterval = 10 * 365 * 86_400

    /// Leaf, intermediate, root: the `x5c` order.
    public var chain: [Certificate] { [leaf, intermediate, root] }

    /// A signer for App Store JWS with this authority's leaf.
    public func signer() throws(SigningError) -> JWSSigner { try JWSSigner(key: leafKey, chain: chain) }

    /// A verifier that trusts this authority's root.
    public func verifier() -> JWSVerifier { JWSVerifier(trustedRoots: [root]) }

    /// A new authority kept only in memory (for `--ephemeral` runs and tests).
    public static func ephemeral(now: Date = Date()) throws(SigningError) -> CertificateAuthority {
        let rootKey = try ECPrivateKey.generate(.p384)
        let root = try CertificateBuilder.issue(
            .root(notBefore: now - authorityBackdating, notAfter: now + rootLifetime),
            subjectKey: rootKey.publicKey,
            issuer: .init(certificate: nil, key: rootKey))
        let intermediateKey = try ECPrivateKey.generate(.p384)
        let intermediate = try CertificateBuilder.issue(
            .intermediate(notBefore: now - authorityBackdating, notAfter: now + intermediateLifetime),
            subjectKey: intermediateKey.publicKey, issuer: .init(certificate: root, key: rootKey))
        return try CertificateAuthority(
            root: root, rootKey: rootKey, intermediate: intermediate, intermediateKey: intermediateKey,
            now: now)
    }

    /// Loads the authority kept in `directory`, creating it there if the directory is absent or
    /// empty, and renewing the leaf when it is missing or near expiry.
    /// - Throws: `SigningError` naming the file when a stored key or certificate is unreadable,
    ///   corrupt or inconsistent. An existing authority is never overwritten.
    public static func open(directory: String, now: Date = Date()) throws(SigningError)
        -> CertificateAuthority
    {
        let files = AuthorityFiles(directory: directory)
        if files.isAbsent { try files.create(ephemeral(now: now)) }
        var authority = try files.load()
        if authority.leaf.notAfter.timeIntervalSince(now) < leafRenewalMargin
            || authority.leaf.notBefore > now
        {
            authority = try authority.renewingLeaf(now: now)
            try files.saveLeaf(of: authority)
        }
        try authority.checkConsistency(in: directory, at: now)
        return authority
    }

    /// The same authority with a fresh leaf key and certificate.
    public func renewingLeaf(now: Date = Date()) throws(SigningError) -> CertificateAuthority {
        try CertificateAuthority(
            root: root, rootKey: rootKey, intermediate: intermediate, intermediateKey: intermediateKey,
            now: now)
    }

    init(
        root: Certificate, rootKey: ECPrivateKey, intermediate: Certificate, intermediateKey: ECPrivateKey,
        leaf: Certificate, leafKey: ECPrivateKey
    ) {
        self.root = root
        self.rootKey = rootKey
        self.intermediate = intermediate
        self.intermediateKey = intermediateKey
        self.leaf = leaf
        self.leafKey = leafKey
    }

    /// Issues a new leaf under `intermediate`, valid no longer than the intermediate.
    private init(
        root: Certificate, rootKey: ECPrivateKey, intermediate: Certificate, intermediateKey: ECPrivateKey,
        now: Date
    ) throws(SigningError) {
        let leafKey = try ECPrivateKey.generate(.p256)
        let leaf = try CertificateBuilder.issue(
            .leaf(
                notBefore: now - Self.backdating,
                notAfter: min(now + Self.leafLifetime, intermediate.notAfter)),
            subjectKey: leafKey.publicKey, issuer: .init(certificate: intermediate, key: intermediateKey))
        self.init(
            root: root, rootKey: rootKey, intermediate: intermediate, intermediateKey: intermediateKey,
            leaf: leaf,
            leafKey: leafKey)
    }

    /// Every key belongs to its certificate and the chain verifies strictly now.
    private func checkConsistency(in directory: String, at now: Date) throws(SigningError) {
        let pairs: [(String, Certificate, ECPrivateKey)] = [
            (AuthorityFiles.rootKeyName, root, rootKey),
            (AuthorityFiles.intermediateKeyName, intermediate, intermediateKey),
            (AuthorityFiles.leafName, leaf, leafKey),
        ]
        for (name, certificate, key) in pairs
        where certificate.publicKey?.derRepresentation != key.publicKey.derRepresentation {
            throw .inconsistentAuthority(
                directory: directory, reason: "the key in \(name) does not match its certificate")
        }
        let validator = ChainValidator(roots: [root])
        if case .failure(let error) = validator.validate(leaf: leaf, intermediate: intermediate, at: now) {
            throw .inconsistentAuthority(
                directory: directory, reason: "its chain does not verify: \(error.reason)")
        }
    }
}
