import Foundation

/// A JUnit XML report of a test run, the form GitHub Actions' and GitLab's test reports read.
/// Expected failures are `<skipped>` with the message `expected failure: <reason>` (JUnit has
/// no expected-failure state, and a CI must count them neither as passed nor as failed).
public struct JUnitReport: Sendable, Equatable {
    /// The report's name: the test target's.
    public var name: String
    public var results: [XCTestCaseResult]

    public init(name: String, results: [XCTestCaseResult]) {
        self.name = name
        self.results = results
    }

    /// A report of a build that failed: one failed case holding the compiler's errors.
    public static func buildFailure(name: String, errors: [String]) -> JUnitReport {
        JUnitReport(
            name: name,
            results: [
                XCTestCaseResult(className: "build", name: "compile", outcome: .failed, failures: errors)
            ])
    }

    public var xml: String {
        let classes = Dictionary(grouping: results, by: \.className)
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\(attribute(name)) tests=\"\(results.count)\" failures=\"\(count(of: results, failed: true))\" "
                + "skipped=\"\(count(of: results, failed: false))\" time=\"\(seconds(results))\">",
        ]
        for className in classes.keys.sorted() {
            let cases = classes[className] ?? []
            lines.append(
                "  <testsuite name=\(attribute(className)) tests=\"\(cases.count)\" failures=\"\(count(of: cases, failed: true))\" "
                    + "skipped=\"\(count(of: cases, failed: false))\" time=\"\(seconds(cases))\">")
            for result in cases {
                let open =
                    "    <testcase classname=\(attribute("\(name).\(className)")) name=\(attribute(result.name)) "
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
                        "      <system-out>" + escape(result.failures.joined(separator: "\n"))
                            + "</system-out>",
                        "    </testcase>",
                    ]
                }
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
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
