import Foundation
import Rehearsal
import SourceDiagnostics
import Testing

/// The cancel sheet's rehearsal lines (docs/rehearsals.md): `endpoint ...`, `expect cancel-sheet`
/// and `retention ...` parse, and each mistake is located at the word to fix.
@Suite struct RetentionStepParsingTests {
    static let id = "6f1c4a52-0d1e-4a43-9a7e-1d2f3b4c5d6e"

    @Test func theRetentionStepsParse() throws {
        let text = """
            catalog demo
            retention message \(Self.id) "Before you go" "Your streak resets." --image \(Self.id) --alt "A trophy"
            retention image \(Self.id) 3840x1080
            retention reject message \(Self.id) "Promises what the offer does not give"
            endpoint switch-plan \(Self.id) com.kiosk.lumen.pro.annual monthly
            endpoint answers "<html>" --status 503 --delay 900
            expect cancel-sheet default "HTTP 503"
            cancel-sheet com.kiosk.lumen.pro.monthly
            """
        let script = try RehearsalParser.parse(text: text, file: "t.rehearsal").get()
        #expect(script.steps.count == 8)
    }

    @Test func mistakesAreLocatedAtTheWordToFix() {
        let text = """
            endpoint message not-a-uuid
            expect cancel-sheet messsage
            retention approve mesage \(Self.id)
            endpoint switch-plan \(Self.id) com.kiosk.lumen.pro.annual weekly
            endpoint answers "{}" --delay 999999
            retention image \(Self.id)
            """
        guard case .failure(let error) = RehearsalParser.parse(text: text, file: "t.rehearsal") else {
            Issue.record("the file parsed")
            return
        }
        let found = error.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.message)" }
        #expect(found.count == 6, "\(found)")
        #expect(found.contains { $0.hasPrefix("1:18 a message ID (a UUID) goes here") })
        #expect(found.contains { $0.hasPrefix("2:21 unknown cancel sheet kind 'messsage'") })
        #expect(
            found.contains { $0.hasPrefix("3:19 retention approve takes message or image, got 'mesage'") })
        #expect(found.contains { $0.hasPrefix("4:86 the plan is upfront or monthly, got 'weekly'") })
        #expect(found.contains { $0.contains("--delay is at most 60000 ms") })
        #expect(found.contains { $0.hasPrefix("6:") && $0.contains("a PNG file, or WIDTHxHEIGHT") })
    }
}
