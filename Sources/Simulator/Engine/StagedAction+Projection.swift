import Foundation
import StoreCore

extension StagedAction {
    /// When each of the chain's next `count` events falls (renewals, and a billing problem's
    /// grace and retry ends), found by running them on this action, which the caller then
    /// drops: an advance by periods knows where it ends, and whether the store can sign that
    /// far, before anything is staged for real (issue 22: `--periods 130` used to commit 120
    /// renewals, one at a time, before the 121st was refused). Stops early when nothing more
    /// will happen without a tester's action.
    mutating func dueDates(of key: SubscriptionChain.Key, count: Int) throws(StoreError) -> [Date] {
        var dates: [Date] = []
        while dates.count < count, let chain = chain(key), let due = nextDue(chain) {
            try step(chain, at: due)
            dates.append(due)
        }
        return dates
    }
}
