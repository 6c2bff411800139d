package i18n

import (
	"strconv"
	"strings"
)

// arabicCurrencies are the currencies' Arabic symbols, as the web app writes them on an Arabic page
// (without the closing dot that would double a sentence's full stop).
var arabicCurrencies = map[string]string{"EGP": "ج.م", "SAR": "ر.س", "USD": "US$"}

// Amount writes an amount of minor units (piastres, cents) in currency (an ISO code) for a reader
// of lang: "1,500.00 EGP" in English; in Arabic, as the web app writes it, Arabic-Indic digits, the
// Arabic separators and the currency's Arabic symbol: "١٬٥٠٠٫٠٠ ج.م".
func Amount(lang Lang, minor int64, currency string) string {
	sign := ""
	if minor < 0 {
		sign, minor = "-", -minor
	}
	group, point := ",", "."
	if lang == Ar {
		group, point = "٬", "٫"
		if c, ok := arabicCurrencies[currency]; ok {
			currency = c
		}
	}
	whole := strconv.FormatInt(minor/100, 10)
	var b strings.Builder
	b.WriteString(sign)
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteString(group)
		}
		b.WriteRune(r)
	}
	b.WriteString(point)
	frac := strconv.FormatInt(minor%100, 10)
	if len(frac) < 2 {
		b.WriteByte('0')
	}
	b.WriteString(frac)
	return Digits(lang, b.String()) + " " + currency
}

// WesternDigits writes Arabic-Indic (and Eastern Arabic-Indic) digits in s as Western digits, so a
// number typed on an Arabic keyboard reads as the same number.
func WesternDigits(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= '٠' && r <= '٩':
			return '0' + (r - '٠')
		case r >= '۰' && r <= '۹':
			return '0' + (r - '۰')
		}
		return r
	}, s)
}
