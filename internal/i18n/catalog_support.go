package i18n

func init() {
	Register(map[string]Text{
		"support.stream_not_found":     {En: "This stream has no events.", Ar: "لا توجد أحداث في هذا التدفق."},
		"support.projection_not_found": {En: "There is no read model with this name.", Ar: "لا يوجد نموذج قراءة بهذا الاسم."},
		"support.rebuild_running":      {En: "A rebuild of this read model is already running.", Ar: "إعادة بناء نموذج القراءة هذا قيد التشغيل بالفعل."},
		"support.version_invalid":      {En: "Choose a version of this order's history.", Ar: "اختر إصدارًا من سجل هذا الطلب."},
	})
}
