import QAReports
import Testing

/// A signed payload as `kiosk verify` and the QA report show it.
@Suite struct PayloadJSONTests {
    @Test func prettyPrintsThePayload() {
        #expect(
            PayloadJSON.pretty(Array(#"{"b":1,"a":"x/y"}"#.utf8))
                == "{\n  \"a\" : \"x/y\",\n  \"b\" : 1\n}")
        #expect(PayloadJSON.pretty(Array("plain".utf8)) == "plain")
    }
}
