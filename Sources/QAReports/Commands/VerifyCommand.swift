import CommandLineOptions
import Foundation
import SharedState
import Signing
import Simulator
import StoreCore

/// `kiosk verify`: decodes a JWS, prints its payload, and checks it the way Apple's library
/// does against Kiosk's root (or any root given).
public struct VerifyCommand: Command {
    public static let name = "verify"
    public static let summary =
        "Decode and verify a signed transaction, renewal info, app transaction or notification."
    public static let usage = "kiosk verify [--root FILE] [--state DIR] [JWS | -]"
    public struct Options: ParsableOptions {
        @Option(
            "root", value: "FILE",
            help: "The root certificate to trust, DER or PEM (default: the state's CA).")
        public var root: String?
        @Option(StateDirectory.option) public var state: String?

        public init() {}
    }

    public static let positionals = PositionalCompletion(first: .files, rest: .files)
    public static let discussion = """
        Reads the JWS from the argument, or from standard input when it is '-' or absent. Prints the
        payload as JSON on standard output and the verdict on standard error. For a notification,
        the signed transaction, renewal info and app transaction inside it are verified too.

        The checks: alg is ES256; x5c holds 3 certificates in standard base64; leaf and
        intermediate chain to the root under X509_STRICT at the payload's signedDate (or
        receiptCreationDate); Apple's marker OIDs are present; the signature is raw R||S.

        EXIT STATUS:
          0  verified
          1  not verified (the reason is printed)
          64 usage error
          65 the root certificate could not be read
        """

    public var input: String?
    public var rootPath: String?
    public var state: StateDirectory

    public init(_ arguments: Arguments<Options>) throws(UsageError) {
        guard arguments.positionals.count <= 1 else {
            throw UsageError("give one JWS (or '-' for standard input)")
        }
        input = arguments.positionals.first.flatMap { $0 == "-" ? nil : $0 }
        rootPath = arguments.options.root
        state = StateDirectory(explicitPath: arguments.options.state)
    }

    public func run() async throws -> ExitCode {
        let root: Certificate
        do {
            if let rootPath {
                root = try Certificate.read(at: rootPath)
            } else {
                root = try CertificateAuthority.storedRoot(directory: state.layout.authority.path)
            }
        } catch {
            throw CommandFailure("kiosk verify: \(error)", exit: .dataError)
        }
        let text = input ?? String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        let jws = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !jws.isEmpty else { throw UsageError("no JWS given (as an argument or on standard input)") }

        let check: SignedValueCheck
        do { check = try SignedValueCheck(jws, root: root) } catch {
            throw CommandFailure("not verified: \(error)", exit: .failure)
        }
        Console.print(check.payload)
        for (what, error) in check.verdicts {
            Console.error(error.map { "\(what): not verified: \($0)" } ?? "\(what): verified")
        }
        if rootPath == nil, let line = unverifiedImport(of: check.payload) {
            Console.error(
                "transaction \(line.id): imported without checking its signature (kiosk state import-history "
                    + "--unverified, journal line \(line.sequence)): the state signed it, nobody verified it as Apple's"
            )
        }
        return check.verified ? .success : .failure
    }

    /// The transaction (or a notification's) of `payload`, and the journal line of the unverified
    /// import that brought it into this state, if one did.
    private func unverifiedImport(of payload: String) -> (id: UInt64, sequence: Int64)? {
        guard let fields = (try? JSONSerialization.jsonObject(with: Data(payload.utf8))) as? [String: Any],
            let text = fields["transactionId"] as? String, let id = UInt64(text),
            FileManager.default.fileExists(atPath: state.layout.ledger.path)
        else { return nil }
        // Best effort: a journal that cannot be read leaves the verdict as it is.
        let journal =
            (try? LedgerReader(stateDirectory: state.url).journal(
                resolving: JournalFilter(session: HistoryImport.journalSession))) ?? []
        return HistoryImport.unverifiedImport(of: id, in: journal).map { (id, $0.sequence) }
    }
}
