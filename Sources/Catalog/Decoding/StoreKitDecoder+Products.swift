import SourceDiagnostics

/// The keys of a product object; subscriptions add theirs to the same object.
enum ProductKey: String, CaseIterable {
    case productID, type, displayPrice, familyShareable, internalID, referenceName, localizations
    case groupNumber, recurringSubscriptionPeriod, subscriptionGroupID
    case introductoryOffer, introductoryOffers, adHocOffers, codeOffers, winbackOffers, billingPlans
}

/// The keys of a localization object.
enum LocalizationKey: String, CaseIterable {
    case description, displayName, locale
}

extension StoreKitDecoder {
    /// Which list a product sits in, which decides the types it may have.
    enum ProductList: String {
        case products, nonRenewingSubscriptions, subscriptions

        var allowedTypes: [ConfigurationProductType] {
            switch self {
            case .products: [.consumable, .nonConsumable]
            case .nonRenewingSubscriptions: [.nonRenewingSubscription]
            case .subscriptions: [.recurringSubscription]
            }
        }
    }

    func decodeProduct(_ context: DecodingContext, _ node: JSONDocument.Node, list: ProductList)
        -> ConfigurationProduct?
    {
        guard var reader = ObjectReader<ProductKey>(context, node) else { return nil }
        var product = decodeProductFields(&reader, list: list)
        let unknown = reader.finish()
        product?.unknownFields = unknown
        return product
    }

    /// The product keys of a product or subscription object; the caller finishes the reader.
    func decodeProductFields(_ reader: inout ObjectReader<ProductKey>, list: ProductList)
        -> ConfigurationProduct?
    {
        let idNode = reader.present(.productID, required: true)
        let productID = reader.string(.productID)
        if let productID, let idNode {
            if productID.isEmpty { context.error("empty product ID; every product needs one", at: idNode) }
            claim(productID, at: idNode, in: &productIDs, what: "product ID")
        }
        let type = decodeType(&reader, list: list)
        let price = reader.price(.displayPrice, required: true)
        let familyShareable = reader.bool(.familyShareable)
        let internalID = reader.string(.internalID)
        let referenceName = reader.string(.referenceName)
        let localizations = reader.array(.localizations) { [self] in decodeLocalization($1) }
        if let productID, let type, let price {
            let product = ConfigurationProduct(
                productID: productID, type: type, displayPrice: price, familyShareable: familyShareable,
                internalID: internalID, referenceName: referenceName, localizations: localizations)
            checkLocalizations(of: product, reader: &reader)
            return product
        }
        return nil
    }

    private func decodeType(_ reader: inout ObjectReader<ProductKey>, list: ProductList)
        -> ConfigurationProductType?
    {
        guard let node = reader.present(.type, required: true),
            let type = reader.decodeEnumeration(node, as: ConfigurationProductType.self, noun: "product type")
        else { return nil }
        guard list.allowedTypes.contains(type) else {
            let home =
                switch type {
                case .consumable, .nonConsumable: "products"
                case .nonRenewingSubscription: "nonRenewingSubscriptions"
                case .recurringSubscription: "subscriptionGroups[].subscriptions"
                }
            let allowed = list.allowedTypes.map(\.rawValue).joined(separator: " or ")
            context.error(
                "a \(type.rawValue) product cannot be in \(list.rawValue); move it to \(home) or use \(allowed)",
                at: node)
            return nil
        }
        return type
    }

    func decodeLocalization(_ node: JSONDocument.Node) -> ConfigurationLocalization? {
        guard var reader = ObjectReader<LocalizationKey>(context, node) else { return nil }
        let locale = reader.string(.locale, required: true)
        let displayName = reader.string(.displayName)
        let description = reader.string(.description)
        let unknown = reader.finish()
        guard let locale else { return nil }
        return ConfigurationLocalization(
            locale: locale, displayName: displayName, description: description, unknownFields: unknown)
    }

    /// Warnings about names StoreKit would show empty, or not in the catalog's own language.
    /// Reads the tape rather than the decoded list so each warning points at its element.
    private func checkLocalizations(of product: ConfigurationProduct, reader: inout ObjectReader<ProductKey>)
    {
        let document = context.document
        let fallback = product.referenceName.map { "the reference name \"\($0)\"" } ?? "the product ID"
        guard let listNode = reader.lookup(.localizations), document.kind(of: listNode) == .array else {
            context.warning(
                "no localizations; Kiosk shows \(fallback); add one for \(defaultLocale)", at: reader.node,
                key: ProductKey.localizations.rawValue)
            return
        }
        let elements = document.elements(of: listNode)
        if elements.isEmpty {
            context.warning(
                "no localizations; Kiosk shows \(fallback); add one for \(defaultLocale)", at: listNode)
            return
        }
        var seen: Set<String> = []
        for element in elements {
            guard
                let locale = document.member(LocalizationKey.locale.rawValue, of: element).flatMap(
                    document.string)
            else { continue }
            if !seen.insert(locale).inserted {
                context.warning("a second localization for \(locale) is ignored; merge the two", at: element)
            }
            let nameNode = document.member(LocalizationKey.displayName.rawValue, of: element)
            if nameNode.flatMap(document.string)?.isEmpty ?? true {
                context.warning(
                    "empty display name; Kiosk shows \(fallback) instead; fill it in",
                    at: nameNode ?? element,
                    key: nameNode == nil ? LocalizationKey.displayName.rawValue : nil)
            }
        }
        if !seen.contains(defaultLocale) {
            context.warning(
                "no localization for the catalog's default locale \(defaultLocale) (settings._locale); add one",
                at: listNode)
        }
    }
}
