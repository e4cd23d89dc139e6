import Foundation
import Signing

/// `kiosk-storm exit-while-signing`: four threads sign without pause while the main thread
/// exits, as a `kiosk store buy` that owned the state exits with its store's thread still
/// signing for a client. Exit must end the process quietly (status 0) however far the signers
/// got: the crash test runs it many times (`ExitTests`).
enum ExitWhileSigning {
    static func run() -> Never {
        let key: ECPrivateKey
        do {
            key = try ECPrivateKey.generate(.p256)
        } catch {
            FileHandle.standardError.write(Data("kiosk-storm: \(error)\n".utf8))
            exit(1)
        }
        let message = Array("exit while signing".utf8)
        for _ in 0..<4 {
            Thread {
                // The signatures are thrown away: the test is that exit stays quiet while they run.
                while true { _ = try? key.rawSignature(for: message) }
            }.start()
        }
        // Long enough for every signer to be inside OpenSSL, short enough to catch them there.
        usleep(UInt32.random(in: 5_000...30_000))
        exit(0)
    }
}
