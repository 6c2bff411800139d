package catalogue

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	cat "mishwar/domain/catalogue"
	catrm "mishwar/projections/catalogue"
)

type offersToday []catrm.Offer

func (o offersToday) ActiveOffers(context.Context, time.Time) ([]catrm.Offer, error) { return o, nil }

func TestTheOffersQueryLeavesOutOffersWhoseCodeIsHandedOutPrivately(t *testing.T) {
	// Given today's offers: one with a public code, one with a private code, one without a code
	offer := func(code string, private bool) catrm.Offer {
		return catrm.Offer{Meta: catrm.Meta{ID: uuid.New()}, OfferFields: cat.OfferFields{PromoCode: code, CodePrivate: private}}
	}
	public, private, plain := offer("WINTER10", false), offer("GUIDES20", true), offer("", false)
	h := OffersHandler{rm: offersToday{public, private, plain}, now: time.Now}

	// When the site lists them
	got, err := h.Handle(context.Background())

	// Then the private one is not among them
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].ID != public.ID || got[1].ID != plain.ID {
		t.Fatalf("listed %+v", got)
	}
}
