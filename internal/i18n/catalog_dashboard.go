package i18n

func init() {
	Register(map[string]Text{
		"dashboard.bad_period": {En: "The charts look back 30 or 90 days.", Ar: "تعرض الرسوم البيانية آخر ٣٠ أو ٩٠ يومًا."},
	})
}
