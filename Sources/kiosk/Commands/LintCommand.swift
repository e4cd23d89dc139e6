import Catalog
import CommandLineOptions
import Foundation
import Rehearsal
import SourceDiagnostics
import TerminalUI

/// `kiosk lint FILE...`: validates catalogs (`.storekit`), paywall copy (`.paywall.json`) and
/// themes, printing `file:line:col: error|warning: message`.
struct LintCommand: Command {
    static let name = "lint"
    static let summary = "Validate .storekit catalogs, paywall copy, themes and rehearsals."
    static let usage = "kiosk lint [--json] [--strict] [--review [--locale LOCALES]] FILE..."
    struct Options: ParsableOptions {
        @Flag(
            "json",
            help: "Print diagnostics as a JSON array of {file,line,column,severity,path,value,message}.")
        var json: Bool
        @Flag("strict", help: "Exit 1 on warnings too.") var strict: Bool
        @Flag(
            "review",
            help:
                "Render each catalog's paywall in every template, locale and customer state and check what App Review asks for."
        )
        var review: Bool
        @Option(
            "locale", value: "LOCALES",
            help:
                "With --review: only these locales, comma-separated (default: every locale the paywall speaks)."
        )
        var locale: String?
    }

    static let positionals = PositionalCompletion(first: .files, rest: .files)
    static let discussion = """
        EXIT STATUS:
          0  no errors (warnings are printed but allowed unless --strict)
          1  problems were found
          64 usage error
        """

    var files: [String]
    var json: Bool
    var strict: Bool
    var isReview: Bool
    /// `--locale ja,ar`: the locales `--review` renders; all when nil.
    var reviewLocales: [String]?

    init(_ arguments: Arguments<Options>) throws(UsageError) {
        guard !arguments.positionals.isEmpty else { throw UsageError("name at least one file to lint") }
        files = arguments.positionals
        json = arguments.options.json
        strict = arguments.options.strict
        isReview = arguments.options.review
        reviewLocales = arguments.options.locale.map { $0.split(separator: ",").map(String.init) }
        if reviewLocales != nil && !isReview { throw UsageError("--locale goes with --review") }
    }

    func run() async throws -> ExitCode {
        if isReview { return try await review() }
        var diagnostics: [Diagnostic] = []
        for file in files {
            diagnostics += Self.lint(file)
        }
        if json {
            Console.print(DiagnosticFormatter.json(diagnostics))
        } else if !diagnostics.isEmpty {
            Console.print(DiagnosticFormatter.text(diagnostics).trimmingCharacters(in: .newlines))
        }
        let failed = diagnostics.containsErrors || (strict && !diagnostics.isEmpty)
        if !json {
            let errors = diagnostics.errors.count
            let warnings = diagnostics.warnings.count
            Console.error(
                "\(files.count) file\(files.count == 1 ? "" : "s") checked: \(errors) error\(errors == 1 ? "" : "s"), "
                    + "\(warnings) warning\(warnings == 1 ? "" : "s")")
        }
        return failed ? .failure : .success
    }

    /// Diagnostics for one file; a file that cannot be read or is of an unknown kind is itself
    /// an error diagnostic, so one bad argument does not hide the others' results.
    static func lint(_ file: String) -> [Diagnostic] {
        let start = SourceLocation(file: file, line: 1, column: 1, offset: 0)
        do {
            if CatalogLinter.handles(path: file) { return try CatalogLinter.lint(path: file) }
            if file.hasSuffix(".rehearsal") { return LintFileKind.lintRehearsal(file) }
            if file.hasSuffix(".json") {
                guard let data = FileManager.default.contents(atPath: file) else {
                    return ThemeLinter.lint(path: file)  // names the unreadable file
                }
                let bytes = [UInt8](data)
                let (kind, reason) = LintFileKind.detect(path: file, bytes: bytes)
                var found: [Diagnostic]
                switch kind {
                case .theme:
                    found = ThemeLinter.lint(path: file, bundledThemes: BundledResources.themesDirectory.path)

                case .catalog: found = StoreKitConfiguration.decode(bytes, file: file).diagnostics
                case .paywallCopy: found = PaywallCopy.decode(bytes, file: file).diagnostics
                }
                // Say which kind was assumed when the name did not decide it and it matters:
                // always for a catalog or copy under a theme's name, for a theme only when it has errors.
                if let reason, kind != .theme || found.containsErrors {
                    found.append(kind.note(file: file, reason: reason))
                }
                return found
            }
            return [
                Diagnostic(
                    severity: .error, location: start, path: "", value: nil,
                    message:
                        "not a file kiosk lint knows: name a .storekit catalog, a .paywall.json, a theme .json or a .rehearsal"
                )
            ]
        } catch {
            return [Diagnostic(severity: .error, location: start, path: "", value: nil, message: "\(error)")]
        }
    }
}
