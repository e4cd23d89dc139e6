import CommandLineOptions
import Foundation
import HTTP
import PaywallLaunch
import SharedState
import Signing
import Simulator
import StoreCore
import StoreServer

/// `kiosk serve`: the live verification server, a simulated store for many accounts behind
/// the wire protocol (docs/server.md, docs/openapi.yaml).
struct ServeCommand: Command {
    static let name = "serve"
    static let summary = "Serve a simulated store over HTTP to remote paywalls, tests and backends."
    static let usage =
        "kiosk serve [--catalog FILE] [--listen HOST:PORT [--expose]] [--state DIR | --ephemeral] [--token TOKEN]"
        + " [--webhook URL]"
    struct Options: ParsableOptions {
        @OptionGroup var local: StoreOptions.Local
        @OptionGroup var identity: StoreOptions.Identity
        @Option(
            "listen", value: "HOST:PORT",
            help: "Where to listen: HOST:PORT or [IPV6]:PORT (default 127.0.0.1:8686; port 0 picks one).",
            transform: ServeCommand.listenAddress)
        var listen: ListenAddress?
        @Flag(
            "expose",
            help: "Allow a --listen address other machines can reach (the token travels as plain HTTP).")
        var expose: Bool
        @Option(
            "token", value: "TOKEN",
            help:
                "The bearer token, kept in STATE/server-token for clients (default: the one there, else a new one)."
        )
        var token: String?
        @Option(
            "webhook", value: "URL",
            help: "POST every App Store Server Notification V2 to this http:// URL, with Apple's retries.")
        var webhook: String?
    }
    static let discussion = """
        Every call needs `Authorization: Bearer TOKEN`. Clients verify what the server signs against its
        root certificate: `kiosk store ... --store URL` pins it on first contact; a backend exports it with
        `kiosk certs --state DIR`. The App Store Server API (/inApps/...) takes ES256 JWTs from keys
        registered with `kiosk keys`. SIGINT or SIGTERM stops accepting, finishes requests in flight and exits.

        EXIT STATUS:
          0  stopped by a signal
          64 usage error
          65 a bad catalog
          73 the state directory or the port could not be used
        """

    var storeOptions: StoreOptions
    var listen: ListenAddress
    var token: String?
    var webhook: String?

    init(_ arguments: Arguments<Options>) throws(UsageError) {
        if let extra = arguments.positionals.first { throw UsageError("unexpected argument '\(extra)'") }
        let options = arguments.options
        storeOptions = try StoreOptions(local: options.local, identity: options.identity)
        listen = options.listen ?? .standard
        if let refusal = listen.exposureRefusal, !options.expose { throw UsageError(refusal) }
        token = options.token
        if let token, let weakness = ServerToken.weakness(of: token) {
            throw UsageError("--token \(weakness)")
        }
        webhook = options.webhook
    }

    func run() async throws -> ExitCode {
        let ownership: StateOwnership?
        let store: SimulatedStore
        let root: Certificate
        if storeOptions.isEphemeral {
            ownership = nil
            // The store runs on its own thread, as everywhere (`StoreExecutor` says why).
            let (ephemeral, authority) = try storeOptions.makeStoreAndAuthority()
            (store, root) = (ephemeral, authority.root)
        } else {
            let owning = try storeOptions.ownership(command: "kiosk serve")
            do {
                guard let owned = try await owning.own() else {
                    throw CommandFailure(
                        "kiosk serve: \(SharedStateError.ownedByAnother(directory: owning.directory.path, owner: owning.owner))",
                        exit: .cannotCreate)
                }
                (store, root) = owned
            } catch let error as SharedStateError {
                throw CommandFailure("kiosk serve: \(error)", exit: .cannotCreate)
            }
            ownership = owning
        }
        let token: String
        var tokenPlace = "given with --token"
        do {
            if let given = self.token {
                token = given
                if !storeOptions.isEphemeral {
                    // Clients given this --state find the token where they look for it.
                    try ServerToken.write(given, in: try storeOptions.state.create(warn: StateDirectory.warn))
                    tokenPlace = storeOptions.state.layout.serverToken.path
                }
            } else if storeOptions.isEphemeral {
                token = ServerToken.generate()
                tokenPlace = "printed above (ephemeral: not written anywhere)"
            } else {
                token = try ServerToken.loadOrCreate(in: storeOptions.state.url)
                tokenPlace = storeOptions.state.layout.serverToken.path
            }
        } catch {
            throw CommandFailure("kiosk serve: \(error)", exit: .cannotCreate)
        }
        let server: StoreServer
        let delivery: WebhookDelivery?
        do {
            let keys = try APIKeyRegistry(directory: storeOptions.isEphemeral ? nil : storeOptions.state.url)
            server = StoreServer(store: store, token: token, rootCertificate: root, apiKeys: keys)
            delivery = try webhook.map { url throws(StoreServerError) in
                try WebhookDelivery(store: store, url: url)
            }
        } catch {
            throw CommandFailure("kiosk serve: \(error)", exit: .cannotCreate)
        }
        // Caught before the first client can connect (and use up the descriptors they need).
        let signals = TerminationSignals()
        let http: HTTPServer
        do {
            http = try await server.listen(HTTPServerConfiguration(host: listen.host, port: listen.port))
        } catch {
            throw CommandFailure(listen.listenFailure(error), exit: .cannotCreate)
        }
        let url = "http://\(listen.authority(port: http.port))"
        if let warning = listen.exposureWarning(url: url) { Console.error("kiosk serve: \(warning)") }
        await ownership?.announce(url: url)
        var lines = ["kiosk serve: listening on \(url)"]
        if storeOptions.isEphemeral { lines.append("  token:            \(token)") }
        lines += [
            "  token file:       \(tokenPlace)",
            "  authenticate:     Authorization: Bearer <token>",
        ]
        if storeOptions.isEphemeral {
            lines.append("  root certificate: GET \(url)/v1/certificates/root (ephemeral authority)")
        } else {
            let state = storeOptions.state.url.path
            lines += [
                "  root certificate: \(state)/\(CertificateAuthority.directoryName)/root.pem "
                    + "(DER and chain: kiosk certs --state \(state))",
                "  try:              kiosk store products --store \(url) --state \(state)",
                "  shared state:     \(state)/\(StateOwnership.socketName) (kiosk and kiosk store with "
                    + "--state \(state) use this server's store)",
            ]
        }
        lines.append("  App Store API:    \(url)/inApps/... (keys: kiosk keys list)")
        if let webhook { lines.append("  webhook:          \(webhook)") }
        lines.append("  stop:             Ctrl-C (SIGINT) or SIGTERM")
        Console.print(lines.joined(separator: "\n"))
        delivery?.start()
        await signals.wait()
        await http.stop()
        delivery?.stop()
        await ownership?.release()
        Console.print("kiosk serve: stopped")
        return .success
    }

    /// `--listen HOST:PORT`, its mistakes as usage errors.
    @Sendable static func listenAddress(_ text: String) throws(UsageError) -> ListenAddress {
        do {
            return try ListenAddress(parsing: text)
        } catch {
            throw UsageError(error.description)
        }
    }
}
