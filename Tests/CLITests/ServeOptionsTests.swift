import CommandLineOptions
import Foundation
import StoreServer
import Testing
import kiosk

/// `kiosk serve --listen` and `--token` (issue 11, items 3 and 6): the addresses and tokens are
/// `StoreServer`'s (`ListenAddress`, `ServerToken`); the refusals are read from the command's
/// own words, in process.
@Suite struct ServeOptionsTests {
    /// What `kiosk serve ARGUMENTS --ephemeral` says when it refuses them (exit 64), else nil.
    func refusal(_ arguments: [String]) async -> String? {
        let (writer, lines) = ConsoleWriter.capturing()
        let status = await Kiosk.run(["serve"] + arguments + ["--ephemeral"], console: writer)
        return status == 64 ? lines().error : nil
    }

    func address(_ text: String) throws -> ListenAddress { try ListenAddress(parsing: text) }

    @Test func loopbackAddressesNeedNothingMore() throws {
        #expect(ListenAddress.standard == ListenAddress(host: "127.0.0.1", port: 8686))
        #expect(ListenAddress.standard.exposureRefusal == nil)
        #expect(try address("127.0.0.2:9").isLoopback)
        #expect(try address("localhost:0") == ListenAddress(host: "127.0.0.1", port: 0))
        let v6 = try address("[::1]:21679")
        #expect(v6 == ListenAddress(host: "::1", port: 21679, isIPv6: true) && v6.isLoopback)
        #expect(v6.authority(port: 5) == "[::1]:5")
        #expect(v6.exposureWarning(url: "http://[::1]:5") == nil)
    }

    @Test func otherAddressesNeedExposeAndNameTheRisk() async throws {
        for address in ["0.0.0.0:8686", "192.168.1.4:8686", "[::]:8686", "[fe80::1]:1"] {
            let message = await refusal(["--listen", address])
            #expect(
                message?.contains("--expose") == true && message?.contains("plain HTTP") == true, "\(address)"
            )
            let exposed = try self.address(address)
            let warning = exposed.exposureWarning(url: "http://" + exposed.authority(port: 1))
            #expect(warning?.contains("plain HTTP") == true && warning?.contains("bearer token") == true)
        }
    }

    @Test func malformedAddressesExplainTheForm() async {
        #expect(await refusal(["--listen", "::1:21679"])?.contains("[::1]:8686") == true)
        #expect(await refusal(["--listen", "[::1]21679"])?.contains("brackets") == true)
        #expect(await refusal(["--listen", "8686"])?.contains("HOST:PORT") == true)
        #expect(await refusal(["--listen", "127.0.0.1:99999"])?.contains("0 to 65535") == true)
        #expect(await refusal(["--listen", "example.com:80"])?.contains("not an IPv4 address") == true)
        #expect(await refusal(["--listen", "[nope]:80"])?.contains("not an IPv6 address") == true)
    }

    @Test func weakTokensAreRefused() async throws {
        #expect(await refusal(["--token", "a"])?.contains("at least 16") == true)
        #expect(await refusal(["--token", String(repeating: "a", count: 20)])?.contains("repeats") == true)
        #expect(
            await refusal(["--token", "correct horse battery staple"])?.contains("visible ASCII") == true)
        #expect(ServerToken.weakness(of: "0f3c9a7be21d4c58") == nil, "a strong token is taken")
    }
}
