package i18n

// The "your driver" e-mail (processes/ordermail); the trip-completed one is in catalog_ordertrip.go.
func init() {
	Register(map[string]Text{
		"mail.driver_assigned.subject": {En: "Your driver for trip %s", Ar: "سائقك في الرحلة %s"},
		"mail.driver_assigned.heading": {En: "Your driver is assigned", Ar: "تم تعيين سائقك"},
		"mail.driver_assigned.body": {En: "%s will drive you on %s, picking you up at %s (Cairo time).",
			Ar: "سيقودك %s يوم %s، ويصطحبك في الساعة %s (بتوقيت القاهرة)."},
		"mail.driver_assigned.car": {En: "Car: %s, plate %s (%s). Driver's phone: %s.", Ar: "السيارة: %s، اللوحة %s (%s). هاتف السائق: %s."},
		"mail.action.follow_trip":  {En: "Follow your trip", Ar: "تابع رحلتك"},
	})
}
