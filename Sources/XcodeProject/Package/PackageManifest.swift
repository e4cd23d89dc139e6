import Foundation

/// The text of the generated `Package.swift`.
struct PackageManifest {
    let plan: XCTestPlan
    let kioskPath: String
    let kioskProducts: Set<String>

    var text: String {
        let test = plan.testModule
        var testProducts = test.kioskProducts
        // A test target always reaches StoreKitTest's session and StoreKit, as Xcode's test
        // bundle links StoreKitTest.framework.
        for name in ["StoreKit", "StoreKitTest"] where !testProducts.contains(name) {
            testProducts.append(name)
        }
        var testFlags = implicitImportFlags(test)
        if plan.usesExpectFailure, kioskProducts.contains("KioskXCTestBridge") {
            testProducts.append("KioskXCTestBridge")
            // The tests call XCTExpectFailure without importing anything new, as in Xcode.
            testFlags += ["-Xfrontend", "-import-module", "-Xfrontend", "KioskXCTestBridge"]
        }
        let storeKitResources = plan.storeKitConfigurations.map {
            XCTestPlan.Resource(path: $0, rule: "copy")
        }
        var targets: [String] = plan.appModules.map { module in
            target(
                "target", module, folder: "Sources/\(module.name)", products: module.kioskProducts,
                resources: module.resources, flags: implicitImportFlags(module))
        }
        targets.append(
            target(
                "testTarget", test, folder: "Tests/\(test.name)", products: testProducts,
                resources: test.resources + storeKitResources, flags: testFlags))
        let leftOut = plan.appModules.flatMap { module in
            module.leftOut.map { "//   \(module.name): \($0.path): \($0.reason)" }
        }
        return """
            // swift-tools-version:6.2
            // Made by `kiosk xctest` from the project in \(plan.projectFolder); rewritten at every run,
            // so edit the project, not this file. The folders hold links to the project's own files.
            \(leftOut.isEmpty ? "" : "// Left out (Linux cannot compile them):\n" + leftOut.joined(separator: "\n") + "\n")\
            import PackageDescription

            let package = Package(
                name: \(quoted(test.name + "-xctest")),
                platforms: [.macOS(.v15)],
                dependencies: [.package(name: "Kiosk", path: \(quoted(kioskPath)))],
                targets: [
            \(targets.joined(separator: ",\n"))
                ]
            )

            """
    }

    private func target(
        _ kind: String, _ module: XCTestPlan.Module, folder: String, products: [String],
        resources: [XCTestPlan.Resource], flags: [String]
    ) -> String {
        let dependencies =
            module.dependencies.map(quoted) + products.filter(kioskProducts.contains).map(product)
        let declared = resources.map { resource in
            ".\(resource.rule == "process" ? "process" : "copy")(\(quoted(XCTestPackageWriter.linkName(for: resource.path, root: plan.root(of: module)))))"
        }
        return """
                    .\(kind)(
                        name: \(quoted(module.name)), dependencies: [\(dependencies.joined(separator: ", "))],
                        path: \(quoted(folder)),
                        resources: [\(declared.joined(separator: ", "))],
                        swiftSettings: \(settings(module.settings, flags: flags)))
            """
    }

    /// `-import-module` for what the module uses without importing (Combine and Observation,
    /// which Apple's Foundation brings): a Kiosk product the checkout offers, or the toolchain's.
    private func implicitImportFlags(_ module: XCTestPlan.Module) -> [String] {
        module.implicitImports.filter {
            kioskProducts.contains($0)
                || !ModulePool.kioskProducts.union(ModulePool.implicitKioskProducts).contains($0)
        }.flatMap { ["-Xfrontend", "-import-module", "-Xfrontend", $0] }
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
