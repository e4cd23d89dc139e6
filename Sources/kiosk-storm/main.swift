import Catalog
import Foundation
import Signing
import Simulator
import StoreCore

// `kiosk-storm STATE_DIR FIRST_KEY`: a storm of purchases and renewals against a ledger, for
// the crash test. After each purchase commits it prints `ACK <key> <account> <transaction ID> <product>`
// on standard output, unbuffered: a line printed is an acknowledged purchase, which must
// survive a SIGKILL at any instant. Three purchasers (one per account) run at once, so
// purchases are committed in groups that share an fsync. It runs until it is killed. Each purchase also carries an
// app-account token of its own, the same on every retry of its key, so the crash test can tell
// one purchase applied twice from two purchases.

// `kiosk-storm shared STATE_DIR NAME COUNT`: one client of a shared state (SharedStorm).
// `kiosk-storm exit-while-signing`: exits while threads sign (ExitWhileSigning).

let arguments = CommandLine.arguments
let catalogPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("catalogs/demo.storekit").path
if arguments.count == 2, arguments[1] == "exit-while-signing" { ExitWhileSigning.run() }
if arguments.count == 5, arguments[1] == "shared", let count = Int(arguments[4]) {
    do {
        try await SharedStorm.run(
            directory: URL(fileURLWithPath: arguments[2], isDirectory: true), name: AccountName(arguments[3]),
            count: count,
            catalogPath: catalogPath)
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("kiosk-storm: \(error)\n".utf8))
        exit(1)
    }
}
guard arguments.count == 3, let first = Int(arguments[2]), first >= 0 else {
    FileHandle.standardError.write(
        Data("usage: kiosk-storm STATE_DIR FIRST_KEY | kiosk-storm shared STATE_DIR NAME COUNT\n".utf8))
    exit(64)
}
let directory = URL(fileURLWithPath: arguments[1], isDirectory: true)

/// The app-account token of the purchase with idempotency key `k<key>`. Keys count up from
/// FIRST_KEY, which must be 0 or more: twelve decimal digits of a number that is not negative
/// are twelve hex digits, so the text is always a UUID and the unwrap cannot fail.
func token(forKey key: Int) -> UUID {
    UUID(uuidString: "00000000-0000-4000-8000-" + String(format: "%012d", key % 1_000_000_000_000))!
}
do {
    let store = try SimulatedStore.open(
        catalog: try LoadedCatalog.load(contentsOf: catalogPath), location: .directory(directory),
        frozenClock: true, offers: .none)
    let accounts: [AccountName] = ["storm-a", "storm-b", "storm-c"]
    for name in accounts { try await store.addAccount(StoreAccount(name: name)) }
    let products = [
        "com.kiosk.lumen.aicredits10", "com.kiosk.lumen.plus.monthly", "com.kiosk.lumen.filmpack",
    ]
    // One purchaser per account, all at once: their commits share fsyncs (group commit), and
    // each ACK is printed only when its purchase's batch is durable.
    try await withThrowingTaskGroup(of: Void.self) { group in
        for worker in 0..<accounts.count {
            group.addTask {
                var key = first + worker
                while true {
                    let account = accounts[key % accounts.count]
                    let product = products[(key / accounts.count) % products.count]
                    let result = try await store.acting(for: account).purchase(
                        product, options: [.idempotencyKey("k\(key)"), .appAccountToken(token(forKey: key))])
                    if case .success(let verification) = result {
                        // One write(2) per line: nothing waits in a buffer when the kill comes.
                        let line = Array(
                            "ACK k\(key) \(account) \(verification.unsafePayloadValue.id) \(product)\n".utf8)
                        _ = line.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
                    }
                    if key % 7 == 0 {  // renewals
                        do {
                            _ = try await store.advanceClock(by: 3 * 86_400)
                        } catch StoreError.invalidArgument(_) {
                            // The clock reached the last date the state's authority can sign (a
                            // long storm, or a slow instrumented one): renewals end, purchases go on.
                        }
                    }
                    key += accounts.count
                    // A breath between purchases: the crash test runs beside the rest of the
                    // suite, whose waits have deadlines; the purchasers still overlap.
                    try await Task.sleep(for: .milliseconds(2))
                }
            }
        }
        try await group.waitForAll()
    }
} catch {
    FileHandle.standardError.write(Data("kiosk-storm: \(error)\n".utf8))
    exit(1)
}
