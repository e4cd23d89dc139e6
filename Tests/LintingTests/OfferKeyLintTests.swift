import Foundation
import Linting
import Signing
import SourceDiagnostics
import TestSupport
import Testing

/// `kiosk lint` and the running store agree about a catalog's subscription offer key (issue 38,
/// item 4): one the store cannot use (`"REDACTED"`, as public catalogs ship it) is a warning at
/// its place in the file, saying what follows and what to do, without the key or OpenSSL's words.
@Suite struct OfferKeyLintTests {
    /// The demo catalog with `privateKey` as its offer key, written to a temporary file.
    func catalog(privateKey: String) throws -> String {
        let demo = try String(contentsOfFile: PackageFiles.catalog("demo"), encoding: .utf8)
        let text =
            "{\n  \"subscriptionOffersKeyPair\" : {\n    \"id\" : \"5509FCF1\",\n    \"privateKey\" : \""
            + privateKey + "\"\n  }," + demo.drop { $0 != "{" }.dropFirst()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kiosk-offer-key-\(UUID()).storekit")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func anUnusableOfferKeyIsAWarningAtTheKey() throws {
        for key in ["REDACTED", "not base64!", "MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg"] {
            let file = try catalog(privateKey: key)
            defer { try? FileManager.default.removeItem(atPath: file) }
            let diagnostics = FileLinter.bundled.lint(file)
            #expect(diagnostics.count == 1, "\(key): \(diagnostics)")
            let warning = try #require(diagnostics.first)
            #expect(!warning.isError && warning.path == "subscriptionOffersKeyPair.privateKey")
            #expect(
                warning.location.file == file && warning.location.line == 4 && warning.location.column == 20,
                "\(warning.location)")
            #expect(warning.message.contains("subscription offer key 5509FCF1 is not a usable private key"))
            #expect(warning.message.contains("every promotional offer signature will be refused"))
            #expect(
                warning.message.hasSuffix("in subscriptionOffersKeyPair.privateKey"),
                "what to do: \(warning.message)")
            // Neither the key (real catalogs carry theirs) nor OpenSSL's error stack.
            #expect(
                !warning.message.contains(key) && !warning.message.contains("error:"), "\(warning.message)")
        }
    }

    @Test func aUsableOfferKeyIsNotWarnedAbout() throws {
        let pem = try ECPrivateKey.generate(.p256).pkcs8PEM()
        let base64 = pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        let file = try catalog(privateKey: base64)
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(FileLinter.bundled.lint(file).isEmpty)
    }
}
