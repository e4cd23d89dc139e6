import Foundation
import Testing

@testable import XcodeProject

/// The modules a run reaches: the app, framework and local-package targets the tests import and
/// those import in turn, each with its own Kiosk products; what Linux cannot build, named first.
@Suite struct XCTestModulesTests {
    func message(_ request: XCTestRequest) -> String {
        do {
            _ = try XCTestPlanner.plan(request)
            return "planned"
        } catch {
            return error.description
        }
    }

    @Test func anAppInSeveralModulesBecomesOneModuleEach() throws {
        let plan = try XCTestPlanner.plan(XCTestRequest(projectPath: Fixtures.modular))
        let modules = Dictionary(uniqueKeysWithValues: plan.appModules.map { ($0.name, $0) })
        #expect(Set(modules.keys) == ["Modular", "AppCore", "Billing"])
        let app = try #require(modules["Modular"])
        #expect(app.dependencies.sorted() == ["AppCore", "Billing"])
        #expect(app.kioskProducts.sorted() == ["FoundationLocalization", "SwiftUI", "os"])
        #expect(app.settings.languageMode == 5)
        // The model imports SwiftUI for ObservableObject only: kept; the view and the App are not.
        #expect(
            app.swiftFiles.map { ($0 as NSString).lastPathComponent } == [
                "Preferences.swift", "ShopModel.swift",
            ])
        #expect(
            app.leftOut.map(\.reason).sorted() == [
                "imports SwiftUI (line 1) and uses its App (line 4)",
                "imports SwiftUI (line 1) and uses its View (line 4)",
                "imports UserNotifications (line 2), which Linux does not have",
            ])
        let billing = try #require(modules["Billing"])
        #expect(billing.kioskProducts.sorted() == ["OSLog", "StoreKit"])
        #expect(billing.settings.languageMode == 6)
        let core = try #require(modules["AppCore"])
        #expect(core.root.hasSuffix("Packages/AppCore/Sources/AppCore"))
        #expect(core.resources.map { ($0.path as NSString).lastPathComponent } == ["Resources"])
        #expect(core.resources.first?.rule == "process")
        #expect(plan.testModule.dependencies.sorted() == ["AppCore", "Modular"])
        // Xcode's bundle resources, for Bundle(for:) and Bundle.main: the test target's .storekit
        // and the app's Products.plist.
        #expect(
            plan.bundleResources.map { ($0 as NSString).lastPathComponent }.sorted() == [
                "Products.plist", "Products.storekit",
            ])
    }

    @Test func theManifestDeclaresEachModuleWithWhatItImports() throws {
        let plan = try XCTestPlanner.plan(XCTestRequest(projectPath: Fixtures.modular))
        let text = PackageManifest(
            plan: plan, kioskPath: "/k", kioskProducts: ModulePool.kioskProducts.union(["KioskXCTestBridge"])
        ).text
        #expect(
            text.contains(
                #"name: "AppCore", dependencies: [.product(name: "StoreKit", package: "Kiosk"), .product(name: "os", package: "Kiosk")]"#
            ))
        #expect(text.contains(#"resources: [.process("Resources")]"#))
        #expect(
            text.contains(
                #"name: "Billing", dependencies: [.product(name: "OSLog", package: "Kiosk"), .product(name: "StoreKit", package: "Kiosk")]"#
            ))
    }

    @Test func aViewFileIsLeftOutButAPurchaseManagerImportingSwiftUIIsKept() {
        let modelText =
            "import SwiftUI\n// a View in a comment\nfinal class Store: ObservableObject {\n  let note = \"App Store\"\n}\n"
        #expect(SwiftUIUsage.firstViewUse(in: SwiftSourceFacts.parse(modelText, path: "/m.swift")) == nil)
        let viewText = "import SwiftUI\nstruct Shop: View {\n  var body: some View { Text(\"x\") }\n}\n"
        let view = SwiftSourceFacts.parse(viewText, path: "/v.swift")
        #expect(SwiftUIUsage.firstViewUse(in: view)?.word == "View")
        #expect(SwiftUIUsage.firstViewUse(in: view)?.line == 2)
        // A type of the file's own named like a SwiftUI one is not SwiftUI's.
        let ownText =
            "import SwiftUI\nenum State { case idle }\nfinal class M: ObservableObject { var s = State.idle }\n"
        let own = SwiftSourceFacts.parse(ownText, path: "/o.swift")
        #expect(SwiftUIUsage.firstViewUse(in: own) == nil)
    }

    @Test func aSwiftPackageOfTheDevelopersOwnIsPlannedFromItsManifest() throws {
        let plan = try XCTestPlanner.plan(XCTestRequest(projectPath: Fixtures.purchasesPackage))
        #expect(plan.testModule.name == "PurchasesTests")
        #expect(plan.appModules.map(\.name) == ["Purchases"])
        #expect(plan.appModules.first?.settings.languageMode == 5)
        #expect(
            plan.storeKitConfigurations.map { ($0 as NSString).lastPathComponent } == ["Products.storekit"])
        // The manifest itself names the same package.
        let viaManifest = try XCTestPlanner.plan(
            XCTestRequest(projectPath: Fixtures.purchasesPackage + "/Package.swift"))
        #expect(viaManifest.appModules == plan.appModules)
    }

    @Test func anImportOfARemotePackageIsNamedWithItsRepository() throws {
        let folder = try Fixtures.write([
            "Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "Shop",
                dependencies: [.package(url: "https://github.com/RevenueCat/purchases-ios", from: "5.0.0")],
                targets: [
                    .target(name: "Shop", dependencies: [.product(name: "RevenueCat", package: "purchases-ios")]),
                    .testTarget(name: "ShopTests", dependencies: ["Shop"]),
                ])
            """,
            "Sources/Shop/Shop.swift": "import RevenueCat\nimport StoreKit\npublic enum Shop {}\n",
            "Tests/ShopTests/ShopTests.swift": "import StoreKitTest\nimport XCTest\n@testable import Shop\n",
            "Tests/ShopTests/Products.storekit": "{}",
        ])
        var request = XCTestRequest(projectPath: folder)
        request.fetchesPackages = false  // a test never reaches GitHub
        let said = message(request)
        #expect(
            said.contains(
                "Sources/Shop/Shop.swift:1: error: imports RevenueCat, a product of the remote package https://github.com/RevenueCat/purchases-ios, which kiosk xctest did not fetch (--offline)"
            ))
        #expect(said.hasSuffix("nothing was compiled"))
    }

    @Test func namedModulesImportEachOtherAndAnUnknownImportIsNamed() throws {
        let folder = try Fixtures.write([
            "Core/Money.swift": "import Foundation\npublic struct Money {}\n",
            "Shop/Shop.swift":
                "import Core\nimport StoreKit\nimport Analytics\npublic struct Shop { let m = Money() }\n",
            "Tests/ShopTests.swift": "import StoreKitTest\nimport XCTest\n@testable import Shop\n",
            "Products.storekit": "{}",
        ])
        let request = XCTestRequest(
            projectPath: nil,
            modules: [
                .init(name: "Core", paths: [folder + "/Core"]),
                .init(name: "Shop", paths: [folder + "/Shop"]),
            ],
            tests: [folder + "/Tests"], configuration: folder + "/Products.storekit")
        // Shop.swift is left out for the import; the tests use its type, so both are named.
        let said = message(request)
        #expect(
            said.contains(
                "\(folder)/Tests/ShopTests.swift:3: error: uses Shop, declared in \(folder)/Shop/Shop.swift"))
        #expect(
            said.contains(
                "\(folder)/Shop/Shop.swift:3: error: imports Analytics, which is not a target of the project or of its "
                    + "local packages, nor a module Kiosk or Linux's Swift toolchain offers: name its sources with "
                    + "--module Analytics=PATH, or guard the import and the code that uses it with `#if canImport(Analytics)`"
            ))
        try FileManager.default.removeItem(atPath: folder + "/Shop/Shop.swift")
        try Data("import Core\nimport StoreKit\npublic struct Shop { let m = Money() }\n".utf8).write(
            to: URL(fileURLWithPath: folder + "/Shop/Shop.swift"))
        let plan = try XCTestPlanner.plan(request)
        #expect(plan.appModules.map(\.name) == ["Shop", "Core"])
        #expect(plan.appModules.first?.dependencies == ["Core"])
        #expect(plan.appModules.first?.root == folder + "/Shop")
    }

    @Test func modulesThatImportEachOtherAreRefusedNamingTheCycle() throws {
        let folder = try Fixtures.write([
            "A/A.swift": "import B\npublic struct A {}\n",
            "B/B.swift": "import A\npublic struct B {}\n",
            "Tests/T.swift": "import StoreKitTest\nimport XCTest\nimport A\n",
            "Products.storekit": "{}",
        ])
        let said = message(
            XCTestRequest(
                projectPath: nil,
                modules: [
                    .init(name: "A", paths: [folder + "/A"]), .init(name: "B", paths: [folder + "/B"]),
                ],
                tests: [folder + "/Tests"], configuration: folder + "/Products.storekit"))
        #expect(said.contains("the modules import each other in a cycle (A -> B -> A)"))
    }

    @Test func combineUsedWithOnlyFoundationIsImportedForTheModule() throws {
        let folder = try Fixtures.write([
            "App/Store.swift":
                "import Foundation\nfinal class Store: ObservableObject { @Published var n = 0 }\n",
            "Tests/T.swift": "import StoreKitTest\nimport XCTest\n@testable import App\n",
            "Products.storekit": "{}",
        ])
        let plan = try XCTestPlanner.plan(
            XCTestRequest(
                projectPath: nil, sources: [folder + "/App"], tests: [folder + "/Tests"],
                configuration: folder + "/Products.storekit"))
        #expect(plan.appModules.first?.implicitImports == ["Combine"])
        #expect(plan.appModules.first?.kioskProducts == ["Combine"])
    }

    @Test func originalStoreKitIsNamedAtItsLine() throws {
        let folder = try Fixtures.write([
            "Tests/T.swift":
                "import StoreKitTest\nimport XCTest\nfinal class T: XCTestCase, SKPaymentTransactionObserver {}\n",
            "Products.storekit": "{}",
        ])
        let said = message(
            XCTestRequest(
                projectPath: nil, tests: [folder + "/Tests"], configuration: folder + "/Products.storekit"))
        #expect(
            said.hasPrefix(
                "\(folder)/Tests/T.swift:3: error: uses SKPaymentTransactionObserver, original StoreKit's (StoreKit 1) API"
            ))
    }

    @Test func awaitingSuperSetUpOnTheMainActorBuildsTheTestsInSwift5Mode() throws {
        let plan = try XCTestPlanner.plan(XCTestRequest(projectPath: Fixtures.modular))
        #expect(plan.testModule.settings.languageMode == 5)
        #expect(plan.testModule.settings.enabledFeatures == ["StrictConcurrency"])
        #expect(plan.notes.map(\.line) == [13])
        #expect(
            plan.notes.first?.message.hasPrefix("awaits super.setUp() in a @MainActor test class") == true)
        // Preferences.swift uses @Observable with only Foundation: Observation is imported for it;
        // ShopModel.summary uses String(localized:), which Linux lacks: Kiosk's is imported too.
        #expect(
            plan.appModules.first { $0.name == "Modular" }?.implicitImports == [
                "Observation", "FoundationLocalization",
            ])
    }

    @Test func aFolderWithOnlyAGeneratorsRecipeSaysToGenerateTheProject() throws {
        let folder = try Fixtures.write([
            "project.yml": "name: Shop\n", "Shop/Shop.swift": "import StoreKit\n",
        ])
        #expect(
            message(XCTestRequest(projectPath: folder)).hasPrefix(
                "\(folder) holds no .xcodeproj, only project.yml, the recipe XcodeGen (`xcodegen generate`) makes one from"
            ))
        let empty = try Fixtures.write(["README.md": "x"])
        #expect(
            message(XCTestRequest(projectPath: empty)).contains("holds no .xcodeproj and no Package.swift"))
    }

    @Test func anAppFileThatUsesALeftOutTypeIsLeftOutToo() throws {
        let folder = try Fixtures.write([
            "App/ShopScreen.swift": "import UIKit\nfinal class ShopScreen: UIViewController {}\n",
            "App/Coordinator.swift":
                "import Foundation\nfinal class Coordinator { let screen = ShopScreen() }\n",
            "App/Store.swift": "import StoreKit\nfinal class Store {}\n",
            "Tests/T.swift":
                "import StoreKitTest\nimport XCTest\n@testable import App\nfinal class T: XCTestCase { let s = Store() }\n",
            "Products.storekit": "{}",
        ])
        let request = XCTestRequest(
            projectPath: nil, sources: [folder + "/App"], tests: [folder + "/Tests"],
            configuration: folder + "/Products.storekit")
        let app = try #require(try XCTestPlanner.plan(request).appModules.first)
        #expect(app.swiftFiles == [folder + "/App/Store.swift"])
        #expect(
            app.leftOut.map(\.reason).sorted() == [
                "imports UIKit (line 1)",
                "uses ShopScreen, declared in \(folder)/App/ShopScreen.swift, which is left out",
            ])
        // A test that uses the coordinator stops the run, naming the root reason.
        try Data("import StoreKitTest\nimport XCTest\n@testable import App\nlet c = Coordinator()\n".utf8)
            .write(
                to: URL(fileURLWithPath: folder + "/Tests/T.swift"))
        let said = message(request)
        #expect(
            said.contains("T.swift:4: error: uses Coordinator, declared in \(folder)/App/Coordinator.swift"))
        #expect(said.contains("ShopScreen.swift:1: error: imports UIKit, which Linux does not have"))
    }
}
