import CommandLineOptions
import Foundation

/// `kiosk xctest`: runs an Xcode project's StoreKit tests on Linux, through a package it makes
/// from the project (docs/xctest.md). The work is XcodeProject's `XCTestSession`.
public struct XCTestCommand: Command {
    public static let name = "xctest"
    public static let summary = "Run an Xcode project's StoreKit tests on Linux, with a JUnit report."
    public static let usage =
        "kiosk xctest [PROJECT.xcodeproj | WORKSPACE.xcworkspace | Package.swift | FOLDER] [--scheme-or-target NAME] "
        + "[--test-plan NAME_OR_FILE] [--junit FILE] [--sources PATH]... [--module NAME=PATH]... [--packages DIR]... [--offline] "
        + "[--tests PATH]... [--configuration FILE] [--scratch-path DIR] [--generate-only]"
    public struct Options: ParsableOptions {
        @Option(
            "scheme-or-target", value: "NAME",
            help:
                "The scheme whose Test action to run (every unit-test testable), or the unit-test target (default: the only one)."
        )
        public var schemeOrTarget: String?
        @Option(
            "test-plan", value: "NAME_OR_FILE",
            help:
                "The scheme's test plan to run, by name, or an .xctestplan file (default: the scheme's default plan).",
            completion: .files)
        public var testPlan: String?
        @Option(
            "junit", value: "FILE", help: "Write a JUnit XML report of the run to FILE.", completion: .files)
        public var junit: String?
        @Option(
            "sources", value: "PATH",
            help: "App Swift files or folders, instead of the targets the tests import.",
            completion: .files)
        public var sources: [String]
        @Option(
            "module", value: "NAME=PATH",
            help:
                "A module of the app by name, from Swift files or a folder (repeatable; beside or instead of the project's).",
            completion: .files)
        public var module: [String]
        @Option(
            "packages", value: "DIR",
            help:
                "A folder of remote packages' checkouts (as xcodebuild's -clonedSourcePackagesDirPath), used before fetching.",
            completion: .files)
        public var packages: [String]
        @Option(
            "tests", value: "PATH", help: "Test Swift files or folders, instead of the test target's.",
            completion: .files)
        public var tests: [String]
        @Option(
            "configuration", value: "FILE",
            help: "The .storekit file, instead of the target's or the scheme's.",
            completion: .files)
        public var configuration: String?
        @Option(
            "scratch-path", value: "DIR",
            help:
                "The build folder (default: KIOSK_XCTEST_SCRATCH, else the package's .build); share one across runs.",
            completion: .files)
        public var scratchPath: String?
        @Flag("generate-only", help: "Write the package and stop, without building it.")
        public var generateOnly: Bool
        @Flag(
            "offline", help: "Do not fetch remote packages; use only --packages and checkouts already here.")
        public var offline: Bool

        public init() {}
    }

    public static let positionals = PositionalCompletion(first: .files)
    public static let discussion = """
        Reads the project (project.pbxproj, synchronized folders, shared schemes) or the workspace
        (contents.xcworkspacedata, its schemes, the project that holds the scheme's tests) and the
        scheme's test plan (.xctestplan: its targets, skipped tests, StoreKit configuration), finds the test
        target's Swift files and .storekit, the app targets its tests import and each target's
        SWIFT_VERSION and default actor isolation, and writes a package of links to those files in
        .kiosk/xctest/TARGET beside the project (kept out of git). The package depends on this
        Kiosk checkout (or KIOSK_HOME) for StoreKit, StoreKitTest and Combine. Then it builds Kiosk's
        half, then the project's (`swift build --build-tests`), runs `swift test` (XCTest and Swift
        Testing, skipping what the scheme or test plan skips) and says how long each took. A scheme
        with several unit-test testables runs each in a package of its own, in one JUnit report.

        Files that cannot compile on Linux (UIKit, AppKit, SwiftUI imports; XCTest API Linux lacks)
        stop the run before compiling, each named at its line with what to do. XCTExpectFailure is
        bridged with Xcode's meaning: such a failure is reported as an expected failure.

        EXIT STATUS:
          0  every test passed (or failed as expected, or was skipped)
          1  a test failed, or the test process crashed (of any target)
          2  a package did not compile
          64 usage error
          65 the project cannot be read or cannot compile on Linux (nothing was built)
          73 the package or the report could not be written
        """

    public var request: XCTestRequest
    /// `--test-plan`, which the request does not carry: the session passes it to the planner.
    public var testPlan: String?
    public var junit: String?
    public var scratchPath: String?
    public var generateOnly: Bool

    public init(_ arguments: Arguments<Options>) throws(UsageError) {
        guard arguments.positionals.count <= 1 else {
            throw UsageError("give one .xcodeproj, .xcworkspace, Package.swift or folder")
        }
        let options = arguments.options
        guard arguments.positionals.first != nil || !options.tests.isEmpty else {
            throw UsageError(
                "give the .xcodeproj, the .xcworkspace, the Package.swift or its folder, or the test files with --tests"
            )
        }
        var modules: [XCTestRequest.NamedModule] = []
        for given in options.module {
            let parts = given.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty,
                parts[0].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
                parts[0].first?.isNumber == false
            else {
                throw UsageError(
                    "--module \(given): give NAME=PATH, a Swift module name (letters, digits, _) and its files or folder"
                )
            }
            if let index = modules.firstIndex(where: { $0.name == parts[0] }) {
                modules[index].paths.append(parts[1])
            } else {
                modules.append(.init(name: parts[0], paths: [parts[1]]))
            }
        }
        request = XCTestRequest(
            projectPath: arguments.positionals.first, schemeOrTarget: options.schemeOrTarget,
            sources: options.sources, modules: modules,
            tests: options.tests, configuration: options.configuration)
        request.packageCheckouts =
            options.packages
            + (ProcessInfo.processInfo.environment["KIOSK_XCTEST_PACKAGES"].map { [$0] } ?? [])
        request.fetchesPackages = !options.offline
        testPlan = options.testPlan
        junit = options.junit
        scratchPath = options.scratchPath ?? ProcessInfo.processInfo.environment["KIOSK_XCTEST_SCRATCH"]
        generateOnly = options.generateOnly
    }

    public func run() async throws -> ExitCode {
        let session: XCTestSession
        do {
            session = XCTestSession(
                request: request, kioskPath: try KioskCheckout.locate(), scratchPath: scratchPath,
                junitPath: junit,
                generateOnly: generateOnly, testPlan: testPlan, echo: { Console.print($0) })
        } catch {
            throw CommandFailure("kiosk xctest: \(error)", exit: .noInput)
        }
        do {
            switch try session.run() {
            case .passed, .generated: return .success
            case .testsFailed: return .failure
            case .didNotCompile: return ExitCode(rawValue: 2)
            }
        } catch let error as XCTestPlanningError {
            throw CommandFailure(
                error.description.split(separator: "\n").map { "kiosk xctest: \($0)" }.joined(
                    separator: "\n"),
                exit: .dataError)
        } catch {
            throw CommandFailure("kiosk xctest: \(error)", exit: .cannotCreate)
        }
    }
}
