import Foundation
import PaywallTranslations
import StoreCore

extension Product {
    /// The format style of `price`: the storefront's currency in the device's locale, as
    /// StoreKit formats it (`product.price.formatted(product.priceFormatStyle)`).
    public var priceFormatStyle: Decimal.FormatStyle.Currency {
        .currency(code: base.currencyCode).locale(Locale.current)
    }

    /// The format style of a subscription period's unit ("Month"), in the store's locale as the
    /// session knows it, the locale `localizedDescription` speaks.
    /// https://developer.apple.com/documentation/storekit/product/subscriptionperiodunitformatstyle
    public var subscriptionPeriodUnitFormatStyle: SubscriptionPeriod.Unit.FormatStyle {
        SubscriptionPeriod.Unit.FormatStyle(locale: Locale(identifier: SessionWords.localeIdentifier))
    }
}

extension Product.SubscriptionPeriod.Unit {
    /// Formats a subscription period's unit as a word, as StoreKit's
    /// `Product.SubscriptionPeriod.Unit.FormatStyle`.
    public struct FormatStyle: Foundation.FormatStyle, Sendable {
        public typealias FormatInput = Product.SubscriptionPeriod.Unit
        public typealias FormatOutput = String

        public var locale: Locale

        public init(locale: Locale = .autoupdatingCurrent) { self.locale = locale }

        /// The unit's word in `locale`'s language ("Month", "Mois", "Monat"), from the String
        /// Catalog's `storeKitUnit…` words; a language the paywall does not speak gets English.
        public func format(_ value: Product.SubscriptionPeriod.Unit) -> String {
            PaywallTranslations.text(value.word, localeIdentifier: locale.identifier)
        }

        public func locale(_ locale: Locale) -> Self { Self(locale: locale) }
    }

    /// The unit as `format` writes it.
    public func formatted<S: Foundation.FormatStyle>(_ format: S) -> S.FormatOutput
    where S.FormatInput == Product.SubscriptionPeriod.Unit {
        format.format(self)
    }
}

extension Product.SubscriptionPeriod {
    /// One period starting at `referenceDate`, in the Gregorian calendar, as StoreKit computes it.
    public func dateRange(referenceDate: Date = .now) -> Range<Date> {
        let components = DateComponents(subscriptionPeriod: self)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let end = calendar.date(byAdding: components, to: referenceDate) ?? referenceDate
        return referenceDate..<max(end, referenceDate)
    }

    /// Formats the period as the duration of one period starting at `referenceDate` (a month
    /// from January 31 is 28 days).
    public func formatted<S: Foundation.FormatStyle>(_ format: S, referenceDate: Date = .now)
        -> S.FormatOutput
    where S.FormatInput == Duration {
        let range = dateRange(referenceDate: referenceDate)
        return format.format(.seconds(range.upperBound.timeIntervalSince(range.lowerBound)))
    }

    /// Formats the period as a date range starting at `referenceDate`.
    public func formatted<S: Foundation.FormatStyle>(_ format: S, referenceDate: Date = .now)
        -> S.FormatOutput
    where S.FormatInput == Range<Date> {
        format.format(dateRange(referenceDate: referenceDate))
    }
}

extension DateComponents {
    /// The period's length as calendar components (`month: 3` for three months, `day: 14` for two
    /// weeks), to add to a date with `Calendar.date(byAdding:to:)`.
    public init(subscriptionPeriod period: Product.SubscriptionPeriod) {
        self.init()
        switch period.unit {
        case .day: day = period.value
        case .week: day = period.value * 7
        case .month: month = period.value
        case .year: year = period.value
        }
    }
}
