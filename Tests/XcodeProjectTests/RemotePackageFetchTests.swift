import Foundation
import Subprocess
import Testing

@testable import XcodeProject

/// A remote package the project links is fetched as Xcode fetches it (a clone at the revision
/// `Package.resolved` pins) and read as a local package; a failed fetch is named with git's reason.
/// The "remote" here is a git repository in a temporary folder, so no network is needed.
@Suite struct RemotePackageFetchTests {
    /// A repository holding the package Badges, committed twice: the first revision's
    /// `Badge.level` is 1, the second's 2. Returns the repository's path and both revisions.
    func badgesRepository() throws -> (path: String, first: String, second: String) {
        // SwiftPM names a package by its URL's last component: the folder is `badges`.
        let path =
            try Fixtures.write([
                "badges/Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "Badges", products: [.library(name: "Badges", targets: ["Badges"])],
                    targets: [.target(name: "Badges")])
                """,
                "badges/Sources/Badges/Badge.swift": "public enum Badge { public static let level = 1 }\n",
            ]) + "/badges"
        func git(_ arguments: String...) throws -> String {
            let output = try Subprocess.run(
                ["git", "-C", path, "-c", "user.name=Kiosk", "-c", "user.email=kiosk@example.com"] + arguments
            )
            try #require(output.status == 0, "git \(arguments): \(output.standardError)")
            return output.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        _ = try git("init", "--quiet")
        _ = try git("add", ".")
        _ = try git("commit", "--quiet", "-m", "one")
        let first = try git("rev-parse", "HEAD")
        try "public enum Badge { public static let level = 2 }\n".write(
            toFile: path + "/Sources/Badges/Badge.swift", atomically: true, encoding: .utf8)
        _ = try git("commit", "--quiet", "-am", "two")
        return (path, first, try git("rev-parse", "HEAD"))
    }

    /// A package whose purchase code imports Badges from `repository`, pinned at `revision`.
    func shop(linking repository: String, pinnedAt revision: String?) throws -> String {
        var files = [
            "Package.swift": """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "Shop",
                dependencies: [.package(url: "\(repository)", from: "1.0.0")],
                targets: [
                    .target(name: "Shop", dependencies: [.product(name: "Badges", package: "badges")]),
                    .testTarget(name: "ShopTests", dependencies: ["Shop"]),
                ])
            """,
            "Sources/Shop/Shop.swift":
                "import Badges\nimport StoreKit\npublic enum Shop { static let l = Badge.level }\n",
            "Tests/ShopTests/ShopTests.swift": "import StoreKitTest\nimport XCTest\n@testable import Shop\n",
            "Tests/ShopTests/Products.storekit": "{}",
        ]
        if let revision {
            files["Package.resolved"] = """
                {"pins": [{"identity": "badges", "kind": "remoteSourceControl", "location": "\(repository)",
                  "state": {"revision": "\(revision)", "version": "1.0.0"}}], "version": 2}
                """
        }
        return try Fixtures.write(files)
    }

    @Test func aRemotePackageIsFetchedAtThePinnedRevisionAndThenUsedOffline() throws {
        let badges = try badgesRepository()
        let folder = try shop(linking: badges.path, pinnedAt: badges.first)
        let plan = try XCTestPlanner.plan(XCTestRequest(projectPath: folder))
        let module = try #require(plan.appModules.first { $0.name == "Badges" })
        let checkout = folder + "/.kiosk/packages/" + ModulePool.checkoutName(of: badges.path)
        #expect(module.swiftFiles == [checkout + "/Sources/Badges/Badge.swift"])
        // The pinned revision, not the repository's head.
        #expect(try String(contentsOfFile: module.swiftFiles[0], encoding: .utf8).contains("level = 1"))
        #expect(
            plan.notes.contains { $0.message.contains("fetched \(badges.path) at 1.0.0 (Package.resolved)") })
        // The next run needs no repository: the checkout is at the pin.
        try FileManager.default.removeItem(atPath: badges.path)
        var offline = XCTestRequest(projectPath: folder)
        offline.fetchesPackages = false
        let again = try XCTestPlanner.plan(offline)
        #expect(again.appModules.contains { $0.name == "Badges" })
    }

    @Test func aCheckoutAtAnotherRevisionIsMovedToThePin() throws {
        let badges = try badgesRepository()
        let folder = try shop(linking: badges.path, pinnedAt: badges.second)
        let resolved = folder + "/Package.resolved"
        let second = try String(contentsOfFile: resolved, encoding: .utf8)
        try second.replacingOccurrences(of: badges.second, with: badges.first)
            .write(toFile: resolved, atomically: true, encoding: .utf8)
        _ = try XCTestPlanner.plan(XCTestRequest(projectPath: folder))
        try second.write(toFile: resolved, atomically: true, encoding: .utf8)
        let plan = try XCTestPlanner.plan(XCTestRequest(projectPath: folder))
        let module = try #require(plan.appModules.first { $0.name == "Badges" })
        #expect(try String(contentsOfFile: module.swiftFiles[0], encoding: .utf8).contains("level = 2"))
        #expect(plan.notes.contains { $0.message.contains("moved the checkout of \(badges.path) to 1.0.0") })
    }

    @Test func aFetchThatFailsIsNamedWithGitsReasonAndLeavesNothing() throws {
        let missing = NSTemporaryDirectory() + "kiosk-no-such-repository-\(UUID().uuidString)/badges"
        let folder = try shop(linking: missing, pinnedAt: nil)
        let said: String
        do {
            _ = try XCTestPlanner.plan(XCTestRequest(projectPath: folder))
            said = "planned"
        } catch {
            said = error.description
        }
        #expect(
            said.contains(
                "imports Badges, a product of the remote package \(missing), which kiosk xctest could not fetch (`git clone"
            ))
        #expect(said.contains("give a checkout of it with --packages DIR"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/.kiosk"))
    }

    @Test func offlineRunsSayTheyDidNotFetch() throws {
        let badges = try badgesRepository()
        var request = XCTestRequest(projectPath: try shop(linking: badges.path, pinnedAt: badges.first))
        request.fetchesPackages = false
        do {
            _ = try XCTestPlanner.plan(request)
            Issue.record("an offline run planned a package it has no checkout of")
        } catch {
            #expect(error.description.contains("which kiosk xctest did not fetch (--offline)"))
        }
    }
}

@Suite struct PackagePinsTests {
    @Test func everyVersionOfTheFileIsRead() {
        var pins = PackagePins()
        pins.read(
            Data(
                """
                {"object": {"pins": [{"package": "StoreHelper", "repositoryURL": "https://github.com/russell-archer/StoreHelper.git",
                  "state": {"branch": null, "revision": "aaa111", "version": "3.0.0"}}]}, "version": 1}
                """.utf8), path: "v1")
        pins.read(
            Data(
                """
                {"originHash": "x", "pins": [{"identity": "purchases-ios", "kind": "remoteSourceControl",
                  "location": "git@github.com:RevenueCat/purchases-ios.git", "state": {"branch": "main", "revision": "bbb222"}}],
                 "version": 3}
                """.utf8), path: "v3")
        pins.read(Data("not json".utf8), path: "broken")
        pins.read(Data(#"{"pins": [], "version": 2}"#.utf8), path: "empty")
        #expect(
            pins.pin(of: "https://github.com/russell-archer/storehelper")
                == .init(revision: "aaa111", version: "3.0.0"))
        #expect(
            pins.pin(of: "https://github.com/RevenueCat/purchases-ios/")
                == .init(revision: "bbb222", version: nil))
        #expect(pins.files == ["v1", "v3", "empty"])
        #expect(pins.unreadable == ["broken"])
    }

    @Test func oneRepositoryHasOneKey() {
        let spellings = [
            "https://github.com/Org/Repo", "https://github.com/org/repo.git", "git@github.com:Org/Repo.git",
            "https://github.com/org/repo/",
        ]
        #expect(Set(spellings.map(PackagePins.key(of:))) == ["https://github.com/org/repo"])
    }
}
