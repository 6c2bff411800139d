package i18n_test

import (
	"testing"

	"mishwar/internal/i18n"
)

// A count is said in the language's plural form and digits: Arabic has a form for one, two, a few
// (3–10) and many, and the forms for one and two carry no number.
func TestACountTakesTheLanguagesPluralFormAndDigits(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		lang i18n.Lang
		n    int64
		want string
	}{
		{i18n.En, 1, "1 second"},
		{i18n.En, 2, "2 seconds"},
		{i18n.En, 30, "30 seconds"},
		{i18n.Ar, 1, "ثانية واحدة"},
		{i18n.Ar, 2, "ثانيتين"},
		{i18n.Ar, 5, "٥ ثوانٍ"},
		{i18n.Ar, 10, "١٠ ثوانٍ"},
		{i18n.Ar, 11, "١١ ثانية"},
		{i18n.Ar, 105, "١٠٥ ثوانٍ"},
	} {
		if got := i18n.Count(c.lang, "common.unit.second", c.n); got != c.want {
			t.Errorf("%s %d: %q, want %q", c.lang, c.n, got, c.want)
		}
	}
}
