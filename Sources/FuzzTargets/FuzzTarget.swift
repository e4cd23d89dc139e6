import Catalog
import Foundation
import HTTP
import Signing
import SourceDiagnostics
import StoreCore
import TerminalUI

/// The decoders at Kiosk's edges, each as a fuzz target: bytes from anywhere go in, and the
/// only acceptable outcomes are a value or a diagnostic, never a trap or a hang.
///
/// Two drivers run them: libFuzzer (`scripts/fuzz`, built with `-sanitize=fuzzer`) and the
/// seeded mutation runner in `Tests/FuzzTests`, which CI runs for a bounded number of inputs
/// from the checked-in corpus `Tests/FuzzTests/Corpus/<target>/`.
public enum FuzzTarget: String, CaseIterable, Sendable {
    case catalog
    case paywallCopy = "paywall-copy"
    case theme
    case httpRequest = "http-request"
    case jws
    case savePoint = "save-point"
    case rehearsal
    case storeWords = "store-words"

    /// Runs one input; true when the decoder accepted it (for the drivers' statistics).
    @discardableResult
    public func run(_ bytes: [UInt8]) -> Bool {
        switch self {
        case .catalog: return StoreKitConfiguration.decode(bytes, file: "fuzz.storekit").value != nil
        case .paywallCopy: return PaywallCopy.decode(bytes, file: "fuzz.paywall.json").value != nil
        case .theme:
            return !ThemeLinter.lint(contents: bytes, path: "fuzz.json").contains { $0.severity == .error }
        case .httpRequest: return Self.parseRequests(bytes)
        case .jws: return Self.verify(bytes)
        case .savePoint: return Self.readSavePoint(bytes)
        case .rehearsal: return Self.parseRehearsal(bytes)
        case .storeWords: return Self.parseStoreWords(bytes)
        }
    }

    /// Feeds the bytes in two pieces (split where the first byte says), as a socket might
    /// deliver them, and reads every request they hold.
    private static func parseRequests(_ bytes: [UInt8]) -> Bool {
        var parser = HTTPRequestParser(maxHeaderBytes: 4 * 1024, maxBodyBytes: 64 * 1024, maxHeaderCount: 32)
        let split = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
        parser.append(bytes[..<split])
        var requests = 0
        // Bounded: 64 requests is more than any input here holds. A refused request is an
        // outcome a fuzz input is meant to reach (its error is the parser's answer), not a fault.
        while requests < 64, (try? parser.next()).flatMap({ $0 }) != nil { requests += 1 }
        parser.append(bytes[split...])
        // As above: a refusal ends the reading, which is what a connection would do.
        while requests < 64, let request = (try? parser.next()).flatMap({ $0 }) {
            requests += 1
            _ = (request.method, request.path, request.query, request.keepAlive, request.headers["Host"])
        }
        return requests > 0
    }

    /// Verifies the text as a JWS against the root that signed the corpus, then reads its
    /// payload as each kind of signed data.
    private static func verify(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        let now = Date(timeIntervalSince1970: 1_767_225_600)
        // Refusals are the expected outcome for most inputs; only a trap or hang is a finding.
        let verified = (try? corpusVerifier.check(text, now: now))?.error == nil
        // Each reading below refuses most inputs by design: the errors are the answers fuzzed.
        _ = try? corpusVerifier.verify(text, as: Transaction.self, now: now)
        _ = try? StoredJWS.payload(of: text, as: RenewalInfo.self)
        _ = try? StoredJWS.payload(of: text, as: AppTransaction.self)
        _ = try? StoredJWS.payload(of: text, as: NotificationPayload.self)
        return verified
    }

    /// Trusts the root whose authority signed the JWS seeds (`FuzzTarget+CorpusRoot.swift`).
    /// A root that failed to parse would leave no trusted root: then no JWS seed verifies, and
    /// `FuzzTests.seedsAreAcceptedAsTheyAre` fails on the jws seeds, so it is not hidden.
    private static let corpusVerifier = JWSVerifier(
        trustedRoots: (try? Certificate.all(inPEM: corpusRootPEM)) ?? [])
}
