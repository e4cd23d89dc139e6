import Foundation
import StoreCore
import Testing

@testable import Signing

/// Every verdict of reference/apple-signed-data.md §6 that concerns the signature and chain,
/// each asserting the exact `VerificationError` case.
@Suite struct JWSVerifierTests {
    let authority: TestAuthority
    let payload: [UInt8]

    init() throws {
        authority = try TestAuthority()
        payload = try Fixtures.transaction().payloadJSON()
    }

    func check(_ jws: String, verifier: JWSVerifier? = nil) throws -> JWSVerifier.Check {
        try (verifier ?? authority.verifier()).check(jws)
    }

    func craft(alg: String = "ES256", x5c: [String]? = nil, extra: String = "", der: Bool = false) throws
        -> String
    {
        let header = JWSCraft.header(alg: alg, x5c: x5c ?? JWSCraft.x5c(authority.chain), extra: extra)
        return try JWSCraft.sign(headerJSON: header, payload: payload, key: authority.leafKey, der: der)
    }

    @Test func acceptsTheSignersOwnOutput() throws {
        expectVerdict(try check(authority.signer().sign(payload: payload)), nil)
    }

    @Test func acceptsExtraHeaderFields() throws {
        expectVerdict(try check(craft(extra: "\"typ\":\"JWT\",\"kid\":\"ABC\"")), nil)
    }

    @Test func neverReadsTheThirdCertificate() throws {
        let x5c = Array(JWSCraft.x5c(authority.chain).prefix(2)) + ["bm90IGEgY2VydGlmaWNhdGU="]
        expectVerdict(try check(craft(x5c: x5c)), nil)
    }

    @Test func acceptsAnAllP256Chain() throws {
        let p256 = try TestAuthority(caCurve: .p256)
        let jws = try p256.signer().sign(payload: payload)
        expectVerdict(try check(jws, verifier: p256.verifier()), nil)
    }

    @Test func rejectsAFlippedSignatureBit() throws {
        let jws = try authority.signer().sign(payload: payload)
        expectVerdict(try check(JWSCraft.flippingSignatureBit(jws)), .invalidSignature())
        expectVerdict(try check(JWSCraft.flippingSignatureBit(jws, bit: 300)), .invalidSignature())
    }

    @Test func rejectsAModifiedPayload() throws {
        let jws = try authority.signer().sign(payload: payload)
        var changed = Fixtures.transaction()
        changed.price = 1
        expectVerdict(
            try check(JWSCraft.replacingPayload(jws, with: changed.payloadJSON())), .invalidSignature())
    }

    @Test func rejectsADERSignature() throws {
        expectVerdict(try check(craft(der: true)), .invalidSignature())
    }

    @Test func rejectsAnotherAlgorithm() throws {
        expectVerdict(try check(craft(alg: "ES384")), .invalidSignature())
        expectVerdict(try check(craft(alg: "none")), .invalidSignature())
    }

    @Test func rejectsAWrongRoot() throws {
        let other = try TestAuthority(freshKeys: true)
        expectVerdict(
            try check(authority.signer().sign(payload: payload), verifier: other.verifier()),
            .invalidCertificateChain())
    }

    @Test func rejectsEverythingWithoutRoots() throws {
        expectVerdict(
            try check(authority.signer().sign(payload: payload), verifier: JWSVerifier(trustedRoots: [])),
            .invalidCertificateChain())
    }

    @Test(arguments: [2, 4])
    func rejectsAChainOfTheWrongLength(count: Int) throws {
        let x5c = JWSCraft.x5c(
            count == 2 ? [authority.leaf, authority.intermediate] : authority.chain + [authority.root])
        expectVerdict(try check(craft(x5c: x5c)), .invalidCertificateChain())
    }

    @Test func rejectsAHeaderWithoutX5c() throws {
        let header = JWSCraft.header(x5c: nil)
        expectVerdict(
            try check(JWSCraft.sign(headerJSON: header, payload: payload, key: authority.leafKey)),
            .invalidCertificateChain())
    }

    @Test func rejectsBase64URLCertificates() throws {
        // A P-384 certificate's base64 always holds a '+' or '/' somewhere; make sure this one does.
        let url = JWSCraft.x5c(authority.chain, .url)
        try #require(url != JWSCraft.x5c(authority.chain))
        expectVerdict(try check(craft(x5c: url)), .invalidEncoding())
    }

    @Test func rejectsSwappedLeafAndIntermediate() throws {
        let x5c = JWSCraft.x5c([authority.intermediate, authority.leaf, authority.root])
        expectVerdict(try check(craft(x5c: x5c)), .invalidCertificateChain())
    }

    @Test func rejectsMissingMarkerOIDs() throws {
        let noLeafOID = try TestAuthority(leaf: { $0.markerOIDs = [] })
        expectVerdict(
            try check(noLeafOID.signer().sign(payload: payload), verifier: noLeafOID.verifier()),
            .invalidCertificateChain())
        let noIntermediateOID = try TestAuthority(intermediate: { $0.markerOIDs = [] })
        expectVerdict(
            try check(
                noIntermediateOID.signer().sign(payload: payload), verifier: noIntermediateOID.verifier()),
            .invalidCertificateChain())
    }

    @Test func checksTheLeafAtTheSignedDate() throws {
        // Valid for one day, a year before the payload's signedDate: expired then.
        let old = Fixtures.signedDate - 86_400 * 365
        let expired = try TestAuthority(leaf: {
            $0.notBefore = old - 86_400; $0.notAfter = old + 86_400
        })
        let jws = try expired.signer().sign(Fixtures.transaction())
        expectVerdict(try check(jws, verifier: expired.verifier()), .invalidCertificateChain())
        // The same expired leaf verifies a payload signed while it was valid, today included.
        let inside = try expired.signer().sign(Fixtures.transaction(signedDate: old))
        expectVerdict(try check(inside, verifier: expired.verifier()), nil)
        // A leaf that starts after the signedDate.
        let future = Fixtures.signedDate + 86_400
        let early = try TestAuthority(leaf: {
            $0.notBefore = future; $0.notAfter = future + 86_400
        })
        expectVerdict(
            try check(early.signer().sign(Fixtures.transaction()), verifier: early.verifier()),
            .invalidCertificateChain())
    }

    @Test func cachesTheChainButStillChecksItsWindow() throws {
        let old = Fixtures.signedDate - 86_400 * 365
        let shortLived = try TestAuthority(leaf: {
            $0.notBefore = old - 86_400; $0.notAfter = old + 86_400
        })
        let verifier = shortLived.verifier()
        let inside = try shortLived.signer().sign(Fixtures.transaction(signedDate: old))
        expectVerdict(try check(inside, verifier: verifier), nil)
        expectVerdict(try check(inside, verifier: verifier), nil)
        #expect(verifier.cachedChainCount == 1)
        let outside = try shortLived.signer().sign(Fixtures.transaction())
        expectVerdict(try check(outside, verifier: verifier), .invalidCertificateChain())
    }

    @Test func throwsForTextThatIsNoJWS() throws {
        let verifier = authority.verifier()
        #expect(throws: SigningError.self) { try verifier.check("abc.def") }
        #expect(throws: SigningError.self) { try verifier.check("a.b.c.d") }
        #expect(throws: SigningError.self) { try verifier.check("e30.e30.***") }
    }

    @Test func reportsAnHeaderThatIsNotJSON() throws {
        let jws = "bm90IGpzb24." + Base64.encode(payload, .url) + ".AAAA"
        expectVerdict(try check(jws), .invalidEncoding())
    }
}
