import Catalog
import Foundation
import Signing
import Simulator
import StoreCore
import Subprocess

/// The store side of `kiosk-bench scale`, run as `kiosk-bench scale-probe DIR ACCOUNT` in a
/// process of its own: opens the store on DIR and reads ACCOUNT's entitlements, makes one
/// purchase, advances the clock a month for every account, then prints its timings and peak
/// RSS on one line (`open purchase advance peak`, milliseconds and megabytes).
enum ScaleProbe {
    struct Figures {
        var openMs: Double
        var purchaseMs: Double
        var advanceMs: Double
        var peakMegabytes: Double
    }

    /// Runs the probe in a child process on `directory` and reads its figures.
    static func measure(directory: URL, account: AccountName) throws -> Figures {
        let output = try Subprocess.run([
            CommandLine.arguments[0], "scale-probe", directory.path, account.rawValue,
        ])
        let numbers = output.standardOutput.split(separator: " ").compactMap {
            Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        guard output.status == 0, numbers.count == 4 else {
            throw BenchmarkFailure(
                "scale probe on \(directory.path) failed (\(output.status)): \(output.standardOutput) \(output.standardError)"
            )
        }
        return Figures(
            openMs: numbers[0], purchaseMs: numbers[1], advanceMs: numbers[2], peakMegabytes: numbers[3])
    }

    /// The child's side: measure and print.
    static func main(directory: String, account text: String) async throws {
        let account = AccountName(text)
        let url = URL(fileURLWithPath: directory)
        let catalog = try LoadedCatalog.load(contentsOf: ScaleBenchmark.catalogPath)
        let signer = try CoveringSigner(
            authority: CertificateAuthority.open(directory: StateDirectoryLayout(url).authority.path))
        func milliseconds(_ start: ContinuousClock.Instant) -> Double {
            let elapsed = start.duration(to: .now)
            return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        }
        let budget = FigureBudget()
        budget.start("opening \(directory) and reading \(text)'s entitlements")
        var start = ContinuousClock.now
        let store = try SimulatedStore(
            catalog: catalog, ledger: .directory(url), signer: signer, account: account, frozenClock: true)
        let bound = store.acting(for: account)
        _ = try await bound.currentEntitlements()
        let open = milliseconds(start)

        budget.start("one purchase on \(directory)")
        start = ContinuousClock.now
        _ = try await bound.purchase("com.kiosk.lumen.aicredits10", options: [])
        let purchase = milliseconds(start)

        budget.start("the one-month clock advance on \(directory)")
        start = ContinuousClock.now
        _ = try await store.advanceClock(by: 30.4375 * 86_400)
        let advance = milliseconds(start)
        print(String(format: "%.2f %.2f %.2f %.1f", open, purchase, advance, Anchors.peakMemoryMegabytes()))
    }
}
