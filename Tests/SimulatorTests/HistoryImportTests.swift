import Foundation
import Signing
import StoreCore
import Testing

@testable import Simulator

/// `kiosk state import-history`'s reading and checking (`CustomerHistory`) and the state it
/// makes (`HistoryImport`): data signed by another authority imports when its root is trusted
/// and is refused when it is not; every refusal names its file and line and writes nothing.
@Suite struct HistoryImportTests {
    /// A customer of another authority's store: a subscription renewed three times and a consumable.
    struct Customer {
        let authority: CertificateAuthority
        let signer: CoveringSigner
        let transactions: [Transaction]

        init() async throws {
            authority = try CertificateAuthority.ephemeral(now: Date(timeIntervalSince1970: 1_760_000_000))
            signer = try CoveringSigner(authority: authority)
            let store = try SimulatedStore(
                catalog: TestCatalog(), ledger: .memory, signer: signer, frozenClock: true,
                wallClock: { Date(timeIntervalSince1970: 1_767_225_600) })
            let now = try await store.now()
            _ = try await store.purchase(
                "basic.monthly",
                options: [.purchaseDate(now.addingTimeInterval(-95 * day), renewalBehavior: .renewUntilNow)])
            _ = try await store.purchase("gems")
            transactions = try await store.all().map(\.unsafePayloadValue).sorted { $0.id < $1.id }
        }

        var verifier: JWSVerifier { authority.verifier() }

        /// The transactions as JWS lines, each changed by `edit` first (re-signed: still valid).
        func lines(_ edit: (inout Transaction, Int) -> Void = { _, _ in }) throws -> [String] {
            try transactions.enumerated().map { index, transaction in
                var changed = transaction
                edit(&changed, index)
                return try signer.sign(changed)
            }
        }
    }

    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "kiosk-history-\(UUID().uuidString)")

    func file(_ name: String, _ text: String) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    func refusal(_ files: [URL], verifier: JWSVerifier?) -> HistoryImportError? {
        do {
            _ = try CustomerHistory.read(files: files, verifier: verifier)
            return nil
        } catch {
            return error
        }
    }

    @Test func anotherAuthoritysDataImportsWithItsRootAndIsRefusedWithout() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let customer = try await Customer()
        let logged = try file("app.log", try customer.lines().joined(separator: "\n") + "\n")
        let history = try CustomerHistory.read(files: [logged], verifier: customer.verifier)
        #expect(history.transactions.count == 5)
        #expect(history.isVerified)
        let stranger = try CertificateAuthority.ephemeral().verifier()
        let refused = try #require(refusal([logged], verifier: stranger))
        #expect(refused.location == HistorySourceLocation(file: logged.path, line: 1))
        #expect(refused.message.contains("does not verify against the trusted root"))
        #expect(refused.message.contains("--trust ROOT.cer"))
        let unverified = try CustomerHistory.read(files: [logged], verifier: nil)
        #expect(!unverified.isVerified && unverified.transactions.count == 5)
    }

    @Test func aTamperedOrTruncatedJWSIsRefusedAtItsLine() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let customer = try await Customer()
        var lines = try customer.lines()
        // A payload changed after signing: the price, in base64url, swapped for another's.
        let parts = lines[1].split(separator: ".")
        let other = lines[4].split(separator: ".")
        lines[1] = [parts[0], other[1], parts[2]].joined(separator: ".")
        let tampered = try file("tampered.log", lines.joined(separator: "\n"))
        let changed = try #require(refusal([tampered], verifier: customer.verifier))
        #expect(changed.location?.line == 2)
        #expect(changed.message.contains("changed after it was signed"))
        let cut = try file(
            "cut.log", "\n" + String(lines[0].prefix(lines[0].lastIndex(of: ".")!.utf16Offset(in: lines[0]))))
        let truncated = try #require(refusal([cut], verifier: customer.verifier))
        #expect(truncated.location?.line == 2)
        #expect(truncated.message.contains("2 of its 3 parts"))
        let garbled = try file("garbled.log", String(lines[0].dropLast(20)) + "\n")
        #expect(refusal([garbled], verifier: customer.verifier)?.location?.line == 1)
    }

    @Test func aJSONBodyOfNoKnownShapeIsRefused() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let body = try file("body.json", "{\n  \"transactions\": []\n}\n")
        let refused = try #require(refusal([body], verifier: nil))
        #expect(refused.location?.line == 1)
        #expect(refused.message.contains("\"transactions\" is none of the shapes"))
        let cut = try file("cut.jsonl", "{\"signedPayload\": \"abc\"}\n{\"signedPayload\": \"ab\n")
        #expect(refusal([cut], verifier: nil)?.location?.line == 2)
        let empty = try file("empty.json", "\n")
        #expect(refusal([empty], verifier: nil)?.message.contains("is empty") == true)
    }

    @Test func theShapesOfApplesAPIAreRead() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let customer = try await Customer()
        let lines = try customer.lines()
        let quoted = lines.map { "\"\($0)\"" }
        let page1 = try file(
            "history-1.json",
            "{\n  \"hasMore\": true,\n  \"signedTransactions\": [\n    \(quoted[0...2].joined(separator: ",\n    "))\n  ]\n}\n"
        )
        let page2 = try file(
            "history-2.json",
            "{\"hasMore\":false,\"signedTransactions\":[\(quoted[3...].joined(separator: ","))]}")
        let info = try file("info.json", "{\"signedTransactionInfo\": \(quoted[3])}")
        let history = try CustomerHistory.read(files: [page1, page2, info], verifier: customer.verifier)
        #expect(history.transactions.map(\.value.id) == customer.transactions.map(\.id))
        // Each JWS is placed at the line it is written on.
        #expect(history.transactions[1].location == HistorySourceLocation(file: page1.path, line: 5))
    }

    /// A webhook's log (one request body a line) and a log of bare `signedPayload`s read alike;
    /// a notification of another app is refused at its line; a TEST notification is skipped.
    @Test func notificationsAreReadFromAWebhooksLog() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let customer = try await Customer()
        let lines = try customer.lines()
        func notification(_ jws: String, bundleID: String = "dev.kiosk.demo") throws -> String {
            try customer.signer.sign(
                NotificationPayload(
                    notificationType: .didRenew,
                    data: .init(environment: .sandbox, bundleID: bundleID, signedTransactionInfo: jws),
                    signedDate: customer.transactions[0].signedDate))
        }
        let test = try customer.signer.sign(
            NotificationPayload(
                notificationType: .test, data: .init(environment: .sandbox, bundleID: "dev.kiosk.demo"),
                signedDate: customer.transactions[0].signedDate))
        let bodies =
            try lines.map { "{\"signedPayload\":\"\(try notification($0))\"}" } + [
                "{\"signedPayload\":\"\(test)\"}"
            ]
        let webhook = try file("webhook.jsonl", bodies.joined(separator: "\n"))
        let history = try CustomerHistory.read(files: [webhook], verifier: customer.verifier)
        #expect(history.transactions.map(\.value.id) == customer.transactions.map(\.id))
        #expect(history.skippedNotifications == 1)
        let page = try file(
            "notification-history.json",
            "{\"notificationHistory\": ["
                + bodies.map { "\($0.dropLast()), \"sendAttemptResult\": []}" }.joined(separator: ", ")
                + "], \"hasMore\": false}")
        #expect(try CustomerHistory.read(files: [page], verifier: customer.verifier).transactions.count == 5)
        let bare = try file("payloads.log", try lines.map { try notification($0) }.joined(separator: "\n"))
        #expect(try CustomerHistory.read(files: [bare], verifier: customer.verifier).transactions.count == 5)
        let mixed = try file(
            "mixed.log", try notification(lines[0]) + "\n" + notification(lines[1], bundleID: "com.other"))
        let refused = try #require(refusal([mixed], verifier: customer.verifier))
        #expect(refused.location?.line == 2)
        #expect(refused.message.contains("bundle ID com.other differs from dev.kiosk.demo"))
    }

    @Test func transactionsThatContradictEachOtherAreRefused() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let customer = try await Customer()
        let original = customer.transactions[0]
        func refused(_ edit: (inout Transaction, Int) -> Void) throws -> HistoryImportError? {
            refusal(
                [
                    try file(
                        "edited-\(UUID().uuidString).log", try customer.lines(edit).joined(separator: "\n"))
                ], verifier: customer.verifier)
        }
        let early = try #require(
            try refused { transaction, index in
                if index == 2 { transaction.purchaseDate = original.purchaseDate.addingTimeInterval(-day) }
            })
        #expect(early.message.contains("a renewal cannot come before its purchase"))
        #expect(early.location?.line == 3)
        let split = try #require(
            try refused { transaction, index in
                if index == 3 { transaction.subscriptionGroupID = "G2" }
            })
        #expect(split.message.contains("one original ID is one chain"))
        let two = try #require(
            try refused { transaction, index in
                if index == 3 { transaction.originalID = 2_000_000_000_000_777 }
            })
        #expect(two.message.contains("has two chains"))
        let stranger = try #require(
            try refused { transaction, index in
                if index == 4 { transaction.appTransactionID = "700000000000000001" }
            })
        #expect(stranger.message.contains("these are two customers"))
        #expect(stranger.location?.line == 5)
        let otherApp = try #require(
            try refused { transaction, index in
                if index == 1 { transaction.appBundleID = "com.example.other" }
            })
        #expect(otherApp.message.contains("bundle ID com.example.other differs"))
        #expect(otherApp.location?.line == 2)
        let production = try #require(
            try refused { transaction, index in
                if index == 4 { transaction.environment = .production }
            })
        #expect(production.message.contains("environment Production differs from Sandbox"))
    }

    @Test func theStateHoldsTheCustomerAndAProductTheCatalogLacksIsRefused() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let customer = try await Customer()
        let logged = try file("app.log", try customer.lines().joined(separator: "\n"))
        let history = try CustomerHistory.read(files: [logged], verifier: customer.verifier)
        let state = folder.appendingPathComponent("state")
        let savePoint = SavePoints.url(named: "ticket", in: state)
        let result = try HistoryImport.writeSavePoint(
            history, catalog: TestCatalog(), catalogName: "test", account: "ticket-4711", at: nil,
            state: state,
            savePoint: savePoint)
        #expect(result.transactions == 5 && result.subscriptions == 1)
        #expect(
            HistoryImport.digest(ofSavePoint: savePoint)
                == HistoryImport.fingerprint(history, account: "ticket-4711", at: nil))
        #expect(
            HistoryImport.fingerprint(history, account: "ticket-4711", at: nil)
                != HistoryImport.fingerprint(history, account: "other", at: nil))
        let store = try SimulatedStore(
            catalog: TestCatalog(),
            ledger: .directory(state),
            signer: try CoveringSigner(
                authority: CertificateAuthority.open(directory: state.appendingPathComponent("ca").path)),
            frozenClock: true)
        _ = try await store.perform(.loadState(name: "ticket"))
        let account = store.acting(for: "ticket-4711")
        let imported = try await account.all().map(\.unsafePayloadValue)
        #expect(imported.map(\.id).sorted() == customer.transactions.map(\.id))
        for (before, after) in zip(customer.transactions, imported.sorted { $0.id < $1.id }) {
            var signedAgain = before
            signedAgain.signedDate = after.signedDate
            #expect(after == signedAgain, "transaction \(before.id) keeps every field but signedDate")
        }
        #expect(try await account.subscriptionStatuses(for: TestCatalog.group).map(\.state) == [.subscribed])
        // A product this catalog does not sell: refused, naming it and the catalog; nothing written.
        var lacking = TestCatalog()
        lacking.name = "lacking"
        let other = try file(
            "other.log",
            try customer.lines { transaction, index in if index == 4 { transaction.productID = "coins.100" } }
                .joined(separator: "\n"))
        let unknown = folder.appendingPathComponent("unknown.kiosk")
        do {
            _ = try HistoryImport.writeSavePoint(
                try CustomerHistory.read(files: [other], verifier: customer.verifier), catalog: TestCatalog(),
                catalogName: "test.storekit", account: nil, at: nil, state: state, savePoint: unknown)
            Issue.record("a product the catalog lacks was imported")
        } catch {
            #expect(error.description.contains("product coins.100 (transaction"))
            #expect(error.description.contains("is not in test.storekit"))
            #expect(error.location?.line == 5)
        }
        #expect(!FileManager.default.fileExists(atPath: unknown.path))
    }
}
