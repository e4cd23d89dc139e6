import Foundation
import HTTP
import Testing

/// docs/openapi.yaml checked by real tools (issue 11, "Also build"): openapi-spec-validator
/// says it is valid OpenAPI, and schemathesis, bounded in examples and time, runs it against a
/// live server on loopback: no 5xx, every response matches its documented schema and type.
@Suite struct OpenAPIConformanceTests {
    static let spec = Interop.packageRoot + "/docs/openapi.yaml"

    @Test func theSpecIsValidOpenAPI() async throws {
        let output = try await Interop.run("openapi_check.py", [Self.spec])
        #expect(output.contains("valid OpenAPI 3"))
    }

    @Test func aLiveServerMatchesTheSpec() async throws {
        let fixture = try await Fixture()
        let url = "http://127.0.0.1:\(fixture.http.port)"
        let output: String
        do {
            output = try await Interop.run("openapi_check.py", [Self.spec, url, fixture.token])
        } catch {
            await fixture.http.stop()
            throw error
        }
        #expect(output.contains("valid OpenAPI 3"))
        await fixture.http.stop(gracePeriod: 1)
    }
}
