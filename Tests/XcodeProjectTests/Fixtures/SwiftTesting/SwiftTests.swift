import Testing
@testable import Lib
@Suite struct ModernTests {
    @Test func passes() { #expect(two() == 2) }
    @Test func fails() { #expect(two() == 3, "on purpose") }
    @Test(.disabled("not on Linux")) func disabled() {}
    @Test func knownIssue() { withKnownIssue("a known bug") { #expect(two() == 4) } }
    @Test("A display name", arguments: [1, 2]) func parameterized(value: Int) { #expect(value == 1) }
}
@Test func freeFunction() throws { try #require(two() == 2) }
