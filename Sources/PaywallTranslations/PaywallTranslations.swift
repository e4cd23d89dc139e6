import CPaywallStrings

/// The paywall's words in every language it speaks, as data: `PaywallStrings.xcstrings`, a
/// String Catalog beside this file (docs/translations.md: its rules, how to add a string or a
/// language).
///
/// The catalog is compiled into the binary (the `CPaywallStrings` target embeds its bytes with
/// C's `#embed`) rather than copied beside it: `Bundle.module` on Linux looks for a `.resources`
/// directory next to the executable and stops the process when there is none, and Kiosk is
/// installed by copying `kiosk` alone onto the PATH (README, Install). Embedded, the words are
/// there from any working directory, in debug and release builds and in an installed copy.
public enum PaywallTranslations {
    /// The catalog's path in the repository, as its diagnostics name it.
    public static let file = "Sources/PaywallTranslations/PaywallStrings.xcstrings"

    /// The catalog's bytes as they were when the binary was built.
    public static var embeddedBytes: [UInt8] {
        Array(UnsafeBufferPointer(start: kiosk_paywall_strings_bytes(), count: kiosk_paywall_strings_count()))
    }

    /// The catalog, read once, the first time a word is needed.
    public static let catalog = StringCatalog(bytes: embeddedBytes, file: file)
}
