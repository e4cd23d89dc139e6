import Foundation
import Signing
import StoreCore

/// Retention Messaging (docs/retention.md) on the store's executor: each call asks a
/// `RetentionService` made for it, which does the checks and the journaled writes. These stay
/// members of the actor, kept beside the service rather than in its own files: the service is
/// made per call from the actor's ledger, time and account and must run on its executor, so a
/// caller outside (the App Store Server API, a shot, a test) reaching the service directly would
/// need one hop to make it and still could not call it off the actor; one forwarder is one hop.
extension SimulatedStore: RetentionManaging {
    /// How long the store waits for a real-time endpoint (`RetentionService.timeLimit`).
    public static let retentionTimeLimit = RetentionService.timeLimit

    /// The service for one call: the store's time and account now.
    var retention: RetentionService {
        RetentionService(
            ledger: ledger, products: products, signer: signer, wallClock: wallClock, storeTime: currentTime,
            account: activeAccount, state: state,
            lookup: { (id) throws(StoreError) in try self.serverTransaction(id) },
            writeFailed: { self.forgetRolledBackBatch() })
    }

    // MARK: Images and messages

    public func retentionImages() throws(RetentionError) -> [RetentionImage] { try retention.images() }

    /// The PNG of an uploaded image, for drawing it.
    public func retentionImagePNG(_ id: UUID) throws(RetentionError) -> [UInt8]? {
        try retention.imagePNG(id)
    }

    /// Upload Image (`RetentionService.uploadImage`).
    public func uploadRetentionImage(id: UUID, png: [UInt8], size: RetentionImageSize?) throws(RetentionError)
    {
        try retention.uploadImage(id: id, png: png, size: size)
    }

    /// Delete Image: refused while a message uses the image.
    public func deleteRetentionImage(id: UUID) throws(RetentionError) { try retention.deleteImage(id: id) }

    public func retentionMessages() throws(RetentionError) -> [RetentionMessage] { try retention.messages() }

    public func retentionMessage(_ id: UUID) throws(RetentionError) -> RetentionMessage? {
        try retention.message(id)
    }

    /// Upload Message (`RetentionService.uploadMessage`).
    public func uploadRetentionMessage(id: UUID, content: RetentionMessage.Content) throws(RetentionError) {
        try retention.uploadMessage(id: id, content: content)
    }

    /// Delete Message; default messages that named it go with it.
    public func deleteRetentionMessage(id: UUID) throws(RetentionError) {
        try retention.deleteMessage(id: id)
    }

    /// The tester's App Review of a message.
    public func reviewRetentionMessage(id: UUID, _ review: RetentionReview) throws(RetentionError) {
        try retention.reviewMessage(id: id, review)
    }

    /// The tester's App Review of an image.
    public func reviewRetentionImage(id: UUID, _ review: RetentionReview) throws(RetentionError) {
        try retention.reviewImage(id: id, review)
    }

    /// Whether uploads are approved at once (off by default: a tester reviews them).
    public func retentionAutoApprove() throws(RetentionError) -> Bool { try retention.autoApprove() }

    public func setRetentionAutoApprove(_ on: Bool) throws(RetentionError) {
        try retention.setAutoApprove(on)
    }

    // MARK: Default messages, real-time URL, performance tests

    public func retentionDefaults() throws(RetentionError) -> [RetentionDefault] { try retention.defaults() }

    /// Configure Default Message (`RetentionService.configureDefault`).
    public func configureRetentionDefault(productID: String, locale: String, messageID: UUID?)
        throws(RetentionError)
    {
        try retention.configureDefault(productID: productID, locale: locale, messageID: messageID)
    }

    public func retentionDefault(productID: String, locale: String) throws(RetentionError) -> UUID {
        try retention.defaultMessage(productID: productID, locale: locale)
    }

    public func deleteRetentionDefault(productID: String, locale: String) throws(RetentionError) {
        try retention.deleteDefault(productID: productID, locale: locale)
    }

    /// Configure Realtime URL: an absolute http or https URL of at most 256 characters.
    public func setRetentionRealtimeURL(_ url: String) throws(RetentionError) {
        try retention.setRealtimeURL(url)
    }

    /// The configured URL, or Apple's RealtimeUrlNotFoundError.
    public func retentionRealtimeURL() throws(RetentionError) -> String { try retention.realtimeURL() }

    public func deleteRetentionRealtimeURL() throws(RetentionError) { try retention.deleteRealtimeURL() }

    /// Apple's BadRequestRealtimeUrlError for anything but an absolute http(s) URL with a host.
    public static func checkRealtimeURL(_ url: String) throws(RetentionError) {
        try RetentionService.checkRealtimeURL(url)
    }

    /// Initiate Performance Test (`RetentionService.startPerformanceTest`).
    public func startRetentionPerformanceTest(
        originalTransactionID: String, config: RetentionPerformanceTest.Config = .standard
    ) throws(RetentionError) -> RetentionPerformanceTest {
        try retention.startPerformanceTest(originalTransactionID: originalTransactionID, config: config)
    }

    /// Stores a test's progress or result.
    public func recordRetentionPerformanceTest(_ test: RetentionPerformanceTest) throws(RetentionError) {
        try retention.recordPerformanceTest(test)
    }

    public func retentionTests() throws(RetentionError) -> [RetentionPerformanceTest] {
        try retention.performanceTests()
    }

    public func retentionPerformanceTest(requestID: String) throws(RetentionError) -> RetentionPerformanceTest
    {
        try retention.performanceTest(requestID: requestID)
    }

    // MARK: Real-time requests and the cancel sheet

    /// The signed request for a subscription, as Apple sends it to the Get Retention Message endpoint.
    public func retentionRequest(originalTransactionID: UInt64, locale: String) throws(RetentionError)
        -> (payload: RealtimeRequestPayload, signedPayload: String)
    {
        try retention.request(originalTransactionID: originalTransactionID, locale: locale)
    }

    /// Signs a real-time request with the store's certificates.
    public func signRealtimeRequest(_ payload: RealtimeRequestPayload) throws(RetentionError) -> String {
        try retention.signRealtimeRequest(payload)
    }

    /// The sheet for the signed-in account's subscription to `productID` (`RetentionService.sheet`).
    public func retentionSheet(productID: String) async throws(StoreError) -> RetentionSheet {
        try await RetentionService.sheet(productID: productID, on: self)
    }

    public func manageRetention(_ change: RetentionManagement) async throws(StoreError) -> String {
        do throws(RetentionError) {
            return try retention.manage(change)
        } catch {
            throw StoreError.invalidArgument("\(error)")
        }
    }
}
