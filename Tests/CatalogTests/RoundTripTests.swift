import Catalog
import Foundation
import SourceDiagnostics
import Testing

@Suite("Encoding round trips")
struct RoundTripTests {
    /// Corpus files not written by Xcode itself: a hand-made fixture (`[]` for empty arrays)
    /// and a tool-generated minified file. Their models still round-trip; their bytes cannot.
    static let notXcodeFormatted: Set<String> = [
        "v4.0-swift-storekit-all-offers.storekit", "v4.0-revenuecat-maestro-minified.storekit",
    ]

    @Test("decode -> encode -> decode gives an equal model for every corpus file", Corpus.required)
    func corpusModelsRoundTrip() throws {
        for entry in try Corpus.entries() {
            let first = try #require(
                StoreKitConfiguration.decode(try Corpus.bytes(of: entry), file: entry.file).value)
            let encoded = StoreKitConfigurationEncoder().encodeBytes(first)
            let second = StoreKitConfiguration.decode(encoded, file: "re-encoded \(entry.file)")
            #expect(second.diagnostics.errors.isEmpty, "\(entry)")
            #expect(second.value == first, "\(entry)")
        }
    }

    @Test("Xcode-written corpus files re-encode byte for byte", Corpus.required)
    func corpusBytesRoundTrip() throws {
        for entry in try Corpus.entries() where !Self.notXcodeFormatted.contains(entry.file) {
            let bytes = try Corpus.bytes(of: entry)
            let configuration = try #require(StoreKitConfiguration.decode(bytes, file: entry.file).value)
            let encoded = StoreKitConfigurationEncoder().encode(configuration)
            #expect(encoded == String(decoding: bytes, as: UTF8.self), "\(entry)")
        }
    }

    @Test func privateKeyIsRedactedUnlessKept() {
        var configuration = StoreKitConfiguration()
        configuration.subscriptionOffersKeyPair = ConfigurationOfferKeyPair(id: "K1", privateKey: "c2VjcmV0")
        #expect(!StoreKitConfigurationEncoder().encode(configuration).contains("c2VjcmV0"))
        #expect(
            StoreKitConfigurationEncoder(privateKeyPolicy: .keep).encode(configuration).contains("c2VjcmV0"))
    }

    @Test func writerStyle() {
        let value = JSONValue.object([
            "_storeKitErrors": .array([]), "_storefront": .string("a\"b\\c\n\u{1}é/"),
            "settings": .object([:]),
        ])
        let expected = """
            {
              "_storefront" : "a\\"b\\\\c\\n\\u0001é/",
              "_storeKitErrors" : [

              ],
              "settings" : {

              }
            }

            """
        #expect(XcodeJSONWriter().string(from: value) == expected)
    }

    @Test func escapesSurviveARoundTrip() throws {
        let text = Fixtures.base(
            replacing: "\"A coin\"", with: "\"tab\\t quote\\\" \\u00e9 \\ud83d\\ude00 slash\\/\"")
        let configuration = try #require(Fixtures.decode(text))
        #expect(configuration.products[0].localizations?[0].description == "tab\t quote\" é 😀 slash/")
        let again = StoreKitConfiguration.decode(
            StoreKitConfigurationEncoder().encodeBytes(configuration), file: "x")
        #expect(again.value == configuration)
    }
}
