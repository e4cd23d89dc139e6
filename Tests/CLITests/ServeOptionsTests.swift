import CommandLineOptions
import Testing

@testable import kiosk

/// `kiosk serve --listen` and `--token` (issue 11, items 3 and 6).
@Suite struct ServeOptionsTests {
    func serve(_ arguments: [String]) throws(UsageError) -> ServeCommand {
        try ServeCommand(
            ServeCommand.Options.parse(arguments + ["--ephemeral"], command: "kiosk serve"))
    }

    func refusal(_ arguments: [String]) -> String? {
        do {
            _ = try serve(arguments)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func loopbackAddressesNeedNothingMore() throws {
        #expect(try serve([]).listen == ListenAddress(host: "127.0.0.1", port: 8686))
        #expect(try serve(["--listen", "127.0.0.2:9"]).listen.isLoopback)
        #expect(try serve(["--listen", "localhost:0"]).listen == ListenAddress(host: "127.0.0.1", port: 0))
        let v6 = try serve(["--listen", "[::1]:21679"]).listen
        #expect(v6 == ListenAddress(host: "::1", port: 21679, isIPv6: true) && v6.isLoopback)
        #expect(v6.authority(port: 5) == "[::1]:5")
        #expect(v6.exposureWarning(url: "http://[::1]:5") == nil)
    }

    @Test func otherAddressesNeedExposeAndNameTheRisk() throws {
        for address in ["0.0.0.0:8686", "192.168.1.4:8686", "[::]:8686", "[fe80::1]:1"] {
            let message = refusal(["--listen", address])
            #expect(
                message?.contains("--expose") == true && message?.contains("plain HTTP") == true, "\(address)"
            )
            let exposed = try serve(["--listen", address, "--expose"]).listen
            let warning = exposed.exposureWarning(url: "http://" + exposed.authority(port: 1))
            #expect(warning?.contains("plain HTTP") == true && warning?.contains("bearer token") == true)
        }
    }

    @Test func malformedAddressesExplainTheForm() {
        #expect(refusal(["--listen", "::1:21679"])?.contains("[::1]:8686") == true)
        #expect(refusal(["--listen", "[::1]21679"])?.contains("brackets") == true)
        #expect(refusal(["--listen", "8686"])?.contains("HOST:PORT") == true)
        #expect(refusal(["--listen", "127.0.0.1:99999"])?.contains("0 to 65535") == true)
        #expect(refusal(["--listen", "example.com:80"])?.contains("not an IPv4 address") == true)
        #expect(refusal(["--listen", "[nope]:80"])?.contains("not an IPv6 address") == true)
    }

    @Test func weakTokensAreRefused() throws {
        #expect(refusal(["--token", "a"])?.contains("at least 16") == true)
        #expect(refusal(["--token", String(repeating: "a", count: 20)])?.contains("repeats") == true)
        #expect(refusal(["--token", "correct horse battery staple"])?.contains("visible ASCII") == true)
        #expect(try serve(["--token", "0f3c9a7be21d4c58"]).token == "0f3c9a7be21d4c58")
    }
}
