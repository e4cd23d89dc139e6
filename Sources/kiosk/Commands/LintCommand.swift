import Catalog
import CommandLineOptions
import Foundation
import Linting
import PaywallLaunch
import SourceDiagnostics

/// `kiosk lint FILE...`: validates catalogs (`.storekit`), paywall copy (`.paywall.json`),
/// themes, rehearsals and Xcode projects (what `kiosk xctest` would refuse), printing
/// `file:line:col: error|warning: message`.
struct LintCommand: Command {
    static let name = "lint"
    static let summary = "Validate .storekit catalogs, paywall copy, themes, rehearsals and Xcode projects."
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
            diagnostics += FileLinter.bundled.lint(file)
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
}

extension FileLinter {
    /// The checks against this Kiosk's bundled themes and catalogs (`BundledResources`).
    static var bundled: FileLinter {
        FileLinter(
            bundledThemes: BundledResources.themesDirectory.path,
            bundledCatalog: { BundledResources.catalog(named: $0)?.path },
            defaultCatalog: BundledResources.demoCatalog.path)
    }
}
