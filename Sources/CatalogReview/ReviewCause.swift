import Catalog
import Foundation
import Paywall
import SourceDiagnostics

/// The App Review findings of `kiosk lint --review` grouped by what causes them: a missing
/// Terms of Use is one problem whatever the template, locale, state or size it shows in, and it
/// is fixed in one place of one file. Each cause is printed once, at that place.
public struct ReviewCause: Sendable {
    /// Where to change the catalog or its copy, when the fix is in a file.
    public var location: SourceLocation?
    /// What is wrong.
    public var problem: String
    /// What to change.
    public var fix: String
    public var findings: [ReviewFinding]

    /// `file:line:col: App Review: problem; fix (n screens: ...)`, as compilers print.
    public var line: String {
        func distinct(_ values: [String]) -> String {
            var seen: Set<String> = []
            return values.filter { seen.insert($0).inserted }.joined(separator: ", ")
        }
        let screens = findings.count
        let place = [
            "template " + distinct(findings.map(\.template.rawValue)),
            "locale " + distinct(findings.map(\.locale)),
            "state " + distinct(findings.map(\.state)), "size " + distinct(findings.map { "\($0.size)" }),
        ]
        let prefix = location.map { "\($0): " } ?? ""
        return "\(prefix)App Review: \(problem); \(fix) (\(screens) screen\(screens == 1 ? "" : "s"): "
            + place.joined(separator: "; ") + ")"
    }

    /// The causes of `findings` on the catalog at `path` (and its paywall copy), in the order
    /// their first finding came.
    public static func of(_ findings: [ReviewFinding], catalogAt path: String) -> [ReviewCause] {
        let places = SourcePlaces(catalogPath: path)
        var order: [String] = []
        var causes: [String: ReviewCause] = [:]
        for finding in findings {
            var cause = classify(finding, places)
            let key = "\(cause.location?.description ?? "")|\(cause.problem)"
            if causes[key] == nil {
                order.append(key)
                cause.findings = []
                causes[key] = cause
            }
            causes[key]?.findings.append(finding)
        }
        return order.compactMap { causes[$0] }
    }

    private static func classify(_ finding: ReviewFinding, _ places: SourcePlaces) -> ReviewCause {
        let message = finding.message
        let copy = PaywallCopy.sidecarPath(forCatalogAt: places.catalogPath)
        let copyName = URL(fileURLWithPath: copy).lastPathComponent
        if message == "Terms of Use link missing" {
            return ReviewCause(
                location: places.catalog(["appPolicies", "eula"]) ?? places.catalog(["appPolicies"])
                    ?? places.catalog([]),
                problem: "no Terms of Use to link to",
                fix: "add \"eula\" to \"appPolicies\" in the .storekit (Xcode: Edit App Policies), "
                    + "or \"termsOfService\" to \(copyName)", findings: [])
        }
        if message == "Privacy Policy link missing" {
            return ReviewCause(
                location: places.catalog(["appPolicies", "policies"]) ?? places.catalog(["appPolicies"])
                    ?? places.catalog([]),
                problem: "no Privacy Policy to link to",
                fix: "add a \"policies\" entry with \"policyURL\" to \"appPolicies\" in the .storekit, "
                    + "or \"privacyPolicy\" to \(copyName)", findings: [])
        }
        if message.hasPrefix("auto-renewal terms in ") {
            let locale = finding.locale
            return ReviewCause(
                location: places.copy(locale: locale, key: "renewalTerms"),
                problem:
                    "the renewal terms for \(locale) do not say it renews unless turned off 24 hours before the period ends",
                fix: "say so in \"renewalTerms\"", findings: [])
        }
        if message.hasPrefix("no auto-renewal terms") || message.hasPrefix("disclosures start") {
            return ReviewCause(
                location: places.copy(locale: finding.locale, key: "renewalTerms"),
                problem: generalised(message),
                fix:
                    "the disclosures do not fit beside the call to action at \(finding.size); shorten the copy "
                    + "(its features and renewalTerms) or review a larger terminal", findings: [])
        }
        return ReviewCause(
            location: places.copy(locale: nil, key: "template"),
            problem: generalised(message),
            fix:
                "the \(finding.template.rawValue) template draws it so; choose another \"template\" in \(copyName)",
            findings: [])
    }

    /// `message` without what differs from screen to screen (the price, the plan's words), so
    /// one layout problem is one cause.
    public static func generalised(_ message: String) -> String {
        var result = ""
        var quoted = false
        for character in message {
            if character == "'" {
                quoted.toggle()
                if quoted { result += "'…'" }
                continue
            }
            if !quoted { result.append(character) }
        }
        return result.replacingOccurrences(of: #"\d+ rows"#, with: "n rows", options: .regularExpression)
            .replacingOccurrences(
                of: #"billed amount \S+ "#, with: "billed amount ", options: .regularExpression)
    }
}

/// Positions in a catalog and its paywall copy, by key path, read once.
public struct SourcePlaces {
    public let catalogPath: String
    private let catalogDocument: JSONDocument?
    private let copyDocument: JSONDocument?

    public init(catalogPath: String) {
        self.catalogPath = catalogPath
        func read(_ path: String) -> JSONDocument? {
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            // A file that does not parse has no places to point at: its causes are printed
            // without one, and `kiosk lint` on the file itself reports why it does not parse.
            return try? JSONDocument(bytes: [UInt8](data))
        }
        catalogDocument = read(catalogPath)
        copyDocument = read(PaywallCopy.sidecarPath(forCatalogAt: catalogPath))
    }

    /// Where `keys` leads in the catalog (the root for none); nil when a key is missing.
    public func catalog(_ keys: [String]) -> SourceLocation? {
        catalogDocument.flatMap { Self.locate(keys, in: $0, file: catalogPath) }
    }

    /// Where `key` is in the copy's localization for `locale` (the top level for nil), or that
    /// localization when it lacks the key; nil without a copy.
    public func copy(locale: String?, key: String) -> SourceLocation? {
        guard let document = copyDocument else { return nil }
        let file = PaywallCopy.sidecarPath(forCatalogAt: catalogPath)
        guard let locale else {
            return Self.locate([key], in: document, file: file) ?? Self.locate([], in: document, file: file)
        }
        guard let localizations = document.member("localizations", of: document.root) else { return nil }
        let language =
            locale.split(whereSeparator: { $0 == "_" || $0 == "-" }).first.map(String.init) ?? locale
        let entry =
            document.member(locale, of: localizations)
            ?? document.members(of: localizations).first { member in
                document.string(member.key).map { $0 == language || $0.hasPrefix(language + "_") } ?? false
            }?.value
        guard let entry else { return document.location(of: localizations, file: file) }
        return document.member(key, of: entry).map { document.location(of: $0, file: file) }
            ?? document.location(of: entry, file: file)
    }

    private static func locate(_ keys: [String], in document: JSONDocument, file: String) -> SourceLocation? {
        var node = document.root
        for key in keys {
            guard let next = document.member(key, of: node) else { return nil }
            node = next
        }
        return document.location(of: node, file: file)
    }
}
