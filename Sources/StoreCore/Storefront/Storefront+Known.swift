extension Storefront {
    /// The largest App Store storefronts by revenue and downloads, with Apple's storefront
    /// identifiers and currencies (App Store Connect's pricing and availability list).
    public static let known: [String: Storefront] = {
        let rows: [(String, String, String)] = [
            ("USA", "143441", "USD"), ("CHN", "143465", "CNY"), ("JPN", "143462", "JPY"),
            ("GBR", "143444", "GBP"), ("KOR", "143466", "KRW"), ("DEU", "143443", "EUR"),
            ("FRA", "143442", "EUR"), ("CAN", "143455", "CAD"), ("AUS", "143460", "AUD"),
            ("TWN", "143470", "TWD"), ("ITA", "143450", "EUR"), ("ESP", "143454", "EUR"),
            ("BRA", "143503", "BRL"), ("MEX", "143468", "MXN"), ("RUS", "143469", "RUB"),
            ("IND", "143467", "INR"), ("HKG", "143463", "HKD"), ("NLD", "143452", "EUR"),
            ("CHE", "143459", "CHF"), ("SWE", "143456", "SEK"), ("TUR", "143480", "TRY"),
            ("SAU", "143479", "SAR"), ("ARE", "143481", "AED"), ("SGP", "143464", "SGD"),
            ("POL", "143478", "PLN"), ("NOR", "143457", "NOK"), ("DNK", "143458", "DKK"),
            ("BEL", "143446", "EUR"), ("AUT", "143445", "EUR"), ("IRL", "143449", "EUR"),
            ("NZL", "143461", "NZD"), ("ZAF", "143472", "ZAR"), ("IDN", "143476", "IDR"),
            ("THA", "143475", "THB"), ("MYS", "143473", "MYR"), ("PHL", "143474", "PHP"),
            ("VNM", "143471", "VND"), ("ISR", "143491", "ILS"), ("EGY", "143516", "EGP"),
            ("COL", "143501", "COP"), ("CHL", "143483", "CLP"), ("PER", "143507", "PEN"),
            ("FIN", "143447", "EUR"), ("PRT", "143453", "EUR"), ("CZE", "143489", "CZK"),
            ("HUN", "143482", "HUF"), ("ROU", "143487", "RON"), ("GRC", "143448", "EUR"),
            ("QAT", "143498", "QAR"), ("KAZ", "143517", "KZT"), ("PAK", "143477", "PKR"),
            ("NGA", "143561", "NGN"),
        ]
        var table: [String: Storefront] = [:]
        for (alpha3, id, currency) in rows {
            table[alpha3] = Storefront(countryCode: alpha3, id: id, currencyCode: currency)
        }
        return table
    }()
}
