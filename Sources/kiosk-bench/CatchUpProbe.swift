import Catalog
import Foundation
import Signing
import Simulator
import StoreCore
import Subprocess

/// The catch-up figures of `kiosk-bench scale`: renewals per second when N accounts are due
/// at once, as a shared QA server left overnight at a fast rate or a save point restored days
/// later meets them. Run as `kiosk-bench catch-up-probe N` in a process of its own: writes N
/// monthly subscribers bought at one instant (the bulk generator), opens the store, advances
/// its clock a month and prints the renewals per second.
enum CatchUpProbe {
    static let sizes = [100, 2_000, 20_000]

    /// The rate for each of `sizes`, each measured in a child.
    static func rates() throws -> [(accounts: Int, perSecond: Double)] {
        try sizes.map { accounts in
            let output = try Subprocess.run([CommandLine.arguments[0], "catch-up-probe", String(accounts)])
            guard output.status == 0,
                let rate = Double(output.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines))
            else {
                throw BenchmarkFailure(
                    "the catch-up probe for \(accounts) accounts failed (\(output.status)): \(output.standardError)"
                )
            }
            return (accounts, rate)
        }
    }

    /// The child's side.
    static func main(accounts: Int) async throws {
        let budget = FigureBudget()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-bench-catch-up-\(getpid())")
        defer {
            // The probe's scratch state in the temporary directory: a leftover harms nothing.
            try? FileManager.default.removeItem(at: directory)
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let catalog = try LoadedCatalog.load(contentsOf: ScaleBenchmark.catalogPath)
        let authority = try CertificateAuthority.open(
            directory: StateDirectoryLayout(directory).authority.path)
        let signer = try CoveringSigner(authority: authority)
        budget.start("writing \(accounts) subscribers")
        _ = try SimulatedStore.generateHistory(
            catalog: catalog, ledger: .directory(directory), signer: signer, accounts: accounts, renewals: 0,
            productID: "com.kiosk.lumen.pro.monthly")
        let store = try SimulatedStore(
            catalog: catalog, ledger: .directory(directory), signer: signer, frozenClock: true)
        budget.start("the catch-up of \(accounts) renewals due at once (\(directory.path))")
        let start = ContinuousClock.now
        _ = try await store.advanceClock(by: 30.4375 * 86_400)
        let elapsed = start.duration(to: .now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print(String(format: "%.1f", Double(accounts) / seconds))
    }
}
