import Descriptors
import Dispatch
import Foundation
import HTTP
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Descriptors opened, closed and reused under load. Linux gives a freed number to the very next
/// `socket`, `accept` or `open`, so a descriptor closed twice anywhere in the process closes
/// someone else's live socket (or listener): that is how a failed connect, which closed its
/// socket and then closed it again from `deinit`, once broke another test's `bind`.
@Suite struct DescriptorReuseTests {
    /// What the threads of one run saw go wrong.
    final class Problems: Sendable {
        let list = Mutex<[String]>([])
        let churning = Atomic(true)
        func add(_ problem: String) { list.withLock { $0.append(problem) } }
    }

    /// Enough that a number closed twice is reused by a live connection most runs (measured
    /// with the old double close put back: 3 runs of 4 failed, each with "Bad file descriptor").
    static let clients = 4
    static let requestsPerClient = 400

    /// Several threads make many short connections, each checking that the answer is its own,
    /// while other threads open and close descriptors as fast as they can: connects that fail
    /// (the path that closed twice), connections dropped unused, files opened and closed.
    /// No connection may lose its socket or read another's answer.
    @Test func shortConnectionsKeepTheirSocketsWhileOthersOpenAndClose() async throws {
        try await withServer { server in
            let port = server.port
            let problems = try await blocking {
                let problems = Problems()
                let churners = DispatchGroup()
                for _ in 0..<3 {
                    churners.enter()
                    Thread {
                        while problems.churning.load(ordering: .relaxed) { Self.churn(port: port) }
                        churners.leave()
                    }.start()
                }
                DispatchQueue.concurrentPerform(iterations: Self.clients) { client in
                    for request in 0..<Self.requestsPerClient {
                        if let problem = Self.exchange(port: port, path: "/\(client)/\(request)") {
                            problems.add(problem)
                        }
                    }
                }
                problems.churning.store(false, ordering: .relaxed)
                churners.wait()
                return problems.list.withLock { $0 }
            }
            #expect(
                problems.isEmpty,
                "\(problems.count) of \(Self.clients * Self.requestsPerClient) connections lost their socket: \(problems.prefix(5))"
            )
        }
    }

    /// One request on a connection of its own; what went wrong, or nil when the answer was this
    /// request's.
    static func exchange(port: UInt16, path: String) -> String? {
        do {
            let socket = try ClientSocket(host: "127.0.0.1", port: port)
            defer { socket.close() }
            try socket.write(get(path, close: true))
            let response = try socket.readResponse(timeout: 30)
            let expected = "GET \(path) 0"
            return response.text == expected ? nil : "\(path) read \"\(response.text)\""
        } catch {
            return "\(path): \(error)"
        }
    }

    /// Opens and closes descriptors every way the module does.
    static func churn(port: UInt16) {
        // A connect that fails: nobody listens on a path in a directory that does not exist.
        _ = try? ClientSocket(address: .unix(path: "/nonexistent-\(getpid())/kiosk.sock"))
        // A connection the server accepts and sees end without a request.
        (try? ClientSocket(host: "127.0.0.1", port: port))?.close()
        let file = open("/dev/null", O_RDONLY | O_CLOEXEC)
        if file >= 0 { OwnedDescriptor(file).close() }
    }

    /// A close asked for while another thread holds the number waits for that thread: the
    /// number stays this descriptor's until the call returns, so it cannot be reused under it.
    @Test func aCloseWaitsForTheCallHoldingTheNumber() async throws {
        // A write to a pipe nobody reads must be EPIPE, not the end of the test process.
        signal(SIGPIPE, SIG_IGN)
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let reader = OwnedDescriptor(ends[0])
        let writer = OwnedDescriptor(ends[1])
        let holding = DispatchSemaphore(value: 0)
        let closed = DispatchSemaphore(value: 0)
        let stillOpen = try await blocking {
            reader.withNumber { fd in
                holding.signal()
                closed.wait()
                // Closed meanwhile from another thread, yet still this descriptor.
                return fcntl(fd, F_GETFD) >= 0
            }
        } racing: {
            holding.wait()
            reader.close()
            closed.signal()
        }
        #expect(stillOpen)
        #expect(reader.isClosed)
        // The read end is gone now: a write to the pipe is refused.
        let refused = writer.withNumber { fd in
            var byte: UInt8 = 0
            return Glibc.write(fd, &byte, 1) < 0 && errno == EPIPE
        }
        #expect(refused)
        writer.close()
    }
}

/// Runs `body` on a thread of its own while `other` runs on another; returns `body`'s result.
private func blocking<T: Sendable>(
    _ body: @escaping @Sendable () throws -> T, racing other: @escaping @Sendable () -> Void
) async throws -> T {
    Thread { other() }.start()
    return try await blocking(body)
}
