package i18n

// The enquiry form's own words: what a visitor's enquiry must name, the link of an enquiry, and the
// form's field names (an enquiry's field errors name their field, in both languages).
func init() {
	Register(map[string]Text{
		"enquiries.unknown_status": {En: "Choose an enquiry status: submitted, quoted, declined or converted.", Ar: "اختر حالة استفسار: submitted أو quoted أو declined أو converted."},
		"enquiries.what_required":  {En: "Choose a program, or at least two destinations for your itinerary.", Ar: "اختر برنامجًا، أو وجهتين على الأقل لخط سير رحلتك."},
		"enquiries.field_message":  {En: "%s: %s", Ar: "%s: %s"},
		"enquiries.link_not_found": {En: "This link does not open an enquiry. Please open the whole link from our e-mail.", Ar: "هذا الرابط لا يفتح أي استفسار. يرجى فتح الرابط كاملًا من رسالتنا."},
		"mail.action.view_enquiry": {En: "View your enquiry", Ar: "عرض استفسارك"},
		"mail.enquiry.program":     {En: "Program: %s", Ar: "البرنامج: %s"},

		"enquiries.field.first_name":         {En: "First name", Ar: "الاسم الأول"},
		"enquiries.field.last_name":          {En: "Last name", Ar: "اسم العائلة"},
		"enquiries.field.email":              {En: "E-mail", Ar: "البريد الإلكتروني"},
		"enquiries.field.email_confirmation": {En: "Confirm e-mail", Ar: "تأكيد البريد الإلكتروني"},
		"enquiries.field.phone":              {En: "Phone", Ar: "الهاتف"},
		"enquiries.field.country":            {En: "Country", Ar: "الدولة"},
		"enquiries.field.comments":           {En: "Comments", Ar: "ملاحظات"},
		"enquiries.field.travellers":         {En: "Group size", Ar: "عدد المسافرين"},
		"enquiries.field.terms":              {En: "Terms", Ar: "الشروط"},
		"enquiries.field.date":               {En: "Date", Ar: "التاريخ"},
		"enquiries.field.time":               {En: "Time", Ar: "الوقت"},
		"enquiries.field.rate_plan_id":       {En: "Rate", Ar: "فئة السعر"},
		"enquiries.field.pickup":             {En: "Pickup point", Ar: "نقطة الالتقاء"},
		"enquiries.field.destinations":       {En: "Destinations", Ar: "الوجهات"},
		"enquiries.field.destination_ids":    {En: "Destinations", Ar: "الوجهات"},
		"enquiries.field.program_id":         {En: "Program", Ar: "البرنامج"},
	})
}
