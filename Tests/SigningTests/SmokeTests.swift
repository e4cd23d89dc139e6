import Foundation
import StoreCore
import Testing

@testable import Signing

@Suite struct SmokeTests {
    @Test func signsAndVerifiesATransaction() throws {
        let authority = try TestAuthority()
        let jws = try authority.signer().sign(Fixtures.transaction())
        let result = try authority.verifier().verify(jws, as: Transaction.self)
        if case .unverified(_, let error, _) = result { Issue.record("\(error)") }
        #expect(result.isVerified)
        #expect(result.unsafePayloadValue == Fixtures.transaction())
    }
}
