import Foundation
import HTTP
import Testing

/// A thread per connection is bounded by `maxConnections`, and slow clients cannot get past
/// it: a request that has started is never evicted, so beyond the limit new connections are
/// answered 503, and the ones admitted are answered 408 at the request deadline, which frees
/// their threads.
@Suite struct ConnectionThreadLimitTests {
    @Test func slowConnectionsHoldNoMoreThreadsThanTheLimit() async throws {
        let limit = 8
        let configuration = HTTPServerConfiguration(requestTimeout: 2, maxConnections: limit)
        try await withServer(configuration) { server in
            let port = server.port
            let name = server.connectionThreadName
            let (most, statuses) = try await blocking {
                // Three times the limit, each the start of a request that never ends.
                var sockets: [ClientSocket] = []
                for _ in 0..<(3 * limit) {
                    let socket = try ClientSocket(host: "127.0.0.1", port: port)
                    try socket.write("GET /slow HTTP/1.1\r\nHost: t\r\nX-Slow: ")
                    sockets.append(socket)
                }
                var most = 0
                for _ in 0..<8 {
                    most = max(most, Self.threads(named: name))
                    Thread.sleep(forTimeInterval: 0.1)
                }
                let statuses = sockets.map { (try? $0.readResponse(timeout: 30))?.status }
                sockets.forEach { $0.close() }
                return (most, statuses)
            }
            #expect(most > 0, "no thread named \(name): the count below would prove nothing")
            #expect(most <= limit, "\(most) connection threads for a limit of \(limit)")
            #expect(statuses.allSatisfy { $0 == 503 || $0 == 408 }, "\(statuses)")
            #expect(statuses.filter { $0 == 408 }.count <= limit, "\(statuses)")
        }
    }

    /// This process's threads whose system name is `name`.
    static func threads(named name: String) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.count { task in
            let comm = try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)
            return comm?.trimmingCharacters(in: .newlines) == name
        }
    }
}
