/// Terminal column width of text, independent of the C locale (unlike `wcwidth`).
///
/// A small table in the spirit of Rust's `unicode-width` and Go's `go-runewidth`:
/// - 0: controls, combining marks (Mn, Me), format characters (Cf: ZWJ U+200D, the U+200E/U+200F
///   direction marks, soft hyphen) and variation selectors (they are Mn);
/// - 2: East Asian Wide and Fullwidth, emoji presentation, and any cluster carrying VS16 (U+FE0F),
///   which modern terminals draw as a two-column emoji;
/// - 1: everything else. A grapheme cluster takes the width of its first scalar, so
///   `e` + U+0301 is 1 and a ZWJ family emoji is 2.
public enum DisplayWidth {
    /// The width of one grapheme cluster: 0, 1 or 2.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        var iterator = scalars.makeIterator()
        guard let first = iterator.next() else { return 0 }
        // One scalar (by far the most common) is that scalar's width; counting the scalars of
        // every character first cost more than the lookup.
        guard iterator.next() != nil else { return of(first) }
        if scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        return of(first)
    }

    /// The width of a single scalar: 0, 1 or 2.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value >= 0x20 && value < 0x7F { return 1 }
        return commonBlockWidth(value) ?? propertyWidth(scalar)
    }

    /// A scalar's width from its Unicode properties alone (what the tables above shortcut).
    static func propertyWidth(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value >= 0x20 && value < 0x7F { return 1 }
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if value < 0x1100 { return 1 }
        if scalar.properties.isEmojiPresentation { return 2 }
        for range in wide where range.contains(value) { return 2 }
        return 1
    }

    /// The width of scalars in blocks a paywall draws all the time, whose every code point has
    /// one width (no marks or format characters among them), without a Unicode property lookup;
    /// nil for anything else.
    static func commonBlockWidth(_ value: UInt32) -> Int? {
        switch value {
        case 0xA1...0xAC, 0xAE...0x2FF: 1  // Latin-1 and Latin Extended letters, signs (not U+00AD)
        case 0x5D0...0x5EA, 0x621...0x64A: 1  // Hebrew and Arabic letters
        case 0x60C, 0x660...0x66D: 1  // the Arabic comma, digits and separators
        case 0x2010...0x2027, 0x2030...0x205E: 1  // dashes, quotes, bullets, "…", "‹ ›"
        case 0x20A0...0x20C0: 1  // currency signs ("€", "₩")
        case 0x2100...0x214F, 0x2190...0x21FF, 0x2200...0x22FF: 1  // letterlike, arrows, maths
        case 0x2500...0x257F, 0x2580...0x259F: 1  // box drawing, block elements (bars)
        case 0x25A0...0x25FC: 1  // geometric shapes ("●", "○"; U+25FD-25FE are emoji)
        case 0x2713...0x2717: 1  // check and cross marks
        case 0x3000...0x3029, 0x3030...0x303E: 2  // CJK punctuation ("、", "「」"; not its tone marks)
        case 0x3041...0x3096, 0x309B...0x309F, 0x30A1...0x30FF: 2  // hiragana, katakana, "ー"
        case 0x4E00...0x9FFF, 0xAC00...0xD7A3: 2  // CJK ideographs, Hangul syllables
        case 0xFF01...0xFF60: 2  // fullwidth forms
        default: nil
        }
    }

    /// The width of a string: the sum of its grapheme clusters' widths.
    public static func of(_ string: some StringProtocol) -> Int {
        if isPrintableASCII(string) { return string.utf8.count }
        // Scalar by scalar while every scalar is a cluster of its own (a localized price, Hebrew,
        // Arabic or Japanese copy): breaking text into grapheme clusters cost more than the rest
        // of measuring it.
        var total = 0
        for scalar in string.unicodeScalars {
            guard let width = aloneWidth(scalar.value) else { return clusterWidth(string) }
            total += width
        }
        return total
    }

    private static func clusterWidth(_ string: some StringProtocol) -> Int {
        var total = 0
        for character in string { total += of(character) }
        return total
    }

    /// Whether every scalar of `text` is a grapheme cluster of its own (``aloneWidth(_:)``), so
    /// its scalars can be laid out one by one, without grapheme breaking.
    public static func isScalarPerCluster(_ text: some StringProtocol) -> Bool {
        text.unicodeScalars.allSatisfy { aloneWidth($0.value) != nil }
    }

    /// Whether `scalar` is a format character (general category Cf: direction marks, joiners,
    /// the soft hyphen), answered from the tables for the blocks they cover: a check of every
    /// scalar of Japanese or Arabic copy made the property lookup a review's hot spot.
    public static func isFormat(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x7F || commonBlockWidth(value) != nil { return false }
        return scalar.properties.generalCategory == .format
    }

    /// The width of a scalar that is always a grapheme cluster of its own, whatever its
    /// neighbours, when they are such scalars too: printable ASCII, the common blocks (none of
    /// them a mark, a joiner, a jamo or a prepended sign, so no rule of UAX #29 joins two of
    /// them), the no-break spaces and the direction marks and isolates (grapheme "Control":
    /// a break on both sides); nil for any other scalar.
    static func aloneWidth(_ value: UInt32) -> Int? {
        if value >= 0x20 && value < 0x7F { return 1 }
        switch value {
        case 0xA0, 0x202F: return 1
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return 0
        default: return commonBlockWidth(value)
        }
    }

    /// Whether `string` is printable ASCII only, the bulk of any frame: one column a byte, so
    /// writing, measuring and cutting it need no grapheme breaking or width lookup.
    public static func isPrintableASCII(_ string: some StringProtocol) -> Bool {
        string.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// East Asian Wide and Fullwidth blocks (Unicode 15 EastAsianWidth.txt, merged into ranges).
    private static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
        0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
        0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}
