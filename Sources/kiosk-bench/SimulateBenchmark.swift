import Catalog
import Foundation
import Signing
import Simulator
import StoreCore

/// `kiosk-bench simulate`: many accounts with a monthly subscription carried through one
/// simulated year. Every renewal is a signed transaction stored in the SQLite ledger (WAL,
/// every commit durable before it is acknowledged) with its notification recorded in the outbox, as in normal use.
/// The anchor is OpenSSL's raw P-256 signing rate, measured in the same run. The signatures the
/// year makes are counted (``CountingSigner``), and the floor they imply, the rate at which the
/// machine's cores could make them and do nothing else, stands beside the measured rate.
///
/// The peak memory is this process's (`VmHWM`): `kiosk-bench` runs each benchmark in a process
/// of its own, so it is the simulation's alone (setup and year), never what ran before.
enum SimulateBenchmark {
    static func run() async throws -> [BenchmarkResult] {
        let accounts = Int(ProcessInfo.processInfo.environment["KIOSK_BENCH_ACCOUNTS"] ?? "") ?? 10_000
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-bench-simulate-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // Clean-up of scratch files in the temporary directory: a leftover harms nothing.
        defer { try? FileManager.default.removeItem(at: directory) }

        let catalogPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("catalogs/demo.storekit").path
        let catalog = try LoadedCatalog.load(contentsOf: catalogPath)
        let authority = try CertificateAuthority.ephemeral()
        let signer = CountingSigner(try CoveringSigner(authority: authority))
        let store = try SimulatedStore(
            catalog: catalog, ledger: .directory(directory), signer: signer, frozenClock: true)

        let setupStart = Date()
        for index in 0..<accounts {
            let name: AccountName = "tester\(index)"
            try await store.addAccount(StoreAccount(name: name))
            try await store.switchAccount(to: name)
            _ = try await store.purchase(
                "com.kiosk.lumen.pro.monthly", options: [.introductoryOfferEligibility(false)])
        }
        let setupSeconds = Date().timeIntervalSince(setupStart)
        if ProcessInfo.processInfo.environment["KIOSK_BENCH_TRACE"] != nil {
            FileHandle.standardError.write(
                Data(
                    "after setup: rss \(Anchors.residentMegabytes()) MB, peak \(Anchors.peakMemoryMegabytes()) MB\n"
                        .utf8))
        }
        let before = try await countNotifications(of: store).last
        let signedBefore = signer.current

        let clock = ContinuousClock()
        let elapsed = try await clock.measure {
            // A year in monthly steps: each step is one SQLite transaction of every due renewal.
            for _ in 0..<12 {
                _ = try await store.advanceClock(by: 30.4375 * 86_400)
                if ProcessInfo.processInfo.environment["KIOSK_BENCH_TRACE"] != nil {
                    FileHandle.standardError.write(Data("rss \(Anchors.residentMegabytes()) MB\n".utf8))
                }
            }
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let signed = signer.current - signedBefore
        let renewals = try await countNotifications(of: store, after: before).count
        guard renewals >= accounts * 11 else {
            throw BenchmarkFailure("expected about \(accounts * 12) renewals, the year produced \(renewals)")
        }
        let openssl = try Anchors.openSSLECDSAP256()
        let perRenewal = Double(signed.total) / Double(renewals)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let floor = Double(cores) * openssl.sign / perRenewal
        return [
            BenchmarkResult(
                name: "simulate setup", value: Double(accounts) / setupSeconds,
                unit: "purchases/s (one commit each)",
                higherIsBetter: true),
            BenchmarkResult(
                name: "simulate year", value: seconds, unit: "s for \(renewals) renewals",
                higherIsBetter: false),
            BenchmarkResult(
                name: "simulate renewals", value: Double(renewals) / seconds, unit: "renewals/s",
                anchorName: "openssl ecdsap256 sign", anchorValue: openssl.sign, anchorUnit: "signs/s",
                higherIsBetter: true),
            BenchmarkResult(
                name: "simulate signatures per renewal (counted over the year)", value: perRenewal,
                unit: "signatures (\(signed.described(per: renewals)))", higherIsBetter: false),
            BenchmarkResult(
                name: "simulate renewals against the signing floor", value: Double(renewals) / seconds,
                unit: "renewals/s",
                anchorName: "floor: \(cores) cores x openssl sign / signatures per renewal",
                anchorValue: floor, anchorUnit: "renewals/s", higherIsBetter: true),
            BenchmarkResult(
                name:
                    "simulate peak memory (this benchmark alone: \(accounts) purchases set up, then the year)",
                value: Anchors.peakMemoryMegabytes(), unit: "MB", higherIsBetter: false),
        ]
    }

    /// How many notifications the outbox holds after `sequence`, and the last one's number,
    /// read a page at a time: loading the year's 130,000 at once to count them put the
    /// benchmark's own list into the store's peak memory.
    static func countNotifications(of store: SimulatedStore, after sequence: Int64 = 0) async throws -> (
        count: Int, last: Int64
    ) {
        var (count, last) = (0, sequence)
        while case let page = try await store.notifications(after: last, limit: 1_000), let newest = page.last
        {
            count += page.count
            last = newest.sequence
        }
        return (count, last)
    }
}
