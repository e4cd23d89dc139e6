import Catalog
import Foundation
import HTTP
import Signing
import Simulator
import StoreCore
import StoreServer
import Testing

/// A wrong body on any route is answered in the API's own terms: the field and the JSON it
/// takes, never a Swift type (issue 38, item 5). The routes come from the servers' own tables,
/// so a route added later is covered without editing this test.
@Suite struct WireErrorWordsTests {
    /// Bodies no route takes, none holding `<`, so any `<` in an answer is the server's own.
    static let wrongBodies = [
        #"{"value": {"nested": [1]}, "productID": 7, "seconds": "soon", "action": false, "storefront": 3}"#,
        #"[1, 2]"#, #""text""#, #"{"value": [true], "percentage": "half"}"#, "not json at all",
        #"{"name": "x", "options": {"quantity": "two"}}"#, #"{"value": null, "confirmation": 1}"#,
    ]

    /// Words that are Swift's, or this program's type names, and never the API's (a UUID is the
    /// API's word too: Apple's `appAccountToken` is one).
    static var swiftWords: Regex<(Substring, Substring)> {
        /\b(Swift|Foundation|Optional|Value|String|Int|Int64|UInt64|Bool|Double|Date|Dictionary|Array|DecodingError|CodingKeys|Wire|StoreAccount|PurchaseRequest|ClockAdvance|SettingsPatch|JournalNote|Refund|WirePurchaseOptions|TimeRate)\b/
    }

    @Test func noWrongBodyIsAnsweredWithASwiftTypeOrMarkup() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let catalog = try LoadedCatalog.load(
            contentsOf: root.appendingPathComponent("catalogs/demo.storekit").path)
        let authority = try CertificateAuthority.ephemeral()
        let store = try SimulatedStore.open(
            catalog: catalog, location: .memory(signedBy: authority), frozenClock: true)
        let key = try ECPrivateKey.generate(.p256)
        let keys = APIKeyRegistry.inMemory()
        let bundleID = await store.identity.bundleID
        try keys.add(
            RegisteredAPIKey(
                keyID: "KIOSKTEST1", issuerID: "issuer", bundleID: bundleID,
                publicKey: key.publicKey.pemRepresentation))
        let token = ServerToken.generate()
        let server = StoreServer(store: store, token: token, rootCertificate: authority.root, apiKeys: keys)
        // A transaction for the routes that name one, so each reaches its body.
        let product = "com.kiosk.lumen.plus.monthly"
        guard case .success(let bought) = try await store.acting(for: "tester").purchase(product) else {
            Issue.record("the purchase did not succeed")
            return
        }
        let id = String(bought.unsafePayloadValue.id)
        let apiToken = try APIToken(
            keyID: "KIOSKTEST1", issuerID: "issuer", bundleID: bundleID, expiresAt: Date() + 600
        )
        .signed(with: key)
        // Every route that reads a body (a GET takes none; an update stream would not end).
        let routes = (server.routes + server.appStoreAPI.routes).filter { $0.method != "GET" }
        #expect(routes.count > 30, "the route tables: \(routes.map(\.pattern))")
        var answers = 0
        for route in routes {
            let path = Self.filled(route.pattern, id: id, product: product)
            var headers: HTTPHeaders = [:]
            headers.add("Content-Type", "application/json")
            headers.add("Authorization", "Bearer " + (path.hasPrefix("/inApps/") ? apiToken : token))
            for body in Self.wrongBodies {
                let response = await server.handle(
                    HTTPRequest(method: route.method, target: path, headers: headers, body: Array(body.utf8)))
                let text = Self.text(of: response)
                answers += 1
                #expect(
                    response.status < 500, "\(route.method) \(path) with \(body): \(response.status) \(text)")
                #expect(!text.contains("<"), "\(route.method) \(path) with \(body): \(text)")
                #expect(
                    text.firstMatch(of: Self.swiftWords) == nil,
                    "\(route.method) \(path) with \(body): \(text)")
            }
        }
        print("wire errors: \(answers) answers to wrong bodies on \(routes.count) routes")
    }

    /// The answer names the field and the JSON the route takes.
    @Test func aWrongSavePointBodyNamesTheFieldAndTheShape() async throws {
        let fixture = try await Fixture()
        var headers: HTTPHeaders = [:]
        headers.add("Content-Type", "application/json")
        headers.add("Authorization", "Bearer \(fixture.token)")
        let response = await fixture.server.handle(
            HTTPRequest(
                method: "POST", target: "/v1/control/save-points", headers: headers,
                body: Array(#"{"name": "before"}"#.utf8)))
        let text = Self.text(of: response)
        #expect(response.status == 400)
        #expect(
            text.contains("missing field 'value'") && text.contains(#"{\"value\": string or null}"#),
            "\(text)")
        let mistyped = await fixture.server.handle(
            HTTPRequest(
                method: "POST", target: "/v1/accounts/tester/purchases", headers: headers,
                body: Array(#"{"productID": 7}"#.utf8)))
        #expect(Self.text(of: mistyped).contains("field 'productID' must be a string, not a number"))
    }

    static func filled(_ pattern: String, id: String, product: String) -> String {
        pattern.split(separator: "/", omittingEmptySubsequences: false).map { segment -> String in
            switch segment {
            case "{account}": "tester"
            case "{product}", "{productId}": product
            case "{group}": "4A1D2E90"
            case "{api}": "purchase"
            case _ where segment.hasPrefix("{"): id
            default: String(segment)
            }
        }.joined(separator: "/")
    }

    static func text(of response: HTTPResponse) -> String {
        guard case .bytes(let bytes) = response.body else { return "" }
        return String(decoding: bytes, as: UTF8.self)
    }
}
