import Foundation
import StoreCore
import Testing

/// A delivery's result is Apple's word on disk and on the wire, and a word Apple does not use
/// (a ledger or server from before, `SSL_ISSUE`) still reads, as OTHER, instead of failing.
@Suite struct SendAttemptResultTests {
    @Test func encodesAsApplesPlainString() throws {
        let attempt = NotificationSummary.Attempt(
            date: Date(timeIntervalSince1970: 0), result: .unsuccessfulHTTPResponseCode, httpStatus: 500)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(attempt), as: UTF8.self)
        #expect(json.contains(#""result":"UNSUCCESSFUL_HTTP_RESPONSE_CODE""#), "\(json)")
        #expect("\(SendAttemptResult.timedOut)" == "TIMED_OUT")
    }

    @Test func everyApplesWordReadsBackAsItself() throws {
        for result in SendAttemptResult.allCases {
            let decoded = try JSONDecoder().decode(
                SendAttemptResult.self, from: Data(#""\#(result.rawValue)""#.utf8))
            #expect(decoded == result)
        }
    }

    @Test func anUnknownOrOldWordReadsAsOther() throws {
        let decoded = try JSONDecoder().decode(
            [SendAttemptResult].self, from: Data(#"["SSL_ISSUE", "SUCCESS", ""]"#.utf8))
        #expect(decoded == [.other, .success, .other])
        #expect(SendAttemptResult(text: "SSL_ISSUE") == .other)
        #expect(
            !NotificationSummary.Attempt(date: Date(), result: SendAttemptResult(text: "SSL_ISSUE")).succeeded
        )
    }
}
