import SourceDiagnostics

extension StringCatalog {
    /// What keeps this catalog from giving every one of `keys` in every one of `languages`,
    /// each naming the key, the language and where to fix it: a key or a language missing, one
    /// nobody asked for (a misspelling), a translation not marked translated or empty, a named
    /// placeholder (`{price}`) the source language has and a translation lacks or the other way
    /// round, a printf placeholder (`%@`, `%lld`, `%1$@`), which nothing fills. Includes
    /// ``diagnostics``, what could not be read at all.
    public func problems(keys: [String], languages: [String]) -> [Diagnostic] {
        var problems = diagnostics
        let start = SourceLocation(file: file, line: 1, column: 1)
        if sourceLanguage != languages.first {
            problems.append(
                error(
                    at: start, path: "sourceLanguage", value: sourceLanguage,
                    "the source language must be \(languages.first ?? "given"): the words are written in it first"
                ))
        }
        let wanted = Set(keys)
        for key in keys where translations[key] == nil {
            problems.append(
                error(
                    at: start, path: "strings", value: nil,
                    "\"\(key)\" is missing: add the key with its text in \(languages.joined(separator: ", "))"
                ))
        }
        for key in translations.keys.sorted() where !wanted.contains(key) {
            problems.append(
                error(
                    at: location(ofOffset: keyOffsets[key] ?? 0), path: path(key), value: key,
                    Suggestion.appending(
                        to:
                            "\"\(key)\" is not a word the paywall draws: remove it or name it as the code does",
                        word: key, candidates: keys)))
        }
        for key in keys {
            guard let byLanguage = translations[key] else { continue }
            problems += self.problems(of: key, byLanguage, languages: languages)
        }
        return problems.sorted { $0.location < $1.location }
    }

    private func problems(of key: String, _ byLanguage: [String: Translation], languages: [String])
        -> [Diagnostic]
    {
        var problems: [Diagnostic] = []
        let entry = location(ofOffset: localizationsOffsets[key] ?? keyOffsets[key] ?? 0)
        let source = byLanguage[sourceLanguage].map { Set(Self.namedPlaceholders(in: $0.value)) }
        for language in languages where byLanguage[language] == nil {
            problems.append(
                error(
                    at: entry, path: path(key, language), value: nil,
                    "\"\(key)\" has no \(language) text: add a stringUnit for \(language)"))
        }
        for (language, translation) in byLanguage.sorted(by: { $0.key < $1.key }) {
            let at = location(ofOffset: translation.offset)
            let valuePath = path(key, language) + ".stringUnit.value"
            if !languages.contains(language) {
                problems.append(
                    error(
                        at: at, path: valuePath, value: translation.value,
                        Suggestion.appending(
                            to: "\(language) is not a language the paywall speaks: add it to "
                                + "PaywallStrings.supportedLanguages (docs/translations.md) or remove it",
                            word: language, candidates: languages)))
                continue
            }
            if translation.state != "translated" {
                problems.append(
                    error(
                        at: at, path: path(key, language) + ".stringUnit.state", value: translation.state,
                        "\"\(key)\" in \(language) is marked \(translation.state): review it and mark it translated"
                    ))
            }
            if translation.value.isEmpty {
                problems.append(
                    error(at: at, path: valuePath, value: "", "\"\(key)\" in \(language) is empty"))
            }
            if let printf = Self.printfPlaceholders(in: translation.value).first {
                problems.append(
                    error(
                        at: at, path: valuePath, value: translation.value,
                        "\"\(key)\" in \(language) has the printf placeholder \(printf), which the paywall does "
                            + "not fill: use the named placeholders of \(sourceLanguage), such as {price}"))
            }
            let named = Set(Self.namedPlaceholders(in: translation.value))
            if let source, language != sourceLanguage, named != source {
                let missing = source.subtracting(named).sorted().map { "{\($0)}" }
                let extra = named.subtracting(source).sorted().map { "{\($0)}" }
                let says = [
                    missing.isEmpty ? nil : "lacks \(missing.joined(separator: " "))",
                    extra.isEmpty
                        ? nil : "has \(extra.joined(separator: " ")), which \(sourceLanguage) does not",
                ].compactMap { $0 }.joined(separator: " and ")
                problems.append(
                    error(
                        at: at, path: valuePath, value: translation.value,
                        "\"\(key)\" in \(language) \(says): its placeholders must be those of \(sourceLanguage)"
                    ))
            }
        }
        return problems
    }

    /// The names of the `{name}` placeholders in `text`, in order (`["offer", "duration", "price"]`).
    public static func namedPlaceholders(in text: String) -> [String] {
        var names: [String] = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "{") {
            rest = rest[rest.index(after: open)...]
            guard let close = rest.firstIndex(of: "}") else { break }
            let name = rest[..<close]
            if let first = name.first, first.isLetter,
                name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
            {
                names.append(String(name))
                rest = rest[rest.index(after: close)...]
            }
        }
        return names
    }

    /// The printf-style placeholders Apple's tools write (`%@`, `%lld`, `%d`, `%1$@`, `%.2f`) in
    /// `text`. A percent sign in prose ("Save {n}%", "{n} % sparen") is not one.
    public static func printfPlaceholders(in text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        var found: [String] = []
        var index = 0
        while index < scalars.count {
            defer { index += 1 }
            guard scalars[index] == "%" else { continue }
            var end = index + 1
            // An argument position: %1$@.
            var digits = end
            while digits < scalars.count, ("0"..."9").contains(scalars[digits]) { digits += 1 }
            if digits > end, digits < scalars.count, scalars[digits] == "$" { end = digits + 1 }
            // A precision: %.2f.
            if end + 1 < scalars.count, scalars[end] == ".", ("0"..."9").contains(scalars[end + 1]) {
                end += 2
                while end < scalars.count, ("0"..."9").contains(scalars[end]) { end += 1 }
            }
            let tail = String(String.UnicodeScalarView(scalars[end...].prefix(3)))
            guard
                let conversion = ["lld", "llu", "ld", "lu", "@", "d", "i", "u", "f", "s"].first(where: {
                    tail.hasPrefix($0)
                })
            else { continue }
            found.append(String(String.UnicodeScalarView(scalars[index..<end])) + conversion)
            index = end + conversion.unicodeScalars.count - 1
        }
        return found
    }

    private func path(_ key: String, _ language: String? = nil) -> String {
        let entry = JSONDocument.appending(key, to: "strings")
        guard let language else { return entry }
        return JSONDocument.appending(language, to: entry + ".localizations")
    }

    private func error(at location: SourceLocation, path: String, value: String?, _ message: String)
        -> Diagnostic
    {
        Diagnostic(severity: .error, location: location, path: path, value: value, message: message)
    }
}
