import Foundation
import StoreCore
import Testing

@testable import Signing

/// The X509_STRICT certificate-profile verdicts of reference/apple-signed-data.md §6, under the
/// system OpenSSL 3.0 that Swift links.
@Suite struct ChainProfileTests {
    static let rejected: [(String, @Sendable (inout CertificateProfile) -> Void, Int)] = [
        ("leaf without authorityKeyIdentifier", { $0.includesAuthorityKeyIdentifier = false }, 0),
        ("intermediate without authorityKeyIdentifier", { $0.includesAuthorityKeyIdentifier = false }, 1),
        ("intermediate without subjectKeyIdentifier", { $0.includesSubjectKeyIdentifier = false }, 1),
        ("root without subjectKeyIdentifier", { $0.includesSubjectKeyIdentifier = false }, 2),
        ("intermediate without keyUsage", { $0.keyUsage = nil }, 1),
        ("intermediate basicConstraints not critical", { $0.basicConstraintsCritical = false }, 1),
        ("root basicConstraints not critical", { $0.basicConstraintsCritical = false }, 2),
    ]

    static let accepted: [(String, @Sendable (inout CertificateProfile) -> Void, Int)] = [
        ("leaf without subjectKeyIdentifier", { $0.includesSubjectKeyIdentifier = false }, 0),
        ("leaf with subjectKeyIdentifier", { $0.includesSubjectKeyIdentifier = true }, 0),
        ("leaf without keyUsage", { $0.keyUsage = nil }, 0),
    ]

    static func authority(
        bending level: Int, with bend: @escaping @Sendable (inout CertificateProfile) -> Void
    ) throws
        -> TestAuthority
    {
        try TestAuthority(
            root: { if level == 2 { bend(&$0) } }, intermediate: { if level == 1 { bend(&$0) } },
            leaf: { if level == 0 { bend(&$0) } })
    }

    @Test(arguments: rejected.indices)
    func rejects(index: Int) throws {
        let (name, bend, level) = Self.rejected[index]
        let authority = try Self.authority(bending: level, with: bend)
        let check = try authority.verifier().check(authority.signer().sign(Fixtures.transaction()))
        #expect(
            check.error?.isSameCase(as: .invalidCertificateChain()) == true,
            "\(name): \(String(describing: check.error))")
    }

    @Test(arguments: accepted.indices)
    func accepts(index: Int) throws {
        let (name, bend, level) = Self.accepted[index]
        let authority = try Self.authority(bending: level, with: bend)
        let check = try authority.verifier().check(authority.signer().sign(Fixtures.transaction()))
        #expect(check.error == nil, "\(name): \(String(describing: check.error))")
    }
}
