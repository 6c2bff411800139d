package projections_test

import (
	"testing"

	"mishwar/projections"
)

func TestAContainsPatternTakesWildcardsLiterally(t *testing.T) {
	for in, want := range map[string]string{
		"alice":   `%alice%`,
		"%":       `%\%%`,
		"a_ice":   `%a\_ice%`,
		`back\sl`: `%back\\sl%`,
		"MSH-_":   `%MSH-\_%`,
		"":        `%%`,
		"مشوار":   `%مشوار%`,
	} {
		if got := projections.ContainsPattern(in); got != want {
			t.Errorf("ContainsPattern(%q) = %q, want %q", in, got, want)
		}
	}
}
