package i18n

func init() {
	Register(map[string]Text{
		"dispatch.order_not_confirmed":   {En: "Only a paid, confirmed order can be given to a driver.", Ar: "لا يمكن إسناد إلا الطلبات المدفوعة والمؤكدة إلى سائق."},
		"dispatch.driver_not_found":      {En: "Driver not found.", Ar: "السائق غير موجود."},
		"dispatch.driver_not_working":    {En: "This driver is not active or does not work on that day.", Ar: "هذا السائق غير نشط أو لا يعمل في هذا اليوم."},
		"dispatch.driver_has_no_account": {En: "Link this driver to their sign-in account first.", Ar: "اربط هذا السائق بحساب الدخول الخاص به أولًا."},
		"dispatch.driver_fully_booked":   {En: "This driver already has all the trips they take that day.", Ar: "لدى هذا السائق بالفعل كل الرحلات التي يقوم بها في ذلك اليوم."},
		"dispatch.already_assigned":      {En: "This trip already has another driver. Unassign them first.", Ar: "لهذه الرحلة سائق آخر بالفعل. ألغِ إسناده أولًا."},
		"dispatch.not_assigned":          {En: "This trip has no driver yet.", Ar: "لا يوجد سائق لهذه الرحلة بعد."},
		"dispatch.trip_underway":         {En: "This trip has already started.", Ar: "بدأت هذه الرحلة بالفعل."},
		"dispatch.not_your_trip":         {En: "This trip is assigned to another driver.", Ar: "هذه الرحلة مسندة إلى سائق آخر."},
		"dispatch.out_of_order":          {En: "That step does not come next on this trip.", Ar: "هذه الخطوة ليست التالية في هذه الرحلة."},
		"dispatch.trip_completed":        {En: "This trip is already completed.", Ar: "اكتملت هذه الرحلة بالفعل."},
		"dispatch.unknown_step":          {En: "Unknown trip step.", Ar: "خطوة رحلة غير معروفة."},
		"dispatch.no_such_stop":          {En: "This trip has no such stop.", Ar: "لا توجد هذه المحطة في الرحلة."},
		"dispatch.account_not_driver":    {En: "No driver account has this e-mail.", Ar: "لا يوجد حساب سائق بهذا البريد الإلكتروني."},
		"dispatch.trip_not_found":        {En: "Trip not found.", Ar: "الرحلة غير موجودة."},
		"dispatch.date_invalid":          {En: "Please choose a valid date.", Ar: "يرجى اختيار تاريخ صالح."},
	})
}
