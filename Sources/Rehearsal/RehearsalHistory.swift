import Foundation
import Signing
import Simulator

/// An `import` line's files, read and checked as `kiosk state import-history` reads them.
enum RehearsalHistory {
    static func read(files: [String], trust: String?) throws -> CustomerHistory {
        var verifier: JWSVerifier?
        if let trust {
            do { verifier = JWSVerifier(trustedRoots: [try Certificate.read(at: trust)]) } catch {
                throw StepFailure("import: the trusted root \(trust): \(error)")
            }
        }
        do {
            return try CustomerHistory.read(files: files.map { URL(fileURLWithPath: $0) }, verifier: verifier)
        } catch {
            throw StepFailure("import: \(error)")
        }
    }
}
