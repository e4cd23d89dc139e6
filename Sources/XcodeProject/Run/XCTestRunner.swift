import Foundation
import Subprocess

#if canImport(Glibc)
    import Glibc
#endif

/// Builds the generated package and runs its tests with `swift build` and `swift test`,
/// showing their output as it comes and keeping it in `<package>/logs/`, then reads the
/// results of both XCTest and Swift Testing. A shared scratch path makes a second run (or
/// another project's) incremental.
public struct XCTestRunner {
    /// What the run came to.
    public struct Outcome: Sendable {
        /// False when the package did not compile (the compiler's errors are in `compilerErrors`).
        public var compiled: Bool
        public var compilerErrors: [String]
        public var results: [XCTestCaseResult]
        /// `swift test`'s exit status (0 when it did not run).
        public var testStatus: Int32
        /// How long each phase took.
        public var timings: XCTestTimings

        /// Whether every test passed, was skipped or failed as expected, and the run finished.
        public var succeeded: Bool {
            guard compiled, !results.isEmpty, !results.contains(where: { $0.outcome == .failed }) else {
                return false
            }
            // Linux's XCTest counts an expected failure as a failure and exits 1; a crash is 128 + signal.
            let expectedFailures = results.contains {
                if case .expectedFailure = $0.outcome { true } else { false }
            }
            return testStatus == 0 || (testStatus == 1 && expectedFailures)
        }
    }

    public var packageFolder: String
    public var scratchPath: String
    /// The package's links and the project's files they stand for: compiler and XCTest lines,
    /// shown and in the results, name the project's own files, not the package's links.
    public var linkedPaths: LinkedPaths?
    /// The Xcode targets' resources, linked beside the test executable before the tests run.
    public var bundleResources: [String]
    /// The package's own modules (the project's): any other module compiled is Kiosk's half.
    public var packageModules: [String] = []
    /// `swift test --skip` patterns: the tests the scheme or test plan skips (`XCTestSelection`).
    public var skip: [String]
    /// `swift test --filter` patterns: when any, only the tests they match run.
    public var filter: [String]
    /// Where the tool's own output goes, line by line as it comes (standard output for the CLI).
    public var echo: @Sendable (String) -> Void

    public init(
        packageFolder: String, scratchPath: String, linkedPaths: LinkedPaths? = nil,
        bundleResources: [String] = [],
        skip: [String] = [], filter: [String] = [], echo: @escaping @Sendable (String) -> Void
    ) {
        self.bundleResources = bundleResources
        self.packageFolder = packageFolder
        self.scratchPath = scratchPath
        self.linkedPaths = linkedPaths
        self.skip = skip
        self.filter = filter
        self.echo = echo
    }

    public func run() throws(XcodeProjectError) -> Outcome {
        let logs = (packageFolder as NSString).appendingPathComponent("logs")
        let expectations = (logs as NSString).appendingPathComponent("expected-failures.jsonl")
        let events = (logs as NSString).appendingPathComponent("swift-testing.jsonl")
        do {
            try FileManager.default.createDirectory(atPath: logs, withIntermediateDirectories: true)
            for stale in [expectations, events] where FileManager.default.fileExists(atPath: stale) {
                try FileManager.default.removeItem(atPath: stale)
            }
        } catch {
            throw XcodeProjectError("cannot write the logs in \(logs): \(error)")
        }
        let common = ["--package-path", packageFolder, "--scratch-path", scratchPath]
        let buildLog = (logs as NSString).appendingPathComponent("build.log")
        // This run's commands append to it: the last run's log goes first.
        try? FileManager.default.removeItem(atPath: buildLog)
        var timings = XCTestTimings()
        // One `swift build --build-tests`, its lines timed as they come: Kiosk's half is done at
        // the last line that compiles one of Kiosk's modules (any module not the package's own),
        // the project's half is the rest. (Building Kiosk's targets first with `--target` was
        // tried: in a scratch path shared between packages, SwiftPM then built the previous
        // package's plan.)
        let clock = BuildClock(packageModules: packageModules)
        let start = Date()
        let buildStatus = try stream(
            ["swift", "build", "--build-tests"] + common, log: buildLog, observe: clock.observe)
        let end = Date()
        let kioskDone = clock.lastKioskLine ?? start
        timings.kioskBuild = kioskDone.timeIntervalSince(start)
        timings.projectBuild = end.timeIntervalSince(kioskDone)
        guard buildStatus == 0 else {
            let text = Self.text(buildLog)
            let errors = text.split(separator: "\n").map { projectPaths(String($0)) }.filter {
                $0.contains(": error: ")
            }
            return Outcome(
                compiled: false, compilerErrors: errors, results: [], testStatus: 0, timings: timings)
        }
        let products = (scratchPath as NSString).appendingPathComponent("debug")
        for refused in try BundleResources(folder: products, files: bundleResources).place() {
            echo(
                "kiosk xctest: note: the resource \(refused) is not beside the tests; Bundle(for:) will not find it"
            )
        }
        var environment = ProcessInfo.processInfo.environment
        environment["KIOSK_XCTEST_EXPECTED_FAILURES"] = expectations
        let testLog = (logs as NSString).appendingPathComponent("test.log")
        let testStart = Date()
        let status = try stream(
            ["swift", "test", "--skip-build"] + common + testArguments(events: events), log: testLog,
            environment: environment)
        timings.tests = Date().timeIntervalSince(testStart)
        let output = Self.text(testLog)
        // Read from the lines as XCTest wrote them, which the bridge's records quote, then mapped.
        let results =
            XCTestLog.results(from: output, expectations: ExpectedFailureRecord.read(path: expectations))
            + SwiftTestingLog.results(from: Self.text(events))
        let mapped = linkedPaths?.projectPaths(results) ?? results
        return Outcome(
            compiled: true, compilerErrors: [], results: mapped, testStatus: status, timings: timings)
    }

    /// `swift test`'s own arguments: Swift Testing's event stream (verified with Swift 6.3:
    /// version 0 is still behind the experimental flag), then the skips and filters.
    func testArguments(events: String) -> [String] {
        ["--event-stream-output-path", events, "--experimental-event-stream-version", "0"]
            + skip.flatMap { ["--skip", $0] } + filter.flatMap { ["--filter", $0] }
    }

    private static func text(_ path: String) -> String {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// Runs `arguments` with standard output and error into `log`, echoing the log's new lines
    /// while the child runs; returns its exit status.
    private func stream(
        _ arguments: [String], log: String, append: Bool = false, environment: [String: String]? = nil,
        observe: (String) -> Void = { _ in }
    ) throws(XcodeProjectError) -> Int32 {
        // One file for both streams, in the order they were written: the shell joins them (and
        // appends, for the build's several commands after the first).
        let existing =
            append ? (try? FileManager.default.attributesOfItem(atPath: log)[.size] as? Int) ?? nil : nil
        let joined =
            existing != nil
            ? ["/bin/sh", "-c", "exec \"$@\" >>\"$0\" 2>&1", log] + arguments
            : ["/bin/sh", "-c", "exec \"$0\" \"$@\" 2>&1"] + arguments
        let pid: pid_t
        do {
            // Appending, the shell opens the log; spawn's own output would truncate it.
            pid = try Subprocess.spawn(
                joined, standardOutput: existing == nil ? log : "/dev/null", environment: environment)
        } catch {
            throw XcodeProjectError("cannot run \(arguments.joined(separator: " ")): \(error)")
        }
        var shown = existing ?? 0
        var pending = ""
        var status: Int32 = 0
        var unreadable: (any Error)?
        while true {
            var raw: Int32 = 0
            let done = waitpid(pid, &raw, WNOHANG)
            if unreadable == nil {
                do {
                    shown = try echoNew(log, from: shown, pending: &pending, observe: observe)
                } catch {
                    unreadable = error
                }
            }
            if done == pid {
                let signal = raw & 0x7F
                status = signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
                break
            }
            if done == -1 && errno != EINTR { break }
            // Polls the child's log a few times a second: the child writes to a file, never to
            // a pipe that could fill while we wait.
            usleep(200_000)
        }
        if unreadable == nil {
            do {
                _ = try echoNew(log, from: shown, pending: &pending, observe: observe)
            } catch {
                unreadable = error
            }
        }
        if !pending.isEmpty { echo(projectPaths(pending)) }
        // A log that could not be read is lines neither shown nor counted: the run must not look
        // complete. The child has ended by now, so nothing is left running.
        if let unreadable {
            throw XcodeProjectError(
                "cannot read \(log), the output of \(arguments.joined(separator: " ")): \(unreadable)")
        }
        return status
    }

    private func projectPaths(_ text: String) -> String { linkedPaths?.projectPaths(text) ?? text }

    /// Echoes the complete lines written to `log` after byte `offset`; returns the new offset.
    /// - Throws: the file's error when it cannot be read (a seek that failed silently would read
    ///   it again from the start, and show every line twice).
    private func echoNew(
        _ log: String, from offset: Int, pending: inout String, observe: (String) -> Void
    ) throws -> Int {
        // Not there yet: the child's shell has not created it.
        guard let handle = FileHandle(forReadingAtPath: log) else { return offset }
        // Only read from: a close that fails loses nothing.
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(offset))
        let data = try handle.readToEnd() ?? Data()
        guard !data.isEmpty else { return offset }
        pending += String(decoding: data, as: UTF8.self)
        while let newline = pending.firstIndex(of: "\n") {
            observe(String(pending[..<newline]))
            echo(projectPaths(String(pending[..<newline])))
            pending = String(pending[pending.index(after: newline)...])
        }
        return offset + data.count
    }
}
