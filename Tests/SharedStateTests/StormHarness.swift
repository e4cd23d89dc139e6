import Foundation
import Subprocess
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the processes of a storm on one state directory, remembers which are alive (so a test
/// kills only its own children), and gathers what each acknowledged.
final class StormHarness: Sendable {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let product = "com.kiosk.lumen.aicredits10"

    static func binary(_ name: String) -> String {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent(name).path
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        return root.appendingPathComponent(".build/debug/\(name)").path
    }

    /// What the storm's processes acknowledged.
    struct Outcomes: Sendable {
        /// Idempotency key -> (account, transaction ID) of every acknowledged purchase.
        var purchases: [(key: String, account: String, id: UInt64)] = []
        var approved: [UInt64] = []
        var refunded: [UInt64] = []
        /// Purchase keys tried per account (an upper bound of its transactions).
        var keysTried: [String: Int] = [:]
        /// What failed, for the test's message (a failure is allowed while owners are killed).
        var failures: [String] = []

        mutating func merge(_ other: Outcomes) {
            purchases += other.purchases
            approved += other.approved
            refunded += other.refunded
            keysTried.merge(other.keysTried, uniquingKeysWith: +)
            failures += other.failures
        }
    }

    let directory: URL
    private let live = Mutex<Set<pid_t>>([])
    private let acknowledgedSoFar = Mutex(0)
    private let scratch: URL

    init(directory: URL) {
        self.directory = directory
        scratch = directory.deletingLastPathComponent().appendingPathComponent(
            directory.lastPathComponent + "-out")
        try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    /// Runs a command to completion on a thread of its own (waiting for a child blocks).
    func run(_ arguments: [String]) async -> (status: Int32, output: String, errors: String) {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                let out = self.scratch.appendingPathComponent(UUID().uuidString).path
                guard
                    let pid = try? Subprocess.spawn(
                        arguments, standardOutput: out, standardError: out + ".err")
                else { return continuation.resume(returning: (-1, "", "cannot start \(arguments)")) }
                self.live.withLock { _ = $0.insert(pid) }
                let status = Subprocess.wait(pid)
                self.live.withLock { _ = $0.remove(pid) }
                let output = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
                let errors = (try? String(contentsOfFile: out + ".err", encoding: .utf8)) ?? ""
                continuation.resume(returning: (status, output, errors))
            }
            thread.stackSize = 512 * 1024
            thread.start()
        }
    }

    /// Purchases acknowledged so far: a `kiosk store` buy as it returns, a client's when it
    /// ends. The killing test measures the storm's progress by it, not by the clock.
    var acknowledged: Int { acknowledgedSoFar.withLock { $0 } }

    /// Kills the process that owns the state now, if it is one of ours; returns its pid.
    func killOwner() -> pid_t? {
        let record = directory.appendingPathComponent("owner.json")
        guard let data = try? Data(contentsOf: record),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let pid = (object["pid"] as? NSNumber).map({ pid_t($0.int32Value) }),
            live.withLock({ $0.contains(pid) })
        else { return nil }
        kill(pid, SIGKILL)
        return pid
    }

    /// A `kiosk store` loop: one process per action, as a shell script would run them.
    func storeLoop(account: String, count: Int) async -> Outcomes {
        var outcomes = Outcomes()
        let kiosk = Self.binary("kiosk")
        let common = ["--state", directory.path, "--account", account, "--json"]
        var last: UInt64?
        for index in 0..<count {
            let key = "\(account)-\(index)"
            switch index % 5 {
            case 3:
                outcomes.keysTried[account, default: 0] += 1
                _ = await run([kiosk, "store", "buy", Self.product, "--ask-to-buy", "--key", key] + common)
                let records = await run([kiosk, "store", "transactions"] + common)
                for id in Self.pendingIDs(records.output) {
                    if await run([kiosk, "store", "approve", String(id)] + common).status == 0 {
                        outcomes.approved.append(id)
                    }
                }
            case 4:
                guard let id = last else { continue }
                if await run([kiosk, "store", "refund", String(id)] + common).status == 0 {
                    outcomes.refunded.append(id)
                }
                last = nil
            default:
                outcomes.keysTried[account, default: 0] += 1
                let result = await run([kiosk, "store", "buy", Self.product, "--key", key] + common)
                if result.status == 0, let id = Self.purchasedID(result.output) {
                    outcomes.purchases.append((key, account, id))
                    acknowledgedSoFar.withLock { $0 += 1 }
                    last = id
                } else {
                    outcomes.failures.append(
                        "\(key): exit \(result.status): \(result.output) \(result.errors)")
                }
            }
        }
        return outcomes
    }

    /// A paywall-like client process (`kiosk-storm shared`): one long-lived client of the state.
    func client(account: String, count: Int) async -> (status: Int32, outcomes: Outcomes) {
        let result = await run([Self.binary("kiosk-storm"), "shared", directory.path, account, String(count)])
        var outcomes = Outcomes()
        outcomes.keysTried[account] = count
        if !result.errors.isEmpty {
            outcomes.failures.append("\(account): exit \(result.status): \(result.errors)")
        }
        for line in result.output.split(separator: "\n") {
            let fields = line.split(separator: " ")
            switch fields.first {
            case "ACK" where fields.count == 3:
                if let id = UInt64(fields[2]) { outcomes.purchases.append((String(fields[1]), account, id)) }
            case "APPROVED" where fields.count == 2:
                if let id = UInt64(fields[1]) { outcomes.approved.append(id) }
            case "REFUNDED" where fields.count == 2:
                if let id = UInt64(fields[1]) { outcomes.refunded.append(id) }
            default: break
            }
        }
        acknowledgedSoFar.withLock { $0 += outcomes.purchases.count }
        return (result.status, outcomes)
    }

    static func purchasedID(_ json: String) -> UInt64? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
            object["result"] as? String == "success", let text = object["transactionID"] as? String
        else { return nil }
        return UInt64(text)
    }

    static func pendingIDs(_ json: String) -> [UInt64] {
        guard let records = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
        else {
            return []
        }
        return records.compactMap { record in
            guard record["state"] as? String == "pendingApproval",
                let transaction = record["transaction"] as? [String: Any],
                let id = transaction["id"] as? NSNumber
            else { return nil }
            return id.uint64Value
        }
    }
}
