package i18n

// The headings of the staff's orders export (GET /api/admin/orders?format=csv).
func init() {
	Register(map[string]Text{
		"orders.csv.trip_number": {En: "Trip number", Ar: "رقم الرحلة"},
		"orders.csv.status":      {En: "Status", Ar: "الحالة"},
		"orders.csv.placed_at":   {En: "Placed (Cairo)", Ar: "تاريخ الطلب (بتوقيت القاهرة)"},
		"orders.csv.trip_date":   {En: "Trip date", Ar: "تاريخ الرحلة"},
		"orders.csv.pickup_time": {En: "Pickup time (Cairo)", Ar: "موعد الالتقاء (بتوقيت القاهرة)"},
		"orders.csv.traveller":   {En: "Traveller", Ar: "المسافر"},
		"orders.csv.email":       {En: "E-mail", Ar: "البريد الإلكتروني"},
		"orders.csv.phone":       {En: "Phone", Ar: "الهاتف"},
		"orders.csv.group_size":  {En: "Group size", Ar: "عدد المسافرين"},
		"orders.csv.pickup":      {En: "Pickup", Ar: "نقطة الالتقاء"},
		"orders.csv.stops":       {En: "Stops", Ar: "المحطات"},
		"orders.csv.end":         {En: "End point", Ar: "نقطة النهاية"},
		"orders.csv.car_class":   {En: "Car class", Ar: "فئة السيارة"},
		"orders.csv.total":       {En: "Total", Ar: "الإجمالي"},
		"orders.csv.paid":        {En: "Paid", Ar: "المدفوع"},
		"orders.csv.refunded":    {En: "Refunded", Ar: "المسترد"},
		"orders.csv.currency":    {En: "Currency", Ar: "العملة"},
		"orders.csv.comments":    {En: "Comments", Ar: "ملاحظات"},

		// The values of its enum columns: every order status (domain/order.Statuses) and currency.
		"orders.csv.status.awaiting_payment": {En: "Awaiting payment", Ar: "بانتظار الدفع"},
		"orders.csv.status.confirmed":        {En: "Confirmed", Ar: "مؤكد"},
		"orders.csv.status.payment_failed":   {En: "Payment failed", Ar: "فشل الدفع"},
		"orders.csv.status.expired":          {En: "Expired unpaid", Ar: "انتهت المهلة دون دفع"},
		"orders.csv.status.cancelled":        {En: "Cancelled", Ar: "ملغى"},
		"orders.csv.status.completed":        {En: "Completed", Ar: "مكتمل"},
		"orders.csv.currency.EGP":            {En: "EGP", Ar: "جنيه مصري"},
		"orders.csv.currency.USD":            {En: "USD", Ar: "دولار أمريكي"},
		"orders.csv.currency.SAR":            {En: "SAR", Ar: "ريال سعودي"},
	})
}
