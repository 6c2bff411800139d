package live

import "mishwar/internal/i18n"

func init() {
	i18n.Register(map[string]i18n.Text{
		"live.unknown_room_kind": {En: "Live updates are not available for this.", Ar: "التحديثات المباشرة غير متاحة لهذا."},
		"live.too_many_rooms":    {En: "Too many live subscriptions on this page. Reload it and try again.", Ar: "اشتراكات مباشرة كثيرة جدًا في هذه الصفحة. أعد تحميلها وحاول مرة أخرى."},
	})
}
