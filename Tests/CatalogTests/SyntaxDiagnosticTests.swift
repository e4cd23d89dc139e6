import Catalog
import SourceDiagnostics
import Testing

/// Broken JSON is one error at the place the parser stopped.
@Suite("Broken JSON")
struct SyntaxDiagnosticTests {
    @Test func missingComma() {
        let text = Fixtures.base(replacing: "\"coin\",", with: "\"coin\"")
        expectDiagnostic(
            Fixtures.diagnose(text), .error, path: "", value: "\"referenceName\"",
            at: Fixtures.position(of: "\"referenceName\"", in: text), messageContains: "add the missing comma"
        )
    }

    @Test func trailingComma() {
        let text = "{\n  \"products\" : [ 1, ],\n}"
        expectDiagnostic(
            Fixtures.diagnose(text), .error, path: "", value: "]", at: (2, 21),
            messageContains: "trailing comma")
    }

    @Test func unterminatedString() {
        let text = "{\n  \"version\" : \"4\n}"
        expectDiagnostic(
            Fixtures.diagnose(text), .error, path: "", value: nil, at: (2, 17),
            messageContains: "line break inside a string")
    }

    @Test func emptyFile() {
        expectDiagnostic(
            Fixtures.diagnose("  \n"), .error, path: "", value: nil, at: (2, 1), messageContains: "empty")
    }

    @Test func textAfterTheDocument() {
        expectDiagnostic(
            Fixtures.diagnose("{} {}"), .error, path: "", value: "{", at: (1, 4),
            messageContains: "after the end")
    }

    @Test func invalidUTF8() {
        let bytes: [UInt8] = Array("{\"a\": \"é".utf8) + [0xFF] + Array("\"}".utf8)
        let diagnostics = StoreKitConfiguration.decode(bytes, file: "bad.storekit").diagnostics
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.location.line == 1)
        #expect(diagnostics.first?.location.column == 9)
        #expect(diagnostics.first?.message.contains("UTF-8") == true)
    }

    @Test func nestingLimit() {
        let text = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(Fixtures.diagnose(text).first?.message.contains("deeper than 512") == true)
    }

    @Test(arguments: ["01", "1.", "-", "1e", "tru", "'a'", "{\"a\" 1}", "[1 2]", "\"\\x\"", "\"\\u12\""])
    func rejects(_ text: String) {
        #expect(Fixtures.diagnose(text).count == 1)
        #expect(Fixtures.diagnose(text).first?.message.hasPrefix("not valid JSON") == true)
    }
}
