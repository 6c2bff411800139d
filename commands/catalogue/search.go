package catalogue

import (
	"context"
	"strings"

	"mishwar/domain"
	"mishwar/internal/fold"
)

// SearchQuery looks for words in destinations and programs, in Arabic or English.
type SearchQuery struct {
	Q     string
	Limit int
}

// SearchResult is what matched, visible entries only.
type SearchResult struct {
	Q            string
	Destinations []DestinationView
	Programs     []ProgramView
}

// SearchHandler searches the public catalogue.
type SearchHandler struct {
	destinations DestinationsHandler
	programs     ProgramsHandler
}

// Handle searches; an empty query is refused, and one with nothing searchable in it (only "%", "_",
// an emoji) finds nothing.
func (h SearchHandler) Handle(ctx context.Context, q SearchQuery) (SearchResult, error) {
	q.Q = strings.TrimSpace(q.Q)
	if q.Q == "" {
		var ve domain.ValidationError
		ve.Add("q", domain.KeyRequired)
		return SearchResult{}, &ve
	}
	if fold.Text(q.Q) == "" {
		return SearchResult{Q: q.Q, Destinations: []DestinationView{}, Programs: []ProgramView{}}, nil
	}
	page, err := h.destinations.Handle(ctx, DestinationsQuery{Q: q.Q, Limit: q.Limit})
	if err != nil {
		return SearchResult{}, err
	}
	progs, err := h.programs.Handle(ctx, ProgramsQuery{Q: q.Q})
	if err != nil {
		return SearchResult{}, err
	}
	return SearchResult{Q: q.Q, Destinations: page.Destinations, Programs: progs}, nil
}
