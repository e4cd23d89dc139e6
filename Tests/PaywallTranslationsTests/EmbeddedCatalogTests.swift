import Foundation
import PaywallTranslations
import Testing

/// The catalog compiled into the binary (CPaywallStrings' `#embed`) is the repository's file,
/// byte for byte: an object built from an older catalog, or an embed of the wrong file, fails here.
@Suite struct EmbeddedCatalogTests {
    static let repositoryFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(PaywallTranslations.file)

    @Test func theEmbeddedBytesAreTheRepositorysCatalog() throws {
        let onDisk = [UInt8](try Data(contentsOf: Self.repositoryFile))
        let embedded = PaywallTranslations.embeddedBytes
        #expect(
            embedded.count == onDisk.count, "embedded \(embedded.count) bytes, the file has \(onDisk.count)")
        #expect(embedded == onDisk, "the embedded catalog differs from \(PaywallTranslations.file): rebuild")
    }

    @Test func theEmbeddedCatalogReadsWhole() {
        #expect(PaywallTranslations.catalog.diagnostics.isEmpty, "\(PaywallTranslations.catalog.diagnostics)")
        #expect(PaywallTranslations.catalog.value("save", language: "en") != nil)
    }
}
