package pricing_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"testing"
	"time"

	"mishwar/adapters/distance"
	"mishwar/commands"
	cartcmd "mishwar/commands/cart"
	"mishwar/commands/pricing"
	"mishwar/domain/money"
	"mishwar/domain/trip"
	"mishwar/internal/pgtest"
	"mishwar/projections/cart/carttest"
)

// The quoter runs on the real catalogue and cart read models (carttest), with a distance estimator
// whose answers are easy to check by hand.

func TestMain(m *testing.M) { pgtest.Main(m) }

func meta() commands.Meta { return commands.NewMeta(commands.Actor{UserID: "u1", Role: "user"}) }

func place(name string, lat, lng float64, visit int) carttest.Place {
	return carttest.Place{Name: name, Lat: lat, Lng: lng, VisitMinutes: visit, Published: true, Photo: "/uploads/" + name + ".jpg"}
}

// flatEstimator drives the straight line at 36 km/h (10 m/s), so expectations are easy to check.
func flatEstimator() *distance.Estimator {
	e := distance.NewEstimator()
	e.Circuity = 1
	for h := range e.Speeds {
		e.Speeds[h] = 36
	}
	return e
}

func quoter(f *carttest.Fixture) *pricing.Quoter {
	return pricing.New(f.Reader, flatEstimator(), distance.NewEstimator().Location)
}

var monday9 = time.Date(2026, 3, 2, 9, 0, 0, 0, distance.NewEstimator().Location)

func cartView(t *testing.T, f *carttest.Fixture) trip.Itinerary {
	t.Helper()
	it, err := pricing.CartFromStream(context.Background(), f.Runner, "u1")
	if err != nil {
		t.Fatal(err)
	}
	return it
}

func add(t *testing.T, f *carttest.Fixture, destination string) string {
	t.Helper()
	id, res, err := f.Cart.AddDestination(context.Background(), "u1", destination, meta())
	if err != nil {
		t.Fatal(err)
	}
	f.WaitForCart(t, res.Position)
	return id
}

func meters(a, b distance.Point) int64 { return int64(math.Round(distance.GreatCircle(a, b))) }

func TestQuotePricesTheRouteFromTheDefaultPickupPoint(t *testing.T) {
	t.Parallel()
	f := carttest.New(t)
	hotel := f.PickupPoint(t, "Hotel", 30.0444, 31.2357, true)
	f.DefaultPickupPoint(t, hotel)
	f.CurrencyRates(t, 0.02, 0.08)
	standard := f.RatePlan(t, "Standard", 1000, 6000, 1)
	f.RatePlan(t, "Van", 1500, 9000, 2)
	museum := f.Destination(t, place("Museum", 30.0478, 31.2336, 120))
	citadel := f.Destination(t, place("Citadel", 30.0299, 31.2611, 60))
	add(t, f, museum.String())
	add(t, f, citadel.String())

	q, err := quoter(f).Quote(context.Background(), cartView(t, f), monday9)
	if err != nil {
		t.Fatal(err)
	}
	h, m, c := distance.Point{Lat: 30.0444, Lng: 31.2357}, distance.Point{Lat: 30.0478, Lng: 31.2336}, distance.Point{Lat: 30.0299, Lng: 31.2611}
	wantLegs := []int64{meters(h, m), meters(m, c), meters(c, h)}
	var gotLegs []int64
	for _, l := range q.Legs {
		gotLegs = append(gotLegs, l.Meters)
		if want := (time.Duration(l.Meters) * 100 * time.Millisecond).Round(time.Second); l.Duration != want {
			t.Errorf("leg %v: at 10 m/s it should take %v", l, want)
		}
	}
	if !reflect.DeepEqual(gotLegs, wantLegs) {
		t.Fatalf("legs %v, want %v", gotLegs, wantLegs)
	}
	ends := []string{q.Legs[0].From.ID, q.Legs[0].To.ID, q.Legs[1].To.ID, q.Legs[2].To.ID}
	if !reflect.DeepEqual(ends, []string{"start", museum.String(), citadel.String(), "end"}) || q.Legs[0].From.NameEN != "Hotel" || q.Legs[2].To.NameAR != "نقطة Hotel" {
		t.Fatalf("leg ends %v (%+v)", ends, q.Legs)
	}
	if !q.Start.Default || !q.End.SameAsStart || q.Start.PickupPointID != hotel.String() {
		t.Fatalf("points %+v → %+v", q.Start, q.End)
	}
	if q.Calc.WaitingMinutes != 180 || q.Calc.Meters != wantLegs[0]+wantLegs[1]+wantLegs[2] {
		t.Fatalf("calc %+v", q.Calc)
	}
	if len(q.Calc.Rates) != 2 || q.Calc.Rates[0].Plan.ID != standard.String() || q.Calc.Rates[0].Plan.NameIn("ar") != "خطة Standard" {
		t.Fatalf("rates %+v", q.Calc.Rates)
	}
	std := q.Calc.Rates[0]
	wantDistance := money.New(1000, money.EGP).MulRat(q.Calc.Tenths(), 10)
	if std.DistanceCost != wantDistance || std.WaitingCost != money.New(18000, money.EGP) || std.Total != wantDistance.Add(money.New(18000, money.EGP)) {
		t.Fatalf("standard %+v", std)
	}
	if !reflect.DeepEqual(q.Currencies, []money.Currency{money.USD, money.SAR}) || std.Converted[0].Currency != money.USD || std.Converted[1].Minor != std.Total.MulRat(8, 100).Minor {
		t.Fatalf("converted %v in %v", std.Converted, q.Currencies)
	}
	// The museum is reached at 09:00 + the first leg and left two hours later.
	if arrive := q.Stops[0].Timing.Arrive; !arrive.Equal(monday9.Add(q.Legs[0].Duration)) {
		t.Fatalf("museum reached at %v", arrive)
	}
}

func TestQuoteFollowsTheCatalogueAsItChanges(t *testing.T) {
	t.Parallel()
	f := carttest.New(t)
	plan := f.RatePlan(t, "Standard", 1000, 6000, 1)
	a := f.Destination(t, place("A", 30.05, 31.23, 60))
	b := f.Destination(t, place("B", 30.03, 31.26, 60))
	add(t, f, a.String())
	add(t, f, b.String())
	before, err := quoter(f).Quote(context.Background(), cartView(t, f), monday9)
	if err != nil {
		t.Fatal(err)
	}
	f.UpdateRatePlan(t, plan, "Standard", 2000, 6000, 1)
	f.Archive(t, b)
	after, err := quoter(f).Quote(context.Background(), cartView(t, f), monday9)
	if err != nil {
		t.Fatal(err)
	}
	if after.Calc.Rates[0].Plan.PricePerKm.Minor != 2000 || before.Calc.Rates[0].Plan.PricePerKm.Minor != 1000 {
		t.Fatalf("price per km before %v after %v", before.Calc.Rates[0].Plan.PricePerKm, after.Calc.Rates[0].Plan.PricePerKm)
	}
	if len(after.Stops) != 2 || after.Stops[1].Available || after.Stops[1].Destination.NameEN != "B" || len(after.Legs) != 2 || after.Calc.WaitingMinutes != 60 {
		t.Fatalf("an archived stop must stay listed but leave the route: %+v, %d legs", after.Stops, len(after.Legs))
	}
}

func TestQuoteOfAnEmptyCartStartsAtTahrirWithoutADefault(t *testing.T) {
	t.Parallel()
	f := carttest.New(t)
	f.RatePlan(t, "Standard", 1000, 6000, 1)
	q, err := quoter(f).Quote(context.Background(), cartView(t, f), monday9)
	if err != nil {
		t.Fatal(err)
	}
	if len(q.Stops) != 0 || len(q.Legs) != 0 || len(q.Calc.Rates) != 0 || q.Calc.Meters != 0 {
		t.Fatalf("empty quote %+v", q)
	}
	if q.Start.Point != trip.TahrirSquare || !q.Start.Default {
		t.Fatalf("start %+v", q.Start)
	}
	if !slices.Contains(q.Calc.Warnings, trip.WarnNoRatePlans) {
		t.Fatalf("warnings %v", q.Calc.Warnings)
	}
}

func TestOptimiseProposesAShorterOrderAndKeepsTheEnds(t *testing.T) {
	t.Parallel()
	f := carttest.New(t)
	ctx := context.Background()
	hotel := f.PickupPoint(t, "Hotel", 30.0, 31.20, true)
	f.DefaultPickupPoint(t, hotel)
	f.RatePlan(t, "Standard", 1000, 6000, 1)
	// Stops on a line east of the hotel, added in a zigzag.
	var items []string
	for i, lng := range []float64{31.30, 31.22, 31.28, 31.24} {
		items = append(items, add(t, f, f.Destination(t, place(fmt.Sprint("L", i), 30.0, lng, 30)).String()))
	}
	// Ending further east makes the one-way sweep the only best order.
	chosen, err := f.Cart.ChoosePoints(ctx, "u1", nil, &cartcmd.PointChoice{Name: "East", Lat: 30.0, Lng: 31.35}, false, meta())
	if err != nil {
		t.Fatal(err)
	}
	f.WaitForCart(t, chosen.Position)
	p, err := quoter(f).Optimise(ctx, cartView(t, f), monday9)
	if err != nil {
		t.Fatal(err)
	}
	sweep := []string{items[1], items[3], items[2], items[0]} // 31.22, 31.24, 31.28, 31.30
	if !p.Improves || !slices.Equal(p.Order, sweep) {
		t.Fatalf("proposal %v improves=%v; items %v; stops %+v", p.Order, p.Improves, items, p.Proposed.Legs)
	}
	if p.Proposed.Calc.Driving >= p.Current.Calc.Driving || p.Proposed.Start != p.Current.Start || p.Proposed.End != p.Current.End {
		t.Fatalf("proposed %v from %+v, current %v", p.Proposed.Calc.Driving, p.Proposed.Start, p.Current.Calc.Driving)
	}
	res, err := f.Cart.Reorder(ctx, "u1", p.Order, "optimised", meta())
	if err != nil {
		t.Fatal(err)
	}
	f.WaitForCart(t, res.Position)
	again, err := quoter(f).Optimise(ctx, cartView(t, f), monday9)
	if err != nil {
		t.Fatal(err)
	}
	if again.Improves || !slices.Equal(again.Order, p.Order) || again.Proposed.Calc.Driving != p.Proposed.Calc.Driving {
		t.Fatalf("an optimal order must be kept: %v improves=%v", again.Order, again.Improves)
	}
}

func TestOptimiseNeedsTwoStops(t *testing.T) {
	t.Parallel()
	f := carttest.New(t)
	add(t, f, f.Destination(t, place("A", 30.05, 31.23, 60)).String())
	if _, err := quoter(f).Optimise(context.Background(), cartView(t, f), monday9); !errors.Is(err, trip.ErrNothingToOptimise) {
		t.Fatalf("err = %v", err)
	}
}

func TestDefaultDepartureIsNineTomorrowInCairo(t *testing.T) {
	q := pricing.New(nil, nil, distance.NewEstimator().Location)
	now := time.Date(2026, 3, 2, 23, 30, 0, 0, time.UTC) // 01:30 on the 3rd in Cairo
	if got, want := q.DefaultDeparture(now), time.Date(2026, 3, 4, 9, 0, 0, 0, q.Location()); !got.Equal(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}
