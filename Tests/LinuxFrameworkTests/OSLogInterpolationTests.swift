#if os(Linux)
    import Testing
    @testable import os

    /// `Logger` interpolations with Apple's `format:`, `align:` and `privacy:` arguments, as
    /// Apple's "Message Argument Formatters" page writes them.
    @Suite struct OSLogInterpolationTests {
        enum Tier { case gold }

        @Test func integersTakeTheirFormat() {
            let id: UInt32 = 0xBEEF
            let message: OSLogMessage =
                "\(id, format: .hex) \(id, format: .hex(includePrefix: true, uppercase: true)) \(8, format: .octal) \(7, format: .decimal(minDigits: 3)) \(5, format: .decimal(explicitPositiveSign: true)) \(-12)"
            #expect(message.text == "beef 0xBEEF 10 007 +5 -12")
        }

        @Test func floatingPointTakesItsFormat() {
            let price = 4.987
            let message: OSLogMessage =
                "\(price, format: .fixed(precision: 2)) \(price) \(Float(0.5), format: .fixed(precision: 1)) \(1234.5, format: .exponential(precision: 1)) \(0.25, format: .hybrid)"
            #expect(message.text == "4.99 4.987000 0.5 1.2e+03 0.25")
        }

        @Test func alignmentPadsToTheColumns() {
            let message: OSLogMessage = "[\("ab", align: .left(columns: 4))][\(7, align: .right(columns: 3))]"
            #expect(message.text == "[ab  ][  7]")
        }

        @Test func booleansPrivacyAndOtherValues() {
            let message: OSLogMessage =
                "\(true) \(false, format: .answer) \("token", privacy: .private(mask: .hash)) \(Tier.gold) \(String.self) \(1, privacy: .sensitive)"
            #expect(message.text == "true no token gold String 1")
        }

        @Test func signpostsCompileAndWithIntervalSignpostRunsItsTask() {
            let signposter = OSSignposter(subsystem: "com.example.app", category: .pointsOfInterest)
            let id = signposter.makeSignpostID()
            #expect(id != signposter.makeSignpostID())
            let state = signposter.beginInterval("purchase", id: id, "product \("pro")")
            #expect(state.signpostID == id)
            signposter.emitEvent("tapped")
            signposter.emitEvent("tapped", id: id, "again \(2)")
            signposter.endInterval("purchase", state)
            signposter.endInterval("purchase", OSSignpostIntervalState.beginState(id: id), "done")
            let result = signposter.withIntervalSignpost("load") { 42 }
            #expect(result == 42)
            #expect(OSSignposter().isEnabled && !OSSignposter.disabled.isEnabled)
            #expect(OSSignposter(logger: Logger(subsystem: "a", category: "b")).isEnabled)
            let log = OSLog(subsystem: "com.example.app", category: "signposts")
            let signpostID = OSSignpostID(log: log)
            os_signpost(.begin, log: log, name: "fetch", signpostID: signpostID)
            os_signpost(.event, log: log, name: "fetch", "%{public}s step %d", "one", 1)
            os_signpost(.end, log: log, name: "fetch", signpostID: signpostID)
            #expect(signpostID != .exclusive && signpostID != .invalid)
        }
    }
#endif
