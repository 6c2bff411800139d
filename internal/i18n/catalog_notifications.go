package i18n

func init() {
	Register(map[string]Text{
		"notifications.bad_mark":  {En: "Say which notification you read up to (a number from 1).", Ar: "حدّد آخر إشعار قرأته (رقم يبدأ من ١)."},
		"notifications.bad_limit": {En: "Ask for between 1 and 100 notifications.", Ar: "اطلب ما بين ١ و١٠٠ إشعار."},
	})
}
