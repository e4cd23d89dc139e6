import Catalog
import Foundation
import Signing
import Simulator
import StoreCore
import Subprocess
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A child process runs a storm of purchases and renewals and is killed with SIGKILL at
/// random moments; after every kill the ledger must hold each acknowledged purchase, apply no
/// purchase twice (no idempotency key naming two transactions, no app-account token on two
/// purchases, no non-consumable bought twice), answer an idempotency key with the same
/// transaction, and pass SQLite's integrity check. The storm's purchasers run concurrently, so
/// their purchases are committed in groups (one fsync per batch): an acknowledgement printed
/// before its batch was durable would show up here as a lost purchase.
@Suite struct CrashRecoveryTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static var stormBinary: String {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("kiosk-storm").path
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        return root.appendingPathComponent(".build/debug/kiosk-storm").path
    }

    /// How many times slower the storm runs than an ordinary debug build (a sanitizer's build,
    /// `scripts/sanitize`, sets KIOSK_TEST_SLOWDOWN): the kills wait as much longer, so that as
    /// many of them fall after the storm's start-up as in an ordinary run.
    static let slowdown = max(1, Int(ProcessInfo.processInfo.environment["KIOSK_TEST_SLOWDOWN"] ?? "") ?? 1)

    /// The kills' schedule: `KIOSK_TEST_SEED` replays a failing run's.
    static let seed = UInt64(ProcessInfo.processInfo.environment["KIOSK_TEST_SEED"] ?? "") ?? 0x4B10_C2A5

    struct Acknowledgement: Hashable {
        var key: String
        var account: AccountName
        var transactionID: UInt64
        var productID: String
    }

    @Test func noAcknowledgedPurchaseIsLostOrDuplicatedAcrossFiftyKills() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var generator = SplitMix64(seed: Self.seed)
        var acknowledged: [Acknowledgement] = []
        // Acknowledgements the kills waited for: what the storm must have acknowledged in all,
        // however fast or slow the machine.
        var awaited = 0
        var transactionOfKey: [String: UInt64] = [:]
        var nextKey = 0
        for round in 0..<50 {
            let output = directory.appendingPathComponent("round-\(round).out").path
            let errors = directory.appendingPathComponent("round-\(round).err").path
            let pid = try Subprocess.spawn(
                [Self.stormBinary, directory.path, String(nextKey)], standardOutput: output,
                standardError: errors)
            // Kill at a point of the storm's progress, not of the clock: one round in five during
            // start-up, the others after a seeded number of acknowledgements; then a seeded
            // pause, to land mid-commit or between purchases.
            let progress = round % 5 == 0 ? 0 : Int.random(in: 2...4, using: &generator)
            if progress > 0 {
                try await waitUntil(
                    "round \(round) (seed \(Self.seed)): \(progress) acknowledgements from the storm "
                        + "(have \(Self.acknowledgements(in: output))); it said: \(Self.text(of: errors))"
                ) {
                    // A storm that failed has said why: stop waiting, the status check reports it.
                    Self.acknowledgements(in: output) >= progress || !Self.text(of: errors).isEmpty
                }
            }
            awaited += progress
            try await Task.sleep(
                for: .milliseconds(Int.random(in: 0...30, using: &generator) * Self.slowdown))
            kill(pid, SIGKILL)
            // A process killed inside fsync dies once the disk answers: wait off the shared pool.
            let status = await Self.offThePool { Subprocess.wait(pid) }
            #expect(
                status == 128 + SIGKILL,
                "round \(round): the storm must still be running when killed; it said: \(Self.text(of: errors))"
            )
            let lines = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            for line in lines.split(separator: "\n") {
                let fields = line.split(separator: " ")
                guard fields.count == 5, fields[0] == "ACK", let id = UInt64(fields[3]) else { continue }
                let ack = Acknowledgement(
                    key: String(fields[1]), account: AccountName(String(fields[2])), transactionID: id,
                    productID: String(fields[4]))
                // A key retried after a kill must name the transaction it made the first time.
                let first = transactionOfKey[ack.key, default: id]
                #expect(first == id, "round \(round): key \(ack.key) was applied twice: \(first) and \(id)")
                transactionOfKey[ack.key] = first
                acknowledged.append(ack)
            }
            nextKey = (acknowledged.compactMap { Int($0.key.dropFirst()) }.max() ?? nextKey - 1) + 1
            try await verify(directory: directory, acknowledged: acknowledged, round: round)
        }
        #expect(awaited > 50, "the schedule waits for enough purchases to mean anything")
        #expect(
            acknowledged.count >= awaited,
            "the kills waited for \(awaited) acknowledgements; \(acknowledged.count) were read back")
    }

    /// How many purchases a round's storm has acknowledged so far.
    static func acknowledgements(in path: String) -> Int {
        text(of: path).split(separator: "\n").filter { $0.hasPrefix("ACK ") }.count
    }

    /// What a child wrote to `path` ("" when nothing).
    static func text(of path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    /// Blocking work (waiting for a child, opening a ledger with its fsyncs) on a thread of its
    /// own: the rest of the suite runs on Swift's two pool threads beside this test.
    static func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        let result: Result<T, any Error> = await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: Result { try body() }) }.start()
        }
        return try result.get()
    }

    static func offThePool<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }

    private func verify(directory: URL, acknowledged: [Acknowledgement], round: Int) async throws {
        let store = try await Self.offThePool {
            try SimulatedStore.open(
                catalog: try LoadedCatalog.load(
                    contentsOf: Self.root.appendingPathComponent("catalogs/demo.storekit").path),
                location: .directory(directory), frozenClock: true, offers: .none)
        }
        #expect(try await store.integrityCheck() == "ok", "round \(round)")
        for account in Set(acknowledged.map(\.account)) {
            do {
                let transactions = try await store.acting(for: account).all().map(\.unsafePayloadValue)
                expectNoPurchaseAppliedTwice(transactions, account: account, round: round)
                let known = Set(transactions.map(\.id))
                for ack in acknowledged where ack.account == account {
                    #expect(known.contains(ack.transactionID), "round \(round): acknowledged \(ack) was lost")
                }
            }
        }
        // Retrying an acknowledged purchase with its key returns the same transaction. A retry
        // is the same request, token included (kiosk-storm's token of key kN; another token
        // is another purchase, refused with 422).
        if let ack = acknowledged.last, let number = Int(ack.key.dropFirst()),
            let token = UUID(uuidString: "00000000-0000-4000-8000-" + String(format: "%012d", number))
        {
            let replay = try await store.acting(for: ack.account).purchase(
                ack.productID, options: [.idempotencyKey(ack.key), .appAccountToken(token)])
            guard case .success(let verification) = replay else {
                Issue.record("round \(round): replaying \(ack.key) gave \(replay)")
                return
            }
            #expect(verification.unsafePayloadValue.id == ack.transactionID, "round \(round)")
        }
    }

    /// Every purchase the storm makes carries a token of its own, kept on retries of its key:
    /// a token on two purchase transactions is one purchase applied twice.
    private func expectNoPurchaseAppliedTwice(_ transactions: [Transaction], account: AccountName, round: Int)
    {
        let purchases = transactions.filter { $0.reason == .purchase }
        for purchase in purchases where purchase.appAccountToken == nil {
            Issue.record("round \(round): \(account)'s purchase \(purchase.id) has no app-account token")
        }
        let byToken = Dictionary(grouping: purchases.filter { $0.appAccountToken != nil }) {
            $0.appAccountToken!
        }
        for (token, applied) in byToken where applied.count > 1 {
            let ids = applied.map(\.id)
            Issue.record(
                "round \(round): the purchase with token \(token) was applied as transactions \(ids)")
        }
        let nonConsumables = Dictionary(grouping: purchases.filter { $0.productType == .nonConsumable }) {
            $0.productID
        }
        for (product, applied) in nonConsumables where applied.count > 1 {
            Issue.record(
                "round \(round): \(account) bought the non-consumable \(product) \(applied.count) times")
        }
    }
}
