import Catalog
import Foundation
import RemoteStore
import SharedState
import Signing
import Simulator
import StoreCore

/// `kiosk-storm shared STATE_DIR NAME COUNT`: one client of a shared state, as a paywall is:
/// it attaches to the state (owning it when nobody does), then makes COUNT mixed actions as
/// the account NAME through the store socket: purchases with idempotency keys, Ask to Buy
/// purchases it then approves, and refunds. Each acknowledged outcome is one line on
/// standard output (`ACK key id`, `APPROVED id`, `REFUNDED id`), written unbuffered, so a
/// line printed is an acknowledged action even when the process is killed the next instant.
enum SharedStorm {
    static let product = "com.kiosk.lumen.aicredits10"

    static func run(directory: URL, name: AccountName, count: Int, catalogPath: String) async throws {
        let ownership = StateOwnership(directory: directory, command: "kiosk-storm \(name)") {
            let opened = try SimulatedStore.openSigned(
                catalog: try LoadedCatalog.load(contentsOf: catalogPath), location: .directory(directory))
            return (opened.store, opened.authority.root)
        }
        _ = try await ownership.attach()
        // Through the socket even when this process owns the state: the paywall's path.
        let store = try await ownership.clientStore(account: name)
        try await store.useAccount(name)
        var lastPurchase: UInt64?
        for index in 0..<count {
            do {
                switch index % 5 {
                case 3:
                    let key = "\(name)-\(index)"
                    _ = try await store.purchase(
                        product, options: [.idempotencyKey(key), .simulatesAskToBuy(true)])
                    for record in try await store.transactionRecords() where record.state == .pendingApproval
                    {
                        try await store.approveAskToBuy(record.id)
                        emit("APPROVED \(record.id)")
                    }
                case 4:
                    if let id = lastPurchase {
                        try await store.refund(id, reason: .other)
                        emit("REFUNDED \(id)")
                        lastPurchase = nil
                    }
                default:
                    let key = "\(name)-\(index)"
                    if case .success(let verification) = try await store.purchase(
                        product, options: [.idempotencyKey(key)])
                    {
                        let id = verification.unsafePayloadValue.id
                        emit("ACK \(key) \(id)")
                        lastPurchase = id
                    }
                }
            } catch {
                // An action cut off by the owner's death is reported, not fatal.
                FileHandle.standardError.write(Data("kiosk-storm \(name) #\(index): \(error)\n".utf8))
            }
        }
        await ownership.release()
    }

    /// One write(2) per line: nothing waits in a buffer when a kill comes.
    private static func emit(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
    }
}
