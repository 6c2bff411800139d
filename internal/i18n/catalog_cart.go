package i18n

func init() {
	Register(map[string]Text{
		// Answers of the cart API. 'Product added to cart!' is the spec's own wording.
		"cart.added":         {En: "Product added to cart!", Ar: "تمت إضافة الوجهة إلى السلة!"},
		"cart.program_added": {En: "%d destinations of the program were added to your cart.", Ar: "تمت إضافة %d من وجهات البرنامج إلى سلتك."},
		"cart.removed":       {En: "Destination removed from your cart.", Ar: "تمت إزالة الوجهة من سلتك."},
		"cart.cleared":       {En: "Your cart is empty now.", Ar: "أصبحت سلتك فارغة."},
		"cart.moved":         {En: "Itinerary order updated.", Ar: "تم تحديث ترتيب خط السير."},
		"cart.reordered":     {En: "Your stops are now in the new order.", Ar: "أصبحت محطاتك بالترتيب الجديد."},
		"cart.points_chosen": {En: "Start and end points saved.", Ar: "تم حفظ نقطتي البداية والنهاية."},
		"cart.optimised":     {En: "This order saves about %d minutes of driving.", Ar: "هذا الترتيب يوفّر نحو %d دقيقة من القيادة."},
		"cart.already_optimal": {
			En: "Your order is already the shortest drive.",
			Ar: "ترتيبك هو بالفعل أقصر طريق بالسيارة.",
		},

		// Refusals (domain/cart).
		"cart.already_in_cart":         {En: "This destination is already in your cart.", Ar: "هذه الوجهة موجودة بالفعل في سلتك."},
		"cart.program_already_in_cart": {En: "All destinations of this program are already in your cart.", Ar: "كل وجهات هذا البرنامج موجودة بالفعل في سلتك."},
		"cart.full":                    {En: "Your cart holds as many stops as one itinerary can take. Remove one to add another.", Ar: "سلتك ممتلئة بأقصى عدد من المحطات لخط سير واحد. أزل واحدة لإضافة أخرى."},
		"cart.item_not_found":          {En: "This item is not in your cart any more.", Ar: "هذا العنصر لم يعد في سلتك."},
		"cart.program_not_found":       {En: "Program not found", Ar: "البرنامج غير موجود"},
		"cart.cannot_move":             {En: "This stop cannot move further in that direction.", Ar: "لا يمكن تحريك هذه المحطة أكثر في هذا الاتجاه."},
		"cart.order_mismatch":          {En: "Your cart changed meanwhile. Please look at it again before reordering.", Ar: "تغيّرت سلتك في الأثناء. يرجى مراجعتها قبل إعادة الترتيب."},
		"cart.destination_unavailable": {En: "The selected destination is not available.", Ar: "الوجهة المختارة غير متاحة."},
		"cart.direction_invalid":       {En: "The direction must be up or down.", Ar: "يجب أن يكون الاتجاه لأعلى أو لأسفل."},
		"cart.steps_invalid":           {En: "Steps must be a whole number of at least 1.", Ar: "يجب أن تكون الخطوات عددًا صحيحًا لا يقل عن ١."},
		"cart.pickup_point_unavailable": {
			En: "This pickup point is not available.",
			Ar: "نقطة الالتقاء هذه غير متاحة.",
		},
		"cart.outside_service_area":   {En: "This place is outside Greater Cairo, where we drive.", Ar: "هذا المكان خارج القاهرة الكبرى حيث نعمل."},
		"cart.point_name_too_long":    {En: "This name is too long.", Ar: "هذا الاسم طويل جدًا."},
		"cart.point_kind_invalid":     {En: "Choose a pickup point or a place on the map.", Ar: "اختر نقطة التقاء أو مكانًا على الخريطة."},
		"cart.end_point_required":     {En: "Choose where the trip ends, or end where it starts.", Ar: "اختر مكان انتهاء الرحلة، أو أنهِها حيث تبدأ."},
		"cart.nothing_to_optimise":    {En: "Add at least two destinations to optimise their order.", Ar: "أضف وجهتين على الأقل لتحسين ترتيبهما."},
		"cart.departure_out_of_range": {En: "The departure must be a date from the year 2000 up to two years from today.", Ar: "يجب أن يكون موعد الانطلاق تاريخًا من عام 2000 حتى عامين من اليوم."},
		"cart.departure_invalid":      {En: "The departure must be a date and time like 2026-03-02T09:00.", Ar: "يجب أن يكون موعد الانطلاق تاريخًا ووقتًا مثل 2026-03-02T09:00."},
		"cart.item_ids_invalid":       {En: "Send every item of your cart exactly once.", Ar: "أرسل كل عنصر في سلتك مرة واحدة بالضبط."},

		// Trip warnings (domain/trip). The first two are the spec's wording.
		"trip.no_rate_plans":     {En: "no rate plans available, check your destinations", Ar: "لا توجد خطط أسعار متاحة، راجع وجهاتك"},
		"trip.invalid_rate_data": {En: "Invalid rate data", Ar: "بيانات الأسعار غير صالحة"},
		"trip.more_than_one_day": {En: "This itinerary needs more than one day: the day plan is 8 hours.", Ar: "يحتاج خط السير هذا إلى أكثر من يوم: خطة اليوم ٨ ساعات."},
		"trip.past_midnight":     {En: "This trip would end after midnight.", Ar: "ستنتهي هذه الرحلة بعد منتصف الليل."},
		"trip.start_off_step":    {En: "Pickup times are on the quarter hour (for example 10:00, 10:15, 10:30 or 10:45).", Ar: "مواعيد الالتقاء تكون كل ربع ساعة (مثل ١٠:٠٠ أو ١٠:١٥ أو ١٠:٣٠ أو ١٠:٤٥)."},

		// The one-day rule (domain/trip, dayfit.go): a reason and a suggestion, alone (the cart) or
		// together in the checkout's refusal. Times are Cairo's clock and say so.
		"trip.not_one_day":                 {En: "This trip cannot be booked as one day: %s %s", Ar: "لا يمكن حجز هذه الرحلة في يوم واحد: %s %s"},
		"trip.reason.longer_than_day_plan": {En: "it takes longer than the %d-hour day plan.", Ar: "تستغرق أكثر من خطة اليوم البالغة %d ساعات."},
		"trip.reason.closed_that_day":      {En: "%s is closed on that day.", Ar: "%s مغلق في ذلك اليوم."},
		"trip.reason.reached_when_closed":  {En: "%s is reached after it closes at %s (Cairo time).", Ar: "يتم الوصول إلى %s بعد إغلاقه في %s (بتوقيت القاهرة)."},
		"trip.reason.past_midnight":        {En: "it would end at %s (Cairo time), after midnight.", Ar: "ستنتهي في %s (بتوقيت القاهرة) بعد منتصف الليل."},
		"trip.suggest.second_trip":         {En: "Move the stops from %s on to a second trip.", Ar: "انقل المحطات بدءًا من %s إلى رحلة ثانية."},
		"trip.suggest.start_by":            {En: "Start by %s (Cairo time).", Ar: "ابدأ في موعد أقصاه %s (بتوقيت القاهرة)."},
		"trip.suggest.another_day":         {En: "Choose a day on which %s is open.", Ar: "اختر يومًا يكون فيه %s مفتوحًا."},
		"trip.suggest.program_day":         {En: "Choose another day, or a pickup point nearer the program's sights.", Ar: "اختر يومًا آخر، أو نقطة التقاء أقرب إلى معالم البرنامج."},
		"trip.no_pickup_time_fits":         {En: "No pickup time on this day fits your trip: %s %s", Ar: "لا يوجد موعد انطلاق في هذا اليوم يناسب رحلتك: %s %s"},
		"trip.stop_closed":                 {En: "Some stops are reached when they are closed. Reorder them or start earlier.", Ar: "بعض المحطات يتم الوصول إليها وهي مغلقة. أعد ترتيبها أو ابدأ مبكرًا."},
		"trip.closed_that_day":             {En: "Closed on that day", Ar: "مغلق في ذلك اليوم"},
		"trip.after_closing":               {En: "Reached after closing time (%s)", Ar: "الوصول بعد موعد الإغلاق (%s)"},
		"trip.closes_during_visit":         {En: "Closes at %s, before the visit ends", Ar: "يغلق في %s قبل انتهاء الزيارة"},
	})
}
