/// Lays out text containing Arabic or Hebrew for a left-to-right terminal.
///
/// Terminals draw cells left to right and (almost all) do no bidirectional reordering, so a string
/// in logical order must be turned into visual order before it is written. This is a deliberate
/// simplification of the Unicode Bidirectional Algorithm (UAX #9), enough for single-line labels:
/// - the paragraph direction is that of the first strong character (P2–P3), or given explicitly;
/// - characters are Strong RTL (Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms),
///   numbers (ASCII and Arabic-Indic digits, with a single `.`/`,` between digits: W4), or neutral
///   (spaces, punctuation, symbols); anything else is strong LTR;
/// - numbers after an RTL letter stay a left-to-right run inside the RTL text (W2/W7 and I1–I2);
/// - neutrals between two runs of the same direction take it, otherwise the paragraph's (N1–N2);
/// - trailing whitespace takes the paragraph level (L1), runs are reversed from the highest
///   level down (L2) and brackets in RTL runs are mirrored (L4, for `()[]{}<>` only).
///
/// Not handled: explicit embeddings and isolates (U+202A–U+202E, U+2066–U+2069 are dropped as
/// zero-width), the AN/AL distinctions, ET/ES number signs, and Arabic shaping (the terminal's job).
/// Reordering works per line: wrap first, then call ``visualOrder(_:direction:)`` on each line.
public enum BidiText {
    /// A paragraph's base direction.
    public enum Direction: Hashable, Sendable {
        case leftToRight
        case rightToLeft
    }

    enum CharacterClass { case strongLTR, strongRTL, number, neutral }

    /// True when `text` contains any right-to-left letter, so callers can skip reordering.
    public static func containsRightToLeft(_ text: String) -> Bool {
        text.unicodeScalars.contains { isRightToLeft($0) }
    }

    /// The base direction of `text`: that of its first strong character, left-to-right when none.
    public static func baseDirection(of text: String) -> Direction {
        var inIsolate = false
        for character in text {
            // P2: characters inside an isolate do not decide the paragraph's direction.
            if isScalar(character, isolateStart) { inIsolate = true }
            if isScalar(character, isolateEnd) { inIsolate = false }
            if inIsolate { continue }
            switch classify(character) {
            case .strongRTL: return .rightToLeft
            case .strongLTR: return .leftToRight
            default: continue
            }
        }
        return .leftToRight
    }

    /// Left-to-right isolate (U+2066) and pop directional isolate (U+2069): text between them
    /// is one left-to-right unit that the text around it moves as a whole (UAX #9's isolates,
    /// for prices such as "79.99 US$" inside Arabic).
    public static let isolateStart: Character = "\u{2066}"
    public static let isolateEnd: Character = "\u{2069}"

    /// `text` as one left-to-right unit inside right-to-left text: isolated, its spaces
    /// unbreakable so a line is never wrapped inside it.
    public static func leftToRightIsolate(_ text: String) -> String {
        String(isolateStart) + String(text.map { $0 == " " ? "\u{00A0}" : $0 }) + String(isolateEnd)
    }

    /// `text` in visual (left-to-right display) order.
    /// - Parameter direction: the paragraph direction; nil detects it from the text.
    public static func visualOrder(_ text: String, direction: Direction? = nil) -> String {
        guard containsRightToLeft(text) else { return text }
        return reordered.value(for: OrderKey(text: TextKey(text), direction: direction)) {
            visualOrderUncached($0.text.text, direction: $0.direction)
        }
    }

    private struct OrderKey: Hashable, Sendable {
        var text: TextKey
        var direction: Direction?
    }

    /// Reordered texts (`TextMemo`): a right-to-left paywall reorders the same lines every frame.
    private static let reordered = TextMemo<OrderKey, String>()

    private static func visualOrderUncached(_ text: String, direction: Direction?) -> String {
        // Each isolate stands in as one neutral placeholder while the rest is reordered; an
        // isolate left open by a line break runs to the end of the line.
        var isolates: [String] = []
        var placeheld: [Character] = []
        var open: String?
        for character in text {
            if isScalar(character, isolateStart), open == nil {
                open = ""
            } else if isScalar(character, isolateEnd), let inner = open {
                placeheld.append(placeholder(isolates.count))
                isolates.append(inner)
                open = nil
            } else if open != nil {
                open?.append(character)
            } else if !isScalar(character, isolateEnd) {
                placeheld.append(character)
            }
        }
        if let inner = open {
            placeheld.append(placeholder(isolates.count))
            isolates.append(inner)
        }
        let ordered = reorder(placeheld, direction: direction ?? baseDirection(of: text))
        guard !isolates.isEmpty else { return ordered }
        var result = ""
        for character in ordered {
            if let index = placeholderIndex(character), index < isolates.count {
                result += isolates[index]
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// Whether `character` is the one-scalar `marker`: compared by code point, since `==` on
    /// `Character` normalises both sides and every character of a line is compared.
    private static func isScalar(_ character: Character, _ marker: Character) -> Bool {
        var scalars = character.unicodeScalars.makeIterator()
        return scalars.next() == marker.unicodeScalars.first && scalars.next() == nil
    }

    /// A private-use character standing for the isolate at `index` (neutral to the algorithm).
    private static func placeholder(_ index: Int) -> Character {
        Character(Unicode.Scalar(0xF0000 + UInt32(index)) ?? "\u{FFFD}")
    }

    private static func placeholderIndex(_ character: Character) -> Int? {
        guard let value = character.unicodeScalars.first?.value, (0xF0000...0xFFFFD).contains(value) else {
            return nil
        }
        return Int(value - 0xF0000)
    }

    private static func reorder(_ characters: [Character], direction base: Direction) -> String {
        let levels = resolveLevels(characters, base: base)
        var order = Array(characters.indices)
        let highest = levels.max() ?? 0
        var level = highest
        while level >= 1 {
            var start = 0
            while start < order.count {
                guard levels[order[start]] >= level else {
                    start += 1
                    continue
                }
                var end = start
                while end < order.count && levels[order[end]] >= level { end += 1 }
                order[start..<end].reverse()
                start = end
            }
            level -= 1
        }
        return String(order.map { levels[$0] % 2 == 1 ? mirrored(characters[$0]) : characters[$0] })
    }

    /// Embedding levels per character (even = LTR, odd = RTL), after steps W, N, I and L1.
    static func resolveLevels(_ characters: [Character], base: Direction) -> [Int] {
        var classes = characters.map(classify)
        // W4: a single separator between two digits joins the number ("1,000", "3.5").
        for index in classes.indices.dropFirst().dropLast()
        where classes[index] == .neutral && (characters[index] == "," || characters[index] == ".")
            && classes[index - 1] == .number && classes[index + 1] == .number
        {
            classes[index] = .number
        }
        // W7 and N1: each character's direction as seen by its neighbours; numbers in an RTL
        // context count as RTL for the neutrals around them.
        var lastStrong: CharacterClass = base == .rightToLeft ? .strongRTL : .strongLTR
        var numberInRTL = [Bool](repeating: false, count: characters.count)
        for index in classes.indices {
            switch classes[index] {
            case .strongLTR, .strongRTL: lastStrong = classes[index]
            case .number: numberInRTL[index] = lastStrong == .strongRTL
            case .neutral: break
            }
        }
        let baseIsRTL = base == .rightToLeft
        func isRTL(_ index: Int) -> Bool? {
            switch classes[index] {
            case .strongRTL: true
            case .strongLTR: false
            case .number: numberInRTL[index] ? true : false
            case .neutral: nil
            }
        }
        var rtl = [Bool](repeating: baseIsRTL, count: characters.count)
        var index = 0
        while index < characters.count {
            if let direction = isRTL(index) {
                rtl[index] = direction
                index += 1
                continue
            }
            var end = index
            while end < characters.count && isRTL(end) == nil { end += 1 }
            let before = index > 0 ? isRTL(index - 1) ?? baseIsRTL : baseIsRTL
            let after = end < characters.count ? isRTL(end) ?? baseIsRTL : baseIsRTL
            let resolved = before == after ? before : baseIsRTL
            for neutral in index..<end { rtl[neutral] = resolved }
            index = end
        }
        // I1–I2: RTL letters are odd; LTR text and numbers inside RTL sit one level above.
        let baseLevel = baseIsRTL ? 1 : 0
        var levels = characters.indices.map { index -> Int in
            if classes[index] == .number { return numberInRTL[index] || baseIsRTL ? 2 : 0 }
            if rtl[index] { return 1 }
            return baseIsRTL ? 2 : 0
        }
        // L1: trailing whitespace returns to the paragraph level.
        var trailing = characters.count - 1
        while trailing >= 0 && characters[trailing].isWhitespace {
            levels[trailing] = baseLevel
            trailing -= 1
        }
        return levels
    }

    static func classify(_ character: Character) -> CharacterClass {
        guard let scalar = character.unicodeScalars.first else { return .neutral }
        let value = scalar.value
        // ASCII without a property lookup: most of any line is.
        if value < 0x80 {
            if (0x30...0x39).contains(value) { return .number }
            if (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) { return .strongLTR }
            return .neutral
        }
        if isRightToLeft(scalar) { return .strongRTL }
        // Chinese, Japanese and Korean letters without a property lookup.
        if (0x3041...0x30FA).contains(value) || (0x4E00...0x9FFF).contains(value)
            || (0xAC00...0xD7A3).contains(value)
        {
            return .strongLTR
        }
        if (0x30...0x39).contains(value) || (0x660...0x669).contains(value) || (0x6F0...0x6F9).contains(value)
        {
            return .number
        }
        if scalar.properties.isAlphabetic { return .strongLTR }
        return .neutral
    }

    static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if (0x660...0x669).contains(value) || (0x6F0...0x6F9).contains(value) { return false }
        return (0x0590...0x08FF).contains(value) || (0xFB1D...0xFDFF).contains(value)
            || (0xFE70...0xFEFF).contains(value) || (0x10800...0x10FFF).contains(value)
            || (0x1E800...0x1EFFF).contains(value)
    }

    private static func mirrored(_ character: Character) -> Character {
        // Only single ASCII brackets mirror: answered from the byte, not by comparing Characters.
        guard character.utf8.count == 1, let byte = character.utf8.first else { return character }
        return switch byte {
        case UInt8(ascii: "("): ")"
        case UInt8(ascii: ")"): "("
        case UInt8(ascii: "["): "]"
        case UInt8(ascii: "]"): "["
        case UInt8(ascii: "{"): "}"
        case UInt8(ascii: "}"): "{"
        case UInt8(ascii: "<"): ">"
        case UInt8(ascii: ">"): "<"
        default: character
        }
    }
}
