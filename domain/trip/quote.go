package trip

import (
	"fmt"
	"time"

	"mishwar/domain/money"
)

// QuotedStop is one item of the itinerary with the destination as the catalogue offers it now.
type QuotedStop struct {
	Item Item
	// Available is false when the destination is no longer offered: the item stays listed, shown
	// from what was recorded, but is left out of the route and the prices.
	Available   bool
	Destination Place
	// Timing is when the stop is reached and left (zero for an unavailable stop).
	Timing StopTiming
}

// LegEnd names one end of a leg: "start", "end" or a destination id.
type LegEnd struct {
	ID, NameEN, NameAR string
}

// RouteLeg is one drive of the route.
type RouteLeg struct {
	From, To LegEnd
	Leg
}

// Quote is an itinerary priced and timed.
type Quote struct {
	Version    int64
	Stops      []QuotedStop
	Start, End RoutePoint
	Departure  time.Time
	Legs       []RouteLeg
	Calc       Calculation
	// Currencies are the display currencies, in the order of each rate calculation's Converted.
	Currencies []money.Currency
}

// Route is an itinerary laid out as the drive: the waypoints whose legs the distance service is to
// answer, and what the calculation needs once they are known.
type Route struct {
	quote     Quote
	stops     []Stop
	ends      []LegEnd
	available []int
	// Waypoints are the start, the stops still offered in order (dwelling their visit) and the end.
	Waypoints []Waypoint
}

// Lay lays it out leaving at departure from start to end. offered holds the destinations the
// catalogue offers now, by destination id; an item whose destination is not among them stays in the
// quote but not on the route.
func Lay(it Itinerary, offered map[string]Place, start, end RoutePoint, departure time.Time) Route {
	r := Route{quote: Quote{Version: it.Version, Start: start, End: end, Departure: departure}}
	r.Waypoints = []Waypoint{{Point: pointOf(start.Point)}}
	r.ends = []LegEnd{{ID: "start", NameEN: start.Name, NameAR: start.NameIn("ar")}}
	for i, item := range it.Items {
		d, ok := offered[item.DestinationID]
		s := QuotedStop{Item: item, Available: ok, Destination: d}
		if !ok {
			rec := item.Recorded
			s.Destination = Place{ID: rec.ID, Slug: rec.Slug, NameEN: rec.NameEN, NameAR: rec.NameAR, Lat: rec.Lat, Lng: rec.Lng, VisitMinutes: rec.VisitMinutes}
		} else {
			visit := time.Duration(d.VisitMinutes) * time.Minute
			r.stops = append(r.stops, Stop{ID: d.ID, Visit: visit, Hours: d.Hours})
			r.Waypoints = append(r.Waypoints, Waypoint{Point: Point{Lat: d.Lat, Lng: d.Lng}, Dwell: visit})
			r.ends = append(r.ends, LegEnd{ID: d.ID, NameEN: d.NameEN, NameAR: d.NameAR})
			r.available = append(r.available, i)
		}
		r.quote.Stops = append(r.quote.Stops, s)
	}
	r.Waypoints = append(r.Waypoints, Waypoint{Point: pointOf(end.Point)})
	r.ends = append(r.ends, LegEnd{ID: "end", NameEN: end.Name, NameAR: end.NameIn("ar")})
	return r
}

// NeedsLegs reports whether the route drives anywhere: without a stop there is nothing to measure.
func (r Route) NeedsLegs() bool { return len(r.stops) > 0 }

// Price prices and times the route with the legs between its waypoints (none when !NeedsLegs), the
// rate plans offered and the currency rates: those of display currencies other than EGP convert
// the totals.
func (r Route) Price(legs []Leg, plans []RatePlan, rates []money.Rate) (Quote, error) {
	q := r.quote
	q.Stops = append([]QuotedStop(nil), q.Stops...)
	in := Input{Departure: q.Departure, Stops: r.stops, RatePlans: plans}
	if r.NeedsLegs() {
		if len(legs) != len(r.Waypoints)-1 {
			return Quote{}, fmt.Errorf("trip: %d legs for %d waypoints", len(legs), len(r.Waypoints))
		}
		for i, l := range legs {
			in.Legs = append(in.Legs, l)
			q.Legs = append(q.Legs, RouteLeg{From: r.ends[i], To: r.ends[i+1], Leg: l})
		}
	}
	for _, rate := range rates {
		if rate.To != money.EGP && rate.Scaled > 0 {
			in.DisplayRates = append(in.DisplayRates, rate)
			q.Currencies = append(q.Currencies, rate.To)
		}
	}
	var err error
	if q.Calc, err = Calculate(in); err != nil {
		return Quote{}, err
	}
	for k, i := range r.available {
		q.Stops[i].Timing = q.Calc.Stops[k]
	}
	return q, nil
}

// RatePlan returns the calculation under the plan with id, and false when the quote could not price
// it (inactive, unknown or with unusable data).
func (q Quote) RatePlan(id string) (RateCalculation, bool) {
	for _, rc := range q.Calc.Rates {
		if rc.Plan.ID == id {
			return rc, true
		}
	}
	return RateCalculation{}, false
}
