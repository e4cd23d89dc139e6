import Foundation

/// `kiosk serve` under bounded load on loopback, beside nginx serving a static body of the
/// same size, measured in the same run: GET of a signed transaction at 64 connections with wrk,
/// and purchase + finish over the wire protocol with our own generator.
///
/// Purchase + finish runs twice: on the ephemeral store (the figure the goal is set on), and
/// on a state directory, where every answer waits for its commit to be durable (group commit:
/// one fsync of the WAL covers every commit written before it).
///
/// The GET is `GET /v1/accounts/tester/products/{id}/latest-transaction`, the wire protocol's
/// one-transaction read; beside it the App Store Server API's Get Transaction Info with an ES256
/// bearer JWT (`ServeBenchmark+AppStoreAPI`). Goals: the GET at least half of nginx's rate, p99
/// under 5 ms; the App Store Server API's GET at least half of the /v1 GET.
enum ServeBenchmark {
    static let seconds = 5
    /// The consumable every purchase + finish pair buys.
    static let productID = "com.kiosk.lumen.aicredits10"

    static func run() async throws -> [BenchmarkResult] {
        let server = try await ServeProcess.start()
        defer { server.stop() }
        let (port, token) = (server.port, server.token)
        let path = "/v1/accounts/tester/products/com.kiosk.lumen.lifetime/latest-transaction"
        let body = try await offThePool {
            _ = try Probe.post(
                port: port, path: "/v1/accounts/tester/purchases", token: token,
                json: #"{"productID":"com.kiosk.lumen.lifetime"}"#)
            return try Probe.get(port: port, path: path, token: token)
        }
        let kiosk = try Wrk.run(
            url: "http://127.0.0.1:\(port)\(path)", headers: ["Authorization: Bearer \(token)"],
            seconds: seconds)
        let nginx = try await NginxProcess.start(body: body)
        let anchor: Wrk.Result
        do {
            anchor = try Wrk.run(url: "http://127.0.0.1:\(nginx.port)/body", seconds: seconds)
            nginx.stop()
        } catch {
            nginx.stop()
            throw error
        }
        let appStoreAPI = try await appStoreAPIResult()
        let purchases = try await purchaseResults(
            ephemeralPort: port, token: token, nginxP99Milliseconds: anchor.p99Milliseconds)
        // Errors are figures too: each run's classes, beside its rate (a rate with errors is
        // marked by them, not thrown away).
        let errorRows = [("GET", kiosk), ("nginx", anchor), ("App Store Server API GET", appStoreAPI)].map {
            name, result in
            BenchmarkResult(
                name: "serve errors under load, \(name) (\(result.errorClasses))",
                value: Double(result.errors),
                unit: "errors", anchorName: nil, anchorValue: nil, anchorUnit: nil, higherIsBetter: false)
        }
        let nginxName = "nginx static \(body.count) B"
        return [
            BenchmarkResult(
                name: "serve GET transaction, 64 connections", value: kiosk.requestsPerSecond, unit: "req/s",
                anchorName: nginxName, anchorValue: anchor.requestsPerSecond, anchorUnit: "req/s",
                higherIsBetter: true),
            BenchmarkResult(
                name: "serve GET transaction p99", value: kiosk.p99Milliseconds, unit: "ms",
                anchorName: "goal", anchorValue: 5, anchorUnit: "ms", higherIsBetter: false),
            BenchmarkResult(
                name: "nginx static p99", value: anchor.p99Milliseconds, unit: "ms", anchorName: "goal",
                anchorValue: 5, anchorUnit: "ms", higherIsBetter: false),
            // Goal: at least 0.5 of the /v1 GET (a backend's calls beside an app's).
            BenchmarkResult(
                name: "serve App Store Server API GET transaction (ES256 bearer JWT), 64 connections",
                value: appStoreAPI.requestsPerSecond, unit: "req/s", anchorName: "the /v1 GET above",
                anchorValue: kiosk.requestsPerSecond, anchorUnit: "req/s", higherIsBetter: true),
            BenchmarkResult(
                name: "serve App Store Server API GET p99", value: appStoreAPI.p99Milliseconds, unit: "ms",
                anchorName: "goal", anchorValue: 5, anchorUnit: "ms", higherIsBetter: false),
        ] + errorRows + purchases
    }

    /// Purchase + finish on the ephemeral store at `ephemeralPort` (one is started when nil)
    /// and on a state directory, beside OpenSSL's signing rate, the floor the signatures a pair
    /// needs imply, and the goals (with nginx's p99 from the same run, when measured: at most 5x).
    static func purchaseResults(
        ephemeralPort: UInt16? = nil, token: String? = nil, nginxP99Milliseconds: Double? = nil
    ) async throws -> [BenchmarkResult] {
        var started: ServeProcess?
        let port: UInt16
        let bearer: String
        if let ephemeralPort, let token {
            (port, bearer) = (ephemeralPort, token)
        } else {
            let process = try await ServeProcess.start()
            started = process
            (port, bearer) = (process.port, process.token)
        }
        defer { started?.stop() }
        let purchase = await PurchaseLoad.run(
            port: port, token: bearer, productID: productID, seconds: Double(seconds))
        let durable = try await durablePurchases()
        let signing = try Anchors.openSSLECDSAP256(seconds: 2)
        guard purchase.errors == 0, durable.errors == 0 else {
            throw BenchmarkFailure(
                "errors under load: purchase \(purchase.errors), durable purchase \(durable.errors)")
        }
        let signatures = try await PurchaseSignatures.count(productID: productID)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        // The floor: every core signing and doing nothing else (the load generator's share of the
        // cores is not taken off, so the ratio understates the server).
        let floor = Double(cores) * signing.sign / signatures.perPair
        var results = [
            BenchmarkResult(
                name: "serve purchase + finish, 64 connections", value: purchase.pairsPerSecond,
                unit: "pairs/s", anchorName: "openssl ecdsap256 sign, 1 core", anchorValue: signing.sign,
                anchorUnit: "sign/s", higherIsBetter: true),
            BenchmarkResult(
                name: "serve purchase + finish p99", value: purchase.p99Milliseconds, unit: "ms",
                anchorName: "goal", anchorValue: 20, anchorUnit: "ms", higherIsBetter: false),
            BenchmarkResult(
                name: "serve signatures per purchase + finish (counted)", value: signatures.perPair,
                unit: "signatures (\(signatures.counts.described(per: PurchaseSignatures.pairs)))",
                higherIsBetter: false),
            BenchmarkResult(
                name: "serve purchase + finish against the signing floor", value: purchase.pairsPerSecond,
                unit: "pairs/s", anchorName: "floor: \(cores) cores x openssl sign / signatures per pair",
                anchorValue: floor, anchorUnit: "pairs/s", higherIsBetter: true),
        ]
        if let nginx = nginxP99Milliseconds {
            results.append(
                BenchmarkResult(
                    name: "serve purchase + finish p99 against nginx", value: purchase.p99Milliseconds,
                    unit: "ms", anchorName: "goal: 5x nginx static p99 in this run", anchorValue: 5 * nginx,
                    anchorUnit: "ms", higherIsBetter: false))
        }
        return results + [
            BenchmarkResult(
                name: "serve purchase + finish on a state directory (durable)", value: durable.pairsPerSecond,
                unit: "pairs/s", anchorName: "ephemeral", anchorValue: purchase.pairsPerSecond,
                anchorUnit: "pairs/s", higherIsBetter: true),
            BenchmarkResult(
                name: "serve purchase + finish on a state directory p99", value: durable.p99Milliseconds,
                unit: "ms", anchorName: "goal", anchorValue: 20, anchorUnit: "ms", higherIsBetter: false),
        ]
    }

    /// Purchase + finish against `kiosk serve --state` on a fresh directory.
    static func durablePurchases() async throws -> PurchaseLoad.Result {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-bench-serve-state-\(getpid())")
        // A fresh directory: none there is fine; one that stays makes `kiosk serve` fail, named.
        try? FileManager.default.removeItem(at: state)
        // Clean-up of scratch files in the temporary directory: a leftover harms nothing.
        defer { try? FileManager.default.removeItem(at: state) }
        let server = try await ServeProcess.start(state: state)
        defer { server.stop() }
        return await PurchaseLoad.run(
            port: server.port, token: server.token, productID: productID, seconds: Double(seconds))
    }

    /// Blocking set-up work on a thread of its own, never on the cooperative pool.
    static func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        let result: Result<T, any Error> = await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: Result { try body() }) }.start()
        }
        return try result.get()
    }
}
