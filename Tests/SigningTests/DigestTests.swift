import Foundation
import Signing
import Testing

/// SHA-384 against FIPS 180-2's test vectors (StoreKit's device verification is one).
@Suite struct DigestTests {
    static func hex(_ data: Data) -> String { data.map { String(format: "%02x", $0) }.joined() }

    @Test func sha384OfABC() {
        #expect(
            Self.hex(Digest.sha384(Data("abc".utf8)))
                == "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed"
                + "8086072ba1e7cc2358baeca134c825a7")
    }

    @Test func sha384OfNothing() {
        #expect(
            Self.hex(Digest.sha384(Data()))
                == "38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da"
                + "274edebfe76f65fbd51ad2f14898b95b")
    }
}
