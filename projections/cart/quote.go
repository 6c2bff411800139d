package cart

import (
	"context"
	"fmt"
	"time"

	"mishwar/adapters/distance"
	"mishwar/domain"
	"mishwar/domain/cart"
	"mishwar/domain/money"
	"mishwar/domain/trip"
)

// Destination is a destination as the catalogue shows it now.
type Destination struct {
	ID, Slug       string
	NameEN, NameAR string
	Lat, Lng       float64
	// Photo is the first photo's URL, or "".
	Photo        string
	VisitMinutes int
	// Hours are the opening hours; nil when unknown.
	Hours trip.OpeningHours
}

// Name is the destination's name in lang ("ar" or English).
func (d Destination) Name(lang string) string {
	if lang == "ar" && d.NameAR != "" {
		return d.NameAR
	}
	return d.NameEN
}

// Catalogue is what a quote reads from the catalogue read model.
type Catalogue interface {
	// Destinations returns the published, unarchived destinations among ids, by id.
	Destinations(ctx context.Context, ids []string) (map[string]Destination, error)
	// ActiveRatePlans returns the rate plans offered now, in display order.
	ActiveRatePlans(ctx context.Context) ([]RatePlan, error)
	// DefaultPickupPoint returns the pickup point the admin chose as default; found=false when none.
	DefaultPickupPoint(ctx context.Context) (p cart.Point, found bool, err error)
	// CurrencyRates returns the EGP rates of the display currencies (USD, SAR).
	CurrencyRates(ctx context.Context) ([]money.Rate, error)
}

// RatePlan is a rate plan as the catalogue shows it now.
type RatePlan struct {
	trip.RatePlan
	// Name (in trip.RatePlan) is English; NameAR is Arabic.
	NameAR string
}

// NameIn is the plan's name in lang ("ar" or English).
func (p RatePlan) NameIn(lang string) string {
	if lang == "ar" && p.NameAR != "" {
		return p.NameAR
	}
	return p.Name
}

// TahrirSquare is where a route starts when the admin has set no default pickup point: the centre
// of Cairo, so distances stay plausible.
var TahrirSquare = cart.Point{Kind: cart.CustomPoint, Name: "Tahrir Square", NameAR: "ميدان التحرير", Lat: 30.0444, Lng: 31.2357}

// Quoter prices and times carts on read.
type Quoter struct {
	Catalogue Catalogue
	Distances distance.Service
	// Location is the clock of departures and opening hours (Africa/Cairo).
	Location *time.Location
}

// DefaultDeparture is when a cart's trip is assumed to leave when the traveller has not said: 09:00
// on the day after now, Cairo time, the usual start of a day trip.
func (q *Quoter) DefaultDeparture(now time.Time) time.Time {
	n := now.In(q.Location)
	return time.Date(n.Year(), n.Month(), n.Day()+1, 9, 0, 0, 0, q.Location)
}

// RoutePoint is a start or an end as the quote used it.
type RoutePoint struct {
	cart.Point
	// Default: the admin's default pickup point (nothing chosen). SameAsStart: an end not chosen.
	Default, SameAsStart bool
}

// Stop is one item of the cart with the destination as the catalogue shows it now.
type Stop struct {
	Item Item
	// Available is false when the destination is no longer published: the item stays in the cart,
	// shown from what was recorded, but is left out of the route and the prices.
	Available   bool
	Destination Destination
	// Timing is when the stop is reached and left (zero for an unavailable stop).
	Timing trip.StopTiming
}

// LegEnd names one end of a leg: "start", "end" or a destination id.
type LegEnd struct {
	ID, NameEN, NameAR string
}

// RouteLeg is one drive of the route.
type RouteLeg struct {
	From, To LegEnd
	trip.Leg
}

// Quote is a cart priced and timed.
type Quote struct {
	Version    int64
	Stops      []Stop
	Start, End RoutePoint
	Departure  time.Time
	Legs       []RouteLeg
	Calc       trip.Calculation
	// Currencies are the display currencies, in the order of each rate calculation's Converted.
	Currencies []money.Currency
	// RatePlans are the plans offered, by id (for their names).
	RatePlans map[string]RatePlan
}

// Quote prices and times v leaving at departure.
func (q *Quoter) Quote(ctx context.Context, v View, departure time.Time) (Quote, error) {
	out := Quote{Version: v.Version, Departure: departure.In(q.Location)}
	dests, err := q.Catalogue.Destinations(ctx, v.DestinationIDs())
	if err != nil {
		return Quote{}, fmt.Errorf("cart: quote: destinations: %w", err)
	}
	if out.Start, out.End, err = q.points(ctx, v); err != nil {
		return Quote{}, err
	}
	var stops []trip.Stop
	waypoints := []distance.Waypoint{{Point: toDistance(out.Start.Point)}}
	ends := []LegEnd{{ID: "start", NameEN: out.Start.Name, NameAR: out.Start.NameIn("ar")}}
	var available []int
	for i, it := range v.Items {
		d, ok := dests[it.DestinationID]
		s := Stop{Item: it, Available: ok, Destination: d}
		if !ok {
			r := it.Destination
			s.Destination = Destination{ID: r.ID, Slug: r.Slug, NameEN: r.NameEN, NameAR: r.NameAR, Lat: r.Lat, Lng: r.Lng, VisitMinutes: r.VisitMinutes}
		} else {
			visit := time.Duration(d.VisitMinutes) * time.Minute
			stops = append(stops, trip.Stop{ID: d.ID, Visit: visit, Hours: d.Hours})
			waypoints = append(waypoints, distance.Waypoint{Point: distance.Point{Lat: d.Lat, Lng: d.Lng}, Dwell: visit})
			ends = append(ends, LegEnd{ID: d.ID, NameEN: d.NameEN, NameAR: d.NameAR})
			available = append(available, i)
		}
		out.Stops = append(out.Stops, s)
	}
	waypoints = append(waypoints, distance.Waypoint{Point: toDistance(out.End.Point)})
	ends = append(ends, LegEnd{ID: "end", NameEN: out.End.Name, NameAR: out.End.NameIn("ar")})

	in := trip.Input{Departure: out.Departure, Stops: stops}
	if len(stops) > 0 {
		legs, err := q.Distances.Route(ctx, waypoints, out.Departure)
		if err != nil {
			return Quote{}, fmt.Errorf("cart: quote: route: %w", err)
		}
		for i, l := range legs {
			in.Legs = append(in.Legs, trip.Leg{Meters: l.Meters, Duration: l.Duration})
			out.Legs = append(out.Legs, RouteLeg{From: ends[i], To: ends[i+1], Leg: in.Legs[i]})
		}
	}
	plans, err := q.Catalogue.ActiveRatePlans(ctx)
	if err != nil {
		return Quote{}, fmt.Errorf("cart: quote: rate plans: %w", err)
	}
	out.RatePlans = make(map[string]RatePlan, len(plans))
	for _, p := range plans {
		in.RatePlans = append(in.RatePlans, p.RatePlan)
		out.RatePlans[p.ID] = p
	}
	rates, err := q.Catalogue.CurrencyRates(ctx)
	if err != nil {
		return Quote{}, fmt.Errorf("cart: quote: currency rates: %w", err)
	}
	for _, r := range rates {
		if r.To != money.EGP && r.Scaled > 0 {
			in.DisplayRates = append(in.DisplayRates, r)
			out.Currencies = append(out.Currencies, r.To)
		}
	}
	if out.Calc, err = trip.Calculate(in); err != nil {
		return Quote{}, fmt.Errorf("cart: quote: %w", err)
	}
	for k, i := range available {
		out.Stops[i].Timing = out.Calc.Stops[k]
	}
	return out, nil
}

func (q *Quoter) points(ctx context.Context, v View) (start, end RoutePoint, err error) {
	if v.Start != nil {
		start = RoutePoint{Point: *v.Start}
	} else {
		p, found, err := q.Catalogue.DefaultPickupPoint(ctx)
		if err != nil {
			return start, end, fmt.Errorf("cart: quote: default pickup point: %w", err)
		}
		if !found {
			p = TahrirSquare
		}
		start = RoutePoint{Point: p, Default: true}
	}
	if v.End != nil {
		end = RoutePoint{Point: *v.End}
	} else {
		end = RoutePoint{Point: start.Point, SameAsStart: true}
	}
	return start, end, nil
}

func toDistance(p cart.Point) distance.Point { return distance.Point{Lat: p.Lat, Lng: p.Lng} }

// Proposal is an optimised order for a cart, with both orders quoted.
type Proposal struct {
	// Order is every item id in the proposed order (unavailable items last, as they were).
	Order []string
	// Improves is false when the cart's order is already the shortest drive.
	Improves          bool
	Current, Proposed Quote
}

// ErrNothingToOptimise is returned for a cart with fewer than two stops that can be driven to.
var ErrNothingToOptimise = domain.Invalid("cart.nothing_to_optimise")

// Optimise proposes the order of v's stops with the least driving, keeping its start and end, and
// quotes both orders so the traveller can compare before accepting.
func (q *Quoter) Optimise(ctx context.Context, v View, departure time.Time) (Proposal, error) {
	current, err := q.Quote(ctx, v, departure)
	if err != nil {
		return Proposal{}, err
	}
	var stopIdx, unavailable []int
	points := []distance.Point{toDistance(current.Start.Point)}
	for i, s := range current.Stops {
		if !s.Available {
			unavailable = append(unavailable, i)
			continue
		}
		stopIdx = append(stopIdx, i)
		points = append(points, distance.Point{Lat: s.Destination.Lat, Lng: s.Destination.Lng})
	}
	points = append(points, toDistance(current.End.Point))
	if len(stopIdx) < 2 {
		return Proposal{}, ErrNothingToOptimise
	}
	matrix, err := q.Distances.Matrix(ctx, points, current.Departure)
	if err != nil {
		return Proposal{}, fmt.Errorf("cart: optimise: matrix: %w", err)
	}
	times := make([][]time.Duration, len(matrix))
	for i, row := range matrix {
		times[i] = make([]time.Duration, len(row))
		for j, l := range row {
			times[i][j] = l.Duration
		}
	}
	best, err := trip.Optimise(times)
	if err != nil {
		return Proposal{}, fmt.Errorf("cart: optimise: %w", err)
	}
	p := Proposal{Current: current, Improves: best.Improves()}
	reordered := v
	reordered.Items = nil
	for _, k := range best.Order {
		reordered.Items = append(reordered.Items, v.Items[stopIdx[k]])
	}
	for _, i := range unavailable {
		reordered.Items = append(reordered.Items, v.Items[i])
	}
	for i := range reordered.Items {
		reordered.Items[i].Position = i + 1
		p.Order = append(p.Order, reordered.Items[i].ID)
	}
	if !p.Improves {
		p.Proposed, p.Order = current, v.itemIDs()
		return p, nil
	}
	if p.Proposed, err = q.Quote(ctx, reordered, departure); err != nil {
		return Proposal{}, err
	}
	// The matrix times every drive as if leaving at departure; the route times each at its hour. If
	// the traffic of the real hours eats the saving, the current order stays.
	if p.Proposed.Calc.Driving >= current.Calc.Driving {
		p.Improves, p.Proposed, p.Order = false, current, v.itemIDs()
	}
	return p, nil
}
