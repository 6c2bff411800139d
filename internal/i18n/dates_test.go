package i18n_test

import (
	"strings"
	"testing"
	"time"

	"mishwar/internal/i18n"
)

func TestLongDateNamesTheWeekdayDayMonthAndYearInEachLanguage(t *testing.T) {
	cairo, err := time.LoadLocation("Africa/Cairo")
	if err != nil {
		t.Fatal(err)
	}
	// 23:30 UTC on 30 November is already 1 December in Cairo: the day is read on the time's own clock.
	at := time.Date(2026, 11, 30, 23, 30, 0, 0, time.UTC).In(cairo)
	for _, c := range []struct {
		lang i18n.Lang
		want string
	}{
		{i18n.En, "Tuesday 1 December 2026"},
		{i18n.Ar, "الثلاثاء ١ ديسمبر ٢٠٢٦"},
	} {
		if got := i18n.LongDate(c.lang, at); got != c.want {
			t.Errorf("LongDate(%s) = %q, want %q", c.lang, got, c.want)
		}
	}
	// The first and last months, and one between: the names are read by the month's number.
	for month, want := range map[time.Month]string{time.January: "يناير", time.August: "أغسطس", time.December: "ديسمبر"} {
		if got := i18n.LongDate(i18n.Ar, time.Date(2027, month, 1, 12, 0, 0, 0, time.UTC)); !strings.Contains(got, want) {
			t.Errorf("LongDate(ar, %s) = %q, want the month %s", month, got, want)
		}
	}
}

// A clock in a server's message reads as the page around it (Intl's en-GB and ar-EG): twenty-four
// hours in English; twelve in Arabic, with ص before noon and م from noon, midnight as 12.
func TestAClockIsWrittenAsTheWebAppWritesItInEachLanguage(t *testing.T) {
	for _, c := range []struct {
		lang         i18n.Lang
		hour, minute int
		want         string
	}{
		{i18n.En, 9, 5, "09:05"},
		{i18n.En, 17, 0, "17:00"},
		{i18n.Ar, 9, 5, "٩:٠٥ ص"},
		{i18n.Ar, 12, 30, "١٢:٣٠ م"},
		{i18n.Ar, 16, 0, "٤:٠٠ م"},
		{i18n.Ar, 0, 15, "١٢:١٥ ص"},
		{i18n.Ar, 24, 0, "١٢:٠٠ ص"},
	} {
		if got := i18n.ClockOf(c.lang, c.hour, c.minute); got != c.want {
			t.Errorf("ClockOf(%s, %d, %d) = %q, want %q", c.lang, c.hour, c.minute, got, c.want)
		}
	}
}
