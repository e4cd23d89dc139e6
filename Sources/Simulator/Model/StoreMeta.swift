import Foundation
import StoreCore

/// Who the simulated store signs for. A backend's verifier checks all three, so they are
/// settings: the bundle ID, the app's Apple ID and the environment.
public struct AppIdentity: Sendable, Hashable, Codable {
    public var bundleID: String
    public var appAppleID: Int64
    public var environment: AppStoreEnvironment
    public var appVersion: String

    public init(
        bundleID: String = "dev.kiosk.demo", appAppleID: Int64 = 1_234_567_890,
        environment: AppStoreEnvironment = .sandbox, appVersion: String = "1.0"
    ) {
        self.bundleID = bundleID
        self.appAppleID = appAppleID
        self.environment = environment
        self.appVersion = appVersion
    }
}

/// Store-wide state kept in the ledger: settings, simulated errors, the clock and counters.
struct StoreMeta: Sendable, Hashable, Codable {
    var settings: StoreSettings
    /// Simulated failures by API key, as `SimulatedFailure.code` strings.
    var simulatedErrors: [String: String]
    var clock: VirtualClock
    var nextTransactionID: UInt64
    var nextNotificationSequence: Int64
    var identity: AppIdentity
    /// The first half of every notification UUID the store makes (the sequence number is the
    /// second): drawn once when the store is made, or derived from a seed (a rehearsal's
    /// `seed N`) so the same steps give the same UUIDs. Nil in ledgers written before it: a
    /// random prefix per process, as then.
    var notificationIDPrefix: UInt64?

    var failures: [FailableAPI: SimulatedFailure] {
        var result: [FailableAPI: SimulatedFailure] = [:]
        for (key, code) in simulatedErrors {
            if let api = FailableAPI(key: key), let failure = SimulatedFailure(code: code) {
                result[api] = failure
            }
        }
        return result
    }

    /// Throws the simulated failure configured for `api`, if any (a verification failure is
    /// not thrown: it marks what is signed as unverified).
    func checkSimulatedError(_ api: FailableAPI) throws(StoreError) {
        guard api != .verification, let failure = failures[api] else { return }
        switch failure {
        case .generic(let error): throw StoreError.storeKit(error)
        case .purchase(let error): throw StoreError.purchase(error)
        case .verification: return
        }
    }
}
