import Foundation
import Paywall
import StoreCore
import TerminalUI
import Testing
import WireProtocol

/// The picture a paywall journals with each key: the frame's ANSI form, which reads back to the
/// same cells (so `kiosk report` draws it in its colours) and fits the wire's picture header.
@Suite struct JournalPictureTests {
    @Test(arguments: ["default", "high-contrast", "mono", "sunset"])
    func aRenderedFrameSurvivesTheANSIRoundTripAndFitsTheHeader(themeName: String) async throws {
        let store = try Fixtures.store()
        var driver = try await Driver(store: store, content: try Fixtures.content())
        driver.paywall.theme = try Fixtures.theme(themeName)
        await driver.press(.down)
        let buffer = driver.paywall.frame().buffer
        #expect(buffer.size == Size(columns: 100, rows: 30))
        let picture = ScreenExport(buffer).render(.ansi)
        #expect(ANSIScreen.buffer(from: picture) == buffer)
        let lines = buffer.plainText.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        #expect(ANSIScreen.plainText(of: picture) == lines.joined(separator: "\n"))
        // The picture travels as a base64 header capped at 14 KB: a 100x30 screen must fit.
        let context = JournalContext(
            session: "s", source: .paywall, screen: "subscriptions", picture: picture)
        #expect(context.headers[JournalContext.pictureHeader] != nil, "\(picture.utf8.count) bytes")
        #expect(picture.utf8.count < 9 * 1024, "\(picture.utf8.count) bytes of ANSI for 100x30")
    }
}
