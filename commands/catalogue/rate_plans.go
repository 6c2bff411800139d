package catalogue

import (
	"context"

	catrm "mishwar/projections/catalogue"
)

// RatePlansReader is the part of the read model the rate list needs.
type RatePlansReader interface {
	ActiveRatePlans(ctx context.Context) ([]catrm.RatePlan, error)
}

// RatePlansHandler lists the rate plans visitors may book.
type RatePlansHandler struct {
	rm RatePlansReader
}

// Handle lists the active rate plans.
func (h RatePlansHandler) Handle(ctx context.Context) ([]RatePlan, error) {
	return h.rm.ActiveRatePlans(ctx)
}
