import Foundation
import StoreCore

/// Where Retention Messaging answers a customer (docs/retention.md): the default message per
/// product and locale, the developer's real-time URL, and the performance tests run against it.
/// As for the content (SimulatedStore+Retention.swift), every check comes before anything is
/// written, and every change is journaled.
extension SimulatedStore {
    // MARK: Default messages

    public func retentionDefaults() throws(RetentionError) -> [RetentionDefault] {
        try retentionRead { (ledger) throws(LedgerError) in try ledger.retentionDefaults() }
    }

    /// Configure Default Message: an auto-renewable subscription of the catalog, a locale, an
    /// approved message whose images are approved.
    public func configureRetentionDefault(productID: String, locale: String, messageID: UUID?)
        throws(RetentionError)
    {
        try checkRetentionProduct(productID)
        try RetentionLocale.check(locale)
        guard let messageID else { throw .generalBadRequest("messageIdentifier is required") }
        guard let message = try retentionMessage(messageID) else {
            throw .messageNotFound("no message \(Self.retentionKey(messageID)): upload it first")
        }
        guard message.state == .approved else {
            throw .messageNotApproved(
                "message \(Self.retentionKey(messageID)) is \(message.state.rawValue): only an APPROVED message can be a default"
            )
        }
        let images = try retentionImages()
        for id in message.content.imageIdentifiers {
            let state = images.first { $0.id == id }?.state
            guard state == .approved else {
                throw .imageNotApproved(
                    "image \(Self.retentionKey(id)) of the message is \(state?.rawValue ?? "deleted"): approve it first"
                )
            }
        }
        let entry = RetentionDefault(productID: productID, locale: locale, messageID: messageID)
        try retentionWrite(
            "Configuring the default retention message for \(productID) in \(locale)",
            result: Self.retentionKey(messageID)
        ) { (ledger) throws(LedgerError) in try ledger.putRetentionDefault(entry) }
    }

    public func retentionDefault(productID: String, locale: String) throws(RetentionError) -> UUID {
        try checkRetentionProduct(productID)
        try RetentionLocale.check(locale)
        guard
            let found = try retentionDefaults().first(where: {
                $0.productID == productID && $0.locale == locale
            })
        else {
            throw .defaultMessageNotFound("no default message for \(productID) in \(locale)")
        }
        return found.messageID
    }

    public func deleteRetentionDefault(productID: String, locale: String) throws(RetentionError) {
        _ = try retentionDefault(productID: productID, locale: locale)
        try retentionWrite(
            "Deleting the default retention message for \(productID) in \(locale)", result: "deleted"
        ) {
            (ledger) throws(LedgerError) in
            try ledger.deleteRetentionDefault(productID: productID, locale: locale)
        }
    }

    private func checkRetentionProduct(_ productID: String) throws(RetentionError) {
        guard let product = products.product(productID, storefront: storefrontCode) else {
            throw .invalidProductID("'\(productID)' is not a product of the catalog")
        }
        guard product.type == .autoRenewable else {
            throw .invalidProductID(
                "'\(productID)' is a \(product.type.rawValue), not an auto-renewable subscription")
        }
    }

    // MARK: Real-time URL

    /// Configure Realtime URL: an absolute http or https URL of at most 256 characters.
    public func setRetentionRealtimeURL(_ url: String) throws(RetentionError) {
        try Self.checkRealtimeURL(url)
        try retentionWrite("Configuring the retention real-time URL", result: url) {
            (ledger) throws(LedgerError) in
            try ledger.setRetentionMetaValue(Self.retentionURLKey, url)
        }
    }

    /// The configured URL, or Apple's RealtimeUrlNotFoundError.
    public func retentionRealtimeURL() throws(RetentionError) -> String {
        let url = try retentionRead { (ledger) throws(LedgerError) in
            try ledger.retentionMetaValue(Self.retentionURLKey)
        }
        guard let url else {
            throw .realtimeURLNotFound("no real-time URL is configured: call Configure Realtime URL first")
        }
        return url
    }

    public func deleteRetentionRealtimeURL() throws(RetentionError) {
        _ = try retentionRealtimeURL()
        try retentionWrite("Deleting the retention real-time URL", result: "deleted") {
            (ledger) throws(LedgerError) in
            try ledger.setRetentionMetaValue(Self.retentionURLKey, nil)
        }
    }

    /// Apple's BadRequestRealtimeUrlError for anything but an absolute http(s) URL with a host.
    public static func checkRealtimeURL(_ url: String) throws(RetentionError) {
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
    public func startRetentionPerformanceTest(
        originalTransactionID: String, config: RetentionPerformanceTest.Config = .standard
    ) throws(RetentionError) -> RetentionPerformanceTest {
        guard let id = UInt64(originalTransactionID) else {
            throw .invalidPerformanceTestRequest(
                "originalTransactionId '\(originalTransactionID)' is not a transaction identifier")
        }
        let found: ServerTransaction?
        do throws(StoreError) {
            found = try serverTransaction(id)
        } catch {
            throw .internalError("\(error)")
        }
        guard let found, found.transaction.originalID == id, found.transaction.productType == .autoRenewable
        else {
            throw .invalidPerformanceTestRequest(
                "originalTransactionId \(originalTransactionID) is not the original transaction of a subscription"
            )
        }
        let target = try retentionRealtimeURL()
        if let running = try retentionTests().first(where: { $0.status == .pending }) {
            throw .existingPerformanceTestRun(
                "performance test \(running.requestID) is still running: wait for its result")
        }
        let test = RetentionPerformanceTest(
            requestID: UUID().uuidString.lowercased(), originalTransactionID: originalTransactionID,
            target: target,
            config: config, startedAt: wallClock(), numPending: config.totalRequests)
        try retentionWrite("Starting retention performance test \(test.requestID)", result: target) {
            (ledger) throws(LedgerError) in try ledger.putRetentionTest(test)
        }
        return test
    }

    /// Stores a test's progress or result.
    public func recordRetentionPerformanceTest(_ test: RetentionPerformanceTest) throws(RetentionError) {
        let result =
            test.status == .pending
            ? "\(test.numPending) pending"
            : "\(test.status.rawValue), \(test.successRate ?? 0)% in time, p95 \(test.responseTimes?.p95 ?? 0) ms"
        try retentionWrite("Retention performance test \(test.requestID)", result: result) {
            (ledger) throws(LedgerError) in try ledger.putRetentionTest(test)
        }
    }

    public func retentionTests() throws(RetentionError) -> [RetentionPerformanceTest] {
        try retentionRead { (ledger) throws(LedgerError) in try ledger.retentionTests() }
    }

    public func retentionPerformanceTest(requestID: String) throws(RetentionError) -> RetentionPerformanceTest
    {
        guard UUID(uuidString: requestID) != nil else {
            throw .invalidRequestID("'\(requestID)' is not a performance test's requestId")
        }
        guard let test = try retentionTests().first(where: { $0.requestID == requestID.lowercased() }) else {
            throw .performanceTestNotFound("no performance test \(requestID)")
        }
        return test
    }
}
