import Foundation
import SourceDiagnostics
import Testing

@testable import XcodeProject

/// `kiosk lint App.xcodeproj`: a damaged project.pbxproj and what `kiosk xctest` would refuse,
/// each at its file, line and column.
@Suite struct XcodeProjectLinterTests {
    @Test func theProjectsThatRunAreClean() {
        #expect(XcodeProjectLinter.lint(path: Fixtures.example) == [])
        #expect(XcodeProjectLinter.lint(path: Fixtures.synced + "/project.pbxproj") == [])
    }

    @Test func aDamagedProjectFileIsOneErrorAtTheByteThatDoesNotFit() throws {
        let copy = try Fixtures.copy("Classic")
        let file = copy + "/Classic.xcodeproj/project.pbxproj"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try text.replacingOccurrences(of: "/* StoreModel.swift */; };", with: "/* StoreModel.swift */; }")
            .write(toFile: file, atomically: true, encoding: .utf8)

        let found = XcodeProjectLinter.lint(path: copy + "/Classic.xcodeproj")

        #expect(found.count == 1)
        #expect(found.first?.severity == .error)
        #expect(found.first?.location.file == file)
        #expect(found.first?.location.line == 11)
        #expect(found.first?.location.column == 3)
        #expect(found.first?.message.hasPrefix("expected ';'") == true)
    }

    @Test func aReachedViewFileAndAMissingStoreKitFileAreBothSaid() throws {
        let copy = try Fixtures.copy("Classic")
        let tests = copy + "/ClassicTests/StoreModelTests.swift"
        let text = try String(contentsOfFile: tests, encoding: .utf8)
        try (text + "\nfunc openShop() { _ = ShopViewController() }\n").write(
            toFile: tests, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: copy + "/Classic/Configuration.storekit")

        let found = XcodeProjectLinter.lint(path: copy + "/Classic.xcodeproj").map(\.description)

        let useLine = text.split(separator: "\n", omittingEmptySubsequences: false).count + 1
        #expect(
            found.contains(
                "\(tests):\(useLine):1: error: uses ShopViewController, declared in "
                    + "\(copy)/Classic/Sources/ShopViewController.swift, which cannot compile on Linux"))
        #expect(
            found.contains {
                $0.hasPrefix(
                    "\(copy)/Classic/Sources/ShopViewController.swift:1:1: error: imports UIKit, which Linux does not have"
                )
            })
        let pbxproj = copy + "/Classic.xcodeproj/project.pbxproj"
        let target = try Self.line(of: "/* ClassicTests */ = {\n\t\t\tisa = PBXNativeTarget;", in: pbxproj)
        // At the line where the target's object opens.
        #expect(
            found.contains {
                $0.hasPrefix("\(pbxproj):\(target):")
                    && $0.contains(
                        ": error: no .storekit for ClassicTests: looked in the resources of ClassicTests")
            })
    }

    @Test func aTestTargetThatUsesNoStoreKitIsAWarningAtTheTarget() throws {
        let copy = try Fixtures.copy("Classic")
        try "import XCTest\nfinal class PlainTests: XCTestCase { func testA() {} }\n".write(
            toFile: copy + "/ClassicTests/StoreModelTests.swift", atomically: true, encoding: .utf8)

        let found = XcodeProjectLinter.lint(path: copy + "/Classic.xcodeproj")

        let pbxproj = copy + "/Classic.xcodeproj/project.pbxproj"
        let target = try Self.line(of: "/* ClassicTests */ = {\n\t\t\tisa = PBXNativeTarget;", in: pbxproj)
        #expect(found.count == 1)
        #expect(found.first?.severity == .warning)
        #expect(found.first?.location.line == target)
        #expect(found.first?.message.hasPrefix("the tests of ClassicTests use no StoreKit") == true)
    }

    @Test func onlyProjectsAreHandled() {
        #expect(XcodeProjectLinter.handles(path: "App.xcodeproj"))
        #expect(XcodeProjectLinter.handles(path: "App.xcodeproj/"))
        #expect(XcodeProjectLinter.handles(path: "App.xcodeproj/project.pbxproj"))
        #expect(!XcodeProjectLinter.handles(path: "Products.storekit"))
    }

    /// The 1-based line of the first occurrence of `text` in `file`.
    private static func line(of text: String, in file: String) throws -> Int {
        let contents = try String(contentsOfFile: file, encoding: .utf8)
        let found = try #require(contents.range(of: text))
        return contents[..<found.lowerBound].filter { $0 == "\n" }.count + 1
    }
}
