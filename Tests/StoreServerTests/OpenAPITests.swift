import Foundation
import HTTP
import Signing
import Simulator
import StoreServer
import Testing

/// docs/openapi.yaml describes exactly the routes the server has.
@Suite struct OpenAPITests {
    @Test func everyRouteIsDocumentedAndNothingElse() async throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/openapi.yaml")
        var documented: Set<String> = []
        var path: String?
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
            if line.hasPrefix("  /") { path = String(line.dropFirst(2).dropLast()) }
            if !line.hasPrefix("  ") && !line.hasPrefix("  /") {
                path = line.hasPrefix("paths:") ? nil : path
            }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let path, line.hasPrefix("    "), !line.hasPrefix("     "),
                ["get:", "post:", "put:", "patch:", "delete:"].contains(trimmed)
            {
                documented.insert("\(trimmed.dropLast().uppercased()) \(path)")
            }
        }
        let fixture = try await Fixture()
        let routes = Set(fixture.server.routes.map { "\($0.method) \($0.pattern)" })
        #expect(
            routes.subtracting(documented).isEmpty, "undocumented: \(routes.subtracting(documented).sorted())"
        )
        #expect(
            documented.subtracting(routes).isEmpty,
            "documented only: \(documented.subtracting(routes).sorted())")
        await fixture.http.stop()
    }
}
