import Foundation
import Synchronization
import XCTest

/// The expected failures of the running test: the open scopes, the failures they matched, and
/// the record of both in the JSON Lines file named by `KIOSK_XCTEST_EXPECTED_FAILURES` (one
/// object a line: `test`, `kind` matched or unfulfilled, `reason`, `failure`).
///
/// It learns of failures as an `XCTestObservation` observer, registered at the first
/// `XCTExpectFailure`; XCTest tells observers of each failure before the test goes on.
final class ExpectedFailureLedger: Sendable {
    static let shared = ExpectedFailureLedger()

    struct Scope: Sendable {
        var id: Int
        var reason: String?
        var isStrict: Bool
        var isBlock: Bool
        var matched = false
    }

    private struct State {
        var scopes: [Scope] = []
        var nextID = 0
        var observing = false
    }

    private let state = Mutex(State())

    /// Opens a scope (nothing when the options disable it); returns its id for `close`.
    @discardableResult
    func open(reason: String?, options: XCTExpectedFailure.Options, block: Bool) -> Int? {
        guard options.isEnabled else { return nil }
        let strict = options.isStrict
        let mustObserve = state.withLock { state in
            defer { state.observing = true }
            return !state.observing
        }
        // XCTest's observation center is used from the thread running the tests, as XCTest does.
        if mustObserve {
            XCTestObservationCenter.shared.addTestObserver(ExpectedFailureObserver(ledger: self))
        }
        return state.withLock { state in
            state.nextID += 1
            state.scopes.append(Scope(id: state.nextID, reason: reason, isStrict: strict, isBlock: block))
            return state.nextID
        }
    }

    /// Closes a block's scope: strict and unmatched, the test fails here, as in Xcode.
    func close(_ id: Int?) {
        guard let id else { return }
        let closed = state.withLock { state -> Scope? in
            guard let index = state.scopes.firstIndex(where: { $0.id == id }) else { return nil }
            return state.scopes.remove(at: index)
        }
        if let closed, closed.isStrict, !closed.matched {
            pendingUnfulfilled.withLock { $0.append(closed) }
            XCTFail("expected a failure that did not happen\(closed.reason.map { ": \($0)" } ?? "")")
        }
    }

    /// Unfulfilled block scopes, written when the test's name is known (at its next failure or end).
    private let pendingUnfulfilled = Mutex([Scope]())

    /// A failure XCTest recorded: matched by the innermost open scope, if any.
    func failed(test: String, description: String, file: String?, line: Int) {
        let failure = "\(file ?? "<unknown>"):\(line): \(description)"
        let unfulfilled = pendingUnfulfilled.withLock { pending in
            defer { pending = [] }
            return pending
        }
        for scope in unfulfilled {
            write(test: test, kind: "unfulfilled", reason: scope.reason, failure: failure)
        }
        guard unfulfilled.isEmpty else { return }
        let matched = state.withLock { state -> Scope? in
            guard let index = state.scopes.indices.last else { return nil }
            state.scopes[index].matched = true
            return state.scopes[index]
        }
        guard let matched else { return }
        print(
            "Test Case '\(test)': expected failure\(matched.reason.map { " (\($0))" } ?? ""): \(description)")
        write(test: test, kind: "matched", reason: matched.reason, failure: failure)
    }

    /// The test ended: a strict scope without a block that nothing matched fails it.
    func finished(test: String) {
        let open = state.withLock { state in
            defer { state.scopes = [] }
            return state.scopes
        }
        for scope in open where scope.isStrict && !scope.matched {
            print(
                "Test Case '\(test)': expected a failure that did not happen\(scope.reason.map { ": \($0)" } ?? "")"
            )
            write(test: test, kind: "unfulfilled", reason: scope.reason, failure: "")
        }
    }

    private func write(test: String, kind: String, reason: String?, failure: String) {
        guard let path = ProcessInfo.processInfo.environment["KIOSK_XCTEST_EXPECTED_FAILURES"] else { return }
        var record: [String: String] = ["test": test, "kind": kind, "failure": failure]
        record["reason"] = reason
        // Strings only: JSONSerialization cannot refuse this dictionary.
        guard let data = try? JSONSerialization.data(withJSONObject: record, options: [.sortedKeys]) else {
            return
        }
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
        }
        // The record is how `kiosk xctest` tells an expected failure from a real one. One that
        // cannot be written (a full disk, a path made unwritable) would turn an expected failure
        // into a reported one with no trace of why: say so on standard error, which is the test
        // log `kiosk xctest` shows.
        do {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.seekToEnd()
            try handle.write(contentsOf: data + Data("\n".utf8))
            try handle.close()
        } catch {
            FileHandle.standardError.write(
                Data("kiosk: cannot record the expected failure of \(test) in \(path): \(error)\n".utf8))
        }
    }
}
