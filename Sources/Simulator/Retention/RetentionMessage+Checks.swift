/// Apple's rules for a message's text, checked before anything is stored, each failure with
/// Apple's error code and the limit it broke. Images are checked by the store, which knows them.
extension RetentionMessage.Content {
    func checkText() throws(RetentionError) {
        guard header.count <= RetentionLimits.headerLength else {
            throw .headerTooLong(
                "header is \(header.count) characters; Apple allows \(RetentionLimits.headerLength): shorten it"
            )
        }
        guard body.count <= RetentionLimits.bodyLength else {
            throw .bodyTooLong(
                "body is \(body.count) characters; Apple allows \(RetentionLimits.bodyLength): shorten it")
        }
        if let image, image.altText.count > RetentionLimits.altTextLength {
            throw .altTextTooLong(
                "image.altText is \(image.altText.count) characters; Apple allows \(RetentionLimits.altTextLength)"
            )
        }
        if headerPosition == .aboveImage, image == nil {
            throw .aboveImageRequiresImage(
                "headerPosition is ABOVE_IMAGE but the message has no image: add one or use ABOVE_BODY")
        }
        let bullets = bulletPoints ?? []
        guard bullets.count <= RetentionLimits.bulletPoints else {
            throw .tooManyBulletPoints(
                "the message has \(bullets.count) bullet points; Apple allows \(RetentionLimits.bulletPoints)"
            )
        }
        for (index, bullet) in bullets.enumerated() {
            guard bullet.text.count <= RetentionLimits.bulletPointTextLength else {
                throw .bulletPointTextTooLong(
                    "bulletPoints[\(index)].text is \(bullet.text.count) characters; Apple allows "
                        + "\(RetentionLimits.bulletPointTextLength)")
            }
            guard bullet.altText.count <= RetentionLimits.altTextLength else {
                throw .altTextTooLong(
                    "bulletPoints[\(index)].altText is \(bullet.altText.count) characters; Apple allows "
                        + "\(RetentionLimits.altTextLength)")
            }
        }
    }
}
