import Testing

@testable import XcodeProject

/// What the compiler and XCTest print about the package's links, said with the project's paths.
@Suite struct LinkedPathsTests {
    let plan = XCTestPlan(
        projectFolder: "/p", packageFolder: "/p/.kiosk/xctest/AppTests",
        appModules: [
            .init(
                name: "App", swiftFiles: ["/p/App/Store.swift", "/shared/Money.swift"],
                settings: SwiftBuildSettings([:]))
        ],
        testModule: .init(
            name: "AppTests", swiftFiles: ["/p/AppTests/StoreTests.swift"], settings: SwiftBuildSettings([:])),
        storeKitConfigurations: ["/p/App/Products.storekit"], usesExpectFailure: false, notes: [])

    @Test func aCompilerErrorNamesTheProjectsFile() {
        let paths = LinkedPaths(plan: plan)
        #expect(
            paths.projectPaths(
                "/p/.kiosk/xctest/AppTests/Sources/App/App/Store.swift:7:20: error: cannot find 'x' in scope")
                == "/p/App/Store.swift:7:20: error: cannot find 'x' in scope")
        // A file from outside the project's folder is linked as external/Name.swift.
        #expect(
            paths.projectPaths("/p/.kiosk/xctest/AppTests/Sources/App/external/Money.swift:3:1: error: e")
                == "/shared/Money.swift:3:1: error: e")
        #expect(paths.projectPaths("Compiling App Store.swift") == "Compiling App Store.swift")
    }

    @Test func aFailedAssertionInTheResultsNamesTheProjectsFile() {
        let output = """
            Test Case 'StoreTests.testRefund' started at 2026-12-02 08:00:00.000
            /p/.kiosk/xctest/AppTests/Tests/AppTests/AppTests/StoreTests.swift:42: error: StoreTests.testRefund : XCTAssertEqual failed: ("1") is not equal to ("0")
            Test Case 'StoreTests.testRefund' failed (0.012 seconds)
            """
        let results = LinkedPaths(plan: plan).projectPaths(XCTestLog.results(from: output))
        #expect(results.map(\.outcome) == [.failed])
        #expect(
            results.first?.failures == [
                "/p/AppTests/StoreTests.swift:42: XCTAssertEqual failed: (\"1\") is not equal to (\"0\")"
            ])
    }
}
