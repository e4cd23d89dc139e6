import Foundation
import StoreCore

/// Retention Messaging's state (docs/retention.md): the images and messages a developer
/// uploads with Apple's Retention Messaging API, their review, default messages, the real-time
/// URL and performance tests. Every check comes before anything is written, so a refused
/// request stores nothing; every change is journaled.
extension SimulatedStore {
    static let retentionURLKey = "retention_url"
    static let retentionAutoApproveKey = "retention_auto_approve"

    // MARK: Images

    public func retentionImages() throws(RetentionError) -> [RetentionImage] {
        try retentionRead { (ledger) throws(LedgerError) in try ledger.retentionImages() }
    }

    /// The PNG of an uploaded image, for drawing it.
    public func retentionImagePNG(_ id: UUID) throws(RetentionError) -> [UInt8]? {
        try retentionRead { (ledger) throws(LedgerError) in try ledger.retentionImagePNG(id) }
    }

    /// Upload Image: a PNG without transparency, 3840 pixels wide and 160 to 2160 high for
    /// `FULL_SIZE` (the default), a square icon for `BULLET_POINT`.
    public func uploadRetentionImage(id: UUID, png: [UInt8], size: RetentionImageSize?) throws(RetentionError)
    {
        let size = size ?? .fullSize
        let info = try PNGImageInfo(bytes: png)
        guard !info.hasTransparency else {
            throw .invalidImage("the PNG has transparency (an alpha channel or tRNS): save it without one")
        }
        switch size {
        case .fullSize:
            guard info.width == RetentionLimits.fullSizeWidth,
                RetentionLimits.fullSizeHeights.contains(info.height)
            else {
                throw .invalidImage(
                    "a FULL_SIZE image must be \(RetentionLimits.fullSizeWidth) pixels wide and "
                        + "\(RetentionLimits.fullSizeHeights.lowerBound)-\(RetentionLimits.fullSizeHeights.upperBound) "
                        + "high; this one is \(info.width)×\(info.height)")
            }
        case .bulletPoint:
            guard info.width == info.height, RetentionLimits.bulletPointSides.contains(info.width) else {
                throw .invalidImage(
                    "a BULLET_POINT image must be square, \(RetentionLimits.bulletPointSides.lowerBound)-"
                        + "\(RetentionLimits.bulletPointSides.upperBound) pixels a side; this one is "
                        + "\(info.width)×\(info.height)")
            }
        }
        let existing = try retentionImages()
        guard !existing.contains(where: { $0.id == id }) else {
            throw .imageAlreadyExists(
                "image \(Self.retentionKey(id)) already exists: delete it first or use a new UUID")
        }
        guard existing.count < RetentionLimits.images else {
            throw .maximumImages(
                "the app has \(RetentionLimits.images) images, Apple's maximum: delete some first")
        }
        let auto = try retentionAutoApprove()
        let image = RetentionImage(
            id: id, size: size, width: info.width, height: info.height, byteCount: png.count,
            state: auto ? .approved : .pending, uploadedAt: wallClock())
        try retentionWrite(
            "Uploading retention image \(Self.retentionKey(id))",
            result: "\(size.rawValue) \(info.width)×\(info.height), \(image.state.rawValue)"
        ) { (ledger) throws(LedgerError) in try ledger.putRetentionImage(image, png: png) }
    }

    /// Delete Image: refused while a message uses the image.
    public func deleteRetentionImage(id: UUID) throws(RetentionError) {
        guard try retentionImages().contains(where: { $0.id == id }) else {
            throw .imageNotFound("no image \(Self.retentionKey(id)): Get Image List shows the uploaded ones")
        }
        if let user = try retentionMessages().first(where: { $0.content.imageIdentifiers.contains(id) }) {
            throw .imageInUse(
                "message \(Self.retentionKey(user.id)) uses image \(Self.retentionKey(id)): delete the message first"
            )
        }
        try retentionWrite("Deleting retention image \(Self.retentionKey(id))", result: "deleted") {
            (ledger) throws(LedgerError) in try ledger.deleteRetentionImage(id)
        }
    }

    // MARK: Messages

    public func retentionMessages() throws(RetentionError) -> [RetentionMessage] {
        try retentionRead { (ledger) throws(LedgerError) in try ledger.retentionMessages() }
    }

    public func retentionMessage(_ id: UUID) throws(RetentionError) -> RetentionMessage? {
        try retentionMessages().first { $0.id == id }
    }

    /// Upload Message: Apple's text limits, images that exist and are of the right size.
    public func uploadRetentionMessage(id: UUID, content: RetentionMessage.Content) throws(RetentionError) {
        try content.checkText()
        let images = Dictionary(
            try retentionImages().map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        if let image = content.image {
            guard let found = images[image.imageIdentifier] else {
                throw .imageNotFound(
                    "image.imageIdentifier \(Self.retentionKey(image.imageIdentifier)) is not uploaded")
            }
            guard found.size == .fullSize else {
                throw .badImageSize(
                    "image \(Self.retentionKey(found.id)) is a BULLET_POINT image; a message's image must be FULL_SIZE"
                )
            }
        }
        for (index, bullet) in (content.bulletPoints ?? []).enumerated() {
            guard let found = images[bullet.imageIdentifier] else {
                throw .imageNotFound(
                    "bulletPoints[\(index)].imageIdentifier \(Self.retentionKey(bullet.imageIdentifier)) is not uploaded"
                )
            }
            guard found.size == .bulletPoint else {
                throw .badImageSize(
                    "bulletPoints[\(index)] names FULL_SIZE image \(Self.retentionKey(found.id)); a bullet point's must be BULLET_POINT"
                )
            }
        }
        let existing = try retentionMessages()
        guard !existing.contains(where: { $0.id == id }) else {
            throw .messageAlreadyExists(
                "message \(Self.retentionKey(id)) already exists: delete it first or use a new UUID")
        }
        guard existing.count < RetentionLimits.messages else {
            throw .maximumMessages("the app has \(RetentionLimits.messages) messages: delete some first")
        }
        let message = RetentionMessage(
            id: id, content: content, state: try retentionAutoApprove() ? .approved : .pending,
            uploadedAt: wallClock())
        try retentionWrite(
            "Uploading retention message \(Self.retentionKey(id))",
            result: "\"\(content.header)\", \(message.state.rawValue)"
        ) { (ledger) throws(LedgerError) in try ledger.putRetentionMessage(message) }
    }

    /// Delete Message; default messages that named it go with it.
    public func deleteRetentionMessage(id: UUID) throws(RetentionError) {
        guard try retentionMessage(id) != nil else {
            throw .messageNotFound(
                "no message \(Self.retentionKey(id)): Get Message List shows the uploaded ones")
        }
        try retentionWrite("Deleting retention message \(Self.retentionKey(id))", result: "deleted") {
            (ledger) throws(LedgerError) in try ledger.deleteRetentionMessage(id)
        }
    }

    // MARK: Review

    /// The tester's App Review of a message.
    public func reviewRetentionMessage(id: UUID, _ review: RetentionReview) throws(RetentionError) {
        guard var message = try retentionMessage(id) else {
            throw .messageNotFound("no message \(Self.retentionKey(id))")
        }
        (message.state, message.rejectionReason) = Self.verdict(review)
        try retentionWrite("Reviewing retention message \(Self.retentionKey(id))", result: Self.words(review))
        {
            (ledger) throws(LedgerError) in try ledger.putRetentionMessage(message)
        }
    }

    /// The tester's App Review of an image.
    public func reviewRetentionImage(id: UUID, _ review: RetentionReview) throws(RetentionError) {
        guard var image = try retentionImages().first(where: { $0.id == id }) else {
            throw .imageNotFound("no image \(Self.retentionKey(id))")
        }
        (image.state, image.rejectionReason) = Self.verdict(review)
        try retentionWrite("Reviewing retention image \(Self.retentionKey(id))", result: Self.words(review)) {
            (ledger) throws(LedgerError) in try ledger.putRetentionImage(image, png: nil)
        }
    }

    /// Whether uploads are approved at once (off by default: a tester reviews them).
    public func retentionAutoApprove() throws(RetentionError) -> Bool {
        try retentionRead { (ledger) throws(LedgerError) in
            try ledger.retentionMetaValue(Self.retentionAutoApproveKey) == "1"
        }
    }

    public func setRetentionAutoApprove(_ on: Bool) throws(RetentionError) {
        try retentionWrite("Setting retention auto-approve", result: on ? "on" : "off") {
            (ledger) throws(LedgerError) in
            try ledger.setRetentionMetaValue(Self.retentionAutoApproveKey, on ? "1" : nil)
        }
    }

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

    // MARK: Plumbing

    static func retentionKey(_ id: UUID) -> String { id.uuidString.lowercased() }

    private static func verdict(_ review: RetentionReview) -> (RetentionApprovalState, String?) {
        switch review {
        case .approve: (.approved, nil)
        case .reject(let reason): (.rejected, reason)
        }
    }

    private static func words(_ review: RetentionReview) -> String {
        switch review {
        case .approve: "APPROVED"
        case .reject(let reason): "REJECTED: \(reason)"
        }
    }

    private func retentionRead<T>(_ body: (Ledger) throws(LedgerError) -> T) throws(RetentionError) -> T {
        do throws(LedgerError) {
            return try body(ledger)
        } catch {
            throw .internalError("the ledger could not be read: \(error)")
        }
    }

    /// One journaled change to the retention rows.
    func retentionWrite(_ action: String, result: String, _ body: (Ledger) throws(LedgerError) -> Void)
        throws(RetentionError)
    {
        let context = JournalContext.current
        let entry = JournalEntry(
            wallTime: wallClock(), storeTime: currentTime, session: context?.session ?? Self.ownSession,
            source: context?.source ?? "wire", screen: context?.screen, account: activeAccount,
            action: action,
            result: result, picture: context?.picture)
        do throws(LedgerError) {
            try ledger.writeRetention(journal: [entry]) { () throws(LedgerError) in try body(ledger) }
        } catch {
            forgetRolledBackBatch()
            throw .internalError("the change could not be stored: \(error)")
        }
    }
}
