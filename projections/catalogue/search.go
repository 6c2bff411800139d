package catalogue

import "mishwar/internal/fold"

// searchTerms splits a query into folded words (fold.Text), each of which must occur.
func searchTerms(q string) []string { return fold.Words(q, 8) }
