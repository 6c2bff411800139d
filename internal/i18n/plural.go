package i18n

// PluralForm is the form a count takes in lang, as the message keys name it: English has "one" and
// "many"; Arabic "one", "two", "few" (3–10, and 103–110…) and "many" (11 and up: "٢٤ ساعة").
func PluralForm(lang Lang, n int64) string {
	switch {
	case n == 1:
		return "one"
	case lang != Ar:
		return "many"
	case n == 2:
		return "two"
	case n%100 >= 3 && n%100 <= 10:
		return "few"
	}
	return "many"
}

// Count says n of a unit with the unit's plural keys (key+".one", ".two", ".few", ".many"); the
// "one" and "two" forms carry no number ("دقيقة واحدة", "دقيقتان"), the others take n in lang's digits.
func Count(lang Lang, key string, n int64) string {
	switch form := PluralForm(lang, n); form {
	case "one", "two":
		return T(lang, key+"."+form)
	default:
		return T(lang, key+"."+form, n)
	}
}
