import Foundation
import Paywall
import TestSupport
import Testing

/// `$KIOSK_LOG` is appended to, never written over (issue 37, item 7): the log used to seek to
/// the end once, when it opened, and write from offset 0 when that seek failed, so a second
/// paywall on the same log (or a log trimmed meanwhile) overwrote the lines already there.
@Suite struct PaywallLogTests {
    @Test func twoLogsOnOneFileKeepEachOthersLines() throws {
        let directory = try temporaryDirectory("kiosk-log")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("paywall.log").path
        try Data("before\n".utf8).write(to: URL(fileURLWithPath: path))
        let first = PaywallLog(path: path)
        let second = PaywallLog(path: path)
        first.write("first one")
        second.write("second one")
        first.write("first two")
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 4, "\(lines)")
        #expect(lines.first == "before")
        #expect(
            lines.dropFirst().map { $0.split(separator: " ", maxSplits: 1).last ?? "" } == [
                "first one", "second one", "first two",
            ])
    }

    @Test func aLogTrimmedWhileOpenIsWrittenFromItsNewEnd() throws {
        let directory = try temporaryDirectory("kiosk-log")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("paywall.log").path
        let log = PaywallLog(path: path)
        log.write("a long line that is trimmed away")
        try Data().write(to: URL(fileURLWithPath: path))
        log.write("after")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasSuffix(" after\n") && !text.contains("\0"), "\(text.debugDescription)")
    }
}
