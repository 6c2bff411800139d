package trip_test

import (
	"reflect"
	"testing"
	"time"

	"mishwar/domain/trip"
)

func TestABookedStopTheCatalogueNoLongerOffersIsDrivenAsTheOrderRecordedIt(t *testing.T) {
	it := itinerary("a", "b")
	it.Items[1].Recorded.Lat, it.Items[1].Recorded.Lng, it.Items[1].Recorded.VisitMinutes = 30.1, 31.4, 45
	live := offered("a")
	hours := trip.OpeningHours{time.Monday: {{Open: 9 * 60, Close: 17 * 60}}}
	// Given "b" archived since the order was placed, the catalogue still knowing its hours (and, since
	// archived, other coordinates and a longer visit that the order never booked),
	retired := map[string]trip.Place{"b": {ID: "b", Lat: 29, Lng: 30, VisitMinutes: 120, Hours: hours}}

	// when the order's places are laid out again,
	places := trip.BookedPlaces(it, live, retired)

	// then the stop still offered is the catalogue's, and the archived one the order's recorded stop
	// with the hours the catalogue last gave it.
	want := map[string]trip.Place{
		"a": live["a"],
		"b": {ID: "b", NameEN: "Recorded b", Lat: 30.1, Lng: 31.4, VisitMinutes: 45, Hours: hours},
	}
	if !reflect.DeepEqual(places, want) {
		t.Fatalf("places\n got %+v\nwant %+v", places, want)
	}
	route := trip.Lay(it, places, trip.RoutePoint{Point: hotel}, trip.RoutePoint{Point: hotel}, time.Date(2026, 12, 7, 9, 0, 0, 0, time.UTC))
	if len(route.Waypoints) != 4 || route.Waypoints[2].Point != (trip.Point{Lat: 30.1, Lng: 31.4}) || route.Waypoints[2].Dwell != 45*time.Minute {
		t.Fatalf("the archived stop is not driven as recorded: %+v", route.Waypoints)
	}
}

func TestABookedStopTheCatalogueNeverKnewIsOpenAllDay(t *testing.T) {
	places := trip.BookedPlaces(itinerary("gone"), offered(), nil)
	if p := places["gone"]; p.Hours != nil || p.VisitMinutes != 15 || p.NameEN != "Recorded gone" {
		t.Fatalf("got %+v", p)
	}
}
