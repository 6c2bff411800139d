package i18n

func init() {
	Register(map[string]Text{
		"tracking.position_far_away":  {En: "This position is far outside Greater Cairo; the phone's location looks wrong.", Ar: "هذا الموقع بعيد جدًا عن القاهرة الكبرى؛ يبدو أن موقع الهاتف غير صحيح."},
		"tracking.position_invalid":   {En: "This position cannot be right: latitude must be between -90 and 90, longitude between -180 and 180, accuracy at most 10 km.", Ar: "هذا الموقع غير صحيح: يجب أن يكون خط العرض بين ‎-٩٠ و٩٠ وخط الطول بين ‎-١٨٠ و١٨٠ والدقة ١٠ كم على الأكثر."},
		"tracking.position_jump":      {En: "This position is too far from the car's last one to be right (faster than 200 km/h); the traveller keeps seeing the last good one.", Ar: "هذا الموقع بعيد جدًا عن آخر موقع للسيارة بحيث لا يمكن أن يكون صحيحًا (أسرع من ٢٠٠ كم/ساعة)؛ يظل المسافر يرى آخر موقع سليم."},
		"tracking.position_stale":     {En: "This position is more than 2 minutes old; the latest one is needed.", Ar: "هذا الموقع أقدم من دقيقتين؛ المطلوب أحدث موقع."},
		"tracking.position_in_future": {En: "This position's time is ahead of ours: check the phone's clock.", Ar: "وقت هذا الموقع متقدم على وقتنا: تحقق من ساعة الهاتف."},
		"tracking.trip_not_running":   {En: "Your position is shared only while the trip runs, from its start until it is completed.", Ar: "لا تتم مشاركة موقعك إلا أثناء الرحلة، من بدايتها حتى اكتمالها."},
		"tracking.not_your_trip":      {En: "Only the trip's assigned driver can share a position for it.", Ar: "لا يمكن مشاركة موقع لهذه الرحلة إلا من سائقها المُسند."},
		"tracking.too_often":          {En: "Positions are kept at most once a second; this one was skipped.", Ar: "يُحفظ الموقع مرة واحدة في الثانية على الأكثر؛ تم تجاوز هذا الموقع."},
	})
}
