package i18n_test

import (
	"regexp"
	"slices"
	"testing"

	"mishwar/internal/i18n"
)

var verb = regexp.MustCompile(`%[-+# 0-9.]*[a-zA-Z%]`)

// Every message reads in both languages and takes the same arguments in both, so a formatted Arabic
// message never prints %!d(MISSING).
func TestEveryMessageHasEnglishAndArabicWithTheSameArguments(t *testing.T) {
	t.Parallel()
	for _, key := range i18n.Keys() {
		text, _ := i18n.Lookup(key)
		if text.En == "" || text.Ar == "" {
			t.Errorf("%s: English %q, Arabic %q", key, text.En, text.Ar)
			continue
		}
		en, ar := verb.FindAllString(text.En, -1), verb.FindAllString(text.Ar, -1)
		if !slices.Equal(en, ar) {
			t.Errorf("%s: arguments %v in English, %v in Arabic", key, en, ar)
		}
	}
}

func TestNegotiate(t *testing.T) {
	t.Parallel()
	cases := []struct {
		header, accept, cookie string
		want                   i18n.Lang
	}{
		{"ar", "en", "en", i18n.Ar},
		{"", "ar-EG,ar;q=0.9,en;q=0.8", "", i18n.Ar},
		{"", "fr-FR, en;q=0.5", "ar", i18n.En},
		{"", "fr", "ar", i18n.Ar},
		{"", "", "", i18n.En},
		{"xx", "", "", i18n.En},
		{"", "en;q=0.1, ar;q=0.9", "", i18n.Ar},
		{"", "en-US;q=0.5, ar-EG;q=0.5", "", i18n.En},
		{"", "ar;q=0, en;q=0.2", "", i18n.En},
		{"", "ar;q=0", "ar", i18n.Ar},
		{"", "ar;q=0", "", i18n.En},
	}
	for _, c := range cases {
		if got := i18n.Negotiate(c.header, c.accept, c.cookie); got != c.want {
			t.Errorf("Negotiate(%q, %q, %q) = %s, want %s", c.header, c.accept, c.cookie, got, c.want)
		}
	}
}
