package pricing

import (
	"context"
	"fmt"
	"time"

	"mishwar/domain/cart"
	"mishwar/domain/money"
	"mishwar/domain/trip"
)

// Quote prices and times it leaving at departure, with the catalogue as it is now.
func (q *Quoter) Quote(ctx context.Context, it trip.Itinerary, departure time.Time) (trip.Quote, error) {
	out, err := q.QuoteEach(ctx, it, []time.Time{departure})
	if err != nil {
		return trip.Quote{}, err
	}
	return out[0], nil
}

// QuoteEach prices and times it once for each departure (the pickup times of a day), reading the
// catalogue once: only the legs differ, as traffic does by the hour.
func (q *Quoter) QuoteEach(ctx context.Context, it trip.Itinerary, departures []time.Time) ([]trip.Quote, error) {
	in, err := q.inputs(ctx, it)
	if err != nil {
		return nil, fmt.Errorf("pricing: quote: %w", err)
	}
	return q.quoteEach(ctx, it, in, departures)
}

// QuoteBookedEach quotes an order's itinerary again (a change of date, time or rate plan) once for
// each departure, as QuoteEach quotes a cart except where an order differs: a stop the catalogue no
// longer offers is still driven, as the order recorded it (trip.BookedPlaces), and the trip is priced
// with the rate plans plans makes of those offered now (the order's own plan as it recorded it:
// order.Trip.PlansForChange), whose refusal it returns.
func (q *Quoter) QuoteBookedEach(ctx context.Context, it trip.Itinerary, departures []time.Time,
	plans func(offered []trip.RatePlan) ([]trip.RatePlan, error)) ([]trip.Quote, error) {
	in, err := q.inputs(ctx, it)
	if err != nil {
		return nil, fmt.Errorf("pricing: quote booked: %w", err)
	}
	retired, err := q.places(ctx, it.DestinationIDs(), false)
	if err != nil {
		return nil, fmt.Errorf("pricing: quote booked: %w", err)
	}
	in.offered = trip.BookedPlaces(it, in.offered, retired)
	if in.plans, err = plans(in.plans); err != nil {
		return nil, err
	}
	return q.quoteEach(ctx, it, in, departures)
}

func (q *Quoter) quoteEach(ctx context.Context, it trip.Itinerary, in quoteInputs, departures []time.Time) ([]trip.Quote, error) {
	var err error
	out := make([]trip.Quote, 0, len(departures))
	for _, departure := range departures {
		route := trip.Lay(it, in.offered, in.start, in.end, departure.In(q.location))
		var legs []trip.Leg
		if route.NeedsLegs() {
			if legs, err = q.distances.Route(ctx, route.Waypoints, departure.In(q.location)); err != nil {
				return nil, fmt.Errorf("pricing: quote: route: %w", err)
			}
		}
		quote, err := route.Price(legs, in.plans, in.rates)
		if err != nil {
			return nil, fmt.Errorf("pricing: quote: %w", err)
		}
		out = append(out, quote)
	}
	return out, nil
}

// quoteInputs are what a quote reads from the catalogue.
type quoteInputs struct {
	offered    map[string]trip.Place
	start, end trip.RoutePoint
	plans      []trip.RatePlan
	rates      []money.Rate
}

func (q *Quoter) inputs(ctx context.Context, it trip.Itinerary) (quoteInputs, error) {
	var in quoteInputs
	var err error
	if in.offered, err = q.Offered(ctx, it.DestinationIDs()); err != nil {
		return in, err
	}
	var defaultStart *cart.Point
	if it.Start == nil {
		if defaultStart, err = q.defaultStart(ctx); err != nil {
			return in, err
		}
	}
	in.start, in.end = trip.Ends(it, defaultStart)
	if in.plans, err = q.ratePlans(ctx); err != nil {
		return in, err
	}
	if in.rates, err = q.CurrencyRates(ctx); err != nil {
		return in, err
	}
	return in, nil
}
