import SourceDiagnostics

/// A String Catalog (`.xcstrings`: the JSON file Xcode and translators' tools edit) read into
/// each key's text in each language, keeping where each text is written so that a problem
/// names its line, its key and its language.
///
/// Kiosk reads the subset its words need: one `stringUnit` (`state`, `value`) per language.
/// Plural and device `variations` and `substitutions` are reported, not read: the paywall keeps
/// its plural forms as separate keys (`dayOne`, `dayOther`) and fills named placeholders itself.
public struct StringCatalog: Sendable {
    /// One key's text in one language.
    public struct Translation: Sendable, Hashable {
        public var value: String
        /// Xcode's review state: `translated`, `needs_review`, `new`, `stale`.
        public var state: String
        /// Where the value is written (byte offset), for diagnostics.
        let offset: Int
    }

    /// The file as named in diagnostics.
    public let file: String
    /// The language the keys are written in first (`en`): what other languages must match.
    public let sourceLanguage: String
    /// Each key's translations by language: `translations["save"]?["de"]`.
    public let translations: [String: [String: Translation]]
    /// What the file holds that Kiosk cannot read (syntax, shapes, variations), each naming
    /// where it is; empty for a catalog read whole.
    public let diagnostics: [Diagnostic]
    /// Where each key and its `localizations` are written (byte offsets), for diagnostics.
    let keyOffsets: [String: Int]
    let localizationsOffsets: [String: Int]
    let lines: LineTable

    /// Reads a catalog from its bytes; what cannot be read is left out and reported in
    /// ``diagnostics``.
    public init(bytes: [UInt8], file: String) {
        var reader = Reader(bytes: bytes, file: file)
        reader.read()
        self.file = file
        sourceLanguage = reader.sourceLanguage
        translations = reader.translations
        diagnostics = reader.diagnostics
        keyOffsets = reader.keyOffsets
        localizationsOffsets = reader.localizationsOffsets
        lines = reader.lines
    }

    /// The text of `key` in `language`, nil when the catalog has none.
    public func value(_ key: String, language: String) -> String? { translations[key]?[language]?.value }

    /// Every language some key is translated into, the source language first, then by name.
    public var languages: [String] {
        let found = Set(translations.values.flatMap(\.keys))
        return [sourceLanguage] + found.subtracting([sourceLanguage]).sorted()
    }

    func location(ofOffset offset: Int) -> SourceLocation { lines.location(ofOffset: offset, file: file) }
}

/// Walks the JSON document once, collecting translations and what it cannot use.
private struct Reader {
    let file: String
    let lines: LineTable
    var document: JSONDocument?
    var sourceLanguage = ""
    var translations: [String: [String: StringCatalog.Translation]] = [:]
    var keyOffsets: [String: Int] = [:]
    var localizationsOffsets: [String: Int] = [:]
    var diagnostics: [Diagnostic] = []

    init(bytes: [UInt8], file: String) {
        self.file = file
        lines = LineTable(bytes: bytes)
        do {
            document = try JSONDocument(bytes: bytes)
        } catch {
            diagnostics.append(
                Diagnostic(
                    severity: .error, location: lines.location(ofOffset: error.offset, file: file), path: "",
                    value: error.found, message: "not valid JSON: \(error.message)"))
        }
    }

    mutating func read() {
        guard let document else { return }
        let root = document.root
        guard document.kind(of: root) == .object else {
            return report(root, "a String Catalog is a JSON object with sourceLanguage and strings")
        }
        if let node = document.member("sourceLanguage", of: root), let language = document.string(node) {
            sourceLanguage = language
        } else {
            report(root, "sourceLanguage is missing: name the language the keys are written in (\"en\")")
        }
        guard let strings = document.member("strings", of: root), document.kind(of: strings) == .object else {
            return report(root, "strings is missing: the catalog's keys and their translations go there")
        }
        for (keyNode, entry) in document.members(of: strings) {
            let key = document.string(keyNode) ?? ""
            guard keyOffsets[key] == nil else {
                report(keyNode, "the key \"\(key)\" is written twice: keep one entry")
                continue
            }
            keyOffsets[key] = document.offset(of: keyNode)
            readEntry(key, entry, in: document)
        }
    }

    private mutating func readEntry(_ key: String, _ entry: JSONDocument.Node, in document: JSONDocument) {
        guard document.kind(of: entry) == .object else {
            return report(entry, "a key's entry is an object with its localizations")
        }
        translations[key] = [:]
        // A key with no localizations is one nobody has translated yet (Xcode writes it so).
        guard let localizations = document.member("localizations", of: entry) else { return }
        localizationsOffsets[key] = document.offset(of: localizations)
        for (languageNode, localization) in document.members(of: localizations) {
            let language = document.string(languageNode) ?? ""
            if document.member("variations", of: localization) != nil
                || document.member("substitutions", of: localization) != nil
            {
                report(
                    localization,
                    "variations and substitutions are not read by Kiosk: give \"\(key)\" in \(language) one "
                        + "stringUnit (plural forms are keys of their own, such as dayOne and dayOther)")
                continue
            }
            guard let unit = document.member("stringUnit", of: localization),
                let valueNode = document.member("value", of: unit), let value = document.string(valueNode)
            else {
                report(localization, "\"\(key)\" in \(language) has no stringUnit with a string value")
                continue
            }
            let state = document.member("state", of: unit).flatMap { document.string($0) } ?? "translated"
            translations[key, default: [:]][language] = StringCatalog.Translation(
                value: value, state: state, offset: document.offset(of: valueNode))
        }
    }

    private mutating func report(_ node: JSONDocument.Node, _ message: String) {
        guard let document else { return }
        diagnostics.append(
            Diagnostic(
                severity: .error, location: lines.location(ofOffset: document.offset(of: node), file: file),
                path: document.path(to: node), value: nil, message: message))
    }
}
