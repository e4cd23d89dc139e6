import Foundation
import StoreCore

// The words of the customer's standing (issue 26): what a paywall says to a subscriber, a
// trial user, a customer whose payment failed, a family member; the copy's plan badges. Kept
// in a table of their own so the shared `Word` list and its tables stay as they are.

extension PaywallStrings {
    /// A word about where the customer stands, or a plan badge.
    public enum StandingWord: String, Sendable, Hashable, CaseIterable {
        /// "Start {duration} free trial": the call to action of a plan that starts free.
        case startTrial
        /// The call to action when the payment failed (billing retry, grace): fix it in Manage.
        case updatePayment
        /// The call to action on the plan held with auto-renew off.
        case resume
        /// The mark and call to action of a plan bought with Ask to Buy, until a parent answers.
        case waitingForApproval
        /// The mark and call to action of the plan a family organiser shares.
        case sharedByFamily
        /// The mark of the plan whose renewal failed.
        case paymentFailedTag
        /// "Starts {date}": the plan a downgrade (or crossgrade) switches to at the next renewal.
        case startsOn
        /// When a plan change takes effect: "now", "from {date}".
        case effectiveNow, effectiveOn
        /// The subscriber line in a trial: "Free trial: {plan}", "ends {date}, then {price}".
        case trialOf, trialThen
        /// "access ends {date}" (auto-renew off, grace), "subscription ends {date}" (billing retry).
        case accessEnds, subscriptionEnds
        /// "changes to {plan} on {date}": a pending downgrade or crossgrade.
        case switchesTo
        /// The line of a lapsed or refunded customer.
        case expiredOn, refundedOn
        /// The copy's plan badges.
        case mostPopular, bestValue
        /// The banner when the call to action of the plan held is pressed.
        case alreadyHeld
    }

    /// The word in this language, English when the table lacks it.
    public subscript(standing word: StandingWord) -> String {
        Self.standingTable[language]?[word] ?? Self.standingEnglish[word] ?? word.rawValue
    }

    /// The standing word with its placeholders filled in.
    public func format(_ word: StandingWord, _ values: [String: String]) -> String {
        Self.fill(self[standing: word], values)
    }

    /// "Start 1-week free trial": English says the trial's length as an adjective, the other
    /// languages with their own duration words.
    public func startTrial(_ period: SubscriptionPeriod) -> String {
        guard language == "en" else {
            return format(.startTrial, ["duration": duration(value: period.value, unit: period.unit)])
        }
        let unit =
            switch period.unit {
            case .day: "day"
            case .week: "week"
            case .month: "month"
            case .year: "year"
            }
        return "Start \(period.value)-\(unit) free trial"
    }

    /// The standing words this language lacks (shown in English); empty for every shipped one.
    public var missingStandingWords: [StandingWord] {
        StandingWord.allCases.filter { Self.standingTable[language]?[$0] == nil }
    }

    static let standingEnglish: [StandingWord: String] = [
        .startTrial: "Start {duration} free trial", .updatePayment: "Update payment method",
        .resume: "Resume subscription", .waitingForApproval: "Awaiting approval",
        .sharedByFamily: "Shared by your family", .paymentFailedTag: "Payment failed",
        .startsOn: "Starts {date}",
        .effectiveNow: "takes effect now", .effectiveOn: "takes effect {date}",
        .trialOf: "Free trial: {plan}",
        .trialThen: "ends {date}, then {price}", .accessEnds: "access ends {date}",
        .subscriptionEnds: "subscription ends {date}", .switchesTo: "changes to {plan} on {date}",
        .expiredOn: "{plan} expired on {date}", .refundedOn: "{plan} was refunded on {date}",
        .mostPopular: "Most popular", .bestValue: "Best value", .alreadyHeld: "{plan} is your current plan",
    ]

    static let standingTable: [String: [StandingWord: String]] = [
        "en": standingEnglish,
        "de": [
            .startTrial: "{duration} gratis testen", .updatePayment: "Zahlungsmethode aktualisieren",
            .resume: "Abo fortsetzen", .waitingForApproval: "Wartet auf Zustimmung",
            .sharedByFamily: "Von deiner Familie geteilt", .paymentFailedTag: "Zahlung fehlgeschlagen",
            .startsOn: "Ab {date}", .effectiveNow: "gilt sofort", .effectiveOn: "gilt ab {date}",
            .trialOf: "Gratis-Test: {plan}", .trialThen: "endet am {date}, danach {price}",
            .accessEnds: "Zugang bis {date}", .subscriptionEnds: "Abo endet am {date}",
            .switchesTo: "wechselt am {date} zu {plan}", .expiredOn: "{plan} ist am {date} abgelaufen",
            .refundedOn: "{plan} wurde am {date} erstattet", .mostPopular: "Beliebteste Wahl",
            .bestValue: "Bester Preis", .alreadyHeld: "{plan} ist dein aktuelles Abo",
        ],
        "fr": [
            .startTrial: "Essai gratuit de {duration}", .updatePayment: "Mettre à jour le paiement",
            .resume: "Reprendre l’abonnement", .waitingForApproval: "En attente d’approbation",
            .sharedByFamily: "Partagé par votre famille", .paymentFailedTag: "Paiement refusé",
            .startsOn: "Dès le {date}", .effectiveNow: "effet immédiat", .effectiveOn: "effet le {date}",
            .trialOf: "Essai gratuit : {plan}", .trialThen: "se termine le {date}, puis {price}",
            .accessEnds: "accès jusqu’au {date}", .subscriptionEnds: "l’abonnement prend fin le {date}",
            .switchesTo: "passe à {plan} le {date}", .expiredOn: "{plan} a expiré le {date}",
            .refundedOn: "{plan} a été remboursé le {date}", .mostPopular: "Le plus populaire",
            .bestValue: "Meilleure offre", .alreadyHeld: "{plan} est votre abonnement actuel",
        ],
        "es": [
            .startTrial: "Prueba gratis de {duration}", .updatePayment: "Actualizar método de pago",
            .resume: "Reanudar suscripción", .waitingForApproval: "Pendiente de aprobación",
            .sharedByFamily: "Compartido por tu familia", .paymentFailedTag: "Pago fallido",
            .startsOn: "Desde el {date}", .effectiveNow: "efecto inmediato", .effectiveOn: "efecto el {date}",
            .trialOf: "Prueba gratis: {plan}", .trialThen: "termina el {date}, después {price}",
            .accessEnds: "acceso hasta el {date}", .subscriptionEnds: "la suscripción termina el {date}",
            .switchesTo: "cambia a {plan} el {date}", .expiredOn: "{plan} venció el {date}",
            .refundedOn: "{plan} se reembolsó el {date}", .mostPopular: "Más popular",
            .bestValue: "Mejor precio", .alreadyHeld: "{plan} es tu plan actual",
        ],
        "it": [
            .startTrial: "Prova gratuita di {duration}", .updatePayment: "Aggiorna metodo di pagamento",
            .resume: "Riprendi abbonamento", .waitingForApproval: "In attesa di approvazione",
            .sharedByFamily: "Condiviso dalla famiglia", .paymentFailedTag: "Pagamento non riuscito",
            .startsOn: "Dal {date}", .effectiveNow: "effetto immediato", .effectiveOn: "effetto dal {date}",
            .trialOf: "Prova gratuita: {plan}", .trialThen: "termina il {date}, poi {price}",
            .accessEnds: "accesso fino al {date}", .subscriptionEnds: "l’abbonamento termina il {date}",
            .switchesTo: "passa a {plan} il {date}", .expiredOn: "{plan} è scaduto il {date}",
            .refundedOn: "{plan} è stato rimborsato il {date}", .mostPopular: "Più popolare",
            .bestValue: "Miglior prezzo", .alreadyHeld: "{plan} è il tuo piano attuale",
        ],
        "pt-BR": [
            .startTrial: "Teste grátis de {duration}", .updatePayment: "Atualizar forma de pagamento",
            .resume: "Retomar assinatura", .waitingForApproval: "Aguardando aprovação",
            .sharedByFamily: "Compartilhado pela família", .paymentFailedTag: "Falha no pagamento",
            .startsOn: "A partir de {date}", .effectiveNow: "vale agora",
            .effectiveOn: "vale a partir de {date}",
            .trialOf: "Teste grátis: {plan}", .trialThen: "termina em {date}, depois {price}",
            .accessEnds: "acesso até {date}", .subscriptionEnds: "a assinatura termina em {date}",
            .switchesTo: "muda para {plan} em {date}", .expiredOn: "{plan} expirou em {date}",
            .refundedOn: "{plan} foi reembolsado em {date}", .mostPopular: "Mais popular",
            .bestValue: "Melhor valor", .alreadyHeld: "{plan} é seu plano atual",
        ],
        "ja": [
            .startTrial: "{duration}の無料トライアルを開始", .updatePayment: "お支払い方法を更新",
            .resume: "サブスクリプションを再開", .waitingForApproval: "承認待ち", .sharedByFamily: "ファミリー共有",
            .paymentFailedTag: "支払い失敗", .startsOn: "{date}から", .effectiveNow: "すぐに適用",
            .effectiveOn: "{date}から適用", .trialOf: "無料トライアル：{plan}", .trialThen: "{date}に終了、その後{price}",
            .accessEnds: "{date}まで利用可能", .subscriptionEnds: "{date}に購読終了",
            .switchesTo: "{date}に{plan}へ変更", .expiredOn: "{plan}は{date}に終了しました",
            .refundedOn: "{plan}は{date}に返金されました", .mostPopular: "人気No.1", .bestValue: "いちばんお得",
            .alreadyHeld: "{plan}はご利用中のプランです",
        ],
        "ko": [
            .startTrial: "{duration} 무료 체험 시작", .updatePayment: "결제 수단 업데이트", .resume: "구독 재개",
            .waitingForApproval: "승인 대기 중", .sharedByFamily: "가족 공유", .paymentFailedTag: "결제 실패",
            .startsOn: "{date}부터", .effectiveNow: "즉시 적용", .effectiveOn: "{date}부터 적용",
            .trialOf: "무료 체험: {plan}", .trialThen: "{date} 종료, 이후 {price}",
            .accessEnds: "{date}까지 이용 가능", .subscriptionEnds: "{date}에 구독 종료",
            .switchesTo: "{date}에 {plan}(으)로 변경", .expiredOn: "{plan} {date}에 만료됨",
            .refundedOn: "{plan} {date}에 환불됨", .mostPopular: "가장 인기", .bestValue: "최고의 가치",
            .alreadyHeld: "{plan}은(는) 현재 플랜입니다",
        ],
        "zh-Hans": [
            .startTrial: "开始{duration}免费试用", .updatePayment: "更新付款方式", .resume: "恢复订阅",
            .waitingForApproval: "等待批准", .sharedByFamily: "家人共享", .paymentFailedTag: "付款失败",
            .startsOn: "{date}起", .effectiveNow: "立即生效", .effectiveOn: "{date}生效", .trialOf: "免费试用：{plan}",
            .trialThen: "{date}结束，之后{price}", .accessEnds: "可使用至{date}", .subscriptionEnds: "订阅将于{date}结束",
            .switchesTo: "{date}改为{plan}", .expiredOn: "{plan}已于{date}到期", .refundedOn: "{plan}已于{date}退款",
            .mostPopular: "最受欢迎", .bestValue: "最划算", .alreadyHeld: "{plan}是你当前的方案",
        ],
        "zh-Hant": [
            .startTrial: "開始{duration}免費試用", .updatePayment: "更新付款方式", .resume: "恢復訂閱",
            .waitingForApproval: "等待核准", .sharedByFamily: "家人共享", .paymentFailedTag: "付款失敗",
            .startsOn: "{date}起", .effectiveNow: "立即生效", .effectiveOn: "{date}生效", .trialOf: "免費試用：{plan}",
            .trialThen: "{date}結束，之後{price}", .accessEnds: "可使用至{date}", .subscriptionEnds: "訂閱將於{date}結束",
            .switchesTo: "{date}改為{plan}", .expiredOn: "{plan}已於{date}到期", .refundedOn: "{plan}已於{date}退款",
            .mostPopular: "最受歡迎", .bestValue: "最劃算", .alreadyHeld: "{plan}是你目前的方案",
        ],
        "ar": [
            .startTrial: "ابدأ تجربة مجانية لمدة {duration}", .updatePayment: "تحديث طريقة الدفع",
            .resume: "استئناف الاشتراك", .waitingForApproval: "بانتظار الموافقة",
            .sharedByFamily: "مشترك من عائلتك",
            .paymentFailedTag: "فشل الدفع", .startsOn: "يبدأ {date}", .effectiveNow: "يسري فورًا",
            .effectiveOn: "يسري من {date}", .trialOf: "تجربة مجانية: {plan}",
            .trialThen: "تنتهي {date}، ثم {price}",
            .accessEnds: "ينتهي الوصول {date}", .subscriptionEnds: "ينتهي الاشتراك {date}",
            .switchesTo: "يتغير إلى {plan} في {date}", .expiredOn: "انتهى {plan} في {date}",
            .refundedOn: "تم استرداد {plan} في {date}", .mostPopular: "الأكثر شيوعًا", .bestValue: "أفضل قيمة",
            .alreadyHeld: "{plan} هي خطتك الحالية",
        ],
        "he": [
            .startTrial: "התחל ניסיון חינם של {duration}", .updatePayment: "עדכון אמצעי התשלום",
            .resume: "חידוש המינוי", .waitingForApproval: "ממתין לאישור",
            .sharedByFamily: "משותף על ידי המשפחה",
            .paymentFailedTag: "התשלום נכשל", .startsOn: "מתחיל ב־{date}", .effectiveNow: "בתוקף מיד",
            .effectiveOn: "בתוקף מ־{date}", .trialOf: "ניסיון חינם: {plan}",
            .trialThen: "מסתיים ב־{date}, ואז {price}",
            .accessEnds: "הגישה מסתיימת ב־{date}", .subscriptionEnds: "המינוי יסתיים ב־{date}",
            .switchesTo: "עובר ל־{plan} ב־{date}", .expiredOn: "{plan} פג ב־{date}",
            .refundedOn: "{plan} הוחזר ב־{date}", .mostPopular: "הפופולרי ביותר", .bestValue: "המשתלם ביותר",
            .alreadyHeld: "{plan} היא התוכנית הנוכחית שלך",
        ],
    ]
}
