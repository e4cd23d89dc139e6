import Foundation

@testable import Signing

/// A three-level chain built with Signing's own `CertificateBuilder`, with hooks to bend any
/// certificate's profile so tests can make the odd chains a verifier must reject.
struct TestAuthority {
    var rootKey: ECPrivateKey
    var intermediateKey: ECPrivateKey
    var leafKey: ECPrivateKey
    var root: Certificate
    var intermediate: Certificate
    var leaf: Certificate

    var chain: [Certificate] { [leaf, intermediate, root] }

    static let now = Fixtures.signedDate

    /// Keys are made once per process (a static let initialises once, thread-safely): key
    /// generation is the slow part of building chains.
    private static let sharedKeys = Result { () throws -> (ECPrivateKey, ECPrivateKey, ECPrivateKey) in
        (try ECPrivateKey.generate(.p384), try ECPrivateKey.generate(.p384), try ECPrivateKey.generate(.p256))
    }

    init(
        freshKeys: Bool = false, caCurve: ECCurve = .p384,
        root bendRoot: (inout CertificateProfile) -> Void = { _ in },
        intermediate bendIntermediate: (inout CertificateProfile) -> Void = { _ in },
        leaf bendLeaf: (inout CertificateProfile) -> Void = { _ in }
    ) throws {
        if freshKeys || caCurve != .p384 {
            (rootKey, intermediateKey, leafKey) = (
                try .generate(caCurve), try .generate(caCurve), try .generate(.p256)
            )
        } else {
            (rootKey, intermediateKey, leafKey) = try Self.sharedKeys.get()
        }
        // Two years either side of the sample signedDate, so tests can move a leaf's window
        // around inside the CA's.
        let start = Self.now - 86_400 * 730
        let end = Self.now + 86_400 * 730
        var rootProfile = CertificateProfile.root(notBefore: start, notAfter: end)
        bendRoot(&rootProfile)
        root = try CertificateBuilder.issue(
            rootProfile, subjectKey: rootKey.publicKey, issuer: .init(certificate: nil, key: rootKey))
        var intermediateProfile = CertificateProfile.intermediate(notBefore: start, notAfter: end)
        bendIntermediate(&intermediateProfile)
        intermediate = try CertificateBuilder.issue(
            intermediateProfile, subjectKey: intermediateKey.publicKey,
            issuer: .init(certificate: root, key: rootKey))
        var leafProfile = CertificateProfile.leaf(notBefore: start, notAfter: end)
        bendLeaf(&leafProfile)
        leaf = try CertificateBuilder.issue(
            leafProfile, subjectKey: leafKey.publicKey,
            issuer: .init(certificate: intermediate, key: intermediateKey))
    }

    func signer() throws -> JWSSigner { try JWSSigner(key: leafKey, chain: chain) }
    func verifier() -> JWSVerifier { JWSVerifier(trustedRoots: [root]) }
}
