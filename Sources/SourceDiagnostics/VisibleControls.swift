/// Control characters made visible: text from outside (a catalog's names, an account's name,
/// paywall copy, a rehearsal's line) can hold terminal escape sequences that would recolour,
/// retitle or rewrite the terminal they are printed on, or characters XML forbids. Each C0
/// control (U+0000-U+001F), DEL and C1 control (U+007F-U+009F, CSI among them) is written
/// as `\u{1B}`, so a reader sees that it was there and which it was (issue 22).
public enum VisibleControls {
    /// `text` with every control character but those in `keeping` written out as `\u{XX}`.
    public static func visible(_ text: String, keeping: Set<Unicode.Scalar> = ["\n", "\t"]) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) && !keeping.contains($0) }) else {
            return text
        }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isControl(scalar) && !keeping.contains(scalar) {
                result.append(
                    contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// C0, DEL and C1 controls.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
