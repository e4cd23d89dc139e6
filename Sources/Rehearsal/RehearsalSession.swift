import Catalog
import Foundation
import Paywall
import PaywallCatalog
import Simulator
import StoreCommands
import StoreCore
import Synchronization
import TerminalUI

/// One rehearsal's run: its store, its paywall, its captured names and where it is in the
/// notification outbox. Used by one task, step after step.
final class RehearsalSession {
    let environment: RehearsalEnvironment
    let script: RehearsalScript
    /// Set-up, read when the store opens and the paywall starts.
    var catalogName: String?
    var copyPath: String?
    var clock = RehearsalSession.defaultClock
    /// Whether a `clock` line set the clock (an import otherwise starts at the history's date).
    var clockIsSet = false
    /// The customer an `import` line read, put into the store when it opens.
    var history: CustomerHistory?
    /// The store's seed (notification UUIDs): 0 unless the file says `seed N`.
    var seed: UInt64 = 0
    var account: AccountName?
    var size: Size
    var theme: Theme?
    var style = ControlStyle.buttons
    /// The template the paywall starts in (nil: the paywall copy's).
    var template: PaywallTemplate?

    var store: RehearsalStore?
    var catalog: LoadedCatalog?
    var paywall: HeadlessPaywall?
    /// The stand-in retention endpoint of the last `endpoint` line, stopped at the end.
    var endpoint: RehearsalEndpoint?
    var captures: [String: UInt64] = [:]
    /// The last notification an `expect notification` took from the outbox.
    var notificationCursor: Int64 = 0
    /// A store step that failed, waiting for the `expect error` line after it.
    var pendingError: (step: RehearsalStep, message: String)?
    var screenshots: [(name: String, text: String)] = []
    var transcript: [String] = []
    var coverage = RehearsalCoverage()
    var storeSteps: [[String]] = []

    /// A date no clock reading depends on the day the rehearsal runs.
    static let defaultClock = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    init(environment: RehearsalEnvironment, script: RehearsalScript) {
        self.environment = environment
        self.script = script
        size = environment.paywallSize
    }

    var frame: Frame? { paywall?.frame() }
    var screenText: String? { paywall?.screenText }

    func close() async {
        await endpoint?.stop()
        await store?.close()
    }

    func run(_ step: RehearsalStep, next: RehearsalStep?) async throws {
        switch step.command {
        case .catalog(let name): catalogName = name
        case .paywallCopy(let path): copyPath = RehearsalParser.resolve(path, relativeTo: step.file)
        case .clock(let date):
            clock = date
            clockIsSet = true
        case .seed(let value): seed = value
        case .importHistory(let files, let trust):
            history = try RehearsalHistory.read(
                files: files.map { RehearsalParser.resolve($0, relativeTo: step.file) },
                trust: trust.map { RehearsalParser.resolve($0, relativeTo: step.file) })
        case .account(let name): try await useAccount(name)
        case .store(let words, let references, let capture):
            try await runStore(step, words: words, references: references, capture: capture, next: next)
        case .press(let keys, let count): try await press(keys, count: count)
        case .type(let text): try await type(text)
        case .size(let size): try await resize(size)
        case .theme(let name): try await useTheme(name, step: step)
        case .style(let name): try await useStyle(name)
        case .template(let template): try await useTemplate(template)
        case .launch: try await launch()
        case .endpoint(let answer): try await startEndpoint(answer)
        case .expect(let expectation): try await check(expectation)
        case .screenshot(let name): try await screenshot(name)
        case .caption, .wait: break
        }
    }

    /// The store, opened on first use with the set-up so far.
    func openStore() async throws -> RehearsalStore {
        if let store { return store }
        let path: String
        if let name = catalogName {
            if !name.contains("/"), !name.hasSuffix(".storekit") {
                guard let bundled = environment.bundledCatalog(name) else {
                    throw StepFailure(
                        "no bundled catalog '\(name)': use demo, shelf or minimal, or a .storekit file")
                }
                path = bundled
            } else {
                path = RehearsalParser.resolve(name, relativeTo: script.path)
            }
        } else {
            path = environment.defaultCatalog
        }
        var loaded: LoadedCatalog
        do {
            loaded = try LoadedCatalog.load(contentsOf: path)
        } catch {
            throw StepFailure("the catalog \(path) does not load: \(error)")
        }
        if let copyPath { loaded.paywall = try readCopy(copyPath, catalog: loaded) }
        var requirements = StoreRequirements(
            catalog: loaded, account: account, clock: clock, rehearsal: script.name, seed: seed)
        if let history {
            // The rehearsal acts as the customer, under its `account` line's name if it has one.
            account = account ?? HistoryImport.defaultAccountName(history)
            requirements.account = account
            requirements.history = RequiredHistory(
                history: history, at: clockIsSet ? clock : nil, catalog: path)
        }
        let opened = try await environment.openStore(requirements)
        catalog = loaded
        store = opened
        // A server keeps its outbox across resets: expectations start after what is there.
        notificationCursor = try await opened.backend.notificationHistory(limit: 1).map(\.sequence).max() ?? 0
        return opened
    }

    private func readCopy(_ path: String, catalog: LoadedCatalog) throws -> PaywallCopy {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw StepFailure("cannot read the paywall copy \(path)")
        }
        let groups = Set(catalog.configuration.subscriptionGroups.map(\.id))
        do {
            return try PaywallCopy.decode([UInt8](data), file: path, groupIDs: groups).get(file: path)
        } catch {
            throw StepFailure("the paywall copy \(path) does not load: \(error)")
        }
    }

    private func useAccount(_ name: AccountName) async throws {
        guard let store else {
            account = name
            return
        }
        let backend = store.backend
        if try await !backend.accounts().contains(where: { $0.name == name }) {
            try await backend.addAccount(StoreAccount(name: name, storefront: "USA", familyID: nil))
        }
        try await backend.switchAccount(to: name)
        if paywall != nil { try await withPaywall { await $0.refresh() } }
    }

    /// A `kiosk store` action: its references resolved, run by the CLI's own runner, its
    /// output kept in the transcript and its events delivered to the paywall.
    private func runStore(
        _ step: RehearsalStep, words: [String], references: [Int: TransactionReference], capture: String?,
        next: RehearsalStep?
    ) async throws {
        let store = try await openStore()
        var words = words
        for (index, reference) in references { words[index] = String(try await resolve(reference)) }
        let parsed = try StoreWords.parse(words)
        storeSteps.append(words)
        let lines = Mutex<[String]>([])
        let output = StoreOutput(json: parsed.options.output.json, jwsOnly: parsed.options.output.jws) {
            line in
            lines.withLock { $0.append(line) }
        }
        var made: UInt64?
        var failure: String?
        try await delivering { _ in
            do {
                made = try await StoreActionRunner(
                    store: store.backend, words: parsed, output: output, showsProgress: false
                ).run()
            } catch {
                failure = "\(error)"
            }
        }
        transcript.append("\(step.location): \(step.text)")
        transcript += lines.withLock { $0 }.map { "  " + $0 }
        // Covered once it has run through: a refused one (even an expected refusal) has not
        // exercised what the action does.
        if failure == nil { coverage.storeActions.insert(parsed.action.rawValue) }
        if let failure {
            transcript.append("  error: \(failure)")
            guard case .expect(.error) = next?.command else {
                throw StepFailure("expected '\(step.text)' to succeed, got: \(failure)")
            }
            pendingError = (step, failure)
            return
        }
        if let capture {
            if made == nil { made = try await newestTransaction(productID: nil) }
            guard let id = made else {
                throw StepFailure("'as \(capture)' needs a transaction, and '\(step.text)' made none")
            }
            captures[capture] = id
        }
    }

    /// The ID a reference stands for now.
    func resolve(_ reference: TransactionReference) async throws -> UInt64 {
        switch reference {
        case .id(let id): return id
        case .captured(let name):
            guard let id = captures[name] else {
                throw StepFailure(
                    "no transaction is called $\(name): add 'as \(name)' to the step that makes it")
            }
            return id
        case .last(let productID):
            guard let id = try await newestTransaction(productID: productID) else {
                throw StepFailure(
                    productID.map { "no transaction of \($0) yet for 'last \($0)'" }
                        ?? "no transaction yet for 'last'")
            }
            return id
        }
    }

    /// The newest transaction in the Transaction Manager's list (of one product).
    func newestTransaction(productID: String?) async throws -> UInt64? {
        let records = try await openStore().backend.transactionRecords()
        return records.filter { productID == nil || $0.transaction.unsafePayloadValue.productID == productID }
            .map(\.id).max()
    }

    /// Writes a screenshot twice: text, to compare and to read in a log, and SVG in the theme's
    /// true colours (as `kiosk shot` draws it), to look at and to share.
    static func writeScreenshot(name: String, text: String, svg: String, rehearsal: String, directory: String)
        throws
    {
        let folder = URL(fileURLWithPath: directory).appendingPathComponent(rehearsal, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data((text + "\n").utf8).write(to: folder.appendingPathComponent("\(name).txt"))
        try Data(svg.utf8).write(to: folder.appendingPathComponent("\(name).svg"))
    }
}
