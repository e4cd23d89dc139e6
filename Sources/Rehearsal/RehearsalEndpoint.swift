import Foundation
import HTTP
import SourceDiagnostics
import StoreCore

/// A rehearsal's stand-in for the developer's Get Retention Message endpoint (`endpoint ...`,
/// docs/rehearsals.md): a server on 127.0.0.1 that answers every real-time request as the line
/// says, whose URL the store is configured with. It lets a rehearsal show each message kind and
/// each failure without a process of its own; Examples/RetentionEndpoint is the real thing
/// (Apple's library), run by the end-to-end test.
public struct RehearsalEndpoint: Sendable {
    /// What the endpoint answers.
    public struct Answer: Sendable, Hashable {
        public var status: Int
        public var body: String
        public var delay: Duration
    }

    static let usage =
        "endpoint message ID | switch-plan ID PRODUCT [upfront|monthly] | offer ID PRODUCT OFFER | answers \"TEXT\""
        + " [--status N] [--delay MS]"

    let server: HTTPServer

    var url: String { "http://127.0.0.1:\(server.port)/retention" }

    init(_ answer: Answer) throws {
        server = try HTTPServer(configuration: HTTPServerConfiguration(port: 0)) { _ in
            // Cancelled only when the rehearsal ends: then answer at once.
            if answer.delay > .zero { try? await Task.sleep(for: answer.delay) }
            return .json(answer.status, Array(answer.body.utf8))
        }
        server.start()
    }

    func stop() async { await server.stop(gracePeriod: 1) }

    /// Reads `endpoint ...` (the words after `endpoint`).
    static func answer(_ tokens: [Token], at start: Token) throws(LineError) -> Answer {
        var words = tokens.map(\.text)
        var status = 200
        var delay = Duration.zero
        func optionValue(_ name: String) throws(LineError) -> Int? {
            guard let index = words.firstIndex(of: name) else { return nil }
            guard index + 1 < words.count, let number = Int(words[index + 1]), number >= 0 else {
                throw LineError(column: tokens[index].column, message: "\(name) takes a number")
            }
            words.removeSubrange(index...(index + 1))
            return number
        }
        if let given = try optionValue("--status") { status = given }
        if let given = try optionValue("--delay") {
            guard given <= 60_000 else {
                throw LineError(column: start.column, message: "--delay is at most 60000 ms")
            }
            delay = .milliseconds(given)
        }
        func uuid(_ index: Int) throws(LineError) -> String {
            guard index < words.count, UUID(uuidString: words[index]) != nil else {
                throw LineError(
                    column: index < tokens.count ? tokens[index].column : start.column,
                    message: "a message ID (a UUID) goes here: \(usage)")
            }
            return words[index]
        }
        func word(_ index: Int, _ what: String) throws(LineError) -> String {
            guard index < words.count else {
                throw LineError(column: start.column, message: "\(what) goes here: \(usage)")
            }
            return words[index]
        }
        let body: String
        switch words.first {
        case "message": body = #"{"message":{"messageIdentifier":"\#(try uuid(1))"}}"#
        case "switch-plan":
            var plan = ""
            if words.count > 3 {
                switch words[3] {
                case "upfront": plan = #","billingPlanType":"BILLED_UPFRONT""#
                case "monthly": plan = #","billingPlanType":"MONTHLY""#
                case let other:
                    throw LineError(
                        column: tokens[3].column, message: "the plan is upfront or monthly, got '\(other)'")
                }
            }
            body =
                #"{"alternateProduct":{"messageIdentifier":"\#(try uuid(1))","productId":"\#(try word(2, "a product ID"))"\#(plan)}}"#
        case "offer":
            // A V1 signature's fields; the store's offer checker judges it when the customer accepts.
            let signature =
                #"{"encodedSignature":"cmVoZWFyc2Fs","productId":"\#(try word(2, "a product ID"))","#
                + #""nonce":"00000000-0000-4000-8000-000000000000","timestamp":1767225600000,"keyId":"REHEARSAL","#
                + #""offerIdentifier":"\#(try word(3, "an offer ID"))"}"#
            body =
                #"{"promotionalOffer":{"messageIdentifier":"\#(try uuid(1))","promotionalOfferSignatureV1":\#(signature)}}"#
        case "answers": body = try word(1, "the answer's text")
        default: throw LineError(column: start.column, message: "endpoint takes \(usage)")
        }
        return Answer(status: status, body: body, delay: delay)
    }
}
