// swift-tools-version:5.9
import PackageDescription

// A developer's own Swift package of purchase code, tested with StoreKitTest as Xcode runs a
// package's tests: `kiosk xctest Package.swift` runs them on Linux.
let package = Package(
    name: "Purchases",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [.library(name: "Purchases", targets: ["Purchases"])],
    targets: [
        .target(name: "Purchases"),
        .testTarget(
            name: "PurchasesTests", dependencies: ["Purchases"], resources: [.copy("Products.storekit")]),
    ]
)
