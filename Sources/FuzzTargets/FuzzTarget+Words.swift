import Foundation
import Rehearsal
import StoreCommands
import StoreCore

/// The targets for the words people type: a rehearsal file, and the CLI's `kiosk store`
/// arguments with their durations and counts (issue 22: `advance 8e23s` and
/// `expect notification ""` trapped).
extension FuzzTarget {
    /// Parses the bytes as a rehearsal file (includes resolve beside the working directory).
    static func parseRehearsal(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        guard case .success(let script) = RehearsalParser.parse(text: text, file: "fuzz.rehearsal") else {
            return false
        }
        return !script.steps.isEmpty
    }

    /// Each line is one `kiosk store` command line, split on spaces as a shell would: parsed
    /// into words, then into the operation or request they name, the steps a progress bar
    /// would cut it into, and each word read as a duration. True when any line named one.
    static func parseStoreWords(_ bytes: [UInt8]) -> Bool {
        var named = false
        // Bounded: a line per input is plenty to reach every parser, 64 keeps each run short.
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n").prefix(64) {
            let words = line.split(separator: " ").map(String.init)
            for word in words { _ = DurationText.seconds(word) }
            // A line refused with a usage error is an outcome, as for the shell; the next line goes on.
            guard let parsed = try? StoreWords.parse(words) else { continue }
            if let operation = try? parsed.operation() {  // not an operation: maybe a request
                named = true
                _ = StoreActionRunner.steps(for: operation)
            }
            if (try? parsed.request()) != nil { named = true }  // neither: a usage error, an outcome
        }
        return named
    }
}
