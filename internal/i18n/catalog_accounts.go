package i18n

func init() {
	Register(map[string]Text{
		// Refusals.
		"accounts.already_registered":      {En: "This account is already registered.", Ar: "هذا الحساب مسجل بالفعل."},
		"accounts.not_found":               {En: "No such account.", Ar: "لا يوجد حساب كهذا."},
		"accounts.unknown_role":            {En: "This role does not exist.", Ar: "هذا الدور غير موجود."},
		"accounts.unknown_password_method": {En: "Unknown way of changing a password.", Ar: "طريقة غير معروفة لتغيير كلمة المرور."},
		"accounts.unknown_command":         {En: "Unknown account command.", Ar: "أمر حساب غير معروف."},
		"accounts.wrong_credentials":       {En: "The e-mail or password is incorrect.", Ar: "البريد الإلكتروني أو كلمة المرور غير صحيحة."},
		"accounts.admin_only":              {En: "This account has no access to the admin area.", Ar: "هذا الحساب لا يملك صلاحية الدخول إلى لوحة الإدارة."},
		"accounts.place_not_found":         {En: "This saved place does not exist.", Ar: "هذا المكان المحفوظ غير موجود."},
		"accounts.wishlist_item_not_found": {En: "This item is not on your wishlist.", Ar: "هذا العنصر ليس في قائمة أمنياتك."},
		"accounts.too_many_places":         {En: "You have saved as many places as an account can keep. Delete one first.", Ar: "لقد حفظت الحد الأقصى من الأماكن. احذف واحدًا أولاً."},
		"accounts.session_not_found":       {En: "This session has already ended.", Ar: "انتهت هذه الجلسة بالفعل."},

		// Field rules.
		"accounts.email_required":        {En: "The e-mail is required.", Ar: "البريد الإلكتروني مطلوب."},
		"accounts.email_invalid":         {En: "Please enter a valid e-mail address.", Ar: "يرجى إدخال بريد إلكتروني صحيح."},
		"accounts.email_taken":           {En: "This e-mail is already registered.", Ar: "هذا البريد الإلكتروني مسجل بالفعل."},
		"accounts.first_name_required":   {En: "The first name is required.", Ar: "الاسم الأول مطلوب."},
		"accounts.last_name_required":    {En: "The last name is required.", Ar: "اسم العائلة مطلوب."},
		"accounts.name_invalid":          {En: "Names may contain letters, spaces, hyphens and apostrophes only.", Ar: "يمكن أن يحتوي الاسم على حروف ومسافات وشرطات وفواصل عليا فقط."},
		"accounts.name_too_long":         {En: "This name is too long (50 characters at most).", Ar: "هذا الاسم طويل جدًا (50 حرفًا كحد أقصى)."},
		"accounts.full_name_two_words":   {En: "Please enter both your first and last name.", Ar: "يرجى إدخال اسمك الأول واسم العائلة."},
		"accounts.password_required":     {En: "The password is required.", Ar: "كلمة المرور مطلوبة."},
		"accounts.password_length":       {En: "The password must be 8 to 20 characters.", Ar: "يجب أن تتكون كلمة المرور من 8 إلى 20 حرفًا."},
		"accounts.password_mismatch":     {En: "The passwords do not match.", Ar: "كلمتا المرور غير متطابقتين."},
		"accounts.old_password_required": {En: "Your current password is required.", Ar: "كلمة المرور الحالية مطلوبة."},
		"accounts.old_password_wrong":    {En: "Your current password is not correct.", Ar: "كلمة المرور الحالية غير صحيحة."},
		"accounts.phone_required":        {En: "The phone number is required.", Ar: "رقم الهاتف مطلوب."},
		"accounts.phone_invalid":         {En: "Please enter a valid phone number for the selected country.", Ar: "يرجى إدخال رقم هاتف صحيح للدولة المختارة."},
		"accounts.location_required":     {En: "Save location needs a selected source or end location", Ar: "حفظ الموقع يتطلب اختيار نقطة البداية أو النهاية"},
		"accounts.outside_service_area":  {En: "This place is outside our service area (Cairo).", Ar: "هذا المكان خارج منطقة خدمتنا (القاهرة)."},
		"accounts.label_required":        {En: "Please give this place a name.", Ar: "يرجى إعطاء هذا المكان اسمًا."},
		"accounts.text_too_long":         {En: "This text is too long.", Ar: "هذا النص طويل جدًا."},
		"accounts.reset_token_invalid":   {En: "This reset link is invalid or has expired. Please ask for a new one.", Ar: "رابط إعادة التعيين غير صالح أو منتهي الصلاحية. يرجى طلب رابط جديد."},
		"accounts.kind_invalid":          {En: "This kind is not allowed here.", Ar: "هذا النوع غير مسموح به هنا."},
		"accounts.item_invalid":          {En: "This destination or program does not exist.", Ar: "هذه الوجهة أو البرنامج غير موجود."},
		"accounts.role_invalid":          {En: "The role must be user, admin, support or driver.", Ar: "يجب أن يكون الدور مستخدمًا أو مديرًا أو دعمًا أو سائقًا."},

		// Outcomes (the spec's toasts where it names them).
		"accounts.registered":             {En: "Registration successful.", Ar: "تم التسجيل بنجاح."},
		"accounts.registration_failed":    {En: "Registration failed.", Ar: "فشل التسجيل."},
		"accounts.login_failed":           {En: "Login failed.", Ar: "فشل تسجيل الدخول."},
		"accounts.signed_in":              {En: "Signed in.", Ar: "تم تسجيل الدخول."},
		"accounts.signed_out":             {En: "Signed out.", Ar: "تم تسجيل الخروج."},
		"accounts.personal_info_updated":  {En: "Personal info updated.", Ar: "تم تحديث البيانات الشخصية."},
		"accounts.password_updated":       {En: "Password updated successfully.", Ar: "تم تحديث كلمة المرور بنجاح."},
		"accounts.password_update_failed": {En: "Failed to update password", Ar: "فشل تحديث كلمة المرور"},
		"accounts.reset_link_sent":        {En: "If an account exists for this e-mail, we have sent it a link to choose a new password.", Ar: "إذا كان هناك حساب بهذا البريد الإلكتروني، فقد أرسلنا إليه رابطًا لاختيار كلمة مرور جديدة."},
		"accounts.password_reset_done":    {En: "Your password has been reset. Please sign in with your new password.", Ar: "تمت إعادة تعيين كلمة المرور. يرجى تسجيل الدخول بكلمة المرور الجديدة."},
		"accounts.location_saved":         {En: "Location saved.", Ar: "تم حفظ الموقع."},
		"accounts.location_deleted":       {En: "Location deleted.", Ar: "تم حذف الموقع."},
		"accounts.location_save_failed":   {En: "Failed to save location", Ar: "فشل حفظ الموقع"},
		"accounts.wishlist_added":         {En: "Added to your wishlist.", Ar: "تمت الإضافة إلى قائمة أمنياتك."},
		"accounts.wishlist_already":       {En: "Already on your wishlist.", Ar: "موجود بالفعل في قائمة أمنياتك."},
		"accounts.wishlist_removed":       {En: "Removed from your wishlist.", Ar: "تمت الإزالة من قائمة أمنياتك."},
		"accounts.pickup_saved":           {En: "Pickup point saved.", Ar: "تم حفظ نقطة الالتقاء."},
		"accounts.pickup_deleted":         {En: "Pickup point deleted.", Ar: "تم حذف نقطة الالتقاء."},
		"accounts.sessions_ended":         {En: "Signed out on %d other devices.", Ar: "تم تسجيل الخروج من %d أجهزة أخرى."},
		"accounts.session_ended":          {En: "Session ended.", Ar: "تم إنهاء الجلسة."},

		// The password reset e-mail.
		"accounts.mail.greeting":      {En: "Hello %s,", Ar: "مرحبًا %s،"},
		"accounts.mail.reset.subject": {En: "Reset your Mishwar password", Ar: "إعادة تعيين كلمة مرور مشوار"},
		"accounts.mail.reset.heading": {En: "Choose a new password", Ar: "اختر كلمة مرور جديدة"},
		"accounts.mail.reset.body":    {En: "Someone (hopefully you) asked to reset the password of your Mishwar account. The link below works once, for %d minutes.", Ar: "طلب أحدهم (نأمل أن تكون أنت) إعادة تعيين كلمة مرور حسابك في مشوار. الرابط أدناه يعمل مرة واحدة لمدة %d دقيقة."},
		"accounts.mail.reset.action":  {En: "Choose a new password", Ar: "اختر كلمة مرور جديدة"},
		"accounts.mail.reset.ignore":  {En: "If you did not ask for this, ignore this e-mail: your password stays as it is.", Ar: "إذا لم تطلب ذلك، فتجاهل هذه الرسالة: تبقى كلمة مرورك كما هي."},

		// The admin mailbox.
		"mailbox.not_found":  {En: "No such message.", Ar: "لا توجد رسالة كهذه."},
		"mailbox.not_failed": {En: "Only a message that failed can be retried.", Ar: "لا يمكن إعادة المحاولة إلا لرسالة فشل إرسالها."},
		"mailbox.retried":    {En: "The message will be sent again.", Ar: "سيتم إرسال الرسالة مرة أخرى."},
	})
}
