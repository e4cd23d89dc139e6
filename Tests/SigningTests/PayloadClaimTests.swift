import Foundation
import StoreCore
import Testing

@testable import Signing

/// Payload-level verdicts of the reference: registered JWT claims, a missing signedDate, and
/// fields Apple's models do not know.
@Suite struct PayloadClaimTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// The sample transaction's JSON with `changes` applied (nil removes a key).
    static func payload(_ changes: [String: Any?]) throws -> [UInt8] {
        var object = try #require(
            try JSONSerialization.jsonObject(with: Data(Fixtures.transaction().payloadJSON()))
                as? [String: Any])
        for (key, value) in changes { object[key] = value }
        return Array(try JSONSerialization.data(withJSONObject: object))
    }

    func check(_ payload: [UInt8], authority: TestAuthority? = nil) throws -> JWSVerifier.Check {
        let authority = try authority ?? TestAuthority()
        return try authority.verifier().check(authority.signer().sign(payload: payload), now: Self.now)
    }

    @Test func rejectsRegisteredClaimsAsApplesLibraryDoes() throws {
        expectVerdict(try check(Self.payload(["aud": "appstoreconnect-v1"])), .invalidEncoding())
        expectVerdict(try check(Self.payload(["exp": 1_700_000_000])), .invalidEncoding())
        expectVerdict(try check(Self.payload(["nbf": 1_900_000_000])), .invalidEncoding())
        expectVerdict(try check(Self.payload(["exp": 1_900_000_000, "nbf": 1_700_000_000])), nil)
        // A value that merely contains a claim's name is no claim.
        expectVerdict(try check(Self.payload(["productId": "\"aud\""])), nil)
    }

    @Test func checksTheChainNowWithoutASignedDate() throws {
        let authority = try CertificateAuthority.ephemeral()
        let payload = try Self.payload(["signedDate": nil])
        let jws = try authority.signer().sign(payload: payload)
        #expect(try authority.verifier().check(jws).isVerified)
        // At the sample's 2023 date this authority did not exist yet: now is what was checked.
        let old = try TestAuthority()
        expectVerdict(
            try old.verifier().check(old.signer().sign(payload: payload)), .invalidCertificateChain())
    }

    @Test func ignoresFieldsItDoesNotKnow() throws {
        let authority = try TestAuthority()
        let jws = try authority.signer().sign(payload: Self.payload(["futureField": ["a": 1]]))
        let result = try authority.verifier().verify(jws, as: Transaction.self, now: Self.now)
        #expect(result.isVerified)
        #expect(result.unsafePayloadValue == Fixtures.transaction())
    }
}
