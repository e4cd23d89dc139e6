import Catalog
import CommandLineOptions
import Foundation
import Signing
import Simulator
import StoreServer

/// `kiosk keys`: registers the App Store Connect API keys whose ES256 JWTs the server's App
/// Store Server API accepts. Only public keys are kept (STATE/api-keys.json, mode 0600).
public struct KeysCommand: Command {
    public static let name = "keys"
    public static let summary = "Register App Store Server API keys (add a public key, make a new .p8, list)."
    public static let usage =
        "kiosk keys add --key-id KID --issuer ID --public-key FILE [--bundle-id ID] [--state DIR]\n"
        + "       kiosk keys new --key-id KID --issuer ID --out FILE.p8 [--bundle-id ID] [--force] [--state DIR]\n"
        + "       kiosk keys list [--state DIR]"
    public struct Options: ParsableOptions {
        @Option("key-id", value: "KID", help: "The key ID a token's header names (kid).") var keyID: String?
        @Option("issuer", value: "ID", help: "The issuer ID a token's iss claim must hold.")
        public var issuer: String?
        @Option("bundle-id", value: "ID", help: "The app the key may act for (default: dev.kiosk.demo).")
        public var bundleID: String?
        @Option("public-key", value: "FILE", help: "add: the key's public half, PEM.") var publicKey: String?
        @Option("out", value: "FILE", help: "new: where to write the private key (.p8, mode 0600).")
        public var out: String?
        @Flag("force", help: "new: replace a key already registered with this key ID.") public var force: Bool
        @Option(StateDirectory.option) public var state: String?

        public init() {}
    }

    public enum Action: String, CaseIterable {
        case add, new, list
    }

    public static let positionals = PositionalCompletion(first: .words(Action.allCases.map(\.rawValue)))
    public static let discussion = """
        A backend signs App Store Server API calls with its .p8 key, as Apple's clients do; `kiosk serve`
        accepts a token whose kid, iss and bid match a key registered here, and sees keys added while
        it runs. `new` makes a P-256 key, writes the .p8 and registers its public half.

        EXIT STATUS:
          0  done
          1  refused: the key ID is registered already (new without --force)
          64 usage error
          65 the public key file could not be read, or is not a P-256 public key
          73 the registry or the key file could not be written
        """

    /// What `add` and `new` register besides the public key.
    public struct Registration {
        public var keyID: String
        public var issuer: String
        public var bundleID: String

        public func key(publicKey: String) -> RegisteredAPIKey {
            RegisteredAPIKey(keyID: keyID, issuerID: issuer, bundleID: bundleID, publicKey: publicKey)
        }
    }

    /// The action with what it needs.
    public enum Job {
        case list
        case add(Registration, publicKey: String)
        case new(Registration, out: String)
    }

    public var job: Job
    public var force: Bool
    public var state: StateDirectory

    public init(_ arguments: Arguments<Options>) throws(UsageError) {
        guard let word = arguments.positionals.first, let action = Action(rawValue: word) else {
            throw UsageError("say what to do: kiosk keys add | new | list")
        }
        if arguments.positionals.count > 1 {
            throw UsageError("unexpected argument '\(arguments.positionals[1])'")
        }
        let options = arguments.options
        force = options.force
        state = StateDirectory(explicitPath: options.state)
        func required(_ value: String?, _ option: OptionDefinition) throws(UsageError) -> String {
            guard let value else { throw UsageError("kiosk keys \(action.rawValue) needs --\(option.name)") }
            return value
        }
        func registration() throws(UsageError) -> Registration {
            Registration(
                keyID: try required(options.keyID, options.$keyID),
                issuer: try required(options.issuer, options.$issuer),
                bundleID: options.bundleID ?? AppIdentity().bundleID)
        }
        switch action {
        case .list: job = .list
        case .add:
            job = .add(try registration(), publicKey: try required(options.publicKey, options.$publicKey))
        case .new: job = .new(try registration(), out: try required(options.out, options.$out))
        }
    }

    public func run() async throws -> ExitCode {
        do {
            let registry = try APIKeyRegistry(directory: try state.create(warn: StateDirectory.warn))
            switch job {
            case .list:
                for key in registry.all {
                    Console.print("\(key.keyID)  issuer \(key.issuerID)  bundle \(key.bundleID)")
                }
            case .new(let registration, let out):
                let keyID = registration.keyID
                if let existing = try registry.registered(keyID), !force {
                    throw CommandFailure(
                        "kiosk keys: key ID \(keyID) is registered already (issuer \(existing.issuerID), bundle "
                            + "\(existing.bundleID)); a backend holding its .p8 would stop working. Choose another "
                            + "--key-id, or pass --force to replace it", exit: .failure)
                }
                let key = try ECPrivateKey.generate(.p256)
                try key.writeP8(to: out)
                try registry.add(registration.key(publicKey: key.publicKey.pemRepresentation))
                Console.print("kiosk keys: wrote \(out) (mode 0600) and registered \(keyID)")
            case .add(let registration, let path):
                // Not read: FileProblem says why, else the bytes are not UTF-8; both are reported below.
                guard FileProblem.reading(path) == nil,
                    let pem = try? String(contentsOfFile: path, encoding: .utf8)
                else {
                    let reason = FileProblem.reading(path) ?? "it is not UTF-8 text (a PEM public key is)"
                    throw CommandFailure("kiosk keys: cannot read \(path): \(reason)", exit: .dataError)
                }
                if pem.contains("PRIVATE KEY-----") {
                    throw CommandFailure(Self.privateKeyGiven(path), exit: .dataError)
                }
                if let problem = try Self.keyProblem(registry, registration.key(publicKey: pem)) {
                    throw CommandFailure("kiosk keys: \(path): \(problem)", exit: .dataError)
                }
                Console.print("kiosk keys: registered \(registration.keyID)")
            }
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure("kiosk keys: \(error)", exit: .cannotCreate)
        }
        return .success
    }

    /// A `.p8` given where the public half belongs: say so, and how to get the public half.
    public static func privateKeyGiven(_ path: String) -> String {
        "kiosk keys: \(path) is a private key (the .p8 a backend signs with); kiosk keys add takes its "
            + "public half, so the private key stays with the backend. Make it with: "
            + "openssl pkey -in \(path) -pubout -out public.pem, then pass --public-key public.pem "
            + "(or let kiosk keys new make the key pair)"
    }

    /// Registers `key`; a key that is not a P-256 public key is returned as the problem, other
    /// failures (writing the registry) are thrown.
    public static func keyProblem(_ registry: APIKeyRegistry, _ key: RegisteredAPIKey) throws -> String? {
        do {
            try registry.add(key)
            return nil
        } catch {
            guard case .invalidAPIKey(let reason) = error else { throw error }
            return reason
        }
    }
}
