import Foundation
import HTTP
import RemoteStore
import Signing
import Simulator
import StoreCore
import StoreServer
import Synchronization
import Testing

/// The cancel sheet (docs/retention.md): the store signs the real-time request, calls the
/// configured URL and shows the endpoint's choice when it is usable, or the default message for
/// the product and locale when it is not; accepting an offer goes through the store's usual
/// purchase rules. Each case runs a real HTTP endpoint on 127.0.0.1.
@Suite struct RetentionSheetTests {
    static let monthly = "com.kiosk.lumen.pro.monthly"
    static let annual = "com.kiosk.lumen.pro.annual"
    static let comeback = "com.kiosk.lumen.pro.comeback50"

    /// An endpoint that answers every request with `answer` after `delay`, keeping the bodies
    /// it received.
    final class Endpoint: Sendable {
        final class Bodies: Sendable {
            let list = Mutex<[[UInt8]]>([])
        }

        let bodies = Bodies()
        let server: HTTPServer

        var received: [[UInt8]] { bodies.list.withLock { $0 } }

        init(status: Int = 200, answer: String, delay: Duration = .zero) throws {
            let bodies = bodies
            server = try HTTPServer(configuration: HTTPServerConfiguration(port: 0)) { request in
                bodies.list.withLock { $0.append(request.body) }
                if delay > .zero { try? await Task.sleep(for: delay) }  // cancelled: answer at once
                return .json(status, Array(answer.utf8))
            }
            server.start()
        }

        var url: String { "http://127.0.0.1:\(server.port)/retention" }

        func stop() async { await server.stop(gracePeriod: 1) }
    }

    /// Accepts every signature, as a developer's key the catalog names would: the test is of
    /// where the signature goes, not of the verifier (PromotionalOfferVerifierTests).
    struct AcceptingChecker: OfferSignatureChecking {
        func check(
            _ signature: PromotionalOfferSignature, bundleID: String, productID: String, offerID: String,
            appAccountToken: UUID?, now: Date
        ) throws(OfferSignatureRefusal) -> String { UUID().uuidString }

        func checkIntroductoryOfferEligibility(
            _ compactJWS: String, bundleID: String, productID: String, now: Date
        ) throws(OfferSignatureRefusal) -> IntroductoryOfferEligibility {
            throw OfferSignatureRefusal(
                signed: "introductory offer eligibility", reason: "the cancel sheet's tests sign none")
        }
    }

    static func store() async throws -> (SimulatedStore, UInt64) {
        let store = try SimulatedStore.open(
            catalog: try APIFixture.catalog(), location: .ephemeral(), frozenClock: true,
            offers: .checker(AcceptingChecker()))
        guard case .success(let bought) = try await store.purchase(monthly) else {
            throw StoreError.backend("the subscription was not bought")
        }
        try await store.setRetentionAutoApprove(true)
        return (store, try bought.payloadValue.originalID)
    }

    static func message(_ store: SimulatedStore, _ header: String, image: UUID? = nil) async throws -> UUID {
        let id = UUID()
        try await store.uploadRetentionMessage(
            id: id,
            content: RetentionMessage.Content(
                header: header, body: "Your streak is 42 days.",
                image: image.map {
                    RetentionMessage.Image(imageIdentifier: $0, altText: "A trophy on a shelf")
                }))
        return id
    }

    static func sheet(_ store: SimulatedStore, answer: String, status: Int = 200, delay: Duration = .zero)
        async throws -> (RetentionSheet, [[UInt8]])
    {
        let endpoint = try Endpoint(status: status, answer: answer, delay: delay)
        try await store.setRetentionRealtimeURL(endpoint.url)
        let request = StoreRequest.retentionMessage(productID: monthly)
        let sheet = try await store.perform(request).retentionSheet(of: request)
        let received = endpoint.received
        await endpoint.stop()
        return (sheet, received)
    }

    /// A JWS's payload, unverified (Apple's verifier checks the signature in the interop test).
    static func payload(of jws: String) -> Data? {
        let parts = jws.split(separator: ".")
        guard parts.count == 3 else { return nil }
        var text = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        text += String(repeating: "=", count: (4 - text.count % 4) % 4)
        return Data(base64Encoded: text)
    }

    static func answer(_ id: UUID) -> String { #"{"message":{"messageIdentifier":"\#(id.uuidString)"}}"# }

    @Test func aTextMessageFromTheEndpointIsShownAndTheSignedRequestNamesTheSubscription() async throws {
        let (store, original) = try await Self.store()
        let id = try await Self.message(store, "Before you go")
        let (sheet, received) = try await Self.sheet(store, answer: Self.answer(id))
        #expect(sheet.source == .endpoint)
        #expect(sheet.content?.header == "Before you go" && sheet.content?.image == nil)
        #expect(sheet.offer == .none && sheet.locale == "en-US")
        #expect(sheet.exchange?.result == .success)
        // One POST of {"signedPayload": JWS} whose payload is the customer's subscription.
        let body = try #require(received.first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: String])
        let jws = try #require(object["signedPayload"])
        let payload = try #require(Self.payload(of: jws))
        let claims = try #require(try JSONSerialization.jsonObject(with: payload) as? [String: Any])
        #expect(claims["originalTransactionId"] as? String == String(original))
        #expect(claims["productId"] as? String == Self.monthly)
        #expect(claims["requestIdentifier"] as? String == sheet.exchange?.requestIdentifier)
        let journal = try await store.journal(JournalFilter())
        let line = try #require(journal.last)
        #expect(line.action.contains(sheet.exchange?.requestIdentifier ?? "none"))
        #expect(line.result == sheet.summary && line.result.contains("\"Before you go\" (from the endpoint)"))
    }

    @Test func aMessageWithAnImageCarriesTheImagesAltTextAndSize() async throws {
        let (store, _) = try await Self.store()
        let image = UUID()
        try await store.uploadRetentionImage(
            id: image, png: RetentionManagement.placeholderPNG(width: 3840, height: 1080), size: .fullSize)
        let id = try await Self.message(store, "Look what you built", image: image)
        let (sheet, _) = try await Self.sheet(store, answer: Self.answer(id))
        let picture = try #require(sheet.content?.image)
        #expect(picture.altText == "A trophy on a shelf" && picture.width == 3840 && picture.height == 1080)
        #expect(sheet.summary.hasPrefix("message with image"))
    }

    @Test func aSwitchPlanOfferChangesPlanThroughTheStoresRules() async throws {
        let (store, _) = try await Self.store()
        let id = try await Self.message(store, "Save with a year")
        let answer =
            #"{"alternateProduct":{"messageIdentifier":"\#(id.uuidString)","productId":"\#(Self.annual)","#
            + #""billingPlanType":"BILLED_UPFRONT"}}"#
        let (sheet, _) = try await Self.sheet(store, answer: answer)
        #expect(sheet.offer == .switchPlan(productID: Self.annual, billingPlanType: .billedUpFront))
        guard case .switchPlan(let productID, let plan) = sheet.offer else { return }
        _ = try await store.purchase(productID, options: plan.map { [.billingPlanType($0)] } ?? [])
        // Monthly to annual of the same level is a crossgrade of another duration: from the
        // next renewal, as the App Store does it.
        let status = try #require(try await store.subscriptionStatuses(for: "4A1D2E90").first)
        #expect(status.renewalInfo.unsafePayloadValue.autoRenewPreference == Self.annual)
    }

    @Test func aPromotionalOfferAppliesAtTheNextRenewalWithTheDevelopersSignature() async throws {
        let (store, _) = try await Self.store()
        let id = try await Self.message(store, "Half price for three months")
        let signature =
            #"{"encodedSignature":"MEUCIQ","productId":"\#(Self.monthly)","nonce":"\#(UUID().uuidString)","#
            + #""timestamp":1700000000000,"keyId":"KEY1","offerIdentifier":"\#(Self.comeback)"}"#
        let answer =
            #"{"promotionalOffer":{"messageIdentifier":"\#(id.uuidString)","promotionalOfferSignatureV1":\#(signature)}}"#
        let (sheet, _) = try await Self.sheet(store, answer: answer)
        guard case .promotionalOffer(let productID, let offerID, let signed) = sheet.offer else {
            Issue.record("\(sheet.offer) is not a promotional offer; \(sheet.source)")
            return
        }
        #expect(productID == Self.monthly && offerID == Self.comeback)
        guard case .legacy(let keyID, _, let timestamp, let encoded) = signed else {
            Issue.record("\(signed) is not the V1 signature")
            return
        }
        #expect(keyID == "KEY1" && timestamp == 1_700_000_000_000 && encoded == "MEUCIQ")
        _ = try await store.purchase(productID, options: [.promotionalOffer(id: offerID, signature: signed)])
        _ = try await store.advanceClock(by: 32 * 86_400)
        let latest = try #require(try await store.latest(for: Self.monthly)?.unsafePayloadValue)
        #expect(latest.offer?.id == Self.comeback, "\(String(describing: latest.offer))")
        #expect(latest.price == Decimal(string: "4.99"))
    }

    /// Each way the endpoint can fail shows the default message, with the reason.
    @Test(arguments: [
        ("timed out", 200, "late", Duration.milliseconds(1_200), "TIMED_OUT"),
        ("HTTP error", 500, "{}", Duration.zero, "HTTP 500"),
        ("garbage", 200, "<html>nope</html>", Duration.zero, "not a RealtimeResponseBody"),
        ("two choices", 200, "both", Duration.zero, "exactly one of"),
        ("not approved", 200, "pending", Duration.zero, "PENDING, not APPROVED"),
    ])
    func aFailingEndpointShowsTheDefaultMessage(
        name: String, status: Int, answer: String, delay: Duration, reason: String
    ) async throws {
        let (store, _) = try await Self.store()
        let fallback = try await Self.message(store, "We'd miss you")
        try await store.configureRetentionDefault(
            productID: Self.monthly, locale: "en-US", messageID: fallback)
        try await store.setRetentionAutoApprove(false)
        let pending = try await Self.message(store, "Not reviewed yet")
        let body =
            switch answer {
            case "late": Self.answer(fallback)
            case "pending": Self.answer(pending)
            case "both":
                #"{"message":{"messageIdentifier":"\#(fallback)"},"alternateProduct":{"messageIdentifier":"\#(fallback)","productId":"x"}}"#
            default: answer
            }
        let (sheet, _) = try await Self.sheet(store, answer: body, status: status, delay: delay)
        #expect(sheet.content?.header == "We'd miss you", "\(name): \(sheet)")
        guard case .fallback(let why) = sheet.source else {
            Issue.record("\(name): shown from the endpoint")
            return
        }
        #expect(why.contains(reason), "\(name): \(why)")
        #expect(sheet.offer == .none)
    }

    @Test func withNoURLAndNoDefaultTheSheetIsTheAppStoresOwnConfirmation() async throws {
        let (store, _) = try await Self.store()
        let request = StoreRequest.retentionMessage(productID: Self.monthly)
        let sheet = try await store.perform(request).retentionSheet(of: request)
        #expect(sheet.content == nil && sheet.exchange == nil)
        #expect(sheet.source == .fallback(reason: "no real-time URL is configured"))
    }

    @Test func aProductTheAccountDoesNotHaveIsRefusedByName() async throws {
        let (store, _) = try await Self.store()
        await #expect(throws: StoreError.self) {
            _ = try await store.perform(.retentionMessage(productID: Self.annual))
        }
    }

    @Test func overTheWireTheSheetIsTheSame() async throws {
        let fixture = try await APIFixture()
        let store = fixture.store
        _ = try await store.purchase(Self.monthly)
        try await store.setRetentionAutoApprove(true)
        let id = try await Self.message(store, "Before you go")
        let endpoint = try Endpoint(answer: Self.answer(id))
        try await store.setRetentionRealtimeURL(endpoint.url)
        let remote = try RemoteStore(
            url: try #require(URL(string: "http://127.0.0.1:\(fixture.http.port)")),
            token: fixture.controlToken,
            account: SimulatedStore.defaultAccount, root: fixture.authority.root)
        let request = StoreRequest.retentionMessage(productID: Self.monthly)
        let sheet = try await remote.perform(request).retentionSheet(of: request)
        await endpoint.stop()
        await fixture.stop()
        #expect(sheet.source == .endpoint && sheet.content?.header == "Before you go")
    }
}

/// End to end with a real endpoint process: Examples/RetentionEndpoint on Apple's library
/// verifies every real-time request strictly, and the sheet comes over Kiosk's wire.
@Suite struct RetentionSheetInteropTests {
    @Test func theExampleEndpointOnApplesLibraryDrivesTheSheetAndItsDefault() async throws {
        let fixture = try await APIFixture()
        _ = try await fixture.store.purchase(RetentionSheetTests.monthly)
        let identity = await fixture.store.identity
        let keyPath = fixture.directory.appendingPathComponent("AuthKey.p8").path
        try fixture.key.writeP8(to: keyPath)
        let rootPath = fixture.directory.appendingPathComponent("root.der").path
        try Data(fixture.authority.root.derRepresentation).write(to: URL(fileURLWithPath: rootPath))
        let base = "http://127.0.0.1:\(fixture.http.port)"
        let config: [String: Any] = [
            "url": base, "key": keyPath, "keyID": fixture.keyID, "issuer": fixture.issuer,
            "bundleID": identity.bundleID, "appAppleID": identity.appAppleID, "root": rootPath,
            "examples": Interop.packageRoot + "/Examples/RetentionEndpoint",
            "product": RetentionSheetTests.monthly, "controlToken": fixture.controlToken,
            "account": SimulatedStore.defaultAccount.rawValue,
        ]
        let configPath = fixture.directory.appendingPathComponent("config.json").path
        try JSONSerialization.data(withJSONObject: config).write(to: URL(fileURLWithPath: configPath))
        let output: String
        do {
            output = try await Interop.run("retention_sheet_interop.py", [configPath])
        } catch {
            await fixture.stop()
            throw error
        }
        let journal = try await fixture.store.journal(JournalFilter())
        await fixture.stop()
        #expect(output.contains("retention sheet interop ok"), "\(output)")
        #expect(journal.filter { $0.action.hasPrefix("Opening the cancel sheet") }.count == 3)
    }
}
