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

// Handle lists the offers valid today that the site advertises (catalogue.OfferFields.Advertised):
// those without a promo code and those whose code is public. An offer behind a code handed out
// privately is left out, as nobody could use it from the site.
func (h OffersHandler) Handle(ctx context.Context) ([]Offer, error) {
	all, err := h.rm.ActiveOffers(ctx, h.now())
	if err != nil {
		return nil, err
	}
	offers := make([]Offer, 0, len(all))
	for _, o := range all {
		if o.Advertised() {
			offers = append(offers, o)
		}
	}
	return offers, nil
}
