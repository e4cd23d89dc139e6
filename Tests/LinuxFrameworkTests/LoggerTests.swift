#if os(Linux)
    import Foundation
    import OSLog
    import Testing
    @testable import os

    /// OSLog's `Logger` as purchase code calls it: Apple's spellings compile, and a message reads
    /// as Xcode's console shows it, every value written out whatever its `privacy:`.
    @Suite struct LoggerTests {
        struct Failure: Error, CustomStringConvertible {
            var description: String { "the network is offline" }
        }

        @Test func messagesInterpolateEveryValueWithItsPrivacy() {
            let id: UInt64 = 42
            let message: OSLogMessage =
                "purchase \(id, privacy: .public) of \("com.example.pro", privacy: .private) failed: \(Failure())"
            #expect(message.text == "purchase 42 of com.example.pro failed: the network is offline")
            let masked: OSLogMessage = "token \("abc", privacy: .private(mask: .hash))"
            #expect(masked.text == "token abc")
        }

        @Test func everyLevelOfApplesLoggerWritesToStandardError() throws {
            let written = try capturingStandardError {
                let logger = Logger(subsystem: "com.example.app", category: "store")
                logger.debug("debug")
                logger.info("info \(1)")
                logger.notice("notice")
                logger.warning("warning")
                logger.error("error \(Failure(), privacy: .public)")
                logger.fault("fault")
                logger.critical("critical")
                logger.trace("trace")
                logger.log("log")
                logger.log(level: .error, "log at a level")
                Logger().info("the default logger")
            }
            // Standard error is the process's: tests running beside this one may write to it too,
            // so only this test's loggers' lines are counted.
            let lines = written.split(separator: "\n").map(String.init)
                .filter { $0.hasPrefix("[com.example.app:store] ") || $0 == "info: the default logger" }
            #expect(lines.count == 11)
            #expect(lines.first == "[com.example.app:store] debug: debug")
            #expect(lines.contains("[com.example.app:store] error: error the network is offline"))
            #expect(lines.last == "info: the default logger")
        }

    }
#endif
