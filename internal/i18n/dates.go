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

// ClockOf writes a time of day as the web app writes it on a page in l (Intl's en-GB and ar-EG):
// "17:00" in English; in Arabic on a twelve-hour clock with Arabic-Indic digits and ص or م ("٥:٠٠ م",
// "١٢:٣٠ ص" for half past midnight), so a server's message and the page around it read alike. A
// closing time of 24:00 is midnight.
func ClockOf(l Lang, hour, minute int) string {
	if l != Ar {
		return fmt.Sprintf("%02d:%02d", hour, minute)
	}
	hour %= 24
	half := "ص"
	if hour >= 12 {
		half = "م"
	}
	twelve := hour % 12
	if twelve == 0 {
		twelve = 12
	}
	return Digits(Ar, fmt.Sprintf("%d:%02d %s", twelve, minute, half))
}

// clockText is ClockOf for a time written "15:04"; anything else is only put in l's digits.
func clockText(l Lang, hhmm string) string {
	var hour, minute int
	if n, err := fmt.Sscanf(hhmm, "%d:%d", &hour, &minute); err != nil || n != 2 {
		return Digits(l, hhmm)
	}
	return ClockOf(l, hour, minute)
}
