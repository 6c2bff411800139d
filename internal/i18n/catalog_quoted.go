package i18n

func init() {
	Register(map[string]Text{
		// An order staff quoted (a paid enquiry) keeps its price: an exchange only moves its date and time.
		"orders.quoted_change_needs_staff": {En: "This trip was priced by our team: ask us to change its car or stops.", Ar: "سعر هذه الرحلة حدده فريقنا: اطلب منا تغيير سيارتها أو محطاتها."},
	})
}
