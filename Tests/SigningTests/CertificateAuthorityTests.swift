import Foundation
import StoreCore
import Testing

@testable import Signing

@Suite struct CertificateAuthorityTests {
    let directory: String

    init() {
        directory = NSTemporaryDirectory() + "kiosk-ca-\(UUID().uuidString)/ca"
    }

    func path(_ name: String) -> String { (directory as NSString).appendingPathComponent(name) }

    func mode(_ name: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path(name))[.posixPermissions] as? Int)
    }

    @Test func createsAnAppleShapedChainOnFirstUse() throws {
        let authority = try CertificateAuthority.open(directory: directory)
        #expect(authority.root.publicKey?.curve == .p384)
        #expect(authority.intermediate.publicKey?.curve == .p384)
        #expect(authority.leaf.publicKey?.curve == .p256)
        #expect(authority.intermediate.hasExtension(oid: CertificateProfile.intermediateMarkerOID))
        #expect(authority.leaf.hasExtension(oid: CertificateProfile.leafMarkerOID))
        for name in AuthorityFiles.allNames { #expect(FileManager.default.fileExists(atPath: path(name))) }
        #expect(try mode("root.key") == 0o600)
        #expect(try mode("intermediate.key") == 0o600)
        #expect(try mode("leaf.pem") == 0o600)
        let jws = try authority.signer().sign(
            Fixtures.transaction(signedDate: Date(millisecondsSince1970: Date().millisecondsSince1970)))
        #expect(try authority.verifier().check(jws).isVerified)
    }

    @Test func reusesTheStoredAuthority() throws {
        let first = try CertificateAuthority.open(directory: directory)
        let second = try CertificateAuthority.open(directory: directory)
        #expect(first.root.derRepresentation == second.root.derRepresentation)
        #expect(first.intermediate.derRepresentation == second.intermediate.derRepresentation)
        #expect(first.leaf.derRepresentation == second.leaf.derRepresentation)
    }

    @Test func renewsALeafNearItsExpiry() throws {
        let now = Date()
        let first = try CertificateAuthority.open(directory: directory, now: now)
        let later = first.leaf.notAfter - 10 * 86_400
        let second = try CertificateAuthority.open(directory: directory, now: later)
        #expect(first.root.derRepresentation == second.root.derRepresentation)
        #expect(first.leaf.derRepresentation != second.leaf.derRepresentation)
        #expect(second.leaf.notAfter > later + CertificateAuthority.leafRenewalMargin)
        // The renewal was saved: opening again at the same date keeps the new leaf.
        let third = try CertificateAuthority.open(directory: directory, now: later)
        #expect(third.leaf.derRepresentation == second.leaf.derRepresentation)
    }

    @Test func namesACorruptFileAndLeavesItAlone() throws {
        _ = try CertificateAuthority.open(directory: directory)
        let garbage = Array("-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----\n".utf8)
        try Data(garbage).write(to: URL(fileURLWithPath: path("root.key")))
        #expect {
            try CertificateAuthority.open(directory: directory)
        } throws: { error in
            guard case SigningError.corruptFile(let file, _) = error else { return false }
            return file == path("root.key")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path("root.key"))) == Data(garbage))
    }

    @Test func namesAnUnreadableFile() throws {
        _ = try CertificateAuthority.open(directory: directory)
        try FileManager.default.removeItem(atPath: path("intermediate.pem"))
        try FileManager.default.createDirectory(
            atPath: path("intermediate.pem"), withIntermediateDirectories: false)
        #expect {
            try CertificateAuthority.open(directory: directory)
        } throws: { error in
            guard case SigningError.unreadableFile(let file, _) = error else { return false }
            return file == path("intermediate.pem") && "\(error)".contains("intermediate.pem")
        }
    }

    @Test func refusesAnIncompleteAuthority() throws {
        _ = try CertificateAuthority.open(directory: directory)
        try FileManager.default.removeItem(atPath: path("root.key"))
        #expect {
            try CertificateAuthority.open(directory: directory)
        } throws: { error in
            guard case SigningError.inconsistentAuthority(_, let reason) = error else { return false }
            return reason.contains("root.key")
        }
        #expect(!FileManager.default.fileExists(atPath: path("root.key")))
    }

    @Test func refusesKeysThatDoNotMatchTheirCertificates() throws {
        _ = try CertificateAuthority.open(directory: directory)
        try ECPrivateKey.generate(.p384).pkcs8PEM().write(
            toFile: path("intermediate.key"), atomically: true, encoding: .utf8)
        #expect {
            try CertificateAuthority.open(directory: directory)
        } throws: { error in
            guard case SigningError.inconsistentAuthority(_, let reason) = error else { return false }
            return reason.contains("intermediate.key")
        }
    }
}
