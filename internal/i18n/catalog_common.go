package i18n

func init() {
	Register(map[string]Text{
		"common.internal":           {En: "Something went wrong on our side. Please try again.", Ar: "حدث خطأ من جانبنا. يرجى المحاولة مرة أخرى."},
		"common.newer_release":      {En: "This server is being updated and cannot do this yet. Please try again in a few seconds.", Ar: "يجري تحديث هذا الخادم ولا يمكنه القيام بذلك بعد. يرجى المحاولة مرة أخرى بعد بضع ثوانٍ."},
		"common.not_found":          {En: "Not found.", Ar: "غير موجود."},
		"jobs.not_found":            {En: "No such job in the queue.", Ar: "لا توجد مهمة كهذه في قائمة الانتظار."},
		"common.route_not_found":    {En: "No such API endpoint.", Ar: "لا توجد واجهة برمجية بهذا العنوان."},
		"common.method_not_allowed": {En: "This method is not allowed here.", Ar: "هذه الطريقة غير مسموح بها هنا."},
		"common.invalid_body":       {En: "The request body could not be read. Send JSON or form data.", Ar: "تعذرت قراءة محتوى الطلب. أرسل بيانات JSON أو نموذج."},
		"common.invalid_character":  {En: "This contains an invisible control character (NUL) that cannot be used. Please remove it.", Ar: "يحتوي هذا على حرف تحكم غير مرئي (NUL) لا يمكن استخدامه. يرجى إزالته."},
		"common.body_too_large":     {En: "The request is too large (at most %d MB).", Ar: "الطلب كبير جدًا (%d ميجابايت كحد أقصى)."},
		"common.validation_failed":  {En: "Some fields need your attention.", Ar: "بعض الحقول تحتاج إلى مراجعتك."},
		"common.unauthenticated":    {En: "Please sign in first.", Ar: "يرجى تسجيل الدخول أولاً."},
		"common.forbidden":          {En: "You are not allowed to do this.", Ar: "غير مسموح لك بالقيام بذلك."},
		"common.conflict":           {En: "This conflicts with the current state. Please reload and try again.", Ar: "يتعارض هذا مع الحالة الحالية. يرجى إعادة التحميل والمحاولة مرة أخرى."},
		"common.concurrent_change":  {En: "Someone else changed this at the same time. Please reload and try again.", Ar: "قام شخص آخر بتغيير هذا في نفس الوقت. يرجى إعادة التحميل والمحاولة مرة أخرى."},
		"common.unit.second.one":    {En: "1 second", Ar: "ثانية واحدة"},
		"common.unit.second.two":    {En: "2 seconds", Ar: "ثانيتين"},
		"common.unit.second.few":    {En: "%d seconds", Ar: "%d ثوانٍ"},
		"common.unit.second.many":   {En: "%d seconds", Ar: "%d ثانية"},
		"common.too_many_requests":  {En: "Too many attempts. Please wait %s and try again.", Ar: "محاولات كثيرة جدًا. يرجى الانتظار %s ثم المحاولة مرة أخرى."},
		"common.required":           {En: "This field is required.", Ar: "هذا الحقل مطلوب."},
		"common.invalid_id":         {En: "This id is not valid.", Ar: "هذا المعرّف غير صالح."},
		"common.invalid_origin":     {En: "This request came from another site and was refused.", Ar: "تم رفض هذا الطلب لأنه صادر من موقع آخر."},
		"common.too_long":           {En: "This is too long.", Ar: "هذا النص طويل جدًا."},
		"common.idempotency_reused": {En: "This Idempotency-Key was already used for a different request.", Ar: "مفتاح عدم التكرار هذا استُخدم بالفعل لطلب مختلف."},
	})
}
