package pricing

import (
	"context"
	"fmt"
	"time"

	"mishwar/domain/cart"
	"mishwar/domain/trip"
)

// Quote prices and times it leaving at departure, with the catalogue as it is now.
func (q *Quoter) Quote(ctx context.Context, it trip.Itinerary, departure time.Time) (trip.Quote, error) {
	offered, err := q.Offered(ctx, it.DestinationIDs())
	if err != nil {
		return trip.Quote{}, fmt.Errorf("pricing: quote: %w", err)
	}
	var defaultStart *cart.Point
	if it.Start == nil {
		if defaultStart, err = q.defaultStart(ctx); err != nil {
			return trip.Quote{}, fmt.Errorf("pricing: quote: %w", err)
		}
	}
	start, end := trip.Ends(it, defaultStart)
	route := trip.Lay(it, offered, start, end, departure.In(q.location))
	var legs []trip.Leg
	if route.NeedsLegs() {
		if legs, err = q.distances.Route(ctx, route.Waypoints, departure.In(q.location)); err != nil {
			return trip.Quote{}, fmt.Errorf("pricing: quote: route: %w", err)
		}
	}
	plans, err := q.ratePlans(ctx)
	if err != nil {
		return trip.Quote{}, fmt.Errorf("pricing: quote: %w", err)
	}
	rates, err := q.CurrencyRates(ctx)
	if err != nil {
		return trip.Quote{}, fmt.Errorf("pricing: quote: %w", err)
	}
	out, err := route.Price(legs, plans, rates)
	if err != nil {
		return trip.Quote{}, fmt.Errorf("pricing: quote: %w", err)
	}
	return out, nil
}
