// swift-tools-version:5.9
import PackageDescription

// Purchase code built on a remote package, which kiosk xctest cannot fetch here.
let package = Package(
    name: "Shop",
    platforms: [.iOS(.v17)],
    dependencies: [.package(url: "https://github.com/RevenueCat/purchases-ios", from: "5.0.0")],
    targets: [
        .target(name: "Shop", dependencies: [.product(name: "RevenueCat", package: "purchases-ios")]),
        .testTarget(name: "ShopTests", dependencies: ["Shop"], resources: [.copy("Products.storekit")]),
    ]
)
