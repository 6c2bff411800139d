package i18n

func init() {
	Register(map[string]Text{
		"notifications.bad_mark":  {En: "Say which notification you read up to (a number from 1 to your newest notification's).", Ar: "حدّد آخر إشعار قرأته (رقم من ١ إلى رقم أحدث إشعار لديك)."},
		"notifications.bad_limit": {En: "Ask for between 1 and 100 notifications.", Ar: "اطلب ما بين ١ و١٠٠ إشعار."},
	})
}
