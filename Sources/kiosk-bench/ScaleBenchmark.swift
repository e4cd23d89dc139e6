import Catalog
import Foundation
import Signing
import Simulator
import StoreCore
import Subprocess

/// `kiosk-bench scale`: what a store costs on a long history beside the same figure on an
/// empty ledger. The history: 20,000 accounts with a monthly subscription renewed 49 times,
/// 1,000,000 transactions (`KIOSK_BENCH_SCALE_ACCOUNTS`, `KIOSK_BENCH_SCALE_RENEWALS`),
/// written once by the engine's bulk generator and cached under the temporary directory,
/// keyed by this format and the ledger's schema version. Each run works on a copy.
///
/// Each store figure is measured in a child process of its own (`kiosk-bench scale-probe`,
/// see `ScaleProbe`), so its peak RSS is the store's alone; the first frame is the real
/// `kiosk` binary's, as `kiosk-bench render` measures it. The catch-up figures (`CatchUpProbe`)
/// come first: renewals per second with 100, 2,000 and 20,000 accounts due at once, each beside
/// the 100-account rate. Each probe stops itself past its budget (`FigureBudget`).
enum ScaleBenchmark {
    /// Bump when the generated history changes shape (2: it marks its due-event index built).
    static let formatVersion = 2
    static let catalogPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("catalogs/demo.storekit").path

    static func run() async throws -> [BenchmarkResult] {
        let environment = ProcessInfo.processInfo.environment
        let accounts = Int(environment["KIOSK_BENCH_SCALE_ACCOUNTS"] ?? "") ?? 20_000
        let renewals = Int(environment["KIOSK_BENCH_SCALE_RENEWALS"] ?? "") ?? 49
        let temporary = FileManager.default.temporaryDirectory
        let cache = try cachedHistory(accounts: accounts, renewals: renewals, under: temporary)
        let big = temporary.appendingPathComponent("kiosk-bench-scale-big-\(getpid())")
        let empty = temporary.appendingPathComponent("kiosk-bench-scale-empty-\(getpid())")
        defer {
            // Clean-up of scratch copies in the temporary directory: a leftover harms nothing.
            try? FileManager.default.removeItem(at: big)
            try? FileManager.default.removeItem(at: empty)  // as above
        }
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: cache, to: big)
        // The cache's own mark, not part of a state: the copy works the same with or without it.
        try? FileManager.default.removeItem(at: big.appendingPathComponent("ready"))

        let emptyProbe = try ScaleProbe.measure(directory: empty, account: SimulatedStore.defaultAccount)
        let bigProbe = try ScaleProbe.measure(directory: big, account: "u1")
        let emptyFrames = try await PaywallProcessBenchmark.firstFrames(
            storeArguments: "--state \(empty.path)")
        let bigFrames = try await PaywallProcessBenchmark.firstFrames(storeArguments: "--state \(big.path)")
        let size = "\(accounts * (renewals + 1)) transactions, \(accounts) accounts"
        func row(_ name: String, _ value: Double, _ anchor: Double, _ unit: String) -> BenchmarkResult {
            BenchmarkResult(
                name: "scale \(name) (\(size))", value: value, unit: unit, anchorName: "empty ledger",
                anchorValue: anchor, anchorUnit: unit, higherIsBetter: false)
        }
        let catchUp = try CatchUpProbe.rates()
        let baseline = catchUp[0]
        let catchUpRows = catchUp.map { figure in
            BenchmarkResult(
                name: "scale catch-up, \(figure.accounts) accounts due at once", value: figure.perSecond,
                unit: "renewals/s", anchorName: "\(baseline.accounts) accounts due at once",
                anchorValue: baseline.perSecond, anchorUnit: "renewals/s", higherIsBetter: true)
        }
        return catchUpRows + [
            row("open + one account's entitlements", bigProbe.openMs, emptyProbe.openMs, "ms"),
            row("first frame (loading screen)", bigFrames.loading, emptyFrames.loading, "ms"),
            row("first frame with products", bigFrames.products, emptyFrames.products, "ms"),
            row("one purchase", bigProbe.purchaseMs, emptyProbe.purchaseMs, "ms"),
            row(
                "one-month clock advance, all accounts (\(accounts) renewals due)", bigProbe.advanceMs,
                emptyProbe.advanceMs, "ms"),
            row("peak RSS of the store process", bigProbe.peakMegabytes, emptyProbe.peakMegabytes, "MB"),
        ]
    }

    /// The cache's directory name for a ledger schema version.
    static func cacheName(schema: Int, accounts: Int, renewals: Int) -> String {
        "kiosk-bench-scale-v\(formatVersion)-s\(schema)-\(accounts)x\(renewals)"
    }

    /// Makes `cache` from a history cached by an older schema, when there is one: a copy,
    /// opened once by the store, which migrates it (the first open after an upgrade).
    static func migrated(accounts: Int, renewals: Int, under temporary: URL, to cache: URL) throws -> Bool {
        let older = (1..<SimulatedStore.ledgerSchemaVersion).reversed().map {
            temporary.appendingPathComponent(cacheName(schema: $0, accounts: accounts, renewals: renewals))
        }
        guard
            let source = older.first(where: {
                FileManager.default.fileExists(atPath: $0.appendingPathComponent("ready").path)
            })
        else { return false }
        try FileManager.default.copyItem(at: source, to: cache)
        let started = ContinuousClock.now
        _ = try SimulatedStore.open(
            catalog: try LoadedCatalog.load(contentsOf: catalogPath), location: .directory(cache),
            frozenClock: true, offers: .none)
        let seconds = Double(started.duration(to: .now).components.seconds)
        FileHandle.standardError.write(
            Data("kiosk-bench scale: migrated \(source.lastPathComponent) in \(Int(seconds)) s\n".utf8))
        return true
    }

    /// The cached history's state directory, built first when missing.
    static func cachedHistory(accounts: Int, renewals: Int, under temporary: URL) throws -> URL {
        let cache = temporary.appendingPathComponent(
            cacheName(schema: SimulatedStore.ledgerSchemaVersion, accounts: accounts, renewals: renewals))
        let ready = cache.appendingPathComponent("ready")
        if FileManager.default.fileExists(atPath: ready.path) { return cache }
        // A cache without its "ready" mark is half built: gone or not, it is rebuilt below (the
        // build fails, naming the path, if something is in the way).
        try? FileManager.default.removeItem(at: cache)
        if try migrated(accounts: accounts, renewals: renewals, under: temporary, to: cache) {
            try Data().write(to: ready)
            return cache
        }
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        let authority = try CertificateAuthority.open(directory: StateDirectoryLayout(cache).authority.path)
        let started = ContinuousClock.now
        var reported = 0
        let written = try SimulatedStore.generateHistory(
            catalog: try LoadedCatalog.load(contentsOf: catalogPath), ledger: .directory(cache),
            signer: try CoveringSigner(authority: authority), accounts: accounts, renewals: renewals,
            productID: "com.kiosk.lumen.pro.monthly"
        ) { written in
            guard written - reported >= 100_000 else { return }
            reported = written
            FileHandle.standardError.write(Data("kiosk-bench scale: \(written) transactions written\n".utf8))
        }
        let seconds = Double(started.duration(to: .now).components.seconds)
        FileHandle.standardError.write(
            Data(
                "kiosk-bench scale: built \(written) transactions in \(Int(seconds)) s, cached in \(cache.path)\n"
                    .utf8))
        try Data().write(to: ready)
        return cache
    }
}
