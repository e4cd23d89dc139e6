// swift-tools-version:6.0
import PackageDescription

// A purchase manager written the StoreKit 2 way, tested on Linux through Kiosk's SKTestSession
// (docs/your-code.md). It depends on Kiosk by path; a real app names Kiosk's URL instead.
// Swift 6 by default; `KIOSK_SWIFT5=1 swift build` builds it in the Swift 5 language mode.
let swift5 = Context.environment["KIOSK_SWIFT5"] != nil
let package = Package(
    name: "PurchaseManager",
    platforms: [.macOS(.v15), .iOS(.v17)],
    products: [.library(name: "PurchaseManager", targets: ["PurchaseManager"])],
    dependencies: [.package(name: "Kiosk", path: "../..")],
    targets: [
        .target(
            name: "PurchaseManager",
            dependencies: [
                .product(name: "KioskStoreKit", package: "Kiosk", condition: .when(platforms: [.linux]))
            ],
            swiftSettings: swift5 ? [.swiftLanguageMode(.v5)] : []),
        // The manager as a program, to run against KIOSK_CATALOG, KIOSK_STATE or KIOSK_STORE.
        .executableTarget(
            name: "purchase-demo",
            dependencies: [
                "PurchaseManager",
                .product(name: "KioskStoreKit", package: "Kiosk", condition: .when(platforms: [.linux])),
            ],
            swiftSettings: swift5 ? [.swiftLanguageMode(.v5)] : []),
        .testTarget(
            name: "PurchaseManagerTests",
            dependencies: [
                "PurchaseManager",
                .product(name: "KioskStoreKitTest", package: "Kiosk", condition: .when(platforms: [.linux])),
            ],
            resources: [.copy("Lumen.storekit")],
            swiftSettings: swift5 ? [.swiftLanguageMode(.v5)] : []),
    ]
)
