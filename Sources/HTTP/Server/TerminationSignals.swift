import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// SIGINT and SIGTERM, caught from the moment this is made. A server makes it before it
/// listens: the signal sources need descriptors of their own, and clients that connect at once
/// can use up every descriptor first (`DescriptorExhaustionTests`), after which a SIGTERM was
/// ignored and the server never stopped. A signal that comes before `wait()` is kept.
public final class TerminationSignals: Sendable {
    private struct State {
        var fired = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    /// Dispatch's sources, kept alive until `wait()` returns.
    private struct Sources: @unchecked Sendable { var all: [any DispatchSourceSignal] }

    private let state = Mutex(State())
    private let sources: Mutex<Sources>

    public init() {
        sources = Mutex(Sources(all: []))
        var made: [any DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM] {
            // Taken over: the default action would end the process before requests in flight finish.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in self?.fire() }
            source.resume()
            made.append(source)
        }
        sources.withLock { $0.all = made }
    }

    /// Returns once SIGINT or SIGTERM came (at once, when one already did).
    public func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let fired = state.withLock { state in
                if !state.fired { state.waiter = continuation }
                return state.fired
            }
            if fired { continuation.resume() }
        }
        sources.withLock { sources in
            sources.all.forEach { $0.cancel() }
            sources.all = []
        }
    }

    private func fire() {
        let waiter = state.withLock { state in
            state.fired = true
            return state.waiter.take()
        }
        waiter?.resume()
    }
}
