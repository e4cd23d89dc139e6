// The paywall's own words in the East Asian and right-to-left languages it ships.

extension PaywallStrings {
    static let japanese: [Word: String] = [
        .subscriptions: "サブスクリプション", .shop: "ショップ", .subscribe: "登録する",
        .startFreeTrial: "無料体験を始める", .currentPlan: "現在のプラン", .upgrade: "アップグレード",
        .downgrade: "ダウングレード", .crossgrade: "変更", .restore: "購入を復元",
        .redeem: "コードを使う", .termsOfUse: "利用規約", .privacyPolicy: "プライバシーポリシー",
        .account: "アカウント", .manager: "マネージャ", .more: "その他", .group: "グループ",
        .dayOne: "1日", .dayOther: "{n}日", .weekOne: "1週間", .weekOther: "{n}週間",
        .monthOne: "1か月", .monthOther: "{n}か月", .yearOne: "1年", .yearOther: "{n}年",
        .perDay: "/日", .perWeek: "/週", .perMonth: "/月", .perYear: "/年",
        .perMonthShort: "{price}/月", .freeTrialTerms: "{duration}無料、その後{price}",
        .introTerms: "{duration}は{offer}、その後{price}", .save: "{n}%お得",
        .renewalTerms:
            "現在の期間が終了する24時間以上前に自動更新をオフにしない限り、{price}で自動的に更新されます。アカウント設定で管理・解約できます。",
        .trialTerms: "{duration}の無料体験の終了後、体験終了の24時間前までに解約しない限り{price}が請求されます。",
        .freeTrial: "無料体験", .noSubscriptions: "このカタログにサブスクリプションはありません。tabでショップへ。",
        .loading: "ストアを読み込み中…", .restoring: "購入を復元中…", .renews: "{date}に更新",
        .expires: "{date}に終了", .autoRenewOn: "自動更新オン", .autoRenewOff: "自動更新オフ",
    ]

    static let korean: [Word: String] = [
        .subscriptions: "구독", .shop: "상점", .subscribe: "구독하기", .startFreeTrial: "무료 체험 시작",
        .currentPlan: "현재 플랜", .upgrade: "업그레이드", .downgrade: "다운그레이드", .crossgrade: "변경",
        .restore: "구입 복원", .redeem: "코드 사용", .termsOfUse: "이용 약관", .privacyPolicy: "개인정보 처리방침",
        .account: "계정", .manager: "관리자", .more: "더 보기", .group: "그룹",
        .dayOne: "1일", .dayOther: "{n}일", .weekOne: "1주", .weekOther: "{n}주",
        .monthOne: "1개월", .monthOther: "{n}개월", .yearOne: "1년", .yearOther: "{n}년",
        .perDay: "/일", .perWeek: "/주", .perMonth: "/월", .perYear: "/년",
        .perMonthShort: "{price}/월", .freeTrialTerms: "{duration} 무료, 이후 {price}",
        .introTerms: "{duration} 동안 {offer}, 이후 {price}", .save: "{n}% 절약",
        .renewalTerms:
            "현재 기간이 끝나기 최소 24시간 전에 자동 갱신을 끄지 않으면 {price}에 자동으로 갱신됩니다. 계정 설정에서 관리하거나 취소할 수 있습니다.",
        .trialTerms: "{duration} 무료 체험이 끝나면 종료 최소 24시간 전에 취소하지 않는 한 {price}이 청구됩니다.",
        .freeTrial: "무료 체험", .noSubscriptions: "이 카탈로그에는 구독이 없습니다. tab을 눌러 상점으로.",
        .loading: "스토어 불러오는 중…", .restoring: "구입 복원 중…", .renews: "{date} 갱신",
        .expires: "{date} 만료", .autoRenewOn: "자동 갱신 켬", .autoRenewOff: "자동 갱신 끔",
    ]

    static let simplifiedChinese: [Word: String] = [
        .subscriptions: "订阅", .shop: "商店", .subscribe: "订阅", .startFreeTrial: "开始免费试用",
        .currentPlan: "当前方案", .upgrade: "升级", .downgrade: "降级", .crossgrade: "更换",
        .restore: "恢复购买", .redeem: "兑换代码", .termsOfUse: "使用条款", .privacyPolicy: "隐私政策",
        .account: "账户", .manager: "管理器", .more: "更多", .group: "组",
        .dayOne: "1天", .dayOther: "{n}天", .weekOne: "1周", .weekOther: "{n}周",
        .monthOne: "1个月", .monthOther: "{n}个月", .yearOne: "1年", .yearOther: "{n}年",
        .perDay: "/天", .perWeek: "/周", .perMonth: "/月", .perYear: "/年",
        .perMonthShort: "{price}/月", .freeTrialTerms: "免费{duration}，之后{price}",
        .introTerms: "{duration}内{offer}，之后{price}", .save: "省{n}%",
        .renewalTerms: "除非在当前周期结束前至少24小时关闭自动续订，否则将以{price}自动续订。可在账户设置中管理或取消。",
        .trialTerms: "{duration}免费试用结束后将收取{price}，除非在试用结束前至少24小时取消。",
        .freeTrial: "免费试用", .noSubscriptions: "此目录中没有订阅。按 tab 前往商店。",
        .loading: "正在载入商店…", .restoring: "正在恢复购买…", .renews: "{date}续订",
        .expires: "{date}到期", .autoRenewOn: "自动续订开", .autoRenewOff: "自动续订关",
    ]

    static let traditionalChinese: [Word: String] = [
        .subscriptions: "訂閱", .shop: "商店", .subscribe: "訂閱", .startFreeTrial: "開始免費試用",
        .currentPlan: "目前方案", .upgrade: "升級", .downgrade: "降級", .crossgrade: "變更",
        .restore: "回復購買項目", .redeem: "兌換代碼", .termsOfUse: "使用條款", .privacyPolicy: "隱私權政策",
        .account: "帳號", .manager: "管理器", .more: "更多", .group: "群組",
        .dayOne: "1天", .dayOther: "{n}天", .weekOne: "1週", .weekOther: "{n}週",
        .monthOne: "1個月", .monthOther: "{n}個月", .yearOne: "1年", .yearOther: "{n}年",
        .perDay: "/天", .perWeek: "/週", .perMonth: "/月", .perYear: "/年",
        .perMonthShort: "{price}/月", .freeTrialTerms: "免費{duration}，之後{price}",
        .introTerms: "{duration}內{offer}，之後{price}", .save: "省{n}%",
        .renewalTerms: "除非在目前週期結束前至少24小時關閉自動續訂，否則將以{price}自動續訂。可在帳號設定中管理或取消。",
        .trialTerms: "{duration}免費試用結束後將收取{price}，除非在試用結束前至少24小時取消。",
        .freeTrial: "免費試用", .noSubscriptions: "此目錄中沒有訂閱。按 tab 前往商店。",
        .loading: "正在載入商店…", .restoring: "正在回復購買項目…", .renews: "{date}續訂",
        .expires: "{date}到期", .autoRenewOn: "自動續訂開", .autoRenewOff: "自動續訂關",
    ]

    static let arabic: [Word: String] = [
        .subscriptions: "الاشتراكات", .shop: "المتجر", .subscribe: "اشترك",
        .startFreeTrial: "ابدأ التجربة المجانية",
        .currentPlan: "الخطة الحالية", .upgrade: "ترقية", .downgrade: "تخفيض", .crossgrade: "تبديل",
        .restore: "استعادة المشتريات", .redeem: "استرداد رمز", .termsOfUse: "شروط الاستخدام",
        .privacyPolicy: "سياسة الخصوصية", .account: "الحساب", .manager: "المدير", .more: "المزيد",
        .group: "المجموعة",
        .dayOne: "يوم واحد", .dayOther: "{n} أيام", .weekOne: "أسبوع واحد", .weekOther: "{n} أسابيع",
        .monthOne: "شهر واحد", .monthOther: "{n} أشهر", .yearOne: "سنة واحدة", .yearOther: "{n} سنوات",
        .perDay: "/يوم", .perWeek: "/أسبوع", .perMonth: "/شهر", .perYear: "/سنة",
        .perMonthShort: "{price}/شهر", .freeTrialTerms: "{duration} مجانًا، ثم {price}",
        .introTerms: "{offer} لمدة {duration}، ثم {price}", .save: "وفّر {n}٪",
        .renewalTerms:
            "يتجدد تلقائيًا بسعر {price} ما لم يتم إيقاف التجديد التلقائي قبل 24 ساعة على الأقل من نهاية الفترة الحالية. يمكنك الإدارة أو الإلغاء من إعدادات حسابك.",
        .trialTerms:
            "بعد التجربة المجانية لمدة {duration} يُحتسب {price} ما لم تُلغِ قبل 24 ساعة على الأقل من نهاية التجربة.",
        .freeTrial: "تجربة مجانية", .noSubscriptions: "لا توجد اشتراكات في هذا الكتالوج. اضغط tab للمتجر.",
        .loading: "جارٍ تحميل المتجر…", .restoring: "جارٍ استعادة المشتريات…", .renews: "يتجدد في {date}",
        .expires: "ينتهي في {date}", .autoRenewOn: "التجديد التلقائي مفعّل",
        .autoRenewOff: "التجديد التلقائي متوقف",
    ]

    static let hebrew: [Word: String] = [
        .subscriptions: "מינויים", .shop: "חנות", .subscribe: "הרשמה", .startFreeTrial: "התחלת ניסיון חינם",
        .currentPlan: "התוכנית הנוכחית", .upgrade: "שדרוג", .downgrade: "שנמוך", .crossgrade: "החלפה",
        .restore: "שחזור רכישות", .redeem: "מימוש קוד", .termsOfUse: "תנאי שימוש",
        .privacyPolicy: "מדיניות פרטיות", .account: "חשבון", .manager: "מנהל", .more: "עוד", .group: "קבוצה",
        .dayOne: "יום אחד", .dayOther: "{n} ימים", .weekOne: "שבוע אחד", .weekOther: "{n} שבועות",
        .monthOne: "חודש אחד", .monthOther: "{n} חודשים", .yearOne: "שנה אחת", .yearOther: "{n} שנים",
        .perDay: "/יום", .perWeek: "/שבוע", .perMonth: "/חודש", .perYear: "/שנה",
        .perMonthShort: "{price}/חודש", .freeTrialTerms: "{duration} חינם, ואז {price}",
        .introTerms: "{offer} למשך {duration}, ואז {price}", .save: "חיסכון של {n}%",
        .renewalTerms:
            "המינוי מתחדש אוטומטית ב-{price} אלא אם החידוש האוטומטי כובה לפחות 24 שעות לפני סוף התקופה הנוכחית. ניהול וביטול בהגדרות החשבון.",
        .trialTerms:
            "בסיום הניסיון החינמי של {duration} יחויב {price} אלא אם תבטלו לפחות 24 שעות לפני סיום הניסיון.",
        .freeTrial: "ניסיון חינם", .noSubscriptions: "אין מינויים בקטלוג הזה. הקישו tab לחנות.",
        .loading: "החנות נטענת…", .restoring: "משחזר רכישות…", .renews: "מתחדש ב-{date}",
        .expires: "מסתיים ב-{date}", .autoRenewOn: "חידוש אוטומטי פעיל", .autoRenewOff: "חידוש אוטומטי כבוי",
    ]
}
