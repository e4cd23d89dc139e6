/// What Xcode's SDK has that Linux's Swift toolchain does not, as `kiosk xctest` names it.
public enum LinuxAvailability {
    /// Apple's UI frameworks: a file that imports one is view code, not purchase code.
    public static let userInterfaceModules: Set<String> = [
        "UIKit", "AppKit", "SwiftUI", "WatchKit", "Cocoa", "TVUIKit", "MessageUI", "SafariServices",
        "WidgetKit",
    ]

    /// Other Apple-only modules purchase code is seen to import. `Combine` and `OSLog` are not
    /// here: Kiosk offers their subsets on Linux (or the checkout says it does not, and the
    /// compiler names the import).
    public static let appleOnlyModules: Set<String> = [
        "CoreData", "CloudKit", "AuthenticationServices", "UserNotifications", "CoreGraphics", "QuartzCore",
        "AVFoundation", "Photos", "MapKit", "CoreLocation", "ARKit", "RealityKit", "ActivityKit",
        "AppIntents", "SwiftData", "WebKit", "CryptoKit", "Security", "SystemConfiguration", "SceneKit",
        "SpriteKit", "GameKit", "HealthKit", "EventKit", "Contacts", "LocalAuthentication", "AdSupport",
        "AppTrackingTransparency", "BackgroundTasks", "LinkPresentation", "PassKit", "QuickLook", "Vision",
        "CoreML", "NaturalLanguage", "CoreImage", "CoreMotion", "CoreHaptics", "ImageIO",
        "UniformTypeIdentifiers", "MobileCoreServices", "Network", "CoreTelephony", "TipKit", "DeviceCheck",
        "CoreSpotlight", "Intents", "IntentsUI", "FamilyControls", "ManagedSettings", "Darwin", "ObjectiveC",
        "CoreText", "MetricKit", "GameController", "PhotosUI",
    ]

    /// XCTest API that Xcode's XCTest has and swift-corelibs-xctest (the Linux one) has not, with
    /// what to do. Checked against the symbols of the toolchain's XCTest module (docs/xctest.md).
    public static let missingXCTestAPI: [(name: String, advice: String)] = [
        ("XCUIApplication", "UI tests drive an app's screens, which Linux cannot run; leave this target out"),
        ("XCTContext", "XCTContext.runActivity is Xcode-only; call the activity's block directly"),
        ("XCTAttachment", "attachments are Xcode-only; write the data to a file instead"),
        ("XCTIssue", "XCTIssue is Xcode-only; record failures with XCTFail"),
        ("XCTClockMetric", "performance metrics are Xcode-only; use measure { } or kiosk-bench"),
        ("XCTCPUMetric", "performance metrics are Xcode-only; use measure { } or kiosk-bench"),
        ("XCTMemoryMetric", "performance metrics are Xcode-only; use measure { } or kiosk-bench"),
        ("XCTStorageMetric", "performance metrics are Xcode-only; use measure { } or kiosk-bench"),
        ("executionTimeAllowance", "executionTimeAllowance is Xcode-only; remove the line for Linux"),
    ]

    /// XCTest API Linux lacks that the generated package bridges with Xcode's semantics.
    public static let bridgedXCTestAPI: Set<String> = ["XCTExpectFailure", "XCTExpectedFailure"]

    /// Original StoreKit's (StoreKit 1) classes: Kiosk's StoreKit is StoreKit 2's API (`Product`,
    /// `Transaction`, `AppStore`), so a file that uses these cannot compile against it.
    public static let originalStoreKitAPI: Set<String> = [
        "SKPaymentQueue", "SKProductsRequest", "SKProductsRequestDelegate", "SKProductsResponse", "SKPayment",
        "SKMutablePayment", "SKPaymentTransaction", "SKPaymentTransactionObserver", "SKReceiptRefreshRequest",
        "SKRequest", "SKRequestDelegate", "SKProduct", "SKProductDiscount", "SKProductSubscriptionPeriod",
        "SKPaymentDiscount", "SKDownload", "SKStorefront", "SKPaymentQueueDelegate",
    ]

    /// StoreKit's views and prompts, which need an app's window (UIKit or AppKit).
    public static let storeKitInterfaceAPI: Set<String> = [
        "SKStoreReviewController", "SKStoreProductViewController", "SKOverlay",
        "SKCloudServiceSetupViewController",
    ]
}
