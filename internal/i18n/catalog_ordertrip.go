package i18n

// The order and its trip as one story (domain/dispatch window.go, domain/order journey.go,
// processes/ordertrip, the "trip completed" e-mail of processes/ordermail).
func init() {
	Register(map[string]Text{
		"dispatch.too_early":       {En: "It is too early to start this trip: a trip starts on its day, shortly before its pickup time.", Ar: "من المبكر جدًا بدء هذه الرحلة: تبدأ الرحلة في يومها، قبل موعد الالتقاء بوقت قصير."},
		"dispatch.trip_day_over":   {En: "This trip's day is over: it can no longer be started. Please call the office.", Ar: "انتهى يوم هذه الرحلة ولم يعد بالإمكان بدؤها. يرجى الاتصال بالمكتب."},
		"dispatch.order_cancelled": {En: "This trip's order was cancelled: the trip does not take place.", Ar: "أُلغي طلب هذه الرحلة، فلن تتم الرحلة."},
		"dispatch.trip_cancelled":  {En: "This trip was cancelled.", Ar: "أُلغيت هذه الرحلة."},
		"orders.trip_started":      {En: "Your trip has started: it can no longer be cancelled, refunded or changed here. Please contact us if something is wrong.", Ar: "بدأت رحلتك ولم يعد بالإمكان إلغاؤها أو استرداد قيمتها أو تعديلها من هنا. يرجى التواصل معنا إذا كان هناك خطأ."},

		"mail.order_completed.subject": {En: "Your trip %s is complete", Ar: "اكتملت رحلتك %s"},
		"mail.order_completed.heading": {En: "Trip completed", Ar: "اكتملت الرحلة"},
		"mail.order_completed.rate":    {En: "How was it? Rate your trip and, if you like, write a few words for other travellers: it takes a minute.", Ar: "كيف كانت رحلتك؟ قيّمها، واكتب إن شئت كلمات قليلة للمسافرين الآخرين: لن يستغرق ذلك أكثر من دقيقة."},
		"mail.action.rate_trip":        {En: "Rate your trip", Ar: "قيّم رحلتك"},
		"mail.order_completed.body":    {En: "Your trip on %s is complete. Thank you for travelling with Mishwar; we hope to see you again.", Ar: "اكتملت رحلتك يوم %s. شكرًا لسفرك مع مشوار، ونأمل أن نراك مرة أخرى."},
	})
}
