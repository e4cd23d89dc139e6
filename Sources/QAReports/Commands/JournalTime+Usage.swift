import CommandLineOptions
import Foundation

extension JournalTime {
    /// `--since T` read for a command line: the library's reading, its refusal a usage error.
    public static func since(_ text: String, now: Date = Date()) throws(UsageError) -> Date {
        do {
            return try start(since: text, now: now)
        } catch {
            throw UsageError(error.description)
        }
    }
}
