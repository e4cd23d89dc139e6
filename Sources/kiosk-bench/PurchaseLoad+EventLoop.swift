import Descriptors
import Foundation
import HTTP

#if canImport(Glibc)
    import Glibc
#endif

extension PurchaseLoad {
    /// One thread's share of the connections, driven by `poll`: each connection alternates a
    /// purchase and the finish of what it bought; a pair's latency runs from sending the
    /// purchase to reading the finish's answer.
    struct EventLoop {
        private enum Phase { case buying, finishing }

        private struct Connection {
            let descriptor: OwnedDescriptor
            /// Its number, for `poll` (which takes them all at once): used only while its
            /// `pollfd` is not -1, which the close sets in the same step.
            let fd: Int32
            var received: [UInt8] = []
            var phase = Phase.buying
            var started = ContinuousClock.now
        }

        private var connections: [Connection] = []
        private let requests: Requests
        private(set) var latencies: [Double] = []
        private(set) var failures = 0

        init(port: UInt16, connections count: Int, requests: Requests) {
            self.requests = requests
            for _ in 0..<count {
                if let descriptor = Self.connect(port: port) {
                    connections.append(Connection(descriptor: descriptor, fd: descriptor.withNumber { $0 }))
                } else {
                    failures += 1
                }
            }
        }

        /// Runs pairs until `deadline`, then lets each connection finish its pair; a server
        /// that stops answering ends the run 10 seconds later, its pairs counted as failures.
        mutating func run(until deadline: ContinuousClock.Instant) {
            for index in connections.indices { begin(index) }
            var polled = connections.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            var scratch = [UInt8](repeating: 0, count: 64 * 1024)
            let giveUp = deadline + .seconds(10)
            while polled.contains(where: { $0.fd >= 0 }) {
                if ContinuousClock.now > giveUp {
                    for index in polled.indices where polled[index].fd >= 0 { fail(index, &polled) }
                    break
                }
                guard poll(&polled, nfds_t(polled.count), 100) > 0 else { continue }
                for index in polled.indices where polled[index].fd >= 0 && polled[index].revents != 0 {
                    let count = recv(polled[index].fd, &scratch, scratch.count, 0)
                    guard count > 0 else {
                        fail(index, &polled)
                        continue
                    }
                    connections[index].received += scratch[..<count]
                    guard let (status, body) = Self.takeResponse(from: &connections[index].received) else {
                        continue
                    }
                    answered(index, status: status, body: body, deadline: deadline, &polled)
                }
            }
        }

        private mutating func answered(
            _ index: Int, status: Int, body: ArraySlice<UInt8>, deadline: ContinuousClock.Instant,
            _ polled: inout [pollfd]
        ) {
            switch connections[index].phase {
            case .buying:
                guard status == 200, let id = Probe.transactionID(in: Array(body)),
                    send(index, requests.finish(id))
                else { return fail(index, &polled) }
                connections[index].phase = .finishing
            case .finishing:
                guard (200..<300).contains(status) else { return fail(index, &polled) }
                let elapsed = connections[index].started.duration(to: .now)
                latencies.append(
                    Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
                if ContinuousClock.now >= deadline {
                    connections[index].descriptor.close()
                    polled[index].fd = -1
                } else {
                    begin(index)
                }
            }
        }

        private mutating func begin(_ index: Int) {
            connections[index].phase = .buying
            connections[index].started = .now
            if !send(index, requests.purchase) { failures += 1 }
        }

        private mutating func fail(_ index: Int, _ polled: inout [pollfd]) {
            failures += 1
            connections[index].descriptor.close()
            polled[index].fd = -1
        }

        /// Sends all of `bytes` (a request fits in the socket's buffer, so this rarely blocks).
        private func send(_ index: Int, _ bytes: [UInt8]) -> Bool {
            var sent = 0
            while sent < bytes.count {
                let count = bytes[sent...].withUnsafeBytes {
                    Glibc.send(connections[index].fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                }
                guard count > 0 else { return false }
                sent += count
            }
            return true
        }

        /// Removes one whole response from the front of `received`: its status and body.
        private static func takeResponse(from received: inout [UInt8]) -> (Int, ArraySlice<UInt8>)? {
            guard let headEnd = HTTPRequestParser.find([13, 10, 13, 10], in: received, from: 0) else {
                return nil
            }
            let head = String(decoding: received[..<headEnd], as: UTF8.self)
            guard head.hasPrefix("HTTP/1.1 "), let status = Int(head.dropFirst(9).prefix(3)) else {
                return (0, [])
            }
            let length =
                head.split(separator: "\r\n").lazy
                .compactMap { line -> Int? in
                    guard line.lowercased().hasPrefix("content-length:") else { return nil }
                    return Int(line.dropFirst(15).trimmingCharacters(in: .whitespaces))
                }.first ?? 0
            let end = headEnd + 4 + length
            guard received.count >= end else { return nil }
            let body = received[(headEnd + 4)..<end]
            received.removeFirst(end)
            return (status, body)
        }

        /// A blocking TCP connection to 127.0.0.1:`port` with Nagle's delay off.
        private static func connect(port: UInt16) -> OwnedDescriptor? {
            let number = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard number >= 0 else { return nil }
            let descriptor = OwnedDescriptor(number)
            let connected = descriptor.withNumber { connect($0, port: port) }
            guard connected else {
                descriptor.close()
                return nil
            }
            return descriptor
        }

        /// Connects `fd` to 127.0.0.1:`port` and turns Nagle's delay off.
        private static func connect(_ fd: Int32, port: UInt16) -> Bool {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            var one: Int32 = 1
            guard connected == 0,
                setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                    == 0
            else { return false }
            return true
        }
    }
}
