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
