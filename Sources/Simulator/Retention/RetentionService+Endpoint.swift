import Foundation
import Signing
import StoreCore

/// Where Retention Messaging answers a customer (docs/retention.md): the default message per
/// product and locale, the developer's real-time URL, and the performance tests run against it.
/// As for the content (RetentionService.swift), every check comes before anything is written,
/// and every change is journaled.
extension RetentionService {
    // MARK: Default messages

    func defaults() throws(RetentionError) -> [RetentionDefault] {
        try read { (ledger) throws(LedgerError) in try ledger.retentionDefaults() }
    }

    /// Configure Default Message: an auto-renewable subscription of the catalog, a locale, an
    /// approved message whose images are approved.
    func configureDefault(productID: String, locale: String, messageID: UUID?)
        throws(RetentionError)
    {
        try checkProduct(productID)
        try RetentionLocale.check(locale)
        guard let messageID else { throw .generalBadRequest("messageIdentifier is required") }
        guard let message = try self.message(messageID) else {
            throw .messageNotFound("no message \(Self.key(messageID)): upload it first")
        }
        guard message.state == .approved else {
            throw .messageNotApproved(
                "message \(Self.key(messageID)) is \(message.state.rawValue): only an APPROVED message can be a default"
            )
        }
        let images = try self.images()
        for id in message.content.imageIdentifiers {
            let state = images.first { $0.id == id }?.state
            guard state == .approved else {
                throw .imageNotApproved(
                    "image \(Self.key(id)) of the message is \(state?.rawValue ?? "deleted"): approve it first"
                )
            }
        }
        let entry = RetentionDefault(productID: productID, locale: locale, messageID: messageID)
        try write(
            "Configuring the default retention message for \(productID) in \(locale)",
            result: Self.key(messageID)
        ) { (ledger) throws(LedgerError) in try ledger.putRetentionDefault(entry) }
    }

    func defaultMessage(productID: String, locale: String) throws(RetentionError) -> UUID {
        try checkProduct(productID)
        try RetentionLocale.check(locale)
        guard
            let found = try defaults().first(where: {
                $0.productID == productID && $0.locale == locale
            })
        else {
            throw .defaultMessageNotFound("no default message for \(productID) in \(locale)")
        }
        return found.messageID
    }

    func deleteDefault(productID: String, locale: String) throws(RetentionError) {
        _ = try defaultMessage(productID: productID, locale: locale)
        try write(
            "Deleting the default retention message for \(productID) in \(locale)", result: "deleted"
        ) {
            (ledger) throws(LedgerError) in
            try ledger.deleteRetentionDefault(productID: productID, locale: locale)
        }
    }

    private func checkProduct(_ productID: String) throws(RetentionError) {
        guard let product = products.product(productID, storefront: storefront) else {
            throw .invalidProductID("'\(productID)' is not a product of the catalog")
        }
        guard product.type == .autoRenewable else {
            throw .invalidProductID(
                "'\(productID)' is a \(product.type.rawValue), not an auto-renewable subscription")
        }
    }

    // MARK: Real-time URL

    /// Configure Realtime URL: an absolute http or https URL of at most 256 characters.
    func setRealtimeURL(_ url: String) throws(RetentionError) {
        try Self.checkRealtimeURL(url)
        try write("Configuring the retention real-time URL", result: url) {
            (ledger) throws(LedgerError) in
            try ledger.setRetentionMetaValue(Self.urlKey, url)
        }
    }

    /// The configured URL, or Apple's RealtimeUrlNotFoundError.
    func realtimeURL() throws(RetentionError) -> String {
        let url = try read { (ledger) throws(LedgerError) in
            try ledger.retentionMetaValue(Self.urlKey)
        }
        guard let url else {
            throw .realtimeURLNotFound("no real-time URL is configured: call Configure Realtime URL first")
        }
        return url
    }

    func deleteRealtimeURL() throws(RetentionError) {
        _ = try realtimeURL()
        try write("Deleting the retention real-time URL", result: "deleted") {
            (ledger) throws(LedgerError) in
            try ledger.setRetentionMetaValue(Self.urlKey, nil)
        }
    }

    /// Apple's BadRequestRealtimeUrlError for anything but an absolute http(s) URL with a host.
    static func checkRealtimeURL(_ url: String) throws(RetentionError) {
        guard url.count <= RetentionLimits.realtimeURLLength else {
            throw .badRealtimeURL(
                "realtimeURL is \(url.count) characters; Apple allows \(RetentionLimits.realtimeURLLength)")
        }
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = parsed.host, !host.isEmpty
        else {
            throw .badRealtimeURL("'\(url)' is not an http:// or https:// URL with a host")
        }
    }

    // MARK: Performance tests

    /// Initiate Performance Test: the URL must be configured, no other test running, and the
    /// original transaction one of an auto-renewable subscription. Returns the test, pending.
    func startPerformanceTest(
        originalTransactionID: String, config: RetentionPerformanceTest.Config = .standard
    ) throws(RetentionError) -> RetentionPerformanceTest {
        guard let id = UInt64(originalTransactionID) else {
            throw .invalidPerformanceTestRequest(
                "originalTransactionId '\(originalTransactionID)' is not a transaction identifier")
        }
        let found: ServerTransaction?
        do throws(StoreError) {
            found = try lookup(id)
        } catch {
            throw .internalError("\(error)")
        }
        guard let found, found.transaction.originalID == id, found.transaction.productType == .autoRenewable
        else {
            throw .invalidPerformanceTestRequest(
                "originalTransactionId \(originalTransactionID) is not the original transaction of a subscription"
            )
        }
        let target = try realtimeURL()
        if let running = try performanceTests().first(where: { $0.status == .pending }) {
            throw .existingPerformanceTestRun(
                "performance test \(running.requestID) is still running: wait for its result")
        }
        let test = RetentionPerformanceTest(
            requestID: UUID().uuidString.lowercased(), originalTransactionID: originalTransactionID,
            target: target,
            config: config, startedAt: wallClock(), numPending: config.totalRequests)
        try write("Starting retention performance test \(test.requestID)", result: target) {
            (ledger) throws(LedgerError) in try ledger.putRetentionTest(test)
        }
        return test
    }

    /// Stores a test's progress or result.
    func recordPerformanceTest(_ test: RetentionPerformanceTest) throws(RetentionError) {
        let result =
            test.status == .pending
            ? "\(test.numPending) pending"
            : "\(test.status.rawValue), \(test.successRate ?? 0)% in time, p95 \(test.responseTimes?.p95 ?? 0) ms"
        try write("Retention performance test \(test.requestID)", result: result) {
            (ledger) throws(LedgerError) in try ledger.putRetentionTest(test)
        }
    }

    func performanceTests() throws(RetentionError) -> [RetentionPerformanceTest] {
        try read { (ledger) throws(LedgerError) in try ledger.retentionTests() }
    }

    func performanceTest(requestID: String) throws(RetentionError) -> RetentionPerformanceTest {
        guard UUID(uuidString: requestID) != nil else {
            throw .invalidRequestID("'\(requestID)' is not a performance test's requestId")
        }
        guard let test = try performanceTests().first(where: { $0.requestID == requestID.lowercased() })
        else {
            throw .performanceTestNotFound("no performance test \(requestID)")
        }
        return test
    }

    // MARK: Real-time requests

    /// The App Store's side of a real-time retention request: the signed `RealtimeRequestBody`
    /// for a customer's subscription, as Apple sends it to the Get Retention Message endpoint.
    /// The request for the subscription whose original transaction is `originalTransactionID`,
    /// in `locale`, signed at the store's time (so Apple's verifier checks the chain then).
    func request(originalTransactionID: UInt64, locale: String) throws(RetentionError)
        -> (payload: RealtimeRequestPayload, signedPayload: String)
    {
        let found: ServerTransaction?
        do throws(StoreError) {
            found = try lookup(originalTransactionID)
        } catch {
            throw .internalError("\(error)")
        }
        guard let found, found.transaction.productType == .autoRenewable else {
            throw .invalidPerformanceTestRequest(
                "\(originalTransactionID) is not the original transaction of an auto-renewable subscription")
        }
        let identity = state.meta.identity
        let payload = RealtimeRequestPayload(
            originalTransactionID: found.transaction.originalID, appAppleID: identity.appAppleID,
            productID: found.transaction.productID, userLocale: locale, signedDate: storeTime,
            environment: identity.environment)
        return (payload, try signRealtimeRequest(payload))
    }

    /// Signs a real-time request with the store's certificates.
    func signRealtimeRequest(_ payload: RealtimeRequestPayload) throws(RetentionError) -> String {
        do {
            return try signer.sign(payload)
        } catch {
            throw .internalError("the real-time request could not be signed: \(error)")
        }
    }
}
