// swift-tools-version:6.0
import PackageDescription

// A purchase manager written the StoreKit 2 way, tested on Linux through Kiosk's SKTestSession
// (docs/your-code.md). It depends on Kiosk by path; a real app names Kiosk's URL instead.
// Swift 6 by default; `KIOSK_SWIFT5=1 swift build` builds it in the Swift 5 language mode, where
// Apple's sample store (SampleStore.swift) is built too.
let swift5 = Context.environment["KIOSK_SWIFT5"] != nil
let languageMode: [SwiftSetting] = swift5 ? [.swiftLanguageMode(.v5)] : []

// Kiosk's StoreKit on Linux only: on Apple platforms `import StoreKit` is Apple's. Kiosk offers
// the `StoreKit` and `StoreKitTest` products only on Linux, so they are named only there.
#if os(Linux)
    let storeKit: [Target.Dependency] = [.product(name: "StoreKit", package: "Kiosk")]
    let storeKitTest: [Target.Dependency] = [.product(name: "StoreKitTest", package: "Kiosk")]
#else
    let storeKit: [Target.Dependency] = []
    let storeKitTest: [Target.Dependency] = []
#endif

let package = Package(
    name: "PurchaseManager",
    platforms: [.macOS(.v15), .iOS(.v17)],
    products: [.library(name: "PurchaseManager", targets: ["PurchaseManager"])],
    dependencies: [.package(name: "Kiosk", path: "../..")],
    targets: [
        .target(name: "PurchaseManager", dependencies: storeKit, swiftSettings: languageMode),
        // The manager as a program, to run against KIOSK_CATALOG, KIOSK_STATE or KIOSK_STORE.
        .executableTarget(
            name: "purchase-demo", dependencies: ["PurchaseManager"] + storeKit, swiftSettings: languageMode),
        .testTarget(
            name: "PurchaseManagerTests", dependencies: ["PurchaseManager"] + storeKit + storeKitTest,
            resources: [.copy("Lumen.storekit")], swiftSettings: languageMode),
    ]
)
