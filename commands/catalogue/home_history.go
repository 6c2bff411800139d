package catalogue

import (
	"context"

	cat "mishwar/domain/catalogue"
)

// HomeHistoryHandler answers who changed the home content and how.
type HomeHistoryHandler struct {
	handlers  *Handlers
	historian historian
}

// Handle answers the home content's history, newest first.
func (h HomeHistoryHandler) Handle(ctx context.Context) ([]HistoryEntry, error) {
	_, hist, err := h.handlers.HomeContent(ctx)
	if err != nil {
		return nil, err
	}
	var prev cat.HomeContent
	first := true
	return entries(ctx, h.historian, hist, func(e cat.HomeContentUpdated, entry *HistoryEntry) {
		entry.Action, entry.Changes = "updated", changesBetween(prev, e.Content, e.Changed, first)
		prev, first = e.Content, false
	}), nil
}
