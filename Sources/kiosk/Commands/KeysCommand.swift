import Catalog
import Foundation
import Signing
import Simulator
import StoreServer

/// `kiosk keys`: registers the App Store Connect API keys whose ES256 JWTs the server's App
/// Store Server API accepts. Only public keys are kept (STATE/api-keys.json, mode 0600).
struct KeysCommand: Command {
    static let name = "keys"
    static let summary = "Register App Store Server API keys (add a public key, make a new .p8, list)."
    static let usage =
        "kiosk keys add --key-id KID --issuer ID --public-key FILE [--bundle-id ID] [--state DIR]\n"
        + "       kiosk keys new --key-id KID --issuer ID --out FILE.p8 [--bundle-id ID] [--force] [--state DIR]\n"
        + "       kiosk keys list [--state DIR]"
    static let options: [OptionSpec] = [
        .option("key-id", value: "KID", help: "The key ID a token's header names (kid)."),
        .option("issuer", value: "ID", help: "The issuer ID a token's iss claim must hold."),
        .option("bundle-id", value: "ID", help: "The app the key may act for (default: dev.kiosk.demo)."),
        .option("public-key", value: "FILE", help: "add: the key's public half, PEM."),
        .option("out", value: "FILE", help: "new: where to write the private key (.p8, mode 0600)."),
        .flag("force", help: "new: replace a key already registered with this key ID."),
        StateDirectory.option,
    ]
    static let discussion = """
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

    var action: String
    var arguments: ParsedArguments
    var state: StateDirectory

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard let action = arguments.positionals.first, ["add", "new", "list"].contains(action) else {
            throw UsageError("say what to do: kiosk keys add | new | list")
        }
        if arguments.positionals.count > 1 {
            throw UsageError("unexpected argument '\(arguments.positionals[1])'")
        }
        self.action = action
        self.arguments = arguments
        state = StateDirectory(explicitPath: arguments.value("state"))
        if action != "list" {
            for required in ["key-id", "issuer", action == "add" ? "public-key" : "out"]
            where arguments.value(required) == nil {
                throw UsageError("kiosk keys \(action) needs --\(required)")
            }
        }
    }

    func run() async throws -> ExitCode {
        do {
            let registry = try APIKeyRegistry(directory: try state.create())
            switch action {
            case "list":
                for key in registry.all {
                    Console.print("\(key.keyID)  issuer \(key.issuerID)  bundle \(key.bundleID)")
                }
            case "new":
                let keyID = arguments.value("key-id")!
                if let existing = registry.key(keyID), !arguments.flag("force") {
                    throw CommandFailure(
                        "kiosk keys: key ID \(keyID) is registered already (issuer \(existing.issuerID), bundle "
                            + "\(existing.bundleID)); a backend holding its .p8 would stop working. Choose another "
                            + "--key-id, or pass --force to replace it", exit: .failure)
                }
                let key = try ECPrivateKey.generate(.p256)
                let out = arguments.value("out")!
                try key.writeP8(to: out)
                try registry.add(registered(publicKey: key.publicKey.pemRepresentation))
                Console.print(
                    "kiosk keys: wrote \(out) (mode 0600) and registered \(arguments.value("key-id")!)")
            default:
                let path = arguments.value("public-key")!
                guard FileProblem.reading(path) == nil,
                    let pem = try? String(contentsOfFile: path, encoding: .utf8)
                else {
                    let reason = FileProblem.reading(path) ?? "it is not UTF-8 text (a PEM public key is)"
                    throw CommandFailure("kiosk keys: cannot read \(path): \(reason)", exit: .dataError)
                }
                if pem.contains("PRIVATE KEY-----") {
                    throw CommandFailure(Self.privateKeyGiven(path), exit: .dataError)
                }
                if let problem = try Self.keyProblem(registry, registered(publicKey: pem)) {
                    throw CommandFailure("kiosk keys: \(path): \(problem)", exit: .dataError)
                }
                Console.print("kiosk keys: registered \(arguments.value("key-id")!)")
            }
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure("kiosk keys: \(error)", exit: .cannotCreate)
        }
        return .success
    }

    /// A `.p8` given where the public half belongs: say so, and how to get the public half.
    static func privateKeyGiven(_ path: String) -> String {
        "kiosk keys: \(path) is a private key (the .p8 a backend signs with); kiosk keys add takes its "
            + "public half, so the private key stays with the backend. Make it with: "
            + "openssl pkey -in \(path) -pubout -out public.pem, then pass --public-key public.pem "
            + "(or let kiosk keys new make the key pair)"
    }

    /// Registers `key`; a key that is not a P-256 public key is returned as the problem, other
    /// failures (writing the registry) are thrown.
    static func keyProblem(_ registry: APIKeyRegistry, _ key: RegisteredAPIKey) throws -> String? {
        do {
            try registry.add(key)
            return nil
        } catch {
            guard case .invalidAPIKey(let reason) = error else { throw error }
            return reason
        }
    }

    private func registered(publicKey: String) -> RegisteredAPIKey {
        RegisteredAPIKey(
            keyID: arguments.value("key-id")!, issuerID: arguments.value("issuer")!,
            bundleID: arguments.value("bundle-id") ?? AppIdentity().bundleID, publicKey: publicKey)
    }
}
