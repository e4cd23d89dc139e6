import Testing

@testable import XcodeProject

/// What a left-out file takes with it: its top-level types and the members its extensions add.
@Suite struct ExtensionMembersTests {
    let text = """
        import SwiftUI
        // extension Fake { var inComment: Int }
        public struct Theme {
            enum Error: Swift.Error { case missing }
            var body: String { "extension Fake { var inString }" }
        }
        extension Double {
            nonisolated var safeInt: Int { Int(self) }
            static func clamped(_ x: Double) -> Double { x }
        }
        @MainActor final class Router {}
        """

    @Test func membersOfExtensionsAreFoundAndNotThoseOfTypes() {
        #expect(ExtensionMembers.names(in: text) == ["safeInt", "clamped"])
    }

    @Test func onlyTopLevelTypesCountSoANestedErrorIsNotSwiftsError() {
        #expect(ExtensionMembers.topLevelTypes(in: text) == ["Theme", "Router"])
    }
}
