import CommandLineOptions
import Foundation
import Signing
import StoreCore

/// `kiosk certs`: exports the root of the local certificate authority (creating the authority
/// on first use) so a backend can trust the JWS Kiosk signs.
public struct CertsCommand: Command {
    public static let name = "certs"
    public static let summary = "Export the local certificate authority's root (DER, PEM) and chain."
    public static let usage = "kiosk certs [--out DIR] [--state DIR]"
    public struct Options: ParsableOptions {
        @Option("out", value: "DIR", help: "Where to write the files (default: the current directory).")
        public var out: String?
        @Option(StateDirectory.option) public var state: String?

        public init() {}
    }
    public static let discussion = """
        FILES:
          kiosk-root.der    the root, DER: what Apple's SignedDataVerifier takes in root_certificates
          kiosk-root.pem    the root, PEM
          kiosk-chain.pem   leaf, intermediate and root, PEM (for openssl verify and inspection)

        A backend trusts Kiosk by passing kiosk-root.der where it passes Apple's root, e.g. in Python:
          SignedDataVerifier([open("kiosk-root.der", "rb").read()], False, Environment.SANDBOX, bundle_id)

        EXIT STATUS:
          0  written
          64 usage error
          73 the authority or the files could not be created
        """

    public var outputDirectory: URL
    public var state: StateDirectory

    public init(_ arguments: Arguments<Options>) throws(UsageError) {
        if let extra = arguments.positionals.first { throw UsageError("unexpected argument '\(extra)'") }
        outputDirectory = URL(fileURLWithPath: arguments.options.out ?? ".", isDirectory: true)
        state = StateDirectory(explicitPath: arguments.options.state)
    }

    public func run() async throws -> ExitCode {
        let authority: CertificateAuthority
        do {
            let directory = StateDirectoryLayout(try state.create(warn: StateDirectory.warn)).authority
            authority = try CertificateAuthority.open(directory: directory.path)
        } catch {
            throw CommandFailure("kiosk certs: \(error)", exit: .cannotCreate)
        }
        let files: [(String, Data)] = [
            ("kiosk-root.der", Data(authority.root.derRepresentation)),
            ("kiosk-root.pem", Data(authority.root.pemRepresentation.utf8)),
            ("kiosk-chain.pem", Data(authority.chain.map(\.pemRepresentation).joined().utf8)),
        ]
        do {
            try FileManager.default.createDirectory(at: outputDirectory, withIntermediateDirectories: true)
            for (name, contents) in files {
                let url = outputDirectory.appendingPathComponent(name)
                try contents.write(to: url, options: .atomic)
                Console.print(url.path)
            }
        } catch {
            throw CommandFailure(
                "kiosk certs: cannot write to \(outputDirectory.path): \(error.localizedDescription)",
                exit: .cannotCreate)
        }
        Console.error("root: \(authority.root.commonName), SHA-256 \(authority.root.sha256Fingerprint)")
        Console.error("leaf: \(authority.leaf)")
        return .success
    }
}
