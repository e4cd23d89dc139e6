import Foundation
import Subprocess

// `kiosk-bench NAME...`: each benchmark prints one line per result, beside an anchor measured
// in the same run. With no name, every benchmark runs; with more than one, each in a process
// of its own.
let benchmarks: [(name: String, summary: String, run: () async throws -> [BenchmarkResult])] = [
    (
        "catalog", "decode a 10,000-product catalog beside Python's json.load",
        { try await CatalogBenchmark.run() }
    ),
    (
        "signing", "ES256 JWS sign/verify beside openssl speed and Apple's Python library",
        { try SigningBenchmark.run() }
    ),
    (
        "simulate", "10,000 monthly subscribers through a year beside OpenSSL's signing rate",
        { try await SimulateBenchmark.run() }
    ),
    (
        "serve",
        "kiosk serve under wrk (GET a transaction, 64 connections) beside nginx; purchase + finish",
        { try await ServeBenchmark.run() }
    ),
    (
        "purchase", "purchase + finish only (the second half of serve): ephemeral and on a state directory",
        { try await ServeBenchmark.purchaseResults() }
    ),
    (
        "shared",
        "kiosk store as a client of a state's owner beside opening a 25,000-transaction state itself",
        { try await SharedStateBenchmark.run() }
    ),
    (
        "rehearse", "the rehearsal library headless, per step, beside kiosk store processes",
        { try await RehearseBenchmark.run() }
    ),
    (
        "scale",
        "open, entitlements, first frame, a purchase, a month's renewals on 1,000,000 transactions beside an empty ledger",
        { try await ScaleBenchmark.run() }
    ),
    (
        "storekit",
        "threads and memory after 1,000 SKTestSessions, a new SKTestSession + first purchase (median), 1,000 purchase + finish pairs through KioskStoreKit",
        { try await StoreKitBenchmark.run() }
    ),
    (
        "review", "kiosk lint --review of the demo catalog beside plain kiosk lint of it",
        { try await ReviewBenchmark.run() }
    ),
    (
        "xctest",
        "kiosk xctest of the example project: first run on an empty build folder, rerun after touching a test, beside swift build of an empty package",
        { try XCTestBenchmark.run() }
    ),
    (
        "render",
        "render + diff of 200x60 frames (widgets; the paywall shop with 500 products), first frame, idle CPU",
        {
            try RenderBenchmark.run() + PaywallRenderBenchmark.run() + (await PaywallProcessBenchmark.run())
        }
    ),
]

let requested = Array(CommandLine.arguments.dropFirst())
// The child process of `kiosk-bench scale` (ScaleProbe).
if requested.first == "scale-probe", requested.count == 3 {
    do {
        try await ScaleProbe.main(directory: requested[1], account: requested[2])
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("kiosk-bench scale-probe: \(error)\n".utf8))
        exit(1)
    }
}
// The child process of `kiosk-bench scale`'s catch-up figures (CatchUpProbe).
if requested.first == "catch-up-probe", requested.count == 2, let accounts = Int(requested[1]) {
    do {
        try await CatchUpProbe.main(accounts: accounts)
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("kiosk-bench catch-up-probe: \(error)\n".utf8))
        exit(1)
    }
}
if requested.contains("--help") || requested.contains("-h") {
    print("usage: kiosk-bench [NAME...]   (build with -c release for meaningful numbers)")
    for benchmark in benchmarks { print("  \(benchmark.name): \(benchmark.summary)") }
    exit(0)
}
let unknown = requested.filter { name in !benchmarks.contains { $0.name == name } }
if !unknown.isEmpty {
    FileHandle.standardError.write(
        Data("kiosk-bench: unknown benchmark \(unknown.joined(separator: ", "))\n".utf8))
    exit(64)
}
let selected = benchmarks.filter { requested.isEmpty || requested.contains($0.name) }
// More than one: each runs in a child `kiosk-bench NAME`, so a figure of one (peak memory,
// lazily built globals, the allocator's free lists) never includes what another left behind.
if selected.count > 1 {
    for benchmark in selected {
        do {
            let child = try Subprocess.run([CommandLine.arguments[0], benchmark.name])
            print(child.standardOutput, terminator: "")
            FileHandle.standardError.write(Data(child.standardError.utf8))
            guard child.status == 0 else { exit(child.status) }
        } catch {
            FileHandle.standardError.write(Data("kiosk-bench \(benchmark.name): \(error)\n".utf8))
            exit(1)
        }
    }
    exit(0)
}
for benchmark in selected {
    do {
        for result in try await benchmark.run() { print(result.line) }
        // Alone in this process (a run of several puts each in its own), so the peak is this
        // benchmark's: its setup and its work, not the processes it starts (servers, anchors).
        print(
            BenchmarkResult(
                name: "\(benchmark.name) peak memory (this benchmark's process alone, not its children)",
                value: Anchors.peakMemoryMegabytes(), unit: "MB", higherIsBetter: false
            ).line)
    } catch {
        FileHandle.standardError.write(Data("kiosk-bench \(benchmark.name): \(error)\n".utf8))
        exit(1)
    }
}
