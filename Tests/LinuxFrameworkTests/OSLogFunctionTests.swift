#if os(Linux)
    import Foundation
    import Testing
    import os

    /// `os_log` as code written before `Logger` calls it: printf-style messages whose privacy
    /// annotations are dropped and whose arguments (Swift strings too) are written out, and the
    /// `OSLogMessage` forms; `OSLog` objects, the default and the disabled one.
    @Suite(.serialized) struct OSLogFunctionTests {
        static let log = OSLog(subsystem: "com.example.oslog", category: "store")

        @Test func printfStyleMessagesRenderEachConversionWithoutItsPrivacyAnnotation() throws {
            let name = "Pro"
            let written = try capturingStandardError {
                os_log(
                    "bought %{public}@ (%{private}d) for %.2f, %s, %ld left, %@ %x %%", log: Self.log,
                    type: .info,
                    name, 3, 4.5, "monthly", 7, NSString(string: "ns"), 255)
                os_log(.error, log: Self.log, "failed: %{public}@", "offline" as NSString)
                os_log("plain %{BOOL}d %{bool}d %d", log: Self.log, true, false)
            }
            let lines = written.split(separator: "\n").map(String.init).filter {
                $0.hasPrefix("[com.example.oslog")
            }
            #expect(
                lines == [
                    "[com.example.oslog:store] info: bought Pro (3) for 4.50, monthly, 7 left, ns ff %",
                    "[com.example.oslog:store] error: failed: offline",
                    // The last %d has no argument: it stays as written.
                    "[com.example.oslog:store] default: plain YES false %d",
                ])
        }

        @Test func interpolatedFormsWriteToTheLogObjectOrTheDefaultLog() throws {
            let count = 2
            let written = try capturingStandardError {
                os_log(.fault, log: Self.log, "fault \(count, privacy: .public)")
                os_log("to the default log \(count)")
                os_log(.debug, log: .disabled, "never written")
                os_log("never written %d", log: .disabled, 1)
                Logger(OSLog.disabled).error("never written")
            }
            let lines = written.split(separator: "\n").map(String.init)
            #expect(lines.contains("[com.example.oslog:store] fault: fault 2"))
            #expect(lines.contains("default: to the default log 2"))
            #expect(!written.contains("never written"))
        }

        @Test func aLoggerMadeFromALogObjectWritesUnderItsSubsystemAndCategory() throws {
            let log = OSLog(subsystem: "com.example.points", category: .pointsOfInterest)
            let written = try capturingStandardError { Logger(log).notice("noticed") }
            #expect(written.contains("[com.example.points:PointsOfInterest] default: noticed"))
            #expect(OSLog.default.signpostsEnabled && !OSLog.disabled.signpostsEnabled)
            #expect(OSLog.disabled.isEnabled(type: .error) == false)
        }

        @Test func logTypesKeepApplesRawValues() {
            #expect(
                [OSLogType.default, .info, .debug, .error, .fault].map(\.rawValue) == [
                    0x00, 0x01, 0x02, 0x10, 0x11,
                ])
            #expect(OSLogType(0x10) == .error)
        }
    }
#endif
