package catalogue

import (
	"context"
	"time"

	catrm "mishwar/projections/catalogue"
)

// OffersReader is the part of the read model the offer list needs.
type OffersReader interface {
	ActiveOffers(ctx context.Context, day time.Time) ([]catrm.Offer, error)
}

// OffersHandler lists today's offers.
type OffersHandler struct {
	rm  OffersReader
	now func() time.Time
}

// Handle lists the offers valid today. Their promo codes are the caller's to keep out of sight: they
// are handed out, not published.
func (h OffersHandler) Handle(ctx context.Context) ([]Offer, error) {
	return h.rm.ActiveOffers(ctx, h.now())
}
