import Foundation
import Signing
import StoreCore
import Testing
import kiosk

/// `kiosk certs` and `kiosk verify`, run in-process through `Kiosk.run`.
@Suite final class SigningCommandsTests: Sendable {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
        "kiosk-cli-\(UUID().uuidString)")

    /// Swift Testing makes a suite instance per test: its files go when the test ends.
    deinit { try? FileManager.default.removeItem(at: scratch) }
    var state: String { scratch.appendingPathComponent("state").path }
    var out: String { scratch.appendingPathComponent("out").path }

    /// A transaction signed by the authority in `state` (created by `kiosk certs`).
    func signedTransaction() throws -> String {
        let authority = try CertificateAuthority.open(
            directory: (state as NSString).appendingPathComponent(CertificateAuthority.directoryName))
        let now = Date(timeIntervalSince1970: (Date().timeIntervalSince1970).rounded(.down))
        let transaction = Transaction(
            id: 1, originalID: 1, productID: "gems.100", productType: .consumable, appBundleID: "com.example",
            appTransactionID: "1", purchaseDate: now, originalPurchaseDate: now, signedDate: now,
            environment: .sandbox, storefront: .unitedStates, price: 1, currencyCode: "USD")
        return try authority.signer().sign(transaction)
    }

    @Test func certsWritesTheRootAndChain() async throws {
        #expect(await Kiosk.run(["certs", "--out", out, "--state", state]) == 0)
        let root = try Certificate.read(at: out + "/kiosk-root.der")
        #expect(try Certificate.read(at: out + "/kiosk-root.pem").derRepresentation == root.derRepresentation)
        #expect(
            try Certificate.all(inPEM: String(contentsOfFile: out + "/kiosk-chain.pem", encoding: .utf8))
                .count == 3)
        // Running again keeps the same authority.
        #expect(await Kiosk.run(["certs", "--out", out, "--state", state]) == 0)
        #expect(try Certificate.read(at: out + "/kiosk-root.der").derRepresentation == root.derRepresentation)
    }

    @Test func verifyExitsZeroOneOrSixtyFour() async throws {
        #expect(await Kiosk.run(["certs", "--out", out, "--state", state]) == 0)
        let jws = try signedTransaction()
        #expect(await Kiosk.run(["verify", "--state", state, jws]) == 0)
        #expect(await Kiosk.run(["verify", "--root", out + "/kiosk-root.der", jws]) == 0)
        #expect(await Kiosk.run(["verify", "--root", out + "/kiosk-root.pem", jws]) == 0)
        var parts = jws.split(separator: ".").map(String.init)
        parts[1] = String(parts[1].dropLast(2)) + (parts[1].hasSuffix("A") ? "Bw" : "Aw")
        #expect(await Kiosk.run(["verify", "--state", state, parts.joined(separator: ".")]) == 1)
        #expect(await Kiosk.run(["verify", "--state", state, "not-a-jws"]) == 1)
        #expect(await Kiosk.run(["verify", "--state", state, jws, jws]) == 64)
        #expect(await Kiosk.run(["verify", "--bogus"]) == 64)
    }

    @Test func verifyNamesAMissingRoot() async throws {
        #expect(await Kiosk.run(["verify", "--state", state, "a.b.c"]) == 65)
        #expect(await Kiosk.run(["verify", "--root", out + "/nothing.der", "a.b.c"]) == 65)
    }
}
