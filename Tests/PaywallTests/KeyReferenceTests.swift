import Foundation
import Paywall
import TerminalUI
import Testing

/// docs/keys.md is the key maps, written out: it must list exactly what the keys do.
@Suite struct KeyReferenceTests {
    static let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/keys.md")

    @Test func docsKeysMatchesTheKeyMaps() throws {
        let written = try String(contentsOf: Self.document, encoding: .utf8)
        #expect(
            written == KeyMaps.reference(),
            "docs/keys.md is out of date: regenerate it with `.build/debug/kiosk help keys guide > docs/keys.md`"
        )
    }

    @Test func everyBindingIsListed() {
        let reference = KeyMaps.reference()
        for page in KeyMaps.all {
            #expect(reference.contains("## \(page.screen)"))
            for binding in page.rows {
                #expect(
                    reference.contains("| \(binding.description) |"), "\(page.screen): \(binding.description)"
                )
            }
        }
    }

    /// At 100 columns the Transaction Manager's hint line is cut, and still says how to see every key.
    @Test func aCutHintLineEndsWithTheWayToSeeAllKeys() {
        let line = KeyMaps.manager.helpLine(width: 100, keeping: .keys)
        #expect(DisplayWidth.of(line) <= 100)
        #expect(line.hasSuffix("? all keys"))
        #expect(KeyMaps.manager.action(for: .character("?")) == .keys)
        let wide = KeyMaps.manager.helpLine(width: .max, keeping: .keys)
        #expect(wide == KeyMaps.manager.helpLine())
    }
}
