package pricing

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"mishwar/domain/cart"
	"mishwar/domain/money"
	"mishwar/domain/trip"
	catrm "mishwar/projections/catalogue"
)

// Offered returns the destinations among ids that visitors may see now (published, not archived),
// keyed by the id as asked, so a client's upper-case id still finds its destination.
func (q *Quoter) Offered(ctx context.Context, ids []string) (map[string]trip.Place, error) {
	return q.places(ctx, ids, true)
}

// places are the destinations among ids the catalogue offers now (visible) or those it no longer
// offers but still knows (!visible: archived or unpublished), keyed by the id as asked.
func (q *Quoter) places(ctx context.Context, ids []string, visible bool) (map[string]trip.Place, error) {
	uids := make([]uuid.UUID, 0, len(ids))
	for _, id := range ids {
		if uid, err := uuid.Parse(id); err == nil {
			uids = append(uids, uid)
		}
	}
	out := make(map[string]trip.Place, len(uids))
	if len(uids) == 0 {
		return out, nil
	}
	dests, err := q.catalogue.Destinations(ctx, uids)
	if err != nil {
		return nil, fmt.Errorf("pricing: destinations: %w", err)
	}
	for _, d := range dests {
		if d.Visible() != visible {
			continue
		}
		hours, err := trip.WeeklyOpeningHours(d.OpeningHours)
		if err != nil {
			return nil, fmt.Errorf("pricing: destination %s: %w", d.ID, err)
		}
		photo := ""
		if len(d.Photos) > 0 {
			photo = d.Photos[0]
		}
		for _, id := range ids {
			if uid, err := uuid.Parse(id); err == nil && uid == d.ID {
				out[id] = trip.Place{
					ID: d.ID.String(), Slug: d.Slug, NameEN: d.Name.En, NameAR: d.Name.Ar,
					Lat: d.Lat, Lng: d.Lng, Photo: photo, VisitMinutes: d.VisitMinutes, Hours: hours,
				}
			}
		}
	}
	return out, nil
}

// ratePlans are the plans offered now, in display order.
func (q *Quoter) ratePlans(ctx context.Context) ([]trip.RatePlan, error) {
	plans, err := q.catalogue.ActiveRatePlans(ctx)
	if err != nil {
		return nil, fmt.Errorf("pricing: rate plans: %w", err)
	}
	out := make([]trip.RatePlan, len(plans))
	for i, p := range plans {
		out[i] = trip.RatePlan{ID: p.ID.String(), Name: p.Name.En, NameAR: p.Name.Ar, PricePerKm: p.PricePerKm, WaitingPerHour: p.WaitingPerHour, Seats: p.Seats}
	}
	return out, nil
}

// defaultStart is the pickup point the admin chose as default; nil when none.
func (q *Quoter) defaultStart(ctx context.Context) (*cart.Point, error) {
	p, err := q.catalogue.DefaultPickupPoint(ctx)
	if errors.Is(err, catrm.ErrNoDefaultPickupPoint) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("pricing: default pickup point: %w", err)
	}
	return &cart.Point{Kind: cart.PickupPoint, PickupPointID: p.ID.String(), Name: p.Name.En, NameAR: p.Name.Ar, Lat: p.Lat, Lng: p.Lng}, nil
}

// CurrencyRates returns the EGP rates of the display currencies (USD, SAR), as recorded now.
func (q *Quoter) CurrencyRates(ctx context.Context) ([]money.Rate, error) {
	rates, _, err := q.catalogue.CurrencyRates(ctx)
	if err != nil {
		return nil, fmt.Errorf("pricing: currency rates: %w", err)
	}
	return rates, nil
}
