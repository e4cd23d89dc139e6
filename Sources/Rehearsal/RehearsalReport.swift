import Foundation
import StoreCommands
import TerminalUI

/// The results of a run, as people, CI systems (JUnit XML) and scripts (JSON) read them. The
/// text and JSON forms hold no times, so the same files give the same bytes on every run.
public struct RehearsalReport: Sendable {
    public var results: [RehearsalResult]

    public init(results: [RehearsalResult]) { self.results = results }

    public var passed: Int { results.filter(\.passed).count }
    public var failed: Int { results.count - passed }

    /// One line per rehearsal; a failure's line and expectation, then the screen at that moment.
    public func text() -> String {
        var lines: [String] = []
        for result in results {
            guard let failure = result.failure else {
                lines.append("PASS \(result.path) (\(result.steps) step\(result.steps == 1 ? "" : "s"))")
                continue
            }
            lines.append("FAIL \(result.path)")
            lines.append("  \(failure.location): \(failure.message)")
            lines.append("  the line: \(failure.text)")
            if let screen = failure.screen {
                lines.append("  screen at the failure:")
                lines += screen.split(separator: "\n", omittingEmptySubsequences: false).map { "  | " + $0 }
            }
        }
        lines.append("\(passed) passed, \(failed) failed")
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
            lines.append(
                #"      <failure message="\#(Markup.escapeXML(failure.message))" type="expectation">\#(Markup.escapeXML(failure.location + ": " + failure.text + "\n" + failure.message + "\n" + (failure.screen ?? "")))</failure>"#
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
            var screenshots: [String]
        }
        struct Failure: Encodable {
            var file: String
            var line: Int
            var text: String
            var message: String
            var screen: String?
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
                    failure: result.failure.map {
                        Failure(
                            file: $0.file, line: $0.line, text: $0.text, message: $0.message,
                            screen: $0.screen)
                    }, screenshots: result.screenshots.map(\.name))
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(document)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    private static func format(_ seconds: Double) -> String { String(format: "%.3f", seconds) }

}

extension RehearsalCoverage {
    /// Every `kiosk store` action by name.
    public static var allStoreActions: [String] { StoreAction.allCases.map(\.rawValue) }
}
