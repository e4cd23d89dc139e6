import Foundation

/// A JUnit XML report of a test run, the form GitHub Actions' and GitLab's test reports read.
/// Expected failures are `<skipped>` with the message `expected failure: <reason>` (JUnit has
/// no expected-failure state, and a CI must count them neither as passed nor as failed).
public struct JUnitReport: Sendable, Equatable {
    /// One test target's results.
    public struct Target: Sendable, Equatable {
        public var name: String
        public var results: [XCTestCaseResult]

        public init(name: String, results: [XCTestCaseResult]) {
            self.name = name
            self.results = results
        }
    }

    /// The report's name: the test target's, or the scheme's for several targets.
    public var name: String
    /// The test targets, each run in a package of its own.
    public var targets: [Target]

    /// Every target's results, in order.
    public var results: [XCTestCaseResult] { targets.flatMap(\.results) }

    /// A report of one test target: one `<testsuite>` per test class.
    public init(name: String, results: [XCTestCaseResult]) {
        self.name = name
        self.targets = [Target(name: name, results: results)]
    }

    /// A report of several test targets (a scheme's testables): one `<testsuite>` per target,
    /// its cases' `classname` saying the class (`Target.Class`). One target is reported as
    /// `init(name:results:)` reports it.
    public init(name: String, targets: [Target]) {
        self.name = name
        self.targets = targets
    }

    /// A report of a build that failed: one failed case holding the compiler's errors.
    public static func buildFailure(name: String, errors: [String]) -> JUnitReport {
        JUnitReport(name: name, results: buildFailure(errors))
    }

    /// The one failed case that stands for a target whose package did not compile.
    public static func buildFailure(_ errors: [String]) -> [XCTestCaseResult] {
        [XCTestCaseResult(className: "build", name: "compile", outcome: .failed, failures: errors)]
    }

    public var xml: String {
        let all = results
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\(attribute(name)) tests=\"\(all.count)\" failures=\"\(count(of: all, failed: true))\" "
                + "skipped=\"\(count(of: all, failed: false))\" time=\"\(seconds(all))\">",
        ]
        if targets.count == 1 {
            let target = targets[0]
            let classes = Dictionary(grouping: target.results, by: \.className)
            for className in classes.keys.sorted() {
                // A Swift Testing function outside any suite has no class: its suite is the target.
                lines += suite(
                    className.isEmpty ? target.name : className, classes[className] ?? [], of: target.name)
            }
        } else {
            for target in targets { lines += suite(target.name, target.results, of: target.name) }
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// One `<testsuite>` of `cases` of the target `target`.
    private func suite(_ name: String, _ cases: [XCTestCaseResult], of target: String) -> [String] {
        var lines = [
            "  <testsuite name=\(attribute(name)) tests=\"\(cases.count)\" failures=\"\(count(of: cases, failed: true))\" "
                + "skipped=\"\(count(of: cases, failed: false))\" time=\"\(seconds(cases))\">"
        ]
        for result in cases {
            let classname = result.className.isEmpty ? target : "\(target).\(result.className)"
            let open =
                "    <testcase classname=\(attribute(classname)) name=\(attribute(result.name)) "
                + "time=\"\(format(result.seconds))\""
            switch result.outcome {
            case .passed:
                lines.append(open + "/>")
            case .failed:
                lines.append(open + ">")
                lines.append(
                    "      <failure message=\(attribute(result.failures.first ?? "failed"))>"
                        + escape(result.failures.joined(separator: "\n")) + "</failure>")
                lines.append("    </testcase>")
            case .skipped(let reason):
                lines += [open + ">", "      <skipped message=\(attribute(reason))/>", "    </testcase>"]
            case .expectedFailure(let reason):
                lines += [
                    open + ">", "      <skipped message=\(attribute("expected failure: \(reason)"))/>",
                    "      <system-out>" + escape(result.failures.joined(separator: "\n")) + "</system-out>",
                    "    </testcase>",
                ]
            }
        }
        lines.append("  </testsuite>")
        return lines
    }

    /// Failed cases (`failed: true`), or skipped and expected-failure ones.
    private func count(of cases: [XCTestCaseResult], failed: Bool) -> Int {
        cases.filter {
            switch $0.outcome {
            case .failed: failed
            case .skipped, .expectedFailure: !failed
            case .passed: false
            }
        }.count
    }

    private func seconds(_ cases: [XCTestCaseResult]) -> String {
        format(cases.reduce(0) { $0 + $1.seconds })
    }

    private func format(_ seconds: Double) -> String {
        let thousandths = Int((seconds * 1000).rounded())
        let fraction = String(thousandths % 1000)
        return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    private func attribute(_ text: String) -> String {
        "\"" + escape(text).replacingOccurrences(of: "\"", with: "&quot;") + "\""
    }

    private func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            // XML 1.0 cannot hold other control characters, even escaped.
            case "\n", "\t", "\r": escaped.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20: escaped += "?"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
