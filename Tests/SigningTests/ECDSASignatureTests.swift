import Testing

@testable import Signing

@Suite struct ECDSASignatureTests {
    @Test func convertsOpenSSLSignaturesBothWays() throws {
        let key = try ECPrivateKey.generate(.p256)
        // Enough signatures that some R or S start with a zero byte or a set top bit.
        for index in 0..<300 {
            let message = Array("message \(index)".utf8)
            let der = try key.derSignature(for: message)
            let raw = try ECDSASignature.raw(fromDER: der, coordinateSize: 32)
            #expect(raw.count == 64)
            #expect(ECDSASignature.der(fromRaw: raw, coordinateSize: 32) == der)
            #expect(key.publicKey.isValidSignature(raw: raw, for: message))
        }
    }

    @Test func encodesEdgeValues() throws {
        var raw = [UInt8](repeating: 0, count: 64)
        raw[31] = 1  // r = 1
        raw[32] = 0x80  // s has its top bit set: needs a zero byte
        let der = try #require(ECDSASignature.der(fromRaw: raw, coordinateSize: 32))
        #expect(Array(der.prefix(5)) == [0x30, 3 + 35, 0x02, 0x01, 0x01])
        #expect(Array(der[5...7]) == [0x02, 33, 0x00])
        #expect(try ECDSASignature.raw(fromDER: der, coordinateSize: 32) == raw)
        #expect(ECDSASignature.der(fromRaw: Array(raw.prefix(63)), coordinateSize: 32) == nil)
        #expect(throws: SigningError.self) {
            try ECDSASignature.raw(fromDER: [0x30, 0x00], coordinateSize: 32)
        }
        #expect(throws: SigningError.self) { try ECDSASignature.raw(fromDER: der + [0], coordinateSize: 32) }
    }
}
