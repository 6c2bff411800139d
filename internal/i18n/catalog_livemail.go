package i18n

// The "your driver" e-mail (processes/ordermail); the trip-completed one is in catalog_ordertrip.go.
func init() {
	Register(map[string]Text{
		"mail.driver_assigned.subject": {En: "Your driver for trip %s", Ar: "سائقك في الرحلة %s"},
		"mail.driver_assigned.heading": {En: "Your driver is assigned", Ar: "تم تعيين سائقك"},
		"mail.driver_assigned.body": {En: "%s will drive you on %s, picking you up at %s (Cairo time).",
			Ar: "سيقودك %s يوم %s، ويصطحبك في الساعة %s (بتوقيت القاهرة)."},
		// The plate is isolated (its letters and digits keep their order inside the sentence) and the
		// phone is isolated left to right: "+2010…" in an Arabic sentence read "2010…+".
		"mail.driver_assigned.car": {En: "Car: %s, plate \u2068%s\u2069 (%s). Driver's phone: \u2066%s\u2069.", Ar: "السيارة: %s، اللوحة \u2068%s\u2069 (%s). هاتف السائق: \u2066%s\u2069."},
		"mail.action.follow_trip":  {En: "Follow your trip", Ar: "تابع رحلتك"},
		// A trip handed over on the road (dispatch TripHandedOver): the traveller needs the new car.
		"mail.driver_changed.subject": {En: "Another driver for trip %s", Ar: "سائق آخر للرحلة %s"},
		"mail.driver_changed.heading": {En: "Your trip goes on with another driver", Ar: "تكمل رحلتك مع سائق آخر"},
		"mail.driver_changed.body": {En: "%[1]s now drives your trip of %[2]s. Not picked up yet? Look for this car at your pickup (%[3]s, Cairo time).",
			Ar: "يقود %[1]s رحلتك يوم %[2]s الآن. إن لم يصطحبك أحد بعد، فابحث عن هذه السيارة عند نقطة الالتقاء (%[3]s بتوقيت القاهرة)."},
	})
}
