// The paywall's own words in the European languages it ships. Disclosures follow App Review
// Guideline 3.1.2: renewal unless turned off 24 hours before the period ends, managed in the
// account settings, and what a free trial turns into.

extension PaywallStrings {
    static let englishWords: [Word: String] = [
        .subscriptions: "Subscriptions", .shop: "Shop", .subscribe: "Subscribe",
        .startFreeTrial: "Start free trial", .currentPlan: "Current plan", .upgrade: "Upgrade",
        .downgrade: "Downgrade", .crossgrade: "Crossgrade", .restore: "Restore Purchases",
        .redeem: "Redeem Code", .termsOfUse: "Terms of Use", .privacyPolicy: "Privacy Policy",
        .account: "Account", .manager: "Manager", .more: "More", .group: "Group",
        .dayOne: "1 day", .dayOther: "{n} days", .weekOne: "1 week", .weekOther: "{n} weeks",
        .monthOne: "1 month", .monthOther: "{n} months", .yearOne: "1 year", .yearOther: "{n} years",
        .perDay: "/day", .perWeek: "/week", .perMonth: "/month", .perYear: "/year",
        .perMonthShort: "{price}/mo", .freeTrialTerms: "{duration} free, then {price}",
        .introTerms: "{offer} for {duration}, then {price}", .save: "Save {n}%",
        .renewalTerms:
            "Renews automatically at {price} unless auto-renew is turned off at least 24 hours before the end of the current period. Manage or cancel in your account settings.",
        .trialTerms:
            "After the {duration} free trial you are charged {price} unless you cancel at least 24 hours before the trial ends.",
        .freeTrial: "Free trial",
        .noSubscriptions: "No subscriptions in this catalog. Press tab for the shop.",
        .loading: "Loading the store…", .restoring: "Restoring purchases…", .renews: "renews {date}",
        .expires: "expires {date}", .autoRenewOn: "auto-renew on", .autoRenewOff: "auto-renew off",
    ]

    static let german: [Word: String] = [
        .subscriptions: "Abonnements", .shop: "Shop", .subscribe: "Abonnieren",
        .startFreeTrial: "Gratis testen", .currentPlan: "Aktuelles Abo", .upgrade: "Upgrade",
        .downgrade: "Downgrade", .crossgrade: "Wechseln", .restore: "Käufe wiederherstellen",
        .redeem: "Code einlösen", .termsOfUse: "Nutzungsbedingungen", .privacyPolicy: "Datenschutz",
        .account: "Konto", .manager: "Manager", .more: "Mehr", .group: "Gruppe",
        .dayOne: "1 Tag", .dayOther: "{n} Tage", .weekOne: "1 Woche", .weekOther: "{n} Wochen",
        .monthOne: "1 Monat", .monthOther: "{n} Monate", .yearOne: "1 Jahr", .yearOther: "{n} Jahre",
        .perDay: "/Tag", .perWeek: "/Woche", .perMonth: "/Monat", .perYear: "/Jahr",
        .perMonthShort: "{price}/Mon.", .freeTrialTerms: "{duration} gratis, danach {price}",
        .introTerms: "{offer} für {duration}, danach {price}", .save: "{n} % sparen",
        .renewalTerms:
            "Verlängert sich automatisch zu {price}, sofern die automatische Verlängerung nicht spätestens 24 Stunden vor Ende des laufenden Zeitraums deaktiviert wird. Verwaltung und Kündigung in den Kontoeinstellungen.",
        .trialTerms:
            "Nach dem kostenlosen Test ({duration}) werden {price} berechnet, sofern du nicht spätestens 24 Stunden vor Testende kündigst.",
        .freeTrial: "Gratis testen", .noSubscriptions: "Keine Abonnements im Katalog. Tab öffnet den Shop.",
        .loading: "Store wird geladen…", .restoring: "Käufe werden wiederhergestellt…",
        .renews: "verlängert sich am {date}", .expires: "endet am {date}",
        .autoRenewOn: "automatische Verlängerung an", .autoRenewOff: "automatische Verlängerung aus",
    ]

    static let french: [Word: String] = [
        .subscriptions: "Abonnements", .shop: "Boutique", .subscribe: "S’abonner",
        .startFreeTrial: "Essai gratuit", .currentPlan: "Formule actuelle", .upgrade: "Passer au supérieur",
        .downgrade: "Rétrograder", .crossgrade: "Changer", .restore: "Restaurer les achats",
        .redeem: "Utiliser un code", .termsOfUse: "Conditions d’utilisation",
        .privacyPolicy: "Confidentialité", .account: "Compte", .manager: "Gestionnaire", .more: "Plus",
        .group: "Groupe",
        .dayOne: "1 jour", .dayOther: "{n} jours", .weekOne: "1 semaine", .weekOther: "{n} semaines",
        .monthOne: "1 mois", .monthOther: "{n} mois", .yearOne: "1 an", .yearOther: "{n} ans",
        .perDay: "/jour", .perWeek: "/semaine", .perMonth: "/mois", .perYear: "/an",
        .perMonthShort: "{price}/mois", .freeTrialTerms: "{duration} gratuit, puis {price}",
        .introTerms: "{offer} pendant {duration}, puis {price}", .save: "−{n} %",
        .renewalTerms:
            "Renouvellement automatique à {price}, sauf si le renouvellement automatique est désactivé au moins 24 heures avant la fin de la période en cours. Gérez ou résiliez dans les réglages de votre compte.",
        .trialTerms:
            "À la fin de l’essai gratuit de {duration}, {price} vous sera facturé, sauf résiliation au moins 24 heures avant la fin de l’essai.",
        .freeTrial: "Essai gratuit",
        .noSubscriptions: "Aucun abonnement dans ce catalogue. Tab ouvre la boutique.",
        .loading: "Chargement du store…", .restoring: "Restauration des achats…",
        .renews: "renouvelé le {date}", .expires: "expire le {date}",
        .autoRenewOn: "renouvellement auto activé", .autoRenewOff: "renouvellement auto désactivé",
    ]

    static let spanish: [Word: String] = [
        .subscriptions: "Suscripciones", .shop: "Tienda", .subscribe: "Suscribirse",
        .startFreeTrial: "Prueba gratis", .currentPlan: "Plan actual", .upgrade: "Mejorar",
        .downgrade: "Bajar de plan", .crossgrade: "Cambiar", .restore: "Restaurar compras",
        .redeem: "Canjear código", .termsOfUse: "Condiciones de uso", .privacyPolicy: "Privacidad",
        .account: "Cuenta", .manager: "Gestor", .more: "Más", .group: "Grupo",
        .dayOne: "1 día", .dayOther: "{n} días", .weekOne: "1 semana", .weekOther: "{n} semanas",
        .monthOne: "1 mes", .monthOther: "{n} meses", .yearOne: "1 año", .yearOther: "{n} años",
        .perDay: "/día", .perWeek: "/semana", .perMonth: "/mes", .perYear: "/año",
        .perMonthShort: "{price}/mes", .freeTrialTerms: "{duration} gratis, luego {price}",
        .introTerms: "{offer} durante {duration}, luego {price}", .save: "Ahorra un {n} %",
        .renewalTerms:
            "Se renueva automáticamente por {price} salvo que desactives la renovación automática al menos 24 horas antes del final del periodo actual. Gestiona o cancela en los ajustes de tu cuenta.",
        .trialTerms:
            "Tras la prueba gratuita de {duration} se cobrará {price} salvo que canceles al menos 24 horas antes de que termine.",
        .freeTrial: "Prueba gratis",
        .noSubscriptions: "No hay suscripciones en este catálogo. Tab abre la tienda.",
        .loading: "Cargando la tienda…", .restoring: "Restaurando compras…", .renews: "se renueva el {date}",
        .expires: "caduca el {date}", .autoRenewOn: "renovación automática activada",
        .autoRenewOff: "renovación automática desactivada",
    ]

    static let italian: [Word: String] = [
        .subscriptions: "Abbonamenti", .shop: "Negozio", .subscribe: "Abbonati",
        .startFreeTrial: "Prova gratis", .currentPlan: "Piano attuale", .upgrade: "Passa a superiore",
        .downgrade: "Passa a inferiore", .crossgrade: "Cambia", .restore: "Ripristina acquisti",
        .redeem: "Riscatta codice", .termsOfUse: "Condizioni d’uso", .privacyPolicy: "Privacy",
        .account: "Account", .manager: "Gestione", .more: "Altro", .group: "Gruppo",
        .dayOne: "1 giorno", .dayOther: "{n} giorni", .weekOne: "1 settimana", .weekOther: "{n} settimane",
        .monthOne: "1 mese", .monthOther: "{n} mesi", .yearOne: "1 anno", .yearOther: "{n} anni",
        .perDay: "/giorno", .perWeek: "/settimana", .perMonth: "/mese", .perYear: "/anno",
        .perMonthShort: "{price}/mese", .freeTrialTerms: "{duration} gratis, poi {price}",
        .introTerms: "{offer} per {duration}, poi {price}", .save: "Risparmi il {n}%",
        .renewalTerms:
            "Si rinnova automaticamente a {price} a meno che il rinnovo automatico non venga disattivato almeno 24 ore prima della fine del periodo in corso. Gestisci o annulla nelle impostazioni dell’account.",
        .trialTerms:
            "Al termine della prova gratuita di {duration} verrà addebitato {price}, salvo disdetta almeno 24 ore prima della fine della prova.",
        .freeTrial: "Prova gratis", .noSubscriptions: "Nessun abbonamento nel catalogo. Tab apre il negozio.",
        .loading: "Caricamento dello store…", .restoring: "Ripristino degli acquisti…",
        .renews: "si rinnova il {date}", .expires: "scade il {date}",
        .autoRenewOn: "rinnovo automatico attivo", .autoRenewOff: "rinnovo automatico disattivato",
    ]

    static let portuguese: [Word: String] = [
        .subscriptions: "Assinaturas", .shop: "Loja", .subscribe: "Assinar",
        .startFreeTrial: "Testar grátis", .currentPlan: "Plano atual", .upgrade: "Fazer upgrade",
        .downgrade: "Fazer downgrade", .crossgrade: "Trocar", .restore: "Restaurar compras",
        .redeem: "Resgatar código", .termsOfUse: "Termos de Uso", .privacyPolicy: "Privacidade",
        .account: "Conta", .manager: "Gerenciador", .more: "Mais", .group: "Grupo",
        .dayOne: "1 dia", .dayOther: "{n} dias", .weekOne: "1 semana", .weekOther: "{n} semanas",
        .monthOne: "1 mês", .monthOther: "{n} meses", .yearOne: "1 ano", .yearOther: "{n} anos",
        .perDay: "/dia", .perWeek: "/semana", .perMonth: "/mês", .perYear: "/ano",
        .perMonthShort: "{price}/mês", .freeTrialTerms: "{duration} grátis, depois {price}",
        .introTerms: "{offer} por {duration}, depois {price}", .save: "Economize {n}%",
        .renewalTerms:
            "Renova automaticamente por {price}, a menos que a renovação automática seja desativada pelo menos 24 horas antes do fim do período atual. Gerencie ou cancele nos ajustes da sua conta.",
        .trialTerms:
            "Após o teste grátis de {duration}, será cobrado {price}, a menos que você cancele pelo menos 24 horas antes do fim do teste.",
        .freeTrial: "Teste grátis", .noSubscriptions: "Nenhuma assinatura neste catálogo. Tab abre a loja.",
        .loading: "Carregando a loja…", .restoring: "Restaurando compras…", .renews: "renova em {date}",
        .expires: "expira em {date}", .autoRenewOn: "renovação automática ativada",
        .autoRenewOff: "renovação automática desativada",
    ]
}
