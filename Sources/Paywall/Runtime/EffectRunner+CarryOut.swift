import Foundation
import Presets
import StoreCore

extension EffectRunner {
    /// Carries out one effect and posts its answer, then `.completed(effect)` (used by the
    /// queue, and by tests to run a flow step by step).
    public static func carryOut(
        _ effect: Effect, store: Backend, inbox: Inbox, groupID: String?,
        recordLimit: Int = StoreSnapshot.recordPage
    ) async {
        defer { inbox.post(.completed(effect)) }
        do {
            switch effect {
            case .reload:
                inbox.post(.loaded(try await snapshot(store, groupID: groupID, recordLimit: recordLimit)))
            case .readClock:
                inbox.post(.clock(try await store.now()))
            case .prepareSheet(let productID, let options):
                let sheet = try await store.paymentSheet(for: productID, options: options)
                inbox.post(.sheetReady(productID: productID, sheet: sheet, options: options))
            case .purchase(let productID, let options, let confirmed):
                do {
                    let request = StoreRequest.purchase(
                        productID: productID, options: options, confirmed: confirmed)
                    let result = try await store.perform(request).purchase(of: request)
                    inbox.post(.purchased(productID: productID, result))
                } catch {
                    inbox.post(.failed(.effect(effect), error))
                }
            case .finish(let id):
                _ = try await store.perform(.finish(transactionID: id))
            case .sync:
                do {
                    _ = try await store.perform(.sync)
                    let owned = try await store.currentEntitlements().filter {
                        $0.unsafePayloadValue.productType.isDurable
                    }
                    inbox.post(.restored(count: owned.count))
                } catch {
                    inbox.post(.failed(.effect(effect), error))
                }
            case .redeem(let code):
                do {
                    let request = StoreRequest.redeemOfferCode(code)
                    inbox.post(.redeemed(code: code, try await store.perform(request).purchase(of: request)))
                } catch {
                    inbox.post(.failed(.effect(effect), error))
                }
            case .switchAccount(let name):
                try await store.switchAccount(to: name)
                inbox.post(.done(.signedIn(account: name)))
            case .loadPreset(let name):
                inbox.post(await loadPreset(name, store: store))
            case .openCancelSheet(let productID, let transactionID, let fromManager):
                let request = StoreRequest.retentionMessage(productID: productID)
                let sheet = try await store.perform(request).retentionSheet(of: request)
                inbox.post(.cancelSheetReady(sheet, transactionID: transactionID, fromManager: fromManager))
            case .manageRetention(let change):
                guard let managing = store as? any RetentionManaging else {
                    inbox.post(
                        .failed(.effect(effect), .invalidAction("this store cannot review retention uploads"))
                    )
                    return
                }
                inbox.post(.done(.retentionManaged(try await managing.manageRetention(change))))
            case .control(let action):
                do {
                    inbox.post(.done(try await control(action, store: store)))
                } catch {
                    inbox.post(.failed(.effect(effect), error))
                }
            }
        } catch {
            inbox.post(.failed(.effect(effect), error))
        }
    }

    /// Everything the screens show, read together in one call (one request over the wire).
    public static func snapshot(
        _ store: Backend, groupID: String?, recordLimit: Int = StoreSnapshot.recordPage
    ) async throws(StoreError) -> StoreSnapshot {
        try await store.snapshot(groupID: groupID, recordLimit: recordLimit)
    }

    /// Applies a preset and says what was done, or why it failed.
    static func loadPreset(_ name: String, store: Backend) async -> Event {
        do {
            let preset = try Preset.named(name)
            try await PresetRunner(preset).apply(to: store)
            return .done(.presetLoaded(name: name, summary: preset.summary))
        } catch {
            if case .store(_, _, let storeError) = error {
                return .failed(.effect(.loadPreset(name)), storeError)
            }
            return .failed(.effect(.loadPreset(name)), .invalidAction(error.description))
        }
    }
}
