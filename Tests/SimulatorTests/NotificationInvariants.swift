import Foundation
import Signing
import StoreCore

/// A notification as a developer's server decodes it: the payload and the JWS nested in it.
struct DecodedNotification {
    var sequence: Int64
    var account: AccountName
    var payload: NotificationPayload
    var transaction: Transaction?
    var renewalInfo: RenewalInfo?
    var status: SubscriptionStatus.RenewalState? { payload.data?.status }

    var kind: String {
        [payload.notificationType.rawValue, payload.subtype?.rawValue].compactMap { $0 }.joined(
            separator: "/")
    }

    init(sequence: Int64, account: AccountName, jws: String) throws {
        self.sequence = sequence
        self.account = account
        payload = try StoredJWS.payload(of: jws, as: NotificationPayload.self)
        transaction = try payload.data?.signedTransactionInfo.map {
            try StoredJWS.payload(of: $0, as: Transaction.self)
        }
        renewalInfo = try payload.data?.signedRenewalInfo.map {
            try StoredJWS.payload(of: $0, as: RenewalInfo.self)
        }
    }
}

/// The invariants of docs/behaviour.md's table "What each notification says", one row each:
/// what Apple's notificationType and subtype pages say must hold of a notification's payload
/// at the moment it is signed. Returns the rows a notification breaks, in words.
enum NotificationInvariants {
    /// Each subscription's level in the group, as the catalog ranks them (`levels` below is the
    /// test catalog's): what tells a crossgrade from a downgrade.
    static func violations(of note: DecodedNotification, levels: [String: Int]) -> [String] {
        var broken: [String] = []
        func require(_ condition: Bool, _ row: String) { if !condition { broken.append(row) } }
        let p = note.payload
        let t = note.transaction
        let r = note.renewalInfo
        // Every notification: signed at its event, with the payloads in it signed then too.
        require(
            t.map { $0.signedDate == p.signedDate } ?? true,
            "transaction signedDate = notification signedDate")
        require(
            r.map { $0.signedDate == p.signedDate } ?? true,
            "renewal info signedDate = notification signedDate")
        require(
            r.map { $0.originalTransactionID == t?.originalID } ?? true,
            "renewal info originalTransactionId = transaction's")
        require((r == nil) == (note.status == nil), "status present exactly when renewal info is")
        require(
            (t?.productType == .autoRenewable) == (r != nil) || t == nil,
            "renewal info exactly for auto-renewable subscriptions")
        let active = note.status == .subscribed
        switch (p.notificationType, p.subtype) {
        case (.subscribed, _):
            require(active, "SUBSCRIBED: status 1")
            require(
                t?.isUpgraded == false && t?.revocationDate == nil,
                "SUBSCRIBED: transaction neither upgraded nor revoked")
            require(r?.willAutoRenew == true, "SUBSCRIBED: autoRenewStatus 1")
        case (.didRenew, _):
            require(active, "DID_RENEW: status 1")
            require(t?.reason == .renewal, "DID_RENEW: transactionReason RENEWAL")
            require(r?.isInBillingRetry == false, "DID_RENEW: isInBillingRetryPeriod false")
            require(r?.renewalDate == t?.expirationDate, "DID_RENEW: renewalDate = expiresDate")
        case (.didChangeRenewalStatus, .autoRenewDisabled?):
            require(r?.willAutoRenew == false, "AUTO_RENEW_DISABLED: autoRenewStatus 0")
        case (.didChangeRenewalStatus, .autoRenewEnabled?):
            require(r?.willAutoRenew == true, "AUTO_RENEW_ENABLED: autoRenewStatus 1")
        case (.didChangeRenewalPreference, .upgrade?):
            require(active, "DID_CHANGE_RENEWAL_PREF/UPGRADE: status 1")
            require(
                r?.autoRenewPreference == t?.productID && r?.currentProductID == t?.productID
                    && t?.isUpgraded == false,
                "DID_CHANGE_RENEWAL_PREF/UPGRADE: the new product, in effect now")
        case (.didChangeRenewalPreference, .downgrade?):
            require(
                r != nil && r?.autoRenewPreference != r?.currentProductID,
                "DID_CHANGE_RENEWAL_PREF/DOWNGRADE: renews to another product")
        case (.didChangeRenewalPreference, nil):
            // A reverted downgrade, or a crossgrade to another duration (Apple's forum answer:
            // "UPGRADE, DOWNGRADE, or omitted, for an upgrade, downgrade, or crossgrade").
            require(
                r != nil && levels[r?.autoRenewPreference ?? ""] == levels[r?.currentProductID ?? ""],
                "DID_CHANGE_RENEWAL_PREF: renews to the current product or one of its level")
        case (.didFailToRenew, nil):
            require(note.status == .inBillingRetryPeriod, "DID_FAIL_TO_RENEW: status 3")
            require(r?.isInBillingRetry == true, "DID_FAIL_TO_RENEW: isInBillingRetryPeriod true")
            require(r?.gracePeriodExpirationDate == nil, "DID_FAIL_TO_RENEW: no gracePeriodExpiresDate")
        case (.didFailToRenew, .gracePeriod?):
            require(note.status == .inGracePeriod, "DID_FAIL_TO_RENEW/GRACE_PERIOD: status 4")
            require(
                r?.isInBillingRetry == true, "DID_FAIL_TO_RENEW/GRACE_PERIOD: isInBillingRetryPeriod true")
            require(
                (r?.gracePeriodExpirationDate).map { $0 > p.signedDate } ?? false,
                "DID_FAIL_TO_RENEW/GRACE_PERIOD: gracePeriodExpiresDate after signedDate")
        case (.gracePeriodExpired, _):
            require(note.status == .inBillingRetryPeriod, "GRACE_PERIOD_EXPIRED: status 3")
            require(r?.isInBillingRetry == true, "GRACE_PERIOD_EXPIRED: isInBillingRetryPeriod true")
            require(r?.gracePeriodExpirationDate == nil, "GRACE_PERIOD_EXPIRED: no gracePeriodExpiresDate")
        case (.expired, let subtype):
            require(note.status == .expired, "EXPIRED: status 2")
            require(r?.willAutoRenew == false, "EXPIRED: autoRenewStatus 0")
            let intent: [NotificationSubtype: RenewalInfo.ExpirationReason] = [
                .voluntary: .autoRenewDisabled, .billingRetry: .billingError,
                .priceIncrease: .didNotConsentToPriceIncrease, .productNotForSale: .productUnavailable,
            ]
            if let subtype, let expected = intent[subtype] {
                require(
                    r?.expirationReason == expected,
                    "EXPIRED/\(subtype.rawValue): expirationIntent \(expected.rawValue)")
            }
        case (.refund, _):
            // Its status (5 when the refunded transaction is the subscription's latest) is not
            // told by the payload alone: the property test compares it with Get All Subscription
            // Statuses instead.
            require(t?.revocationDate != nil && t?.revocationReason != nil, "REFUND: transaction revoked")
        case (.revoke, _):
            require(
                t?.ownershipType == .familyShared && t?.revocationType == .familyRevoke,
                "REVOKE: a family copy, revoked FAMILY_REVOKE")
        case (.refundReversed, _):
            require(t?.revocationDate == nil, "REFUND_REVERSED: transaction not revoked")
        case (.refundDeclined, _):
            require(t?.revocationDate == nil, "REFUND_DECLINED: transaction not revoked")
        case (.consumptionRequest, _):
            require(
                t?.productType == .consumable || t?.productType == .autoRenewable,
                "CONSUMPTION_REQUEST: a consumable or auto-renewable subscription")
            require(p.data?.consumptionRequestReason != nil, "CONSUMPTION_REQUEST: consumptionRequestReason")
        case (.priceIncrease, .pending?):
            require(r?.priceIncreaseStatus == .pending, "PRICE_INCREASE/PENDING: priceIncreaseStatus 0")
        case (.priceIncrease, .accepted?):
            require(r?.priceIncreaseStatus == .agreed, "PRICE_INCREASE/ACCEPTED: priceIncreaseStatus 1")
        case (.renewalExtended, _):
            require(active, "RENEWAL_EXTENDED: status 1")
            require(r?.renewalDate == t?.expirationDate, "RENEWAL_EXTENDED: renewalDate = expiresDate")
        case (.oneTimeCharge, _):
            require(
                t != nil && t?.productType != .autoRenewable && r == nil,
                "ONE_TIME_CHARGE: a one-time purchase, no renewal info")
        case (.offerRedeemed, _):
            require(active, "OFFER_REDEEMED: status 1")
            require(
                t?.offer != nil || r?.offer != nil,
                "OFFER_REDEEMED: the offer in the transaction or renewal info")
        default:
            break
        }
        return broken
    }
}
