import Foundation
import HTTP
import Signing
import Simulator
import StoreServer
import Testing

/// Bearer JWTs the App Store Server API must refuse: each gets a 401 with Apple's JSON error
/// body and `Content-Type: application/json` exactly.
@Suite struct AppStoreServerAPIAuthTests {
    private static func base64URL(_ bytes: some Sequence<UInt8>) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// A token with exactly these header and claims, signed with `key` (or unsigned).
    private static func handMade(header: String, claims: String, key: ECPrivateKey?) throws -> String {
        let input = base64URL(Array(header.utf8)) + "." + base64URL(Array(claims.utf8))
        let signature = try key.map { try $0.rawSignature(for: Array(input.utf8)) } ?? []
        return input + "." + base64URL(signature)
    }

    private func expect401(_ response: HTTPResponse, _ comment: Comment) {
        #expect(response.status == 401, comment)
        #expect(response.headers["Content-Type"] == "application/json", comment)
        let body = String(decoding: response.bodyBytes, as: UTF8.self)
        #expect(body.contains("\"errorCode\":\(AppStoreServerAPI.unauthenticatedCode)"), comment)
    }

    @Test func badTokensAre401WithTheExactJSONContentType() async throws {
        let fixture = try await APIFixture()
        defer { Task { await fixture.stop() } }
        let path = "/inApps/v1/transactions/2000000000000001"
        let exp = Int(Date().timeIntervalSince1970) + 300
        let bundle = await fixture.store.identity.bundleID
        let header = #"{"alg":"ES256","kid":"\#(fixture.keyID)","typ":"JWT"}"#
        let claims = { (aud: String) in
            #"{"aud":"\#(aud)","bid":"\#(bundle)","exp":\#(exp),"iss":"\#(fixture.issuer)"}"#
        }
        expect401(await fixture.get(path, token: nil), "missing token")
        expect401(
            await fixture.get(path, token: try await fixture.token(key: try ECPrivateKey.generate(.p256))),
            "wrong key")
        expect401(await fixture.get(path, token: try await fixture.token(expiresIn: -60)), "expired")
        expect401(
            await fixture.get(path, token: try await fixture.token(bundleID: "com.other.app")), "wrong bid")
        expect401(
            await fixture.get(
                path,
                token: try Self.handMade(header: header, claims: claims("someone-else"), key: fixture.key)),
            "wrong aud")
        expect401(
            await fixture.get(
                path,
                token: try Self.handMade(
                    header: #"{"alg":"none","kid":"\#(fixture.keyID)"}"#,
                    claims: claims("appstoreconnect-v1"),
                    key: nil)), "alg none")
        // The same hand-made shape with the right audience and key is accepted (404: no such transaction).
        let good = await fixture.get(
            path,
            token: try Self.handMade(header: header, claims: claims("appstoreconnect-v1"), key: fixture.key))
        #expect(good.status == 404)
        #expect(good.headers["Content-Type"] == "application/json")
        #expect(String(decoding: good.bodyBytes, as: UTF8.self).contains("4040010"))
    }

    /// A 401 whose cause is the server's setup says which command fixes it.
    @Test func refusalsCausedBySetupPointToTheFix() async throws {
        let fixture = try await APIFixture()
        defer { Task { await fixture.stop() } }
        let path = "/inApps/v1/transactions/2000000000000001"
        let body = { (response: HTTPResponse) in String(decoding: response.bodyBytes, as: UTF8.self) }
        let wrongApp = await fixture.get(path, token: try await fixture.token(bundleID: "com.other.app"))
        expect401(wrongApp, "wrong bid")
        #expect(body(wrongApp).contains("--bundle-id com.other.app"), "\(body(wrongApp))")
        let unknown = await fixture.get(
            path,
            token: try APIToken(
                keyID: "NOBODY", issuerID: fixture.issuer, bundleID: await fixture.store.identity.bundleID,
                expiresAt: Date() + 300
            ).signed(with: fixture.key))
        expect401(unknown, "unknown kid")
        #expect(body(unknown).contains("kiosk keys add"), "\(body(unknown))")
        let otherKey = await fixture.get(
            path, token: try await fixture.token(key: try ECPrivateKey.generate(.p256)))
        #expect(body(otherKey).contains("kiosk keys add"), "\(body(otherKey))")
    }
}
