import TestSupport
import Testing

@testable import TerminalUI

/// The width tables are shortcuts: they must say what the Unicode properties say, and the scalars
/// laid out one by one (`DisplayWidth.aloneWidth`) must each be a grapheme cluster of their own.
@Suite struct DisplayWidthTableTests {
    /// Every scalar the tables answer for, beside its width from its properties. The tables name
    /// blocks of the Basic Multilingual Plane only, so that plane is walked whole.
    @Test func tablesAgreeWithTheProperties() {
        var checked = 0
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value), let known = DisplayWidth.commonBlockWidth(value) else {
                continue
            }
            #expect(
                known == DisplayWidth.propertyWidth(scalar), "U+\(String(value, radix: 16, uppercase: true))")
            checked += 1
        }
        // CJK ideographs and Hangul syllables are most of them.
        #expect(checked > 30_000)
    }

    /// Texts made of such scalars, seeded: as many grapheme clusters as scalars, and the same
    /// width scalar by scalar as cluster by cluster.
    @Test func aloneScalarsAreClustersOfTheirOwn() {
        let alone = (UInt32(0)...0xFFFF).filter { DisplayWidth.aloneWidth($0) != nil }
            .compactMap(Unicode.Scalar.init)
        var generator = SplitMix64(seed: 39)
        for _ in 0..<3_000 {
            let scalars = (0..<Int.random(in: 1...8, using: &generator)).map { _ in
                alone.randomElement(using: &generator)!
            }
            let text = String(String.UnicodeScalarView(scalars))
            #expect(text.count == scalars.count, "\(scalars.map { String($0.value, radix: 16) })")
            let byCluster = text.reduce(0) { $0 + DisplayWidth.of($1) }
            #expect(DisplayWidth.of(text) == byCluster)
        }
    }

    /// A text with a scalar outside the tables is measured cluster by cluster: a ZWJ family is
    /// one emoji, "e" and a combining accent one column.
    @Test func otherTextsAreMeasuredByCluster() {
        #expect(DisplayWidth.of("👨‍👩‍👧 ok") == 5)
        #expect(DisplayWidth.of("cafe\u{301} ●") == 6)
        #expect(DisplayWidth.of("€9,99 ✓") == 7)
    }
}
