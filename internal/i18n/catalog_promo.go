package i18n

func init() {
	Register(map[string]Text{
		// Promo codes at checkout (domain/order, promo.go and redemptions.go).
		"promo.unknown":        {En: "We do not know this promo code. Check how it is spelled.", Ar: "لا نعرف رمز الخصم هذا. تحقق من كتابته."},
		"promo.expired":        {En: "This promo code has expired.", Ar: "انتهت صلاحية رمز الخصم هذا."},
		"promo.not_yet_valid":  {En: "This promo code is not valid yet.", Ar: "رمز الخصم هذا غير صالح بعد."},
		"promo.not_applicable": {En: "This promo code does not apply to this trip or rate plan.", Ar: "رمز الخصم هذا لا ينطبق على هذه الرحلة أو فئة السيارة."},
		"promo.used_up":        {En: "This promo code has been used as many times as it may be.", Ar: "استُخدم رمز الخصم هذا بالعدد الأقصى المسموح به."},
		"promo.used_by_you":    {En: "You have already used this promo code as many times as it allows.", Ar: "لقد استخدمت رمز الخصم هذا بالعدد الأقصى المسموح به."},
	})
}
