package order_test

import (
	"testing"
	"time"

	"mishwar/domain/order"
)

// A change of trip names what it alters as the traveller sees it — the start, the car class, the
// itinerary — and nothing for a new price of the same trip.
func TestAChangeOfTripNamesWhatItAlters(t *testing.T) {
	t.Parallel()
	start := time.Date(2026, 12, 14, 8, 0, 0, 0, time.UTC)
	tahrir := order.Point{Name: "Tahrir", Lat: 30.0444, Lng: 31.2357, PickupPointID: "p1"}
	pyramids := order.Stop{DestinationID: "d1", NameEN: "Pyramids"}
	booked := order.Trip{StartAt: start, RatePlan: order.RatePlan{ID: "economy"},
		Itinerary: order.Itinerary{Start: tahrir, End: tahrir, Stops: []order.Stop{pyramids}}}
	with := func(change func(*order.Trip)) order.Trip {
		to := booked
		to.Itinerary.Stops = append([]order.Stop(nil), booked.Itinerary.Stops...)
		change(&to)
		return to
	}
	for _, c := range []struct {
		name string
		to   order.Trip
		want order.TripChange
	}{
		{"the same trip at another price alters nothing", with(func(t *order.Trip) { t.Quote.Total.Minor = 99 }), order.TripChange{}},
		{"the same moment in another zone alters nothing", with(func(t *order.Trip) { t.StartAt = start.In(time.FixedZone("EET", 2*3600)) }), order.TripChange{}},
		{"another hour alters the start", with(func(t *order.Trip) { t.StartAt = start.Add(time.Hour) }), order.TripChange{When: true}},
		{"another car class alters the rate plan", with(func(t *order.Trip) { t.RatePlan.ID = "minivan" }), order.TripChange{RatePlan: true}},
		{"another stop alters the itinerary", with(func(t *order.Trip) { t.Itinerary.Stops[0].DestinationID = "d2" }), order.TripChange{Itinerary: true}},
		{"another end alters the itinerary", with(func(t *order.Trip) { t.Itinerary.End.PickupPointID = "p2" }), order.TripChange{Itinerary: true}},
		{"another day and car alter both", with(func(t *order.Trip) { t.StartAt, t.RatePlan.ID = start.Add(24*time.Hour), "minivan" }),
			order.TripChange{When: true, RatePlan: true}},
	} {
		got := order.ChangeOf(booked, c.to)
		if got != c.want || got.Any() != (c.want != order.TripChange{}) {
			t.Errorf("%s: %+v (any %v), want %+v", c.name, got, got.Any(), c.want)
		}
	}
}
