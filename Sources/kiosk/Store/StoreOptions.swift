import Catalog
import Foundation
import Signing
import Simulator
import StoreCore

/// The options every command that opens a store shares: which catalog, where the state lives,
/// which account, and the identity signed payloads carry.
struct StoreOptions {
    static let specs: [OptionSpec] = [
        .option(
            "catalog", value: "FILE|NAME", help: "A .storekit file or a bundled catalog name (default: demo)."
        ),
        StateDirectory.option,
        .flag("ephemeral", help: "Keep the store in memory; nothing is written."),
        .option("account", value: "NAME", help: "The sandbox account to act for (created if missing)."),
        .option("bundle-id", value: "ID", help: "Bundle ID signed payloads carry (default dev.kiosk.demo)."),
        .option("app-apple-id", value: "N", help: "App Apple ID signed payloads carry (default 1234567890)."),
        .option("environment", value: "ENV", help: "Sandbox (default), Production, Xcode or LocalTesting."),
    ]

    var catalogPath: String
    var state: StateDirectory
    var isEphemeral: Bool
    var account: String?
    var identity: AppIdentity

    init(_ arguments: ParsedArguments) throws(UsageError) {
        let catalog = arguments.value("catalog")
        if let catalog, !catalog.contains("/"), !catalog.hasSuffix(".storekit") {
            guard let bundled = BundledResources.catalog(named: catalog) else {
                throw UsageError(
                    "no bundled catalog '\(catalog)': use demo, shelf or minimal, or a path to a .storekit file"
                )
            }
            catalogPath = bundled.path
        } else {
            catalogPath = catalog ?? BundledResources.demoCatalog.path
        }
        state = StateDirectory(explicitPath: arguments.value("state"))
        isEphemeral = arguments.flag("ephemeral")
        if isEphemeral && arguments.value("state") != nil {
            throw UsageError("--ephemeral and --state contradict each other: choose one")
        }
        account = arguments.value("account")
        identity = AppIdentity()
        if let bundleID = arguments.value("bundle-id") { identity.bundleID = bundleID }
        if let text = arguments.value("app-apple-id") {
            guard let id = Int64(text), id > 0 else {
                throw UsageError("--app-apple-id needs a positive number, got '\(text)'")
            }
            identity.appAppleID = id
        }
        if let text = arguments.value("environment") {
            guard
                let environment = AppStoreEnvironment.allCases.first(where: {
                    $0.rawValue.lowercased() == text.lowercased()
                })
            else {
                throw UsageError(
                    "--environment must be Sandbox, Production, Xcode or LocalTesting, got '\(text)'")
            }
            identity.environment = environment
        }
    }

    /// Loads the catalog, opens the signing authority and the ledger, and builds the store.
    /// - Throws: `ExitCode.dataError` for a bad catalog, `.cannotCreate` for unusable state,
    ///   after printing what is wrong.
    func makeStore(frozenClock: Bool = false) throws -> SimulatedStore {
        let catalog: LoadedCatalog
        do {
            catalog = try LoadedCatalog.load(contentsOf: catalogPath)
        } catch {
            Console.error("kiosk: \(error)")
            throw ExitCode.dataError
        }
        let authority: CertificateAuthority
        let location: LedgerLocation
        do {
            if isEphemeral {
                authority = try CertificateAuthority.ephemeral()
                location = .memory
            } else {
                let directory = try state.create()
                authority = try CertificateAuthority.open(
                    directory: directory.appendingPathComponent("ca").path)
                location = .directory(directory)
            }
        } catch {
            Console.error("kiosk: cannot use the state directory \(state.url.path): \(error)")
            throw ExitCode.cannotCreate
        }
        do {
            return try SimulatedStore(
                catalog: catalog, ledger: location, signer: try CoveringSigner(authority: authority),
                offerChecker: PromotionalOfferChecker(catalog: catalog), identity: identity, account: account,
                frozenClock: frozenClock)
        } catch {
            Console.error("kiosk: \(error)")
            throw ExitCode.cannotCreate
        }
    }
}
