import Foundation
import Signing
import Simulator
import StoreCore
import Testing

/// Notification UUIDs come from the store's seed and its sequence: the same seed gives the same
/// UUIDs (a rehearsal's `seed N`), another seed other ones, and a store keeps its prefix across
/// reopenings.
@Suite struct NotificationSeedTests {
    func store(seed: UInt64?, location: LedgerLocation = .memory) throws -> SimulatedStore {
        try SimulatedStore(
            catalog: TestCatalog(), ledger: location,
            signer: try CoveringSigner(authority: CertificateAuthority.ephemeral()), frozenClock: true,
            notificationSeed: seed, wallClock: { Date(timeIntervalSince1970: 1_767_225_600) })
    }

    func firstNotificationID(_ store: SimulatedStore) async throws -> UUID {
        _ = try await store.purchase("basic.monthly")
        return try #require(try await store.notifications().first).id
    }

    @Test func theSameSeedGivesTheSameUUIDsAndAnotherSeedOthers() async throws {
        let first = try await firstNotificationID(try store(seed: 7))
        #expect(try await firstNotificationID(try store(seed: 7)) == first)
        #expect(try await firstNotificationID(try store(seed: 8)) != first)
    }

    @Test func aStoreKeepsItsPrefixWhenReopened() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "seed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let first: UUID
        do {
            first = try await firstNotificationID(try store(seed: nil, location: .directory(folder)))
        }
        let reopened = try store(seed: nil, location: .directory(folder))
        _ = try await reopened.purchase("gems")
        let ids = try await reopened.notifications().map(\.id)
        #expect(ids.count >= 2 && ids[0] == first)
        // Same store, same prefix: the UUIDs differ only in their sequence half.
        #expect(ids.allSatisfy { $0.uuidString.prefix(18) == first.uuidString.prefix(18) })
    }
}
