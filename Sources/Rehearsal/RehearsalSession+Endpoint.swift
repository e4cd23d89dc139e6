import Foundation
import StoreCore

extension RehearsalSession {
    /// `endpoint ...`: replaces the stand-in endpoint and points the store's real-time URL at it.
    func startEndpoint(_ answer: RehearsalEndpoint.Answer) async throws {
        await endpoint?.stop()
        endpoint = nil
        let started = try RehearsalEndpoint(answer)
        endpoint = started
        guard let managing = try await openStore().backend as? any RetentionManaging else {
            throw StepFailure("this store cannot configure a real-time URL")
        }
        _ = try await managing.manageRetention(.setRealtimeURL(started.url))
    }
}
