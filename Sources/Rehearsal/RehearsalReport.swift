import Foundation
import StoreCommands
import TerminalUI

/// The results of a run, as people, CI systems (JUnit XML) and scripts (JSON) read them. The
/// JSON form holds no times, so the same files give the same bytes on every run; the text form's
/// summary gives the run time unless asked not to.
public struct RehearsalReport: Sendable {
    public var results: [RehearsalResult]

    public init(results: [RehearsalResult]) { self.results = results }

    public var passed: Int { results.filter(\.passed).count }
    public var failed: Int { results.count - passed }

    /// Wall time of every rehearsal together.
    public var duration: Duration { results.reduce(.zero) { $0 + $1.duration } }

    /// One line per rehearsal; each failure's line and expectation, then the screen at the first
    /// failure that has one; the summary, with the run time when `showingTime`.
    public func text(showingTime: Bool = true) -> String {
        var lines: [String] = []
        for result in results {
            if let stop = result.stoppedAt, result.failures.isEmpty {
                lines.append("STOPPED \(result.path) at \(stop.location), before: \(stop.text)")
                continue
            }
            guard let first = result.failure else {
                lines.append("PASS \(result.path) (\(result.steps) step\(result.steps == 1 ? "" : "s"))")
                continue
            }
            let count = result.failures.count
            lines.append("FAIL \(result.path)" + (count > 1 ? " (\(count) failures)" : ""))
            for failure in result.failures {
                lines.append("  \(failure.location): \(failure.message)")
                lines.append("  the line: \(failure.text)")
                if let screenshot = failure.screenshot { lines.append("  screenshot: \(screenshot)") }
            }
            if let shown = result.failures.first(where: { $0.screen != nil }), let screen = shown.screen {
                lines.append(shown == first ? "  screen at the failure:" : "  screen at \(shown.location):")
                lines += screen.split(separator: "\n", omittingEmptySubsequences: false).map { "  | " + $0 }
            }
        }
        let time = showingTime ? " in \(Self.format(Self.seconds(duration), digits: 1)) s" : ""
        lines.append("\(passed) passed, \(failed) failed\(time)")
        return lines.joined(separator: "\n")
    }

    /// JUnit XML: one test case per rehearsal, its failure's location and message.
    public func junit() -> String {
        let seconds = results.reduce(0.0) { $0 + Self.seconds($1.duration) }
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="kiosk rehearse" tests="\#(results.count)" failures="\#(failed)" time="\#(Self.format(seconds))">"#,
            #"  <testsuite name="rehearsals" tests="\#(results.count)" failures="\#(failed)" errors="0" time="\#(Self.format(seconds))">"#,
        ]
        for result in results {
            let open =
                #"    <testcase classname="rehearsals" name="\#(Markup.escapeXML(result.name))" file="\#(Markup.escapeXML(result.path))" time="\#(Self.format(Self.seconds(result.duration)))""#
            guard let failure = result.failure else {
                lines.append(open + "/>")
                continue
            }
            lines.append(open + ">")
            let details = result.failures.map { $0.location + ": " + $0.text + "\n" + $0.message }
            lines.append(
                #"      <failure message="\#(Markup.escapeXML(failure.message))" type="expectation">\#(Markup.escapeXML(details.joined(separator: "\n") + "\n" + (failure.screen ?? "")))</failure>"#
            )
            lines.append("    </testcase>")
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// JSON: every rehearsal with its result, and the totals.
    public func json() -> String {
        struct Entry: Encodable {
            var path: String
            var name: String
            var passed: Bool
            var steps: Int
            var failure: Failure?
            var failures: [Failure]
            var screenshots: [String]
        }
        struct Failure: Encodable {
            var file: String
            var line: Int
            var text: String
            var message: String
            var screen: String?

            init(_ failure: RehearsalFailure) {
                (file, line, text, message, screen) = (
                    failure.file, failure.line, failure.text, failure.message, failure.screen
                )
            }
        }
        struct Document: Encodable {
            var passed: Int
            var failed: Int
            var rehearsals: [Entry]
        }
        let document = Document(
            passed: passed, failed: failed,
            rehearsals: results.map { result in
                Entry(
                    path: result.path, name: result.name, passed: result.passed, steps: result.steps,
                    failure: result.failure.map(Failure.init),
                    failures: result.failures.map(Failure.init), screenshots: result.screenshots.map(\.name))
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Strings, integers and booleans only: JSONEncoder fails on nothing here (it refuses
        // only non-finite numbers), so the fallback is never reached.
        return (try? encoder.encode(document)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private static func format(_ seconds: Double, digits: Int = 3) -> String {
        String(format: "%.\(digits)f", seconds)
    }

}

extension RehearsalCoverage {
    /// Every `kiosk store` action by name.
    public static var allStoreActions: [String] { StoreAction.allCases.map(\.rawValue) }
}
