import Foundation

/// The text of the generated `Package.swift`.
struct PackageManifest {
    let plan: XCTestPlan
    let kioskPath: String
    let kioskProducts: Set<String>

    var text: String {
        let testName = plan.testModule.name
        var kioskDependencies = ["StoreKit"].filter(kioskProducts.contains)
        if kioskProducts.contains("Combine") { kioskDependencies.append("Combine") }
        var testDependencies = plan.appModules.map { "\"\($0.name)\"" }
        testDependencies +=
            (["StoreKit", "StoreKitTest"] + (kioskProducts.contains("Combine") ? ["Combine"] : []))
            .filter(kioskProducts.contains).map(product)
        var testFlags: [String] = []
        if plan.usesExpectFailure, kioskProducts.contains("KioskXCTestBridge") {
            testDependencies.append(product("KioskXCTestBridge"))
            // The tests call XCTExpectFailure without importing anything new, as in Xcode.
            testFlags = ["-Xfrontend", "-import-module", "-Xfrontend", "KioskXCTestBridge"]
        }
        let resources = plan.storeKitConfigurations.map {
            ".copy(\(quoted(XCTestPackageWriter.linkName(for: $0, projectFolder: plan.projectFolder))))"
        }
        var targets: [String] = plan.appModules.map { module in
            """
                    .target(
                        name: \(quoted(module.name)), dependencies: [\(kioskDependencies.map(product).joined(separator: ", "))],
                        path: \(quoted("Sources/\(module.name)")),
                        swiftSettings: \(settings(module.settings, flags: [])))
            """
        }
        targets.append(
            """
                    .testTarget(
                        name: \(quoted(testName)), dependencies: [\(testDependencies.joined(separator: ", "))],
                        path: \(quoted("Tests/\(testName)")),
                        resources: [\(resources.joined(separator: ", "))],
                        swiftSettings: \(settings(plan.testModule.settings, flags: testFlags)))
            """)
        let leftOut = plan.appModules.flatMap { module in
            module.leftOut.map { "//   \(module.name): \($0.path): \($0.reason)" }
        }
        return """
            // swift-tools-version:6.2
            // Made by `kiosk xctest` from the Xcode project in \(plan.projectFolder); rewritten at every run,
            // so edit the project, not this file. The folders hold links to the project's own files.
            \(leftOut.isEmpty ? "" : "// Left out (Linux cannot compile them):\n" + leftOut.joined(separator: "\n") + "\n")\
            import PackageDescription

            let package = Package(
                name: \(quoted(testName + "-xctest")),
                platforms: [.macOS(.v15)],
                dependencies: [.package(name: "Kiosk", path: \(quoted(kioskPath)))],
                targets: [
            \(targets.joined(separator: ",\n"))
                ]
            )

            """
    }

    private func product(_ name: String) -> String { ".product(name: \(quoted(name)), package: \"Kiosk\")" }

    /// The language mode (Xcode's SWIFT_VERSION, 5 when unset as in Xcode), default isolation
    /// and upcoming features of one target.
    private func settings(_ settings: SwiftBuildSettings, flags: [String]) -> String {
        var items = [".swiftLanguageMode(.v\(settings.languageMode ?? 5))"]
        if settings.defaultIsolationIsMainActor { items.append(".defaultIsolation(MainActor.self)") }
        items += settings.enabledFeatures.map { ".enableUpcomingFeature(\(quoted($0)))" }
        if !flags.isEmpty { items.append(".unsafeFlags([\(flags.map(quoted).joined(separator: ", "))])") }
        return "[" + items.joined(separator: ", ") + "]"
    }

    private func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            + "\""
    }
}
