import Foundation
import FoundationXML
import Testing

@testable import Rehearsal

/// `rehearse --junit` writes XML any CI system parses, whatever the rehearsal's text holds
/// (issue 22, item 8: a control character made the document not well-formed).
@Suite struct JUnitWellFormedTests {
    @Test func controlCharactersLeaveTheReportWellFormed() throws {
        var result = RehearsalResult(path: "bad\u{1B}[31m.rehearsal", name: "bad\u{1B}", steps: 1)
        result.failures = [
            RehearsalFailure(
                file: "bad.rehearsal", line: 3, text: "expect screen \"\u{0}\u{8}\u{FFFF}\"",
                message: "expected \"\u{1B}[2J\" & <more>", screen: "Lumen \u{1B}[7mPro\u{7}")
        ]
        let junit = RehearsalReport(results: [result]).junit()
        let parser = XMLParser(data: Data(junit.utf8))
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "") in:\n\(junit)")
        #expect(junit.contains("\\u{1B}[2J") && junit.contains("&amp; &lt;more&gt;"))
    }
}
