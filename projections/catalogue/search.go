package catalogue

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// NormalizeSearch folds text so that what people type finds what admins wrote, in both languages:
// lower case, Latin accents stripped, and the Arabic letters people write interchangeably made one
// (أ إ آ ٱ → ا, ى → ي, ة → ه, ؤ → و, ئ → ي), Arabic diacritics and the tatweel dropped, Arabic-Indic
// digits made ASCII, and every run of other characters made one space.
func NormalizeSearch(s string) string {
	var b strings.Builder
	space := true
	for _, r := range norm.NFKD.String(strings.ToLower(s)) {
		switch {
		case unicode.Is(unicode.Mn, r), r == 'ـ':
			continue // accents, tashkeel, dagger alef, tatweel
		case r == 'أ' || r == 'إ' || r == 'آ' || r == 'ٱ':
			r = 'ا'
		case r == 'ى' || r == 'ئ':
			r = 'ي'
		case r == 'ة':
			r = 'ه'
		case r == 'ؤ':
			r = 'و'
		case r >= '٠' && r <= '٩':
			r = '0' + (r - '٠')
		}
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
			space = false
			continue
		}
		if !space {
			b.WriteByte(' ')
			space = true
		}
	}
	return strings.TrimSpace(b.String())
}

// searchTerms splits a normalized query into words, each of which must occur.
func searchTerms(q string) []string {
	words := strings.Fields(NormalizeSearch(q))
	if len(words) > 8 {
		words = words[:8]
	}
	return words
}

// likePattern makes a word a LIKE pattern matching it anywhere. Normalized words hold only letters
// and digits, so there is nothing to escape; the escape is kept for safety if that ever changes.
func likePattern(word string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(word) + "%"
}
