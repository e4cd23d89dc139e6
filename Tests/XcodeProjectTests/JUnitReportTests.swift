import Testing

@testable import XcodeProject

@Suite struct JUnitReportTests {
    @Test func severalTargetsAreOneSuiteEach() {
        let report = JUnitReport(
            name: "Shop",
            targets: [
                .init(
                    name: "ShopTests",
                    results: [.init(className: "StoreTests", name: "testBuy", outcome: .passed)]),
                .init(
                    name: "ShopSwiftTests",
                    results: [
                        .init(
                            className: "EntitlementTests", name: "owned()", outcome: .failed,
                            failures: ["/p/E.swift:4: Expectation failed"], seconds: 0.5),
                        .init(className: "", name: "free()", outcome: .skipped(reason: "off")),
                    ]),
                .init(name: "BrokenTests", results: JUnitReport.buildFailure(["/p/B.swift:1:1: error: no"])),
            ])
        #expect(
            report.xml == """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuites name="Shop" tests="4" failures="2" skipped="1" time="0.500">
                  <testsuite name="ShopTests" tests="1" failures="0" skipped="0" time="0.000">
                    <testcase classname="ShopTests.StoreTests" name="testBuy" time="0.000"/>
                  </testsuite>
                  <testsuite name="ShopSwiftTests" tests="2" failures="1" skipped="1" time="0.500">
                    <testcase classname="ShopSwiftTests.EntitlementTests" name="owned()" time="0.500">
                      <failure message="/p/E.swift:4: Expectation failed">/p/E.swift:4: Expectation failed</failure>
                    </testcase>
                    <testcase classname="ShopSwiftTests" name="free()" time="0.000">
                      <skipped message="off"/>
                    </testcase>
                  </testsuite>
                  <testsuite name="BrokenTests" tests="1" failures="1" skipped="0" time="0.000">
                    <testcase classname="BrokenTests.build" name="compile" time="0.000">
                      <failure message="/p/B.swift:1:1: error: no">/p/B.swift:1:1: error: no</failure>
                    </testcase>
                  </testsuite>
                </testsuites>

                """)
    }

    @Test func oneTargetKeepsOneSuitePerClassAndAFreeFunctionsSuiteIsTheTarget() {
        let report = JUnitReport(
            name: "ShopSwiftTests",
            results: [
                .init(className: "EntitlementTests", name: "owned()", outcome: .passed),
                .init(className: "", name: "free()", outcome: .passed),
            ])
        #expect(report.xml.contains(#"<testsuite name="EntitlementTests" tests="1""#))
        #expect(report.xml.contains(#"<testsuite name="ShopSwiftTests" tests="1""#))
        #expect(report.xml.contains(#"<testcase classname="ShopSwiftTests" name="free()""#))
    }

    @Test func timingsSayEachPhaseThatRan() {
        #expect(
            XCTestTimings(kioskBuild: 212.43, projectBuild: 8.06, tests: 3.2).line
                == "kiosk xctest: compiled Kiosk's half in 212.4 s, the project's in 8.1 s; tests ran in 3.2 s"
        )
        #expect(XCTestTimings(kioskBuild: 1.0).line == "kiosk xctest: compiled Kiosk's half in 1.0 s")
        #expect(XCTestTimings().line == nil)
    }
}
