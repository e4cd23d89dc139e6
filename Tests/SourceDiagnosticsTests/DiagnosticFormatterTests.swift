import SourceDiagnostics
import Testing

/// One model, two renderings: `kiosk lint`'s compiler-style line and the line that shows the value.
@Suite struct DiagnosticFormatterTests {
    let diagnostic = Diagnostic(
        severity: .error, location: SourceLocation(file: "themes/x.json", line: 1, column: 26, offset: 25),
        path: "roles.cta.fg", value: "\"blue\"", message: "not a colour")

    @Test func lintLinesNameThePathButNotTheValue() {
        #expect(diagnostic.description == "themes/x.json:1:26: error: roles.cta.fg: not a colour")
    }

    @Test func valueLinesShowWhatWasWritten() {
        #expect(
            DiagnosticFormatter.lineShowingValue(for: diagnostic)
                == "themes/x.json:1:26: error: roles.cta.fg = \"blue\": not a colour")
        var whole = diagnostic
        whole.path = ""
        #expect(
            DiagnosticFormatter.lineShowingValue(for: whole)
                == "themes/x.json:1:26: error: \"blue\": not a colour")
        whole.value = nil
        #expect(DiagnosticFormatter.lineShowingValue(for: whole) == "themes/x.json:1:26: error: not a colour")
    }

    @Test func syntaxErrorsCarryTheirByteOffsetToALineAndColumn() {
        let bytes = Array("{\n  \"é\": [1,]\n}".utf8)
        #expect(throws: JSONSyntaxError.self) { try JSONDocument(bytes: bytes) }
        do {
            _ = try JSONDocument(bytes: bytes)
        } catch {
            let location = LineTable(bytes: bytes).location(ofOffset: error.offset, file: "f.json")
            #expect("\(location)" == "f.json:2:11")
        }
    }
}
