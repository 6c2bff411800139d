package i18n

func init() {
	Register(map[string]Text{
		"reviews.order_not_found":    {En: "We could not find that trip among yours.", Ar: "لم نجد هذه الرحلة بين رحلاتك."},
		"reviews.trip_not_completed": {En: "You can rate this trip once it is completed.", Ar: "يمكنك تقييم هذه الرحلة بعد اكتمالها."},
		"reviews.already_reviewed":   {En: "You have already reviewed this trip: one review per trip.", Ar: "لقد قيّمت هذه الرحلة من قبل: تقييم واحد لكل رحلة."},
		"reviews.window_closed":      {En: "Trips can be reviewed for 90 days after they end; this one ended earlier.", Ar: "يمكن تقييم الرحلة خلال ٩٠ يومًا من انتهائها، وقد انتهت هذه الرحلة قبل ذلك."},
		"reviews.not_found":          {En: "There is no review for that trip.", Ar: "لا يوجد تقييم لهذه الرحلة."},
		"reviews.staff_only":         {En: "Only staff can approve or reject reviews.", Ar: "الموظفون فقط يمكنهم قبول التقييمات أو رفضها."},
		"reviews.rating_range":       {En: "Choose a rating from 1 to 5 stars.", Ar: "اختر تقييمًا من ١ إلى ٥ نجوم."},
		"reviews.text_too_long":      {En: "Keep your review to 1000 characters or fewer.", Ar: "اجعل تقييمك في حدود ١٠٠٠ حرف أو أقل."},
		"reviews.reason_required":    {En: "Say why the review is rejected.", Ar: "اذكر سبب رفض التقييم."},
		"reviews.reason_too_long":    {En: "Keep the reason to 500 characters or fewer.", Ar: "اجعل السبب في حدود ٥٠٠ حرف أو أقل."},
		"reviews.bad_status":         {En: "Ask for pending, approved or rejected reviews.", Ar: "اطلب التقييمات المنتظرة أو المقبولة أو المرفوضة."},
		"reviews.bad_limit":          {En: "Ask for between 1 and 100 reviews.", Ar: "اطلب ما بين ١ و١٠٠ تقييم."},
		"reviews.bad_rating_type":    {En: "The rating must be a whole number from 1 to 5.", Ar: "يجب أن يكون التقييم عددًا صحيحًا من ١ إلى ٥."},
	})
}
