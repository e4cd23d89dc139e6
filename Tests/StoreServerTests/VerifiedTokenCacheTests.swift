import Foundation
import HTTP
import Signing
import Simulator
import StoreServer
import Synchronization
import Testing

/// The App Store Server API remembers a bearer token it verified, and takes nothing from that
/// memory that it would refuse in full: past `exp`, after its key is registered anew, for
/// another token text, each call is checked again.
@Suite struct VerifiedTokenCacheTests {
    final class Clock: Sendable {
        let now = Mutex(Date())
        func advance(_ seconds: TimeInterval) { now.withLock { $0 += seconds } }
    }

    func get(_ api: AppStoreServerAPI, token: String) async -> Int {
        await api.handle(
            HTTPRequest(
                method: "GET", target: "/inApps/v1/transactions/2000000000000001",
                headers: ["Authorization": "Bearer \(token)"])
        ).status
    }

    @Test func aRememberedTokenIsRefusedOnceExpiredOrItsKeyChanges() async throws {
        let fixture = try await APIFixture()
        defer { Task { await fixture.stop() } }
        let clock = Clock()
        let keys = try APIKeyRegistry(directory: fixture.directory)
        let api = AppStoreServerAPI(
            store: fixture.store, keys: keys, wallClock: { clock.now.withLock { $0 } })
        let bundleID = await fixture.store.identity.bundleID
        let token = try APIToken(
            keyID: fixture.keyID, issuerID: fixture.issuer, bundleID: bundleID,
            expiresAt: clock.now.withLock { $0 } + 60
        ).signed(with: fixture.key)
        // Authenticated both times: 404, no such transaction.
        #expect(await get(api, token: token) == 404)
        #expect(await get(api, token: token) == 404)
        // One character changed is another token, verified in full: its signature fails.
        let tampered = String(token.dropLast()) + (token.hasSuffix("A") ? "B" : "A")
        #expect(await get(api, token: tampered) == 401)
        #expect(await get(api, token: token) == 404)

        // The key ID registered again with another key: the remembered token no longer counts.
        let other = try ECPrivateKey.generate(.p256)
        try keys.add(
            RegisteredAPIKey(
                keyID: fixture.keyID, issuerID: fixture.issuer, bundleID: bundleID,
                publicKey: other.publicKey.pemRepresentation))
        #expect(await get(api, token: token) == 401)
        try keys.add(
            RegisteredAPIKey(
                keyID: fixture.keyID, issuerID: fixture.issuer, bundleID: bundleID,
                publicKey: fixture.key.publicKey.pemRepresentation))
        #expect(await get(api, token: token) == 404)

        // Past its exp.
        clock.advance(61)
        #expect(await get(api, token: token) == 401)
    }
}
