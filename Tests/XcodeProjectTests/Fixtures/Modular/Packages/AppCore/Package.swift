// swift-tools-version:5.9
import PackageDescription

// A local package the app references (Xcode: Add Package Dependencies… > Add Local…).
let package = Package(
    name: "AppCore",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [.library(name: "AppCore", targets: ["AppCore"])],
    targets: [
        .target(name: "AppCore", resources: [.process("Resources")])
    ]
)
