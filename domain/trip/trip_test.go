package trip_test

import (
	"reflect"
	"testing"
	"time"

	"mishwar/domain/money"
	"mishwar/domain/trip"
)

// cairo is Cairo's winter clock, fixed so the test needs no time-zone database.
var cairo = time.FixedZone("EET", 2*60*60)

func at(day, hour, minute, second int) time.Time {
	// March 2026: the 2nd is a Monday, the 6th a Friday.
	return time.Date(2026, 3, day, hour, minute, second, 0, cairo)
}

func mins(m, s int) time.Duration { return time.Duration(m)*time.Minute + time.Duration(s)*time.Second }

func daily(open, close int) trip.OpeningHours {
	h := trip.OpeningHours{}
	for d := time.Sunday; d <= time.Saturday; d++ {
		h[d] = []trip.Span{{Open: open * 60, Close: close * 60}}
	}
	return h
}

func closedOnFriday(h trip.OpeningHours) trip.OpeningHours {
	delete(h, time.Friday)
	return h
}

var (
	sedan = trip.RatePlan{ID: "sedan", Name: "Sedan", PricePerKm: money.New(975, money.EGP), WaitingPerHour: money.New(6000, money.EGP)}
	van   = trip.RatePlan{ID: "van", Name: "Van", PricePerKm: money.New(1240, money.EGP), WaitingPerHour: money.New(8550, money.EGP)}
	bad   = trip.RatePlan{ID: "bad", Name: "Priced in dollars", PricePerKm: money.New(50, money.USD), WaitingPerHour: money.New(300, money.USD)}
)

// knownItinerary: start → Egyptian Museum (2 h, 9–17) → Khan el-Khalili (1.5 h, hours unknown) →
// Citadel (1 h, 8–16, closed Fridays) → end.
func knownItinerary(departure time.Time) trip.Input {
	return trip.Input{
		Departure: departure,
		Stops: []trip.Stop{
			{ID: "museum", Visit: 120 * time.Minute, Hours: daily(9, 17)},
			{ID: "khan", Visit: 90 * time.Minute},
			{ID: "citadel", Visit: 60 * time.Minute, Hours: closedOnFriday(daily(8, 16))},
		},
		Legs: []trip.Leg{
			{Meters: 12_345, Duration: mins(35, 20)},
			{Meters: 4_050, Duration: mins(18, 40)},
			{Meters: 3_600, Duration: mins(15, 0)},
			{Meters: 13_954, Duration: mins(40, 30)},
		},
		RatePlans:    []trip.RatePlan{sedan, van, bad},
		DisplayRates: []money.Rate{money.RateFromFloat(money.USD, 0.0205), money.RateFromFloat(money.SAR, 0.0769)},
	}
}

// TestKnownItineraryMatchesTheHandComputation checks every number against a computation by hand:
//
//	distance 12 345 + 4 050 + 3 600 + 13 954 = 33 949 m → 339.49 tenths → 339 → 33.9 km
//	driving  35:20 + 18:40 + 15:00 + 40:30 = 109 min 30 s → 110 min (half up)
//	waiting  120 + 90 + 60 = 270 min = 4.5 h
//	sedan    9.75 × 33.9 = 330.525 → 330.53; 60 × 4.5 = 270.00; total 600.53 EGP
//	         600.53 × 0.0205 = 12.310865 → 12.31 USD; × 0.0769 = 46.180757 → 46.18 SAR
//	van      12.40 × 33.9 = 420.36; 85.50 × 4.5 = 384.75; total 805.11 EGP
//	         805.11 × 0.0205 = 16.504755 → 16.50 USD; × 0.0769 = 61.912959 → 61.91 SAR
//	times    09:00 → museum 09:35:20–11:35:20 → khan 11:54:00–13:24:00 → citadel 13:39:00–14:39:00
//	         → end 15:19:30; 6 h 19 min 30 s in all, inside the 8-hour day.
func TestKnownItineraryMatchesTheHandComputation(t *testing.T) {
	c, err := trip.Calculate(knownItinerary(at(2, 9, 0, 0)))
	if err != nil {
		t.Fatal(err)
	}
	if c.Meters != 33_949 || c.DistanceKm() != 33.9 {
		t.Errorf("distance = %d m, %.1f km; want 33949 m, 33.9 km", c.Meters, c.DistanceKm())
	}
	if c.DrivingMinutes() != 110 || c.Driving != mins(109, 30) {
		t.Errorf("driving = %v (%d min), want 1h49m30s (110 min)", c.Driving, c.DrivingMinutes())
	}
	if c.WaitingMinutes != 270 || c.WaitingHours() != 4.5 {
		t.Errorf("waiting = %d min (%.2f h), want 270 min (4.5 h)", c.WaitingMinutes, c.WaitingHours())
	}
	want := []struct {
		plan                   string
		distance, waiting, sum int64
		usd, sar               int64
	}{
		{"sedan", 33_053, 27_000, 60_053, 1_231, 4_618},
		{"van", 42_036, 38_475, 80_511, 1_650, 6_191},
	}
	if len(c.Rates) != len(want) {
		t.Fatalf("%d rate calculations, want %d (the dollar-priced plan must be left out)", len(c.Rates), len(want))
	}
	for i, w := range want {
		r := c.Rates[i]
		got := []money.Money{r.DistanceCost, r.WaitingCost, r.Total, r.Converted[0], r.Converted[1]}
		exp := []money.Money{money.New(w.distance, money.EGP), money.New(w.waiting, money.EGP), money.New(w.sum, money.EGP), money.New(w.usd, money.USD), money.New(w.sar, money.SAR)}
		if r.Plan.ID != w.plan || !reflect.DeepEqual(got, exp) {
			t.Errorf("rate %d (%s) = %v, want %s %v", i, r.Plan.ID, got, w.plan, exp)
		}
	}
	if !reflect.DeepEqual(c.InvalidRatePlans, []string{"bad"}) {
		t.Errorf("invalid plans = %v, want [bad]", c.InvalidRatePlans)
	}
	wantTimes := [][2]time.Time{
		{at(2, 9, 35, 20), at(2, 11, 35, 20)},
		{at(2, 11, 54, 0), at(2, 13, 24, 0)},
		{at(2, 13, 39, 0), at(2, 14, 39, 0)},
	}
	for i, w := range wantTimes {
		s := c.Stops[i]
		if !s.Arrive.Equal(w[0]) || !s.Leave.Equal(w[1]) || s.Problem != trip.StopOK {
			t.Errorf("stop %d: %s–%s %q, want %s–%s OK", i, s.Arrive.Format(time.TimeOnly), s.Leave.Format(time.TimeOnly), s.Problem, w[0].Format(time.TimeOnly), w[1].Format(time.TimeOnly))
		}
	}
	if !c.Finish.Equal(at(2, 15, 19, 30)) || c.Total() != 6*time.Hour+mins(19, 30) {
		t.Errorf("finish %s after %v, want 15:19:30 after 6h19m30s", c.Finish.Format(time.TimeOnly), c.Total())
	}
	if c.MoreThanOneDay || c.SecondDayFrom != -1 {
		t.Errorf("flagged as more than one day (second day from %d)", c.SecondDayFrom)
	}
	if !reflect.DeepEqual(c.Warnings, []string{trip.WarnInvalidRateData}) {
		t.Errorf("warnings = %v, want only the invalid rate data", c.Warnings)
	}
}

func TestStopsReachedWhenClosedAreFlagged(t *testing.T) {
	cases := []struct {
		name      string
		departure time.Time
		want      []trip.StopProblem
	}{
		{"a morning start reaches everything open", at(2, 9, 0, 0), []trip.StopProblem{trip.StopOK, trip.StopOK, trip.StopOK}},
		{"a 14:00 start reaches the citadel after it closes", at(2, 14, 0, 0), []trip.StopProblem{trip.StopOK, trip.StopOK, trip.StopAfterClosing}},
		{"a 15:00 start is still in the museum when it closes", at(2, 15, 0, 0), []trip.StopProblem{trip.StopClosesDuringVisit, trip.StopOK, trip.StopAfterClosing}},
		{"on a Friday the citadel is closed all day", at(6, 9, 0, 0), []trip.StopProblem{trip.StopOK, trip.StopOK, trip.StopClosedThatDay}},
		{"arriving before opening is no problem: the traveller waits", at(2, 6, 0, 0), []trip.StopProblem{trip.StopOK, trip.StopOK, trip.StopOK}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			calc, err := trip.Calculate(knownItinerary(c.departure))
			if err != nil {
				t.Fatal(err)
			}
			var got []trip.StopProblem
			for _, s := range calc.Stops {
				got = append(got, s.Problem)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Fatalf("problems = %q, want %q", got, c.want)
			}
			flagged := false
			for _, w := range calc.Warnings {
				flagged = flagged || w == trip.WarnStopClosed
			}
			if wantFlag := !reflect.DeepEqual(c.want, []trip.StopProblem{trip.StopOK, trip.StopOK, trip.StopOK}); flagged != wantFlag {
				t.Fatalf("stop-closed warning = %v, want %v", flagged, wantFlag)
			}
		})
	}
}

func TestClosingTimeIsReportedOnTheDayOfArrival(t *testing.T) {
	calc, err := trip.Calculate(knownItinerary(at(2, 14, 0, 0)))
	if err != nil {
		t.Fatal(err)
	}
	if got := calc.Stops[2].Closes; !got.Equal(at(2, 16, 0, 0)) {
		t.Fatalf("citadel closes %v, want 16:00 that day", got)
	}
}

func TestALongItineraryNeedsASecondDay(t *testing.T) {
	in := knownItinerary(at(2, 9, 0, 0))
	in.Stops[1].Visit = 4 * time.Hour // museum leaves 11:35:20, khan 11:54–15:54, citadel 16:09–17:09
	in.Stops[2].Hours = nil
	c, err := trip.Calculate(in)
	if err != nil {
		t.Fatal(err)
	}
	// 109.5 min driving + 420 min waiting = 8 h 49.5 min > 8 h; the citadel visit ends at 17:09 > 17:00.
	if !c.MoreThanOneDay || c.SecondDayFrom != 2 {
		t.Fatalf("more than one day = %v from stop %d, want true from stop 2", c.MoreThanOneDay, c.SecondDayFrom)
	}
	if !reflect.DeepEqual(c.Warnings, []string{trip.WarnInvalidRateData, trip.WarnMoreThanOneDay}) {
		t.Fatalf("warnings = %v", c.Warnings)
	}
}

func TestOnlyTheDriveBackOverrunningStillNeedsMoreThanOneDay(t *testing.T) {
	in := knownItinerary(at(2, 9, 0, 0))
	in.Stops[1].Visit = 4*time.Hour - 35*time.Minute // citadel visit ends 16:34; back at 17:14:30
	in.Stops[2].Hours = nil
	c, err := trip.Calculate(in)
	if err != nil {
		t.Fatal(err)
	}
	if !c.MoreThanOneDay || c.SecondDayFrom != -1 {
		t.Fatalf("more than one day = %v from stop %d, want true with no stop to move", c.MoreThanOneDay, c.SecondDayFrom)
	}
}

func TestAnEmptyItineraryHasZeroTotalsAndNoPrices(t *testing.T) {
	c, err := trip.Calculate(trip.Input{Departure: at(2, 9, 0, 0), RatePlans: []trip.RatePlan{sedan}})
	if err != nil {
		t.Fatal(err)
	}
	if c.Meters != 0 || c.Driving != 0 || c.WaitingMinutes != 0 || len(c.Rates) != 0 || len(c.Legs) != 0 {
		t.Fatalf("empty itinerary = %+v", c)
	}
	if !reflect.DeepEqual(c.Warnings, []string{trip.WarnNoRatePlans}) {
		t.Fatalf("warnings = %v, want no rate plans", c.Warnings)
	}
}

func TestNoUsableRatePlanIsWarned(t *testing.T) {
	in := knownItinerary(at(2, 9, 0, 0))
	in.RatePlans = []trip.RatePlan{bad}
	c, err := trip.Calculate(in)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(c.Warnings, []string{trip.WarnNoRatePlans, trip.WarnInvalidRateData}) {
		t.Fatalf("warnings = %v", c.Warnings)
	}
	in.RatePlans = nil
	if c, _ = trip.Calculate(in); !reflect.DeepEqual(c.Warnings, []string{trip.WarnNoRatePlans}) {
		t.Fatalf("warnings without plans = %v", c.Warnings)
	}
}

func TestLegsThatDoNotMatchTheStopsAreACallerBug(t *testing.T) {
	in := knownItinerary(at(2, 9, 0, 0))
	in.Legs = in.Legs[:3]
	if _, err := trip.Calculate(in); err == nil {
		t.Fatal("3 legs for 3 stops must fail")
	}
	if _, err := trip.Calculate(trip.Input{Legs: []trip.Leg{{Meters: 1}}}); err == nil {
		t.Fatal("legs without stops must fail")
	}
	in = knownItinerary(at(2, 9, 0, 0))
	in.Legs[1].Meters = -1
	if _, err := trip.Calculate(in); err == nil {
		t.Fatal("a negative leg must fail")
	}
}

func TestRoundingRules(t *testing.T) {
	one := func(meters int64, visit time.Duration, plan trip.RatePlan) trip.RateCalculation {
		t.Helper()
		c, err := trip.Calculate(trip.Input{
			Departure: at(2, 9, 0, 0),
			Stops:     []trip.Stop{{ID: "s", Visit: visit}},
			Legs:      []trip.Leg{{Meters: meters}, {Meters: 0}},
			RatePlans: []trip.RatePlan{plan},
		})
		if err != nil {
			t.Fatal(err)
		}
		return c.Rates[0]
	}
	perKm := func(minor int64) trip.RatePlan {
		return trip.RatePlan{ID: "p", PricePerKm: money.New(minor, money.EGP), WaitingPerHour: money.New(0, money.EGP)}
	}
	perHour := func(minor int64) trip.RatePlan {
		return trip.RatePlan{ID: "p", PricePerKm: money.New(0, money.EGP), WaitingPerHour: money.New(minor, money.EGP)}
	}
	cases := []struct {
		name string
		got  trip.RateCalculation
		want int64
	}{
		{"12.349 km is billed as 12.3 km", one(12_349, 0, perKm(1000)), 12_300},
		{"12.350 km is billed as 12.4 km (half up)", one(12_350, 0, perKm(1000)), 12_400},
		{"a half piastre rounds away from zero: 9.75 × 0.1 km", one(100, 0, perKm(975)), 98},
		{"below half a piastre rounds down: 9.74 × 0.1 km", one(100, 0, perKm(974)), 97},
		{"waiting is billed on exact minutes: 85.50/h × 7 min = 9.975", one(0, 7*time.Minute, perHour(8550)), 998},
		{"40 minutes at 85.50/h is exact", one(0, 40*time.Minute, perHour(8550)), 5700},
		{"visit seconds round to the minute before billing", one(0, 6*time.Minute+30*time.Second, perHour(6000)), 700},
	}
	for _, c := range cases {
		if c.got.Total.Minor != c.want || c.got.Total != c.got.DistanceCost.Add(c.got.WaitingCost) {
			t.Errorf("%s: total %v (%v + %v), want %d piastres", c.name, c.got.Total, c.got.DistanceCost, c.got.WaitingCost, c.want)
		}
	}
}

func TestShownQuantitiesRound(t *testing.T) {
	cases := []struct {
		name string
		got  float64
		want float64
	}{
		{"leg of 4 049 m shows 4.0 km", trip.Leg{Meters: 4_049}.Km(), 4.0},
		{"leg of 4 050 m shows 4.1 km", trip.Leg{Meters: 4_050}.Km(), 4.1},
		{"100 waiting minutes show 1.67 h", trip.Calculation{WaitingMinutes: 100}.WaitingHours(), 1.67},
		{"50 waiting minutes show 0.83 h", trip.Calculation{WaitingMinutes: 50}.WaitingHours(), 0.83},
		{"89 min 30 s shows 90 min", float64(trip.Minutes(mins(89, 30))), 90},
		{"89 min 29 s shows 89 min", float64(trip.Minutes(mins(89, 29))), 89},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s: got %v", c.name, c.got)
		}
	}
}

func TestValidateRatePlan(t *testing.T) {
	cases := []struct {
		name  string
		plan  trip.RatePlan
		valid bool
	}{
		{"EGP prices", sedan, true},
		{"only a waiting price", trip.RatePlan{PricePerKm: money.New(0, money.EGP), WaitingPerHour: money.New(100, money.EGP)}, true},
		{"dollars", bad, false},
		{"negative per km", trip.RatePlan{PricePerKm: money.New(-1, money.EGP), WaitingPerHour: money.New(100, money.EGP)}, false},
		{"free", trip.RatePlan{PricePerKm: money.New(0, money.EGP), WaitingPerHour: money.New(0, money.EGP)}, false},
		{"no currency", trip.RatePlan{PricePerKm: money.Money{Minor: 100}, WaitingPerHour: money.New(100, money.EGP)}, false},
	}
	for _, c := range cases {
		if err := trip.ValidateRatePlan(c.plan); (err == nil) != c.valid {
			t.Errorf("%s: err = %v, want valid %v", c.name, err, c.valid)
		}
	}
}
