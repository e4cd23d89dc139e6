// swift-tools-version:6.0
import PackageDescription

// Dependency rule (see docs/architecture.md): arrows point down only.
// kiosk -> Simulator -> Catalog, Signing, CSQLite -> StoreCore; Catalog, TerminalUI -> SourceDiagnostics;
// StoreServer, RemoteStore -> WireProtocol -> StoreCore (the pure domain holds no wire forms);
// only Signing imports COpenSSL, only the Simulator's Ledger imports CSQLite.
let package = Package(
    name: "Kiosk",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "kiosk", targets: ["kiosk"]),
        .executable(name: "kiosk-bench", targets: ["kiosk-bench"]),
        // The .storekit reader for other tools (docs/catalogs.md), with the types it returns.
        .library(name: "Catalog", targets: ["Catalog", "SourceDiagnostics", "StoreCore"]),
        // StoreKit 2's API for your own purchase code, and SKTestSession (docs/your-code.md).
        .library(name: "KioskStoreKit", targets: ["KioskStoreKit"]),
        .library(name: "KioskStoreKitTest", targets: ["KioskStoreKitTest"]),
    ],
    targets: [
        // System-library shims: a modulemap and a header, no sources.
        .systemLibrary(name: "CNCursesW", providers: [.apt(["libncursesw5-dev"])]),
        .systemLibrary(name: "COpenSSL", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),

        // Child processes with a clean signal mask, for benchmark anchors and tests.
        .target(name: "Subprocess"),
        // Pure domain: StoreKit 2 shaped types and the Store / StoreControl protocols.
        .target(name: "StoreCore"),
        // Leaf: the position-tracking JSON parser, diagnostics (file:line:col, path, value,
        // severity, what to do) and their rendering, "did you mean" suggestions. Every file
        // format Kiosk reads (catalogs, paywall copy, themes) reports through it.
        .target(name: "SourceDiagnostics"),
        // .storekit decoding (every version) and its diagnostics; paywall copy.
        .target(name: "Catalog", dependencies: ["StoreCore", "SourceDiagnostics"]),
        // The only importer of OpenSSL: local CA, ES256 JWS, verification, bearer JWTs.
        .target(name: "Signing", dependencies: ["StoreCore", "COpenSSL", "Descriptors"]),

        // The wire protocol's JSON forms (docs/openapi.yaml): signed values, errors, the routes of
        // the tester operations. Not part of the pure domain.
        .target(name: "WireProtocol", dependencies: ["StoreCore"]),

        // Leaf: the one owner of an open file descriptor (closes it exactly once, never under a
        // call that holds it). Every module that opens a descriptor keeps it in one.
        .target(name: "Descriptors"),
        // HTTP/1.1 server and small clients on POSIX sockets (keep-alive, limits, timeouts, SSE).
        .target(name: "HTTP", dependencies: ["Descriptors"]),

        // The StoreKit-2-style store: subscription engine on a virtual clock, Ledger on SQLite.
        .target(
            name: "Simulator",
            dependencies: ["StoreCore", "Catalog", "Signing", "HTTP", "CSQLite", "Descriptors"]),

        // Typed command-line options (`@Option`, `@Flag`, `@OptionGroup`), declared once per command,
        // and what is made from the declarations: usage errors, --help, a man page, bash/zsh/fish
        // completion scripts; the `Command` protocol, exit codes and the console commands write to.
        // Knows none of Kiosk's commands: each lives in the library that owns its behaviour.
        .target(name: "CommandLineOptions", dependencies: ["SourceDiagnostics"]),

        // Pure terminal UI: cells, buffer + diff, styles, colours, display width, widgets, themes.
        .target(name: "TerminalUI", dependencies: ["SourceDiagnostics"]),
        // The only importer of ncurses: draws a Buffer, reads keys, mouse and resizes.
        .target(name: "TerminalCurses", dependencies: ["TerminalUI", "CNCursesW"]),
        // Named starting states (docs/presets.md), built with the store's own vocabulary; the CLI
        // and the paywall's account menu apply them through Store/StoreControl.
        .target(name: "Presets", dependencies: ["StoreCore", "SourceDiagnostics"]),
        // The bytes of the paywall's String Catalog, compiled into the binary by C's `#embed` so an
        // installed `kiosk` needs no resource directory beside it (`.embedInCode` cost every first
        // build about 23 s of CPU type-checking a Swift array literal of the file).
        .target(name: "CPaywallStrings"),
        // The paywall's words in every language as data: a String Catalog (.xcstrings) and its checks.
        // The file stays here, where translators edit it; CPaywallStrings embeds it.
        .target(
            name: "PaywallTranslations", dependencies: ["CPaywallStrings", "SourceDiagnostics"],
            exclude: ["PaywallStrings.xcstrings"]),
        // The app: state, events, effects, update and the screens; speaks only Store/StoreControl.
        .target(
            name: "Paywall",
            dependencies: ["StoreCore", "TerminalUI", "Presets", "PaywallTranslations", "SourceDiagnostics"]),
        // The paywall's copy from a catalog: the one mapping the CLI and the tests share. Its own
        // module because Paywall must not read catalogs and Catalog must not know the screens.
        .target(name: "PaywallCatalog", dependencies: ["Paywall", "Catalog", "StoreCore"]),

        // The wire protocol over a SimulatedStore: store + control actions, update streams, auth.
        .target(
            name: "StoreServer", dependencies: ["WireProtocol", "HTTP", "Simulator", "Signing", "StoreCore"]),
        // Store + StoreControl over the wire protocol, verifying every JWS it receives.
        .target(name: "RemoteStore", dependencies: ["WireProtocol", "HTTP", "Signing", "StoreCore"]),
        // One store per state directory: where it is (XDG), its creation and health checks, the
        // owner's lock and Unix socket, clients, takeover. The CLI and KioskStoreKit open state here.
        .target(
            name: "SharedState",
            dependencies: [
                "Catalog", "CommandLineOptions", "Descriptors", "HTTP", "RemoteStore", "Signing", "Simulator",
                "StoreCore", "StoreServer",
            ]),

        // The words of `kiosk store` (one parser for the CLI and rehearsals), the runner that
        // carries them out and the printing of results.
        .target(
            name: "StoreCommands",
            dependencies: ["StoreCore", "SourceDiagnostics", "TerminalUI", "CommandLineOptions"]),
        // `.rehearsal` files: parse, run on a headless paywall and a store, check expectations, report.
        .target(
            name: "Rehearsal",
            dependencies: [
                "StoreCommands", "Paywall", "PaywallCatalog", "Catalog", "Simulator", "Signing", "StoreCore",
                "TerminalUI", "SourceDiagnostics", "HTTP", "TerminalCurses", "CommandLineOptions",
            ]),

        // What a QA session's journal says, for people: the journal's table and JSON Lines, save
        // point listings, and the QA report (HTML and Markdown) with payloads, notifications,
        // screens, subscription timelines and where the store ended.
        .target(
            name: "QAReports",
            dependencies: [
                "CommandLineOptions", "Paywall", "Presets", "SharedState", "Signing", "Simulator",
                "SourceDiagnostics", "StoreCore", "TerminalUI",
            ]),

        // What `kiosk lint` checks in a file: its kind (by name, else by its keys) and its
        // parser's diagnostics; a rehearsal's product IDs against the catalog it runs on; a catalog's
        // subscription offer key as the store reads it (Signing).
        .target(
            name: "Linting",
            dependencies: [
                "Catalog", "Rehearsal", "Signing", "SourceDiagnostics", "StoreCore", "TerminalUI",
                "XcodeProject",
            ]),
        // App Review checks over a catalog's paywall on fresh in-memory stores, and their findings
        // grouped by cause at the place in the catalog or its copy where each is fixed.
        .target(
            name: "CatalogReview",
            dependencies: [
                "Catalog", "Paywall", "PaywallCatalog", "Signing", "Simulator", "SourceDiagnostics",
                "TerminalUI",
            ]),
        // What `kiosk` runs the paywall on: the store a command opened (`OpenedStore`) from the
        // store options every such command shares (`StoreOptions`: catalog, state, account, server),
        // one still opening in the background while the loading screen paints, live reload of its
        // files, the bundled catalogs and themes, and the paywall's and presets' commands.
        .target(
            name: "PaywallLaunch",
            dependencies: [
                "Catalog", "CommandLineOptions", "Paywall", "PaywallCatalog", "PaywallShots", "Presets",
                "RemoteStore", "SharedState", "Signing", "Simulator", "SourceDiagnostics", "StoreCommands",
                "StoreCore", "StoreServer", "TerminalCurses", "TerminalUI",
            ]),
        // Pictures of the paywall: scenes reached by real keys on a fresh store (`kiosk shot`),
        // PNG through rsvg-convert, and the gallery's matrix and page (`kiosk gallery`).
        .target(
            name: "PaywallShots",
            dependencies: [
                "Catalog", "CatalogReview", "Paywall", "PaywallCatalog", "Signing", "Simulator", "StoreCore",
                "Subprocess", "TerminalUI", "HTTP",
            ]),

        // Your own StoreKit 2 code against Kiosk (docs/your-code.md): StoreKit's public API over
        // Store/StoreControl, and SKTestSession. No terminal layer, so an app's package stays small.
        .target(
            name: "KioskStoreKit",
            dependencies: [
                "StoreCore", "Catalog", "Signing", "Simulator", "SharedState", "RemoteStore",
                "PaywallTranslations",
            ]),
        .target(
            name: "KioskStoreKitTest",
            dependencies: ["KioskStoreKit", "StoreCore", "Catalog", "Signing", "Simulator", "Presets"]),
        // On Linux, StoreKit by its own name (issue 28): `import StoreKit` and `StoreKit.Transaction`
        // compile unchanged. Not offered on Apple platforms, where Apple's frameworks win.
        // `import StoreKit` brings Foundation and Combine's ObservableObject and @Published too,
        // as on Apple platforms; `import StoreKitTest` brings StoreKit (issue 33).
        .target(
            name: "StoreKit",
            dependencies: ["KioskStoreKit", .target(name: "Combine", condition: .when(platforms: [.linux]))],
            path: "Sources/StoreKitLinux"),
        .target(
            name: "StoreKitTest", dependencies: ["KioskStoreKitTest", "StoreKit"],
            path: "Sources/StoreKitTestLinux"),
        // On Linux, the subset of Combine purchase managers use (ObservableObject, @Published,
        // the subjects, the common operators, DispatchQueue and RunLoop as schedulers), by
        // Combine's own name: no Kiosk dependency.
        .target(name: "Combine", path: "Sources/CombineLinux"),
        // On Linux, Apple's `os` module's logging API as purchase code calls it (`Logger`,
        // `os_log`, `OSLog`), to standard error, and its signposts as no-ops (issue 47).
        .target(name: "os", dependencies: ["OSSubmodules"], path: "Sources/osLinux"),
        // The C module `os` with the submodules `import os.log` and `import os.signpost` name;
        // Kiosk's Swift `os` is its overlay, and SwiftPM hands its map to every module that
        // depends on os (the test discovery module too).
        .target(name: "OSSubmodules", path: "Sources/OSSubmodulesLinux"),
        // On Linux, Foundation's `String(localized:)` and `String.LocalizationValue`, which
        // Linux's Foundation lacks; `kiosk xctest` imports it where purchase code uses them.
        .target(name: "FoundationLocalization", path: "Sources/FoundationLocalizationLinux"),
        // On Linux, OSLog by its name: it re-exports `os`, as Apple's does.
        .target(name: "OSLog", dependencies: ["os"], path: "Sources/OSLogLinux"),
        // On Linux, what a purchase manager imports SwiftUI for and nothing with views:
        // Foundation, Combine's ObservableObject and @Published, Observation's @Observable.
        .target(name: "SwiftUI", dependencies: ["Combine"], path: "Sources/SwiftUILinux"),
        // Compile-only: one call per declaration of Apple's StoreKit pages, written as an app
        // writes it (docs/your-code.md, "Symbol table"). Nothing runs it; Tests/Shell/
        // storekit-conformance-probes.sh builds it in both language modes (KIOSK_PROBES_SWIFT5=1
        // for the Swift 5 pass) and checks the symbol table against it.
        .target(
            name: "StoreKitConformanceProbes",
            dependencies: [.target(name: "StoreKit", condition: .when(platforms: [.linux]))],
            path: "Tests/StoreKitConformanceProbes",
            swiftSettings: Context.environment["KIOSK_PROBES_SWIFT5"] != nil
                ? [.swiftLanguageMode(.v5), .define("KIOSK_PROBES_SWIFT5")] : []),
        // Xcode's XCTExpectFailure for Linux's XCTest, for the packages `kiosk xctest` makes (issue 35).
        .target(name: "KioskXCTestBridge", path: "Sources/XCTestBridge"),
        // Xcode projects read for `kiosk xctest`: project.pbxproj (old-style plist), targets, groups,
        // synchronized folders, schemes; what Linux cannot compile; the package made from them and
        // its run's results as JUnit.
        .target(
            name: "XcodeProject", dependencies: ["CommandLineOptions", "SourceDiagnostics", "Subprocess"]),
        .testTarget(
            name: "XcodeProjectTests",
            dependencies: ["XcodeProject", "SourceDiagnostics", "Subprocess", "TestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "KioskStoreKitTests",
            dependencies: [
                "KioskStoreKit", "KioskStoreKitTest", "Simulator", "TestSupport",
                .target(name: "StoreKit", condition: .when(platforms: [.linux])),
                .target(name: "StoreKitTest", condition: .when(platforms: [.linux])),
                .target(name: "Combine", condition: .when(platforms: [.linux])),
            ],
            resources: [.copy("Fixtures")]),
        // Apple's way (issue 33): a test file written only from Apple's StoreKitTest documentation,
        // `import StoreKitTest` and `import XCTest` alone. Swift 6 here; KIOSK_APPLE_WAY_SWIFT5=1
        // builds it in the Swift 5 language mode (Tests/Shell/apple-way-swift5.sh).
        .testTarget(
            name: "AppleWayTests",
            dependencies: [.target(name: "StoreKitTest", condition: .when(platforms: [.linux]))],
            resources: [.copy("Products.storekit")],
            swiftSettings: Context.environment["KIOSK_APPLE_WAY_SWIFT5"] != nil
                ? [.swiftLanguageMode(.v5)] : []),
        .testTarget(
            name: "LinuxFrameworkTests",
            dependencies: [
                .target(name: "Combine", condition: .when(platforms: [.linux])),
                .target(name: "os", condition: .when(platforms: [.linux])),
                .target(name: "OSLog", condition: .when(platforms: [.linux])),
                .target(name: "SwiftUI", condition: .when(platforms: [.linux])),
                .target(name: "FoundationLocalization", condition: .when(platforms: [.linux])),
            ]),

        .executableTarget(
            name: "kiosk",
            dependencies: [
                "StoreCore", "Catalog", "Signing", "Simulator", "TerminalUI", "Paywall", "SourceDiagnostics",
                "HTTP", "StoreServer", "SharedState", "StoreCommands", "Rehearsal", "QAReports", "Linting",
                "CatalogReview", "PaywallShots", "PaywallLaunch", "CommandLineOptions", "XcodeProject",
            ]),
        // A storm of purchases and renewals that the crash test kills at random moments.
        .executableTarget(
            name: "kiosk-storm",
            dependencies: ["Catalog", "Signing", "Simulator", "StoreCore", "SharedState", "RemoteStore"]),
        .executableTarget(
            name: "kiosk-bench",
            dependencies: [
                "StoreCore", "Catalog", "Signing", "Simulator", "Subprocess", "TerminalUI", "Paywall", "HTTP",
                "SourceDiagnostics", "Rehearsal", "KioskStoreKit", "KioskStoreKitTest", "StoreServer",
                "CatalogReview", "PaywallCatalog", "Descriptors",
            ]),

        .testTarget(name: "HTTPTests", dependencies: ["HTTP", "Descriptors", "TestSupport"]),
        // The golden-file assertion the snapshot tests share (tests only).
        .target(name: "SnapshotSupport", path: "Tests/SnapshotSupport"),
        // Waits with a deadline that fail naming what they waited for (tests only).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "TestSupportTests", dependencies: ["TestSupport"]),

        .testTarget(name: "StoreCoreTests", dependencies: ["WireProtocol", "StoreCore"]),
        .testTarget(name: "SourceDiagnosticsTests", dependencies: ["SourceDiagnostics"]),
        .testTarget(name: "CatalogTests", dependencies: ["Catalog", "SourceDiagnostics", "StoreCore"]),
        .testTarget(name: "SigningTests", dependencies: ["Signing", "StoreCore", "Subprocess"]),
        .testTarget(
            name: "SimulatorTests",
            dependencies: ["Simulator", "StoreCore", "Signing", "TestSupport"]),
        .testTarget(
            name: "CrashTests",
            dependencies: [
                "kiosk-storm", "Catalog", "Signing", "Simulator", "StoreCore", "Subprocess", "TestSupport",
            ]),
        .testTarget(
            name: "ConformanceTests",
            dependencies: [
                "Simulator", "StoreCore", "StoreServer", "RemoteStore", "HTTP", "Signing", "Catalog",
                "TestSupport",
            ]),
        .testTarget(
            name: "StoreServerTests",
            dependencies: [
                "WireProtocol",
                "StoreServer", "RemoteStore", "HTTP", "Simulator", "Signing", "Catalog", "StoreCore",
                "Subprocess", "TestSupport",
            ]),
        .testTarget(
            name: "CLITests",
            dependencies: [
                "kiosk", "CommandLineOptions", "HTTP", "Presets", "SourceDiagnostics", "StoreCommands",
                "Subprocess", "Linting", "PaywallShots", "SharedState", "PaywallLaunch", "StoreCore",
                "Catalog",
                "TestSupport",
            ]),
        .testTarget(name: "CommandLineOptionsTests", dependencies: ["CommandLineOptions"]),
        .testTarget(
            name: "RehearsalTests",
            dependencies: [
                "kiosk", "Rehearsal", "StoreCommands", "Simulator", "Paywall", "StoreCore",
                "SourceDiagnostics", "Catalog", "Signing", "StoreServer", "HTTP", "TerminalUI",
            ]),
        .testTarget(
            name: "PresetsTests", dependencies: ["Presets", "Simulator", "Catalog", "Signing", "StoreCore"]),
        .testTarget(
            name: "SharedStateTests",
            dependencies: [
                "kiosk", "kiosk-storm", "SharedState", "Simulator", "Catalog", "Signing", "StoreCore",
                "Subprocess",
                "StoreServer", "RemoteStore", "HTTP", "Paywall", "TestSupport", "PaywallLaunch",
            ]),
        .testTarget(
            name: "TerminalUITests",
            dependencies: ["TerminalUI", "SourceDiagnostics", "SnapshotSupport", "TestSupport"],
            exclude: ["__Snapshots__"]),
        .testTarget(
            name: "PaywallTranslationsTests", dependencies: ["PaywallTranslations", "SourceDiagnostics"]),
        .testTarget(
            name: "PaywallTests",
            dependencies: [
                "Paywall", "PaywallTranslations", "PaywallCatalog", "StoreCore", "TerminalUI",
                "TerminalCurses", "Simulator", "Catalog", "SourceDiagnostics",
                "Signing", "SnapshotSupport", "WireProtocol",
                "Subprocess", "TestSupport",
            ],
            exclude: ["__Snapshots__"]),
        .testTarget(
            name: "QAReportsTests",
            dependencies: [
                "QAReports", "Simulator", "Signing", "Catalog", "Paywall", "StoreCore", "TerminalUI",
                "SourceDiagnostics", "TestSupport", "Subprocess",
            ]),
        .testTarget(
            name: "LintingTests", dependencies: ["Linting", "Signing", "SourceDiagnostics", "TestSupport"]),
        .testTarget(
            name: "CatalogReviewTests",
            dependencies: [
                "CatalogReview", "Catalog", "Paywall", "SourceDiagnostics", "TerminalUI", "TestSupport",
            ]),
        .testTarget(
            name: "PaywallLaunchTests",
            dependencies: [
                "PaywallLaunch", "Catalog", "Paywall", "PaywallCatalog", "Signing", "Simulator", "StoreCore",
                "TerminalUI", "TestSupport",
            ]),
        .testTarget(
            name: "PaywallShotsTests",
            dependencies: [
                "PaywallShots", "CatalogReview", "Catalog", "Paywall", "TerminalUI", "SourceDiagnostics",
                "TestSupport",
            ]),
        .testTarget(name: "EndToEndTests", dependencies: ["kiosk", "Subprocess", "TestSupport"]),
        .testTarget(
            name: "TerminalCursesTests", dependencies: ["TerminalCurses", "TerminalUI", "CNCursesW"]),

        // The decoders at the edges as fuzz targets, for libFuzzer and the mutation runner.
        .target(
            name: "FuzzTargets",
            dependencies: [
                "Catalog", "HTTP", "Rehearsal", "Signing", "Simulator", "SourceDiagnostics", "StoreCommands",
                "StoreCore", "TerminalUI",
            ]),
        .testTarget(
            name: "FuzzTests", dependencies: ["FuzzTargets", "TestSupport"],
            exclude: ["Corpus", "Regressions"]),
    ]
)

// Upcoming language features, for every Swift target: `any` spelled out on every existential
// (ExistentialAny), and a file sees only the members of modules it imports itself
// (MemberImportVisibility), so a dependency can no longer leak in through another import.
for target in package.targets where target.type != .system {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility"),
        ]
}

// libFuzzer's driver: only with KIOSK_FUZZ=1 and -sanitize=fuzzer (scripts/fuzz), where
// libFuzzer provides main(); an ordinary build has nothing to link it with.
if Context.environment["KIOSK_FUZZ"] != nil {
    package.targets.append(.executableTarget(name: "kiosk-fuzz", dependencies: ["FuzzTargets"]))
    package.products.append(.executable(name: "kiosk-fuzz", targets: ["kiosk-fuzz"]))
}

// `import StoreKit` / `StoreKitTest` / `Combine` / `os` / `OSLog` / `SwiftUI` on Linux only: on Apple platforms Apple's own
// frameworks have those names (docs/your-code.md, "StoreKit by its own name").
#if os(Linux)
    package.products += [
        .library(name: "StoreKit", targets: ["StoreKit"]),
        .library(name: "StoreKitTest", targets: ["StoreKitTest"]),
        .library(name: "Combine", targets: ["Combine"]),
        .library(name: "os", targets: ["os"]),
        .library(name: "FoundationLocalization", targets: ["FoundationLocalization"]),
        .library(name: "OSLog", targets: ["OSLog"]),
        .library(name: "SwiftUI", targets: ["SwiftUI"]),
        // Kiosk's XCTExpectFailure, which packages made by `kiosk xctest` use (docs/xctest.md).
        .library(name: "KioskXCTestBridge", targets: ["KioskXCTestBridge"]),
    ]
#endif
