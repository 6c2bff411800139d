package catalogue

import (
	"strings"

	"mishwar/internal/fold"
)

// searchTerms splits a query into folded words (fold.Text), each of which must occur.
func searchTerms(q string) []string { return fold.Words(q, 8) }

// likePattern makes a word a LIKE pattern matching it anywhere. Folded words hold only letters and
// digits, so there is nothing to escape; the escape is kept for safety if that ever changes.
func likePattern(word string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(word) + "%"
}
