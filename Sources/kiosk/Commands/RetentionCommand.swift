import CommandLineOptions
import Foundation
import SharedState
import Signing
import Simulator
import StoreCommands
import StoreCore
import StoreServer

/// `kiosk retention test URL`: Apple's performance test of a Get Retention Message endpoint,
/// run for real against URL and nothing else, bounded in requests and time (docs/retention.md).
struct RetentionCommand: Command {
    static let name = "retention"
    static let summary = "Performance-test a Get Retention Message endpoint as Apple's sandbox does."
    static let usage =
        "kiosk retention test URL [--requests N] [--concurrency N] [--duration-ms MS] [--threshold-ms MS]\n"
        + "       [--transaction ID] [--product ID] [--locale L] [--state DIR]"
    struct Options: ParsableOptions {
        @Option("requests", value: "N", help: "How many requests to send (default 100, at most 10000).")
        var requests: String?
        @Option("concurrency", value: "N", help: "At most this many at once (default 10, at most 100).")
        var concurrency: String?
        @Option(
            "duration-ms", value: "MS", help: "Stop sending after this long (default 30000, at most 600000).")
        var duration: String?
        @Option(
            "threshold-ms", value: "MS", help: "The response time to meet (default 700, Apple's sandbox).")
        var threshold: String?
        @Option("transaction", value: "ID", help: "The originalTransactionId the requests carry.")
        var transaction: String?
        @Option("product", value: "ID", help: "The productId the requests carry.") var product: String?
        @Option("locale", value: "L", help: "The userLocale the requests carry (default en-US).") var locale:
            String?
        @Option(StateDirectory.option) var state: String?
    }

    static let positionals = PositionalCompletion(first: .words(["test"]))
    static let discussion = """
        Sends requests signed by the state's certificate authority (verify them with the root from
        `kiosk certs`), as the App Store's sandbox does in Initiate Performance Test, and reports as Get
        Performance Test Results does: PASS when at least 95% are answered 2xx with a JSON object within
        the threshold, the response-time percentiles, and the failures by Apple's SendAttemptResult.

        EXIT STATUS:
          0  PASS
          1  FAIL
          64 usage error
          73 the state's certificate authority could not be opened
        """

    var endpoint: RetentionEndpoint
    var config: RetentionPerformanceTest.Config
    var transaction: UInt64
    var product: String
    var locale: String
    var state: StateDirectory

    init(_ arguments: Arguments<Options>) throws(UsageError) {
        guard arguments.positionals.first == "test" else {
            throw UsageError("say what to do: kiosk retention test URL")
        }
        guard arguments.positionals.count == 2 else {
            throw UsageError("kiosk retention test takes one URL, the endpoint to test")
        }
        do throws(RetentionEndpointError) {
            endpoint = try RetentionEndpoint(url: arguments.positionals[1])
        } catch {
            throw UsageError("\(error): give the endpoint's http:// URL")
        }
        let options = arguments.options
        func number(_ text: String?, _ option: OptionDefinition, _ fallback: Int, _ range: ClosedRange<Int>)
            throws(UsageError) -> Int
        {
            guard let text else { return fallback }
            guard let value = Int(text), range.contains(value) else {
                throw UsageError(
                    "--\(option.name) \(text): give a whole number from \(range.lowerBound) to \(range.upperBound)"
                )
            }
            return value
        }
        let standard = RetentionPerformanceTest.Config.standard
        config = RetentionPerformanceTest.Config(
            maxConcurrentRequests: try number(
                options.concurrency, options.$concurrency, standard.maxConcurrentRequests, 1...100),
            totalRequests: try number(
                options.requests, options.$requests, standard.totalRequests, 1...10_000),
            totalDuration: try number(
                options.duration, options.$duration, standard.totalDuration, 100...600_000),
            responseTimeThreshold: try number(
                options.threshold, options.$threshold, standard.responseTimeThreshold, 1...60_000),
            successRateThreshold: standard.successRateThreshold)
        guard let id = UInt64(options.transaction ?? "2000000000000001") else {
            throw UsageError("--transaction \(options.transaction ?? ""): give a transaction ID (digits)")
        }
        transaction = id
        product = options.product ?? "com.kiosk.lumen.pro.monthly"
        locale = options.locale ?? "en-US"
        state = StateDirectory(explicitPath: options.state)
    }

    func run() async throws -> ExitCode {
        let signer: CoveringSigner
        do {
            let directory = StateDirectoryLayout(try state.create(warn: StateDirectory.warn)).authority
            signer = try CoveringSigner(authority: try CertificateAuthority.open(directory: directory.path))
        } catch {
            throw CommandFailure(
                "kiosk retention: cannot open the certificate authority: \(error)", exit: .cannotCreate)
        }
        let identity = AppIdentity()
        let (transaction, product, locale) = (transaction, product, locale)
        let sign: @Sendable () async -> String? = {
            let payload = RealtimeRequestPayload(
                originalTransactionID: transaction, appAppleID: identity.appAppleID, productID: product,
                userLocale: locale, signedDate: Date(), environment: identity.environment)
            let signed: String? = try? signer.sign(payload)
            return signed
        }
        let bar = ProgressBar.onStandardError("testing \(endpoint.url)")
        var progress: @Sendable (Int, Int) -> Void = { _, _ in }
        if let bar { progress = bar.callback }
        let outcome = await RetentionLoad.run(
            endpoint: endpoint, config: config, sign: sign, progress: progress)
        bar?.finish()
        Console.print(outcome.report(target: endpoint.url))
        return outcome.passed ? .success : .failure
    }
}
