package support

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"mishwar/domain/availability"
	"mishwar/domain/catalogue"
	"mishwar/domain/money"
	"mishwar/internal/i18n"
)

// The support console says every value as a person reads it, in the request's language: money in
// its currency, durations in words, times in Cairo with the zone said, numbers in Arabic-Indic
// digits on an Arabic page.

var arabicDigits = strings.NewReplacer("0", "٠", "1", "١", "2", "٢", "3", "٣", "4", "٤", "5", "٥", "6", "٦", "7", "٧", "8", "٨", "9", "٩")

// numerals writes s's ASCII digits in Arabic-Indic ones on an Arabic page.
func numerals(lang i18n.Lang, s string) string {
	if lang == i18n.Ar {
		return arabicDigits.Replace(s)
	}
	return s
}

// groupThousands writes n with a separator every three digits.
func groupThousands(n int64, sep string) string {
	s := strconv.FormatInt(n, 10)
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteString(sep)
		}
		b.WriteRune(r)
	}
	return b.String()
}

var currencyAR = map[money.Currency]string{"EGP": "ج.م", "USD": "دولار", "SAR": "ر.س", "EUR": "يورو"}

// Money says an amount in its currency: "EGP 1,234.50" or "١٬٢٣٤٫٥٠ ج.م".
func Money(lang i18n.Lang, m money.Money) string {
	minor := m.Minor
	sign := ""
	if minor < 0 {
		sign, minor = "-", -minor
	}
	cur := string(m.Currency)
	if cur == "" {
		cur = "EGP"
	}
	if lang == i18n.Ar {
		name := currencyAR[money.Currency(cur)]
		if name == "" {
			name = cur
		}
		return sign + numerals(lang, groupThousands(minor/100, "٬")+"٫"+fmt.Sprintf("%02d", minor%100)) + " " + name
	}
	return sign + cur + " " + groupThousands(minor/100, ",") + "." + fmt.Sprintf("%02d", minor%100)
}

// Duration says a span in words: "24 hours", "1 day 6 hours", "45 minutes", "٢٤ ساعة".
func Duration(lang i18n.Lang, d time.Duration) string {
	if d <= 0 {
		return i18n.T(lang, "support.unit.none")
	}
	total := int64(d.Round(time.Minute) / time.Minute)
	days, hours, minutes := total/(24*60), total/60%24, total%60
	if days == 1 && hours == 0 && minutes == 0 {
		days, hours = 0, 24
	}
	var parts []string
	add := func(n int64, unit string) {
		if n > 0 {
			parts = append(parts, i18n.Count(lang, "support.unit."+unit, n))
		}
	}
	add(days, "day")
	add(hours, "hour")
	add(minutes, "minute")
	if len(parts) == 0 {
		return i18n.T(lang, "support.unit.none")
	}
	sep := " "
	if lang == i18n.Ar {
		sep = " و"
	}
	return strings.Join(parts, sep)
}

var (
	weekdaysAR = [...]string{"الأحد", "الاثنين", "الثلاثاء", "الأربعاء", "الخميس", "الجمعة", "السبت"}
	monthsAR   = [...]string{"يناير", "فبراير", "مارس", "أبريل", "مايو", "يونيو", "يوليو", "أغسطس", "سبتمبر", "أكتوبر", "نوفمبر", "ديسمبر"}
)

// CairoTime says an instant in Cairo, with the zone said: "Sat 28 Nov 2026, 09:00 Cairo time".
func CairoTime(lang i18n.Lang, t time.Time) string {
	c := t.In(catalogue.Cairo)
	clock := i18n.ClockOf(lang, c.Hour(), c.Minute())
	if lang == i18n.Ar {
		return i18n.T(lang, "support.cairo_time", dateOf(lang, c)+"، "+clock)
	}
	return i18n.T(lang, "support.cairo_time", dateOf(lang, c)+", "+clock)
}

// CalendarDay says a Cairo day (a trip's): "Sat 28 Nov 2026", "السبت ٢٨ نوفمبر ٢٠٢٦"; a value that is
// no day stays as it is.
func CalendarDay(lang i18n.Lang, day availability.Day) string {
	d, err := time.Parse(time.DateOnly, string(day))
	if err != nil {
		return string(day)
	}
	return dateOf(lang, d)
}

// dateOf says t's date as its clock reads it: "Sat 28 Nov 2026", "السبت ٢٨ نوفمبر ٢٠٢٦".
func dateOf(lang i18n.Lang, t time.Time) string {
	if lang == i18n.Ar {
		return fmt.Sprintf("%s %s %s %s", weekdaysAR[t.Weekday()], numerals(lang, strconv.Itoa(t.Day())), monthsAR[t.Month()-1], numerals(lang, strconv.Itoa(t.Year())))
	}
	return t.Format("Mon 2 Jan 2006")
}

// Percent says basis points (1/100 of a percent) as a percentage: "50%", "12.5%", "٥٠٪".
func Percent(lang i18n.Lang, basisPoints int64) string {
	s := strconv.FormatFloat(float64(basisPoints)/100, 'f', -1, 64)
	if lang == i18n.Ar {
		return numerals(lang, strings.ReplaceAll(s, ".", "٫")) + "٪"
	}
	return s + "%"
}

// Count says a whole number.
func Count(lang i18n.Lang, n int64) string { return numerals(lang, strconv.FormatInt(n, 10)) }

// Distance says metres as kilometres: "42.5 km", "٤٢٫٥ كم".
func Distance(lang i18n.Lang, meters int64) string {
	s := strconv.FormatFloat(float64(meters)/1000, 'f', 1, 64)
	if lang == i18n.Ar {
		return numerals(lang, strings.ReplaceAll(s, ".", "٫")) + " كم"
	}
	return s + " km"
}

// word translates one of the support console's vocabularies (status, role, reason…): the key
// "support.<kind>.<value>" when there is one, else the value with its underscores made spaces.
func word(lang i18n.Lang, kind, value string) string {
	key := "support." + kind + "." + value
	if i18n.Has(key) {
		return i18n.T(lang, key)
	}
	return strings.ReplaceAll(value, "_", " ")
}
