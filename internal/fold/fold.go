// Package fold makes text searchable in Arabic and English: what people type and what others wrote
// fold to the same words. It is pure (no I/O) and owns the folding for every read model that searches
// text; a read model adds only what is its own (a phone's digits, say) on top of it.
package fold

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Text folds s: lower case, Latin accents stripped, the Arabic letters people write interchangeably
// made one (أ إ آ ٱ → ا, ى ئ → ي, ة → ه, ؤ → و), Arabic diacritics and the tatweel dropped,
// Arabic-Indic and Extended Arabic-Indic digits made ASCII, and every run of other characters made one
// space, none at either end. What is left holds only letters, digits and single spaces.
func Text(s string) string {
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
		case r >= '۰' && r <= '۹':
			r = '0' + (r - '۰')
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

// Words is Text split into its words, the first max of them: the terms of a query, each of which a
// search then requires somewhere in the folded text it searches. An Arabic word loses its definite
// article (ال, with و ب ف ك before it, or لل), so that "القلعة" finds "قلعة صلاح الدين" and
// "الأهرامات" "أهرامات الجيزة"; the word without it is still found where the text has the article.
func Words(s string, max int) []string {
	words := strings.Fields(Text(s))
	if len(words) > max {
		words = words[:max]
	}
	for i, w := range words {
		words[i] = withoutArticle(w)
	}
	return words
}

// articles are the definite article's written forms at a word's start, longest first.
var articles = []string{"وال", "بال", "فال", "كال", "لل", "ال"}

// withoutArticle strips the article from a folded word when at least three letters are left: a
// shorter rest is more likely a word that only starts like it.
func withoutArticle(w string) string {
	for _, a := range articles {
		if rest, ok := strings.CutPrefix(w, a); ok && utf8.RuneCountInString(rest) >= 3 {
			return rest
		}
	}
	return w
}
