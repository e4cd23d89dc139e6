import Foundation
import Signing
import StoreCore

/// Retention Messaging's rows (docs/retention.md): the images and messages a developer uploads
/// with Apple's Retention Messaging API and their review, the default messages, the real-time
/// URL and its performance tests. Every check comes before anything is written, so a refused
/// request stores nothing; every change is one journaled write of the ledger.
///
/// The store makes one for each call, on its own executor (`SimulatedStore+Retention`): it holds
/// the call's store time and account, so its journal lines say who changed what and when.
struct RetentionService {
    static let urlKey = "retention_url"
    static let autoApproveKey = "retention_auto_approve"

    let ledger: Ledger
    let products: ProductIndex
    let signer: any PayloadSigner
    let wallClock: () -> Date
    /// The store's time of the call.
    let storeTime: Date
    /// The account the call acts for, named on its journal lines.
    let account: AccountName
    /// The store's state, read only for the account's storefront and the store's identity.
    let state: StoreState
    /// The store's completed transaction with an ID, whoever owns it.
    let lookup: (UInt64) throws(StoreError) -> ServerTransaction?
    /// Called when a write fails: it may have rolled back the ledger's open batch, which the
    /// store then forgets (`forgetRolledBackBatch`).
    let writeFailed: () -> Void

    /// The storefront the account buys in, where products are looked up.
    var storefront: String { state.account(account)?.account.storefront ?? state.meta.settings.storefront }

    // MARK: Images

    func images() throws(RetentionError) -> [RetentionImage] {
        try read { (ledger) throws(LedgerError) in try ledger.retentionImages() }
    }

    /// The PNG of an uploaded image, for drawing it.
    func imagePNG(_ id: UUID) throws(RetentionError) -> [UInt8]? {
        try read { (ledger) throws(LedgerError) in try ledger.retentionImagePNG(id) }
    }

    /// Upload Image: a PNG without transparency, 3840 pixels wide and 160 to 2160 high for
    /// `FULL_SIZE` (the default), a square icon for `BULLET_POINT`.
    func uploadImage(id: UUID, png: [UInt8], size: RetentionImageSize?) throws(RetentionError) {
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
        let existing = try images()
        guard !existing.contains(where: { $0.id == id }) else {
            throw .imageAlreadyExists(
                "image \(Self.key(id)) already exists: delete it first or use a new UUID")
        }
        guard existing.count < RetentionLimits.images else {
            throw .maximumImages(
                "the app has \(RetentionLimits.images) images, Apple's maximum: delete some first")
        }
        let auto = try autoApprove()
        let image = RetentionImage(
            id: id, size: size, width: info.width, height: info.height, byteCount: png.count,
            state: auto ? .approved : .pending, uploadedAt: wallClock())
        try write(
            "Uploading retention image \(Self.key(id))",
            result: "\(size.rawValue) \(info.width)×\(info.height), \(image.state.rawValue)"
        ) { (ledger) throws(LedgerError) in try ledger.putRetentionImage(image, png: png) }
    }

    /// Delete Image: refused while a message uses the image.
    func deleteImage(id: UUID) throws(RetentionError) {
        guard try images().contains(where: { $0.id == id }) else {
            throw .imageNotFound("no image \(Self.key(id)): Get Image List shows the uploaded ones")
        }
        if let user = try messages().first(where: { $0.content.imageIdentifiers.contains(id) }) {
            throw .imageInUse(
                "message \(Self.key(user.id)) uses image \(Self.key(id)): delete the message first"
            )
        }
        try write("Deleting retention image \(Self.key(id))", result: "deleted") {
            (ledger) throws(LedgerError) in try ledger.deleteRetentionImage(id)
        }
    }

    // MARK: Messages

    func messages() throws(RetentionError) -> [RetentionMessage] {
        try read { (ledger) throws(LedgerError) in try ledger.retentionMessages() }
    }

    func message(_ id: UUID) throws(RetentionError) -> RetentionMessage? {
        try messages().first { $0.id == id }
    }

    /// Upload Message: Apple's text limits, images that exist and are of the right size.
    func uploadMessage(id: UUID, content: RetentionMessage.Content) throws(RetentionError) {
        try content.checkText()
        let images = Dictionary(
            try images().map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        if let image = content.image {
            guard let found = images[image.imageIdentifier] else {
                throw .imageNotFound(
                    "image.imageIdentifier \(Self.key(image.imageIdentifier)) is not uploaded")
            }
            guard found.size == .fullSize else {
                throw .badImageSize(
                    "image \(Self.key(found.id)) is a BULLET_POINT image; a message's image must be FULL_SIZE"
                )
            }
        }
        for (index, bullet) in (content.bulletPoints ?? []).enumerated() {
            guard let found = images[bullet.imageIdentifier] else {
                throw .imageNotFound(
                    "bulletPoints[\(index)].imageIdentifier \(Self.key(bullet.imageIdentifier)) is not uploaded"
                )
            }
            guard found.size == .bulletPoint else {
                throw .badImageSize(
                    "bulletPoints[\(index)] names FULL_SIZE image \(Self.key(found.id)); a bullet point's must be BULLET_POINT"
                )
            }
        }
        let existing = try messages()
        guard !existing.contains(where: { $0.id == id }) else {
            throw .messageAlreadyExists(
                "message \(Self.key(id)) already exists: delete it first or use a new UUID")
        }
        guard existing.count < RetentionLimits.messages else {
            throw .maximumMessages("the app has \(RetentionLimits.messages) messages: delete some first")
        }
        let message = RetentionMessage(
            id: id, content: content, state: try autoApprove() ? .approved : .pending,
            uploadedAt: wallClock())
        try write(
            "Uploading retention message \(Self.key(id))",
            result: "\"\(content.header)\", \(message.state.rawValue)"
        ) { (ledger) throws(LedgerError) in try ledger.putRetentionMessage(message) }
    }

    /// Delete Message; default messages that named it go with it.
    func deleteMessage(id: UUID) throws(RetentionError) {
        guard try message(id) != nil else {
            throw .messageNotFound(
                "no message \(Self.key(id)): Get Message List shows the uploaded ones")
        }
        try write("Deleting retention message \(Self.key(id))", result: "deleted") {
            (ledger) throws(LedgerError) in try ledger.deleteRetentionMessage(id)
        }
    }

    // MARK: Review

    /// The tester's App Review of a message.
    func reviewMessage(id: UUID, _ review: RetentionReview) throws(RetentionError) {
        guard var message = try self.message(id) else {
            throw .messageNotFound("no message \(Self.key(id))")
        }
        (message.state, message.rejectionReason) = Self.verdict(review)
        try write("Reviewing retention message \(Self.key(id))", result: Self.words(review)) {
            (ledger) throws(LedgerError) in try ledger.putRetentionMessage(message)
        }
    }

    /// The tester's App Review of an image.
    func reviewImage(id: UUID, _ review: RetentionReview) throws(RetentionError) {
        guard var image = try self.images().first(where: { $0.id == id }) else {
            throw .imageNotFound("no image \(Self.key(id))")
        }
        (image.state, image.rejectionReason) = Self.verdict(review)
        try write("Reviewing retention image \(Self.key(id))", result: Self.words(review)) {
            (ledger) throws(LedgerError) in try ledger.putRetentionImage(image, png: nil)
        }
    }

    /// Whether uploads are approved at once (off by default: a tester reviews them).
    func autoApprove() throws(RetentionError) -> Bool {
        try read { (ledger) throws(LedgerError) in
            try ledger.retentionMetaValue(Self.autoApproveKey) == "1"
        }
    }

    func setAutoApprove(_ on: Bool) throws(RetentionError) {
        try write("Setting retention auto-approve", result: on ? "on" : "off") {
            (ledger) throws(LedgerError) in
            try ledger.setRetentionMetaValue(Self.autoApproveKey, on ? "1" : nil)
        }
    }

    // MARK: Plumbing

    /// An identifier as Apple's API writes it: lower-case.
    static func key(_ id: UUID) -> String { id.uuidString.lowercased() }

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

    func read<T>(_ body: (Ledger) throws(LedgerError) -> T) throws(RetentionError) -> T {
        do throws(LedgerError) {
            return try body(ledger)
        } catch {
            throw .internalError("the ledger could not be read: \(error)")
        }
    }

    /// One journaled change to the retention rows.
    func write(_ action: String, result: String, _ body: (Ledger) throws(LedgerError) -> Void)
        throws(RetentionError)
    {
        let context = JournalContext.current
        let entry = JournalEntry(
            wallTime: wallClock(), storeTime: storeTime,
            session: context?.session ?? SimulatedStore.ownSession,
            source: context?.source ?? .wire, screen: context?.screen, account: account,
            action: action,
            result: result, picture: context?.picture)
        do throws(LedgerError) {
            try ledger.writeRetention(journal: [entry]) { () throws(LedgerError) in try body(ledger) }
        } catch {
            writeFailed()
            throw .internalError("the change could not be stored: \(error)")
        }
    }
}
