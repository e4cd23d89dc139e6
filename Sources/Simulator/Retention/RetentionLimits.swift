/// Apple's limits on retention messages and images, from app-store-server-library 3.1.2's
/// models (`UploadMessageRequestBody`, `BulletPoint`, `UploadMessageImage`,
/// `RealtimeUrlRequest`) and the Upload Image page.
public enum RetentionLimits {
    /// `header`: at most 66 characters.
    public static let headerLength = 66
    /// `body`: at most 144 characters.
    public static let bodyLength = 144
    /// `altText` of an image or bullet point: at most 150 characters.
    public static let altTextLength = 150
    /// A bullet point's `text`: at most 66 characters.
    public static let bulletPointTextLength = 66
    /// At most 5 bullet points a message.
    public static let bulletPoints = 5
    /// `realtimeURL`: at most 256 characters.
    public static let realtimeURLLength = 256
    /// Upload Image: "The maximum number of images you can configure for each app is 2000."
    public static let images = 2_000
    /// Apple names no number for messages; Kiosk uses the image limit (docs/retention.md).
    public static let messages = 2_000
    /// A full-size image is 3840 pixels wide and 160 to 2160 pixels high (Upload Image).
    public static let fullSizeWidth = 3_840
    public static let fullSizeHeights = 160...2_160
    /// Apple names no bullet-point size on the pages Kiosk follows; Kiosk takes a square icon of
    /// 64 to 512 pixels (docs/retention.md).
    public static let bulletPointSides = 64...512
}
