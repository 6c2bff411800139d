package supportsearch_test

import (
	"slices"
	"strings"
	"testing"

	"mishwar/projections/supportsearch"
)

func TestQueriesFoldLikeTheSearchText(t *testing.T) {
	t.Parallel()
	text := supportsearch.SearchText("MSH-7K3Q9P", "Mona", "الشَّرقاوي", "Mona.Z@Example.com", "+20 100 123 4567")
	for q, want := range map[string][]string{
		"ElRah":          {"elrah"},
		"شرقاوي":         {"شرقاوي"},
		"  إيمان  ":      {"ايمان"},
		"+20 100-123":    {"20100123"},
		"٠١٠٠":           {"0100"},
		"msh-7k3q9p":     {"msh", "7k3q9p"},
		"--":             nil,
		"mona.z@example": {"mona", "z", "example"},
	} {
		if got := supportsearch.Terms(q); !slices.Equal(got, want) {
			t.Errorf("Terms(%q) = %q, want %q", q, got, want)
		}
	}
	for _, fragment := range []string{"شرقاوي", "201001234567", "01001234567", "msh 7k3q9p", "mona.z@example.com"} {
		if !strings.Contains(text, fragment) {
			t.Errorf("the search text %q does not hold %q", text, fragment)
		}
	}
}
