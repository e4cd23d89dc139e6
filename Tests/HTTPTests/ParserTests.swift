import HTTP
import Testing

@Suite struct ParserTests {
    private func parse(_ text: String, maxHeader: Int = 16 * 1024, maxBody: Int = 1024 * 1024)
        throws(HTTPRequestParser.Failure)
        -> [HTTPRequest]
    {
        var parser = HTTPRequestParser(maxHeaderBytes: maxHeader, maxBodyBytes: maxBody)
        var requests: [HTTPRequest] = []
        // One byte at a time: every split point must work.
        for byte in text.utf8 {
            parser.append([byte])
            while let request = try parser.next() { requests.append(request) }
        }
        return requests
    }

    @Test func contentLengthBodiesAndPipelining() throws {
        let requests = try parse(
            "POST /a?x=1&y=%2F HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhello"
                + "GET /b HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
        #expect(requests.count == 2)
        #expect(requests[0].body == Array("hello".utf8))
        #expect(requests[0].path == "/a" && requests[0].query == ["x": "1", "y": "/"])
        #expect(requests[0].keepAlive && !requests[1].keepAlive)
    }

    @Test func chunkedBodies() throws {
        let requests = try parse(
            "POST /c HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\r\nhello\r\n6\r\n world\r\n0\r\nX-T: 1\r\n\r\n"
        )
        #expect(requests.map(\.body) == [Array("hello world".utf8)])
    }

    @Test(arguments: [
        "GARBAGE\r\n\r\n", "GET /x HTTP/1.1\r\nHost: h\r\nBad Header\r\n\r\n",
        "GET /x HTTP/1.1\r\nHost: h\r\n folded\r\n\r\n", "GET /x HTTP/1.1\r\n\r\n",
        "POST /x HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n",
        "POST /x HTTP/1.1\r\nHost: h\r\nContent-Length: -1\r\n\r\n",
        "POST /x HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n",
        "POST /x HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
        // Signed sizes once indexed before the chunk and crashed the server (found by fuzzing).
        "POST /x HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n-1e308a\r\nds\r\n0\r\n\r\n",
        "POST /x HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n-5\r\nhello\r\n0\r\n\r\n",
        "POST /x HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n+5\r\nhello\r\n0\r\n\r\n",
        "GET x HTTP/1.1\r\nHost: h\r\n\r\n",
    ])
    func malformedIs400(_ text: String) {
        #expect(throws: HTTPRequestParser.Failure.self) { try parse(text) }
        do throws(HTTPRequestParser.Failure) {
            _ = try parse(text)
        } catch {
            #expect(error.status == 400)
        }
    }

    @Test func limits() {
        let huge = "GET / HTTP/1.1\r\nHost: h\r\nX: " + String(repeating: "a", count: 2000) + "\r\n\r\n"
        #expect(throws: HTTPRequestParser.Failure(status: 431, reason: "request head too large")) {
            try parse(huge, maxHeader: 1024)
        }
        do throws(HTTPRequestParser.Failure) {
            _ = try parse("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 2000\r\n\r\n", maxBody: 1000)
            Issue.record("no failure")
        } catch {
            #expect(error.status == 413)
        }
        do throws(HTTPRequestParser.Failure) {
            _ = try parse(
                "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n400\r\n"
                    + String(repeating: "a", count: 1024)
                    + "\r\n400\r\n", maxBody: 1500)
            Issue.record("no failure")
        } catch {
            #expect(error.status == 413)
        }
        #expect(throws: HTTPRequestParser.Failure.self) { try parse("GET / HTTP/2.0\r\nHost: h\r\n\r\n") }
    }

    @Test func serverSentEventsRoundTrip() {
        let events = [
            ServerSentEvent(id: "1", event: "transaction", data: "{\"a\":1}"),
            ServerSentEvent(id: "2", data: "two\nlines"), ServerSentEvent(id: "3", event: "ready", data: ""),
        ]
        var parser = ServerSentEventParser()
        var parsed: [ServerSentEvent] = []
        for byte in (events.flatMap(\.encoded) + Array(": keep-alive\n\n".utf8)) {
            parsed += parser.feed([byte])
        }
        #expect(parsed == events)
    }

    @Test func routing() async {
        var router = Router()
        router.add("GET", "/v1/accounts/{account}/transactions") { _, p in .text(200, p["account"]!) }
        router.add("POST", "/v1/accounts/{account}/transactions/{id}/finish") { _, p in .text(200, p["id"]!) }
        guard
            case .found(let handler, let parameters) = router.match(
                method: "GET", path: "/v1/accounts/al%20ice/transactions")
        else {
            Issue.record("no match")
            return
        }
        #expect(parameters == ["account": "al ice"])
        #expect(
            await handler(HTTPRequest(method: "GET", target: "/"), parameters).bodyBytes
                == Array("al ice".utf8))
        guard
            case .methodNotAllowed(let allowed) = router.match(
                method: "DELETE", path: "/v1/accounts/a/transactions")
        else {
            Issue.record("expected 405")
            return
        }
        #expect(allowed == ["GET"])
        guard case .notFound = router.match(method: "GET", path: "/v1/nothing") else {
            Issue.record("expected 404")
            return
        }
    }
}
