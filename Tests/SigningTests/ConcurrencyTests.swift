import Dispatch
import Foundation
import StoreCore
import Synchronization
import Testing

@testable import Signing

/// One signer and one verifier shared by many threads: the context pools and the chain cache
/// are the only shared mutable state, and both sit behind a Mutex.
@Suite struct ConcurrencyTests {
    @Test func signsAndVerifiesFromManyThreads() throws {
        let authority = try TestAuthority()
        let signer = try authority.signer()
        let verifier = authority.verifier()
        let failures = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for index in 0..<40 {
                var transaction = Fixtures.transaction()
                transaction.id = UInt64(thread * 1000 + index)
                let verified = (try? signer.sign(transaction)).flatMap { try? verifier.check($0) }?.isVerified
                if verified != true { failures.withLock { $0 += 1 } }
            }
        }
        #expect(failures.withLock { $0 } == 0)
        #expect(verifier.cachedChainCount == 1)
    }
}
