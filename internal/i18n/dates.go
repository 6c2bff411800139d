package i18n

import (
	"fmt"
	"time"
)

var (
	weekdaysAr = [...]string{"الأحد", "الاثنين", "الثلاثاء", "الأربعاء", "الخميس", "الجمعة", "السبت"}
	// Egypt's names of the months (ar-EG), not the Levant's.
	monthsAr = [...]string{"يناير", "فبراير", "مارس", "أبريل", "مايو", "يونيو", "يوليو", "أغسطس", "سبتمبر", "أكتوبر", "نوفمبر", "ديسمبر"}
)

// LongDate writes t's calendar day as a letter names it: "Tuesday 1 December 2026",
// "الثلاثاء ١ ديسمبر ٢٠٢٦". It reads the day on t's own clock: pass a time already in Cairo's zone
// for a Cairo day. An e-mail's reader may not read "2026-12-01" as day before month or the other way.
func LongDate(l Lang, t time.Time) string {
	if l == Ar {
		return Digits(Ar, fmt.Sprintf("%s %d %s %d", weekdaysAr[t.Weekday()], t.Day(), monthsAr[t.Month()-1], t.Year()))
	}
	return t.Format("Monday 2 January 2006")
}
