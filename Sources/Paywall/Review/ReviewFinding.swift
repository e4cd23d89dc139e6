import TerminalUI

/// One thing App Review would object to on one rendered paywall: what was found, and where.
public struct ReviewFinding: Sendable, Hashable, CustomStringConvertible {
    public var template: PaywallTemplate
    /// The store's locale the screen was rendered in (`de_DE`).
    public var locale: String
    /// The customer's state: `eligible`, `ineligible`, `subscribed`, `pending`, or the caller's name.
    public var state: String
    /// The selected plan's display name, when the finding concerns one.
    public var plan: String?
    public var size: Size
    /// What was found, e.g. "billed amount $79.99/year is less prominent than '$6.67/mo'".
    public var message: String

    public init(
        template: PaywallTemplate, locale: String, state: String, plan: String?, size: Size, message: String
    ) {
        self.template = template
        self.locale = locale
        self.state = state
        self.plan = plan
        self.size = size
        self.message = message
    }

    /// The same finding on the screen of another locale that renders alike.
    func `in`(_ locale: String) -> ReviewFinding {
        var finding = self
        finding.locale = locale
        return finding
    }

    /// The same finding for another customer state whose screen is the same.
    func named(_ state: String) -> ReviewFinding {
        var finding = self
        finding.state = state
        return finding
    }

    /// "billed amount … (plan Pro Annual, template cards, de_DE, eligible, 80x24)".
    public var description: String {
        let place = [plan.map { "plan \($0)" }, "template \(template.rawValue)", locale, state, "\(size)"]
            .compactMap { $0 }.joined(separator: ", ")
        return "\(message) (\(place))"
    }
}
