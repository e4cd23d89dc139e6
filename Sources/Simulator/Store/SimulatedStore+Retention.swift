import Foundation
import StoreCore

/// Retention Messaging's content (docs/retention.md): the images and messages a developer
/// uploads with Apple's Retention Messaging API and their review (the defaults, the real-time
/// URL and performance tests are in SimulatedStore+RetentionEndpoint.swift). Every check comes
/// before anything is written, so a refused request stores nothing; every change is journaled.
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

    func retentionRead<T>(_ body: (Ledger) throws(LedgerError) -> T) throws(RetentionError) -> T {
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
