import Foundation
import Subprocess

#if canImport(Glibc)
    import Glibc
#endif

/// `kiosk-bench xctest`: what a developer waits for with `kiosk xctest` on the example project
/// (Examples/XcodeApp). The first run on an empty build folder (a fresh `--scratch-path`:
/// resolving and compiling the package, Kiosk's library half included, then the tests), and the
/// rerun after one test file is touched, beside `swift build` of a trivial package made in the
/// same run: cold, then after its one file is touched. That anchor is the toolchain's own floor
/// for "build something", so the ratio says what the xctest package costs above it.
///
/// The project is copied to a temporary folder first: touching a test file must not change the
/// checkout, and `.kiosk/` is written beside the copy. Each step stops at `budget` seconds.
enum XCTestBenchmark {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// Seconds one step may take: the first run compiles Kiosk's library half for the package,
    /// minutes on two cores; past this, something is wrong, not slow.
    static let budget: Double = 900

    static func run() throws -> [BenchmarkResult] {
        let scratch = NSTemporaryDirectory() + "kiosk-bench-xctest-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        // Tens of megabytes of build products in the temporary folder; left behind, harmless.
        defer { try? FileManager.default.removeItem(atPath: scratch) }

        let project = scratch + "/XcodeApp"
        try FileManager.default.copyItem(
            atPath: root.appendingPathComponent("Examples/XcodeApp").path, toPath: project)
        try? FileManager.default.removeItem(atPath: project + "/.kiosk")
        let xctest = [
            PaywallProcessBenchmark.binary, "xctest", project + "/XcodeApp.xcodeproj",
            "--scratch-path", scratch + "/xctest-build",
        ]
        let first = try timed(xctest, step: "kiosk xctest, first run", log: scratch + "/first.log")
        try touch(project + "/XcodeAppTests/PurchaseManagerTests.swift")
        let rerun = try timed(xctest, step: "kiosk xctest, rerun", log: scratch + "/rerun.log")

        let package = try trivialPackage(in: scratch + "/Empty")
        let build = [
            "swift", "build", "--package-path", package.folder, "--scratch-path", scratch + "/empty-build",
        ]
        let cold = try timed(build, step: "swift build of an empty package", log: scratch + "/empty.log")
        try touch(package.source)
        let warm = try timed(
            build, step: "swift build of an empty package, rebuild", log: scratch + "/empty.log")
        return [
            BenchmarkResult(
                name: "kiosk xctest Examples/XcodeApp, first run (empty build folder)", value: first,
                unit: "s", anchorName: "swift build of an empty package, cold", anchorValue: cold,
                higherIsBetter: false),
            BenchmarkResult(
                name: "kiosk xctest Examples/XcodeApp, rerun after touching one test file", value: rerun,
                unit: "s", anchorName: "swift build of the empty package after touching its file",
                anchorValue: warm, higherIsBetter: false),
        ]
    }

    /// A package of one library with one empty file, as `swift package init` would make it but
    /// without asking the network or the templates.
    static func trivialPackage(in folder: String) throws -> (folder: String, source: String) {
        let sources = folder + "/Sources/Empty"
        try FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
        try Data(
            """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(name: "Empty", targets: [.target(name: "Empty")])

            """.utf8
        ).write(to: URL(fileURLWithPath: folder + "/Package.swift"))
        let source = sources + "/Empty.swift"
        try Data("public let empty = 0\n".utf8).write(to: URL(fileURLWithPath: source))
        return (folder, source)
    }

    /// A later modification time than any build has seen, as an editor's save gives.
    static func touch(_ path: String) throws {
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(1)], ofItemAtPath: path)
    }

    /// Seconds `arguments` took to succeed; its output goes to `log`, whose end is shown when it
    /// fails or passes the budget.
    static func timed(_ arguments: [String], step: String, log: String) throws -> Double {
        // In a session of its own (setsid execs in place, so the pid leads the group): past the
        // budget the whole group is stopped, the `swift build` and compilers kiosk started too.
        let clock = ContinuousClock()
        let start = clock.now
        let pid = try Subprocess.spawn(["setsid"] + arguments, standardOutput: log, standardError: log)
        var status: Int32 = 0
        while true {
            let waited = waitpid(pid, &status, WNOHANG)
            if waited == pid { break }
            if waited == -1, errno != EINTR {
                throw BenchmarkFailure("\(step): cannot wait for it (errno \(errno))")
            }
            if CatalogBenchmark.seconds(clock.now - start) > budget {
                kill(-pid, SIGTERM)
                _ = Subprocess.wait(pid)
                throw BenchmarkFailure(
                    "\(step) passed its budget of \(Int(budget)) s and was stopped; its output ends:\n\(tail(log))"
                )
            }
            usleep(100_000)
        }
        let seconds = CatalogBenchmark.seconds(clock.now - start)
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
            throw BenchmarkFailure(
                "\(step) failed (\(arguments.joined(separator: " "))); its output ends:\n\(tail(log))")
        }
        return seconds
    }

    private static func tail(_ log: String) -> String {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n", omittingEmptySubsequences: false).suffix(20).joined(
            separator: "\n")
    }
}
