package catalogue

import (
	"context"

	cat "mishwar/domain/catalogue"
)

// AdminHome is the home content as the write side knows it, with its version.
type AdminHome struct {
	Content cat.HomeContent
	Version int64
}

// AdminHomeHandler answers the home content for the edit form (what an edit replaces).
type AdminHomeHandler struct {
	handlers *Handlers
}

// Handle answers the current home content.
func (h AdminHomeHandler) Handle(ctx context.Context) (AdminHome, error) {
	state, hist, err := h.handlers.HomeContent(ctx)
	if err != nil {
		return AdminHome{}, err
	}
	return AdminHome{Content: state.Content, Version: hist.Version}, nil
}
