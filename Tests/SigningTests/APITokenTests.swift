import Foundation
import Testing

@testable import Signing

@Suite struct APITokenTests {
    let key: ECPrivateKey
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    let token: APIToken

    init() throws {
        key = try ECPrivateKey.generate(.p256)
        token = APIToken(
            keyID: "ABC123DEFG", issuerID: "57246542-96fe-1a63-e053-0824d011072a",
            bundleID: Fixtures.bundleID,
            expiresAt: now + 300)
    }

    func verify(_ jwt: String, keys: [String: ECPublicKey]? = nil, bundleID: String = Fixtures.bundleID)
        throws(SigningError) -> APIToken
    {
        let keys = keys ?? ["ABC123DEFG": key.publicKey]
        return try APIToken.verify(
            jwt, keys: { keys[$0] }, bundleID: bundleID, issuerID: token.issuerID, now: now)
    }

    @Test func roundTripsWithoutIat() throws {
        let jwt = try token.signed(with: key)
        let claims = try #require(
            try JSONSerialization.jsonObject(with: Data(Base64.decode(JWSCraft.segments(jwt)[1], .url)!))
                as? [String: Any])
        #expect(Set(claims.keys) == ["iss", "aud", "exp", "bid"])
        let header = String(decoding: Base64.decode(JWSCraft.segments(jwt)[0], .url)!, as: UTF8.self)
        #expect(header == #"{"alg":"ES256","kid":"ABC123DEFG","typ":"JWT"}"#)
        #expect(try verify(jwt) == token)
    }

    @Test func rejectsAlgNone() throws {
        let header = Base64.encode(Array(#"{"alg":"none","kid":"ABC123DEFG","typ":"JWT"}"#.utf8), .url)
        let payload = JWSCraft.segments(try token.signed(with: key))[1]
        #expect(throws: SigningError.algorithmNotAllowed("none")) { try verify("\(header).\(payload).") }
    }

    @Test func rejectsTheWrongKey() throws {
        let other = try ECPrivateKey.generate(.p256)
        #expect(throws: SigningError.signatureMismatch(what: "API token")) {
            try verify(token.signed(with: other))
        }
        #expect(throws: SigningError.unknownKey(keyID: "ABC123DEFG")) {
            try verify(token.signed(with: key), keys: [:])
        }
    }

    @Test func rejectsAnExpiredToken() throws {
        var expired = token
        expired.expiresAt = now - 1
        #expect(throws: SigningError.tokenExpired(expiredAt: now - 1, now: now)) {
            try verify(expired.signed(with: key))
        }
    }

    @Test func rejectsTheWrongAudienceOrBundle() throws {
        #expect(
            throws: SigningError.claimMismatch(claim: "bid", found: Fixtures.bundleID, expected: "com.other")
        ) {
            try verify(token.signed(with: key), bundleID: "com.other")
        }
        struct Claims: Encodable { var iss, aud, bid: String; var exp: Int64 }
        let wrongAudience = try JWT.sign(
            claims: Claims(
                iss: token.issuerID, aud: "someone-else", bid: Fixtures.bundleID, exp: 1_700_000_300),
            keyID: "ABC123DEFG", key: key)
        #expect(
            throws: SigningError.claimMismatch(
                claim: "aud", found: "someone-else", expected: APIToken.audience)
        ) {
            try verify(wrongAudience)
        }
    }

    @Test func writesAndReadsP8Keys() throws {
        let path = NSTemporaryDirectory() + "kiosk-\(UUID().uuidString).p8"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try key.writeP8(to: path)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("-----BEGIN PRIVATE KEY-----"))
        #expect(
            try ECPrivateKey.readP8(at: path).publicKey.derRepresentation == key.publicKey.derRepresentation)
        try "junk".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: SigningError.corruptFile(path: path, reason: "not a PEM private key")) {
            try ECPrivateKey.readP8(at: path)
        }
    }
}
