package i18n

func init() {
	Register(map[string]Text{
		"mail.signature": {En: "The Mishwar team, Cairo", Ar: "فريق مشوار، القاهرة"},
	})
}
