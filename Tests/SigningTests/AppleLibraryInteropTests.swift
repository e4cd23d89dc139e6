import Foundation
import StoreCore
import Testing

@testable import Signing

/// Apple's `app-store-server-library==3.1.2` judges what Kiosk signs, and Kiosk verifies what
/// Python's `cryptography` and Apple's library sign. Needs the venv (`scripts/test`); fails,
/// never skips, without it.
@Suite(.serialized) struct AppleLibraryInteropTests {
    struct Case {
        var name: String
        var method: String
        var jws: String
        var root: Certificate
        /// Apple's VerificationStatus name.
        var expected: String
    }

    struct Outcome: Decodable {
        var status: String
        var problems: [String]
    }

    /// Runs Apple's verifier over `cases`; returns its verdicts and the raw report.
    func judge(_ cases: [Case]) throws -> (outcomes: [String: Outcome], report: [String: Any]) {
        let input: [String: Any] = [
            "bundleId": Fixtures.bundleID,
            "cases": cases.map {
                [
                    "name": $0.name, "method": $0.method, "jws": $0.jws,
                    "root": Base64.encode($0.root.derRepresentation, .standard),
                ]
            },
        ]
        let path = NSTemporaryDirectory() + "kiosk-judge-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try JSONSerialization.data(withJSONObject: input).write(to: URL(fileURLWithPath: path))
        let output = try PythonRunner.run("verify_with_apple.py", [path])
        struct Report: Decodable { var cases: [String: Outcome] }
        let raw = try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
        return (
            try JSONDecoder().decode(Report.self, from: output).cases, raw["cases"] as? [String: Any] ?? [:]
        )
    }

    @Test func acceptsAndDecodesEverythingWeSign() throws {
        // The production CA, not a test chain: its profile is what Apple's library must accept.
        let authority = try CertificateAuthority.ephemeral(now: Fixtures.signedDate)
        let signer = try authority.signer()
        let notification = try Fixtures.notification(signer: signer)
        let signed: [(String, String, [UInt8])] = [
            (
                "transaction", try signer.sign(Fixtures.transaction()),
                try Fixtures.transaction().payloadJSON()
            ),
            (
                "revoked", try signer.sign(Fixtures.revokedTransaction()),
                try Fixtures.revokedTransaction().payloadJSON()
            ),
            ("renewal", try signer.sign(Fixtures.renewalInfo()), try Fixtures.renewalInfo().payloadJSON()),
            ("app", try signer.sign(Fixtures.appTransaction()), try Fixtures.appTransaction().payloadJSON()),
            ("notification", try signer.sign(notification), try notification.payloadJSON()),
        ]
        let methods = [
            "transaction": "transaction", "revoked": "transaction", "renewal": "renewal", "app": "app",
            "notification": "notification",
        ]
        let (outcomes, report) = try judge(
            signed.map {
                Case(name: $0.0, method: methods[$0.0]!, jws: $0.1, root: authority.root, expected: "OK")
            })
        for name in [
            "transaction", "revoked", "renewal", "app", "notification", "notification.signedTransactionInfo",
            "notification.signedRenewalInfo",
        ] {
            let outcome = try #require(outcomes[name], "no verdict for \(name)")
            #expect(outcome.status == "OK", "\(name): \(outcome.status)")
            #expect(outcome.problems.isEmpty, "\(name): \(outcome.problems)")
        }
        // What Apple's model decoded is exactly what we sent, key for key.
        for (name, _, payload) in signed {
            let sent = try JSONSerialization.jsonObject(with: Data(payload)) as? NSDictionary
            let decoded = (report[name] as? [String: Any])?["decoded"] as? NSDictionary
            #expect(sent != nil && decoded == sent, "\(name) decoded differently")
        }
    }

    @Test func rejectsWhatWeTamperWith() throws {
        let authority = try TestAuthority()
        let signer = try authority.signer()
        let jws = try signer.sign(Fixtures.transaction())
        let payload = try Fixtures.transaction().payloadJSON()
        let x5c = JWSCraft.x5c(authority.chain)
        func craft(_ header: String, der: Bool = false) throws -> String {
            try JWSCraft.sign(headerJSON: header, payload: payload, key: authority.leafKey, der: der)
        }
        var production = Fixtures.transaction()
        production.environment = .production
        var otherApp = Fixtures.transaction()
        otherApp.appBundleID = "com.example.other"
        let noLeafOID = try TestAuthority(leaf: { $0.markerOIDs = [] })
        let noIntermediateOID = try TestAuthority(intermediate: { $0.markerOIDs = [] })
        let old = Fixtures.signedDate - 86_400 * 365
        let expired = try TestAuthority(leaf: {
            $0.notBefore = old - 86_400; $0.notAfter = old + 86_400
        })
        let early = try TestAuthority(leaf: {
            $0.notBefore = Fixtures.signedDate + 60; $0.notAfter = old + 86_400 * 730
        })
        let otherRoot = try TestAuthority(freshKeys: true)
        let root = authority.root
        var cases = [
            Case(
                name: "flipped bit", method: "transaction", jws: JWSCraft.flippingSignatureBit(jws),
                root: root,
                expected: "VERIFICATION_FAILURE"),
            Case(
                name: "modified payload", method: "transaction",
                jws: JWSCraft.replacingPayload(jws, with: try production.payloadJSON()), root: root,
                expected: "VERIFICATION_FAILURE"),
            Case(
                name: "DER signature", method: "transaction",
                jws: try craft(JWSCraft.header(x5c: x5c), der: true),
                root: root, expected: "VERIFICATION_FAILURE"),
            Case(
                name: "wrong root", method: "transaction", jws: jws, root: otherRoot.root,
                expected: "VERIFICATION_FAILURE"),
            Case(
                name: "two certificates", method: "transaction",
                jws: try craft(JWSCraft.header(x5c: Array(x5c.prefix(2)))),
                root: root, expected: "INVALID_CHAIN_LENGTH"),
            Case(
                name: "four certificates", method: "transaction",
                jws: try craft(JWSCraft.header(x5c: x5c + [x5c[2]])),
                root: root, expected: "INVALID_CHAIN_LENGTH"),
            Case(
                name: "base64url x5c", method: "transaction",
                jws: try craft(JWSCraft.header(x5c: JWSCraft.x5c(authority.chain, .url))), root: root,
                expected: "INVALID_CERTIFICATE"),
            Case(
                name: "ES384", method: "transaction", jws: try craft(JWSCraft.header(alg: "ES384", x5c: x5c)),
                root: root, expected: "VERIFICATION_FAILURE"),
            Case(
                name: "no leaf OID", method: "transaction",
                jws: try noLeafOID.signer().sign(Fixtures.transaction()),
                root: noLeafOID.root, expected: "VERIFICATION_FAILURE"),
            Case(
                name: "no intermediate OID", method: "transaction",
                jws: try noIntermediateOID.signer().sign(Fixtures.transaction()),
                root: noIntermediateOID.root,
                expected: "VERIFICATION_FAILURE"),
            Case(
                name: "expired leaf", method: "transaction",
                jws: try expired.signer().sign(Fixtures.transaction()),
                root: expired.root, expected: "VERIFICATION_FAILURE"),
            Case(
                name: "leaf not yet valid", method: "transaction",
                jws: try early.signer().sign(Fixtures.transaction()),
                root: early.root, expected: "VERIFICATION_FAILURE"),
            Case(
                name: "other bundle", method: "transaction", jws: try signer.sign(otherApp), root: root,
                expected: "INVALID_APP_IDENTIFIER"),
            Case(
                name: "production payload", method: "transaction", jws: try signer.sign(production),
                root: root,
                expected: "INVALID_ENVIRONMENT"),
        ]
        for (name, claim, value) in [
            ("aud claim", "aud", "x" as Any), ("past exp", "exp", 1_000_000_000 as Any),
            ("future nbf", "nbf", 4_000_000_000 as Any),
        ] {
            let payload = try PayloadClaimTests.payload([claim: value])
            cases.append(
                Case(
                    name: name, method: "transaction", jws: try signer.sign(payload: payload), root: root,
                    expected: "VERIFICATION_FAILURE"))
        }
        let (outcomes, _) = try judge(cases)
        for item in cases {
            #expect(
                outcomes[item.name]?.status == item.expected,
                "\(item.name): \(outcomes[item.name]?.status ?? "none")")
            // Our verifier rejects each one too (bundle and environment are the caller's checks).
            if item.expected != "INVALID_APP_IDENTIFIER" && item.expected != "INVALID_ENVIRONMENT" {
                #expect(
                    try !JWSVerifier(trustedRoots: [item.root]).check(item.jws).isVerified, "\(item.name)")
            }
        }
    }

    @Test func verifiesWhatPythonSigns() throws {
        let output = try PythonRunner.run("sign_with_python.py")
        struct Made: Decodable {
            struct Legacy: Decodable {
                var nonce: UUID
                var timestamp: Int64
                var signature: String
                var applicationUsername: String
            }
            var root, jws, publicKey, keyId, issuerId, bundleId, offerV2, introEligibility, apiToken: String
            var legacyOffer: Legacy
        }
        let made = try JSONDecoder().decode(Made.self, from: output)
        let root = try Certificate(der: try #require(Base64.decode(made.root, .standard)))
        let result = try JWSVerifier(trustedRoots: [root]).verify(made.jws, as: Transaction.self)
        if case .unverified(_, let error, _) = result { Issue.record("\(error)") }
        #expect(result.unsafePayloadValue.price == Decimal(string: "4.99"))

        let key = try ECPublicKey(pem: made.publicKey)
        let offers = PromotionalOfferVerifier(keys: [made.keyId: key], issuerID: made.issuerId)
        let message = PromotionalOfferMessage(
            bundleID: made.bundleId, productID: "pro.monthly", offerID: "promo.50off",
            applicationUsername: made.legacyOffer.applicationUsername)
        try offers.verify(
            .legacy(
                keyID: made.keyId, nonce: made.legacyOffer.nonce, timestamp: made.legacyOffer.timestamp,
                signature: made.legacyOffer.signature), for: message)
        try offers.verify(.jws(made.offerV2), for: message, transactionID: "2000000123456789")
        let eligibility = try offers.verifyIntroductoryOfferEligibility(
            made.introEligibility, bundleID: made.bundleId, productID: "pro.monthly")
        #expect(eligibility.allowIntroductoryOffer)
        #expect(eligibility.transactionID == "2000000123456789")
        let token = try APIToken.verify(
            made.apiToken, keys: { $0 == made.keyId ? key : nil }, bundleID: made.bundleId,
            issuerID: made.issuerId)
        #expect(token.issuedAt == nil)
    }
}
