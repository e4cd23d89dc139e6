import Foundation
import Linting
import SourceDiagnostics
import TestSupport
import Testing

/// `kiosk lint App.xcodeproj` reaches the Xcode project's checks (XcodeProjectTests has them
/// case by case) and prints them as every other file kind's.
@Suite struct XcodeProjectLintTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("XcodeProjectTests/Fixtures").path

    @Test func aProjectThatKioskXCTestRunsIsClean() {
        #expect(FileLinter.bundled.lint(Self.fixtures + "/Classic/Classic.xcodeproj") == [])
    }

    @Test func aDamagedProjectFileIsALocatedError() throws {
        let project = NSTemporaryDirectory() + "kiosk-lint-\(UUID().uuidString)/App.xcodeproj"
        try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: (project as NSString).deletingLastPathComponent) }
        let file = project + "/project.pbxproj"
        try "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjects = {\n\t\tA = {isa = PBXProject}\n\t};\n}\n"
            .write(
                toFile: file, atomically: true, encoding: .utf8)

        let found = FileLinter.bundled.lint(file)

        #expect(found.count == 1)
        #expect(found.first.map(DiagnosticFormatter.line)?.hasPrefix("\(file):5:") == true)
        #expect(found.containsErrors)
    }
}
