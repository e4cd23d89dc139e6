import CNCursesW
import Glibc

/// Restores the terminal when the process is interrupted or crashes, then lets the signal do
/// what it would have done (exit with the usual status, dump core).
///
/// The handler calls `endwin`, which is not async-signal-safe; ncurses' own SIGINT handler does
/// the same, and a terminal left in raw mode is the worse outcome. `SA_RESETHAND` puts back the
/// default action before the handler runs, so the re-raised signal (held until the handler
/// returns) terminates the process. For crash signals this replaces the Swift runtime's backtrace
/// handler: the shell is readable afterwards, at the price of the backtrace.
final class SignalCleanup {
    static let signals = [
        SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE,
    ]
    private var saved: [(Int32, sigaction)] = []

    init() {
        for signal in Self.signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                endwin()
                raise(signal)
            }
            sigemptyset(&action.sa_mask)
            // SA_RESETHAND is 0x80000000, imported as a wider integer: keep its bit pattern.
            action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)
            var old = sigaction()
            if sigaction(signal, &action, &old) == 0 { saved.append((signal, old)) }
        }
    }

    /// Puts back the handlers that were there before.
    func restore() {
        for (signal, old) in saved {
            var action = old
            sigaction(signal, &action, nil)
        }
        saved.removeAll()
    }

    /// Unblocks SIGWINCH, SIGINT and SIGTERM on the calling thread. A process started by a thread
    /// that blocks signals (Dispatch and Swift concurrency workers do) inherits the mask, and the
    /// app would never see a resize.
    static func unblockTerminalSignals() {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in [SIGWINCH, SIGINT, SIGTERM, SIGHUP] { sigaddset(&set, signal) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }
}
