// Package trip prices and times an itinerary: start point → stops in order → end point. Given the legs
// (distance and driving time, found beforehand by a distance service), each stop's visit time and
// opening hours, and the rate plans, it computes totals, a price per rate plan, and flags (longer than
// the day plan, a stop reached after it closes). It also proposes the stop order with the least
// driving (optimise.go).
//
// quote.go lays an itinerary (a cart, an order's stops) out as the route to drive and turns the legs
// into a Quote; reorder.go turns the optimiser's answer into a proposed order of the itinerary's
// items. The application (commands/pricing) gathers the inputs: the catalogue as it is now and the
// distance service's legs. This package is pure: it never looks anything up and never reads the clock.
//
// # Rounding rules
//
// All prices are integer piastres (domain/money); nothing is priced in floating point.
//
//  1. Distance is summed in whole metres over the legs. The total distance shown is the sum rounded
//     half up to a tenth of a kilometre (12.345 km → 12.3 km; 12.35 km → 12.4 km), and that shown
//     distance is what is billed, so a traveller multiplying the shown kilometres by the shown price
//     per kilometre gets the shown cost.
//  2. distance cost = price per km × tenths of km ÷ 10, rounded half away from zero to the piastre.
//  3. Waiting time is the sum of the stops' visit durations in whole minutes. It is shown in hours
//     rounded to two decimals (100 minutes → 1.67 h) but billed on the exact minutes:
//     waiting cost = waiting per hour × minutes ÷ 60, rounded half away from zero to the piastre.
//  4. total = distance cost + waiting cost: the sum of the two rounded parts, so the parts shown
//     always add up to the total shown.
//  5. Driving time is summed in seconds; the total shown is rounded half up to the minute from the
//     exact sum, and each leg's minutes are rounded on their own (the legs may differ from the total
//     by a minute). Leg kilometres likewise round on their own, to one decimal.
//  6. Prices in USD and SAR are the EGP total converted at the recorded rate (money.Convert, half
//     away from zero to the cent/halala). The charge is always the EGP total.
package trip

import (
	"fmt"
	"time"

	"mishwar/domain/money"
)

// DayPlan is the length of the day plan (the spec's "full-day 8-hour ride").
const DayPlan = 8 * time.Hour

// Warning keys (internal/i18n) for conditions the traveller should see.
const (
	// WarnNoRatePlans: no valid rate plan could price this itinerary ('no rate plans available,
	// check your destinations'). Also said for an empty itinerary.
	WarnNoRatePlans = "trip.no_rate_plans"
	// WarnInvalidRateData: at least one rate plan had unusable data and was left out ('Invalid rate data').
	WarnInvalidRateData = "trip.invalid_rate_data"
	// WarnMoreThanOneDay: the itinerary does not fit the 8-hour day plan.
	WarnMoreThanOneDay = "trip.more_than_one_day"
	// WarnStopClosed: at least one stop is reached when it is closed.
	WarnStopClosed = "trip.stop_closed"
	// WarnPastMidnight: the trip would end after midnight.
	WarnPastMidnight = "trip.past_midnight"
)

// Stop is one destination of the itinerary.
type Stop struct {
	ID    string
	Visit time.Duration
	// Hours are the stop's opening hours; nil means unknown (never flagged).
	Hours OpeningHours
}

// Leg is one drive, as the distance service answered it.
type Leg struct {
	Meters   int64
	Duration time.Duration
}

// RatePlan prices a trip: per kilometre driven and per hour waited at the stops, in EGP.
type RatePlan struct {
	ID string
	// Name is English; NameAR is Arabic (may be empty).
	Name, NameAR   string
	PricePerKm     money.Money
	WaitingPerHour money.Money
	// Seats is how many travellers the plan's class of car carries (0: not known). The calculation
	// does not read it; an order records it so that its group is checked against its car.
	Seats int
}

// NameIn is the plan's name in lang ("ar" or English).
func (p RatePlan) NameIn(lang string) string {
	if lang == "ar" && p.NameAR != "" {
		return p.NameAR
	}
	return p.Name
}

// Input is everything a calculation needs.
type Input struct {
	// Departure is when the trip leaves the start point, in the location whose clock the opening
	// hours use (Africa/Cairo).
	Departure time.Time
	Stops     []Stop
	// Legs: start → stop 1, stop 1 → stop 2, …, stop n → end. Exactly len(Stops)+1 when there
	// are stops; none when there are none.
	Legs      []Leg
	RatePlans []RatePlan
	// DisplayRates convert the EGP totals for display (USD, SAR). Optional.
	DisplayRates []money.Rate
}

// Calculation is the priced, timed itinerary.
type Calculation struct {
	Meters  int64
	Driving time.Duration
	// WaitingMinutes is the sum of the visit durations, in whole minutes.
	WaitingMinutes int64
	Legs           []Leg
	// Stops holds when each stop is reached and left, and what is wrong with it, in itinerary order.
	Stops []StopTiming
	// Finish is when the trip reaches the end point.
	Finish time.Time
	Rates  []RateCalculation
	// InvalidRatePlans are the ids of rate plans left out for unusable data.
	InvalidRatePlans []string
	// MoreThanOneDay: the trip takes longer than DayPlan. SecondDayFrom is then the index of the first
	// stop whose visit would end after the day plan (where a second day should start), or -1 when
	// only the drive back overruns.
	MoreThanOneDay bool
	SecondDayFrom  int
	// Fit is the one-day rule's verdict (FitOneDay): what the cart warns about and checkout refuses.
	Fit DayFit
	// Warnings are message keys (the Warn… constants), in a stable order.
	Warnings []string
}

// StopTiming says when a stop is reached and whether it is open then.
type StopTiming struct {
	Arrive, Leave time.Time
	Problem       StopProblem
	// Closes is the stop's closing time on the day it is reached (zero when closed all day or unknown).
	Closes time.Time
}

// StopProblem is what is wrong with reaching a stop when the itinerary says.
type StopProblem string

const (
	// StopOK: open on arrival and through the visit (or hours unknown).
	StopOK StopProblem = ""
	// StopClosedThatDay: the stop does not open on that day.
	StopClosedThatDay StopProblem = "closed_that_day"
	// StopAfterClosing: the stop is reached after its last closing time of the day.
	StopAfterClosing StopProblem = "after_closing"
	// StopClosesDuringVisit: the stop is open on arrival but closes before the visit would end.
	StopClosesDuringVisit StopProblem = "closes_during_visit"
)

// RateCalculation is the price of the itinerary under one rate plan.
type RateCalculation struct {
	Plan         RatePlan
	DistanceCost money.Money
	WaitingCost  money.Money
	Total        money.Money
	// Converted is Total in each of Input.DisplayRates' currencies, in that order.
	Converted []money.Money
}

// Tenths is the billed distance in tenths of a kilometre (rule 1).
func (c Calculation) Tenths() int64 { return roundDiv(c.Meters, 100) }

// DistanceKm is the distance shown: kilometres to one decimal (rule 1).
func (c Calculation) DistanceKm() float64 { return float64(c.Tenths()) / 10 }

// DrivingMinutes is the driving time shown, in whole minutes (rule 5).
func (c Calculation) DrivingMinutes() int64 { return Minutes(c.Driving) }

// WaitingHours is the waiting time shown, in hours to two decimals (rule 3).
func (c Calculation) WaitingHours() float64 { return float64(roundDiv(c.WaitingMinutes*100, 60)) / 100 }

// Total is the whole trip from departure to arrival at the end point.
func (c Calculation) Total() time.Duration {
	return c.Driving + time.Duration(c.WaitingMinutes)*time.Minute
}

// Km is one leg's distance shown, to one decimal (rule 5).
func (l Leg) Km() float64 { return float64(roundDiv(l.Meters, 100)) / 10 }

// Minutes is d rounded half up to whole minutes.
func Minutes(d time.Duration) int64 { return roundDiv(int64(d), int64(time.Minute)) }

// roundDiv divides non-negative a by b rounding half up.
func roundDiv(a, b int64) int64 { return (2*a + b) / (2 * b) }

// ValidateRatePlan reports why a rate plan cannot price a trip, or nil.
func ValidateRatePlan(p RatePlan) error {
	switch {
	case p.PricePerKm.Currency != money.EGP || p.WaitingPerHour.Currency != money.EGP:
		return fmt.Errorf("trip: rate plan %s: prices must be in EGP", p.ID)
	case p.PricePerKm.Minor < 0 || p.WaitingPerHour.Minor < 0:
		return fmt.Errorf("trip: rate plan %s: negative price", p.ID)
	case p.PricePerKm.Minor == 0 && p.WaitingPerHour.Minor == 0:
		return fmt.Errorf("trip: rate plan %s: no price at all", p.ID)
	}
	return nil
}

// Calculate prices and times the itinerary. It fails only when the input is inconsistent (legs that
// do not match the stops): a caller bug, not a traveller's mistake.
func Calculate(in Input) (Calculation, error) {
	c := Calculation{SecondDayFrom: -1}
	if len(in.Stops) == 0 {
		if len(in.Legs) != 0 {
			return Calculation{}, fmt.Errorf("trip: %d legs for an itinerary without stops", len(in.Legs))
		}
		c.Finish = in.Departure
		c.Fit = DayFit{Stop: -1}
		c.Warnings = []string{WarnNoRatePlans}
		return c, nil
	}
	if len(in.Legs) != len(in.Stops)+1 {
		return Calculation{}, fmt.Errorf("trip: %d legs for %d stops, want %d", len(in.Legs), len(in.Stops), len(in.Stops)+1)
	}
	for i, l := range in.Legs {
		if l.Meters < 0 || l.Duration < 0 {
			return Calculation{}, fmt.Errorf("trip: leg %d is negative", i)
		}
	}
	c.Legs = append([]Leg(nil), in.Legs...)

	at := in.Departure
	dayEnds := in.Departure.Add(DayPlan)
	for i, s := range in.Stops {
		leg := in.Legs[i]
		c.Meters += leg.Meters
		c.Driving += leg.Duration
		at = at.Add(leg.Duration)
		visit := s.Visit.Round(time.Minute)
		timing := StopTiming{Arrive: at, Leave: at.Add(visit)}
		timing.Problem, timing.Closes = s.Hours.check(timing.Arrive, timing.Leave)
		if timing.Leave.After(dayEnds) && c.SecondDayFrom < 0 {
			c.SecondDayFrom = i
		}
		c.Stops = append(c.Stops, timing)
		c.WaitingMinutes += int64(visit / time.Minute)
		at = timing.Leave
	}
	last := in.Legs[len(in.Stops)]
	c.Meters += last.Meters
	c.Driving += last.Duration
	c.Finish = at.Add(last.Duration)
	c.Fit = FitOneDay(c, in.Departure)
	c.MoreThanOneDay = c.Fit.LongerThanDayPlan

	for _, p := range in.RatePlans {
		if err := ValidateRatePlan(p); err != nil {
			c.InvalidRatePlans = append(c.InvalidRatePlans, p.ID)
			continue
		}
		rc := RateCalculation{
			Plan:         p,
			DistanceCost: p.PricePerKm.MulRat(c.Tenths(), 10),
			WaitingCost:  p.WaitingPerHour.MulRat(c.WaitingMinutes, 60),
		}
		rc.Total = rc.DistanceCost.Add(rc.WaitingCost)
		for _, r := range in.DisplayRates {
			conv, err := money.Convert(rc.Total, r)
			if err != nil {
				return Calculation{}, fmt.Errorf("trip: display rate: %w", err)
			}
			rc.Converted = append(rc.Converted, conv)
		}
		c.Rates = append(c.Rates, rc)
	}

	if len(c.Rates) == 0 {
		c.Warnings = append(c.Warnings, WarnNoRatePlans)
	}
	if len(c.InvalidRatePlans) > 0 {
		c.Warnings = append(c.Warnings, WarnInvalidRateData)
	}
	if c.MoreThanOneDay {
		c.Warnings = append(c.Warnings, WarnMoreThanOneDay)
	}
	if c.Fit.StopsClosed {
		c.Warnings = append(c.Warnings, WarnStopClosed)
	}
	if c.Fit.PastMidnight {
		c.Warnings = append(c.Warnings, WarnPastMidnight)
	}
	return c, nil
}
