import Foundation
import Signing
import Subprocess

/// The App Store Server API's Get Transaction Info (`GET /inApps/v1/transactions/{id}`) under
/// the same load as the `/v1` GET, as a backend under test calls it: Apple's bearer JWT (ES256,
/// from a key registered with `kiosk keys new`), one token for the whole run, as Apple's client
/// keeps one per client object. On a state directory, since API keys live in one.
extension ServeBenchmark {
    static let apiKeyID = "BENCHKEY01"
    static let apiIssuer = "57246542-96fe-1a63-e053-0824d011072a"

    /// wrk's result for Get Transaction Info of the state's one transaction.
    static func appStoreAPIResult() async throws -> Wrk.Result {
        let state = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("kiosk-bench-inapps-\(getpid())")
        defer {
            // The benchmark's scratch state in the temporary directory: a leftover harms nothing.
            try? FileManager.default.removeItem(at: state)
        }
        try FileManager.default.createDirectory(
            at: state, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let keyFile = state.appendingPathComponent("bench.p8").path
        let kiosk = PaywallProcessBenchmark.binary
        for arguments in [
            ["keys", "new", "--key-id", apiKeyID, "--issuer", apiIssuer, "--out", keyFile],
            ["store", "buy", "com.kiosk.lumen.lifetime"],
        ] {
            let output = try Subprocess.run([kiosk] + arguments + ["--state", state.path])
            guard output.status == 0 else {
                throw BenchmarkFailure(
                    "kiosk \(arguments.joined(separator: " ")) failed: \(output.standardError)")
            }
        }
        let key = try ECPrivateKey(pem: try String(contentsOfFile: keyFile, encoding: .utf8))
        let token = try APIToken(
            keyID: apiKeyID, issuerID: apiIssuer, bundleID: "dev.kiosk.demo", expiresAt: Date() + 3_600
        ).signed(with: key)
        let server = try await ServeProcess.start(state: state)
        defer { server.stop() }
        let url = "http://127.0.0.1:\(server.port)/inApps/v1/transactions/2000000000000001"
        let probe = try await offThePool {
            try Probe.get(port: server.port, path: "/inApps/v1/transactions/2000000000000001", token: token)
        }
        guard String(decoding: probe, as: UTF8.self).contains("signedTransactionInfo") else {
            throw BenchmarkFailure(
                "GET \(url) did not answer the transaction: \(String(decoding: probe, as: UTF8.self))")
        }
        return try Wrk.run(url: url, headers: ["Authorization: Bearer \(token)"], seconds: seconds)
    }
}
