package trip_test

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"mishwar/domain/cart"
	cat "mishwar/domain/catalogue"
	"mishwar/domain/money"
	"mishwar/domain/trip"
)

var hotel = cart.Point{Kind: cart.PickupPoint, PickupPointID: "h", Name: "Hotel", NameAR: "فندق", Lat: 30, Lng: 31.2}

func itinerary(ids ...string) trip.Itinerary {
	it := trip.Itinerary{Version: 4}
	for i, id := range ids {
		it.Items = append(it.Items, trip.Item{ID: "item-" + id, DestinationID: id, Position: i + 1,
			Recorded: cart.Destination{ID: id, NameEN: "Recorded " + id, VisitMinutes: 15}})
	}
	return it
}

func offered(ids ...string) map[string]trip.Place {
	out := map[string]trip.Place{}
	for i, id := range ids {
		out[id] = trip.Place{ID: id, NameEN: id, NameAR: "ar " + id, Lat: 30, Lng: 31.3 + float64(i)/10, VisitMinutes: 60}
	}
	return out
}

func TestEndsDefaultToTheAdminsPickupPointThenTahrirAndBack(t *testing.T) {
	flat := cart.Point{Kind: cart.CustomPoint, Name: "Flat", Lat: 30.06, Lng: 31.33}
	cases := []struct {
		name         string
		start, end   *cart.Point
		defaultStart *cart.Point
		want         [2]trip.RoutePoint
	}{
		{"nothing chosen, a default", nil, nil, &hotel, [2]trip.RoutePoint{{Point: hotel, Default: true}, {Point: hotel, SameAsStart: true}}},
		{"nothing chosen, no default", nil, nil, nil, [2]trip.RoutePoint{{Point: trip.TahrirSquare, Default: true}, {Point: trip.TahrirSquare, SameAsStart: true}}},
		{"both chosen", &flat, &hotel, nil, [2]trip.RoutePoint{{Point: flat}, {Point: hotel}}},
		{"an end only", nil, &flat, &hotel, [2]trip.RoutePoint{{Point: hotel, Default: true}, {Point: flat}}},
	}
	for _, c := range cases {
		start, end := trip.Ends(trip.Itinerary{Start: c.start, End: c.end}, c.defaultStart)
		if got := [2]trip.RoutePoint{start, end}; got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}

func TestLayLeavesOutWhatIsNoLongerOfferedAndPriceTimesTheRest(t *testing.T) {
	it := itinerary("a", "gone", "b")
	start, end := trip.Ends(it, &hotel)
	route := trip.Lay(it, offered("a", "b"), start, end, at(2, 9, 0, 0))
	if !route.NeedsLegs() || len(route.Waypoints) != 4 || route.Waypoints[1].Dwell != time.Hour || route.Waypoints[3].Point != (trip.Point{Lat: 30, Lng: 31.2}) {
		t.Fatalf("waypoints %+v", route.Waypoints)
	}
	leg := trip.Leg{Meters: 10_000, Duration: 20 * time.Minute}
	if _, err := route.Price([]trip.Leg{leg}, nil, nil); err == nil {
		t.Fatal("one leg for four waypoints must be refused")
	}
	plan := trip.RatePlan{ID: "p", Name: "Sedan", NameAR: "سيدان", PricePerKm: money.New(1000, money.EGP), WaitingPerHour: money.New(6000, money.EGP)}
	rates := []money.Rate{money.RateFromFloat(money.EGP, 1), money.RateFromFloat(money.USD, 0.02), {To: money.SAR}}
	q, err := route.Price([]trip.Leg{leg, leg, leg}, []trip.RatePlan{plan}, rates)
	if err != nil {
		t.Fatal(err)
	}
	if q.Version != 4 || len(q.Stops) != 3 || q.Stops[1].Available || q.Stops[1].Destination.NameEN != "Recorded gone" || !q.Stops[1].Timing.Arrive.IsZero() {
		t.Fatalf("stops %+v", q.Stops)
	}
	if !q.Stops[2].Timing.Arrive.Equal(at(2, 10, 40, 0)) {
		t.Fatalf("b reached at %v, want 10:40 (20 min, an hour at a, 20 min)", q.Stops[2].Timing.Arrive)
	}
	ends := []string{q.Legs[0].From.ID, q.Legs[0].To.ID, q.Legs[1].To.ID, q.Legs[2].To.ID}
	if !reflect.DeepEqual(ends, []string{"start", "a", "b", "end"}) || q.Legs[2].To.NameAR != "فندق" {
		t.Fatalf("legs %+v", q.Legs)
	}
	if !reflect.DeepEqual(q.Currencies, []money.Currency{money.USD}) || len(q.Calc.Rates[0].Converted) != 1 {
		t.Fatalf("only a display currency with a rate converts: %v", q.Currencies)
	}
	if rc, ok := q.RatePlan("p"); !ok || rc.Plan.NameIn("ar") != "سيدان" || rc.Total != money.New(30000+12000, money.EGP) {
		t.Fatalf("plan p: %+v %v", rc, ok)
	}
	if _, ok := q.RatePlan("other"); ok {
		t.Fatal("a plan not offered was priced")
	}
}

func TestAnItineraryWithoutStopsDrivesNowhere(t *testing.T) {
	start, end := trip.Ends(trip.Itinerary{}, nil)
	route := trip.Lay(itinerary("gone"), nil, start, end, at(2, 9, 0, 0))
	if route.NeedsLegs() {
		t.Fatal("nothing to measure")
	}
	q, err := route.Price(nil, nil, nil)
	if err != nil || len(q.Legs) != 0 || q.Calc.Finish != at(2, 9, 0, 0) || len(q.Stops) != 1 {
		t.Fatalf("%+v %v", q, err)
	}
	if _, err := q.MatrixPoints(); !errors.Is(err, trip.ErrNothingToOptimise) {
		t.Fatalf("err = %v", err)
	}
}

// matrix times the drives between the points given on a line, a minute per unit.
func matrix(xs ...float64) [][]trip.Leg {
	m := make([][]trip.Leg, len(xs))
	for i := range xs {
		m[i] = make([]trip.Leg, len(xs))
		for j := range xs {
			d := xs[i] - xs[j]
			if d < 0 {
				d = -d
			}
			m[i][j] = trip.Leg{Meters: int64(d * 1000), Duration: time.Duration(d * float64(time.Minute))}
		}
	}
	return m
}

func TestReorderKeepsUnavailableItemsLastAndCountsPositionsAgain(t *testing.T) {
	it := itinerary("far", "gone", "near")
	start, end := trip.Ends(it, &hotel)
	current, err := trip.Lay(it, offered("far", "near"), start, end, at(2, 9, 0, 0)).Price(make([]trip.Leg, 3), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	points, err := current.MatrixPoints()
	if err != nil || len(points) != 4 {
		t.Fatalf("points %v %v", points, err)
	}
	// start 0, far 10, near 2, end 12: near first is shorter.
	reordered, improves, err := trip.Reorder(it, current, matrix(0, 10, 2, 12))
	if err != nil || !improves {
		t.Fatalf("improves %v err %v", improves, err)
	}
	if got := reordered.ItemIDs(); !reflect.DeepEqual(got, []string{"item-near", "item-far", "item-gone"}) {
		t.Fatalf("order %v", got)
	}
	for i, item := range reordered.Items {
		if item.Position != i+1 {
			t.Fatalf("positions %+v", reordered.Items)
		}
	}
	if it.Items[0].ID != "item-far" || it.Items[2].Position != 3 {
		t.Fatal("the itinerary given was changed")
	}
	// Back to the start instead: both orders drive as far, and the current one stays.
	if _, improves, _ := trip.Reorder(it, current, matrix(0, 10, 2, 0)); improves {
		t.Fatal("an equally short order must not be proposed")
	}
	if _, _, err := trip.Reorder(it, current, matrix(0, 1)); err == nil {
		t.Fatal("a matrix of the wrong size must be refused")
	}
}

func TestProposeKeepsTheCurrentOrderWhenTheRealHoursEatTheSaving(t *testing.T) {
	it := itinerary("a", "b")
	reordered := itinerary("b", "a")
	current := trip.Quote{Calc: trip.Calculation{Driving: time.Hour}}
	slower := trip.Quote{Calc: trip.Calculation{Driving: time.Hour}}
	faster := trip.Quote{Calc: trip.Calculation{Driving: 50 * time.Minute}}
	if p := trip.Propose(it, current, reordered, slower); p.Improves || !reflect.DeepEqual(p.Order, it.ItemIDs()) || p.Proposed.Calc.Driving != time.Hour {
		t.Fatalf("no saving: %+v", p)
	}
	if p := trip.Propose(it, current, reordered, faster); !p.Improves || !reflect.DeepEqual(p.Order, reordered.ItemIDs()) || p.Proposed.Calc.Driving != 50*time.Minute {
		t.Fatalf("a saving: %+v", p)
	}
}

func TestDefaultDepartureIsNineTheNextDayOnTheGivenClock(t *testing.T) {
	now := time.Date(2026, 3, 2, 23, 30, 0, 0, time.UTC) // 01:30 on the 3rd in Cairo
	if got, want := trip.DefaultDeparture(now, cairo), time.Date(2026, 3, 4, 9, 0, 0, 0, cairo); !got.Equal(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

func TestWeeklyOpeningHours(t *testing.T) {
	if h, err := trip.WeeklyOpeningHours(nil); h != nil || err != nil {
		t.Fatalf("no hours must mean unknown: %v %v", h, err)
	}
	h, err := trip.WeeklyOpeningHours(cat.WeeklyHours{{Day: time.Monday, Open: "09:00", Close: "17:30"}})
	if err != nil || !reflect.DeepEqual(h, trip.OpeningHours{time.Monday: {{Open: 540, Close: 1050}}}) {
		t.Fatalf("%v %v", h, err)
	}
	if _, err := trip.WeeklyOpeningHours(cat.WeeklyHours{{Day: time.Monday, Open: "9am", Close: "17:30"}}); err == nil {
		t.Fatal("a time that is not HH:MM must be refused")
	}
}
