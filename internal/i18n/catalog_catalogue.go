package i18n

func init() {
	Register(map[string]Text{
		// Refusals.
		"catalogue.key_taken":     {En: "This is already used by another entry.", Ar: "هذه القيمة مستخدمة بالفعل في إدخال آخر."},
		"catalogue.key_used":      {En: "This is already used by another entry.", Ar: "هذه القيمة مستخدمة بالفعل في إدخال آخر."},
		"catalogue.name_used":     {En: "Another entry already has this name (the link name made from it is taken). Change the name, or type another link name (slug).", Ar: "يوجد إدخال آخر بهذا الاسم بالفعل (اسم الرابط المأخوذ منه مستخدم). غيّر الاسم، أو اكتب اسم رابط (slug) آخر."},
		"catalogue.not_key_owner": {En: "This value belongs to another entry.", Ar: "هذه القيمة تخص إدخالًا آخر."},
		"catalogue.driver_has_trips": {En: "This driver still has trips to drive (%d: %s). Give them to another driver on the trips board first.",
			Ar: "لا يزال على هذا السائق رحلات لم تنتهِ (%d: %s). أسندها إلى سائق آخر من لوحة الرحلات أولًا."},
		"catalogue.holiday_not_found":       {En: "There is no holiday on this date.", Ar: "لا توجد عطلة في هذا التاريخ."},
		"catalogue.invalid_cursor":          {En: "This page link is not valid. Please start from the first page.", Ar: "رابط الصفحة هذا غير صالح. يرجى البدء من الصفحة الأولى."},
		"catalogue.unknown_kind":            {En: "There is no such catalogue list.", Ar: "لا توجد قائمة بهذا الاسم في الكتالوج."},
		"catalogue.pickup_point.no_default": {En: "No default pickup point has been chosen yet.", Ar: "لم يتم اختيار نقطة التقاء افتراضية بعد."},
		"catalogue.destination.not_found":   {En: "Destination not found", Ar: "الوجهة غير موجودة"},
		"catalogue.destination.exists":      {En: "A destination with this id already exists.", Ar: "توجد وجهة بهذا المعرّف بالفعل."},
		"catalogue.category.not_found":      {En: "Category not found", Ar: "الفئة غير موجودة"},
		"catalogue.category.exists":         {En: "A category with this id already exists.", Ar: "توجد فئة بهذا المعرّف بالفعل."},
		"catalogue.program.not_found":       {En: "Program not found", Ar: "البرنامج غير موجود"},
		"catalogue.program.exists":          {En: "A program with this id already exists.", Ar: "يوجد برنامج بهذا المعرّف بالفعل."},
		"catalogue.rate_plan.not_found":     {En: "Rate plan not found", Ar: "خطة الأسعار غير موجودة"},
		"catalogue.rate_plan.exists":        {En: "A rate plan with this id already exists.", Ar: "توجد خطة أسعار بهذا المعرّف بالفعل."},
		"catalogue.offer.not_found":         {En: "Offer not found", Ar: "العرض غير موجود"},
		"catalogue.offer.exists":            {En: "An offer with this id already exists.", Ar: "يوجد عرض بهذا المعرّف بالفعل."},
		"catalogue.country.not_found":       {En: "Country not found", Ar: "الدولة غير موجودة"},
		"catalogue.country.exists":          {En: "A country with this id already exists.", Ar: "توجد دولة بهذا المعرّف بالفعل."},
		"catalogue.driver.not_found":        {En: "Driver not found", Ar: "السائق غير موجود"},
		"catalogue.driver.exists":           {En: "A driver with this id already exists.", Ar: "يوجد سائق بهذا المعرّف بالفعل."},
		"catalogue.pickup_point.not_found":  {En: "Pickup point not found", Ar: "نقطة الالتقاء غير موجودة"},
		"catalogue.pickup_point.exists":     {En: "A pickup point with this id already exists.", Ar: "توجد نقطة التقاء بهذا المعرّف بالفعل."},
		"catalogue.unknown_destination":     {En: "This destination does not exist.", Ar: "هذه الوجهة غير موجودة."},
		"catalogue.unknown_category":        {En: "This category does not exist.", Ar: "هذه الفئة غير موجودة."},
		"catalogue.unknown_program":         {En: "This program does not exist.", Ar: "هذا البرنامج غير موجود."},
		"catalogue.unknown_rate_plan":       {En: "This rate plan does not exist.", Ar: "خطة الأسعار هذه غير موجودة."},
		"catalogue.unknown_pickup_point":    {En: "This pickup point does not exist or is inactive.", Ar: "نقطة الالتقاء هذه غير موجودة أو غير مفعّلة."},
		"catalogue.referenced_archived":     {En: "It is used elsewhere, so it was archived instead of deleted.", Ar: "إنه مستخدم في مكان آخر، لذلك تمت أرشفته بدلًا من حذفه."},
		"catalogue.invalid_count":           {En: "Enter a whole number, 0 or more.", Ar: "أدخل عددًا صحيحًا، صفرًا أو أكثر."},
		"catalogue.invalid_number":          {En: "Enter a number.", Ar: "أدخل رقمًا."},
		"catalogue.amount_precision":        {En: "Prices are in pounds and piastres: at most two decimals.", Ar: "الأسعار بالجنيه والقرش: رقمان عشريان على الأكثر."},

		// Field rules.
		"catalogue.too_long":          {En: "This is too long.", Ar: "هذا النص طويل جدًا."},
		"catalogue.invalid_slug":      {En: "Use lower-case Latin letters, digits and single dashes (e.g. cairo-tower).", Ar: "استخدم حروفًا لاتينية صغيرة وأرقامًا وشرطات مفردة (مثل cairo-tower)."},
		"catalogue.out_of_area":       {En: "This point is outside Greater Cairo, the area we serve.", Ar: "هذه النقطة خارج القاهرة الكبرى، وهي المنطقة التي نخدمها."},
		"catalogue.bad_if_match":      {En: "If-Match must be the version you loaded, a whole number in quotes (like \"3\").", Ar: "يجب أن يكون If-Match رقم النسخة التي حمّلتها، عددًا صحيحًا بين علامتي تنصيص (مثل \"3\")."},
		"catalogue.invalid_time":      {En: "Enter a time as HH:MM (24-hour).", Ar: "أدخل الوقت بصيغة HH:MM (نظام ٢٤ ساعة)."},
		"catalogue.close_before_open": {En: "Closing time must be after opening time.", Ar: "يجب أن يكون وقت الإغلاق بعد وقت الفتح."},
		"catalogue.duplicate_day":     {En: "This day is listed twice.", Ar: "هذا اليوم مذكور مرتين."},
		"catalogue.invalid_day":       {En: "This is not a day of the week.", Ar: "هذا ليس يومًا من أيام الأسبوع."},
		"catalogue.out_of_range":      {En: "This value is out of the allowed range.", Ar: "هذه القيمة خارج النطاق المسموح."},
		"catalogue.must_be_egp":       {En: "Prices are entered in Egyptian pounds (EGP).", Ar: "تُدخل الأسعار بالجنيه المصري."},
		"catalogue.must_be_positive":  {En: "Enter an amount above zero.", Ar: "أدخل مبلغًا أكبر من صفر."},
		"catalogue.amount_too_large":  {En: "Enter an amount of at most 10,000,000 EGP.", Ar: "أدخل مبلغًا لا يزيد على ١٠٬٠٠٠٬٠٠٠ جنيه مصري."},
		"catalogue.duplicate":         {En: "This is listed twice.", Ar: "هذا مذكور مرتين."},
		"catalogue.invalid_date":      {En: "Enter a date as YYYY-MM-DD.", Ar: "أدخل التاريخ بصيغة YYYY-MM-DD."},
		"catalogue.end_before_start":  {En: "The end date must not be before the start date.", Ar: "يجب ألا يكون تاريخ الانتهاء قبل تاريخ البدء."},
		"catalogue.invalid_choice":    {En: "Choose one of the options.", Ar: "اختر أحد الخيارات."},
		"catalogue.invalid_phone":     {En: "Enter a valid phone number, e.g. 01001234567 or +201001234567 (numbers outside Egypt with their country code).", Ar: "أدخل رقم هاتف صحيحًا، مثل 01001234567 أو ‎+201001234567 (الأرقام خارج مصر مع رمز الدولة)."},
		"catalogue.invalid_email":     {En: "Enter a valid e-mail address.", Ar: "أدخل بريدًا إلكترونيًا صالحًا."},
		"catalogue.invalid_code":      {En: "This code is not valid.", Ar: "هذا الرمز غير صالح."},
		"catalogue.invalid_photo":     {En: "Use a photo uploaded here or one of the site's own pictures (a path starting /uploads/ or /art/): pictures from other sites are not shown.", Ar: "استخدم صورة مرفوعة هنا أو إحدى صور الموقع نفسه (مسار يبدأ بـ /uploads/ أو /art/): لا تُعرض الصور من مواقع أخرى."},
		"catalogue.too_many":          {En: "There are too many items here.", Ar: "عدد العناصر هنا كبير جدًا."},
		"catalogue.invalid_url":       {En: "Enter a valid web address.", Ar: "أدخل عنوان ويب صالحًا."},

		// Uploads.
		"uploads.missing_file":     {En: "Choose a photo to upload.", Ar: "اختر صورة لرفعها."},
		"uploads.too_large":        {En: "The photo is too large (at most 10 MB).", Ar: "الصورة كبيرة جدًا (١٠ ميجابايت كحد أقصى)."},
		"uploads.unsupported_type": {En: "Upload a JPEG, PNG or WebP photo.", Ar: "ارفع صورة بصيغة JPEG أو PNG أو WebP."},
		"uploads.unreadable":       {En: "This photo could not be read. Try another file.", Ar: "تعذرت قراءة هذه الصورة. جرّب ملفًا آخر."},
		"uploads.too_small":        {En: "The photo is too small (at least 320 × 200 pixels).", Ar: "الصورة صغيرة جدًا (٣٢٠ × ٢٠٠ بكسل على الأقل)."},
		"uploads.not_stored": {En: "The server could not save the photo: its uploads folder cannot be written, or its disk is full. Tell whoever runs Mishwar; the server's log says why.",
			Ar: "تعذّر على الخادم حفظ الصورة: لا يمكن الكتابة في مجلد الصور المرفوعة أو أن القرص ممتلئ. أبلغ المسؤول عن تشغيل مشوار؛ سجلّ الخادم يذكر السبب."},
	})
}

func init() {
	Register(map[string]Text{
		"catalogue.archived": {En: "Archived. It no longer appears on the public pages; you can restore it.", Ar: "تمت الأرشفة. لم يعد يظهر في الصفحات العامة، ويمكنك استعادته."},
	})
}
